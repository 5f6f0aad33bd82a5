//! Static life and death (issue 11, item 2): small areas enclosed by unconditionally alive
//! attacker stones, decided without search.
//!
//! This first part is the exhaustive solver of one area's **local game** ([`local`], [`game`]):
//! an area is a connected set of at most [`local::MAX_AREA`] points whose every neighbour
//! outside it is a stone of a living attacker block (a *wall*) or the edge. In its game:
//! - the **defender moves first**, may play any non-suicide point, **retakes any ko at once**,
//!   and may pass (a move outside the area is a pass for it);
//! - the attacker may play any non-suicide point that its simple-ko ban allows and that is
//!   **not a ko capture**, and **never passes**; an attacker stone next to a wall joins it and
//!   has a liberty for ever.
//!
//! The attacker wins a position when it forces, in a bounded number of moves (cycles count for
//! the defender), its [`verdict::Target`]: no defender stone left (*capture*), or also no legal
//! defender play left (*seal*). The defender's options cover every ko rule; the attacker's are
//! legal under every ko rule.

pub mod game;
pub mod local;
pub mod verdict;
