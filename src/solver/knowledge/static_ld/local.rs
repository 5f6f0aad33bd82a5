//! The local game of an enclosed area: at most [`MAX_AREA`] cells, their adjacency, which cells
//! touch the wall, which cells may be played, and the moves of each side under the local rules
//! (see the module documentation of [`super`] for why these rules are conservative).
//!
//! Cells are numbered `0..n`; a set of cells is a `u8` bitmask. A *wall* cell has a neighbour
//! outside the area that is a stone of an unconditionally alive attacker block: an attacker stone
//! on a wall cell joins that block, so it can never be captured and never lacks a liberty; for the
//! defender a wall is no liberty, like the board edge.

/// The most cells of an area the static rule looks at.
pub const MAX_AREA: usize = 8;

/// Who moves in the local game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Defender,
    Attacker,
}

/// The stones in the area, as bitmasks of cells (disjoint).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Contents {
    pub defender: u8,
    pub attacker: u8,
}

impl Contents {
    /// The stones of `side`.
    #[inline]
    pub fn of(&self, side: Side) -> u8 {
        match side {
            Side::Defender => self.defender,
            Side::Attacker => self.attacker,
        }
    }

    #[inline]
    fn of_mut(&mut self, side: Side) -> &mut u8 {
        match side {
            Side::Defender => &mut self.defender,
            Side::Attacker => &mut self.attacker,
        }
    }

    /// Occupied cells.
    #[inline]
    pub fn occupied(&self) -> u8 {
        self.defender | self.attacker
    }
}

/// A legal local move and its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub contents: Contents,
    /// The cell the opponent may not retake on its next move when the move was a simple-ko
    /// capture (one stone captured by a lone stone left with one liberty), as `Board` sets it.
    pub ko: Option<u8>,
}

/// The geometry of an area as the local game sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LocalArea {
    /// Number of cells, 1..=[`MAX_AREA`].
    pub n: u8,
    /// Per cell, the cells next to it (cells `>= n` are 0).
    pub nbrs: [u8; MAX_AREA],
    /// Cells with a wall neighbour.
    pub wall: u8,
    /// Cells either side may play on (the problem's region); the others are never played.
    pub playable: u8,
}

impl LocalArea {
    /// Every cell.
    #[inline]
    pub fn all(&self) -> u8 {
        ((1u16 << self.n) - 1) as u8
    }

    /// The cells next to any cell of `mask`.
    #[inline]
    pub fn around(&self, mask: u8) -> u8 {
        let mut out = 0;
        let mut m = mask;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            out |= self.nbrs[i];
            m &= m - 1;
        }
        out
    }

    /// The block of the stone on `cell` among `stones`.
    #[inline]
    pub fn block(&self, stones: u8, cell: u8) -> u8 {
        let mut block = 1u8 << cell;
        loop {
            let grown = block | (self.around(block) & stones);
            if grown == block {
                return block;
            }
            block = grown;
        }
    }

    /// Does the block `block` of `side` have a liberty in `contents` (for the attacker, a wall
    /// neighbour counts: the block then belongs to the living wall)?
    #[inline]
    fn breathes(&self, contents: &Contents, side: Side, block: u8) -> bool {
        let empty = self.all() & !contents.occupied();
        self.around(block) & empty != 0 || (side == Side::Attacker && block & self.wall != 0)
    }

    /// Every block of both sides has a liberty: a position that can occur on a board.
    pub fn is_legal_position(&self, contents: &Contents) -> bool {
        for side in [Side::Defender, Side::Attacker] {
            let stones = contents.of(side);
            let mut left = stones;
            while left != 0 {
                let block = self.block(stones, left.trailing_zeros() as u8);
                if !self.breathes(contents, side, block) {
                    return false;
                }
                left &= !block;
            }
        }
        true
    }

    /// `side` plays on `cell`: `None` when the cell is not playable, occupied, or the play is
    /// suicide. The simple-ko ban is the caller's business (the defender ignores it).
    pub fn play(&self, contents: &Contents, side: Side, cell: u8) -> Option<Played> {
        let bit = 1u8 << cell;
        if self.playable & bit == 0 || contents.occupied() & bit != 0 {
            return None;
        }
        let opp = match side {
            Side::Defender => Side::Attacker,
            Side::Attacker => Side::Defender,
        };
        let mut next = *contents;
        *next.of_mut(side) |= bit;
        // Opponent blocks next to the stone that are left without a liberty are captured.
        let mut captured = 0u8;
        let mut touching = self.nbrs[cell as usize] & next.of(opp);
        while touching != 0 {
            let block = self.block(next.of(opp), touching.trailing_zeros() as u8);
            touching &= !block;
            if !self.breathes(&next, opp, block) {
                captured |= block;
                *next.of_mut(opp) &= !block;
            }
        }
        let own = self.block(next.of(side), cell);
        if !self.breathes(&next, side, own) {
            return None;
        }
        // Simple ko: exactly one stone captured by a lone stone (not joined to the wall) that
        // has exactly one liberty left.
        let lone = own == bit && !(side == Side::Attacker && bit & self.wall != 0);
        let empty = self.all() & !next.occupied();
        let ko = (captured.count_ones() == 1
            && lone
            && (self.nbrs[cell as usize] & empty).count_ones() == 1)
            .then(|| captured.trailing_zeros() as u8);
        Some(Played { contents: next, ko })
    }

    /// May the defender play anywhere in the area (ko ignored)?
    pub fn defender_can_play(&self, contents: &Contents) -> bool {
        let mut free = self.playable & !contents.occupied();
        while free != 0 {
            let cell = free.trailing_zeros() as u8;
            free &= free - 1;
            if self.play(contents, Side::Defender, cell).is_some() {
                return true;
            }
        }
        false
    }

    /// Could `cell` (empty) be the attacker's simple-ko ban right now: is some lone defender
    /// stone next to it left with `cell` as its only liberty (the stone that would just have
    /// captured there)?
    pub fn may_be_ko_ban(&self, contents: &Contents, cell: u8) -> bool {
        let bit = 1u8 << cell;
        let empty = self.all() & !contents.occupied();
        let mut stones = self.nbrs[cell as usize] & contents.defender;
        while stones != 0 {
            let s = stones.trailing_zeros() as usize;
            stones &= stones - 1;
            let lone = self.nbrs[s] & contents.defender == 0;
            if lone && self.nbrs[s] & empty == bit {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A straight line of `n` cells, every cell touching the wall, all playable.
    pub(crate) fn line(n: u8) -> LocalArea {
        let mut nbrs = [0u8; MAX_AREA];
        for (i, cell) in nbrs.iter_mut().enumerate().take(n as usize) {
            if i > 0 {
                *cell |= 1 << (i - 1);
            }
            if i + 1 < n as usize {
                *cell |= 1 << (i + 1);
            }
        }
        let all = ((1u16 << n) - 1) as u8;
        LocalArea {
            n,
            nbrs,
            wall: all,
            playable: all,
        }
    }

    #[test]
    fn capture_suicide_and_ko_follow_the_board_rules() {
        let a = line(3);
        let empty = Contents::default();
        // A defender stone in the middle of three: legal, two liberties.
        let p = a.play(&empty, Side::Defender, 1).expect("legal");
        assert_eq!(p.contents.defender, 0b010);
        assert_eq!(p.ko, None);
        // Attacker on both ends captures it; the attacker stones touch the wall so no ko.
        let q = a.play(&p.contents, Side::Attacker, 0).expect("legal");
        let r = a.play(&q.contents, Side::Attacker, 2).expect("legal");
        assert_eq!(r.contents.defender, 0);
        assert_eq!(r.ko, None);
        // Defender into a one-cell hole between wall stones: suicide.
        let hole = Contents {
            defender: 0,
            attacker: 0b101,
        };
        assert!(a.play(&hole, Side::Defender, 1).is_none());
        assert!(!a.defender_can_play(&hole));
    }

    #[test]
    fn a_lone_capture_with_one_liberty_left_is_a_ko() {
        // Cells 0-1-2-3 in a row, no wall, an attacker stone on 1 and a defender stone on 2:
        // the defender's play on 0 takes the attacker stone's last liberty.
        let mut a = line(4);
        a.wall = 0;
        let c = Contents {
            defender: 0b0100,
            attacker: 0b0010,
        };
        let p = a.play(&c, Side::Defender, 0).expect("legal");
        assert_eq!(p.contents.attacker, 0);
        // The stone on 0 is lone with the one liberty 1: a ko, ban on cell 1.
        assert_eq!(p.ko, Some(1));
        assert!(a.may_be_ko_ban(&p.contents, 1));
        assert!(!a.may_be_ko_ban(&p.contents, 3));
    }

    #[test]
    fn blocks_without_liberties_are_illegal_positions() {
        let a = line(2);
        let dead = Contents {
            defender: 0b11,
            attacker: 0,
        };
        assert!(!a.is_legal_position(&dead));
        let wall_joined = Contents {
            defender: 0,
            attacker: 0b11,
        };
        assert!(a.is_legal_position(&wall_joined));
    }
}
