//! The game work behind the JSON API, generic over every game ([`GameVisitor`]s called by
//! [`GameSpec::visit`]): describing a position, applying a move, choosing the computer's
//! move and analysing.

use gametree_engine::{analyze, Analysis, AnalysisConfig, GameKind, Limits, MoveAnalysis, Outcome, Player, SearchOptions, Value};
use gametree_games::{GameSpec, GameVisitor, Notation, GAME_NAMES};
use serde_json::{json, Value as Json};

use super::{ApiError, SearchContext};
use crate::commands::analyze::analysis_json;

/// The games the page offers: every registered name that is a complete game name, a
/// name with optional parts in brackets offered without them (`gomoku[:SIZE]…` as
/// `gomoku`); templates such as `mnk:M,N,K` are left out (any such game can still be
/// typed in).
pub fn game_names() -> Vec<&'static str> {
    GAME_NAMES
        .iter()
        .map(|name| name.split_once('[').map_or(*name, |(plain, _)| plain))
        .filter(|name| name.parse::<GameSpec>().is_ok())
        .collect()
}

/// `windrawloss` or `scored`.
pub fn kind_name(kind: GameKind) -> &'static str {
    match kind {
        GameKind::WinDrawLoss => "windrawloss",
        GameKind::Scored => "scored",
    }
}

fn owner_name(player: Player) -> &'static str {
    match player {
        Player::First => "first",
        Player::Second => "second",
    }
}

/// How a finished game ended, in words and data.
fn result_json<G: Notation>(position: &G, outcome: Outcome) -> Json {
    let first = position.player_name(Player::First);
    let second = position.player_name(Player::Second);
    match outcome {
        Outcome::Win(player) => {
            json!({ "winner": owner_name(player), "text": format!("{} wins", position.player_name(player)) })
        }
        Outcome::Draw => json!({ "winner": null, "text": "draw" }),
        Outcome::Score(score) => {
            let (winner, text) = match score.signum() {
                1 => (json!("first"), format!("first ({first}) wins, {first}−{second} = {score:+}")),
                -1 => (json!("second"), format!("second ({second}) wins, {first}−{second} = {score:+}")),
                _ => (json!(null), format!("tie, {first}−{second} = 0")),
            };
            json!({ "winner": winner, "score": score, "text": text })
        }
    }
}

/// The board description of [`Notation::board`] with moves in notation, or `null`.
fn board_json<G: Notation>(position: &G) -> Json {
    let Some(board) = position.board() else { return Json::Null };
    let cells: Vec<Json> = board
        .cells
        .iter()
        .map(|cell| {
            json!({
                "text": cell.text,
                "owner": cell.owner.map(owner_name),
                "moves": cell.moves.iter().map(|&mv| position.move_notation(mv)).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "rows": board.rows,
        "columns": board.columns,
        "row_labels": board.row_labels,
        "column_labels": board.column_labels,
        "note": board.note,
        "cells": cells,
    })
}

/// Everything the page needs to draw a position and let the user move.
pub fn state_json<G: Notation>(spec: GameSpec, position: &G) -> Json {
    let outcome = position.outcome();
    let mut moves = Vec::new();
    if outcome.is_none() {
        position.generate_moves(&mut moves);
    }
    json!({
        "game": spec.to_string(),
        "position": position.notation(),
        "kind": kind_name(G::KIND),
        "to_move": position.player_name(position.to_move()),
        "to_move_is_first": position.to_move() == Player::First,
        "players": {
            "first": position.player_name(Player::First),
            "second": position.player_name(Player::Second),
        },
        "over": outcome.is_some(),
        "result": outcome.map(|outcome| result_json(position, outcome)),
        "moves": moves.iter().map(|&mv| position.move_notation(mv)).collect::<Vec<_>>(),
        "board": board_json(position),
        "text": position.render(),
    })
}

/// `GET /api/games`: one game's name, kind, start position and board shape.
pub struct GameSummary;

impl GameVisitor for GameSummary {
    type Output = Json;

    fn visit<G: Notation>(self, spec: GameSpec, position: G) -> Json {
        let board = position.board().map(|board| json!({ "rows": board.rows, "columns": board.columns }));
        json!({
            "name": spec.to_string(),
            "kind": kind_name(G::KIND),
            "start": position.notation(),
            "players": {
                "first": position.player_name(Player::First),
                "second": position.player_name(Player::Second),
            },
            "board": board,
        })
    }
}

/// `POST /api/position`: a position read and described.
pub struct PositionState;

impl GameVisitor for PositionState {
    type Output = Result<Json, ApiError>;

    fn visit<G: Notation>(self, spec: GameSpec, position: G) -> Result<Json, ApiError> {
        Ok(state_json(spec, &position))
    }
}

/// `POST /api/play`: a move applied by the rules of the game.
pub struct Play {
    /// The move in the game's notation.
    pub mv: String,
}

impl GameVisitor for Play {
    type Output = Result<Json, ApiError>;

    fn visit<G: Notation>(self, spec: GameSpec, mut position: G) -> Result<Json, ApiError> {
        let mv = position.parse_move(&self.mv)?;
        let name = position.move_notation(mv);
        position.play(mv);
        let mut state = state_json(spec, &position);
        state["last_move"] = json!(name);
        Ok(state)
    }
}

/// How well the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// The best move of an exact analysis (a random one among equally good moves); for a
    /// game with its own move chooser ([`Notation::move_chooser`], gomoku) that chooser,
    /// given the time cap.
    Perfect,
    /// The best move of a 4-ply search.
    Strong,
    /// Takes a win it sees 2 plies ahead, otherwise any move that does not lose within 2.
    Casual,
    /// Any legal move.
    Random,
}

impl Level {
    /// The level names, strongest first.
    pub const NAMES: &'static [&'static str] = &["perfect", "strong", "casual", "random"];

    /// Reads a level name.
    pub fn parse(text: &str) -> Result<Level, ApiError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "perfect" => Ok(Level::Perfect),
            "strong" => Ok(Level::Strong),
            "casual" => Ok(Level::Casual),
            "random" => Ok(Level::Random),
            _ => Err(ApiError::bad_request(format!("level `{text}`: expected one of {}", Level::NAMES.join(", ")))),
        }
    }

    /// The name of the level.
    pub fn name(self) -> &'static str {
        Level::NAMES[self as usize]
    }

    /// The depth limit of the level's search (node and time caps come from the server).
    pub fn limits(self) -> Limits {
        match self {
            Level::Perfect | Level::Random => Limits::default(),
            Level::Strong => Limits::default().with_depth(4),
            Level::Casual => Limits::default().with_depth(2),
        }
    }
}

fn analysis_config<G: Notation>(context: &SearchContext, position: &G) -> AnalysisConfig {
    AnalysisConfig {
        options: SearchOptions::strong(context.table_megabytes),
        heuristics: position.analysis_heuristics(),
        limits: context.limits,
        stop: context.stop.clone(),
        threads: 1,
    }
}

/// The moves the computer picks from at `level`, given an analysis with at least one move.
fn candidates<M: Copy>(level: Level, analysis: &Analysis<M>) -> Vec<&MoveAnalysis<M>> {
    let best = &analysis.moves[0];
    if level == Level::Casual && !best.value.is_win() {
        let safe: Vec<&MoveAnalysis<M>> = analysis.moves.iter().filter(|result| !result.value.is_loss()).collect();
        if !safe.is_empty() {
            return safe;
        }
    }
    analysis.moves.iter().filter(|result| result.value == best.value).collect()
}

/// `POST /api/move`: the computer's move at a level, applied.
pub struct ComputerMove {
    /// How well to play.
    pub level: Level,
    /// Caps of the search.
    pub context: SearchContext,
}

impl GameVisitor for ComputerMove {
    type Output = Result<Json, ApiError>;

    fn visit<G: Notation>(self, spec: GameSpec, position: G) -> Result<Json, ApiError> {
        if position.outcome().is_some() {
            return Err(ApiError::bad_request("the game is over: there is no move to make"));
        }
        let mut rng = fastrand::Rng::new();
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        // The game's own chooser at the strongest level: the same as `play` and `pbrain`.
        let chooser = match (self.level, self.context.limits.time) {
            (Level::Perfect, Some(time)) => position.move_chooser(self.context.table_megabytes).map(|chooser| (chooser, time)),
            _ => None,
        };
        let mut reason = None;
        let (mv, value, capped, nodes) = if self.level == Level::Random {
            (moves[rng.usize(..moves.len())], None, false, 0)
        } else if let Some((mut chooser, time)) = chooser {
            let chosen = chooser.choose(&position, time, &self.context.stop);
            reason = Some(chosen.reason);
            // Not an exact analysis: the value is the search's (none for a move found by
            // the threat searches), and only a proven result is not capped.
            let value = chosen.value.map(|value| value.verdict(G::KIND, false, 0));
            (chosen.mv, value, !chosen.value.is_some_and(Value::is_decisive), chosen.nodes)
        } else {
            let analysis = analyze(&position, &analysis_config(&self.context, &position));
            let nodes = analysis.statistics.nodes;
            if analysis.moves.is_empty() {
                // Not even one ply finished within the caps: the game's first choice.
                position.order_moves(&mut moves);
                (moves[0], None, true, nodes)
            } else {
                let choices = candidates(self.level, &analysis);
                let chosen = choices[rng.usize(..choices.len())];
                (chosen.mv, Some(analysis.move_verdict(G::KIND, chosen)), !analysis.complete, nodes)
            }
        };
        let name = position.move_notation(mv);
        let mut after = position.clone();
        after.play(mv);
        let mut state = state_json(spec, &after);
        state["last_move"] = json!(name);
        Ok(json!({
            "move": name,
            "level": self.level.name(),
            "value": value,
            "capped": capped,
            "nodes": nodes,
            "reason": reason,
            "state": state,
        }))
    }
}

/// `POST /api/analyze`: the `analyze --json` object, plus whether a cap cut it short.
pub struct Analyze {
    /// Caps of the search.
    pub context: SearchContext,
}

impl GameVisitor for Analyze {
    type Output = Result<Json, ApiError>;

    fn visit<G: Notation>(self, spec: GameSpec, position: G) -> Result<Json, ApiError> {
        let analysis = analyze(&position, &analysis_config(&self.context, &position));
        let mut answer = analysis_json(spec, &position, &analysis);
        // Gomoku's threat findings, as `analyze --json` gives them.
        if let Some(tactics) = crate::commands::gomoku_tactics::report(&position) {
            tactics.add_to(&mut answer);
        }
        let limits = self.context.limits;
        let nodes = limits.nodes.unwrap_or(u64::MAX);
        let time_ms = limits.time.map_or(u64::MAX, |time| time.as_millis() as u64);
        let capped = !analysis.complete;
        answer["capped"] = json!(capped);
        answer["limits"] = json!({ "depth": limits.depth, "nodes": nodes, "time_ms": time_ms });
        if capped {
            let reached = if analysis.moves.is_empty() {
                "no search depth finished, so no move has a value".to_string()
            } else {
                format!("values are from the deepest finished depth, {}", analysis.depth)
            };
            answer["note"] = json!(format!("search cap reached ({nodes} nodes or {time_ms} ms) before the end: {reached}"));
        }
        Ok(answer)
    }
}
