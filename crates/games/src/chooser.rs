//! Game-specific move choosers: a game that has a stronger way to pick its moves than the
//! generic analysis of every root move (gomoku's threat searches before the search) offers
//! it through [`crate::Notation::move_chooser`], and every front end (`play`, `serve`,
//! the Gomocup engine) plays with the same one.

use std::time::Duration;

use gametree_engine::{Game, StopFlag, Value};

/// A move picked by a [`MoveChooser`], and how it was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChosenMove<M> {
    /// The move.
    pub mv: M,
    /// How it was chosen, in a few words (for gomoku: `five`, `block`, `vcf`, `search`…).
    pub reason: &'static str,
    /// Depth of the deepest finished search iteration (0 when no search ran).
    pub depth: u32,
    /// Nodes searched, threat searches included.
    pub nodes: u64,
    /// The search value for the side to move, if a search chose the move.
    pub value: Option<Value>,
}

/// Picks moves for the side to move under a time budget, keeping what it learns (its
/// transposition table) from one move to the next.
pub trait MoveChooser<G: Game> {
    /// A move for the side to move of `position`, which must not be over, found within
    /// about `budget` from now, or sooner once `stop` is raised.
    fn choose(&mut self, position: &G, budget: Duration, stop: &StopFlag) -> ChosenMove<G::Move>;
}
