//! Gomoku threat findings shown with `analyze`: a VCF (victory by continuous fours) for
//! the side to move, or the opponent's VCF threat and every move that stops it; and
//! without an own VCF, a VCT (victory by continuous threats, fours and open threes) for
//! the side to move, written out as one line of its strategy.

use std::any::Any;

use gametree_engine::Game;
use gametree_games::gomoku::vcf::{find_vcf, vcf_defences, VcfLimits};
use gametree_games::gomoku::vct::vct_line;
use gametree_games::gomoku::Gomoku;
use gametree_games::Notation;
use serde_json::json;

/// The VCT search's limits in `analyze`: the README's 10-threat example takes 0.2 s;
/// proving that a crowded middle game has none within 10 threats can take the whole
/// million nodes (about 0.6 s on the won positions of `scripts/positions-won.txt`, one
/// of which does not finish).
const VCT_LIMITS: VcfLimits = VcfLimits { max_fours: 10, max_nodes: 1_000_000, deadline: None };

/// What `analyze` prints and answers about a gomoku position's threats.
#[derive(Clone, Debug)]
pub struct Tactics {
    /// The text lines, VCF first.
    pub lines: Vec<String>,
    /// The `vcf` object of the JSON answer.
    pub vcf: serde_json::Value,
    /// The `vct` object, when there is no own VCF (which is a VCT already).
    pub vct: Option<serde_json::Value>,
}

impl Tactics {
    /// Adds the `vcf` and (when there is one) `vct` objects to an `analyze --json` object.
    pub fn add_to(&self, object: &mut serde_json::Value) {
        object["vcf"] = self.vcf.clone();
        if let Some(vct) = &self.vct {
            object["vct"] = vct.clone();
        }
    }
}

/// The threat findings for `position`, if it is a gomoku board that is not over.
pub fn report<G: Notation>(position: &G) -> Option<Tactics> {
    let board = (position as &dyn Any).downcast_ref::<Gomoku>()?;
    if board.outcome().is_some() {
        return None;
    }
    let (mut lines, vcf, own_vcf) = vcf_report(board);
    let vct = (!own_vcf).then(|| {
        let (line, value) = vct_report(board);
        lines.push(line);
        value
    });
    Some(Tactics { lines, vcf, vct })
}

/// The side to move's VCT of the fewest threats within [`VCT_LIMITS`], as a line of text
/// and a JSON object.
fn vct_report(board: &Gomoku) -> (String, serde_json::Value) {
    let mover = board.player_name(board.to_move());
    let found = vct_line(board, VCT_LIMITS);
    match found.line {
        Some(line) => {
            let moves: Vec<String> = line.moves.iter().map(|&cell| board.move_notation(cell)).collect();
            let text = format!(
                "VCT: {mover} wins by continuous threats ({} attacking moves; one line, each defence the longest resistance): {}",
                line.threats,
                moves.join(" ")
            );
            (
                text,
                json!({"side": mover, "wins": true, "threats": line.threats, "line": moves, "complete": found.complete, "nodes": found.nodes}),
            )
        }
        None => {
            let text = if found.complete {
                format!("VCT: none for {mover} within {} threats", VCT_LIMITS.max_fours)
            } else {
                format!("VCT: none for {mover} found (search limit reached)")
            };
            (text, json!({"side": mover, "wins": false, "complete": found.complete, "nodes": found.nodes}))
        }
    }
}

/// The VCF lines, the `vcf` object, and whether the side to move has a VCF.
fn vcf_report(board: &Gomoku) -> (Vec<String>, serde_json::Value, bool) {
    let limits = VcfLimits::default();
    let mover = board.player_name(board.to_move());
    let own = find_vcf(board, limits);
    if let Some(proof) = own.proof {
        let line = proof.notation(board);
        // Under renju white's last four may be one black can only block on a forbidden point.
        let mut end = board.clone();
        for &cell in &proof.moves {
            end.play(cell);
        }
        let forbidden_block = end.outcome().is_none();
        let how = if forbidden_block { ", the last four blockable only on a point forbidden to black" } else { "" };
        let text = vec![format!("VCF: {mover} wins by continuous fours ({} moves{how}): {line}", proof.moves.len())];
        let value = json!({
            "side": mover,
            "wins": true,
            "line": line.split(' ').collect::<Vec<_>>(),
            "forbidden_block": forbidden_block,
            "nodes": own.nodes,
        });
        return (text, value, true);
    }
    let opponent = board.player_name(board.to_move().opponent());
    let defence_limits = VcfLimits { max_fours: 30, max_nodes: 200_000, deadline: None };
    match vcf_defences(board, defence_limits) {
        Some(defences) => {
            let names: Vec<String> = defences.iter().map(|&cell| board.move_notation(cell)).collect();
            let text = vec![format!(
                "VCF: none for {mover}; {opponent} threatens one, stopped only by: {}",
                if names.is_empty() { "nothing".to_string() } else { names.join(" ") }
            )];
            (text, json!({"side": mover, "wins": false, "complete": own.complete, "threat": true, "defences": names}), false)
        }
        None => (
            vec![format!("VCF: none for {mover}{}", if own.complete { "" } else { " found (search limit reached)" })],
            json!({"side": mover, "wins": false, "complete": own.complete, "threat": false}),
            false,
        ),
    }
}
