//! Static life and death: the goal test ends a line when every decisive
//! point of the defender lies in small areas enclosed by unconditionally alive attacker stones
//! that the attacker can empty whatever the defender does. One rule, with a zone, proven sound
//! below for every goal; the checker re-derives each such leaf with its own code
//! (`checker_static.rs`).
//!
//! # Areas
//! Let `U` be the attacker's unconditionally alive stones (Benson 1976, [`crate::go::benson`])
//! and its *anchored* blocks ([`anchored`]: an empty neighbour outside the problem's region,
//! which no play of the problem fills), the *walls*. An **area** is a connected component of the on-board points outside `U`, of at
//! most [`local::MAX_AREA`] (8) points ([`area`]): every neighbour outside it is a wall stone or
//! the edge. It may hold empty points, defender stones and attacker stones (never a wall stone,
//! so an attacker stone inside is not joined to a wall). Its **local game** ([`local`],
//! [`game`]) is played inside it alone: a move elsewhere is a pass for it, and nothing outside
//! can change it, since its neighbours are walls that are never captured (below) and its blocks'
//! liberties are its own points. Only points of the problem's region are played (the others are
//! not playable in the local game either). In an open-boundary problem
//! ([`crate::problem::Problem::is_open`]) a real game's defender may play outside the region,
//! so there every area must lie inside it ([`rule::StaticRule::for_open_region`]); then no
//! outside play touches an area, and the argument below holds on the whole board. In it:
//! - the **defender moves first**, may play any non-suicide point, **retakes any ko at once**,
//!   and may pass;
//! - the attacker may play any non-suicide point that its simple-ko ban allows and that is
//!   **not a ko capture**, and **never passes**. An attacker stone next to a wall joins it: it
//!   has a liberty for ever.
//!
//! The defender's options include those of every ko rule (`allow`, `disallow`, `master`) and
//! every move in the search; the attacker's are legal under every ko rule. The attacker
//! *wins* a position when it forces, in a bounded number of moves (a cycle counts for the
//! defender: the least fixed point, [`game`]), its [`verdict::Target`]: **capture** (no defender
//! stone left in the area) or **seal** (no defender stone left and no legal defender play, so
//! the defender can never come back). A won position has a *rank* (the moves the attacker
//! needs) that its winning replies strictly lower.
//!
//! # The rule ([`rule`])
//! The **decisive points**: for the goals with crucial stones, the crucial points holding a
//! defender stone, or in the region and not wall stones (empty, or a capturable attacker stone,
//! where a defender stone could appear); for `live-any`/`kill-all`, every defender stone and
//! every empty point of the region. The defender is **statically dead** when, with superko off:
//! 1. every decisive point lies in an area of at most 8 points (the *decisive areas*);
//! 2. every living attacker block that is not anchored keeps at least two healthy vital
//!    regions (Benson) that meet no decisive area;
//! 3. every decisive area is won by the attacker for the target **capture** when there is one
//!    decisive area and the goal has crucial stones, for **seal** otherwise;
//! 4. for `live`/`kill` (seki is life), some decisive area is *ban-proof*: the attacker moving
//!    first has a move that leaves it won, and either two such moves or one that no simple-ko ban
//!    can forbid (no lone defender stone next to it has it as its only liberty).
//!
//! The node is then decided: the defender fails (a failure of the OR player for `live`,
//! `live-uca`, `live-any`; a win for `kill`, `kill-uca`, `kill-all`).
//!
//! # Why it is sound
//! The search's game is a reachability game: the OR player wins when it forces a winning leaf
//! in finitely many moves (a repetition fails it, so it must force one without cycling); the AND
//! player wins otherwise. So the rule must give the attacker a strategy that, from the node,
//! forces a leaf of its own in finitely many moves and never lets the defender reach one.
//!
//! **The walls stay.** An anchored wall keeps its empty neighbour outside the region on every
//! line (nobody plays there, and stones joined to the block keep it), so it is never captured;
//! (2) is not asked of it. For the living ones: the attacker plays only inside the decisive
//! areas. Take the first
//! living attacker block (stones joined to it since included) the defender would ever capture,
//! by a play on `p`. By (2) it has two healthy vital regions `R1`, `R2` that meet no area; say
//! `p ∉ R2`. The attacker never plays in `R2`, so its empty points stay liberties of the block
//! (defender stones in `R2` have their liberties in `R2` and are never captured); the block
//! loses its last liberty only if `R2` is full of defender stones before `p`, which would then
//! have no liberty: impossible. So no wall is ever captured, the areas stay closed, and each
//! area's local game is exactly what happens in it. (Without (2) an area could be the wall's
//! own vital region and the attacker's captures inside it could leave the wall with one eye.)
//!
//! **The strategy.** The attacker answers a defender move in an area by its winning local
//! reply there; a defender pass or move outside the areas by the winning reply to a pass in one
//! area not yet at its target (never by a pass: a reply that lowers the rank is a play). Each
//! exchange lowers one area's rank and leaves the others alone (a sealed area admits no defender
//! play, a captured area in capture mode is the only one), so the exchanges end; the positions
//! of the areas never repeat on the way (ranks fall), so no repetition can fail the attacker.
//! No decisive defender stone is ever unconditionally alive on the way: a UCA block cannot be
//! captured even if its owner passes for ever, but the strategy captures every defender stone
//! of the area against any play, passes included.
//!
//! **Per goal.**
//! - `live` / `kill` (seki is life). The game ends when no crucial point holds a defender stone
//!   (the capture leaf): in capture mode at the latest when the one decisive area is emptied
//!   (the other crucial points are wall stones, which stay, or outside the region without a
//!   defender stone, where nobody plays); in seal mode when every area is sealed. Two passes give
//!   the defender the game, so the attacker must never pass while crucial stones remain: its
//!   replies are plays, and with the attacker to move at the node it plays the ban-proof move of
//!   (4) (a ko ban forbids one point only, and only a point that is the sole liberty of a lone
//!   defender stone that has just captured there). A node with the defender to move *right after
//!   an attacker pass* would let the defender pass and win, but it never reaches the rule: the
//!   rule depends on the stones only, a pass leaves them as they were, and the node before the
//!   pass was decided by the same test first. (For `kill` the attacker is the OR player and never
//!   passes anyway; for `live` it is the AND player.)
//! - `live-uca` / `kill-uca`: as above, but two passes are the attacker's, so it may also pass:
//!   (4) is not needed.
//! - `live-any` / `kill-all`: every defender stone and every empty region point is in a decisive
//!   area (1), all in seal mode. Capturable attacker stones of the region elsewhere have no
//!   liberty in the region (an empty region point next to them would be in an area, whose
//!   neighbours are walls), so no defender stone can ever appear outside the areas. Once every
//!   area is sealed the defender can only pass and the attacker answers with a pass: two passes
//!   end the game with no living defender stone, the attacker's.
//!
//! **Attacker stones inside an area** are ordinary stones of the local game: the defender may
//! capture them (if not joined to a wall) and the attacker may give them liberties; an attacker
//! stone joined to a wall never dies. **Suicide** is illegal for both sides in the local game as
//! on the board, and captures are computed as on the board (an attacker block next to a wall
//! always has a liberty). **Ko**: the defender's retaking at once covers `master`, `allow` and
//! `disallow` for it; the attacker, never taking a ko and obeying the ban, is legal under every
//! rule. **Superko** is excluded: a play of the strategy could recreate an earlier position of
//! the line.
//!
//! # The zone
//! For an attacker win: the decisive areas; for every wall block next to them or on a crucial
//! point, its stones and the liberty outside the region that anchors it when it is anchored,
//! else its UCA component ([`crate::go::Benson::component`]); and the crucial points; the whole board for `live-any`/`kill-all` (a defender stone anywhere else would
//! matter). The goal test's caller closes it like every leaf zone (whole blocks, DL-1). In any
//! position with the same stones in the zone: the components keep the walls alive with the same
//! vital regions (the RZ argument of Benson components), so the areas are the same closed areas
//! with the same contents (an anchored block's stones and its liberty outside, which no play
//! changes, make the block anchored there too), (2) holds for the walls (their vital regions are in the components)
//! and for every other living block (an area can only be a vital region of a block next to it),
//! the decisive points are the same and the verdicts too.
//!
//! # The table
//! Every class of area (shape up to the 8 symmetries × which cells touch a wall, [`shapes`],
//! [`canon`]) of at most 8 points is solved in advance for every storable position ([`table`],
//! [`generate`], shipped as `assets/static_dead.bin`: 946 classes, 285,031 positions, 151 KB,
//! generated in about a second); the goal test makes one lookup ([`lookup`]). Areas with points
//! outside the region (the table assumes every point playable) are solved live and kept per
//! thread ([`cache`]).

pub mod anchored;
pub mod area;
pub mod cache;
pub mod canon;
pub mod game;
pub mod generate;
pub mod local;
pub mod lookup;
pub mod rule;
pub mod shapes;
pub mod table;
pub mod verdict;

pub use rule::StaticRule;
