//! Plain minimax (in negamax form): every move of every position, no pruning, no table.
//!
//! It is slow on purpose and simple enough to trust: every other search in the crate is
//! tested against it.

use crate::game::Game;
use crate::observer::{Observer, Silent};
use crate::statistics::Statistics;
use crate::value::Value;

/// The exact value of `position` for its side to move, by visiting the whole game tree.
///
/// ```
/// use gametree_engine::{minimax, Value};
/// use gametree_engine::testing::RandomTree;
/// // A single leaf worth 5 to the side to move.
/// let leaf = RandomTree::from_leaf_scores(&[5], 1);
/// assert_eq!(minimax(&mut leaf.root()), Value::score(5));
/// ```
pub fn minimax<G: Game>(position: &mut G) -> Value {
    minimax_with(position, None, &mut Silent, &mut Statistics::default())
}

/// Plain minimax with an optional depth limit (leaves at the limit are valued by
/// [`Game::evaluate`]), an observer and statistics.
pub fn minimax_with<G: Game, O: Observer<G::Move>>(
    position: &mut G,
    depth: Option<u32>,
    observer: &mut O,
    statistics: &mut Statistics,
) -> Value {
    observer.enter(None, 0, Value::NEG_INFINITY, Value::INFINITY);
    let value = visit(position, depth, 0, observer, statistics);
    observer.leave(value);
    value
}

fn visit<G: Game, O: Observer<G::Move>>(
    position: &mut G,
    depth: Option<u32>,
    ply: u32,
    observer: &mut O,
    statistics: &mut Statistics,
) -> Value {
    statistics.nodes += 1;
    statistics.max_ply = statistics.max_ply.max(ply);
    if let Some(outcome) = position.outcome() {
        return Value::from_outcome(outcome, position.to_move(), ply);
    }
    if depth == Some(0) {
        statistics.horizon_leaves += 1;
        return Value::score(position.evaluate());
    }
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let mut best = Value::NEG_INFINITY;
    for mv in moves {
        position.play(mv);
        observer.enter(Some(mv), ply + 1, Value::NEG_INFINITY, Value::INFINITY);
        let value = -visit(position, depth.map(|depth| depth - 1), ply + 1, observer, statistics);
        observer.leave(-value);
        position.undo(mv);
        best = best.max(value);
    }
    best
}
