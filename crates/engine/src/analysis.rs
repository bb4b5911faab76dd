//! Analysis of a position: the value of every legal move, each with the line that
//! justifies it, optionally spread over several threads (root splitting).

use std::time::Instant;

use rayon::prelude::*;

use crate::alphabeta::{SearchOptions, Searcher, UNLIMITED_DEPTH};
use crate::game::{Game, GameKind};
use crate::heuristics::Heuristics;
use crate::limits::{Limits, StopFlag};
use crate::statistics::Statistics;
use crate::value::{Value, Verdict};

/// How to analyse: search refinements, limits and threads.
#[derive(Clone, Debug)]
pub struct AnalysisConfig {
    /// The search refinements (table size is per thread).
    pub options: SearchOptions,
    /// Ordering memory, extensions, reductions and quiescence for depth-limited iterations
    /// (off by default). A game whose static evaluation misleads at a bare horizon (gomoku:
    /// a four left hanging) needs its quiescence search here for depth-limited values to
    /// mean anything. Without limits none of these changes a value.
    pub heuristics: Heuristics,
    /// Depth, node and time limits. Without any, the analysis is exact.
    pub limits: Limits,
    /// Raised to stop early; the deepest finished iteration is returned.
    pub stop: StopFlag,
    /// Worker threads for root splitting; 1 searches on the calling thread.
    pub threads: usize,
}

impl Default for AnalysisConfig {
    fn default() -> Self {
        AnalysisConfig {
            options: SearchOptions::default(),
            heuristics: Heuristics::default(),
            limits: Limits::UNLIMITED,
            stop: StopFlag::new(),
            threads: 1,
        }
    }
}

/// One legal move and what it is worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAnalysis<M> {
    /// The move.
    pub mv: M,
    /// Its value from the point of view of the player making it, remoteness counted from
    /// the analysed position (so "win in 3" includes the move itself).
    pub value: Value,
    /// The principal variation, starting with the move.
    pub line: Vec<M>,
}

/// The result of [`analyze`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis<M> {
    /// The value of the position for its side to move (the best move's value).
    pub value: Value,
    /// Every legal move, best first (ties keep the game's move order).
    pub moves: Vec<MoveAnalysis<M>>,
    /// Whether every value is exact.
    pub exact: bool,
    /// Whether the analysis ran to its end (not cut short by a node/time limit or stop).
    pub complete: bool,
    /// Depth of the deepest finished iteration.
    pub depth: u32,
    /// Counters of all threads together; `time_us` is wall time.
    pub statistics: Statistics,
}

impl<M: Copy> Analysis<M> {
    /// The best move, if the game is not over.
    #[must_use]
    pub fn best_move(&self) -> Option<M> {
        self.moves.first().map(|analysis| analysis.mv)
    }

    /// The position's value as a verdict (draw remoteness: the best line's length).
    #[must_use]
    pub fn verdict(&self, kind: GameKind) -> Verdict {
        let length = self.moves.first().map_or(0, |best| best.line.len());
        self.value.verdict(kind, self.exact, length as u32)
    }

    /// A move's value as a verdict, from the mover's point of view.
    #[must_use]
    pub fn move_verdict(&self, kind: GameKind, analysis: &MoveAnalysis<M>) -> Verdict {
        analysis.value.verdict(kind, self.exact, analysis.line.len() as u32)
    }
}

/// Values every legal move of `position`.
///
/// Without limits the result is exact: wins with their fastest remoteness, losses with
/// their slowest, and each move's line played to the end of the game. With limits,
/// iterative deepening values every move at each depth and keeps the deepest finished
/// depth.
///
/// ```
/// use gametree_engine::{analyze, minimax, AnalysisConfig, Game};
/// use gametree_engine::testing::{RandomTree, TreeShape};
/// let tree = RandomTree::<false>::generate(11, TreeShape::default());
/// let analysis = analyze(&tree.root(), &AnalysisConfig::default());
/// assert_eq!(analysis.value, minimax(&mut tree.root()));
/// for mv in &analysis.moves {
///     let mut child = tree.root();
///     child.play(mv.mv);
///     // One ply further from the root: the child's value, negated, one ply later.
///     assert_eq!(mv.value.to_node_relative(1), -minimax(&mut child));
/// }
/// ```
pub fn analyze<G: Game>(position: &G, config: &AnalysisConfig) -> Analysis<G::Move> {
    let started = Instant::now();
    let mut analysis =
        Analysis { value: Value::DRAW, moves: Vec::new(), exact: true, complete: true, depth: 0, statistics: Statistics::default() };
    if let Some(outcome) = position.outcome() {
        analysis.value = Value::from_outcome(outcome, position.to_move(), 0);
        return analysis;
    }
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    position.order_moves(&mut moves);

    let iterative = config.limits.depth.is_some() || config.limits.can_interrupt();
    let depths: Vec<u32> =
        if iterative { (1..=config.limits.depth.unwrap_or(UNLIMITED_DEPTH).max(1)).collect() } else { vec![UNLIMITED_DEPTH] };
    let threads = config.threads.max(1);
    let mut thread_options = config.options;
    thread_options.table_megabytes = config.options.table_megabytes.div_ceil(threads);

    let mut finished: Option<Vec<MoveAnalysis<G::Move>>> = None;
    let mut statistics = Statistics::default();
    let mut depth_reached = 0;
    let mut exact = false;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("thread pool");
    // One searcher per worker for the whole analysis, so tables carry over between depths.
    let searchers: Vec<std::sync::Mutex<Searcher<G>>> =
        (0..threads).map(|_| std::sync::Mutex::new(Searcher::new(thread_options))).collect();
    for searcher in &searchers {
        let mut searcher = searcher.lock().expect("searcher");
        searcher.set_heuristics(config.heuristics);
        searcher.set_limits(&config.limits, config.stop.clone());
    }
    for depth in depths {
        let horizon_before: u64 = searchers.iter().map(|s| s.lock().expect("searcher").statistics().horizon_leaves).sum();
        let search_one = |index: usize, mv: G::Move| {
            let worker = rayon::current_thread_index().unwrap_or(index) % threads;
            let mut searcher = searchers[worker].lock().expect("searcher");
            let mut child = position.clone();
            let mut line = Vec::new();
            let value = searcher.search_move(&mut child, mv, depth, Value::NEG_INFINITY, Value::INFINITY, &mut line);
            (MoveAnalysis { mv, value, line }, searcher.stopped())
        };
        let results: Vec<(MoveAnalysis<G::Move>, bool)> = if threads == 1 {
            moves.iter().enumerate().map(|(index, &mv)| search_one(index, mv)).collect()
        } else {
            pool.install(|| moves.par_iter().enumerate().map(|(index, &mv)| search_one(index, mv)).collect())
        };
        if results.iter().any(|(_, stopped)| *stopped) {
            break;
        }
        let horizon_after: u64 = searchers.iter().map(|s| s.lock().expect("searcher").statistics().horizon_leaves).sum();
        let mut values: Vec<MoveAnalysis<G::Move>> = results.into_iter().map(|(result, _)| result).collect();
        values.sort_by_key(|result| std::cmp::Reverse(result.value));
        depth_reached = depth;
        exact = horizon_after == horizon_before;
        // A win or loss found by a selective search (reductions, pruning) may rest on
        // moves it never looked at: only an unpruned one proves every value.
        let proven = !config.heuristics.is_selective() && values.iter().all(|result| result.value.is_decisive());
        finished = Some(values);
        if exact || proven {
            exact = true;
            break;
        }
    }
    for searcher in &searchers {
        statistics += searcher.lock().expect("searcher").statistics();
    }
    let complete = finished.is_some() && !config.stop.is_raised() && (exact || Some(depth_reached) == config.limits.depth);
    let mut results = finished.unwrap_or_default();
    if exact {
        let mut searcher = searchers[0].lock().expect("searcher");
        searcher.set_limits(&Limits::UNLIMITED, crate::limits::StopFlag::new());
        for result in &mut results {
            complete_line(&mut searcher, position, result);
        }
    }
    analysis.value = results.first().map_or(Value::DRAW, |best| best.value);
    analysis.moves = results;
    analysis.exact = exact;
    analysis.complete = complete;
    // An exact analysis went as deep as the game: report the deepest ply reached.
    analysis.depth = if exact { statistics.max_ply } else { depth_reached };
    statistics.time_us = started.elapsed().as_micros() as u64;
    analysis.statistics = statistics;
    analysis
}

/// Extends an exact move's line to the end of the game, so that it shows how the game
/// ends under optimal play (table hits can cut a searched line short). Each added move is
/// one whose value equals the position's value, verified by a search.
fn complete_line<G: Game>(searcher: &mut Searcher<G>, root: &G, result: &mut MoveAnalysis<G::Move>) {
    let mut position = root.clone();
    // Replay the known line while it keeps the value; drop the rest if it does not.
    let mut target = result.value; // from the mover's view, root-relative
    let mut kept = Vec::new();
    for (ply, &mv) in result.line.iter().enumerate() {
        let node_target = target.to_node_relative(ply as u32);
        let mut line = Vec::new();
        let value = searcher.search_move(
            &mut position,
            mv,
            UNLIMITED_DEPTH,
            Value::from_raw(node_target.raw() - 1),
            Value::from_raw(node_target.raw() + 1),
            &mut line,
        );
        if value != node_target {
            break;
        }
        position.play(mv);
        kept.push(mv);
        target = -target;
    }
    let mut moves = Vec::new();
    while position.outcome().is_none() {
        let node_target = target.to_node_relative(kept.len() as u32);
        moves.clear();
        position.generate_moves(&mut moves);
        position.order_moves(&mut moves);
        let mut line = Vec::new();
        let Some(&mv) = moves.iter().find(|&&mv| {
            let window = (Value::from_raw(node_target.raw() - 1), Value::from_raw(node_target.raw() + 1));
            searcher.search_move(&mut position, mv, UNLIMITED_DEPTH, window.0, window.1, &mut line) == node_target
        }) else {
            break;
        };
        position.play(mv);
        kept.push(mv);
        target = -target;
    }
    result.line = kept;
}
