//! What the gomoku board's incremental update costs: every empty cell of the first 40
//! move-quality positions played, evaluated and taken back, some rounds over (a
//! development aid for changes to `Gomoku::set_stone` and its undo).
//!
//! ```text
//! cargo build --release -p gametree-games --example play_undo_cost
//! target/release/examples/play_undo_cost 20
//! valgrind --tool=cachegrind --cache-sim=no target/release/examples/play_undo_cost 13
//! ```
//!
//! Arguments: the rounds (default 20). Run from the repository's root, where it reads
//! `scripts/positions-move-quality.txt`. It prints the pairs made, the time of one and a
//! checksum of the evaluations, which must not change when only the speed does. Timings
//! on a shared machine are noisy; instruction counts (cachegrind, the difference between
//! two round counts, which leaves out building the tables) are not.

use std::process::ExitCode;

use gametree_engine::Game;
use gametree_games::gomoku::{Gomoku, Rule};

const POSITIONS: &str = "scripts/positions-move-quality.txt";

fn main() -> ExitCode {
    let rounds = match std::env::args().nth(1).map(|text| text.parse::<usize>()) {
        None => 20,
        Some(Ok(rounds)) => rounds,
        Some(Err(_)) => {
            eprintln!("usage: play_undo_cost [ROUNDS]");
            return ExitCode::from(2);
        }
    };
    let text = match std::fs::read_to_string(POSITIONS) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("play_undo_cost: cannot read {POSITIONS}: {error}");
            return ExitCode::from(2);
        }
    };
    let mut boards = Vec::new();
    let lines = text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'));
    for (index, line) in lines.take(40) {
        match Gomoku::parse(15, Rule::Freestyle, line) {
            Ok(board) => boards.push(board),
            Err(error) => {
                eprintln!("play_undo_cost: {POSITIONS}:{}: {error}", index + 1);
                return ExitCode::from(2);
            }
        }
    }
    let (mut pairs, mut checksum) = (0u64, 0i64);
    let started = std::time::Instant::now();
    for _ in 0..rounds {
        for board in &boards {
            let mut board = board.clone();
            let empty: Vec<u16> = (0..board.cells() as u16).filter(|&cell| board.stone(cell).is_none()).collect();
            for &cell in &empty {
                board.play(cell);
                checksum += i64::from(board.evaluate());
                board.undo(cell);
                pairs += 1;
            }
        }
    }
    let nanos = started.elapsed().as_nanos() as f64 / pairs.max(1) as f64;
    println!("{pairs} plays and undos, {nanos:.1} ns each, checksum {checksum}");
    ExitCode::SUCCESS
}
