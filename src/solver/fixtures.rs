//! Positions and solved problems shared by unit tests.

use crate::go::{Board, Point, Zone};
use crate::problem::Problem;
use crate::solver::{ProofTree, SolveConfig, Solver, Status};

/// The board of an ASCII diagram (`X` Black, `O` White, `.` empty), which must be valid.
pub(crate) fn board(diagram: &str) -> Board {
    Board::from_ascii(diagram).expect("valid diagram")
}

/// The zone of the points `(x, y)`.
pub(crate) fn zone(points: &[(usize, usize)]) -> Zone {
    points.iter().map(|&(x, y)| Point::new(x, y)).collect()
}

/// The bundled bent-three kill (`problems/03-bent-three-kill.sgf`: White kills with D1, Black
/// answers) and its proof (the attacker must capture the crucial stones: seki is life).
pub(crate) fn solved_bent_three_kill() -> (Problem, ProofTree) {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/03-bent-three-kill.sgf");
    let problem = crate::problem::load(&path).expect("the bundled problem loads");
    let solution = Solver::new(&problem, SolveConfig::default()).solve();
    assert_eq!(solution.status, Status::Win);
    let proof = solution.proof.expect("a win has a proof");
    (problem, proof)
}
