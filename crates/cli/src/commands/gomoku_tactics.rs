//! Gomoku threat findings shown with `analyze`: a VCF (victory by continuous fours) for
//! the side to move, or the opponent's VCF threat and every move that stops it.

use std::any::Any;

use gametree_engine::Game;
use gametree_games::gomoku::vcf::{find_vcf, vcf_defences, VcfLimits};
use gametree_games::gomoku::Gomoku;
use gametree_games::Notation;
use serde_json::json;

/// Text lines and a JSON object describing the position's VCF situation, if `position`
/// is a gomoku board that is not over.
pub fn report<G: Notation>(position: &G) -> Option<(Vec<String>, serde_json::Value)> {
    let board = (position as &dyn Any).downcast_ref::<Gomoku>()?;
    if board.outcome().is_some() {
        return None;
    }
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
        return Some((text, value));
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
            Some((text, json!({"side": mover, "wins": false, "complete": own.complete, "threat": true, "defences": names})))
        }
        None => Some((
            vec![format!("VCF: none for {mover}{}", if own.complete { "" } else { " found (search limit reached)" })],
            json!({"side": mover, "wins": false, "complete": own.complete, "threat": false}),
        )),
    }
}
