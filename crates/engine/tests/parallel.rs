//! A searcher with helper threads sharing its table (`Searcher::set_threads`) must still
//! return exactly what plain minimax returns when it solves, whatever the threads' timing;
//! its helpers must do work, and a stop must end all of them.

use std::time::Duration;

use gametree_engine::testing::{RandomPosition, RandomTree, TreeShape};
use gametree_engine::{
    iterative_deepening, minimax, Heuristics, Limits, Reductions, SearchOptions, Searcher, Silent, StopFlag, TranspositionTable,
};

fn heuristic_sets() -> [Heuristics; 3] {
    [
        Heuristics::default(),
        Heuristics { quiescence_plies: 3, quiescence_breadth: 1, quiescence_table: true, ..Heuristics::for_play(2) },
        Heuristics {
            history: false,
            threat_extension: 2,
            futility_margin: 3,
            late_move_reductions: Reductions::Logarithmic { percent: 80 },
            quiescence_plies: 4,
            quiescence_breadth: 2,
            quiescence_table: true,
            ..Heuristics::for_play(1)
        },
    ]
}

fn check<const SCORED: bool>(seed: u64) {
    let tree = RandomTree::<SCORED>::generate(seed, TreeShape::varied(seed));
    let expected = minimax(&mut tree.root());
    for heuristics in heuristic_sets() {
        for options in [SearchOptions { symmetry: false, ..SearchOptions::strong(1) }, SearchOptions::strong(1)] {
            for threads in [2, 3] {
                // A small table, so that threads often meet in the same buckets.
                let mut searcher = Searcher::with_table(options, TranspositionTable::with_entries(512), Silent);
                searcher.set_heuristics(heuristics);
                searcher.set_threads(threads);
                for round in 0..2 {
                    let report = iterative_deepening(&mut searcher, &mut tree.root(), &Limits::UNLIMITED, StopFlag::new(), |_| {});
                    let context = format!("seed {seed}, {threads} threads, round {round}, {heuristics:?}, {options:?}");
                    assert_eq!(report.value, expected, "{context}");
                    assert!(report.exact && report.complete, "{context}");
                }
            }
        }
    }
}

#[test]
fn parallel_solving_matches_minimax_on_win_draw_loss_graphs() {
    for seed in 0..200 {
        check::<false>(seed);
    }
}

#[test]
fn parallel_solving_matches_minimax_on_scored_graphs() {
    for seed in 0..200 {
        check::<true>(seed);
    }
}

/// A wide, deep graph that no depth-limited search finishes quickly.
fn big_tree() -> RandomTree<true> {
    RandomTree::<true>::generate(7, TreeShape { depth: 40, width: 4000, branching: 8, leaf_percent: 2 })
}

#[test]
fn helpers_search_and_their_nodes_are_counted() {
    let tree = big_tree();
    let mut searcher = Searcher::new(SearchOptions::strong(4));
    searcher.set_threads(2);
    assert_eq!(searcher.threads(), 2);
    let limits = Limits::default().with_time(Duration::from_millis(300));
    let report = iterative_deepening(&mut searcher, &mut tree.root(), &limits, StopFlag::new(), |_| {});
    // The report counts every thread's nodes, the searcher its own.
    assert!(report.statistics.nodes > searcher.statistics().nodes, "{} vs {}", report.statistics.nodes, searcher.statistics().nodes);
    assert!(report.best_move.is_some());

    // Back to one thread: the report counts the searcher's nodes alone.
    searcher.set_threads(1);
    assert_eq!(searcher.threads(), 1);
    let before = searcher.statistics().nodes;
    let report = iterative_deepening(&mut searcher, &mut tree.root(), &limits, StopFlag::new(), |_| {});
    assert_eq!(report.statistics.nodes, searcher.statistics().nodes - before);
}

#[test]
fn without_a_table_there_are_no_helpers() {
    let mut searcher = Searcher::<RandomPosition<true>>::new(SearchOptions::PLAIN);
    searcher.set_threads(4);
    assert_eq!(searcher.threads(), 1);
}

#[test]
fn a_raised_stop_ends_every_thread() {
    let tree = big_tree();
    let mut searcher = Searcher::new(SearchOptions::strong(4));
    searcher.set_threads(3);
    let stop = StopFlag::new();
    let raiser = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            stop.raise();
        })
    };
    // No limit but the stop flag: without it the search would run for hours, and a helper
    // that missed it would keep the call from returning.
    let report = iterative_deepening(&mut searcher, &mut tree.root(), &Limits::UNLIMITED, stop, |_| {});
    raiser.join().unwrap();
    assert!(!report.complete);
    assert!(report.best_move.is_some());
}
