//! Fonts: egui's own text font, with its bundled symbol and emoji fonts as fallbacks, so that the
//! studio's symbols (▶ ■ ● △ ⊘ → …) show on any machine, with or without system fonts.

use egui::epaint::text::{FontInsert, FontPriority, InsertFontFamily};
use egui::{FontData, FontFamily};

/// Add the fallback fonts to both families.
pub fn install(ctx: &egui::Context) {
    let fonts: [(&str, &'static [u8]); 3] = [
        ("studio-hack", epaint_default_fonts::HACK_REGULAR),
        (
            "studio-noto-emoji",
            epaint_default_fonts::NOTO_EMOJI_REGULAR,
        ),
        ("studio-emoji-icons", epaint_default_fonts::EMOJI_ICON),
    ];
    for (name, bytes) in fonts {
        ctx.add_font(FontInsert::new(
            name,
            FontData::from_static(bytes),
            vec![
                InsertFontFamily {
                    family: FontFamily::Proportional,
                    priority: FontPriority::Lowest,
                },
                InsertFontFamily {
                    family: FontFamily::Monospace,
                    priority: FontPriority::Lowest,
                },
            ],
        ));
    }
}
