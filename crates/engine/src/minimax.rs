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
/// use gametree_engine::{minimax, Game, Outcome, Value};
/// use gametree_engine::testing::{RandomTree, TreeShape};
/// // A root whose children are all finished games: minimax takes the best of them.
/// let shape = TreeShape { depth: 1, width: 5, branching: 5, leaf_percent: 100 };
/// let tree = RandomTree::<true>::generate(8, shape);
/// let mut root = tree.root();
/// let mut moves = Vec::new();
/// root.generate_moves(&mut moves);
/// let best = moves.iter().map(|&mv| {
///     let mut child = root.clone();
///     child.play(mv);
///     match child.outcome() { Some(Outcome::Score(score)) => score, _ => unreachable!() }
/// }).max().unwrap();
/// assert_eq!(minimax(&mut root), Value::score(best));
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
    let value = visit(position, depth, 0, Quiescence { plies: 0, breadth: 0 }, observer, statistics);
    observer.leave(value);
    value
}

/// Plain minimax to `depth` plies, then a quiescence search of `quiescence_plies` plies:
/// at the depth limit a position is worth the best of its static evaluation (when the
/// game lets the side to move [stand pat](Game::tactical_moves)) and its tactical moves,
/// each valued the same way one quiescence ply further, down to evaluation alone. Past the
/// first quiescence ply, a node whose side may stand pat tries only its first
/// `quiescence_breadth` tactical moves (0: all). This is the oracle for the alpha-beta
/// search with [`crate::Heuristics::quiescence_plies`] and
/// [`crate::Heuristics::quiescence_breadth`].
///
/// ```
/// use gametree_engine::{minimax, minimax_to_depth, UNLIMITED_DEPTH};
/// use gametree_engine::testing::{RandomTree, TreeShape};
/// let tree = RandomTree::<true>::generate(4, TreeShape::default());
/// // Deep enough to reach every end, it is plain minimax.
/// assert_eq!(minimax_to_depth(&mut tree.root(), UNLIMITED_DEPTH, 3, 0), minimax(&mut tree.root()));
/// ```
pub fn minimax_to_depth<G: Game>(position: &mut G, depth: u32, quiescence_plies: u32, quiescence_breadth: u32) -> Value {
    let quiescence = Quiescence { plies: quiescence_plies, breadth: quiescence_breadth };
    visit(position, Some(depth), 0, quiescence, &mut Silent, &mut Statistics::default())
}

/// The quiescence search's length and breadth (see [`minimax_to_depth`]).
#[derive(Clone, Copy)]
struct Quiescence {
    plies: u32,
    breadth: u32,
}

fn quiescence_search<G: Game>(position: &mut G, ply: u32, plies_left: u32, limits: Quiescence, statistics: &mut Statistics) -> Value {
    statistics.nodes += 1;
    if let Some(outcome) = position.outcome() {
        return Value::from_outcome(outcome, position.to_move(), ply);
    }
    let mut moves = Vec::new();
    let may_stand = position.tactical_moves(&mut moves);
    if may_stand && limits.breadth > 0 && plies_left < limits.plies {
        moves.truncate(limits.breadth as usize);
    }
    let mut best = Value::NEG_INFINITY;
    if may_stand || moves.is_empty() || plies_left == 0 {
        statistics.horizon_leaves += 1;
        best = Value::score(position.evaluate());
        if plies_left == 0 {
            return best;
        }
    }
    for mv in moves {
        position.play(mv);
        let value = -quiescence_search(position, ply + 1, plies_left - 1, limits, statistics);
        position.undo(mv);
        best = best.max(value);
    }
    best
}

fn visit<G: Game, O: Observer<G::Move>>(
    position: &mut G,
    depth: Option<u32>,
    ply: u32,
    quiescence: Quiescence,
    observer: &mut O,
    statistics: &mut Statistics,
) -> Value {
    statistics.nodes += 1;
    statistics.max_ply = statistics.max_ply.max(ply);
    if let Some(outcome) = position.outcome() {
        return Value::from_outcome(outcome, position.to_move(), ply);
    }
    if depth == Some(0) {
        if quiescence.plies > 0 {
            statistics.nodes -= 1;
            return quiescence_search(position, ply, quiescence.plies, quiescence, statistics);
        }
        statistics.horizon_leaves += 1;
        return Value::score(position.evaluate());
    }
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let mut best = Value::NEG_INFINITY;
    for mv in moves {
        position.play(mv);
        observer.enter(Some(mv), ply + 1, Value::NEG_INFINITY, Value::INFINITY);
        let value = -visit(position, depth.map(|depth| depth - 1), ply + 1, quiescence, observer, statistics);
        observer.leave(-value);
        position.undo(mv);
        best = best.max(value);
    }
    best
}
