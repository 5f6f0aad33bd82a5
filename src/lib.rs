//! Tsumego Studio: a life-and-death solver with relevance zones, and the studio around it.
//!
//! Layers, lowest first (a layer never imports a higher one): [`go`] rules core → [`problem`]
//! problem model and file formats → [`solver`] → beside each other [`nn`] (the net, a guide of
//! the solver) and [`report`] (results in words and files) → the app edges: [`studio`] (the GUI)
//! and [`cli`] (the command line, which also starts the studio). [`atomic_file`] is shared file
//! writing, used by any layer.

pub mod atomic_file;
pub mod cli;
pub mod go;
pub mod nn;
pub mod problem;
pub mod report;
pub mod solver;
pub mod studio;
