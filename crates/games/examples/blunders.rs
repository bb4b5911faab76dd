//! Where lost gomoku games turned (a development aid): for every game of a saved match
//! (`gametree match --save FILE`) that the engine named by PLAYER lost, the first of its
//! moves after which the opponent wins by threats (a VCT the search finds), and which of
//! the engine's candidate moves at that point would have left the opponent none.
//!
//! ```text
//! cargo run --release -p gametree-games --example blunders -- GAMES_FILE PLAYER [THREATS] [NODES]
//! ```
//!
//! PLAYER is any part of the engine's command line as the games file records it; THREATS
//! (default 10) and NODES (default 200,000) bound each VCT search. A line reads
//!
//! ```text
//! game   6 (white) 41 moves: ply 21 move 7,8 -> opponent's VCT starts 11,9; 20 candidates, safe [3,8 2,9], unknown 0
//! ```
//!
//! "safe" lists the candidates after which a complete search found no VCT, "unknown" counts
//! those whose search hit its limits. An empty "safe" means every candidate already lost
//! to threats: the game was lost before, by moves the threat search cannot judge.

use std::io::Write;
use std::process::ExitCode;

use gametree_engine::Game;
use gametree_games::gomoku::vcf::VcfLimits;
use gametree_games::gomoku::vct::find_vct;
use gametree_games::gomoku::{Gomoku, Rule};
use gametree_games::Notation;

/// One saved game: the fields of a `gametree match --save` line this tool reads.
#[derive(serde::Deserialize)]
struct SavedGame {
    game: u32,
    black: String,
    white: String,
    result: String,
    moves: String,
    size: u8,
    rule: String,
}

fn main() -> ExitCode {
    match run() {
        // A closed pipe (`| head`) ends the output, not with an error.
        Ok(()) | Err(Failure::ClosedOutput) => ExitCode::SUCCESS,
        Err(Failure::Message(message)) => {
            eprintln!("blunders: {message}");
            ExitCode::from(2)
        }
    }
}

/// Why the run ended early.
enum Failure {
    /// Bad arguments or input, said in words.
    Message(String),
    /// Standard output was closed.
    ClosedOutput,
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Message(message)
    }
}

impl From<std::io::Error> for Failure {
    fn from(error: std::io::Error) -> Failure {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            Failure::ClosedOutput
        } else {
            Failure::Message(format!("cannot write the output: {error}"))
        }
    }
}

fn run() -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let [path, player, rest @ ..] = arguments.as_slice() else {
        return Err(Failure::Message("usage: blunders GAMES_FILE PLAYER [THREATS] [NODES]".to_string()));
    };
    let number = |index: usize, default: u64, what: &str| -> Result<u64, String> {
        rest.get(index).map_or(Ok(default), |text| text.parse().map_err(|_| format!("{what} `{text}` is not a whole number")))
    };
    let limits = VcfLimits { max_fours: number(0, 10, "THREATS")? as u32, max_nodes: number(1, 200_000, "NODES")?, deadline: None };
    let text = std::fs::read_to_string(path).map_err(|error| format!("cannot read {path}: {error}"))?;
    for (index, line) in text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty()) {
        let game: SavedGame = serde_json::from_str(line).map_err(|error| format!("{path}:{}: {error}", index + 1))?;
        let colour = match (game.black.contains(player.as_str()), game.white.contains(player.as_str())) {
            (true, false) => 0,
            (false, true) => 1,
            _ => return Err(Failure::Message(format!("{path}:{}: `{player}` names neither or both players", index + 1))),
        };
        let lost = game.result == if colour == 0 { "white" } else { "black" };
        if !lost {
            continue;
        }
        let rule: Rule = game.rule.parse().map_err(|error| format!("{path}:{}: {error}", index + 1))?;
        let moves: Vec<&str> = game.moves.split_whitespace().collect();
        let position = |plies: usize| {
            Gomoku::parse(game.size, rule, &moves[..plies].join(" ")).map_err(|error| format!("{path}:{}: {error}", index + 1))
        };
        write!(out, "game {:>3} ({}) {} moves: ", game.game, ["black", "white"][colour], moves.len())?;
        let mut turned = false;
        for ply in (colour..moves.len()).step_by(2) {
            let (before, after) = (position(ply)?, position(ply + 1)?);
            if after.outcome().is_some() {
                break;
            }
            let Some(threat) = find_vct(&after, limits).first_move else { continue };
            let mut candidates = Vec::new();
            before.generate_moves(&mut candidates);
            let (mut safe, mut unknown) = (Vec::new(), 0);
            for &cell in &candidates {
                let mut board = before.clone();
                board.play(cell);
                let outcome = find_vct(&board, limits);
                if board.outcome().is_some() || (outcome.first_move.is_none() && outcome.complete) {
                    safe.push(before.move_notation(cell));
                } else if outcome.first_move.is_none() {
                    unknown += 1;
                }
            }
            writeln!(
                out,
                "ply {ply} move {} -> opponent's VCT starts {}; {} candidates, safe [{}], unknown {unknown}",
                moves[ply],
                after.move_notation(threat),
                candidates.len(),
                safe.join(" ")
            )?;
            turned = true;
            break;
        }
        if !turned {
            writeln!(out, "no VCT found after any of its moves")?;
        }
    }
    Ok(())
}
