//! One module per command.

pub mod analyze;
pub mod bench;
pub mod census;
pub mod explain;
pub mod gomoku_tactics;
pub mod judge;
pub mod match_runner;
pub mod pbrain;
pub mod play;
pub mod play_terminal;
pub mod search_tree;
pub mod serve;
pub mod solve;
pub mod solve_connect4;
pub mod tree;

use gametree_engine::StopFlag;

/// A stop flag raised by Ctrl-C, so long searches end cleanly with their best result.
pub fn install_interrupt_handler() -> StopFlag {
    let stop = StopFlag::new();
    let handler_flag = stop.clone();
    // A second Ctrl-C while stopping exits at once.
    let _ = ctrlc::set_handler(move || {
        if handler_flag.is_raised() {
            std::process::exit(130);
        }
        handler_flag.raise();
    });
    stop
}

/// Parses a game name into a spec, as an input error naming the game.
pub fn parse_game(name: &str) -> anyhow::Result<gametree_games::GameSpec> {
    name.parse().map_err(|error: gametree_games::NotationError| crate::error::input_error(error.message))
}
