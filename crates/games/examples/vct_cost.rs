//! Times the VCT search on a position at growing threat limits (a development aid).
//!
//! ```text
//! cargo run --release -p gametree-games --example vct_cost -- "7,7 8,6 9,5 7,5 9,7 9,6 10,6 8,8 8,5 8,4"
//! ```

use gametree_games::gomoku::vcf::VcfLimits;
use gametree_games::gomoku::vct::find_vct;
use gametree_games::gomoku::{Gomoku, Rule};
use gametree_games::Notation;

fn main() {
    let Some(text) = std::env::args().nth(1) else {
        eprintln!("usage: vct_cost POSITION");
        std::process::exit(2);
    };
    let board = match Gomoku::parse(15, Rule::Freestyle, &text) {
        Ok(board) => board,
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(2);
        }
    };
    for threats in [4, 6, 8, 10, 12, 14, 16] {
        let started = std::time::Instant::now();
        let outcome = find_vct(&board, VcfLimits { max_fours: threats, max_nodes: 5_000_000, deadline: None });
        let first = outcome.first_move.map_or_else(|| "-".to_string(), |cell| board.move_notation(cell));
        println!(
            "{threats:2} threats: first move {first}, {} nodes, complete {}, {:?}",
            outcome.nodes,
            outcome.complete,
            started.elapsed()
        );
        if outcome.first_move.is_some() {
            break;
        }
    }
}
