//! Painting a [`Scene`] with egui, and turning pointer input into board points.

use super::scene::{AreaTint, SafetyOverlay, Scene, Window};
use super::theme::Palette;
use crate::go::point::column_letter;
use crate::go::{Color, Point, Zone};
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Shape, Stroke, StrokeKind, Vec2};

/// What the pointer did on the board this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardInput {
    /// The point under the pointer.
    pub hover: Option<Point>,
    /// A click (press and release without dragging) on a point.
    pub clicked: Option<Point>,
    /// A drag started at this point this frame.
    pub drag_started: Option<Point>,
    /// The drag is over this point (every frame of a drag).
    pub dragged: Option<Point>,
    /// The drag ended this frame.
    pub drag_stopped: bool,
}

/// The geometry of the board on screen.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub rect: Rect,
    pub window: Window,
    pub cell: f32,
    /// Screen position of the window's top-left intersection.
    pub origin: Pos2,
}

impl Layout {
    /// Fit `window` (with a margin of one cell for coordinates) into `rect`.
    pub fn fit(rect: Rect, window: Window) -> Layout {
        let cols = window.columns() as f32 + 1.0;
        let rows = window.rows() as f32 + 1.0;
        let cell = (rect.width() / cols).min(rect.height() / rows).max(4.0);
        let used = Vec2::new(cell * cols, cell * rows);
        let top_left = rect.center() - used / 2.0;
        Layout {
            rect: Rect::from_min_size(top_left, used),
            window,
            cell,
            origin: top_left + Vec2::splat(cell),
        }
    }

    pub fn center(&self, p: Point) -> Pos2 {
        self.origin
            + Vec2::new(
                (p.x() - self.window.x0) as f32 * self.cell,
                (p.y() - self.window.y0) as f32 * self.cell,
            )
    }

    /// The point nearest to `pos`, if `pos` is within half a cell of it.
    pub fn point_at(&self, pos: Pos2) -> Option<Point> {
        let rel = (pos - self.origin) / self.cell;
        let (x, y) = (rel.x.round(), rel.y.round());
        if x < 0.0 || y < 0.0 {
            return None;
        }
        let p = Point::try_new(self.window.x0 + x as usize, self.window.y0 + y as usize)?;
        self.window.contains(p).then_some(p)
    }

    fn cell_rect(&self, p: Point) -> Rect {
        Rect::from_center_size(self.center(p), Vec2::splat(self.cell))
    }
}

/// Paint `scene` into the space `ui` has left (square cells, centred) and report pointer input.
pub fn show(ui: &mut egui::Ui, scene: &Scene, palette: &Palette) -> (BoardInput, Layout) {
    let size = ui.available_size();
    let (response, painter) = ui.allocate_painter(size, Sense::click_and_drag());
    let layout = Layout::fit(response.rect, scene.window);
    paint(&painter, scene, &layout, palette);

    let pos = response.interact_pointer_pos().or(response.hover_pos());
    let at = pos.and_then(|p| layout.point_at(p));
    let input = BoardInput {
        hover: response.hover_pos().and_then(|p| layout.point_at(p)),
        clicked: if response.clicked() { at } else { None },
        // Where the press began, not where the pointer was when it moved far enough to count
        // as a drag: a rectangle starts under the press.
        drag_started: if response.drag_started() {
            ui.input(|i| i.pointer.press_origin())
                .and_then(|p| layout.point_at(p))
                .or(at)
        } else {
            None
        },
        dragged: if response.dragged() { at } else { None },
        drag_stopped: response.drag_stopped(),
    };
    if let Some(p) = input.hover {
        let r = layout.cell_rect(p).shrink(layout.cell * 0.05);
        painter.rect_stroke(r, 2.0, Stroke::new(1.5, palette.hover), StrokeKind::Inside);
    }
    (input, layout)
}

/// Paint the whole scene.
pub fn paint(painter: &egui::Painter, scene: &Scene, layout: &Layout, palette: &Palette) {
    let w = scene.window;
    let size = scene.board.size();
    let cell = layout.cell;
    let board_rect = Rect::from_min_max(
        layout.center(Point::new(w.x0, w.y0)) - Vec2::splat(cell * 0.5),
        layout.center(Point::new(w.x1, w.y1)) + Vec2::splat(cell * 0.5),
    );
    painter.rect_filled(board_rect, 3.0, palette.wood);

    // Dimmed outside the region, drawn under the lines.
    if let Some(region) = &scene.region {
        let outside: Zone = window_points(&w).filter(|&p| !region.contains(p)).collect();
        fill_zone(painter, layout, &outside, palette.outside);
    }
    if let Some(z) = &scene.proven {
        fill_zone(painter, layout, z, palette.proven);
    }
    if let Some(z) = &scene.zone {
        let color = if scene.zone_is_seki {
            palette.seki_zone
        } else {
            palette.zone
        };
        fill_zone(painter, layout, z, color);
    }
    if let Some(safety) = &scene.safety {
        for (area, tint) in &safety.areas {
            fill_zone(painter, layout, area, tint_color(*tint));
        }
    }

    // Grid: lines run to the board's edge, or half a cell past a cropped side.
    let line = Stroke::new((cell * 0.035).clamp(0.6, 1.5), palette.line);
    let ext = |at_edge: bool| if at_edge { 0.0 } else { cell * 0.5 };
    for x in w.x0..=w.x1 {
        let top = layout.center(Point::new(x, w.y0)) - Vec2::new(0.0, ext(w.y0 == 0));
        let bottom = layout.center(Point::new(x, w.y1)) + Vec2::new(0.0, ext(w.y1 == size - 1));
        painter.line_segment([top, bottom], line);
    }
    for y in w.y0..=w.y1 {
        let left = layout.center(Point::new(w.x0, y)) - Vec2::new(ext(w.x0 == 0), 0.0);
        let right = layout.center(Point::new(w.x1, y)) + Vec2::new(ext(w.x1 == size - 1), 0.0);
        painter.line_segment([left, right], line);
    }
    for p in star_points(size) {
        if w.contains(p) {
            painter.circle_filled(layout.center(p), cell * 0.09, palette.line);
        }
    }
    paint_heat(painter, scene, layout);

    if scene.coordinates {
        let font = FontId::proportional((cell * 0.38).clamp(8.0, 16.0));
        for x in w.x0..=w.x1 {
            let c = layout.center(Point::new(x, w.y0)) - Vec2::new(0.0, cell * 0.85);
            painter.text(
                c,
                Align2::CENTER_CENTER,
                column_letter(x),
                font.clone(),
                palette.coords,
            );
        }
        for y in w.y0..=w.y1 {
            let c = layout.center(Point::new(w.x0, y)) - Vec2::new(cell * 0.85, 0.0);
            painter.text(
                c,
                Align2::CENTER_CENTER,
                (size - y).to_string(),
                font.clone(),
                palette.coords,
            );
        }
    }

    // Stones.
    for p in window_points(&w) {
        if let Some(c) = scene.board.color_at(p) {
            stone(painter, layout.center(p), cell, c, palette, 1.0);
        }
    }
    if let Some(safety) = &scene.safety {
        paint_safety(painter, safety, layout);
    }
    for p in scene.crucial.iter() {
        if w.contains(p) && scene.board.color_at(p).is_some() {
            triangle(painter, layout.center(p), cell * 0.24, palette.crucial);
        }
    }
    if let Some(z) = &scene.must_play {
        outline_zone(
            painter,
            layout,
            z,
            Stroke::new((cell * 0.08).clamp(1.5, 3.0), palette.must_play),
        );
    }
    for area in &scene.seki_areas {
        outline_zone(
            painter,
            layout,
            area,
            Stroke::new((cell * 0.06).clamp(1.5, 2.5), palette.seki_area),
        );
    }
    for &p in &scene.null_moves {
        if w.contains(p) {
            let c = layout.center(p);
            let r = cell * 0.2;
            painter.circle_stroke(c, r, Stroke::new(2.0, palette.null_move));
            painter.line_segment(
                [c + Vec2::new(-r, r), c + Vec2::new(r, -r)],
                Stroke::new(2.0, palette.null_move),
            );
        }
    }
    let mark_font = FontId::proportional((cell * 0.5).clamp(8.0, 40.0));
    for m in &scene.marks {
        if w.contains(m.point) && scene.board.is_empty(m.point) {
            let [r, g, b] = m.rgb;
            painter.text(
                layout.center(m.point),
                Align2::CENTER_CENTER,
                m.text,
                mark_font.clone(),
                Color32::from_rgb(r, g, b),
            );
        }
    }
    let number_font = FontId::proportional((cell * 0.42).clamp(7.0, 18.0));
    for n in &scene.numbered {
        if !w.contains(n.point) {
            continue;
        }
        let c = layout.center(n.point);
        if n.ghost {
            stone(painter, c, cell, n.color, palette, 0.55);
        }
        let text_color = match n.color {
            Color::Black => Color32::WHITE,
            Color::White => Color32::BLACK,
        };
        painter.text(
            c,
            Align2::CENTER_CENTER,
            n.number.to_string(),
            number_font.clone(),
            text_color,
        );
    }
    if let Some(p) = scene.last_move {
        if w.contains(p) && !scene.numbered.iter().any(|n| n.point == p) {
            let color = match scene.board.color_at(p) {
                Some(Color::Black) => Color32::WHITE,
                _ => Color32::BLACK,
            };
            painter.circle_stroke(layout.center(p), cell * 0.22, Stroke::new(1.5, color));
        }
    }
}

/// The colour of a safe stone's mark (a dot when safe without search, a ring when proven by
/// search).
pub const SAFE_MARK: Color32 = Color32::from_rgb(0, 185, 80);
/// The colour of a gap point's mark.
pub const GAP_MARK: Color32 = Color32::from_rgb(150, 0, 170);

/// The faint tint of a search area's interior by what its search found.
pub fn tint_color(tint: AreaTint) -> Color32 {
    // Each must beat the wood's yellow to keep its hue (a weak grey or blue turns brown);
    // unknown whitens the wood instead.
    let (r, g, b, a) = match tint {
        AreaTint::Safe => (30, 200, 80, 105),
        AreaTint::ToAnswer => (255, 140, 0, 150),
        AreaTint::Unsafe => (220, 0, 30, 160),
        AreaTint::Unknown => (255, 255, 255, 115),
        AreaTint::Computing => (20, 90, 255, 140),
    };
    Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// Whole-board safety over the stones: safe territory as small squares in its owner's colour
/// (also over the dead stones inside it), a dot on each stone safe without search, a ring
/// round each stone proven safe by search, a small diamond on each gap point.
fn paint_safety(painter: &egui::Painter, safety: &SafetyOverlay, layout: &Layout) {
    let cell = layout.cell;
    let in_view = |p: Point| layout.window.contains(p);
    let (black, white) = &safety.territory;
    for (zone, fill, rim) in [
        (
            black,
            Color32::from_rgb(20, 20, 22),
            Color32::from_rgb(235, 235, 230),
        ),
        (
            white,
            Color32::from_rgb(248, 248, 244),
            Color32::from_rgb(30, 30, 30),
        ),
    ] {
        for p in zone.iter().filter(|&p| in_view(p)) {
            let r = Rect::from_center_size(layout.center(p), Vec2::splat(cell * 0.3));
            painter.rect(r, 1.0, fill, Stroke::new(1.0, rim), StrokeKind::Outside);
        }
    }
    for p in safety.static_stones.iter().filter(|&p| in_view(p)) {
        painter.circle_filled(layout.center(p), cell * 0.14, SAFE_MARK);
    }
    let ring = Stroke::new((cell * 0.08).clamp(1.5, 3.5), SAFE_MARK);
    for p in safety.proven_stones.iter().filter(|&p| in_view(p)) {
        painter.circle_stroke(layout.center(p), cell * 0.3, ring);
    }
    let r = cell * 0.16;
    for p in safety.gaps.iter().filter(|&p| in_view(p)) {
        let c = layout.center(p);
        let pts = vec![
            c + Vec2::new(0.0, -r),
            c + Vec2::new(r, 0.0),
            c + Vec2::new(0.0, r),
            c + Vec2::new(-r, 0.0),
        ];
        painter.add(Shape::convex_polygon(pts, GAP_MARK, Stroke::NONE));
    }
}

/// The net's policy: a disc on each empty point the net gives at least half a percent, shaded
/// by its prior relative to the largest ([`heat_color`]), with the prior in percent. Over the
/// grid (the discs are translucent), under stones, marks and ghost stones; where a first-move
/// mark, a null move or a number of the line is drawn the disc is only a ring, without its
/// figure, so neither hides the other.
fn paint_heat(painter: &egui::Painter, scene: &Scene, layout: &Layout) {
    let top = scene.heat.iter().map(|&(_, v)| v).fold(0.0f32, f32::max);
    if top <= 0.0 {
        return;
    }
    let cell = layout.cell;
    let font = FontId::proportional((cell * 0.34).clamp(7.0, 16.0));
    for &(p, value) in &scene.heat {
        let percent = (value * 100.0).round();
        if percent < 1.0 || !layout.window.contains(p) || !scene.board.is_empty(p) {
            continue;
        }
        let share = value / top;
        let c = layout.center(p);
        let color = heat_color(share);
        let marked = scene.marks.iter().any(|m| m.point == p)
            || scene.numbered.iter().any(|n| n.point == p)
            || scene.null_moves.contains(&p);
        if marked {
            let width = (cell * 0.08).clamp(1.5, 4.0);
            painter.circle_stroke(c, cell * 0.42, Stroke::new(width, color));
            continue;
        }
        painter.circle_filled(c, cell * 0.42, color);
        painter.text(
            c,
            Align2::CENTER_CENTER,
            format!("{percent:.0}"),
            font.clone(),
            heat_text_color(share),
        );
    }
}

/// The colour of a heat-map disc for `share`, a prior divided by the largest prior shown (0..=1):
/// from a light yellow through orange to an opaque deep red (the net's favourite). Opacity grows
/// with the square root from a floor that still shows on the wood, so every disc drawn (each
/// with its figure) stands out from the bare board and the line's numbers.
pub fn heat_color(share: f32) -> Color32 {
    let s = if share.is_nan() {
        0.0
    } else {
        share.clamp(0.0, 1.0)
    };
    let mix = |from: f32, to: f32| (from + (to - from) * s).round() as u8;
    let alpha = (110.0 + 135.0 * s.sqrt()).round() as u8;
    Color32::from_rgba_unmultiplied(mix(255.0, 200.0), mix(225.0, 20.0), mix(90.0, 30.0), alpha)
}

/// The percent figure's colour on a disc of [`heat_color`]`(share)`: dark on the light discs,
/// white on the dark ones.
pub fn heat_text_color(share: f32) -> Color32 {
    if share >= 0.45 {
        Color32::WHITE
    } else {
        Color32::from_rgb(60, 30, 10)
    }
}

fn window_points(w: &Window) -> impl Iterator<Item = Point> {
    let w = *w;
    (w.y0..=w.y1).flat_map(move |y| (w.x0..=w.x1).map(move |x| Point::new(x, y)))
}

/// Fill the cells of `zone` as one mesh: adjacent cells tile without the seams that separately
/// anti-aliased translucent rectangles leave between them.
fn fill_zone(painter: &egui::Painter, layout: &Layout, zone: &Zone, color: Color32) {
    let mut mesh = egui::Mesh::default();
    for p in zone.iter() {
        if layout.window.contains(p) {
            mesh.add_colored_rect(layout.cell_rect(p), color);
        }
    }
    painter.add(Shape::mesh(mesh));
}

/// The outline of a set of points: the sides of its cells that face a point outside it.
fn outline_zone(painter: &egui::Painter, layout: &Layout, zone: &Zone, stroke: Stroke) {
    let inset = layout.cell * 0.06;
    for p in zone.iter() {
        if !layout.window.contains(p) {
            continue;
        }
        let r = layout.cell_rect(p).shrink(inset);
        let has = |dx: isize, dy: isize| {
            let x = p.x().checked_add_signed(dx);
            let y = p.y().checked_add_signed(dy);
            match (x, y) {
                (Some(x), Some(y)) => Point::try_new(x, y).is_some_and(|q| zone.contains(q)),
                _ => false,
            }
        };
        if !has(0, -1) {
            painter.line_segment([r.left_top(), r.right_top()], stroke);
        }
        if !has(0, 1) {
            painter.line_segment([r.left_bottom(), r.right_bottom()], stroke);
        }
        if !has(-1, 0) {
            painter.line_segment([r.left_top(), r.left_bottom()], stroke);
        }
        if !has(1, 0) {
            painter.line_segment([r.right_top(), r.right_bottom()], stroke);
        }
    }
}

fn stone(painter: &egui::Painter, c: Pos2, cell: f32, color: Color, palette: &Palette, alpha: f32) {
    let r = cell * 0.47;
    let (fill, rim, shine) = match color {
        Color::Black => (palette.black, palette.black_rim, palette.black_shine),
        Color::White => (palette.white, palette.white_rim, palette.white_shine),
    };
    let fade = |c: Color32| c.gamma_multiply(alpha);
    painter.circle(c, r, fade(fill), Stroke::new(1.0, fade(rim)));
    painter.circle_filled(c + Vec2::new(-r * 0.32, -r * 0.32), r * 0.28, fade(shine));
}

fn triangle(painter: &egui::Painter, c: Pos2, r: f32, color: Color32) {
    let pts = vec![
        c + Vec2::new(0.0, -r),
        c + Vec2::new(r * 0.87, r * 0.5),
        c + Vec2::new(-r * 0.87, r * 0.5),
    ];
    painter.add(Shape::closed_line(pts, Stroke::new(2.0, color)));
}

/// The star points (hoshi) of a board of side `size`.
pub fn star_points(size: usize) -> Vec<Point> {
    let lines: Vec<usize> = match size {
        19 => vec![3, 9, 15],
        13 => vec![3, 6, 9],
        9 => vec![2, 4, 6],
        s if s >= 15 && s % 2 == 1 => vec![3, s / 2, s - 4],
        s if s >= 7 && s % 2 == 1 => vec![s / 2],
        _ => vec![],
    };
    let mut out = Vec::new();
    for &y in &lines {
        for &x in &lines {
            if size != 9 || (x == y || x + y == 8) {
                out.push(Point::new(x, y));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_points_of_the_usual_boards() {
        assert_eq!(star_points(19).len(), 9);
        assert_eq!(star_points(13).len(), 9);
        assert_eq!(star_points(9).len(), 5);
        assert_eq!(star_points(7), vec![Point::new(3, 3)]);
        assert!(star_points(5).is_empty());
    }

    #[test]
    fn heat_runs_from_faint_yellow_to_opaque_red() {
        let low = heat_color(0.0);
        let high = heat_color(1.0);
        assert!(low.a() >= 100 && low.a() < 128, "{low:?}");
        assert_eq!(high.a(), 245);
        let [r, g, b, _] = high.to_srgba_unmultiplied();
        assert!(r > 150 && g < 40 && b < 40, "{high:?}");
        // Stronger and redder as the share grows; out-of-range and NaN shares are clamped.
        let shares = [0.0, 0.05, 0.1, 0.25, 0.5, 0.75, 1.0];
        for pair in shares.windows(2) {
            let (a, b) = (heat_color(pair[0]), heat_color(pair[1]));
            assert!(a.a() < b.a(), "{pair:?}");
            let (ga, gb) = (a.to_srgba_unmultiplied()[1], b.to_srgba_unmultiplied()[1]);
            assert!(ga > gb, "{pair:?}");
        }
        assert_eq!(heat_color(-1.0), low);
        assert_eq!(heat_color(f32::NAN), low);
        assert_eq!(heat_color(7.0), high);
        // A tenth of the favourite still shows well.
        assert!(heat_color(0.1).a() >= 150);
        assert_eq!(heat_text_color(1.0), Color32::WHITE);
        assert_ne!(heat_text_color(0.1), Color32::WHITE);
    }

    #[test]
    fn each_area_tint_keeps_its_hue_over_the_wood() {
        use super::super::chrome::on_wood;
        for palette in [
            super::super::theme::Palette::light(),
            super::super::theme::Palette::dark(),
        ] {
            let seen = |t: AreaTint| {
                let c = on_wood(palette.wood, tint_color(t));
                (i32::from(c.r()), i32::from(c.g()), i32::from(c.b()))
            };
            let (r, g, b) = seen(AreaTint::Safe);
            assert!(g > r && g > b, "safe {:?}", (r, g, b));
            let (r, g, b) = seen(AreaTint::Unsafe);
            assert!(r > g + 60 && r > b + 60, "unsafe {:?}", (r, g, b));
            let (r, g, b) = seen(AreaTint::ToAnswer);
            assert!(r > g + 30 && g > b, "to answer {:?}", (r, g, b));
            let (r, g, b) = seen(AreaTint::Computing);
            assert!(b > r && b > g, "computing {:?}", (r, g, b));
            // Unknown is the wood lightened: every channel above the wood's.
            let (r, g, b) = seen(AreaTint::Unknown);
            let w = palette.wood;
            assert!(r > i32::from(w.r()) && g > i32::from(w.g()) && b > i32::from(w.b()));
        }
    }

    #[test]
    fn points_round_trip_through_the_layout() {
        let window = Window {
            x0: 10,
            y0: 12,
            x1: 18,
            y1: 18,
        };
        let layout = Layout::fit(
            Rect::from_min_size(Pos2::ZERO, Vec2::new(500.0, 400.0)),
            window,
        );
        for p in [Point::new(10, 12), Point::new(18, 18), Point::new(14, 15)] {
            assert_eq!(layout.point_at(layout.center(p)), Some(p));
            let near = layout.center(p) + Vec2::splat(layout.cell * 0.3);
            assert_eq!(layout.point_at(near), Some(p));
        }
        let outside = layout.center(Point::new(10, 12)) - Vec2::splat(layout.cell);
        assert_eq!(layout.point_at(outside), None);
    }
}
