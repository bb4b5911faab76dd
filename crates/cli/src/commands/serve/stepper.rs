//! The tree stepper's data: the engine's own minimax or alpha-beta run on a position,
//! recorded node by node by the recorder `gametree tree` draws with
//! ([`search_tree`](crate::commands::search_tree)), so the page can replay the search one
//! event at a time with the alpha/beta windows and the pruned moves.
//!
//! Values and windows are turned to the root player's point of view (the root is MAX,
//! levels alternate), as the tutorials draw them.

use gametree_engine::{Game, GameKind, Limits, Value};
use gametree_games::{GameSpec, GameVisitor, Notation};
use serde_json::{json, Value as Json};

use super::api::kind_name;
use super::{ApiError, SearchContext};
use crate::commands::search_tree::{record, Event, Kind, Order, Pruned, Recording};

pub use crate::commands::search_tree::Algorithm;

/// Reads an algorithm name (case, `-` and `_` do not matter).
pub fn parse_algorithm(text: &str) -> Result<Algorithm, ApiError> {
    match text.trim().to_ascii_lowercase().replace(['-', '_'], "").as_str() {
        "minimax" => Ok(Algorithm::Minimax),
        "alphabeta" => Ok(Algorithm::Alphabeta),
        _ => Err(ApiError::bad_request(format!("algorithm `{text}`: expected minimax or alphabeta"))),
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
        if self.algorithm == Algorithm::Minimax && !tree_fits(&mut position.clone(), self.depth, &mut cap.clone()) {
            return Err(too_large());
        }
        let recording = Recording {
            algorithm: self.algorithm,
            order: Order::Natural,
            depth: self.depth,
            cap,
            pruned: Pruned::Moves,
            limits: Limits { depth: None, nodes: Some(cap as u64), time: self.context.limits.time },
        };
        let tree = record(&position, &recording, &self.context.stop).ok_or_else(too_large)?;
        if tree.capped {
            return Err(too_large());
        }
        let statistics = tree.statistics;
        let labels = tree.move_names(&position);
        let mut positions = vec![String::new(); tree.nodes.len()];
        tree.for_each_position(&position, |id, at| positions[id] = at.notation());
        let heuristic = statistics.horizon_leaves > 0;
        let windows = self.algorithm == Algorithm::Alphabeta;
        let nodes: Vec<Json> = tree
            .nodes
            .iter()
            .enumerate()
            .map(|(id, node)| {
                let flip = node.ply % 2 == 1;
                // Pruned moves were never searched: they have no value here.
                let value = node.value.filter(|_| !node.pruned);
                // A fail-soft value outside the window it was searched with is only a bound.
                let bound = match value {
                    Some(value) if windows && value <= node.window.0 => {
                        if flip {
                            "lower"
                        } else {
                            "upper"
                        }
                    }
                    Some(value) if windows && value >= node.window.1 => {
                        if flip {
                            "upper"
                        } else {
                            "lower"
                        }
                    }
                    _ => "exact",
                };
                let (alpha, beta) = if flip { (-node.window.1, -node.window.0) } else { node.window };
                json!({
                    "id": id,
                    "parent": node.parent,
                    "move": node.mv.map(|_| &labels[id]),
                    "position": positions[id],
                    "ply": node.ply,
                    "max": !flip,
                    "player": position.player_name(node.to_move),
                    "terminal": node.kind == Kind::Terminal,
                    "pruned": node.pruned,
                    "value": value.map(|value| value_json(value, flip, G::KIND, heuristic)),
                    "bound": bound,
                    "alpha": windows.then(|| value_json(alpha, false, G::KIND, heuristic)),
                    "beta": windows.then(|| value_json(beta, false, G::KIND, heuristic)),
                    "children": node.children,
                })
            })
            .collect();
        let events: Vec<Json> = tree
            .events
            .iter()
            .map(|event| match event {
                Event::Enter(id) => json!({ "type": "enter", "node": id }),
                Event::Leave(id) => json!({ "type": "leave", "node": id }),
                Event::Prune(id, pruned) => json!({ "type": "prune", "node": id, "pruned": pruned }),
            })
            .collect();
        let pruned = tree.nodes.iter().filter(|node| node.pruned).count();
        Ok(json!({
            "game": spec.to_string(),
            "position": position.notation(),
            "kind": kind_name(G::KIND),
            "algorithm": self.algorithm.name(),
            "depth": self.depth,
            "root_player": position.player_name(position.to_move()),
            "value": tree.nodes.first().and_then(|root| root.value).map(|value| value_json(value, false, G::KIND, heuristic)),
            "nodes": nodes,
            "events": events,
            "statistics": { "visited": statistics.nodes, "pruned": pruned, "cutoffs": statistics.cutoffs },
        }))
    }
}
