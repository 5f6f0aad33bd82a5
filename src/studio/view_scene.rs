//! The scene the board shows in each mode, with the overlay toggles applied.

use super::doc_state::DocState;
use super::edit::{rect_points, region_of};
use super::explore_panel::explore_scene;
use super::jobs::Jobs;
use super::live_view::live_marks;
use super::net::Net;
use super::net_panel::{heat, shown_position};
use super::scene::{Scene, Window};
use super::settings::Settings;
use super::view_state::{Mode, ViewState};
use crate::go::{Board, Color, Move, Zone};
use crate::solver::knowledge::seki_leaf::known_seki;
use crate::solver::{LeafKind, Role};

/// The region as the board shows it: the validated problem's, else the setup's as drawn.
pub fn shown_region(doc: &DocState) -> Zone {
    match doc.problem.problem() {
        Ok(p) => p.region(),
        Err(_) => region_of(doc.problem.setup()),
    }
}

/// The board as it should look now.
pub fn scene(
    settings: &Settings,
    doc: &DocState,
    jobs: &Jobs,
    view: &ViewState,
    net: &Net,
) -> Scene {
    let o = &settings.overlays;
    let setup = doc.problem.setup();
    let problem = doc.problem.problem().ok();
    let base = match problem {
        Some(p) => p.board().clone(),
        None => setup_board(setup),
    };
    let mut scene = Scene::plain(base);
    let region = shown_region(doc);
    if o.region && region.len() < setup.size * setup.size {
        scene.region = Some(region);
    }
    if o.crucial {
        scene.crucial = problem.map(|p| p.crucial()).unwrap_or(setup.crucial);
    }
    scene.coordinates = o.coordinates;
    // The crop is fixed when the problem opens (or crop is switched on), so the view holds
    // still while the region is painted.
    scene.window = match view.crop_window {
        Some((window, size)) if settings.crop && size == setup.size => window,
        _ if settings.crop => crop_around(&region, setup.size),
        _ => Window::full(setup.size),
    };

    if let (Mode::Edit, Some(job), Some(_)) = (view.mode, &jobs.all_moves, problem) {
        if job.revision == doc.problem.revision() {
            let defends = doc.first_mover_defends();
            for j in &job.moves {
                if let crate::go::Move::Play(point) = j.mv {
                    let (text, c) = super::all_moves::mark(j.result, defends);
                    scene.marks.push(super::scene::PointMark {
                        point,
                        text,
                        rgb: [c.r(), c.g(), c.b()],
                    });
                }
            }
        }
    }
    match view.mode {
        Mode::Edit => {
            if jobs.live.is_running() {
                live_marks(&jobs.live, &mut scene);
                if o.line {
                    scene.ghost_line(&jobs.live.line());
                }
                if o.must_play {
                    scene.must_play = jobs.live.progress.as_ref().and_then(|p| p.must_play);
                }
                if o.zone {
                    scene.proven = jobs.live.proven_zone();
                }
            } else if let Some(d) = view.drag.filter(|d| d.tool.is_rect()) {
                scene.must_play = Some(rect_points(d.start, d.current));
            } else if o.line && problem.is_some() {
                // A problem reached by moves (a 7x7 kill-all opening): their order.
                let opening: Vec<_> = setup.moves.iter().map(|m| (m.color, m.mv)).collect();
                scene.number_played(&opening);
            }
        }
        Mode::Proof => proof_scene(settings, doc, jobs, view, &mut scene),
        Mode::Explore => explore_scene(settings, doc, view, &mut scene),
        Mode::Refute => {
            if let Some(r) = &view.replay {
                scene.board = r.board().clone();
                scene.crucial = scene.crucial.intersection(
                    &r.board().stones(
                        jobs.finished
                            .as_ref()
                            .map(|f| f.proof_claim().defender())
                            .unwrap_or(crate::go::Color::Black),
                    ),
                );
                if o.line {
                    scene.number_played(r.moves());
                }
                let node = r.node();
                if o.zone {
                    scene.zone = Some(node.zone);
                }
                if o.must_play && node.role == Role::And {
                    scene.must_play = Some(node.must_play);
                }
            }
        }
    }
    if o.seki {
        let rules = problem.map(|p| (p.defender(), p.region()));
        scene.seki_areas = seki_areas(&scene.board, rules);
    }
    let position = shown_position(doc, jobs, view);
    scene.heat = heat(settings, net, position.as_ref());
    scene
}

fn proof_scene(
    settings: &Settings,
    doc: &DocState,
    jobs: &Jobs,
    view: &ViewState,
    scene: &mut Scene,
) {
    let o = &settings.overlays;
    let (Some(f), Some(tree)) = (&jobs.finished, jobs.proof(doc.problem.revision())) else {
        return;
    };
    let node = view.cursor.node(tree);
    scene.board = view.cursor.board(f.proof_claim(), tree);
    scene.crucial = scene
        .crucial
        .intersection(&scene.board.stones(f.proof_claim().defender()));
    if o.line {
        scene.number_played(&view.cursor.line(tree));
    }
    if o.zone {
        scene.zone = Some(node.zone);
        scene.zone_is_seki = matches!(node.role, Role::Leaf(LeafKind::Seki | LeafKind::SekiArea));
        // The smaller proof's root: what it no longer needs of the solved proof's zone.
        scene.proven = jobs.dropped_zone(view.cursor.path().is_empty());
    }
    if o.must_play && node.role == Role::And {
        scene.must_play = Some(node.must_play);
    }
    if o.null_moves {
        scene.null_moves = node
            .children
            .iter()
            .filter(|c| c.null_move)
            .filter_map(|c| c.mv.and_then(Move::point))
            .collect();
    }
}

/// The areas of `board` in which a block of the problem's defender, playing in its region, keeps
/// a seki the database knows (without a valid problem: either colour, the whole board).
fn seki_areas(board: &Board, rules: Option<(Color, Zone)>) -> Vec<Zone> {
    let all = Zone::full(board.size());
    let sides = match rules {
        Some(r) => vec![r],
        None => Color::ALL.iter().map(|&c| (c, all)).collect(),
    };
    sides
        .into_iter()
        .flat_map(|(c, region)| known_seki(board, c, &region))
        .map(|a| a.area)
        .collect()
}

/// The stones of a setup that is not a valid problem (shown as placed).
fn setup_board(setup: &crate::problem::ProblemSetup) -> Board {
    let size = setup.size.clamp(2, 19);
    let mut b = Board::new(size);
    for c in [crate::go::Color::Black, crate::go::Color::White] {
        for p in setup.stones.get(c).iter() {
            if p.on_board(size) {
                b.set_stone(c, p);
            }
        }
    }
    b
}

/// The crop around `region`: the region and the stones around it (a focus that edits of
/// crucial marks leave alone).
pub fn crop_around(region: &Zone, size: usize) -> Window {
    Window::around(&region.grow(size), size)
}
