//! The games of gametree, each implementing [`gametree_engine::Game`] and [`Notation`],
//! and [`GameSpec`], which turns a game name from the command line into a game.
#![deny(missing_docs)]

pub mod conformance;
mod mnk;
mod notation;
mod registry;
mod tree;

pub use mnk::Mnk;
pub use notation::{parse_move_by_name, Notation, NotationError};
pub use registry::{GameSpec, GameVisitor, GAME_NAMES};
pub use tree::{Tree, TEXTBOOK_TREE, TREE_DEPTH_LIMIT, TREE_NODE_LIMIT, TREE_VALUE_LIMIT};
