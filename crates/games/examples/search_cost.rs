//! What fixed-depth searches cost over a file of gomoku positions (a development aid for
//! changes to the search's shape: the node count of the same searches before and after).
//!
//! ```text
//! cargo run --release -p gametree-games --example search_cost -- scripts/positions-move-quality.txt 10 40
//! ```
//!
//! Arguments: the positions file (one move list a line, `#` comments), the depth (default
//! 10), how many positions to take from the top (default all) and the threads to search
//! with (default 1; more run helpers sharing the table, see `Searcher::set_threads`). Each position gets a
//! fresh [`new_searcher`] with a 64 MiB table and iterative deepening to the depth; the
//! output is one line per position (its line number in the file, nodes, time, the best
//! move and its value) and the totals.

use std::process::ExitCode;

use gametree_engine::{iterative_deepening, Limits, StopFlag};
use gametree_games::gomoku::{new_searcher, Gomoku, Rule};
use gametree_games::Notation;

fn main() -> ExitCode {
    let mut arguments = std::env::args().skip(1);
    let Some(path) = arguments.next() else {
        eprintln!("usage: search_cost POSITIONS_FILE [DEPTH] [COUNT] [THREADS]");
        return ExitCode::from(2);
    };
    let number = |text: Option<String>, default: usize, what: &str| match text {
        None => Ok(default),
        Some(text) => text.parse::<usize>().map_err(|_| format!("{what} `{text}` is not a whole number")),
    };
    let (depth, count, threads) = match (
        number(arguments.next(), 10, "depth"),
        number(arguments.next(), usize::MAX, "count"),
        number(arguments.next(), 1, "threads"),
    ) {
        (Ok(depth), Ok(count), Ok(threads)) => (depth as u32, count, threads),
        (Err(error), _, _) | (_, Err(error), _) | (_, _, Err(error)) => {
            eprintln!("search_cost: {error}");
            return ExitCode::from(2);
        }
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("search_cost: cannot read {path}: {error}");
            return ExitCode::from(2);
        }
    };
    let (mut nodes, mut micros) = (0u64, 0u64);
    let lines = text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'));
    for (index, line) in lines.take(count) {
        let mut board = match Gomoku::parse(15, Rule::Freestyle, line) {
            Ok(board) => board,
            Err(error) => {
                eprintln!("search_cost: {path}:{}: {error}", index + 1);
                return ExitCode::from(2);
            }
        };
        let mut searcher = new_searcher(64);
        searcher.set_threads(threads);
        let limits = Limits::default().with_depth(depth);
        let report = iterative_deepening(&mut searcher, &mut board, &limits, StopFlag::new(), |_| {});
        let best = report.best_move.map_or_else(|| "-".to_string(), |cell| board.move_notation(cell));
        println!(
            "line {:>4}: {:>10} nodes {:>8.1} ms  best {best:>6} value {}",
            index + 1,
            report.statistics.nodes,
            report.statistics.time_us as f64 / 1e3,
            report.value.raw()
        );
        nodes += report.statistics.nodes;
        micros += report.statistics.time_us;
    }
    println!("depth {depth}: {nodes} nodes in {:.2} s", micros as f64 / 1e6);
    ExitCode::SUCCESS
}
