//! The tree stepper's data: the engine's own minimax or alpha-beta run on a position,
//! recorded node by node through the engine's [`Observer`] hooks, so the page can replay
//! the search one event at a time with the alpha/beta windows and the pruned branches.
//!
//! Values and windows are turned to the root player's point of view (the root is MAX,
//! levels alternate), as the tutorials draw them.

use gametree_engine::{
    minimax_with, Game, GameKind, Limits, Observer, Player, SearchOptions, Searcher, Statistics, Value, UNLIMITED_DEPTH,
};
use gametree_games::{GameSpec, GameVisitor, Notation};
use serde_json::{json, Value as Json};

use super::api::kind_name;
use super::{ApiError, SearchContext};

/// The search to record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Plain minimax: every node.
    Minimax,
    /// Textbook alpha-beta: natural move order, no table.
    AlphaBeta,
}

impl Algorithm {
    /// The algorithm names.
    pub const NAMES: &'static [&'static str] = &["minimax", "alphabeta"];

    /// Reads an algorithm name.
    pub fn parse(text: &str) -> Result<Algorithm, ApiError> {
        match text.trim().to_ascii_lowercase().replace(['-', '_'], "").as_str() {
            "minimax" => Ok(Algorithm::Minimax),
            "alphabeta" => Ok(Algorithm::AlphaBeta),
            _ => Err(ApiError::bad_request(format!("algorithm `{text}`: expected minimax or alphabeta"))),
        }
    }
}

/// One recorded node.
struct Node {
    parent: Option<usize>,
    label: Option<String>,
    position: String,
    ply: u32,
    to_move: Player,
    terminal: bool,
    pruned: bool,
    alpha: Value,
    beta: Value,
    value: Option<Value>,
    children: Vec<usize>,
}

enum Event {
    Enter(usize),
    Leave(usize),
    Prune(usize, Vec<usize>),
}

/// An [`Observer`] that keeps a copy of the position in step with the search, so each
/// node gets its move and position in notation.
struct Recorder<G: Notation> {
    shadow: G,
    nodes: Vec<Node>,
    /// The nodes entered and not yet left, with the move that reached each
    /// (`None` for nodes past the cap, which are not recorded).
    stack: Vec<(Option<usize>, Option<G::Move>)>,
    events: Vec<Event>,
    cap: usize,
    overflow: bool,
}

impl<G: Notation> Recorder<G> {
    fn new(position: &G, cap: usize) -> Self {
        Recorder { shadow: position.clone(), nodes: Vec::new(), stack: Vec::new(), events: Vec::new(), cap, overflow: false }
    }

    fn add(&mut self, parent: Option<usize>, label: Option<String>, ply: u32, alpha: Value, beta: Value, pruned: bool) -> Option<usize> {
        if self.nodes.len() >= self.cap {
            self.overflow = true;
            return None;
        }
        let id = self.nodes.len();
        self.nodes.push(Node {
            parent,
            label,
            position: self.shadow.notation(),
            ply,
            to_move: self.shadow.to_move(),
            terminal: self.shadow.outcome().is_some(),
            pruned,
            alpha,
            beta,
            value: None,
            children: Vec::new(),
        });
        if let Some(parent) = parent {
            self.nodes[parent].children.push(id);
        }
        Some(id)
    }
}

impl<G: Notation> Observer<G::Move> for Recorder<G> {
    fn enter(&mut self, mv: Option<G::Move>, ply: u32, alpha: Value, beta: Value) {
        let label = mv.map(|mv| self.shadow.move_notation(mv));
        if let Some(mv) = mv {
            self.shadow.play(mv);
        }
        let parent = self.stack.last().and_then(|&(id, _)| id);
        let id = if self.stack.is_empty() || parent.is_some() {
            self.add(parent, label, ply, alpha, beta, false)
        } else {
            None
        };
        if let Some(id) = id {
            self.events.push(Event::Enter(id));
        }
        self.stack.push((id, mv));
    }

    fn leave(&mut self, value: Value) {
        let Some((id, mv)) = self.stack.pop() else { return };
        if let Some(mv) = mv {
            self.shadow.undo(mv);
        }
        if let Some(id) = id {
            self.nodes[id].value = Some(value);
            self.events.push(Event::Leave(id));
        }
    }

    fn prune(&mut self, moves: &[G::Move]) {
        let Some(&(Some(parent), _)) = self.stack.last() else { return };
        let ply = self.nodes[parent].ply + 1;
        let mut ids = Vec::new();
        for &mv in moves {
            let label = self.shadow.move_notation(mv);
            self.shadow.play(mv);
            let id = self.add(Some(parent), Some(label), ply, Value::NEG_INFINITY, Value::INFINITY, true);
            self.shadow.undo(mv);
            match id {
                Some(id) => ids.push(id),
                None => break,
            }
        }
        self.events.push(Event::Prune(parent, ids));
    }
}

/// Whether the minimax tree of `position` (to `depth`, if given) has at most `*budget`
/// nodes; counts them down from the budget. Minimax cannot be stopped halfway, so its
/// tree is measured before it runs.
fn tree_fits<G: Game>(position: &mut G, depth: Option<u32>, budget: &mut usize) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    if position.outcome().is_some() || depth == Some(0) {
        return true;
    }
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    moves.into_iter().all(|mv| {
        position.play(mv);
        let fits = tree_fits(position, depth.map(|depth| depth - 1), budget);
        position.undo(mv);
        fits
    })
}

/// A value seen from the root player's side (`flip`: the value is the other side's), with
/// `raw`, a number that orders values as the search does (greater is better for MAX).
fn value_json(value: Value, flip: bool, kind: GameKind, heuristic: bool) -> Json {
    let value = if flip { -value } else { value };
    let mut answer = describe_value(value, kind, heuristic);
    answer["raw"] = json!(value.raw());
    answer
}

fn describe_value(value: Value, kind: GameKind, heuristic: bool) -> Json {
    if value >= Value::INFINITY {
        return json!({ "kind": "inf", "text": "+∞" });
    }
    if value <= Value::NEG_INFINITY {
        return json!({ "kind": "-inf", "text": "−∞" });
    }
    if let Some(remoteness) = value.remoteness() {
        return if value.is_win() {
            json!({ "kind": "win", "remoteness": remoteness, "text": format!("W{remoteness}") })
        } else {
            json!({ "kind": "loss", "remoteness": remoteness, "text": format!("L{remoteness}") })
        };
    }
    let score = value.raw();
    match (kind, heuristic) {
        (GameKind::WinDrawLoss, false) => json!({ "kind": "draw", "text": "D" }),
        (GameKind::Scored, false) => json!({ "kind": "score", "score": score, "text": score.to_string() }),
        (_, true) => json!({ "kind": "heuristic", "score": score, "text": format!("~{score}") }),
    }
}

/// `POST /api/tree`: a recorded search of a position.
pub struct Record {
    /// Minimax or alpha-beta.
    pub algorithm: Algorithm,
    /// A depth limit (leaves there are valued by the game's evaluation).
    pub depth: Option<u32>,
    /// Caps: the tree may have at most `tree_nodes` nodes.
    pub context: SearchContext,
}

impl GameVisitor for Record {
    type Output = Result<Json, ApiError>;

    fn visit<G: Notation>(self, spec: GameSpec, position: G) -> Result<Json, ApiError> {
        let cap = self.context.tree_nodes;
        let too_large = || {
            ApiError::bad_request(format!(
                "the search tree of this position has more than {cap} nodes, too many to step through; \
                 play some moves first or set a depth limit"
            ))
        };
        let mut recorder = Recorder::new(&position, cap);
        let mut statistics = Statistics::default();
        match self.algorithm {
            Algorithm::Minimax => {
                let mut budget = cap;
                if !tree_fits(&mut position.clone(), self.depth, &mut budget) {
                    return Err(too_large());
                }
                minimax_with(&mut position.clone(), self.depth, &mut recorder, &mut statistics);
            }
            Algorithm::AlphaBeta => {
                let mut searcher = Searcher::with_observer(SearchOptions::PLAIN, recorder);
                let limits = Limits { depth: None, nodes: Some(cap as u64), time: self.context.limits.time };
                searcher.set_limits(&limits, self.context.stop.clone());
                searcher.search(
                    &mut position.clone(),
                    self.depth.unwrap_or(UNLIMITED_DEPTH),
                    Value::NEG_INFINITY,
                    Value::INFINITY,
                );
                let stopped = searcher.stopped();
                statistics = searcher.statistics();
                recorder = searcher.into_observer();
                if stopped {
                    return Err(too_large());
                }
            }
        }
        if recorder.overflow {
            return Err(too_large());
        }
        let heuristic = statistics.horizon_leaves > 0;
        let windows = self.algorithm == Algorithm::AlphaBeta;
        let nodes: Vec<Json> = recorder
            .nodes
            .iter()
            .enumerate()
            .map(|(id, node)| {
                let flip = node.ply % 2 == 1;
                // A fail-soft value outside the window it was searched with is only a bound.
                let bound = match node.value {
                    Some(value) if windows && value <= node.alpha => if flip { "lower" } else { "upper" },
                    Some(value) if windows && value >= node.beta => if flip { "upper" } else { "lower" },
                    _ => "exact",
                };
                let (alpha, beta) = if flip { (-node.beta, -node.alpha) } else { (node.alpha, node.beta) };
                json!({
                    "id": id,
                    "parent": node.parent,
                    "move": node.label,
                    "position": node.position,
                    "ply": node.ply,
                    "max": !flip,
                    "player": position.player_name(node.to_move),
                    "terminal": node.terminal,
                    "pruned": node.pruned,
                    "value": node.value.map(|value| value_json(value, flip, G::KIND, heuristic)),
                    "bound": bound,
                    "alpha": windows.then(|| value_json(alpha, false, G::KIND, heuristic)),
                    "beta": windows.then(|| value_json(beta, false, G::KIND, heuristic)),
                    "children": node.children,
                })
            })
            .collect();
        let events: Vec<Json> = recorder
            .events
            .iter()
            .map(|event| match event {
                Event::Enter(id) => json!({ "type": "enter", "node": id }),
                Event::Leave(id) => json!({ "type": "leave", "node": id }),
                Event::Prune(id, pruned) => json!({ "type": "prune", "node": id, "pruned": pruned }),
            })
            .collect();
        let pruned = recorder.nodes.iter().filter(|node| node.pruned).count();
        Ok(json!({
            "game": spec.to_string(),
            "position": position.notation(),
            "kind": kind_name(G::KIND),
            "algorithm": Algorithm::NAMES[self.algorithm as usize],
            "depth": self.depth,
            "root_player": position.player_name(position.to_move()),
            "value": recorder.nodes.first().and_then(|root| root.value).map(|value| value_json(value, false, G::KIND, heuristic)),
            "nodes": nodes,
            "events": events,
            "statistics": { "visited": statistics.nodes, "pruned": pruned, "cutoffs": statistics.cutoffs },
        }))
    }
}
