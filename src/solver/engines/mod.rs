//! The best-first engines over the kernel's zones, table and proofs: depth-first proof-number
//! search (`dfpn`) and Monte Carlo tree search with relevance-zone backup (`mcts`). The
//! depth-first engine, AchieveGoal, is in [`super::kernel::search`].

pub(in crate::solver) mod dfpn;
pub(in crate::solver) mod mcts;
