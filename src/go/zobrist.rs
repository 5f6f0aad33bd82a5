//! Zobrist keys, generated at compile time from a fixed seed (splitmix64), so hashes are the same
//! on every run and every machine.

use super::color::Color;
use super::point::{Point, NUM_CELLS};
use super::splitmix::splitmix64;

const fn make_keys() -> [[u64; NUM_CELLS]; 3] {
    let mut keys = [[0u64; NUM_CELLS]; 3];
    let mut state = 0x7473_756D_6567_6F21; // "tsumego!"
    let mut table = 0;
    while table < 3 {
        let mut i = 0;
        while i < NUM_CELLS {
            let (s, v) = splitmix64(state);
            state = s;
            keys[table][i] = v;
            i += 1;
        }
        table += 1;
    }
    keys
}

/// Keys: `[0]` black stone, `[1]` white stone, `[2]` simple-ko point.
static KEYS: [[u64; NUM_CELLS]; 3] = make_keys();

/// Key of a stone of colour `c` on `p`.
#[inline]
pub fn stone_key(c: Color, p: Point) -> u64 {
    KEYS[c.index()][p.index()]
}

/// Key of a simple-ko point (folded into position hashes, not into the stone hash).
#[inline]
pub fn ko_key(p: Point) -> u64 {
    KEYS[2][p.index()]
}

/// Key folded in when White is to move.
pub const WHITE_TO_MOVE_KEY: u64 = 0x5D58_8B65_6C07_8965;
