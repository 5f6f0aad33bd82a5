//! Benson's unconditional life (Benson 1976, "Life in the game of Go"; summarised in the appendix
//! "Unconditionally Alive" of the RZS paper, Shih et al. AAAI 2022).
//!
//! For a colour `c`: the *regions* are the maximal connected sets of points not occupied by `c`
//! (empty points and opponent stones). A region is *vital* to a block of `c` when every empty point
//! of the region is a liberty of that block. Starting from all blocks and all regions, repeat until
//! nothing changes: (1) drop every block with fewer than two vital regions among the remaining
//! regions; (2) drop every region that touches a dropped block. The blocks left are unconditionally
//! alive (UCA): the opponent cannot capture them even with unlimited consecutive moves.

use super::board::Board;
use super::color::Color;
use super::point::Point;
use super::zone::Zone;

/// One region of the colour examined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// All points of the region (empty points and opponent stones).
    pub points: Zone,
    /// Indices into [`Benson::blocks`] of the blocks that touch the region.
    pub touching: Vec<usize>,
    /// Indices into [`Benson::blocks`] of the blocks the region is vital to.
    pub vital_to: Vec<usize>,
    /// Still in the set after the fixed point (all touching blocks are alive).
    pub healthy: bool,
}

/// One block of the colour examined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    pub stones: Zone,
    /// Still in the set after the fixed point: unconditionally alive.
    pub alive: bool,
}

/// Benson's analysis of one colour on one board.
#[derive(Clone, Debug)]
pub struct Benson {
    pub color: Color,
    /// Blocks in ascending order of their lowest point.
    pub blocks: Vec<Block>,
    /// Regions in ascending order of their lowest point.
    pub regions: Vec<Region>,
}

/// Run Benson's algorithm for `color` on `board`. Blocks and regions are found with zone
/// operations (no per-point arrays: the goal test runs this at every node).
pub fn benson(board: &Board, color: Color) -> Benson {
    let size = board.size();
    let own = board.stones(color);
    let empty = board.empty_points();
    // Blocks with their liberties and neighbourhoods.
    let mut blocks = Vec::new();
    let mut libs = Vec::new();
    let mut around = Vec::new();
    let mut rest = own;
    while let Some(h) = rest.first() {
        let stones = board.block_stones(h);
        rest = rest.difference(&stones);
        let grown = stones.grow(size);
        libs.push(grown.intersection(&empty));
        around.push(grown);
        blocks.push(Block {
            stones,
            alive: true,
        });
    }

    // Regions: the connected parts of the points not of `color`.
    let mut regions = Vec::new();
    let mut rest = board.all_points().difference(&own);
    while let Some(start) = rest.first() {
        let mut seed = Zone::new();
        seed.insert(start);
        let points = seed.flood(&rest, size);
        rest = rest.difference(&points);
        let touching: Vec<usize> = (0..blocks.len())
            .filter(|&b| around[b].intersects(&points))
            .collect();
        let empties = points.intersection(&empty);
        let vital_to = touching
            .iter()
            .copied()
            .filter(|&b| empties.is_subset(&libs[b]))
            .collect();
        regions.push(Region {
            points,
            touching,
            vital_to,
            healthy: true,
        });
    }

    // The fixed point.
    let (alive, healthy) = fixed_point(
        blocks.len(),
        regions.len(),
        |r| &regions[r].touching,
        |r| &regions[r].vital_to,
    );
    for (block, a) in blocks.iter_mut().zip(alive) {
        block.alive = a;
    }
    for (region, h) in regions.iter_mut().zip(healthy) {
        region.healthy = h;
    }

    Benson {
        color,
        blocks,
        regions,
    }
}

/// Benson's fixed point over `units` (blocks, or chains of blocks) and `regions` regions, given
/// each region's touching units and the units it is vital to: repeat until nothing changes,
/// (1) drop every unit with fewer than two vital regions among the remaining regions, (2) drop
/// every region touching a dropped unit. Which units are left, and which regions.
pub(crate) fn fixed_point<'a>(
    units: usize,
    regions: usize,
    touching: impl Fn(usize) -> &'a [usize],
    vital_to: impl Fn(usize) -> &'a [usize],
) -> (Vec<bool>, Vec<bool>) {
    let mut alive = vec![true; units];
    let mut healthy = vec![true; regions];
    loop {
        let mut changed = false;
        for (u, a) in alive.iter_mut().enumerate() {
            if !*a {
                continue;
            }
            let vital = (0..regions)
                .filter(|&r| healthy[r] && vital_to(r).contains(&u))
                .count();
            if vital < 2 {
                *a = false;
                changed = true;
            }
        }
        for (r, h) in healthy.iter_mut().enumerate() {
            if *h && touching(r).iter().any(|&u| !alive[u]) {
                *h = false;
                changed = true;
            }
        }
        if !changed {
            return (alive, healthy);
        }
    }
}

/// The `color` stones of `board` that stay unconditionally alive whatever is played in
/// `region` ([`Benson::lasting_safe`]).
pub fn lasting_safe(board: &Board, color: Color, region: &Zone) -> Zone {
    benson(board, color).lasting_safe(board, region)
}

impl Benson {
    /// The stones of `board` (the position this was computed on) that stay unconditionally
    /// alive whatever is played in `region`: the blocks whose UCA component
    /// ([`Benson::component`]: the smallest self-sufficient set of blocks with their vital
    /// regions) holds no point of `region` but stones. Nobody can play in those vital regions,
    /// so the set keeps them on every line of a search in `region` (the outside watch of
    /// open-boundary claims exempts these blocks).
    pub fn lasting_safe(&self, board: &Board, region: &Zone) -> Zone {
        let own = board.stones(self.color);
        let mut safe = Zone::new();
        for block in self.blocks.iter().filter(|b| b.alive) {
            let Some(component) = block.stones.first().and_then(|p| self.component(p)) else {
                continue;
            };
            if !component.difference(&own).intersects(region) {
                safe.union_with(&block.stones);
            }
        }
        safe
    }

    /// All unconditionally alive stones.
    pub fn alive_stones(&self) -> Zone {
        let mut z = Zone::new();
        for b in self.blocks.iter().filter(|b| b.alive) {
            z.union_with(&b.stones);
        }
        z
    }

    /// Is the stone on `p` unconditionally alive?
    pub fn is_alive(&self, p: Point) -> bool {
        self.blocks.iter().any(|b| b.alive && b.stones.contains(p))
    }

    /// Any alive stone at all?
    pub fn any_alive(&self) -> bool {
        self.blocks.iter().any(|b| b.alive)
    }

    /// The healthy regions vital to block `b`.
    pub fn vital_regions(&self, b: usize) -> impl Iterator<Item = &Region> {
        self.regions
            .iter()
            .filter(move |r| r.healthy && r.vital_to.contains(&b))
    }

    /// The smallest self-sufficient UCA component containing the alive stone on `p`: the block of
    /// `p`, its vital regions, every block touching those regions, their vital regions, and so on.
    /// Every block of the component keeps two vital regions enclosed by component blocks whatever
    /// happens outside it, so the component is a relevance zone of the win (RZ-1). `None` when
    /// the stone on `p` is not alive.
    pub fn component(&self, p: Point) -> Option<Zone> {
        let first = self
            .blocks
            .iter()
            .position(|b| b.alive && b.stones.contains(p))?;
        let mut zone = Zone::new();
        let mut in_component = vec![false; self.blocks.len()];
        let mut stack = vec![first];
        in_component[first] = true;
        while let Some(b) = stack.pop() {
            zone.union_with(&self.blocks[b].stones);
            for r in self.vital_regions(b) {
                zone.union_with(&r.points);
                for &t in &r.touching {
                    if !in_component[t] {
                        in_component[t] = true;
                        stack.push(t);
                    }
                }
            }
        }
        Some(zone)
    }

    /// ASCII life map: alive stones as `X`/`O`, other stones lower-case, points of healthy regions
    /// vital to some alive block as `*`, other points `.`.
    pub fn to_ascii(&self, board: &Board) -> String {
        let alive = self.alive_stones();
        let mut vital = Zone::new();
        for r in self
            .regions
            .iter()
            .filter(|r| r.healthy && !r.vital_to.is_empty())
        {
            vital.union_with(&r.points);
        }
        board.to_ascii_with(|p| match board.color_at(p) {
            Some(c) if c == self.color && alive.contains(p) => Some(c.ascii()),
            Some(c) if c == self.color => Some(c.ascii().to_ascii_lowercase()),
            _ if vital.contains(p) => Some('*'),
            Some(c) => Some(c.ascii().to_ascii_lowercase()),
            None => Some('.'),
        })
    }
}
