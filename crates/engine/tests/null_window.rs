//! The null-window drivers must return exactly what plain minimax returns (remoteness
//! included), with every combination of search refinements, on random game graphs.

use std::cmp::Ordering;

use gametree_engine::testing::{RandomTree, TreeShape};
use gametree_engine::{minimax, sign_by_null_windows, solve_by_null_windows, SearchOptions, Searcher, Value};

fn option_sets() -> Vec<SearchOptions> {
    let mut sets = Vec::new();
    for table in [0, 1] {
        for symmetry in [false, true] {
            for ordering in [false, true] {
                for shortcuts in [false, true] {
                    sets.push(SearchOptions { table_megabytes: table, symmetry, ordering, principal_variation: true, shortcuts });
                }
            }
        }
    }
    sets
}

fn shape(seed: u64) -> TreeShape {
    let shapes = [
        TreeShape::default(),
        TreeShape { depth: 9, width: 12, branching: 3, leaf_percent: 20 },
        TreeShape { depth: 5, width: 40, branching: 6, leaf_percent: 5 },
        TreeShape { depth: 3, width: 4, branching: 3, leaf_percent: 30 },
        TreeShape { depth: 12, width: 10, branching: 3, leaf_percent: 10 },
    ];
    shapes[(seed % shapes.len() as u64) as usize]
}

fn check<const SCORED: bool>(seed: u64) {
    let shape = shape(seed);
    let tree = RandomTree::<SCORED>::generate(seed, shape);
    let expected = minimax(&mut tree.root());
    for options in option_sets() {
        for horizon in [Some(shape.depth), Some(shape.depth + 3), None] {
            let mut searcher = Searcher::new(options);
            let value = solve_by_null_windows(&mut searcher, &mut tree.root(), horizon);
            assert_eq!(value, Some(expected), "seed {seed}, horizon {horizon:?}, {options:?}");
            // Asking again with the table warm gives the same answer.
            let value = solve_by_null_windows(&mut searcher, &mut tree.root(), horizon);
            assert_eq!(value, Some(expected), "seed {seed}, warm, horizon {horizon:?}, {options:?}");
        }
        let mut searcher = Searcher::new(options);
        let sign = sign_by_null_windows(&mut searcher, &mut tree.root());
        assert_eq!(sign, Some(expected.cmp(&Value::DRAW)), "seed {seed}, sign, {options:?}");
    }
}

#[test]
fn null_window_solving_matches_minimax_on_win_draw_loss_graphs() {
    for seed in 0..600 {
        check::<false>(seed);
    }
}

#[test]
fn null_window_solving_matches_minimax_on_scored_graphs() {
    for seed in 0..300 {
        check::<true>(seed);
    }
}

#[test]
fn every_outcome_kind_occurs_in_the_checked_graphs() {
    // The test above would be weak if all roots had the same value.
    let mut seen = [false; 3];
    for seed in 0..600 {
        let tree = RandomTree::<false>::generate(seed, shape(seed));
        let value = minimax(&mut tree.root());
        let index = match value.cmp(&Value::DRAW) {
            Ordering::Less => 0,
            Ordering::Equal => 1,
            Ordering::Greater => 2,
        };
        seen[index] = true;
    }
    assert_eq!(seen, [true; 3]);
}

#[test]
fn a_raised_stop_flag_gives_no_value() {
    let tree = RandomTree::<false>::generate(3, TreeShape { depth: 12, width: 200, branching: 6, leaf_percent: 2 });
    let mut searcher = Searcher::new(SearchOptions::default());
    let stop = gametree_engine::StopFlag::new();
    stop.raise();
    searcher.set_limits(&gametree_engine::Limits::UNLIMITED, stop);
    assert_eq!(solve_by_null_windows(&mut searcher, &mut tree.root(), None), None);
    assert_eq!(sign_by_null_windows(&mut searcher, &mut tree.root()), None);
}
