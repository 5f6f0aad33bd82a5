//! The training curve as a PNG (plotters, bitmap backend, egui's bundled Ubuntu font): the
//! policy and d-win losses (left axis) and the held-out top-1 / top-3 accuracy (right axis)
//! after each epoch.

use std::path::Path;
use std::sync::Once;

use anyhow::anyhow;
use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};

use super::train::CurvePoint;

static FONT: Once = Once::new();

fn register() {
    FONT.call_once(|| {
        // The font is a valid TrueType file compiled into egui; registration cannot fail on it.
        let _ = register_font(
            "sans-serif",
            FontStyle::Normal,
            epaint_default_fonts::UBUNTU_LIGHT,
        );
    });
}

/// One line of the curve: its name, colour, value and whether it is read on the accuracy axis.
type Series = (&'static str, RGBColor, fn(&CurvePoint) -> f64, bool);

/// Draws `curve` into a PNG at `path`.
pub fn draw(curve: &[CurvePoint], path: &Path) -> anyhow::Result<()> {
    register();
    let plot_err = |e: &dyn std::fmt::Display| anyhow!("{}: training curve: {e}", path.display());
    let root = BitMapBackend::new(path, (900, 500)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| plot_err(&e))?;
    let last_step = curve.last().map_or(1, |c| c.step.max(1));
    let max_loss = curve
        .iter()
        .map(|c| c.policy_loss.max(c.dwin_loss))
        .fold(0.1f64, f64::max)
        * 1.1;
    let mut chart = ChartBuilder::on(&root)
        .caption("Training: losses and held-out accuracy", ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .right_y_label_area_size(50)
        .build_cartesian_2d(0u64..last_step, 0f64..max_loss)
        .map_err(|e| plot_err(&e))?
        .set_secondary_coord(0u64..last_step, 0f64..1f64);
    chart
        .configure_mesh()
        .x_desc("training step")
        .y_desc("loss")
        .draw()
        .map_err(|e| plot_err(&e))?;
    chart
        .configure_secondary_axes()
        .y_desc("held-out accuracy")
        .draw()
        .map_err(|e| plot_err(&e))?;
    let series: [Series; 4] = [
        (
            "policy loss",
            RGBColor(31, 119, 180),
            |c| c.policy_loss,
            false,
        ),
        ("d-win loss", RGBColor(255, 127, 14), |c| c.dwin_loss, false),
        ("top-1", RGBColor(44, 160, 44), |c| c.held_out.top1, true),
        ("top-3", RGBColor(214, 39, 40), |c| c.held_out.top3, true),
    ];
    for (name, color, value, secondary) in series {
        let points: Vec<(u64, f64)> = curve.iter().map(|c| (c.step, value(c))).collect();
        let style = ShapeStyle::from(&color).stroke_width(2);
        let marks: Vec<Circle<(u64, f64), i32>> = points
            .iter()
            .map(|&p| Circle::new(p, 3, style.filled()))
            .collect();
        let drawn = if secondary {
            chart
                .draw_secondary_series(marks)
                .map_err(|e| plot_err(&e))?;
            chart.draw_secondary_series(LineSeries::new(points, style))
        } else {
            chart.draw_series(marks).map_err(|e| plot_err(&e))?;
            chart.draw_series(LineSeries::new(points, style))
        }
        .map_err(|e| plot_err(&e))?;
        drawn
            .label(name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color));
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .label_font(("sans-serif", 14))
        // Lower right, above the d-win loss: the band the falling losses and rising
        // accuracies leave free (the upper right is where top-3 ends).
        .position(SeriesLabelPosition::Coordinate(640, 270))
        .draw()
        .map_err(|e| plot_err(&e))?;
    root.present().map_err(|e| plot_err(&e))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nn::dataset::Metrics;

    #[test]
    fn a_curve_is_drawn_as_a_png() {
        let dir = std::env::temp_dir().join(format!("tsumego-curve-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("curve.png");
        let curve: Vec<CurvePoint> = (1..=3)
            .map(|i| CurvePoint {
                step: i * 100,
                policy_loss: 3.0 / i as f64,
                dwin_loss: 0.6 / i as f64,
                held_out: Metrics {
                    top1: 0.2 * i as f64,
                    top3: 0.3 * i as f64,
                    ..Metrics::default()
                },
                samples_per_second: 100.0,
            })
            .collect();
        draw(&curve, &path).expect("drawn");
        let bytes = std::fs::read(&path).expect("written");
        assert!(bytes.starts_with(b"\x89PNG"), "a PNG");
        std::fs::remove_dir_all(&dir).ok();
    }
}
