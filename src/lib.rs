//! Tsumego Studio: a life-and-death solver with relevance zones, and the studio around it.
//!
//! Layers, lowest first (a layer never imports a higher one): [`go`] rules core → [`problem`]
//! problem model and file formats → `solver` → `nn` → `app`.

pub mod cli;
pub mod go;
#[cfg(feature = "nn")]
pub mod nn;
pub mod problem;
pub mod solver;
