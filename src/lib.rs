//! Tsumego Studio: a life-and-death solver with relevance zones, and the studio around it.
//!
//! Layers, lowest first (a layer never imports a higher one): [`go`] rules core → [`problem`]
//! problem model and file formats → `solver` → `nn` → the app edges: [`cli`] and [`studio`] (the GUI). [`atomic_file`]
//! is shared file writing.

pub mod atomic_file;
pub mod cli;
pub mod go;
pub mod nn;
pub mod problem;
pub mod solver;
pub mod studio;
