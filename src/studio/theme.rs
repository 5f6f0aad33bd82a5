//! Light and dark themes: egui's visuals and the board's colours.

use egui::Color32;

/// The theme setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ThemeChoice {
    Light,
    Dark,
}

impl ThemeChoice {
    pub fn label(self) -> &'static str {
        match self {
            ThemeChoice::Light => "Light",
            ThemeChoice::Dark => "Dark",
        }
    }

    pub fn egui(self) -> egui::Theme {
        match self {
            ThemeChoice::Light => egui::Theme::Light,
            ThemeChoice::Dark => egui::Theme::Dark,
        }
    }

    /// Switch egui to this theme (a fixed preference, not the system's) unless it is on already.
    pub fn apply(self, ctx: &egui::Context) {
        if ctx.theme() != self.egui() {
            ctx.set_theme(self.egui());
        }
    }

    pub fn palette(self) -> Palette {
        match self {
            ThemeChoice::Light => Palette::light(),
            ThemeChoice::Dark => Palette::dark(),
        }
    }
}

/// The board's colours.
#[derive(Clone, Debug, PartialEq)]
pub struct Palette {
    pub wood: Color32,
    pub line: Color32,
    pub coords: Color32,
    pub outside: Color32,
    pub black: Color32,
    pub black_rim: Color32,
    pub black_shine: Color32,
    pub white: Color32,
    pub white_rim: Color32,
    pub white_shine: Color32,
    pub crucial: Color32,
    pub zone: Color32,
    /// The zone of a seki leaf (drawn instead of `zone`, so that seki reads apart from
    /// unconditional life).
    pub seki_zone: Color32,
    /// The outline of an area the seki database recognises.
    pub seki_area: Color32,
    pub proven: Color32,
    pub must_play: Color32,
    pub null_move: Color32,
    pub hover: Color32,
}

impl Palette {
    pub fn light() -> Palette {
        Palette {
            wood: Color32::from_rgb(220, 179, 92),
            line: Color32::from_rgb(60, 42, 20),
            coords: Color32::from_rgb(70, 60, 50),
            outside: Color32::from_rgba_unmultiplied(60, 50, 40, 110),
            black: Color32::from_rgb(25, 25, 28),
            black_rim: Color32::from_rgb(0, 0, 0),
            black_shine: Color32::from_rgba_unmultiplied(255, 255, 255, 40),
            white: Color32::from_rgb(246, 246, 240),
            white_rim: Color32::from_rgb(90, 90, 90),
            white_shine: Color32::from_rgba_unmultiplied(255, 255, 255, 160),
            crucial: Color32::from_rgb(220, 30, 30),
            // Blue must beat the wood's yellow to read blue (a weaker tint turns grey).
            zone: Color32::from_rgba_unmultiplied(0, 90, 255, 115),
            seki_zone: Color32::from_rgba_unmultiplied(150, 60, 200, 110),
            seki_area: Color32::from_rgb(130, 30, 190),
            proven: Color32::from_rgba_unmultiplied(40, 180, 110, 70),
            must_play: Color32::from_rgb(235, 90, 0),
            null_move: Color32::from_rgb(150, 0, 170),
            hover: Color32::from_rgba_unmultiplied(0, 0, 0, 120),
        }
    }

    pub fn dark() -> Palette {
        Palette {
            // A lit wooden board on the dark window (as Sabaki's dark theme): black stones
            // must read against it.
            wood: Color32::from_rgb(172, 132, 72),
            line: Color32::from_rgb(40, 27, 10),
            coords: Color32::from_rgb(200, 190, 170),
            outside: Color32::from_rgba_unmultiplied(0, 0, 0, 120),
            black: Color32::from_rgb(15, 15, 18),
            black_rim: Color32::from_rgb(0, 0, 0),
            black_shine: Color32::from_rgba_unmultiplied(255, 255, 255, 35),
            white: Color32::from_rgb(225, 225, 218),
            white_rim: Color32::from_rgb(40, 40, 40),
            white_shine: Color32::from_rgba_unmultiplied(255, 255, 255, 120),
            crucial: Color32::from_rgb(255, 70, 70),
            zone: Color32::from_rgba_unmultiplied(30, 120, 255, 115),
            seki_zone: Color32::from_rgba_unmultiplied(190, 100, 255, 110),
            seki_area: Color32::from_rgb(200, 120, 255),
            proven: Color32::from_rgba_unmultiplied(60, 220, 140, 70),
            must_play: Color32::from_rgb(255, 140, 30),
            null_move: Color32::from_rgb(220, 90, 255),
            hover: Color32::from_rgba_unmultiplied(255, 255, 255, 140),
        }
    }
}
