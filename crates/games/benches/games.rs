//! Benchmarks of the bundled games through the shared engine (`cargo bench -p
//! gametree-games`). The same figures are printed by `gametree bench`.

use gametree_engine::{analyze, AnalysisConfig, SearchOptions, Searcher};

/// A table that holds these searches (clearing a larger one costs more than the search).
fn config() -> AnalysisConfig {
    AnalysisConfig { options: SearchOptions::strong(16), ..AnalysisConfig::default() }
}
use gametree_games::{product_grid_sign, Matchsticks, Mnk, ProductGrid};

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
