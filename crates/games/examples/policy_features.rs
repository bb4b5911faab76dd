//! Training data for learned gomoku move ordering (a development aid): replays saved games
//! (`gametree match --save FILE`) and, for every quiet position (no five point for either
//! side, no open-four threat of the opponent) where the engine to move is not one whose
//! command line contains EXCLUDE, prints the move played and every candidate cell (empty,
//! within two of a stone) with its features.
//!
//! ```text
//! cargo run --release -p gametree-games --example policy_features -- EXCLUDE GAMES_FILE... > policy.txt
//! ```
//!
//! A position line reads `GAME PLY RANK IN_CANDIDATES |` then one `MOVER,WAITER,LAST,PREVIOUS,PLAYED`
//! group per candidate: the pattern combinations the cell makes for the side to move and for
//! the other side (the four codes sorted from strongest, as four digits), the king distance
//! to the last move and to the one before (capped at 3), and 1 for the move played. RANK is
//! the place of the move played in the engine's own ordering of its candidates (-1 if the
//! candidate rules left it out), IN_CANDIDATES how many candidates those rules keep.

use std::io::Write;

use gametree_engine::{Game, Player};
use gametree_games::gomoku::{Cell, Gomoku, Rule};
use gametree_games::Notation;

#[derive(serde::Deserialize)]
struct SavedGame {
    black: String,
    white: String,
    moves: String,
    size: u8,
    rule: String,
}

fn combination(board: &Gomoku, player: Player, cell: Cell) -> u16 {
    let mut codes = [0, 1, 2, 3].map(|direction| board.pattern(player, cell, direction) as u16);
    codes.sort_unstable_by(|a, b| b.cmp(a));
    codes[0] * 1000 + codes[1] * 100 + codes[2] * 10 + codes[3]
}

fn distance(board: &Gomoku, from: Option<&Cell>, cell: Cell) -> i32 {
    let Some(&from) = from else { return 3 };
    let (x, y) = board.coordinates(cell);
    let (fx, fy) = board.coordinates(from);
    (x - fx).abs().max((y - fy).abs()).min(3)
}

fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("policy_features: {message}");
            std::process::ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let mut arguments = std::env::args().skip(1);
    let exclude = arguments.next().ok_or("usage: policy_features EXCLUDE GAMES_FILE...")?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut game_number = 0u32;
    for path in arguments {
        let text = std::fs::read_to_string(&path).map_err(|error| format!("{path}: {error}"))?;
        for line in text.lines().filter(|line| !line.trim().is_empty()) {
            let Ok(saved) = serde_json::from_str::<SavedGame>(line) else { continue };
            let Ok(rule) = saved.rule.parse::<Rule>() else { continue };
            let Ok(mut board) = Gomoku::new(saved.size, rule) else { continue };
            game_number += 1;
            let moves: Vec<&str> = saved.moves.split_whitespace().collect();
            for (ply, text) in moves.iter().enumerate() {
                let Ok(played) = board.parse_move(text) else { break };
                let mover = board.to_move();
                let engine = if mover == Player::First { &saved.black } else { &saved.white };
                let quiet = board.five_point_count(Player::First) == 0
                    && board.five_point_count(Player::Second) == 0
                    && !board.threatens_open_four(mover.opponent());
                if ply >= 3 && quiet && !engine.contains(&exclude) {
                    let mut candidates = Vec::new();
                    board.generate_moves(&mut candidates);
                    board.order_moves(&mut candidates);
                    let rank = candidates.iter().position(|&cell| cell == played).map_or(-1, |rank| rank as i64);
                    let _ = write!(out, "{game_number} {ply} {rank} {} |", candidates.len());
                    let history = board.history();
                    let (last, previous) = (history.last(), history.len().checked_sub(2).and_then(|index| history.get(index)));
                    for cell in 0..board.cells() as Cell {
                        if board.stone(cell).is_some() || !board.is_candidate(cell) {
                            continue;
                        }
                        let _ = write!(
                            out,
                            " {:04},{:04},{},{},{}",
                            combination(&board, mover, cell),
                            combination(&board, mover.opponent(), cell),
                            distance(&board, last, cell),
                            distance(&board, previous, cell),
                            u8::from(cell == played)
                        );
                    }
                    writeln!(out).map_err(|error| format!("standard output: {error}"))?;
                }
                board.play(played);
                if board.outcome().is_some() {
                    break;
                }
            }
        }
    }
    out.flush().map_err(|error| format!("standard output: {error}"))?;
    Ok(())
}
