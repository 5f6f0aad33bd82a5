//! The RZ pattern table kept on disk (`--rzt FILE`): every win the pattern
//! tables ([`crate::solver::knowledge::pattern_table`]) proved, in sections by the game they were proven in
//! ([`RulesKey`]: board size, OR player, goal, crucial stones, region, both ko rules), so that a
//! later solve of the same game starts with what earlier solves proved. A game that differs
//! only in its region (the research files' regions are their problems' empty points, so every
//! 7x7 opening is a game of its own) is served too, with the wins whose zones meet both
//! regions alike ([`serves_region`]), and every win is served turned and mirrored as well
//! (the eight symmetries of the board, where they keep the crucial stones), since Go's rules
//! do not see the turn.
//!
//! A [`PatternStore`] is shared by every solve of a run through a [`PatternStoreHandle`] in
//! [`crate::solver::SolveConfig::pattern_store`]: [`crate::solver::Solver::new`] seeds its pattern table with a copy of
//! its game's section ([`PatternStoreHandle::seed`]) and [`crate::solver::Solver::solve`] merges its
//! table back when it ends, whatever the result (a stopped or failed solve proved wins too;
//! [`PatternStoreHandle::merge`]). A section is bounded like a solver's table (its
//! `max_entries`, the least used zones dropped), and the store by [`FULL_SECTIONS`] full
//! sections (the games least recently seeded or merged dropped). Nothing is seeded or merged under superko (the
//! table is off), without dilation (zones then prove nothing), or after a solve that had to be
//! run again without the table (its table is dropped, see [`crate::solver::Solver::solve`]).
//!
//! A loaded entry is only ever used where the node's own stones inside the zone, side to move,
//! pass state and ko point equal the stored ones (the table compares the patterns, not only
//! their hashes), and only within its proof length; the proof built with it is checked like
//! any other.
//!
//! File format: a [table file](crate::solver::knowledge::table_file) of kind [`KIND`]
//! (little-endian), written atomically ([`crate::atomic_file`]):
//! ```text
//! magic      8 bytes  "TSRZTABL"
//! version    u32      FORMAT_VERSION
//! sections   u32      (field 0)
//! body_len   u64      bytes after the header
//! checksum   u64      FNV-1a 64 of the body
//! body       sections x {
//!   size u8, or_player u8 (0 black, 1 white),
//!   goal, ko_black, ko_white: each a name (`Goal::name`, `KoRule::name`) as u8 length + bytes,
//!   crucial bitmap, region bitmap,
//!   zones u32, zones x {
//!     zone bitmap, uses u64, count u32, count x {
//!       flags u8 (bit 0: White to move, bit 1: after a pass),
//!       ko u16 (0: none, else 1 + y * size + x), best u16 (0: none, 1: pass, else 2 + y * size + x),
//!       dist u32,
//!       black, white: one bit per point of the zone (in point order), each padded to a byte
//!     }
//!   }
//! }
//! ```
//! A bitmap is `size * size` bits, row by row from the top-left corner, padded to a byte with
//! zero bits. Sections are sorted by their context bytes and records by
//! [`PatternTable::records`]'s order, so the same entries make the same file.

use crate::go::{ByColor, Color, Move, Point, Symmetry, Zone};
use crate::problem::{Goal, KoRule, Problem, RulesKey};
use crate::solver::knowledge::pattern_table::{PatternRecord, PatternTable};
use crate::solver::knowledge::table_file::{self, BodyLen, Check, TableFileError, TableKind};
use std::collections::HashMap;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use thiserror::Error;

/// Bumped whenever the format or the meaning of an entry changes.
pub const FORMAT_VERSION: u32 = 1;

/// The pattern store's kind of table file.
pub static KIND: TableKind = TableKind {
    name: "RZ pattern table",
    a_name: "an RZ pattern table",
    magic: *b"TSRZTABL",
    oldest: FORMAT_VERSION,
    version: FORMAT_VERSION,
    fields: 1,
    body_len: BodyLen::Stored,
};

/// Why the bytes of a file are no pattern table this program can use.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FormatError {
    /// The container: magic, version, length, checksum.
    #[error(transparent)]
    File(#[from] TableFileError),
    #[error("RZ pattern table corrupt: section {section}: {what}")]
    Invalid { section: usize, what: String },
}

/// Why `--rzt`'s file cannot be used or written (the message names the file).
#[derive(Debug, Error)]
pub enum RztError {
    #[error("cannot read the RZ pattern table {}: {error}", path.display())]
    Read { path: PathBuf, error: io::Error },
    #[error("cannot write the RZ pattern table {}: {error}", path.display())]
    Write { path: PathBuf, error: io::Error },
    #[error("{}: {reason}; refused (move it away or name another file)", path.display())]
    Refused { path: PathBuf, reason: FormatError },
}

/// A store holds at most about this many full sections' entries (`max_entries` each): past
/// it, the games least recently seeded or merged are dropped (one job's games are a claim and
/// its opposite with their ko variants; a bench over many problems makes many games).
pub const FULL_SECTIONS: usize = 4;

/// Proven wins by the game they were proven in; see the module documentation.
pub struct PatternStore {
    sections: HashMap<RulesKey, PatternTable>,
    /// When each game was last seeded from or merged into (`clock` then); loaded games: 0.
    used: HashMap<RulesKey, u64>,
    clock: u64,
    /// Bound of each section's table.
    max_entries: usize,
}

impl PatternStore {
    /// An empty store whose sections hold at most about `max_entries` entries each.
    pub fn new(max_entries: usize) -> PatternStore {
        PatternStore {
            sections: HashMap::new(),
            used: HashMap::new(),
            clock: 0,
            max_entries,
        }
    }

    /// The store in the file `path` (a missing file: an empty store), its sections bounded by
    /// `max_entries`. A file of another kind or version, corrupt or truncated, is refused.
    pub fn open(path: &Path, max_entries: usize) -> Result<PatternStore, RztError> {
        match std::fs::read(path) {
            Ok(bytes) => {
                PatternStore::from_bytes(&bytes, max_entries).map_err(|reason| RztError::Refused {
                    path: path.to_path_buf(),
                    reason,
                })
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(PatternStore::new(max_entries)),
            Err(error) => Err(RztError::Read {
                path: path.to_path_buf(),
                error,
            }),
        }
    }

    /// Write the store to `path` atomically.
    pub fn save(&self, path: &Path) -> Result<(), RztError> {
        crate::atomic_file::write_atomically(path, &self.to_bytes()).map_err(|error| {
            RztError::Write {
                path: path.to_path_buf(),
                error,
            }
        })
    }

    /// Wins held, all sections.
    pub fn len(&self) -> usize {
        self.sections.values().map(PatternTable::wins).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Sections (games) held.
    pub fn sections(&self) -> usize {
        self.sections.len()
    }

    /// The section of `rules`' game.
    pub fn section(&self, rules: &RulesKey) -> Option<&PatternTable> {
        self.sections.get(rules)
    }

    /// A table for a solve of `problem`: a copy of its game's section bounded by
    /// `max_entries`, with fresh statistics, and the wins of the games that differ from it in
    /// the region only whose zones meet both regions alike ([`serves_region`]); all of them
    /// also turned and mirrored (the symmetries that keep the crucial stones, images checked
    /// against the regions likewise); `None`: no such section.
    pub fn seed(&mut self, problem: &Problem, max_entries: usize) -> Option<PatternTable> {
        let rules = RulesKey::of(problem);
        let size = rules.size;
        let mut sources: Vec<&RulesKey> = self
            .sections
            .keys()
            .filter(|k| same_but_region(k, &rules))
            .collect();
        // A fixed order (the map's is not), the own game first.
        sources.sort_by_key(|k| (**k != rules, context_bytes(k)));
        let mut table = match self.sections.get(&rules) {
            Some(own) => own.clone(),
            None if sources.is_empty() => return None,
            None => PatternTable::new(max_entries),
        };
        for source in sources {
            for symmetry in Symmetry::all() {
                if (*source == rules && symmetry == Symmetry::IDENTITY)
                    || symmetry.apply_zone(&rules.crucial, size) != rules.crucial
                {
                    continue;
                }
                let region = symmetry.apply_zone(&source.region, size);
                table.absorb_where(&self.sections[source], symmetry, size, |zone| {
                    serves_region(&symmetry.apply_zone(zone, size), &region, &rules.region)
                });
            }
        }
        self.clock += 1;
        self.used.insert(rules, self.clock);
        table.set_max_entries(max_entries);
        table.reset_stats();
        Some(table)
    }

    /// Keep the wins of `table`, proven in a solve of `problem`.
    pub fn merge(&mut self, problem: &Problem, table: &PatternTable) {
        self.merge_section(RulesKey::of(problem), table);
    }

    /// Keep every win of `other`, each game's in its section (a job's new wins, another
    /// process's snapshot).
    pub fn absorb_store(&mut self, other: &PatternStore) {
        let mut games: Vec<&RulesKey> = other.sections.keys().collect();
        games.sort_by_key(|k| context_bytes(k));
        for rules in games {
            self.merge_section(rules.clone(), &other.sections[rules]);
        }
    }

    fn merge_section(&mut self, rules: RulesKey, table: &PatternTable) {
        if table.is_empty() || self.max_entries == 0 {
            return;
        }
        let max_entries = self.max_entries;
        self.sections
            .entry(rules.clone())
            .or_insert_with(|| PatternTable::new(max_entries))
            .absorb(table);
        self.clock += 1;
        self.used.insert(rules.clone(), self.clock);
        self.bound_total(&rules);
    }

    /// Drop the games least recently used (ties: by their context bytes), never `keep`, until
    /// the store holds at most [`FULL_SECTIONS`] full sections' entries.
    fn bound_total(&mut self, keep: &RulesKey) {
        let bound = self.max_entries.saturating_mul(FULL_SECTIONS);
        let mut total: usize = self.sections.values().map(PatternTable::len).sum();
        while total > bound {
            let Some(oldest) = self
                .sections
                .keys()
                .filter(|&k| k != keep)
                .min_by_key(|&k| (self.used.get(k).copied().unwrap_or(0), context_bytes(k)))
                .cloned()
            else {
                return;
            };
            if let Some(dropped) = self.sections.remove(&oldest) {
                total -= dropped.len();
            }
            self.used.remove(&oldest);
        }
    }

    /// The store behind a handle, for the solves of a run to share.
    pub fn into_shared(self) -> PatternStoreHandle {
        PatternStoreHandle(Arc::new(Mutex::new(self)))
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut sections: Vec<(Vec<u8>, &PatternTable)> = self
            .sections
            .iter()
            .map(|(rules, table)| (context_bytes(rules), table))
            .collect();
        sections.sort_by(|a, b| a.0.cmp(&b.0));
        let mut body = Vec::new();
        for (context, table) in &sections {
            body.extend_from_slice(context);
            let size = usize::from(context[0]);
            let records = table.records();
            let mut zones: Vec<(Zone, u64, Vec<&PatternRecord>)> = Vec::new();
            for (r, uses) in &records {
                match zones.last_mut() {
                    Some((z, _, list)) if *z == r.zone => list.push(r),
                    _ => zones.push((r.zone, *uses, vec![r])),
                }
            }
            put_u32(&mut body, zones.len());
            for (zone, uses, list) in &zones {
                put_bitmap(&mut body, zone, size);
                body.extend_from_slice(&uses.to_le_bytes());
                put_u32(&mut body, list.len());
                for r in list {
                    let flags = u8::from(r.to_move == Color::White) | u8::from(r.passed) << 1;
                    body.push(flags);
                    let ko = r.ko.map_or(0, |p| 1 + point_code(p, size));
                    body.extend_from_slice(&ko.to_le_bytes());
                    let best = match r.best {
                        None => 0,
                        Some(Move::Pass) => 1,
                        Some(Move::Play(p)) => 2 + point_code(p, size),
                    };
                    body.extend_from_slice(&best.to_le_bytes());
                    body.extend_from_slice(&r.dist.to_le_bytes());
                    put_bits_over(&mut body, zone, &r.black);
                    put_bits_over(&mut body, zone, &r.white);
                }
            }
        }
        table_file::encode(&KIND, &[sections.len() as u32], &body)
    }

    /// Read and check a file's bytes: magic, version, length, checksum ([`table_file::read`]),
    /// then every section and record (rules known, points on the board, stones inside their
    /// zone, no stone of both colours, padding bits zero). Sections are bounded by
    /// `max_entries`.
    pub fn from_bytes(bytes: &[u8], max_entries: usize) -> Result<PatternStore, FormatError> {
        let file = table_file::read(&KIND, bytes, Check::Full)?;
        let (count, body) = (file.fields[0] as usize, file.body);
        let mut store = PatternStore::new(max_entries);
        let mut r = Reader { bytes: body, at: 0 };
        for section in 0..count {
            let invalid = |what: String| FormatError::Invalid { section, what };
            let (rules, table) = read_section(&mut r, max_entries).map_err(invalid)?;
            if store.sections.insert(rules, table).is_some() {
                return Err(invalid("a second section of the same game".to_string()));
            }
        }
        if r.at != body.len() {
            return Err(FormatError::Invalid {
                section: count,
                what: format!("{} bytes after the last section", body.len() - r.at),
            });
        }
        Ok(store)
    }
}

/// A [`PatternStore`] shared by the solves of a run (cheap to clone; equal when it is the same
/// store).
#[derive(Clone)]
pub struct PatternStoreHandle(Arc<Mutex<PatternStore>>);

impl PatternStoreHandle {
    /// Run `f` on the store (a solve that panicked while holding it left it usable: its
    /// changes are whole entries).
    pub fn with<T>(&self, f: impl FnOnce(&mut PatternStore) -> T) -> T {
        let mut store = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        f(&mut store)
    }

    /// [`PatternStore::seed`].
    pub fn seed(&self, problem: &Problem, max_entries: usize) -> Option<PatternTable> {
        self.with(|s| s.seed(problem, max_entries))
    }

    /// [`PatternStore::merge`].
    pub fn merge(&self, problem: &Problem, table: &PatternTable) {
        self.with(|s| s.merge(problem, table));
    }
}

impl PartialEq for PatternStoreHandle {
    fn eq(&self, other: &PatternStoreHandle) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl fmt::Debug for PatternStoreHandle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PatternStoreHandle")
    }
}

/// The context of a section as written.
/// Whether two games are the same but for their regions.
fn same_but_region(a: &RulesKey, b: &RulesKey) -> bool {
    a.size == b.size
        && a.or_player == b.or_player
        && a.goal == b.goal
        && a.crucial == b.crucial
        && a.ko_rules == b.ko_rules
}

/// Whether a win proven with `zone` in a game of region `proven_in` holds in the same game
/// with region `used_in`: the two regions agree inside the zone, so every move of the proof
/// inside the zone is legal in both and the moves either side may make inside it are the
/// same; moves outside the zone do not change the result (the relevance zone's definition),
/// wherever the regions put them.
pub fn serves_region(zone: &Zone, proven_in: &Zone, used_in: &Zone) -> bool {
    zone.intersection(proven_in) == zone.intersection(used_in)
}

fn context_bytes(rules: &RulesKey) -> Vec<u8> {
    let size = rules.size;
    let mut out = vec![size as u8, rules.or_player.index() as u8];
    for name in [
        rules.goal.name(),
        rules.ko_rules.black.name(),
        rules.ko_rules.white.name(),
    ] {
        out.push(name.len() as u8);
        out.extend_from_slice(name.as_bytes());
    }
    put_bitmap(&mut out, &rules.crucial, size);
    put_bitmap(&mut out, &rules.region, size);
    out
}

/// `y * size + x`.
fn point_code(p: Point, size: usize) -> u16 {
    (p.y() * size + p.x()) as u16
}

fn put_u32(out: &mut Vec<u8>, n: usize) {
    out.extend_from_slice(&(n as u32).to_le_bytes());
}

/// `zone` as a bitmap of the board.
fn put_bitmap(out: &mut Vec<u8>, zone: &Zone, size: usize) {
    put_bits(
        out,
        (0..size * size).map(|i| zone.contains(Point::new(i % size, i / size))),
    );
}

/// Which points of `zone` are in `sub`, in point order.
fn put_bits_over(out: &mut Vec<u8>, zone: &Zone, sub: &Zone) {
    put_bits(out, zone.iter().map(|p| sub.contains(p)));
}

fn put_bits(out: &mut Vec<u8>, bits: impl Iterator<Item = bool>) {
    let mut byte = 0u8;
    let mut n = 0usize;
    for bit in bits {
        byte |= u8::from(bit) << (n % 8);
        n += 1;
        if n.is_multiple_of(8) {
            out.push(byte);
            byte = 0;
        }
    }
    if !n.is_multiple_of(8) {
        out.push(byte);
    }
}

/// Reads a checked body; a read past the end is an invalid section.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| "ends in the middle of an entry".to_string())?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn u8(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, String> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self) -> Result<u32, String> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self) -> Result<u64, String> {
        let mut raw = [0u8; 8];
        raw.copy_from_slice(self.take(8)?);
        Ok(u64::from_le_bytes(raw))
    }

    /// A name: its length (u8), then its bytes.
    fn name(&mut self) -> Result<String, String> {
        let n = usize::from(self.u8()?);
        Ok(String::from_utf8_lossy(self.take(n)?).into_owned())
    }

    /// `n` bits, padded to a byte with zeros.
    fn bits(&mut self, n: usize) -> Result<Vec<bool>, String> {
        let bytes = self.take(n.div_ceil(8))?;
        let bits: Vec<bool> = (0..bytes.len() * 8)
            .map(|i| (bytes[i / 8] >> (i % 8)) & 1 == 1)
            .collect();
        if bits[n..].iter().any(|&b| b) {
            return Err("a padding bit is set".to_string());
        }
        Ok(bits[..n].to_vec())
    }

    fn bitmap(&mut self, size: usize) -> Result<Zone, String> {
        let mut zone = Zone::new();
        for (i, bit) in self.bits(size * size)?.into_iter().enumerate() {
            if bit {
                zone.insert(Point::new(i % size, i / size));
            }
        }
        Ok(zone)
    }

    /// The points of `zone` a bit set marks.
    fn bits_over(&mut self, zone: &Zone) -> Result<Zone, String> {
        let mut sub = Zone::new();
        for (p, bit) in zone.iter().zip(self.bits(zone.len())?) {
            if bit {
                sub.insert(p);
            }
        }
        Ok(sub)
    }

    /// A point code (`0`: none) past `base` reserved values.
    fn point(&mut self, code: u16, base: u16, size: usize) -> Result<Point, String> {
        let i = usize::from(code - base);
        if i >= size * size {
            return Err(format!("point code {code} is off a {size}x{size} board"));
        }
        Ok(Point::new(i % size, i / size))
    }
}

/// One section: its game and its table.
fn read_section(
    r: &mut Reader<'_>,
    max_entries: usize,
) -> Result<(RulesKey, PatternTable), String> {
    let size = usize::from(r.u8()?);
    if !(2..=crate::go::MAX_SIZE).contains(&size) {
        return Err(format!("board size {size}"));
    }
    let or_player = match r.u8()? {
        0 => Color::Black,
        1 => Color::White,
        c => return Err(format!("OR player {c}")),
    };
    let goal = r.name()?;
    let goal = Goal::from_name(&goal).ok_or_else(|| format!("goal {goal:?}"))?;
    let mut ko = [KoRule::Allow; 2];
    for rule in &mut ko {
        let k = r.name()?;
        *rule = KoRule::from_name(&k).ok_or_else(|| format!("ko rule {k:?}"))?;
    }
    let crucial = r.bitmap(size)?;
    let region = r.bitmap(size)?;
    let rules = RulesKey {
        size,
        or_player,
        goal,
        crucial,
        region,
        ko_rules: ByColor::new(ko[0], ko[1]),
    };
    let mut table = PatternTable::new(max_entries);
    let zones = r.u32()?;
    for _ in 0..zones {
        let zone = r.bitmap(size)?;
        if zone.is_empty() || zone == Zone::full(size) {
            return Err("a zone that is empty or the whole board".to_string());
        }
        let uses = r.u64()?;
        let count = r.u32()?;
        for _ in 0..count {
            let flags = r.u8()?;
            if flags > 3 {
                return Err(format!("entry flags {flags}"));
            }
            let ko = match r.u16()? {
                0 => None,
                code => Some(r.point(code, 1, size)?),
            };
            let best = match r.u16()? {
                0 => None,
                1 => Some(Move::Pass),
                code => Some(Move::Play(r.point(code, 2, size)?)),
            };
            let dist = r.u32()?;
            let black = r.bits_over(&zone)?;
            let white = r.bits_over(&zone)?;
            if black.intersects(&white) {
                return Err("a point with stones of both colours".to_string());
            }
            let record = PatternRecord {
                zone,
                black,
                white,
                to_move: if flags & 1 == 1 {
                    Color::White
                } else {
                    Color::Black
                },
                passed: flags & 2 == 2,
                ko,
                best,
                dist,
            };
            table.insert(&record, uses);
        }
    }
    Ok((rules, table))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::solver::fixtures::{board, zone};
    use crate::solver::SolveConfig;

    const CORNER: &str = "
        . O . O X . .
        O O O O X . .
        X X X X X . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    ";

    fn problem(or_player: Color) -> Problem {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
        let p = crate::problem::load(&dir.join("13-killall-7x7.sgf")).unwrap();
        if p.or_player() == or_player {
            p
        } else {
            p.flipped()
        }
    }

    fn corner_zone() -> Zone {
        zone(&[
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (0, 1),
            (1, 1),
            (2, 1),
            (3, 1),
        ])
    }

    /// A store with wins in the sections of both OR players.
    fn store() -> PatternStore {
        let b = board(CORNER);
        let mut black = PatternTable::new(1000);
        black.store(&b, Color::Black, false, &corner_zone(), None, 3);
        let mut wider = corner_zone();
        wider.insert(Point::new(4, 0));
        black.store(&b, Color::White, true, &wider, Some(Move::Pass), 4);
        let mut white = PatternTable::new(1000);
        let mut k = b.clone();
        k.play(Color::White, Move::Play(Point::new(6, 6))).unwrap();
        white.store(
            &k,
            Color::White,
            false,
            &corner_zone(),
            Some(Move::Play(Point::new(2, 0))),
            5,
        );
        let mut store = PatternStore::new(1000);
        store.merge(&problem(Color::Black), &black);
        store.merge(&problem(Color::White), &white);
        store
    }

    #[test]
    fn a_store_round_trips_through_its_bytes() {
        let store = store();
        assert_eq!((store.len(), store.sections()), (3, 2));
        let bytes = store.to_bytes();
        let again = PatternStore::from_bytes(&bytes, 1000).unwrap();
        assert_eq!(again.to_bytes(), bytes);
        for or in Color::ALL {
            let rules = RulesKey::of(&problem(or));
            assert_eq!(
                again.section(&rules).unwrap().records(),
                store.section(&rules).unwrap().records()
            );
        }
    }

    #[test]
    fn a_section_serves_only_its_own_game() {
        let mut store = store();
        let b = board(CORNER);
        let black = problem(Color::Black);
        // Each section holds a win the other has not: White to move here in the White OR
        // player's, Black to move in the Black one's.
        let mut seeded = store.seed(&black, 1000).unwrap();
        assert!(seeded
            .probe(&b, Color::Black, false, 3, &Zone::EMPTY)
            .is_some());
        assert_eq!(seeded.probe(&b, Color::White, false, 9, &Zone::EMPTY), None);
        // Another game: other ko rules, another OR player, another board size.
        let ko = black.clone().with_ko_rule(Color::Black, KoRule::Master);
        assert!(store.seed(&ko, 1000).is_none());
        let white = problem(Color::White);
        let mut other = store.seed(&white, 1000).unwrap();
        assert_eq!(other.probe(&b, Color::Black, false, 9, &Zone::EMPTY), None);
        assert!(other
            .probe(&b, Color::White, false, 9, &Zone::EMPTY)
            .is_some());
        let nine = crate::problem::load(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("problems")
                .join("18-rabbity-six-kill-9x9.sgf"),
        )
        .unwrap();
        assert!(store.seed(&nine, 1000).is_none());
    }

    /// `problem`'s game with `region` instead of its own.
    fn with_region(problem: &Problem, region: Zone) -> Problem {
        let mut setup = problem.to_setup();
        setup.region = Some(region);
        setup.validate().expect("a valid region")
    }

    /// `region` with `p` added when it is missing, else removed.
    fn toggled(mut region: Zone, p: Point) -> Zone {
        if !region.remove(p) {
            region.insert(p);
        }
        region
    }

    #[test]
    fn a_section_serves_the_same_game_in_another_region_where_they_agree_in_the_zone() {
        let b = board(CORNER);
        let black = problem(Color::Black);
        let region = black.region();
        let mut table = PatternTable::new(1000);
        table.store(&b, Color::Black, false, &corner_zone(), None, 3);
        let mut store = PatternStore::new(1000);
        store.merge(&black, &table);
        // Another region, the same inside the corner zone: the win is served.
        let agrees = toggled(region, Point::new(6, 6));
        assert!(serves_region(&corner_zone(), &region, &agrees));
        let mut seeded = store.seed(&with_region(&black, agrees), 1000).unwrap();
        assert!(seeded
            .probe(&b, Color::Black, false, 3, &Zone::EMPTY)
            .is_some());
        // A region that differs inside the zone: not served (no section at all then).
        let differs = toggled(region, Point::new(0, 0));
        assert!(!serves_region(&corner_zone(), &region, &differs));
        let differing = with_region(&black, differs);
        let served = store
            .seed(&differing, 1000)
            .and_then(|mut t| t.probe(&b, Color::Black, false, 3, &Zone::EMPTY));
        assert_eq!(served, None);
        // Turned and mirrored: in a game whose region is the whole board, the corner win
        // serves the other corners.
        let whole = with_region(&black, Zone::full(7));
        let mut store = PatternStore::new(1000);
        store.merge(&whole, &table);
        let mut own = store.seed(&whole, 1000).unwrap();
        for symmetry in Symmetry::all() {
            let turned = symmetry.apply_board(&b);
            let hit = own.probe(&turned, Color::Black, false, 3, &Zone::EMPTY);
            assert_eq!(
                hit.map(|w| w.zone),
                Some(symmetry.apply_zone(&corner_zone(), 7)),
                "{symmetry:?}"
            );
        }
        // Another ko rule is another game, whatever the region.
        let ko = with_region(&black, agrees).with_ko_rule(Color::Black, KoRule::Master);
        let mut store = PatternStore::new(1000);
        store.merge(&black, &table);
        assert!(store.seed(&ko, 1000).is_none());
    }

    #[test]
    fn the_games_least_recently_used_are_dropped_past_the_bound() {
        let b = board(CORNER);
        let mut table = PatternTable::new(20);
        for (to_move, passed) in [
            (Color::Black, false),
            (Color::White, false),
            (Color::Black, true),
        ] {
            table.store(&b, to_move, passed, &corner_zone(), None, 3);
        }
        // Three wins and the bucket's keep: 7 entries a game, at most 4 x 20 in the store.
        assert_eq!(table.len(), 7);
        let games: Vec<Problem> = Color::ALL
            .into_iter()
            .flat_map(|or| {
                KoRule::ALL.into_iter().flat_map(move |black| {
                    KoRule::ALL.into_iter().map(move |white| {
                        problem(or)
                            .with_ko_rule(Color::Black, black)
                            .with_ko_rule(Color::White, white)
                    })
                })
            })
            .take(12)
            .collect();
        let mut store = PatternStore::new(20);
        for game in &games[..11] {
            store.merge(game, &table);
        }
        assert_eq!(store.sections(), 11);
        // Game 0 is seeded again: game 1 is now the least recently used, and goes.
        assert!(store.seed(&games[0], 20).is_some());
        store.merge(&games[11], &table);
        assert_eq!(store.sections(), 11);
        assert!(store.section(&RulesKey::of(&games[1])).is_none());
        for i in [0, 2, 10, 11] {
            assert!(store.section(&RulesKey::of(&games[i])).is_some(), "{i}");
        }
    }

    #[test]
    fn damaged_or_foreign_bytes_are_refused() {
        let bytes = store().to_bytes();
        let err = |b: &[u8]| {
            PatternStore::from_bytes(b, 1000)
                .err()
                .map(|e| e.to_string())
        };
        let mut corrupt = bytes.clone();
        let last = corrupt.len() - 1;
        corrupt[last] ^= 0x40;
        assert_eq!(
            err(&corrupt).as_deref(),
            Some("RZ pattern table corrupt: checksum mismatch")
        );
        let n = bytes.len();
        assert_eq!(
            err(&bytes[..n - 5]),
            Some(format!(
                "RZ pattern table truncated: {n} bytes expected, {} found",
                n - 5
            ))
        );
        assert_eq!(
            err(&bytes[..10]).as_deref(),
            Some("RZ pattern table truncated: 32 bytes expected, 10 found")
        );
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            err(&longer),
            Some(format!(
                "RZ pattern table corrupt: 1 trailing bytes ({} bytes where {n} were expected)",
                n + 1
            ))
        );
        let mut foreign = bytes.clone();
        foreign[..8].copy_from_slice(b"TSSEKIDB");
        assert_eq!(
            err(&foreign).as_deref(),
            Some("not an RZ pattern table file (bad magic)")
        );
        assert_eq!(
            err(b"(;GM[1]SZ[19])").as_deref(),
            Some("not an RZ pattern table file (bad magic)")
        );
        let mut future = bytes.clone();
        future[8..12].copy_from_slice(&2u32.to_le_bytes());
        assert_eq!(
            err(&future).as_deref(),
            Some(
                "RZ pattern table written by a newer version (format 2, this build reads up to 1)"
            )
        );
        // A valid checksum over a body that does not parse.
        let (header, at) = (KIND.header_len(), KIND.checksum_at());
        let mut bad = bytes.clone();
        bad[header] = 40;
        let sum = table_file::fnv1a(&bad[header..]);
        bad[at..at + 8].copy_from_slice(&sum.to_le_bytes());
        assert_eq!(
            err(&bad).as_deref(),
            Some("RZ pattern table corrupt: section 0: board size 40")
        );
        // Goals are stored by name: one this program does not know is refused.
        let mut bad = bytes.clone();
        bad[header + 3] = b'x';
        let sum = table_file::fnv1a(&bad[header..]);
        bad[at..at + 8].copy_from_slice(&sum.to_le_bytes());
        let e = err(&bad).unwrap();
        assert!(
            e.starts_with("RZ pattern table corrupt: section 0: goal \"x"),
            "{e}"
        );
    }

    /// A store written by `solve --rzt` (15-bulky-five-kill, then 03-bent-three-kill) before
    /// the tables shared [`table_file`].
    const WRITTEN_BEFORE: &[u8] = include_bytes!("../../../tests/table_files/pattern_store_v1.rzt");

    #[test]
    fn a_store_written_before_the_shared_format_loads_and_writes_the_same_bytes() {
        let store = PatternStore::from_bytes(WRITTEN_BEFORE, 1_000_000).unwrap();
        assert_eq!((store.len(), store.sections()), (59, 2));
        assert!(store.to_bytes() == WRITTEN_BEFORE);
    }

    #[test]
    fn files_missing_written_and_refused() {
        let dir = std::env::temp_dir().join(format!("tsumego-rzt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("table.rzt");
        assert!(PatternStore::open(&path, 1000).unwrap().is_empty());
        store().save(&path).unwrap();
        assert_eq!(PatternStore::open(&path, 1000).unwrap().len(), 3);
        let mut bytes = std::fs::read(&path).unwrap();
        bytes.truncate(40);
        std::fs::write(&path, &bytes).unwrap();
        let e = PatternStore::open(&path, 1000).err().unwrap().to_string();
        assert_eq!(
            e,
            format!(
                "{}: RZ pattern table truncated: {} bytes expected, 40 found; refused (move it \
                 away or name another file)",
                path.display(),
                store().to_bytes().len()
            )
        );
        let e = store().save(&dir.join("missing/table.rzt")).err().unwrap();
        assert!(e
            .to_string()
            .starts_with("cannot write the RZ pattern table "));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_seeded_solver_starts_with_its_section_and_merges_back() {
        let black = problem(Color::Black);
        let handle = PatternStore::new(1000).into_shared();
        let config = SolveConfig {
            pattern_store: Some(handle.clone()),
            pattern_entries: 1000,
            ..SolveConfig::default()
        };
        assert!(config.initial_patterns(&black).is_empty());
        handle.with(|s| *s = store());
        assert_eq!(config.initial_patterns(&black).wins(), 2);
        let superko = SolveConfig {
            superko: true,
            ..config.clone()
        };
        assert!(!superko.initial_patterns(&black).is_enabled());
        let no_dilation = SolveConfig {
            dilation: false,
            ..config
        };
        assert!(no_dilation.initial_patterns(&black).is_empty());
    }
}
