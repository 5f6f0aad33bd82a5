//! The Go rules core: vocabulary types, the board with incremental blocks and liberties, Zobrist
//! hashing, and Benson's unconditional life. Knows nothing of problems, search or GUI.

pub mod benson;
pub mod board;
pub mod color;
pub mod eye_shape;
pub mod key_hasher;
pub mod miai_life;
pub mod partition;
pub mod point;
pub mod safe_points;
pub mod splitmix;
pub mod symmetry;
pub mod zobrist;
pub mod zone;

pub use benson::{benson, Benson};
pub use board::{AsciiError, Board, Cell, IllegalMove};
pub use color::{ByColor, Color};
pub use point::{Move, Point, MAX_SIZE};
pub use symmetry::Symmetry;
pub use zone::Zone;
