//! Golden positions of the link rule, and its claim tried on played-out games: the opponent
//! plays random moves, as many in a row as it likes, the defender answers by the link strategy,
//! and no stone called safe is ever captured.

#![allow(clippy::unwrap_used)]

use super::*;
use crate::go::point::Move;
use crate::go::safe_points::properties::played_out;
use rand::{Rng, SeedableRng};

fn pt(x: usize, y: usize) -> Point {
    Point::new(x, y)
}

/// Two Black blocks with an eye each, joined by a bamboo joint: neither is unconditionally
/// alive, the chain is.
const BAMBOO: &str = ". X X . X X .
                      X X X . X X X
                      . . . . . . .
                      . . . . . . .
                      . . . . . . .
                      . . . . . . .
                      . . . . . . .";

#[test]
fn a_bamboo_joint_joins_two_one_eyed_blocks_into_a_living_chain() {
    let board = Board::from_ascii(BAMBOO).unwrap();
    let life = miai_life(&board, Color::Black);
    assert!(life.unconditional.is_empty());
    assert_eq!(life.safe, board.stones(Color::Black));
    assert_eq!(life.gained(), board.stones(Color::Black));
    assert_eq!(life.links.len(), 1);
    let points: Zone = [pt(3, 0), pt(3, 1)].into_iter().collect();
    assert_eq!(life.link_points(), points);
    // The support: the link and the two eyes.
    let eyes: Zone = [pt(0, 0), pt(6, 0)].into_iter().collect();
    assert_eq!(life.support, points.union(&eyes));
    // The counted points: the ten stones (the eyes are no territory of the static rule: their
    // blocks are not unconditionally alive).
    let counted = miai_safe_points(&board, Color::Black);
    assert_eq!(counted.stones, board.stones(Color::Black));
    assert!(counted.territory.is_empty());
    // White has nothing.
    assert!(miai_life(&board, Color::White).safe.is_empty());
}

#[test]
fn one_common_liberty_is_no_link() {
    // White on D6 leaves the two blocks one common liberty (D7): White D7 cuts them apart.
    let board = Board::from_ascii(
        ". X X . X X .
         X X X O X X X
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    )
    .unwrap();
    let life = miai_life(&board, Color::Black);
    assert!(life.links.is_empty());
    assert!(life.safe.is_empty());
    assert_eq!(
        miai_safe_points(&board, Color::Black),
        safe_points(&board, Color::Black)
    );
}

#[test]
fn a_link_in_a_closed_region_is_taken_when_it_gains() {
    // The gap D7-D5 is closed (every point beside a Black stone) and touches the lone stone
    // D4, which has no eye: Benson drops D4, then the gap's health, then both upper blocks.
    // The link D7/D6 spends the gap and joins the upper blocks' eyes A7 and G7; then D5/C4
    // links the lone stone to them as well.
    let board = Board::from_ascii(
        ". X X . X X .
         X X X . X X X
         . . X . X . .
         . . . X . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    )
    .unwrap();
    assert!(benson(&board, Color::Black).alive_stones().is_empty());
    let life = miai_life(&board, Color::Black);
    assert_eq!(life.safe, board.stones(Color::Black));
    let points: Zone = [pt(3, 0), pt(3, 1), pt(3, 2), pt(2, 3)]
        .into_iter()
        .collect();
    assert_eq!(life.link_points(), points);
    assert_stands(&board, Color::Black, 7, 300);
}

#[test]
fn unconditional_life_is_kept_and_its_eyes_are_never_link_points() {
    // Black's left group has two eyes (A8, C8) and is unconditionally alive; the right block
    // has one eye (H8) and joins it through the bamboo joint E8/E7, which touches no eye.
    let board = Board::from_ascii(
        ". X . X . X X .
         X X X X . X X X
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .",
    )
    .unwrap();
    let life = miai_life(&board, Color::Black);
    let left = board.block_stones(pt(1, 0));
    assert_eq!(life.unconditional, left);
    assert_eq!(life.safe, board.stones(Color::Black));
    let points: Zone = [pt(4, 0), pt(4, 1)].into_iter().collect();
    assert_eq!(life.link_points(), points);
    // The left group's eyes are safe regions (each point beside every block touching it):
    // they stay territory with the eleven stones.
    let counted = miai_safe_points(&board, Color::Black);
    let eyes: Zone = [pt(0, 0), pt(2, 0)].into_iter().collect();
    assert_eq!(counted.stones, board.stones(Color::Black));
    assert_eq!(counted.territory, eyes);
    assert_eq!(safe_points(&board, Color::Black).count(), 8);
    assert_stands(&board, Color::Black, 11, 300);
}

/// Play `games` random games from `board`: `attacker` (the colour other than `defender`)
/// plays random legal moves, the defender answers by the strategy of [`miai_life`] (links, pairs,
/// split regions) and passes otherwise;
/// no stone of [`miai_life`]'s safe stones is ever captured (checked after every move).
fn assert_stands(board: &Board, defender: Color, seed: u64, games: usize) {
    let life = miai_life(board, defender);
    let strategy = Strategy::of(&life);
    assert_strategy_keeps(board, defender, &life.safe, &strategy, seed, games);
}

/// Play `games` random games from `board`: the opponent of `defender` plays random legal
/// moves, the defender answers a play on one point of `links` by the other (when empty) and
/// passes otherwise; no stone of `kept` is ever captured (checked after every move). The
/// claim of every link rule (this module's, and the search's `knowledge::linked_life`).
pub(crate) fn assert_links_keep(
    board: &Board,
    defender: Color,
    kept: &Zone,
    links: &[[Point; 2]],
    seed: u64,
    games: usize,
) {
    let strategy = Strategy {
        links: links.to_vec(),
        pairs: Vec::new(),
        splits: Vec::new(),
    };
    assert_strategy_keeps(board, defender, kept, &strategy, seed, games);
}

/// The defender's strategy of a [`MiaiLife`]: links, pairs and split regions.
struct Strategy {
    links: Vec<[Point; 2]>,
    pairs: Vec<Pair>,
    splits: Vec<Split>,
}

/// What the strategy remembers: per split region, the answer it took (once the opponent has
/// played there).
type Memory = Vec<Option<usize>>;

impl Strategy {
    fn of(life: &MiaiLife) -> Strategy {
        Strategy {
            links: life.links.iter().map(|l| l.points).collect(),
            pairs: life.pairs.clone(),
            splits: life.splits.clone(),
        }
    }

    fn memory(&self) -> Memory {
        vec![None; self.splits.len()]
    }

    /// The answer to the opponent's move `p` (`b`: the board after it), if any.
    fn answer(&self, memory: &mut Memory, p: Point, b: &Board) -> Option<Point> {
        let linked = self.links.iter().find_map(|&[a, c]| match p {
            _ if a == p => Some(c),
            _ if c == p => Some(a),
            _ => None,
        });
        if linked.is_some() {
            return linked.filter(|&q| b.is_empty(q));
        }
        for (i, split) in self.splits.iter().enumerate() {
            if memory[i].is_none() && split.region.contains(p) {
                let k = split
                    .answers
                    .iter()
                    .position(|a| a.at == p)
                    .unwrap_or_else(|| {
                        panic!("no answer to {p:?} in a split region\n{}", b.to_ascii())
                    });
                memory[i] = Some(k);
                return Some(split.answers[k].answer);
            }
        }
        let split_pairs = self
            .splits
            .iter()
            .zip(memory.iter())
            .filter_map(|(s, m)| m.map(|k| &s.answers[k].pairs));
        self.pairs
            .iter()
            .chain(split_pairs.flatten())
            .find_map(|pair| {
                let [a, c] = pair.points;
                let other = match p {
                    _ if a == p => c,
                    _ if c == p => a,
                    _ => return None,
                };
                b.is_empty(pair.interior).then_some(other)
            })
            .filter(|&q| b.is_empty(q))
    }
}

/// Plays the opponent's move `p` and the strategy's answer (or a pass) on `b`.
fn attack_and_answer(
    strategy: &Strategy,
    memory: &mut Memory,
    b: &mut Board,
    defender: Color,
    p: Point,
) {
    b.play(defender.opponent(), Move::Play(p)).unwrap();
    match strategy.answer(memory, p, b) {
        Some(q) => b
            .play(defender, Move::Play(q))
            .unwrap_or_else(|e| panic!("the answer {q:?} is illegal: {e:?}\n{}", b.to_ascii())),
        None => b.play(defender, Move::Pass).unwrap(),
    }
}

/// [`assert_links_keep`] with the whole strategy: pairs answered while their interior point is
/// empty, split regions answered at the opponent's first move in them.
fn assert_strategy_keeps(
    board: &Board,
    defender: Color,
    kept: &Zone,
    strategy: &Strategy,
    seed: u64,
    games: usize,
) {
    if kept.is_empty() {
        return;
    }
    let attacker = defender.opponent();
    let size = board.size();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for game in 0..games {
        let mut b = board.clone();
        let mut memory = strategy.memory();
        for _ in 0..4 * size * size {
            let moves = b.legal_moves(attacker, None);
            if moves.is_empty() {
                break;
            }
            let p = moves[rng.random_range(0..moves.len())];
            attack_and_answer(strategy, &mut memory, &mut b, defender, p);
            assert!(
                kept.is_subset(&b.stones(defender)),
                "game {game}: a safe stone was captured\n{}\nfrom\n{}",
                b.to_ascii(),
                board.to_ascii()
            );
        }
    }
}

#[test]
fn the_bamboo_joint_stands_random_attacks() {
    let board = Board::from_ascii(BAMBOO).unwrap();
    assert_stands(&board, Color::Black, 1, 300);
}

/// The rule's claim on played-out games of 5x5 to 9x9: wherever it gains stones over
/// Benson's, random attacks (the opponent moving as often as it likes) capture none of them.
#[test]
fn gained_stones_stand_random_attacks_on_played_out_games() {
    let mut gained = 0;
    for seed in 0..400u64 {
        let size = 5 + (seed % 5) as usize;
        let board = played_out(seed, size, (seed as usize * 7) % (3 * size * size));
        for c in Color::ALL {
            let life = miai_life(&board, c);
            if life.gained().is_empty() {
                continue;
            }
            gained += 1;
            assert_stands(&board, c, seed, 40);
        }
    }
    // The law says little if the sample never gains: it does, often.
    assert!(gained >= 20, "only {gained} positions gained stones");
}

/// Whatever is gained, the counted points never lose to the static rule's, and they are the
/// colour's stones and territory only.
#[test]
fn the_counted_points_are_at_least_the_static_ones() {
    for seed in 0..200u64 {
        let board = played_out(seed, 9, 2 * 81);
        for c in Color::ALL {
            let statics = safe_points(&board, c);
            let counted = miai_safe_points(&board, c);
            assert!(counted.count() >= statics.count());
            assert!(counted.stones.is_subset(&board.stones(c)));
            assert!(!counted.territory.intersects(&board.stones(c)));
            assert!(statics.stones.is_subset(&counted.stones));
        }
    }
}

/// The rule knows colours only as defender and opponent: the board with its colours swapped
/// gives the other colour the same stones and points.
#[test]
fn the_colours_swapped_swap_the_safe_points() {
    for seed in 0..100u64 {
        let board = played_out(seed, 9, 2 * 81);
        let swapped =
            Board::with_stones(9, &board.stones(Color::White), &board.stones(Color::Black));
        for c in Color::ALL {
            assert_eq!(
                miai_life(&board, c).safe,
                miai_life(&swapped, c.opponent()).safe
            );
            assert_eq!(
                miai_safe_points(&board, c).points(),
                miai_safe_points(&swapped, c.opponent()).points()
            );
        }
    }
}

/// One Black block with a one-point eye (F7) and a square region three rows deep between two of
/// its walls (A6-C4): Benson counts one eye; the pairs make the middle row's two points beside
/// no Black stone (A5, B5) liberties whenever White approaches them, so the region is an eye
/// and the block lives. The square is too small to split into two eyes by one answer.
#[test]
fn pairs_make_a_region_three_rows_deep_vital() {
    let board = Board::from_ascii(
        "X X X X X . X
         . . . X X X X
         . . . X . . .
         . . . X . . .
         X X X X . . .
         . . . . . . .
         . . . . . . .",
    )
    .unwrap();
    let life = miai_life(&board, Color::Black);
    assert!(life.unconditional.is_empty());
    assert_eq!(life.safe, board.stones(Color::Black));
    assert!(life.links.is_empty());
    assert!(life.splits.is_empty());
    let interiors: Zone = life.pairs.iter().map(|p| p.interior).collect();
    assert_eq!(interiors, [pt(0, 2), pt(1, 2)].into_iter().collect());
    // Each pair: two liberties of the block beside its interior point, no point twice.
    let liberties = board
        .stones(Color::Black)
        .grow(7)
        .intersection(&board.empty_points());
    let mut used = Zone::new();
    for p in &life.pairs {
        for q in p.points {
            assert!(p.interior.neighbors().contains(&q));
            assert!(liberties.contains(q));
            assert!(used.insert(q));
        }
    }
    assert_stands(&board, Color::Black, 3, 300);
}

/// One Black block round a straight five (A6-E6), its only region: whatever White plays there
/// first, one answer leaves two eyes (White on the middle point C6 is answered beside it).
/// A region three rows deep gets no such answer: one stone never cuts it in two.
#[test]
fn a_straight_five_gives_two_eyes() {
    let board = Board::from_ascii(
        "X X X X X X X
         . . . . . X X
         X X X X X X X
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    )
    .unwrap();
    let life = miai_life(&board, Color::Black);
    assert!(life.unconditional.is_empty());
    assert_eq!(life.safe, board.stones(Color::Black));
    assert!(life.pairs.is_empty());
    assert_eq!(life.splits.len(), 1);
    let five: Zone = (0..5).map(|x| pt(x, 1)).collect();
    assert_eq!(life.splits[0].region, five);
    assert_eq!(life.splits[0].answers.len(), 5);
    let middle = life.splits[0]
        .answers
        .iter()
        .find(|a| a.at == pt(2, 1))
        .unwrap();
    assert!([pt(1, 1), pt(3, 1)].contains(&middle.answer));
    assert_stands(&board, Color::Black, 3, 300);
    // A straight four is two eyes as well; a straight three is not.
    let mut four = board.clone();
    four.play(Color::Black, Move::Play(pt(4, 1))).unwrap();
    assert_eq!(
        miai_life(&four, Color::Black).safe,
        four.stones(Color::Black)
    );
    let mut three = four.clone();
    three.play(Color::Black, Move::Play(pt(3, 1))).unwrap();
    assert!(miai_life(&three, Color::Black).safe.is_empty());
    // Three rows deep: no single answer cuts the region.
    let deep = Board::from_ascii(
        "X X X X X X X X X
         . . . . . . X . .
         . . . . . . X . .
         . . . . . . X . .
         X X X X X X X . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    )
    .unwrap();
    assert!(miai_life(&deep, Color::Black).safe.is_empty());
}

#[test]
fn an_interior_stone_without_a_pair_takes_the_pairs() {
    // White C7 stands on an interior point whose pair would need C8, where White stands too:
    // the region is not vital by pairs (whatever the rest of the rule reads, the strategy
    // holds). With C8 empty, C7 has its pair and the region is vital by pairs.
    let board = Board::from_ascii(
        "X X X X X X X X .
         . . . . . . X X X
         . . . . . . X X X
         . . . . . . X X X
         X X X X X X X X X
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    )
    .unwrap();
    let mut one = board.clone();
    one.play(Color::White, Move::Play(pt(2, 2))).unwrap();
    let life = miai_life(&one, Color::Black);
    assert_eq!(life.safe, one.stones(Color::Black));
    assert!(life.pairs.iter().any(|p| p.interior == pt(2, 2)));
    assert_stands(&one, Color::Black, 7, 300);
    let mut two = one.clone();
    two.play(Color::White, Move::Play(pt(2, 1))).unwrap();
    let life = miai_life(&two, Color::Black);
    assert!(life.pairs.is_empty());
    assert_stands(&two, Color::Black, 7, 300);
}

/// A random small board built round a region for pairs: a random connected region walled by
/// Black, one more Black eye somewhere, the rest random, White stones on some of the region's
/// points (mostly beside the wall); blocks without liberties removed.
fn walled_region_board(seed: u64) -> Board {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let size = 5 + (seed % 2) as usize;
    let all = Zone::full(size);
    let mut region = Zone::new();
    let mut p = pt(rng.random_range(0..size), rng.random_range(0..size));
    region.insert(p);
    for _ in 0..rng.random_range(5..10) {
        let next = p.neighbors()[rng.random_range(0..4)];
        if all.contains(next) {
            region.insert(next);
            p = next;
        }
    }
    let wall = region.grow(size).intersection(&all).difference(&region);
    let mut black = wall;
    let mut white = Zone::new();
    let rest = all.difference(&region).difference(&wall);
    if let Some(eye) = rest.iter().nth(rng.random_range(0..rest.len().max(1))) {
        let ring = Zone::from_iter([eye]).grow(size).intersection(&all);
        black.union_with(&ring.difference(&region).difference(&Zone::from_iter([eye])));
    }
    for q in rest.difference(&black).iter() {
        match rng.random_range(0..10) {
            0..=3 => {}
            4..=6 => {
                black.insert(q);
            }
            _ => {
                white.insert(q);
            }
        }
    }
    // White stones beside the wall, and now and then off it (which takes the pairs away).
    let beside_wall = black.grow(size);
    for q in region.iter() {
        let one_in = if beside_wall.contains(q) { 5 } else { 25 };
        if rng.random_range(0..one_in) == 0 {
            white.insert(q);
        }
    }
    let black = black.difference(&white);
    let mut board = Board::with_stones(size, &black, &white);
    board.clear_blocks_without_liberties();
    board
}

/// The strategy (links, pairs, splits) against *every* sequence of White moves (Black answering
/// or passing) on small boards where pairs or splits make stones safe: no safe stone is ever
/// captured.
#[test]
fn pairs_hold_against_every_attack_on_small_boards() {
    let mut checked = 0;
    let mut with_splits = 0;
    for seed in 0..20_000u64 {
        let board = walled_region_board(seed);
        let life = miai_life(&board, Color::Black);
        if (life.pairs.is_empty() && life.splits.is_empty()) || board.empty_points().len() > 11 {
            continue;
        }
        with_splits += usize::from(!life.splits.is_empty());
        let strategy = Strategy::of(&life);
        let mut seen = std::collections::HashSet::new();
        let start = (board.clone(), strategy.memory());
        seen.insert((board.hash(), start.1.clone()));
        let mut stack = vec![start];
        while let Some((b, memory)) = stack.pop() {
            for p in b.legal_moves(Color::White, None) {
                let mut next = b.clone();
                let mut m = memory.clone();
                attack_and_answer(&strategy, &mut m, &mut next, Color::Black, p);
                assert!(
                    life.safe.is_subset(&next.stones(Color::Black)),
                    "seed {seed}: a safe stone was captured\n{}\nfrom\n{}",
                    next.to_ascii(),
                    board.to_ascii()
                );
                if seen.insert((next.hash(), m.clone())) {
                    stack.push((next, m));
                }
            }
        }
        checked += 1;
    }
    eprintln!("{checked} boards with pairs or splits, {with_splits} with splits");
    assert!(checked >= 100, "only {checked} boards with pairs or splits");
    assert!(with_splits >= 30, "only {with_splits} boards with splits");
}

#[test]
fn a_region_that_answers_could_fill_is_not_vital() {
    // White's F4 is linked to the large block by F5/G4. F5's region is that point alone: when
    // Black plays G4, White's answer fills it, so it is no eye (the random attacks found it).
    let board = Board::from_ascii(
        "X . X X X O .
         X X X O O O O
         X . X O O . O
         O X X O X O .
         O O O X X X O
         . O X . X . X
         O O O X . X X",
    )
    .unwrap();
    let life = miai_life(&board, Color::White);
    assert!(life.safe.is_empty(), "{:?}", life.safe);
    assert_stands(&board, Color::White, 0, 40);
}

#[test]
fn a_split_region_is_no_territory_of_the_linked_count() {
    // The row of Black stones lives by Benson (the straight four A7-D7 and F7); the six
    // stones below are linked to it (they share A6-F6 with the row) and gained. The straight
    // four is then also a split region of the gained chain, whose answers could meet the
    // territory's fills there: it is counted as no territory; F7 still is.
    let board = Board::from_ascii(
        ". . . . X . X
         X X X X X X X
         . . . . . . .
         X X X X X X .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    )
    .unwrap();
    let life = miai_life(&board, Color::Black);
    assert_eq!(life.gained(), (0..6).map(|x| pt(x, 3)).collect());
    let four: Zone = (0..4).map(|x| pt(x, 0)).collect();
    assert!(life.splits.iter().any(|s| s.region == four));
    let counted = miai_safe_points(&board, Color::Black);
    assert_eq!(counted.stones, board.stones(Color::Black));
    assert_eq!(counted.territory, [pt(5, 0)].into_iter().collect());
    assert_stands(&board, Color::Black, 9, 200);
}
