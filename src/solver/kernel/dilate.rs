//! Zone dilation: grow a zone until the consistent-replay conditions CR-1..CR-3 hold (RZS paper,
//! appendix "Zone Dilation"), so that every position with the same pattern inside the zone is
//! won by replaying the same proof (Lemma 1).
//!
//! Rules, applied until nothing changes:
//! - **Whole blocks**: a block with a stone in the zone is in the zone entirely.
//! - **DL-1**: every block in the zone keeps a liberty inside the zone (the lowest liberty is
//!   added when it has none). With it no single move outside the zone can capture a zone block.
//! - **OR capture** (CR-3, [`dilate_or`]): when the winning move captures, the captured blocks,
//!   everything around them (the OR blocks surrounding them) and the neighbours of the move are
//!   added, so that the same move captures the same stones (and is or is not a ko capture) in
//!   every position with the same pattern.
//! - **AND border** (CR-2 and the capture side of CR-1, [`dilate_and`]): an OR block in the zone
//!   with two or more liberties gets two of them into the zone (one AND move can then capture it
//!   neither inside nor outside); an OR block in atari gets its liberty and every point around it
//!   (the AND blocks surrounding it), so the capture at that liberty happens in every position
//!   with the same pattern.
//! - **AND suicide** (CR-1, [`dilate_and`]): for a point of the zone where the AND player may not
//!   play, the neighbours of that point are added; for a suicide also everything around the AND
//!   blocks next to it (the OR blocks surrounding them); for a refused ko capture also the stone
//!   it would capture and its neighbours. Illegal moves then stay illegal in every position with
//!   the same pattern.
//! - **Decisive stone** (goal `live` only): the zone holds a crucial defender stone of the
//!   position, so no position with the same pattern has lost every crucial stone already.

use crate::go::{Board, Color, Move, Point, Zone};

/// Why the AND player may not play on an empty point of the region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AndIllegal {
    Suicide,
    /// The simple-ko point.
    KoBan,
    /// A ko capture of the stone on `captured`, refused by the AND player's ko rule.
    KoCapture {
        captured: Point,
    },
}

/// The points next to `z` (not in it).
fn around(z: &Zone, size: usize) -> Zone {
    z.grow(size).difference(z)
}

/// The neighbours of `p` on the board.
fn neighbours(p: Point, size: usize) -> Zone {
    let mut z = Zone::new();
    z.insert(p);
    around(&z, size)
}

/// The stones of the blocks holding `stones` and every point beside them: a position agreeing
/// there has the same blocks with the same liberties.
pub fn blocks_and_neighbours(board: &Board, stones: &Zone) -> Zone {
    board
        .blocks_of(stones)
        .fold(Zone::new(), |acc, (_, block)| acc.union(&block))
        .grow(board.size())
}

/// Whole blocks and DL-1 on `board`, to a fixed point. Returns whether `z` grew.
pub fn close(board: &Board, z: &mut Zone) -> bool {
    let start = *z;
    loop {
        let before = *z;
        let mut done = Zone::new();
        for p in before.iter() {
            if board.is_empty(p) || done.contains(p) {
                continue;
            }
            let block = board.block_stones(p);
            done.union_with(&block);
            z.union_with(&block);
            let libs = board.liberties(p);
            if !libs.intersects(z) {
                if let Some(l) = libs.first() {
                    z.insert(l);
                }
            }
        }
        if *z == before {
            return *z != start;
        }
    }
}

/// The decisive-stone rule: when `crucial_defender` (the defender's stones on crucial points of
/// `board`) is not empty and misses `z`, add the block of its lowest stone.
fn keep_decisive_stone(board: &Board, z: &mut Zone, crucial_defender: &Zone) {
    if crucial_defender.is_empty() || crucial_defender.intersects(z) {
        return;
    }
    if let Some(p) = crucial_defender.first() {
        z.union_with(&board.block_stones(p));
    }
}

/// The zone of an OR node won by `mv` whose child has the zone `child`: `board` is the OR node's
/// position (OR to move; the move is played and taken back here). `crucial_defender` is empty
/// unless the decisive-stone rule applies (see the module documentation).
pub fn dilate_or(
    board: &mut Board,
    or: Color,
    mv: Move,
    child: &Zone,
    crucial_defender: &Zone,
) -> Zone {
    let size = board.size();
    let mut z = *child;
    board.play_recorded_lifting_ko(or, mv);
    if let Move::Play(m) = mv {
        z.insert(m);
        let captured = board.last_captures();
        if !captured.is_empty() {
            z.union_with(&captured);
            z.union_with(&around(&captured, size));
            z.union_with(&neighbours(m, size));
        }
    }
    loop {
        let mut grew = close(board, &mut z);
        board.undo();
        grew |= close(board, &mut z);
        keep_decisive_stone(board, &mut z, crucial_defender);
        board.play_recorded_lifting_ko(or, mv);
        grew |= close(board, &mut z);
        if !grew {
            break;
        }
    }
    board.undo();
    z
}

/// The zone of an AND node (AND player `and` to move on `board`) whose searched children have the
/// zones united in `union`. `illegal` lists the region's empty points where the AND player may not
/// play, with the reason.
pub fn dilate_and(
    board: &Board,
    and: Color,
    union: &Zone,
    illegal: &[(Point, AndIllegal)],
    crucial_defender: &Zone,
) -> Zone {
    let size = board.size();
    let or = and.opponent();
    let mut z = *union;
    loop {
        let before = z;
        close(board, &mut z);
        keep_decisive_stone(board, &mut z, crucial_defender);
        // Border rule for the OR blocks of the zone.
        let mut done = Zone::new();
        for p in z.intersection(&board.stones(or)).iter() {
            if done.contains(p) {
                continue;
            }
            let block = board.block_stones(p);
            done.union_with(&block);
            let libs = board.liberties(p);
            if libs.len() == 1 {
                z.union_with(&around(&block, size));
            } else {
                let mut inside = libs.intersection(&z).len();
                for l in libs.iter() {
                    if inside >= 2 {
                        break;
                    }
                    if z.insert(l) {
                        inside += 1;
                    }
                }
            }
        }
        // Suicide and ko rules for the AND player's illegal points in the zone.
        for &(g, why) in illegal {
            if !z.contains(g) {
                continue;
            }
            z.union_with(&neighbours(g, size));
            match why {
                AndIllegal::Suicide => {
                    for n in neighbours(g, size).iter() {
                        if board.color_at(n) == Some(and) {
                            z.union_with(&around(&board.block_stones(n), size));
                        }
                    }
                }
                AndIllegal::KoBan => {}
                AndIllegal::KoCapture { captured } => {
                    z.insert(captured);
                    z.union_with(&neighbours(captured, size));
                }
            }
        }
        if z == before {
            return z;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::solver::fixtures::{board, zone};

    fn p(x: usize, y: usize) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn dl1_adds_whole_blocks_and_one_liberty() {
        let b = board(
            "
            . X O . .
            X X O . .
            O O O . .
            . . . . .
            . . . . .
        ",
        );
        let mut z = zone(&[(1, 0)]);
        assert!(close(&b, &mut z));
        assert_eq!(
            b.zone_ascii(&z),
            "\
* X o . .
X X o . .
o o o . .
. . . . .
. . . . .
"
        );
        // Closed zones stay as they are.
        assert!(!close(&b, &mut z));
    }

    /// The OR-capture rule (the paper's Figure 5): White wins by capturing two Black stones at
    /// E1. The child's zone (White's living shape after the capture) does not see what White
    /// captured; dilation adds the captured block, the White blocks around it, the neighbours of
    /// the move, and DL-1 liberties.
    #[test]
    fn or_capture_adds_the_captured_block_and_its_surroundings() {
        let mut b = board(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . O O O O O
            . O X X . O .
        ",
        );
        let before = b.to_ascii();
        let child = zone(&[(4, 6), (5, 6), (6, 6), (5, 5), (6, 5)]);
        let z = dilate_or(
            &mut b,
            Color::White,
            Move::Play(p(4, 6)),
            &child,
            &Zone::EMPTY,
        );
        assert_eq!(b.to_ascii(), before, "the board is restored");
        // (1,5) is the DL-1 liberty of the White stone on B1, which has none in the zone before
        // the capture.
        assert_eq!(
            b.zone_ascii(&z),
            "\
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. * O O O O O
. O X X * O *
"
        );
        // Without the capture rule the zone would be the child's zone and the move only.
        assert!(!child.contains(p(2, 6)) && z.contains(p(2, 6)) && z.contains(p(1, 6)));
    }

    /// The AND suicide rule (the paper's Figure 7): Black (AND) may not play on G4 (suicide of
    /// the Black block F4 F5 G5). The zone of the node contains G4; dilation adds the Black block
    /// next to it and the White blocks around that block, then the border rule gives those White
    /// blocks two liberties in the zone, so G4 stays a suicide in every position with the same
    /// pattern.
    #[test]
    fn and_suicide_adds_the_block_and_its_surrounding_blocks() {
        let b = board(
            "
            . . . . . . .
            . . . . . . .
            . . . . O O .
            . . . O X X O
            . . . O X . O
            . . . . O O O
            . . . . . . .
        ",
        );
        let g = p(5, 4);
        assert!(b.is_suicide(Color::Black, g));
        let union = zone(&[(5, 4)]);
        let z = dilate_and(
            &b,
            Color::Black,
            &union,
            &[(g, AndIllegal::Suicide)],
            &Zone::EMPTY,
        );
        // Every White block keeps two liberties in the zone (G4 itself counts for the right one).
        assert_eq!(
            b.zone_ascii(&z),
            "\
. . . . . . .
. . . . * . .
. . . * O O *
. . * O X X O
. . . O X * O
. . . . O O O
. . . . . . .
"
        );
        // Without the illegal point the zone is only closed (the point and nothing else).
        let plain = dilate_and(&b, Color::Black, &union, &[], &Zone::EMPTY);
        assert_eq!(plain, union);
    }

    /// The AND border rule (the paper's Figure 6): a White block in the zone with two or more
    /// liberties gets two of them into the zone; a White block in atari gets its liberty and the
    /// Black blocks around it.
    #[test]
    fn and_border_rule_protects_white_blocks_of_the_zone() {
        let b = board(
            "
            . . . . . X O
            . . . . . . .
            . . . . . . .
            . . X X . . .
            . X O O X . .
            . . X O O . .
            . . . X . . .
        ",
        );
        let union = zone(&[(2, 4), (6, 0)]);
        let z = dilate_and(&b, Color::Black, &union, &[], &Zone::EMPTY);
        // Left: the four White stones and two of their liberties; the Black stones around them
        // stay outside. Top right: the White stone in atari, its liberty, the Black stone next to
        // it and that stone's DL-1 liberty.
        assert_eq!(
            b.zone_ascii(&z),
            "\
. . . . * X O
. . . . . . *
. . . . . . .
. . x x . . .
. x O O x . .
. . x O O * .
. . . x * . .
"
        );
    }

    /// The ko-capture rule: Black's ko rule forbids the capture on B2 (it would take the single
    /// White stone on C2 and leave a ko). The zone gets the neighbours of B2, the stone it would
    /// capture and that stone's neighbours, so the capture is a ko capture (hence refused) in every
    /// position with the same pattern.
    #[test]
    fn refused_ko_capture_adds_the_ko_shape() {
        let b = board(
            "
            . . . . . .
            . O X . . .
            O . O X . .
            . O X . . .
            . . . . . .
            . . . . . .
        ",
        );
        let g = p(1, 2);
        let union = zone(&[(1, 2)]);
        let why = AndIllegal::KoCapture { captured: p(2, 2) };
        let z = dilate_and(&b, Color::Black, &union, &[(g, why)], &Zone::EMPTY);
        assert_eq!(
            b.zone_ascii(&z),
            "\
. * * . . .
* O X * . .
O * O X . .
* O X * . .
. . . . . .
. . . . . .
"
        );
    }

    /// The decisive-stone rule (goal `live`): a zone without any crucial defender stone gets the
    /// block of the lowest one.
    #[test]
    fn decisive_stone_rule_keeps_a_crucial_stone_in_the_zone() {
        let b = board(
            "
            . O . . .
            O O . . .
            . . . X .
            . . . . .
            . . . . .
        ",
        );
        let crucial = b.stones(Color::White);
        let z = dilate_and(&b, Color::Black, &zone(&[(3, 3)]), &[], &crucial);
        // The White block also gets a second liberty (border rule).
        assert_eq!(
            b.zone_ascii(&z),
            "\
* O * . .
O O . . .
. . . x .
. . . * .
. . . . .
"
        );
    }
}
