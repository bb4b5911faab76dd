//! Killer moves, the history heuristic and aspiration windows change only the order and
//! windows of a search: every combination must still return exactly plain minimax's value.
//! Late-move reductions, internal iterative reductions, single-reply and threat extensions
//! and the pruning near the horizon change depth-limited values by design, but never exact
//! ones.

use gametree_engine::testing::{RandomPosition, RandomTree, TreeShape};
use gametree_engine::{
    analyze, iterative_deepening, minimax, minimax_to_depth, AnalysisConfig, Game, GameKind, Heuristics, Limits, Outcome, Player,
    Reductions, SearchOptions, Searcher, StopFlag, Value,
};

fn heuristic_sets() -> Vec<Heuristics> {
    let mut sets = Vec::new();
    for killers in [false, true] {
        for history in [false, true] {
            for aspiration in [None, Some(1), Some(4)] {
                for late_move_reductions in [Reductions::Off, Reductions::Fixed, Reductions::Logarithmic { percent: 80 }] {
                    for (quiescence_plies, quiescence_breadth) in [(0, 0), (2, 0), (3, 1)] {
                        for (single_reply_extension, threat_extension) in [(false, 0), (true, 0), (false, 2)] {
                            for pruning in [false, true] {
                                sets.push(Heuristics {
                                    killers,
                                    history,
                                    aspiration,
                                    late_move_reductions,
                                    quiescence_plies,
                                    quiescence_breadth,
                                    // Half the sets with the quiescence table, half without.
                                    quiescence_table: killers,
                                    single_reply_extension,
                                    threat_extension,
                                    late_move_pruning: pruning,
                                    futility_margin: if pruning { 3 } else { 0 },
                                    internal_reduction: if pruning { 3 } else { 0 },
                                });
                            }
                        }
                    }
                }
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
        // The table with symmetry on even seeds, without on odd ones: a canonical key's
        // entry gives no move, so internal reductions act only without it.
        let tabled = SearchOptions { symmetry: seed.is_multiple_of(2), ..SearchOptions::strong(1) };
        for options in [SearchOptions::PLAIN, SearchOptions { ordering: true, ..SearchOptions::PLAIN }, tabled] {
            let mut searcher = Searcher::new(options);
            searcher.set_heuristics(heuristics);
            assert_eq!(searcher.solve(&mut tree.root()), expected, "seed {seed} {heuristics:?} {options:?}");
            assert_eq!(searcher.solve(&mut tree.root()), expected, "seed {seed} {heuristics:?} {options:?}, warm");
            let report = iterative_deepening(&mut searcher, &mut tree.root(), &Limits::UNLIMITED, StopFlag::new(), |_| {});
            assert_eq!(report.value, expected, "seed {seed} {heuristics:?} {options:?}: iterative deepening");
        }
        // Depth-limited iterations (heuristic values, aspiration windows in play) agree with
        // full-window iterations at every depth.
        if heuristics.late_move_reductions != Reductions::Off
            || heuristics.single_reply_extension
            || heuristics.threat_extension > 0
            || heuristics.late_move_pruning
            || heuristics.futility_margin > 0
            || heuristics.internal_reduction > 0
        {
            continue;
        }
        for depth in 1..=4 {
            let expected = minimax_to_depth(&mut tree.root(), depth, heuristics.quiescence_plies, heuristics.quiescence_breadth);
            let mut refined = Searcher::new(SearchOptions::strong(1));
            refined.set_heuristics(heuristics);
            let limits = Limits::default().with_depth(depth);
            let report = iterative_deepening(&mut refined, &mut tree.root(), &limits, StopFlag::new(), |_| {});
            assert_eq!(report.value, expected, "seed {seed} {heuristics:?} depth {depth}");
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

/// A depth-3 search with `heuristics` (an extension) against one without, on 200 graphs
/// of `shape`: where the values differ the extended search went past depth 3, some values
/// do differ, and solving stays exact.
fn check_extension_sees_further(heuristics: Heuristics, shape: TreeShape) {
    let mut differ = 0;
    for seed in 0..200 {
        let tree = RandomTree::<true>::generate(seed, shape);
        let mut plain = Searcher::new(SearchOptions::strong(1));
        let mut extended = Searcher::new(SearchOptions::strong(1));
        extended.set_heuristics(heuristics);
        let a = plain.search(&mut tree.root(), 3, Value::NEG_INFINITY, Value::INFINITY);
        let b = extended.search(&mut tree.root(), 3, Value::NEG_INFINITY, Value::INFINITY);
        if a != b {
            differ += 1;
            assert!(extended.statistics().max_ply > 3, "seed {seed} {heuristics:?}");
        }
        // Exact values stay exact.
        assert_eq!(extended.solve(&mut tree.root()), minimax(&mut tree.root()), "seed {seed} {heuristics:?}");
    }
    assert!(differ > 0, "the extension never changed a value: {heuristics:?}");
}

/// A single-reply extension searches forced lines deeper: on graphs where nodes often
/// have a single move, the extended search sees further.
#[test]
fn single_reply_extensions_see_past_forced_moves() {
    check_extension_sees_further(
        Heuristics { single_reply_extension: true, ..Heuristics::default() },
        TreeShape { depth: 8, width: 10, branching: 2, leaf_percent: 10 },
    );
}

/// A threat extension searches threatened nodes with few answers deeper (one node in three
/// of these graphs is threatened).
#[test]
fn threat_extensions_see_past_threatened_nodes() {
    check_extension_sees_further(
        Heuristics { threat_extension: 3, ..Heuristics::default() },
        TreeShape { depth: 8, width: 10, branching: 3, leaf_percent: 10 },
    );
}

/// A random (scored) position whose threatened nodes count `extra` more answers than they
/// have ([`Game::threat_answers`]), as a game counts answers its move generator leaves out.
#[derive(Clone)]
struct ExtraAnswers {
    position: RandomPosition<true>,
    extra: usize,
}

impl Game for ExtraAnswers {
    type Move = u8;

    const KIND: GameKind = GameKind::Scored;

    fn to_move(&self) -> Player {
        self.position.to_move()
    }
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        self.position.generate_moves(moves);
    }
    fn play(&mut self, mv: u8) {
        self.position.play(mv);
    }
    fn undo(&mut self, mv: u8) {
        self.position.undo(mv);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }
    fn hash(&self) -> Option<u64> {
        self.position.hash()
    }
    fn order_moves(&self, moves: &mut [u8]) {
        self.position.order_moves(moves);
    }
    fn evaluate(&self) -> i32 {
        self.position.evaluate()
    }
    fn move_index(&self, mv: u8) -> Option<usize> {
        self.position.move_index(mv)
    }
    fn tactical_moves(&self, moves: &mut Vec<u8>) -> bool {
        self.position.tactical_moves(moves)
    }
    fn is_threatened(&self) -> bool {
        self.position.is_threatened()
    }
    fn threat_answers(&self, generated: usize) -> usize {
        generated + self.extra
    }
}

/// The threat extension decides on the answers the game counts, not on the moves it
/// generated: counted as more than the limit, no threatened node is extended and the
/// search is the one without the extension, node for node; counted as they are, it
/// extends as before.
#[test]
fn threat_extensions_count_the_games_answers() {
    let shape = TreeShape { depth: 8, width: 10, branching: 3, leaf_percent: 10 };
    let mut extended_somewhere = false;
    for seed in 0..100 {
        let tree = RandomTree::<true>::generate(seed, shape);
        let search = |extra: usize, threat_extension: u32| {
            let mut searcher = Searcher::new(SearchOptions::strong(1));
            searcher.set_heuristics(Heuristics { threat_extension, ..Heuristics::default() });
            let mut position = ExtraAnswers { position: tree.root(), extra };
            let value = searcher.search(&mut position, 3, Value::NEG_INFINITY, Value::INFINITY);
            (value, searcher.statistics().nodes)
        };
        let plain = search(0, 0);
        assert_eq!(search(4, 3), plain, "seed {seed}");
        // One answer more: a limit of 3 acts as a limit of 2.
        assert_eq!(search(1, 3), search(0, 2), "seed {seed}");
        extended_somewhere |= search(0, 3) != plain;
    }
    assert!(extended_somewhere, "the extension never changed a search");
}

/// With reductions, a depth-limited search that is deep enough to reach every end even
/// through reduced moves returns the exact value: tree depth plus two plies of reduction
/// per level is more than enough for the fixed schedule; the logarithmic one cuts at most
/// 0.8·ln 64·ln(moves) plies a level, and 200 plies cover that on these trees.
#[test]
fn late_move_reductions_keep_values_when_deep_enough() {
    for (reductions, depth) in [(Reductions::Fixed, None), (Reductions::Logarithmic { percent: 80 }, Some(200))] {
        let heuristics = Heuristics { late_move_reductions: reductions, ..Heuristics::default() };
        for seed in 0..300 {
            let tree = RandomTree::<true>::generate(seed, shape(seed));
            let expected = minimax(&mut tree.root());
            let mut searcher = Searcher::new(SearchOptions::strong(1));
            searcher.set_heuristics(heuristics);
            let depth = depth.unwrap_or(3 * shape(seed).depth + 3);
            let value = searcher.search(&mut tree.root(), depth, Value::NEG_INFINITY, Value::INFINITY);
            assert_eq!(value, expected, "seed {seed} {reductions:?}");
        }
    }
}

/// Internal iterative reductions shorten only the nodes whose table entry names no move:
/// deep enough, the values are minimax's; at a depth limit they change some values (so the
/// oracle comparisons above test a reduction that acts); and without a table, where every
/// node would lack a table move, nothing is reduced.
#[test]
fn internal_reductions_act_only_on_nodes_the_table_knows_no_move_for() {
    let heuristics = Heuristics { internal_reduction: 2, ..Heuristics::default() };
    let mut changed = 0;
    for seed in 0..300 {
        let tree = RandomTree::<true>::generate(seed, shape(seed));
        // Without symmetry: a canonical key's entry gives no move, and nothing is reduced.
        let strong = SearchOptions { symmetry: false, ..SearchOptions::strong(1) };
        let mut reduced = Searcher::new(strong);
        reduced.set_heuristics(heuristics);
        let depth = 3 * shape(seed).depth + 3;
        let value = reduced.search(&mut tree.root(), depth, Value::NEG_INFINITY, Value::INFINITY);
        assert_eq!(value, minimax(&mut tree.root()), "seed {seed}: deep enough");
        let report = iterative_deepening(&mut reduced, &mut tree.root(), &Limits::UNLIMITED, StopFlag::new(), |_| {});
        assert_eq!(report.value, minimax(&mut tree.root()), "seed {seed}: iterative deepening");

        let limited = |heuristics: Heuristics, options: SearchOptions| {
            let mut searcher = Searcher::new(options);
            searcher.set_heuristics(heuristics);
            searcher.search(&mut tree.root(), 4, Value::NEG_INFINITY, Value::INFINITY)
        };
        if limited(heuristics, strong) != limited(Heuristics::default(), strong) {
            changed += 1;
        }
        let untabled = SearchOptions { ordering: true, ..SearchOptions::PLAIN };
        assert_eq!(limited(heuristics, untabled), limited(Heuristics::default(), untabled), "seed {seed}: no table");
    }
    assert!(changed > 10, "internal reductions changed only {changed} of 300 depth-4 values");
}

/// Quiescence searches agree with the unpruned oracle at every depth, window and quiescence
/// length, for every combination of search options, with and without the quiescence table
/// (one searcher for all windows, so later searches find the earlier ones' entries).
#[test]
fn quiescence_matches_minimax_to_depth() {
    for seed in 0..300 {
        let tree = RandomTree::<true>::generate(seed, shape(seed));
        for depth in 1..=3 {
            for (quiescence_plies, quiescence_breadth) in [(1, 0), (2, 0), (3, 0), (2, 1), (3, 1), (3, 2)] {
                let expected = minimax_to_depth(&mut tree.root(), depth, quiescence_plies, quiescence_breadth);
                let tables = [false, true].into_iter();
                let options =
                    [SearchOptions::PLAIN, SearchOptions { ordering: true, ..SearchOptions::PLAIN }, SearchOptions::strong(1)];
                for (quiescence_table, options) in tables.flat_map(|table| options.into_iter().map(move |options| (table, options))) {
                    let mut searcher = Searcher::new(options);
                    searcher.set_heuristics(Heuristics {
                        quiescence_plies,
                        quiescence_breadth,
                        quiescence_table,
                        ..Heuristics::default()
                    });
                    let value = searcher.search(&mut tree.root(), depth, Value::NEG_INFINITY, Value::INFINITY);
                    assert_eq!(value, expected, "seed {seed} depth {depth} quiescence {quiescence_plies}×{quiescence_breadth} table {quiescence_table} {options:?}");
                    for (alpha, beta) in [(-5, 5), (0, 1), (10, 30)] {
                        let (alpha, beta) = (Value::score(alpha), Value::score(beta));
                        let value = searcher.search(&mut tree.root(), depth, alpha, beta);
                        let holds = if expected <= alpha {
                            value <= alpha
                        } else if expected >= beta {
                            value >= beta
                        } else {
                            value == expected
                        };
                        assert!(holds, "seed {seed} depth {depth} table {quiescence_table} window {alpha:?}..{beta:?}: {value:?} for {expected:?}");
                    }
                }
            }
        }
    }
}

/// Of 100 random scored trees, how many get a different value from `first` and `second`,
/// two ways of calling [`minimax_to_depth`] on the root.
fn values_changed(first: [u32; 3], second: [u32; 3]) -> usize {
    (0..100)
        .filter(|&seed| {
            let tree = RandomTree::<true>::generate(seed, shape(seed));
            let value = |[depth, plies, breadth]: [u32; 3]| minimax_to_depth(&mut tree.root(), depth, plies, breadth);
            value(first) != value(second)
        })
        .count()
}

#[test]
fn quiescence_changes_some_depth_limited_values() {
    let changed = values_changed([2, 2, 0], [2, 0, 0]);
    assert!(changed > 10, "quiescence changed only {changed} of 100 values");
}

/// The breadth limit matters: cutting the tactical moves below the first quiescence ply
/// changes some values, so the oracle comparisons above test it.
#[test]
fn quiescence_breadth_changes_some_values() {
    let changed = values_changed([1, 3, 1], [1, 3, 0]);
    assert!(changed > 5, "the breadth changed only {changed} of 100 values");
}

/// An analysis given a quiescence search values every move at its deepest iteration as
/// the unpruned oracle does one ply below; without limits it is exact.
#[test]
fn analysis_with_quiescence_matches_minimax_to_depth() {
    for seed in 0..200 {
        let tree = RandomTree::<true>::generate(seed, shape(seed));
        for (quiescence_plies, quiescence_breadth) in [(2, 0), (3, 1)] {
            let heuristics = Heuristics { killers: true, quiescence_plies, quiescence_breadth, ..Heuristics::default() };
            for depth in [1, 2, 3, 4] {
                let config = AnalysisConfig {
                    options: SearchOptions::strong(1),
                    heuristics,
                    limits: Limits::default().with_depth(depth),
                    ..AnalysisConfig::default()
                };
                let analysis = analyze(&tree.root(), &config);
                for result in &analysis.moves {
                    let mut child = tree.root();
                    child.play(result.mv);
                    let expected = if analysis.exact {
                        minimax(&mut child)
                    } else {
                        minimax_to_depth(&mut child, analysis.depth - 1, quiescence_plies, quiescence_breadth)
                    };
                    assert_eq!(
                        result.value.to_node_relative(1),
                        -expected,
                        "seed {seed} depth {depth} (reached {}) quiescence {quiescence_plies}×{quiescence_breadth} move {}",
                        analysis.depth,
                        result.mv
                    );
                }
            }
            let exact =
                analyze(&tree.root(), &AnalysisConfig { options: SearchOptions::strong(1), heuristics, ..AnalysisConfig::default() });
            assert!(exact.exact && exact.complete);
            assert_eq!(exact.value, minimax(&mut tree.root()), "seed {seed}");
        }
    }
}

/// A selective analysis (reductions and pruning near the horizon) may reach wins and
/// losses by lines that skip moves: it calls its values exact only when they are.
#[test]
fn selective_analysis_claims_exactness_only_when_exact() {
    let selective = Heuristics {
        late_move_reductions: Reductions::Logarithmic { percent: 80 },
        late_move_pruning: true,
        futility_margin: 3,
        internal_reduction: 2,
        quiescence_plies: 2,
        ..Heuristics::for_play(2)
    };
    // Wide, with many early ends, so that every root move often has a win or loss within
    // the depth limit (where the analysis stops early) and pruning has moves to skip.
    let shape = TreeShape { depth: 6, width: 30, branching: 8, leaf_percent: 40 };
    let mut claimed = 0;
    for seed in 0..300 {
        let tree = RandomTree::<false>::generate(seed, shape);
        for depth in 1..=6 {
            let config = AnalysisConfig {
                options: SearchOptions::strong(1),
                heuristics: selective,
                limits: Limits::default().with_depth(depth),
                ..AnalysisConfig::default()
            };
            let analysis = analyze(&tree.root(), &config);
            if !analysis.exact {
                continue;
            }
            claimed += 1;
            assert_eq!(analysis.value, minimax(&mut tree.root()), "seed {seed} depth {depth}");
            for result in &analysis.moves {
                let mut child = tree.root();
                child.play(result.mv);
                assert_eq!(result.value.to_node_relative(1), -minimax(&mut child), "seed {seed} depth {depth} move {}", result.mv);
            }
        }
    }
    assert!(claimed > 100, "only {claimed} analyses were exact: the test checks little");
}
