//! The net paths of the command line and the studio, in one test crate that CI runs twice: with
//! the net (the default build) and against the app built without it (`--no-default-features`:
//! no module loader), where every net command must say plainly that the build has no net.

#[path = "../it/cli_common/mod.rs"]
mod cli_common;
#[path = "../it/studio_common/mod.rs"]
mod studio_common;

mod cli_nn;
mod studio_net;
