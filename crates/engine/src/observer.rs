//! Hooks that let a caller watch a search node by node (the `tree` command draws searches
//! with them). The default observer does nothing and costs nothing.

use crate::value::Value;

/// Receives the events of a search in the order they happen.
pub trait Observer<M> {
    /// The search enters a node reached by `mv` (`None` at the root) with window
    /// `(alpha, beta)` (`(-inf, +inf)` for plain minimax), `ply` plies below the root.
    fn enter(&mut self, _mv: Option<M>, _ply: u32, _alpha: Value, _beta: Value) {}

    /// The search leaves the node it entered last, with this value for its side to move.
    fn leave(&mut self, _value: Value) {}

    /// After a cut-off, these moves of the current node are never searched.
    fn prune(&mut self, _moves: &[M]) {}
}

/// The observer that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl<M> Observer<M> for Silent {}
