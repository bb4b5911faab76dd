//! The games of gametree, each implementing [`gametree_engine::Game`] and [`Notation`],
//! and [`GameSpec`], which turns a game name from the command line into a game.
#![deny(missing_docs)]

mod board;
mod chooser;
pub mod conformance;
mod connect4;
pub mod gomoku;
mod matchsticks;
mod mnk;
mod notation;
mod product_grid;
mod registry;
mod tree;

pub use board::{Board, BoardCell};
pub use chooser::{ChosenMove, MoveChooser};
pub use connect4::Connect4;
pub use gomoku::Gomoku;
pub use matchsticks::{Matchsticks, Stick, StickMove};
pub use mnk::Mnk;
pub use notation::{parse_move_by_name, Notation, NotationError};
pub use product_grid::{product_grid_sign, ProductGrid};
pub use registry::{GameSpec, GameVisitor, GAME_NAMES};
pub use tree::{Tree, TEXTBOOK_TREE, TREE_DEPTH_LIMIT, TREE_NODE_LIMIT, TREE_VALUE_LIMIT};
