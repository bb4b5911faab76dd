//! The games of gametree, each implementing [`gametree_engine::Game`] and [`Notation`],
//! and [`GameSpec`], which turns a game name from the command line into a game.
#![deny(missing_docs)]

pub mod conformance;
pub mod gomoku;
mod mnk;
mod notation;
mod registry;

pub use gomoku::Gomoku;
pub use mnk::Mnk;
pub use notation::{parse_move_by_name, Notation, NotationError};
pub use registry::{GameSpec, GameVisitor, GAME_NAMES};
