//! Every search variant must return exactly what plain minimax returns, remoteness
//! included, on thousands of random game graphs of both kinds.

use gametree_engine::testing::{RandomTree, TreeShape};
use gametree_engine::{
    analyze, census, iterative_deepening, minimax, minimax_with, AnalysisConfig, Game, Limits, SearchOptions, Searcher, Silent,
    Statistics, StopFlag, TranspositionTable, Value,
};

/// A searcher with a small table (thousands of searches must not each clear megabytes).
fn small_searcher<G: Game>(options: SearchOptions) -> Searcher<G> {
    if options.table_megabytes == 0 {
        Searcher::new(options)
    } else {
        Searcher::with_table(options, TranspositionTable::with_entries(4096), Silent)
    }
}

fn all_option_sets() -> Vec<SearchOptions> {
    let mut sets = Vec::new();
    for table in [0, 1] {
        for symmetry in [false, true] {
            for ordering in [false, true] {
                for principal_variation in [false, true] {
                    sets.push(SearchOptions { table_megabytes: table, symmetry, ordering, principal_variation, shortcuts: true });
                }
            }
        }
    }
    sets
}

fn check_exact<const SCORED: bool>(seed: u64) {
    let tree = RandomTree::<SCORED>::generate(seed, TreeShape::varied(seed));
    let expected = minimax(&mut tree.root());
    for options in all_option_sets() {
        let mut searcher = small_searcher(options);
        assert_eq!(searcher.solve(&mut tree.root()), expected, "seed {seed}, {options:?}");
        // A second search reuses the table and must agree too.
        assert_eq!(searcher.solve(&mut tree.root()), expected, "seed {seed}, warm table, {options:?}");
    }
    let mut searcher = small_searcher(SearchOptions::default());
    let report = iterative_deepening(&mut searcher, &mut tree.root(), &Limits::UNLIMITED, StopFlag::new(), |_| {});
    assert_eq!(report.value, expected, "seed {seed}: iterative deepening");
    assert!(report.exact && report.complete);
}

#[test]
fn alpha_beta_variants_match_minimax_on_win_draw_loss_graphs() {
    for seed in 0..1500 {
        check_exact::<false>(seed);
    }
}

#[test]
fn alpha_beta_variants_match_minimax_on_scored_graphs() {
    for seed in 0..1500 {
        check_exact::<true>(seed);
    }
}

#[test]
fn fail_soft_bounds_hold_for_every_window() {
    for seed in 0..300 {
        let tree = RandomTree::<true>::generate(seed, TreeShape::varied(seed));
        let expected = minimax(&mut tree.root());
        for (alpha, beta) in [(-5, 5), (-30, -10), (10, 30), (0, 1), (-1, 0)] {
            let (alpha, beta) = (Value::score(alpha), Value::score(beta));
            for options in all_option_sets() {
                let mut searcher = small_searcher(options);
                let value = searcher.search(&mut tree.root(), gametree_engine::UNLIMITED_DEPTH, alpha, beta);
                if value <= alpha {
                    assert!(expected <= value, "seed {seed}: fail-low {value:?} but true {expected:?}");
                } else if value >= beta {
                    assert!(expected >= value, "seed {seed}: fail-high {value:?} but true {expected:?}");
                } else {
                    assert_eq!(value, expected, "seed {seed}: inside window");
                }
            }
        }
    }
}

#[test]
fn depth_limited_searches_match_depth_limited_minimax() {
    for seed in 0..400 {
        let tree = RandomTree::<true>::generate(seed, TreeShape::varied(seed));
        for depth in 1..=4 {
            let expected = minimax_with(&mut tree.root(), Some(depth), &mut Silent, &mut Statistics::default());
            for options in all_option_sets() {
                let mut searcher = small_searcher(options);
                let value = searcher.search(&mut tree.root(), depth, Value::NEG_INFINITY, Value::INFINITY);
                assert_eq!(value, expected, "seed {seed}, depth {depth}, {options:?}");
            }
            let mut searcher = small_searcher(SearchOptions::default());
            let report =
                iterative_deepening(&mut searcher, &mut tree.root(), &Limits::default().with_depth(depth), StopFlag::new(), |_| {});
            assert_eq!(report.value, expected, "seed {seed}, iterative deepening to depth {depth}");
        }
    }
}

fn check_analysis<const SCORED: bool>(seed: u64, threads: usize) {
    let tree = RandomTree::<SCORED>::generate(seed, TreeShape::varied(seed));
    let config = AnalysisConfig { threads, options: SearchOptions::strong(1), ..AnalysisConfig::default() };
    let analysis = analyze(&tree.root(), &config);
    assert_eq!(analysis.value, minimax(&mut tree.root()), "seed {seed}");
    assert!(analysis.exact && analysis.complete);
    for result in &analysis.moves {
        let mut child = tree.root();
        child.play(result.mv);
        assert_eq!(result.value.to_node_relative(1), -minimax(&mut child), "seed {seed}, move {}", result.mv);
        // The line is played to the end, and a decisive value's remoteness is its length.
        let end = gametree_engine::play_line(&tree.root(), &result.line);
        assert!(end.outcome().is_some(), "seed {seed}: line {:?} does not end the game", result.line);
        if let Some(remoteness) = result.value.remoteness() {
            assert_eq!(remoteness as usize, result.line.len(), "seed {seed}: line {:?}", result.line);
        }
    }
    assert!(analysis.moves.windows(2).all(|pair| pair[0].value >= pair[1].value));
}

#[test]
fn analysis_values_every_move_exactly_single_and_multi_threaded() {
    for seed in 0..300 {
        check_analysis::<false>(seed, 1);
        check_analysis::<true>(seed, 1);
        check_analysis::<false>(seed, 2);
        check_analysis::<true>(seed, 2);
    }
}

#[test]
fn census_root_matches_minimax() {
    for seed in 0..300 {
        let tree = RandomTree::<false>::generate(seed, TreeShape::varied(seed));
        let census = census(&tree.root(), StopFlag::new(), |_| {}).unwrap();
        let value = minimax(&mut tree.root());
        let verdict = value.verdict(gametree_engine::GameKind::WinDrawLoss, true, census.root.remoteness().unwrap());
        assert_eq!(census.root, verdict, "seed {seed}");
        assert_eq!(census.win + census.loss + census.draw, census.positions);
        assert!(census.canonical <= census.positions);
    }
}

#[test]
fn node_limit_stops_a_search_and_keeps_a_move() {
    let tree = RandomTree::<true>::generate(99, TreeShape { depth: 12, width: 200, branching: 6, leaf_percent: 2 });
    let mut searcher = Searcher::new(SearchOptions::PLAIN);
    let report = iterative_deepening(&mut searcher, &mut tree.root(), &Limits::default().with_nodes(5_000), StopFlag::new(), |_| {});
    assert!(!report.complete);
    assert!(report.best_move.is_some());
    assert!(report.statistics.nodes < 5_000 + 1_100, "{}", report.statistics.nodes);
}

#[test]
fn a_raised_stop_flag_ends_the_search() {
    let tree = RandomTree::<true>::generate(7, TreeShape { depth: 12, width: 200, branching: 6, leaf_percent: 2 });
    let stop = StopFlag::new();
    stop.raise();
    let mut searcher = Searcher::new(SearchOptions::PLAIN);
    let report = iterative_deepening(&mut searcher, &mut tree.root(), &Limits::UNLIMITED, stop, |_| {});
    assert!(!report.complete);
    assert_eq!(report.depth, 0);
}

/// A search restricted to some root moves returns the best minimax value among them, with
/// every option set and in iterative deepening, and leaves later unrestricted searches exact.
#[test]
fn restricted_roots_take_the_best_of_their_moves() {
    for seed in 0..300 {
        let tree = RandomTree::<false>::generate(seed, TreeShape::varied(seed));
        let root = tree.root();
        if root.outcome().is_some() {
            continue;
        }
        let mut moves = Vec::new();
        root.generate_moves(&mut moves);
        let subset: Vec<u8> = moves.iter().copied().filter(|mv| mv % 2 == 1 || moves.len() == 1).collect();
        let subset = if subset.is_empty() { vec![moves[0]] } else { subset };
        let expected = subset
            .iter()
            .map(|&mv| {
                let mut child = root.clone();
                child.play(mv);
                // One ply deeper: remoteness counts from the root.
                -minimax(&mut child).to_root_relative(1)
            })
            .max()
            .unwrap();
        for options in all_option_sets() {
            let mut searcher = small_searcher(options);
            searcher.set_root_moves(Some(subset.clone()));
            assert_eq!(searcher.solve(&mut tree.root()), expected, "seed {seed}, {options:?}");
            let report = iterative_deepening(&mut searcher, &mut tree.root(), &Limits::UNLIMITED, StopFlag::new(), |_| {});
            assert_eq!(report.value, expected, "seed {seed}, iterative deepening, {options:?}");
            assert!(subset.contains(&report.best_move.unwrap()));
            searcher.set_root_moves(None);
            assert_eq!(searcher.solve(&mut tree.root()), minimax(&mut tree.root()), "seed {seed}, lifted, {options:?}");
        }
    }
}
