//! Killer moves, the history heuristic and aspiration windows change only the order and
//! windows of a search: every combination must still return exactly plain minimax's value.

use gametree_engine::testing::{RandomTree, TreeShape};
use gametree_engine::{iterative_deepening, minimax, Game, Heuristics, Limits, SearchOptions, Searcher, StopFlag};

fn heuristic_sets() -> Vec<Heuristics> {
    let mut sets = Vec::new();
    for killers in [false, true] {
        for history in [false, true] {
            for aspiration in [None, Some(1), Some(4)] {
                sets.push(Heuristics { killers, history, aspiration });
            }
        }
    }
    sets
}

fn shape(seed: u64) -> TreeShape {
    [
        TreeShape::default(),
        TreeShape { depth: 9, width: 12, branching: 3, leaf_percent: 20 },
        TreeShape { depth: 5, width: 40, branching: 6, leaf_percent: 5 },
    ][(seed % 3) as usize]
}

fn check<const SCORED: bool>(seed: u64) {
    let tree = RandomTree::<SCORED>::generate(seed, shape(seed));
    let expected = minimax(&mut tree.root());
    for heuristics in heuristic_sets() {
        for options in [SearchOptions::PLAIN, SearchOptions { ordering: true, ..SearchOptions::PLAIN }, SearchOptions::strong(1)] {
            let mut searcher = Searcher::new(options);
            searcher.set_heuristics(heuristics);
            assert_eq!(searcher.solve(&mut tree.root()), expected, "seed {seed} {heuristics:?} {options:?}");
            assert_eq!(searcher.solve(&mut tree.root()), expected, "seed {seed} {heuristics:?} {options:?}, warm");
            let report = iterative_deepening(&mut searcher, &mut tree.root(), &Limits::UNLIMITED, StopFlag::new(), |_| {});
            assert_eq!(report.value, expected, "seed {seed} {heuristics:?} {options:?}: iterative deepening");
        }
        // Depth-limited iterations (heuristic values, aspiration windows in play) agree with
        // full-window iterations at every depth.
        for depth in 1..=4 {
            let mut plain = Searcher::new(SearchOptions::strong(1));
            let mut refined = Searcher::new(SearchOptions::strong(1));
            refined.set_heuristics(heuristics);
            let limits = Limits::default().with_depth(depth);
            let a = iterative_deepening(&mut plain, &mut tree.root(), &limits, StopFlag::new(), |_| {});
            let b = iterative_deepening(&mut refined, &mut tree.root(), &limits, StopFlag::new(), |_| {});
            assert_eq!(a.value, b.value, "seed {seed} {heuristics:?} depth {depth}");
        }
    }
    assert!(tree.root().move_index(0).is_some());
}

#[test]
fn heuristics_keep_minimax_values_on_win_draw_loss_graphs() {
    for seed in 0..300 {
        check::<false>(seed);
    }
}

#[test]
fn heuristics_keep_minimax_values_on_scored_graphs() {
    for seed in 0..300 {
        check::<true>(seed);
    }
}
