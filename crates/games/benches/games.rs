//! Benchmarks of the bundled games through the shared engine (`cargo bench -p
//! gametree-games`). The same figures are printed by `gametree bench`.

use gametree_engine::{analyze, iterative_deepening, AnalysisConfig, Game, Limits, SearchOptions, Searcher, StopFlag};
use gametree_games::gomoku::{new_searcher, Gomoku, Rule};
use gametree_games::{product_grid_sign, Matchsticks, Mnk, ProductGrid};

/// A table that holds these searches (clearing a larger one costs more than the search).
fn config() -> AnalysisConfig {
    AnalysisConfig { options: SearchOptions::strong(16), ..AnalysisConfig::default() }
}

/// Twenty stones from a game against PentaZen: a middle game with threes on the board.
const GOMOKU_MIDDLE_GAME: &str = "7,7 8,5 9,9 6,6 9,6 6,7 6,8 9,5 7,5 7,6 5,8 11,5 5,9 4,10 7,8 9,4 10,3 10,5 12,5 4,8";

fn main() {
    divan::main();
}

/// 400 random contest boards with 8–9 empty cells, one table for all of them.
#[divan::bench(sample_count = 10)]
fn product_grid_400_boards(bencher: divan::Bencher) {
    let boards = ProductGrid::random_boards(2024, 400, 8..=9);
    bencher.bench_local(|| {
        let mut searcher = Searcher::new(SearchOptions::strong(16));
        boards.iter().map(|board| product_grid_sign(&mut searcher, &mut board.clone())).sum::<i32>()
    });
}

/// Every move of `xo../.x../..../....` on the 4×4 board, exactly.
#[divan::bench(sample_count = 10)]
fn mnk_4x4_opening_every_move() -> usize {
    let board = Mnk::parse(4, 4, 4, "xo../.x../..../....").unwrap();
    analyze(&board, &config()).moves.len()
}

/// Every move of the empty 4×4 board, exactly.
#[divan::bench(sample_count = 10)]
fn mnk_4x4_empty_every_move() -> usize {
    analyze(&Mnk::new(4, 4, 4).unwrap(), &config()).moves.len()
}

/// Every move of the empty 3×4 matchstick board.
#[divan::bench(sample_count = 10)]
fn matchsticks_3x4_every_move() -> usize {
    analyze(&Matchsticks::new(3, 4).unwrap(), &config()).moves.len()
}

/// Plays and takes back every empty cell of a 20-stone gomoku position: the incremental
/// pattern update that every search node pays twice.
#[divan::bench(sample_count = 20)]
fn gomoku_play_undo_every_cell(bencher: divan::Bencher) {
    let mut board = Gomoku::parse(15, Rule::Freestyle, GOMOKU_MIDDLE_GAME).unwrap();
    let cells: Vec<_> = (0..board.cells() as u16).filter(|&cell| board.stone(cell).is_none()).collect();
    bencher.bench_local(|| {
        for &cell in &cells {
            board.play(cell);
            board.undo(cell);
        }
        board.evaluate()
    });
}

/// The tuned gomoku searcher to depth 9 from the same position, with a fresh table.
#[divan::bench(sample_count = 10)]
fn gomoku_play_search_depth_9() -> u64 {
    let board = Gomoku::parse(15, Rule::Freestyle, GOMOKU_MIDDLE_GAME).unwrap();
    let mut searcher = new_searcher(16);
    let limits = Limits::default().with_depth(9);
    iterative_deepening(&mut searcher, &mut board.clone(), &limits, StopFlag::new(), |_| {}).statistics.nodes
}
