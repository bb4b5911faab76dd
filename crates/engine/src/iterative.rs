//! Iterative deepening under [`Limits`]: search depth 1, 2, 3… until a limit is reached or
//! the value is proven, and return the result of the deepest finished iteration.

use std::time::Instant;

use crate::alphabeta::{Searcher, UNLIMITED_DEPTH};
use crate::game::{Game, GameKind};
use crate::limits::{Limits, StopFlag};
use crate::observer::Observer;
use crate::statistics::Statistics;
use crate::value::{Value, Verdict};

/// The result of a best-move search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport<M> {
    /// The value for the side to move.
    pub value: Value,
    /// The best move found (`None` only when the game is already over).
    pub best_move: Option<M>,
    /// The principal variation, starting with the best move.
    pub principal_variation: Vec<M>,
    /// The depth of the deepest finished iteration.
    pub depth: u32,
    /// Whether the value is exact (no leaf was valued heuristically).
    pub exact: bool,
    /// Whether the search ended on its own rather than by a node/time limit or the stop flag.
    pub complete: bool,
    /// Counters of the whole search, all iterations together.
    pub statistics: Statistics,
}

impl<M> SearchReport<M> {
    /// The value as a verdict to show users.
    #[must_use]
    pub fn verdict(&self, kind: GameKind) -> Verdict {
        self.value.verdict(kind, self.exact, self.principal_variation.len() as u32)
    }
}

/// Iterative deepening from `position` with `searcher`, until `limits` or `stop` end it,
/// the value is proven (exact), or the depth limit is reached. `on_iteration` sees each
/// finished iteration (for progress output).
///
/// When a limit stops an iteration, a root move that finished that iteration with the best
/// value so far replaces the previous iteration's move (`depth` still names the last
/// finished iteration). If no root move finished at all, the first legal move (in the
/// game's order) is returned with a heuristic value, so a caller that must move always can.
///
/// A searcher given more than one thread ([`Searcher::set_threads`]) runs its helpers
/// beside the search, on clones of `position`, until the search ends; the result is the
/// searcher's own, and the statistics count the nodes of all threads (a node limit counts
/// the searcher's own).
///
/// ```
/// use gametree_engine::{iterative_deepening, minimax, Limits, Searcher, SearchOptions, StopFlag};
/// use gametree_engine::testing::{RandomTree, TreeShape};
/// let tree = RandomTree::<true>::generate(3, TreeShape::default());
/// let mut searcher = Searcher::new(SearchOptions::default());
/// let report = iterative_deepening(&mut searcher, &mut tree.root(), &Limits::UNLIMITED, StopFlag::new(), |_| {});
/// assert!(report.exact && report.complete);
/// assert_eq!(report.value, minimax(&mut tree.root()));
/// ```
pub fn iterative_deepening<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<G, O>,
    position: &mut G,
    limits: &Limits,
    stop: StopFlag,
    on_iteration: impl FnMut(&SearchReport<G::Move>),
) -> SearchReport<G::Move> {
    if searcher.helpers.is_empty() || position.outcome().is_some() {
        return deepen(searcher, position, limits, stop, on_iteration);
    }
    let mut helpers = std::mem::take(&mut searcher.helpers);
    let helpers_stop = StopFlag::new();
    let before: Vec<u64> = helpers.iter().map(|helper| helper.statistics().nodes).collect();
    let max_depth = limits.depth.unwrap_or(UNLIMITED_DEPTH).max(1);
    let mut report = std::thread::scope(|scope| {
        // Raised however the search ends, a panic included: the scope waits for the
        // helpers, which stop only when told.
        let _stop_helpers = RaiseOnDrop(helpers_stop.clone());
        for helper in &mut helpers {
            helper.prepare_helper(searcher, helpers_stop.clone());
            let mut position = position.clone();
            scope.spawn(move || help(helper, &mut position, max_depth));
        }
        deepen(searcher, position, limits, stop, on_iteration)
    });
    report.statistics.nodes += helpers.iter().zip(before).map(|(helper, before)| helper.statistics().nodes - before).sum::<u64>();
    searcher.helpers = helpers;
    report
}

/// Raises its flag when dropped.
struct RaiseOnDrop(StopFlag);

impl Drop for RaiseOnDrop {
    fn drop(&mut self) {
        self.0.raise();
    }
}

/// A helper's search (see [`Searcher::set_threads`]): iterative deepening on the main
/// search's schedule, until its stop flag is raised or the depth limit is searched. (One
/// ply ahead of it reached depth 10 on the first 40 move-quality gomoku positions 7 %
/// sooner than one thread, the same schedule 19 % sooner: `examples/search_cost`.)
fn help<G: Game>(helper: &mut Searcher<G>, position: &mut G, max_depth: u32) {
    let mut previous = None;
    for depth in 1..=max_depth {
        let value = crate::heuristics::iteration(helper, position, depth, previous);
        if helper.stopped() {
            return;
        }
        previous = Some(value);
    }
}

fn deepen<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<G, O>,
    position: &mut G,
    limits: &Limits,
    stop: StopFlag,
    mut on_iteration: impl FnMut(&SearchReport<G::Move>),
) -> SearchReport<G::Move> {
    let started = Instant::now();
    let statistics_before = searcher.statistics();
    searcher.set_limits(limits, stop);
    let max_depth = limits.depth.unwrap_or(UNLIMITED_DEPTH).max(1);
    let mut report = SearchReport {
        value: Value::DRAW,
        best_move: None,
        principal_variation: Vec::new(),
        depth: 0,
        exact: false,
        complete: false,
        statistics: Statistics::default(),
    };
    if let Some(outcome) = position.outcome() {
        report.value = Value::from_outcome(outcome, position.to_move(), 0);
        report.exact = true;
        report.complete = true;
        return report;
    }
    for depth in 1..=max_depth {
        let horizon_before = searcher.statistics().horizon_leaves;
        let previous = (depth > 1).then_some(report.value);
        let value = crate::heuristics::iteration(searcher, position, depth, previous);
        if searcher.stopped() {
            // A root move that finished this deeper iteration ahead of all the others
            // searched so far is a better guess than the previous iteration's move.
            if let Some((best_move, value)) = searcher.root_best() {
                report.best_move = Some(best_move);
                report.value = value;
                report.principal_variation = searcher.principal_variation().to_vec();
                report.exact = false;
            }
            break;
        }
        let exact = searcher.statistics().horizon_leaves == horizon_before;
        report.value = value;
        report.principal_variation = searcher.principal_variation().to_vec();
        report.best_move = report.principal_variation.first().copied();
        report.depth = depth;
        // A win or loss found by a full-width search is proven even if other lines ended at
        // the horizon; selective searches can miss the refutation of a "win".
        report.exact = exact || (value.is_decisive() && !searcher.heuristics().is_selective());
        report.statistics = statistics_since(searcher.statistics(), statistics_before, started);
        on_iteration(&report);
        if report.exact || depth == max_depth {
            report.complete = true;
            break;
        }
    }
    if report.best_move.is_none() {
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        position.order_moves(&mut moves);
        report.best_move = moves.first().copied();
        report.principal_variation = report.best_move.into_iter().collect();
        report.value = Value::score(position.evaluate());
    }
    report.statistics = statistics_since(searcher.statistics(), statistics_before, started);
    report
}

fn statistics_since(now: Statistics, before: Statistics, started: Instant) -> Statistics {
    Statistics {
        nodes: now.nodes - before.nodes,
        horizon_leaves: now.horizon_leaves - before.horizon_leaves,
        table_probes: now.table_probes - before.table_probes,
        table_hits: now.table_hits - before.table_hits,
        table_cutoffs: now.table_cutoffs - before.table_cutoffs,
        cutoffs: now.cutoffs - before.cutoffs,
        researches: now.researches - before.researches,
        max_ply: now.max_ply,
        time_us: started.elapsed().as_micros() as u64,
    }
}
