//! The games of gametree, each implementing [`gametree_engine::Game`] and [`Notation`],
//! and [`GameSpec`], which turns a game name from the command line into a game.
#![deny(missing_docs)]

pub mod conformance;
mod matchsticks;
mod mnk;
mod notation;
mod product_grid;
mod registry;

pub use matchsticks::{Matchsticks, Stick, StickMove};
pub use mnk::Mnk;
pub use notation::{parse_move_by_name, Notation, NotationError};
pub use product_grid::{product_grid_sign, ProductGrid};
pub use registry::{GameSpec, GameVisitor, GAME_NAMES};
