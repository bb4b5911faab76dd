//! Benchmarks of the search refinements on one large random game graph:
//! `cargo bench -p gametree-engine`.

use gametree_engine::testing::{RandomTree, TreeShape};
use gametree_engine::{census, minimax, SearchOptions, Searcher, StopFlag};

fn main() {
    divan::main();
}

fn graph() -> RandomTree<true> {
    RandomTree::generate(2024, TreeShape { depth: 10, width: 2000, branching: 4, leaf_percent: 3 })
}

#[divan::bench]
fn plain_minimax(bencher: divan::Bencher) {
    let tree = graph();
    bencher.bench_local(|| minimax(&mut tree.root()));
}

#[divan::bench(args = ["plain", "ordering", "table", "table+symmetry", "table+pvs", "everything"])]
fn alpha_beta(bencher: divan::Bencher, variant: &str) {
    let tree = graph();
    let options = match variant {
        "plain" => SearchOptions::PLAIN,
        "ordering" => SearchOptions { ordering: true, ..SearchOptions::PLAIN },
        "table" => SearchOptions { table_megabytes: 2, ordering: true, ..SearchOptions::PLAIN },
        "table+symmetry" => SearchOptions { table_megabytes: 2, ordering: true, symmetry: true, ..SearchOptions::PLAIN },
        "table+pvs" => SearchOptions { table_megabytes: 2, ordering: true, principal_variation: true, ..SearchOptions::PLAIN },
        _ => SearchOptions::strong(2),
    };
    bencher.bench_local(|| Searcher::new(options).solve(&mut tree.root()));
}

#[divan::bench]
fn strong_solve_census(bencher: divan::Bencher) {
    let tree = graph();
    bencher.bench_local(|| census(&tree.root(), StopFlag::new(), |_| {}).unwrap().positions);
}
