//! Diagrams the seki tests share (`tests/it/seki_db.rs`, `tests/it/seki_leaf.rs`).

#![allow(dead_code)]

/// The top edge's seki: Black's three stones and White's block share two liberties; nothing of
/// White's is unconditionally alive.
pub const TOP_SEKI: &str = "
    O . X X X . O
    O O O O O O O
    X X X X X X X
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .";

/// [`TOP_SEKI`] after Black has filled a shared liberty: no seki (White captures next).
pub const FILLED: &str = "
    O X X X X . O
    O O O O O O O
    X X X X X X X
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .";

/// A diagram with the colours swapped.
pub fn swap_colours(diagram: &str) -> String {
    diagram
        .chars()
        .map(|c| match c {
            'X' => 'O',
            'O' => 'X',
            c => c,
        })
        .collect()
}
