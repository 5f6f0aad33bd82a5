//! Relevance-zone reduction (`solver::jobs::reduce`) and the constraint it rests on
//! (`SolveConfig::forbidden_zone`): constrained proofs avoid the forbidden points and pass the
//! independent checker, an impossible constraint gives no win (never a wrong one), reductions
//! never grow a zone and are deterministic; and, ignored (outside CI), the measurement of
//! BENCHMARKS.md ("RZ reduction") on 7x7 kill-all positions from the research problems' proofs.
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use crate::cli_common;

use std::path::{Path, PathBuf};
use std::time::Instant;
use tsumego_studio::go::{Move, Point, Zone};
use tsumego_studio::problem::sgf_write::write_sgf;
use tsumego_studio::problem::{load, load_setup_bytes, Format, Problem};
use tsumego_studio::solver::jobs::first_moves::after_move;
use tsumego_studio::solver::jobs::reduce::{candidates, reduce, ReduceSettings, Strategy};
use tsumego_studio::solver::proof::checker::check_proof;
use tsumego_studio::solver::{
    Engine, ProofNode, ProofTree, Role, SolveConfig, Solver, Status, StopReason,
};

const STRATEGIES: [Strategy; 3] = [Strategy::Heatmap, Strategy::Erosion, Strategy::Random];

fn dfpn(max_nodes: u64) -> SolveConfig {
    SolveConfig {
        engine: Engine::DFPN,
        max_nodes: Some(max_nodes),
        ..SolveConfig::default()
    }
}

/// An OR node of a proof tree as a problem of its own: the line from the root played on the
/// problem (its last move not a pass, since a problem cannot say "after a pass").
struct Position {
    problem: Problem,
    plies: usize,
}

/// The OR nodes of `proof` at least `min_plies` below its root (not the leaves), as problems.
fn or_positions(problem: &Problem, proof: &ProofTree, min_plies: usize) -> Vec<Position> {
    fn walk(
        node: &ProofNode,
        here: &Problem,
        plies: usize,
        min_plies: usize,
        out: &mut Vec<Position>,
    ) {
        if node.role == Role::Or && plies >= min_plies {
            out.push(Position {
                problem: here.clone(),
                plies,
            });
        }
        for child in &node.children {
            let Some(mv) = child.mv else { continue };
            if mv == Move::Pass && child.role == Role::Or {
                // The OR player to move after a pass: not a problem of its own.
                continue;
            }
            if let Ok(next) = after_move(here, mv) {
                walk(child, &next, plies + 1, min_plies, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(&proof.root, problem, 0, min_plies, &mut out);
    out
}

/// A seeded shuffle (splitmix64 draws, Fisher–Yates).
fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    for i in (1..items.len()).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// BENCHMARKS.md, "RZ reduction": OR-node positions at least `RZR_MIN_PLIES` (1) plies deep in
/// the df-pn proofs of the 7x7 research problems `RZR_PROBLEMS` (1,2,18,20: those df-pn proves
/// within 5 M nodes) of `RZR_DIR` (`../shared/bench/rzs-aaai22/7x7`), distinct positions, a
/// sample of `RZR_SAMPLE` (200) of them shuffled with `RZR_SEED` (13); each solved
/// by df-pn (at most `RZR_BASE_NODES`, 1 M, nodes: its zone is the baseline), then reduced by
/// each strategy at K = `RZR_K` (5) with rounds of as many nodes as the baseline solve used (at
/// least 20,000), the pattern table kept between rounds (`RZR_NO_RZT=1`: not); every reduced
/// proof checked.
#[test]
#[ignore = "a measurement (minutes): cargo test --release --test it rz_reduce:: -- --ignored --nocapture"]
fn reduction_on_7x7_proof_positions() {
    let dir: PathBuf = std::env::var("RZR_DIR").map_or_else(
        |_| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/bench/rzs-aaai22/7x7"),
        PathBuf::from,
    );
    let problems: String = env_or("RZR_PROBLEMS", "1,2,18,20".to_string());
    let sample: usize = env_or("RZR_SAMPLE", 200);
    let min_plies: usize = env_or("RZR_MIN_PLIES", 1);
    let base_nodes: u64 = env_or("RZR_BASE_NODES", 1_000_000);
    let k: usize = env_or("RZR_K", 5);
    let seed: u64 = env_or("RZR_SEED", 13);
    let keep_patterns = std::env::var("RZR_NO_RZT").is_err();
    // Print each position as SGF.
    let show = std::env::var("RZR_SHOW").is_ok();
    let mut positions = Vec::new();
    for n in problems.split(',') {
        let path = dir.join(format!("{}.json", n.trim()));
        let problem = tsumego_studio::problem::load_inferring(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .problem;
        let start = Instant::now();
        let solution = Solver::new(&problem, dfpn(5_000_000)).solve();
        let Some(proof) = solution.proof else {
            println!("{n}: not proven ({:?})", solution.stop);
            continue;
        };
        let found = or_positions(&problem, &proof, min_plies);
        println!(
            "problem {n}: proven in {} nodes, {:.1} s; proof {} nodes, {} OR positions at >= {min_plies} plies",
            solution.nodes,
            start.elapsed().as_secs_f64(),
            proof.node_count(),
            found.len()
        );
        positions.extend(found.into_iter().map(|p| (n.trim().to_string(), p)));
    }
    // One position per distinct board and side to move.
    positions.sort_by_key(|(_, p)| (p.problem.board().hash(), p.problem.to_move().index()));
    positions.dedup_by_key(|(_, p)| (p.problem.board().hash(), p.problem.to_move().index()));
    shuffle(&mut positions, seed);
    positions.truncate(sample);
    println!(
        "{} positions; K = {k}; pattern table kept: {keep_patterns}",
        positions.len()
    );
    println!("problem plies | base zone nodes s | heatmap zone rounds s | erosion … | random …");
    let mut records: Vec<Record> = Vec::new();
    for (n, position) in &positions {
        let problem = &position.problem;
        let start = Instant::now();
        let base = Solver::new(problem, dfpn(base_nodes)).solve();
        let secs = start.elapsed().as_secs_f64();
        let Some(proof) = base.proof else {
            println!("{n} {}: base solve {:?}", position.plies, base.stop);
            continue;
        };
        let mut record = Record {
            base_zone: proof.root.zone.len(),
            base_nodes: base.nodes,
            base_secs: secs,
            reduced: [(0, 0.0, 0); 3],
        };
        let mut row = format!(
            "{n} {} | {} {} {secs:.2}",
            position.plies,
            proof.root.zone.len(),
            base.nodes
        );
        for (i, &strategy) in STRATEGIES.iter().enumerate() {
            let settings = ReduceSettings {
                strategy,
                k,
                round_nodes: base.nodes.max(20_000),
                keep_patterns,
                ..ReduceSettings::default()
            };
            let config = dfpn(base_nodes);
            let r = reduce(problem, &config, &proof, &settings, None).unwrap();
            assert!(r.zone.is_subset(&r.original_zone));
            assert_eq!(r.proof.root.zone, r.zone);
            check_proof(problem, &r.proof, false, 50_000_000)
                .unwrap_or_else(|e| panic!("{n} {strategy:?}: reduced proof rejected: {e}"));
            record.reduced[i] = (r.zone.len(), r.elapsed.as_secs_f64(), r.rounds.len());
            row.push_str(&format!(
                " | {} {}/{} {:.2}",
                r.zone.len(),
                r.succeeded(),
                r.rounds.len(),
                r.elapsed.as_secs_f64()
            ));
        }
        println!("{row}");
        if show {
            println!("{}", write_sgf(problem));
        }
        records.push(record);
    }
    summarize("all positions", &records);
    let searched: Vec<Record> = records
        .iter()
        .filter(|r| r.base_nodes > 100)
        .cloned()
        .collect();
    summarize("positions whose solve took more than 100 nodes", &searched);
    // By the baseline zone's size, as the paper's table 2.
    for (what, low, high) in [
        ("baseline zone <= 15", 0, 15),
        ("baseline zone 16-20", 16, 20),
        ("baseline zone > 20", 21, usize::MAX),
    ] {
        let group: Vec<Record> = records
            .iter()
            .filter(|r| (low..=high).contains(&r.base_zone))
            .cloned()
            .collect();
        summarize(what, &group);
    }
}

/// One position of the measurement: its baseline and, per strategy, the reduced zone's size,
/// the reduction's seconds and rounds.
#[derive(Clone)]
struct Record {
    base_zone: usize,
    base_nodes: u64,
    base_secs: f64,
    reduced: [(usize, f64, usize); 3],
}

/// The means of `records`, as BENCHMARKS.md reports them: the reduced zones' total over the
/// baseline's (the paper's "% of the original"), the mean per-position ratio, rounds, seconds.
fn summarize(what: &str, records: &[Record]) {
    let m = records.len().max(1) as f64;
    let base: usize = records.iter().map(|r| r.base_zone).sum();
    println!(
        "{what}: {}; baseline zone {:.2} points, solve {:.3} s, {:.0} nodes",
        records.len(),
        base as f64 / m,
        records.iter().map(|r| r.base_secs).sum::<f64>() / m,
        records.iter().map(|r| r.base_nodes as f64).sum::<f64>() / m
    );
    for (i, strategy) in STRATEGIES.iter().enumerate() {
        let size: usize = records.iter().map(|r| r.reduced[i].0).sum();
        let ratio: f64 = records
            .iter()
            .map(|r| r.reduced[i].0 as f64 / r.base_zone.max(1) as f64)
            .sum();
        let secs: f64 = records.iter().map(|r| r.reduced[i].1).sum();
        let rounds: usize = records.iter().map(|r| r.reduced[i].2).sum();
        let shrunk = records
            .iter()
            .filter(|r| r.reduced[i].0 < r.base_zone)
            .count();
        println!(
            "  {:8} reduced zone {:.2} points = {:.2} % (mean ratio {:.2} %), {shrunk} shrunk, \
             {:.1} rounds, {:.3} s a position",
            strategy.name(),
            size as f64 / m,
            100.0 * size as f64 / base.max(1) as f64,
            100.0 * ratio / m,
            rounds as f64 / m,
            secs / m
        );
    }
}

/// A 7x7 kill-all position (White to live), 7 plies into the df-pn proof of the research
/// problem 7x7/1 (`p10.sgf`): White lives at once, the first proof's zone has 18 points, and
/// another life has a zone of 13.
const KILLALL_SGF: &str = "(;GM[1]FF[4]SZ[7]MA[aa][ca][da][ea][fa][ga][ab][db][fb][gb][ac][bc][ec]\
[gc][ad][bd][fd][gd][ae][fe][ge][af][df][ef][ff][gf][ag][bg][cg][dg][eg][fg][gg]TSOR[W]\
TSGOAL[live-any]TSKOB[allow]TSKOW[disallow]TSSETUP[25];B[ce];W[];B[ed];W[ec];B[fc];W[dd];\
B[ee];W[cd];B[dc];W[be];B[de];W[cc];B[eb];W[bf];B[cb];W[bb];B[cf];W[ba];B[ff];W[ac];B[ae];\
W[bd];B[af];W[ad];B[ag]PL[W])";

fn killall() -> Problem {
    load_setup_bytes(KILLALL_SGF.as_bytes(), Format::Sgf)
        .unwrap()
        .validate()
        .unwrap()
}

fn bundled(name: &str) -> Problem {
    load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems")
            .join(name),
    )
    .unwrap()
}

fn config(engine: Engine, forbidden: Zone) -> SolveConfig {
    SolveConfig {
        engine,
        max_nodes: Some(200_000),
        forbidden_zone: forbidden,
        ..SolveConfig::default()
    }
}

fn solved(problem: &Problem, config: &SolveConfig) -> ProofTree {
    let s = Solver::new(problem, config.clone()).solve();
    assert_eq!(s.status, Status::Win, "{:?}", s.stop);
    s.proof.unwrap()
}

/// Every point of `zone` that, forbidden with every point outside `zone`, still leaves a win,
/// with that win's proof.
fn constrained_wins(problem: &Problem, engine: Engine, zone: &Zone) -> Vec<(Point, ProofTree)> {
    let outside = Zone::full(problem.size()).difference(zone);
    let mut wins = Vec::new();
    for p in zone {
        let mut forbidden = outside;
        forbidden.insert(p);
        let s = Solver::new(problem, config(engine, forbidden)).solve();
        // A constrained search never claims a failure it has not proven: the claim is won.
        assert_ne!(s.status, Status::Fail, "{engine:?}, {p:?} forbidden");
        if let Some(proof) = s.proof {
            assert_eq!(s.status, Status::Win);
            wins.push((p, proof));
        }
    }
    wins
}

#[test]
fn a_constraint_forces_another_proof_that_avoids_it_and_passes_the_checker() {
    let problem = killall();
    for engine in [Engine::DFPN, Engine::DFS] {
        let proof = solved(&problem, &config(engine, Zone::new()));
        let zone = proof.root.zone;
        assert_eq!(zone.len(), 18, "{engine:?}");
        let wins = constrained_wins(&problem, engine, &zone);
        assert!(
            !wins.is_empty(),
            "{engine:?}: no point of the zone can be avoided"
        );
        for (p, constrained) in &wins {
            let z = constrained.root.zone;
            assert!(!z.contains(*p) && z.is_subset(&zone), "{engine:?} {p:?}");
            assert!(z.len() < zone.len());
            check_proof(&problem, constrained, false, 10_000_000)
                .unwrap_or_else(|e| panic!("{engine:?}, {p:?} forbidden: proof rejected: {e}"));
        }
        // No node of a constrained proof has a zone outside the allowed points.
        let (p, constrained) = &wins[0];
        fn all_inside(node: &ProofNode, allowed: &Zone) -> bool {
            node.zone.is_subset(allowed) && node.children.iter().all(|c| all_inside(c, allowed))
        }
        let mut allowed = zone;
        allowed.remove(*p);
        assert!(all_inside(&constrained.root, &allowed), "{engine:?}");
    }
}

#[test]
fn an_impossible_constraint_gives_no_win_and_no_failure() {
    // Straight three: White kills only by the middle point D1.
    let problem = bundled("01-straight-three-kill.sgf");
    let d1 = Point::from_gtp("D1", problem.size()).unwrap();
    for engine in [Engine::DFPN, Engine::DFS] {
        let free = Solver::new(&problem, config(engine, Zone::new())).solve();
        assert_eq!(free.status, Status::Win);
        assert!(free.root_zone.unwrap().contains(d1));
        let forbidden: Zone = [d1].into_iter().collect();
        let s = Solver::new(&problem, config(engine, forbidden)).solve();
        assert_eq!(
            (s.status, s.stop),
            (Status::Unknown, StopReason::Pruned),
            "{engine:?}"
        );
        assert!(s.proof.is_none() && s.root_zone.is_none());
        // The whole board forbidden: nothing can be won.
        let all = Zone::full(problem.size());
        let s = Solver::new(&problem, config(engine, all)).solve();
        assert_eq!(s.status, Status::Unknown, "{engine:?}");
        // An unconstrained solve afterwards is not affected.
        let again = Solver::new(&problem, config(engine, Zone::new())).solve();
        assert_eq!(again.root_zone, free.root_zone);
    }
}

#[test]
fn mcts_refuses_the_constraint() {
    let problem = killall();
    let forbidden: Zone = [Point::from_gtp("A1", 7).unwrap()].into_iter().collect();
    let s = Solver::new(&problem, config(Engine::MCTS, forbidden)).solve();
    assert_eq!(
        (s.status, s.stop),
        (Status::Unknown, StopReason::Unsupported)
    );
    let proof = solved(&problem, &config(Engine::DFPN, Zone::new()));
    assert!(reduce(
        &problem,
        &config(Engine::MCTS, Zone::new()),
        &proof,
        &ReduceSettings::default(),
        None
    )
    .is_err());
}

#[test]
fn reductions_shrink_the_zone_with_checked_proofs_and_are_deterministic() {
    let problem = killall();
    let base = config(Engine::DFPN, Zone::new());
    let proof = solved(&problem, &base);
    assert_eq!(proof.root.zone.len(), 18);
    // The sizes each strategy reaches (seen once, checked below by the checker and the
    // constrained searches of the first test).
    for (strategy, pinned) in STRATEGIES.into_iter().zip([13, 13, 13]) {
        let settings = ReduceSettings {
            strategy,
            round_nodes: 20_000,
            ..ReduceSettings::default()
        };
        let r = reduce(&problem, &base, &proof, &settings, None).unwrap();
        assert_eq!(r.original_zone, proof.root.zone);
        assert!(r.zone.is_subset(&r.original_zone), "{strategy:?}");
        assert_eq!(r.proof.root.zone, r.zone);
        assert_eq!(r.zone.len(), pinned, "{strategy:?}: {:?}", r.rounds);
        check_proof(&problem, &r.proof, false, 10_000_000)
            .unwrap_or_else(|e| panic!("{strategy:?}: proof rejected: {e}"));
        // Ends after K failures in a row, or when no point is left to try; every point is
        // tried once.
        let failures = r
            .rounds
            .iter()
            .rev()
            .take_while(|round| round.zone_after.is_none());
        let failed: Zone = r
            .rounds
            .iter()
            .filter(|round| round.zone_after.is_none())
            .map(|round| round.point)
            .collect();
        let left = candidates(strategy, &problem, &r.proof, &r.zone, &failed);
        assert!(
            failures.count() == settings.k || left.is_empty(),
            "{strategy:?}"
        );
        let mut tried: Vec<Point> = r.rounds.iter().map(|round| round.point).collect();
        tried.sort();
        tried.dedup();
        assert_eq!(tried.len(), r.rounds.len());
        let again = reduce(&problem, &base, &proof, &settings, None).unwrap();
        assert_eq!(again.rounds, r.rounds, "{strategy:?}");
        assert_eq!(again.proof, r.proof, "{strategy:?}");
    }
    // Without the pattern table the rounds still never grow the zone.
    let settings = ReduceSettings {
        keep_patterns: false,
        round_nodes: 20_000,
        ..ReduceSettings::default()
    };
    let r = reduce(&problem, &base, &proof, &settings, None).unwrap();
    assert!(r.zone.is_subset(&proof.root.zone));
}

#[test]
fn a_reduction_of_an_irreducible_zone_returns_the_original_proof() {
    // Straight three: every proof plays D1 and its zone cannot shrink below the first one's.
    let problem = bundled("01-straight-three-kill.sgf");
    let base = config(Engine::DFPN, Zone::new());
    let proof = solved(&problem, &base);
    let r = reduce(&problem, &base, &proof, &ReduceSettings::default(), None).unwrap();
    assert!(r.zone.len() <= proof.root.zone.len());
    assert!(r.zone.is_subset(&proof.root.zone));
    check_proof(&problem, &r.proof, false, 10_000_000).unwrap();
}

#[test]
fn solve_reduce_zones_reports_checks_and_writes_the_smaller_proof() {
    let dir = cli_common::temp_dir("rz-reduce", "solve");
    let file = dir.join("killall.sgf");
    std::fs::write(&file, KILLALL_SGF).unwrap();
    let out_file = dir.join("proof.sgf");
    let (file, out_path) = (file.to_str().unwrap(), out_file.to_str().unwrap());
    let out = cli_common::run(&[
        "solve",
        file,
        "--reduce-zones",
        "--strategy",
        "erosion",
        "--json",
        "--proof-out",
        out_path,
    ]);
    assert!(out.status.success(), "{}", cli_common::stderr(&out));
    let json: serde_json::Value = serde_json::from_str(cli_common::stdout(&out).trim()).unwrap();
    let r = &json["reduction"];
    assert_eq!(r["strategy"], "erosion");
    assert_eq!(r["original_zone_size"], 18);
    let reduced = r["reduced_zone_size"].as_u64().unwrap();
    assert!(reduced < 18, "{r}");
    // The reported zone and the checked, written proof are the reduced ones.
    assert_eq!(json["root_zone_size"].as_u64(), Some(reduced));
    assert_eq!(json["checked"], true);
    let check = cli_common::run(&["check", out_path]);
    assert!(check.status.success(), "{}", cli_common::stdout(&check));
    // MCTS cannot search under forbidden points.
    let mcts = cli_common::run(&["solve", file, "--reduce-zones", "--engine", "mcts"]);
    assert!(!mcts.status.success());
    assert!(cli_common::stderr(&mcts).contains("--reduce-zones needs"));
    // The reduction flags need --reduce-zones.
    let bare = cli_common::run(&["solve", file, "--k", "3"]);
    assert!(!bare.status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_constrained_solves_table_is_never_lent_to_an_unconstrained_one() {
    let problem = killall();
    let free = config(Engine::DFPN, Zone::new());
    let zone = solved(&problem, &free).root.zone;
    let mut forbidden = Zone::full(problem.size()).difference(&zone);
    forbidden.insert(zone.first().unwrap());
    let constrained = config(Engine::DFPN, forbidden);
    let mut solver = Solver::new(&problem, constrained.clone());
    solver.solve();
    let table = solver.into_table();
    assert!(!table.table.is_empty());
    let mut pool = tsumego_studio::solver::TablePool::new();
    pool.give_back(&problem, &constrained, table);
    assert!(pool.take(&problem, &free).table.is_empty());
    assert!(!pool.take(&problem, &constrained).table.is_empty());
}
