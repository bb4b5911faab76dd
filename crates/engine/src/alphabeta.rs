//! Negamax alpha-beta (fail-soft), the one search loop every game shares.
//!
//! Options switch on the refinements, each independently, so that each can be tested
//! against plain [`minimax`](crate::minimax()) and measured on its own:
//! move ordering, a transposition table, symmetry reduction through canonical keys,
//! principal variation search (null windows), and the game's shortcuts (immediate wins,
//! pruning of moves that lose at once). Mate distances are kept root-relative in the
//! search and node-relative in the table.

use std::time::Instant;

use crate::game::{Game, GameKind};
use crate::heuristics::{Heuristics, MoveMemory};
use crate::limits::{Budget, Limits, StopFlag};
use crate::observer::{Observer, Silent};
use crate::statistics::Statistics;
use crate::table::{Bound, Entry, TranspositionTable};
use crate::value::Value;

/// A depth that no game reaches: "search to the end".
pub const UNLIMITED_DEPTH: u32 = 10_000;

/// Which refinements of alpha-beta to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Transposition table size in MiB; 0 searches without a table.
    pub table_megabytes: usize,
    /// Key the table by [`Game::canonical_key`] so symmetric positions share entries.
    pub symmetry: bool,
    /// Try the table's move first, then the game's [`Game::order_moves`] order.
    pub ordering: bool,
    /// Principal variation search: null windows for all moves after the first.
    pub principal_variation: bool,
    /// Use [`Game::immediate_win`] and [`Game::prune_losing_moves`] (exact values are kept;
    /// only the values of the skipped moves are never computed).
    pub shortcuts: bool,
}

impl SearchOptions {
    /// Plain alpha-beta: natural move order, no table, no refinements.
    pub const PLAIN: SearchOptions =
        SearchOptions { table_megabytes: 0, symmetry: false, ordering: false, principal_variation: false, shortcuts: false };

    /// Everything on, with a table of `megabytes` MiB.
    #[must_use]
    pub const fn strong(megabytes: usize) -> SearchOptions {
        SearchOptions { table_megabytes: megabytes, symmetry: true, ordering: true, principal_variation: true, shortcuts: true }
    }
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions::strong(64)
    }
}

/// Where a position's results live in the table.
#[derive(Clone, Copy, Debug)]
struct TableKey {
    key: u64,
    /// The position's value is minus the stored one.
    negated: bool,
    /// The key is a canonical key (moves stored under it may be in another orientation).
    canonical: bool,
}

/// A reusable alpha-beta searcher for one game type: it owns the table, move buffers,
/// principal-variation storage and statistics, so repeated searches (for example every
/// board of a contest input) share what they learned.
///
/// ```
/// use gametree_engine::{minimax, Searcher, SearchOptions};
/// use gametree_engine::testing::{RandomTree, TreeShape};
/// let tree = RandomTree::<false>::generate(7, TreeShape::default());
/// let mut searcher = Searcher::new(SearchOptions::default());
/// let value = searcher.solve(&mut tree.root());
/// assert_eq!(value, minimax(&mut tree.root()));
/// ```
pub struct Searcher<G: Game, O: Observer<G::Move> = Silent> {
    options: SearchOptions,
    table: Option<TranspositionTable<G::Move>>,
    budget: Budget,
    stopped: bool,
    statistics: Statistics,
    buffers: Vec<Vec<G::Move>>,
    lines: Vec<Vec<G::Move>>,
    observer: O,
    memory: MoveMemory<G::Move>,
    /// The best root move of the current search so far and its value, once some root
    /// move's search has finished raising alpha.
    root_best: Option<(G::Move, Value)>,
    /// The root moves searches may choose from (`None`: all).
    root_moves: Option<Vec<G::Move>>,
    /// Single-reply and threat extensions stop at this ply (bounds the path of an extended
    /// search).
    extension_limit: u32,
    /// Searchers sharing this one's table, which [`crate::iterative_deepening`] runs on
    /// threads of their own beside it (see [`Searcher::set_threads`]).
    pub(crate) helpers: Vec<Searcher<G, Silent>>,
    /// Whether a search starts a new table generation (a helper's does not: the searcher
    /// it helps does that for the table they share).
    owns_generation: bool,
}

impl<G: Game> Searcher<G, Silent> {
    /// A searcher with these options and no limits.
    #[must_use]
    pub fn new(options: SearchOptions) -> Self {
        Searcher::with_observer(options, Silent)
    }
}

impl<G: Game, O: Observer<G::Move>> Searcher<G, O> {
    /// A searcher that reports every node to `observer`.
    pub fn with_observer(options: SearchOptions, observer: O) -> Self {
        let table = (options.table_megabytes > 0).then(|| TranspositionTable::with_megabytes(options.table_megabytes));
        Searcher {
            options,
            table,
            budget: Budget::new(&Limits::UNLIMITED, StopFlag::new()),
            stopped: false,
            statistics: Statistics::default(),
            buffers: Vec::new(),
            lines: Vec::new(),
            observer,
            memory: MoveMemory::new(Heuristics::default()),
            root_best: None,
            root_moves: None,
            extension_limit: 0,
            helpers: Vec::new(),
            owns_generation: true,
        }
    }

    /// A searcher using `table` (whatever `options.table_megabytes` says), for callers
    /// that size tables themselves, such as tests that make thousands of small searches.
    pub fn with_table(options: SearchOptions, table: TranspositionTable<G::Move>, observer: O) -> Self {
        let mut searcher = Searcher::with_observer(SearchOptions { table_megabytes: 0, ..options }, observer);
        searcher.options = options;
        searcher.table = Some(table);
        searcher
    }

    /// The options this searcher was made with.
    #[must_use]
    pub fn options(&self) -> SearchOptions {
        self.options
    }

    /// Switches killer moves, the history heuristic and aspiration windows on or off
    /// (see [`Heuristics`]); they never change a search's result.
    pub fn set_heuristics(&mut self, heuristics: Heuristics) {
        self.memory = MoveMemory::new(heuristics);
    }

    /// The heuristics in use.
    #[must_use]
    pub fn heuristics(&self) -> Heuristics {
        self.memory.settings
    }

    /// Sets the node/time budget and stop flag for the following searches. The depth of
    /// `limits` is not used here (see [`crate::iterative_deepening`]). Node and time
    /// budgets count from this call.
    pub fn set_limits(&mut self, limits: &Limits, stop: StopFlag) {
        self.budget = Budget::new(limits, stop);
        self.stopped = false;
    }

    /// Restricts the root of the following searches to `moves` (as UCI's `searchmoves`):
    /// the value is then the best over these moves only, and the root's result is kept out
    /// of the table. Moves that are not legal at the root are ignored; if none is legal,
    /// every move is searched. `None` lifts the restriction.
    ///
    /// ```
    /// use gametree_engine::{minimax, Game, Searcher, SearchOptions};
    /// use gametree_engine::testing::{RandomTree, TreeShape};
    /// let tree = RandomTree::<true>::generate(2, TreeShape::default());
    /// let mut moves = Vec::new();
    /// tree.root().generate_moves(&mut moves);
    /// let last = *moves.last().unwrap();
    /// let mut searcher = Searcher::new(SearchOptions::default());
    /// searcher.set_root_moves(Some(vec![last]));
    /// let mut child = tree.root();
    /// child.play(last);
    /// // A scored game: the value is the child's, seen from the root's side.
    /// assert_eq!(searcher.solve(&mut tree.root()), -minimax(&mut child));
    /// ```
    pub fn set_root_moves(&mut self, moves: Option<Vec<G::Move>>) {
        self.root_moves = moves;
    }

    /// Whether the last search was stopped by its budget (its result is then unreliable).
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Counters accumulated since the searcher was made or last reset.
    #[must_use]
    pub fn statistics(&self) -> Statistics {
        self.statistics
    }

    /// Resets the counters.
    pub fn reset_statistics(&mut self) {
        self.statistics = Statistics::default();
    }

    /// The table, if the searcher has one.
    #[must_use]
    pub fn table(&self) -> Option<&TranspositionTable<G::Move>> {
        self.table.as_ref()
    }

    /// Empties the table by writing every entry. Besides forgetting, this makes the
    /// system map all of the table's memory now: a fresh table's pages are otherwise
    /// mapped one by one at first touch during the first searches, which can cost a timed
    /// player like a Gomocup engine a good part of its first moves' time.
    pub fn clear_table(&mut self) {
        if let Some(table) = self.table.as_mut() {
            table.clear();
        }
    }

    /// Searches with `threads` threads (at least one) from now on: [`crate::iterative_deepening`]
    /// then runs `threads - 1` helper searches of the same position beside this one, all
    /// sharing this searcher's table ("lazy SMP"): each runs its own iterative deepening,
    /// and what one stores, the others find, so they cut each other's trees short. What
    /// this searcher finds is the result. Without a table there is nothing to share and the
    /// searcher stays on one thread.
    ///
    /// ```
    /// use gametree_engine::{iterative_deepening, minimax, Limits, Searcher, SearchOptions, StopFlag};
    /// use gametree_engine::testing::{RandomTree, TreeShape};
    /// let tree = RandomTree::<true>::generate(5, TreeShape::default());
    /// let mut searcher = Searcher::new(SearchOptions::default());
    /// searcher.set_threads(2);
    /// assert_eq!(searcher.threads(), 2);
    /// let report = iterative_deepening(&mut searcher, &mut tree.root(), &Limits::UNLIMITED, StopFlag::new(), |_| {});
    /// assert_eq!(report.value, minimax(&mut tree.root()));
    /// ```
    pub fn set_threads(&mut self, threads: usize) {
        let wanted = if self.table.is_some() { threads.max(1) - 1 } else { 0 };
        self.helpers.truncate(wanted);
        while self.helpers.len() < wanted {
            let table = self.table.as_mut().expect("helpers only with a table").share();
            let mut helper = Searcher::with_table(self.options, table, Silent);
            helper.owns_generation = false;
            self.helpers.push(helper);
        }
    }

    /// The threads [`crate::iterative_deepening`] searches with (see [`Searcher::set_threads`]).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Readies a helper for a search beside `main`: the same heuristics (their move
    /// memory kept if they have not changed) and root moves, no limit but `stop`.
    pub(crate) fn prepare_helper<P: Observer<G::Move>>(&mut self, main: &Searcher<G, P>, stop: StopFlag) {
        if self.heuristics() != main.heuristics() {
            self.set_heuristics(main.heuristics());
        }
        self.root_moves.clone_from(&main.root_moves);
        self.set_limits(&Limits::UNLIMITED, stop);
    }

    /// Gives back the observer.
    pub fn into_observer(self) -> O {
        self.observer
    }

    /// The exact value of `position` for its side to move (no depth limit, full window).
    pub fn solve(&mut self, position: &mut G) -> Value {
        self.search(position, UNLIMITED_DEPTH, Value::NEG_INFINITY, Value::INFINITY)
    }

    /// Searches `position` to `depth` plies with window `(alpha, beta)` and returns a
    /// fail-soft value: exact if strictly inside the window, otherwise a bound on the
    /// side of the window it fell.
    pub fn search(&mut self, position: &mut G, depth: u32, alpha: Value, beta: Value) -> Value {
        let started = Instant::now();
        if let (Some(table), true) = (self.table.as_mut(), self.owns_generation) {
            table.new_search();
        }
        self.root_best = None;
        self.extension_limit = depth.saturating_mul(2).saturating_add(8);
        self.observer.enter(None, 0, alpha, beta);
        let value = self.negamax(position, depth, 0, alpha, beta);
        self.observer.leave(value);
        self.statistics.time_us += started.elapsed().as_micros() as u64;
        value
    }

    /// The best root move of the last [`Searcher::search`] and its value, as far as the
    /// search got: after a search stopped by its budget, the best of the root moves whose
    /// searches finished (the value is a lower bound if it reached the window's top).
    /// `None` if no root move's search finished with a value above the window's bottom.
    #[must_use]
    pub fn root_best(&self) -> Option<(G::Move, Value)> {
        self.root_best
    }

    /// The principal variation of the last [`Searcher::search`], as far as it was
    /// collected (a table hit ends it where the stored result was used).
    #[must_use]
    pub fn principal_variation(&self) -> &[G::Move] {
        self.lines.first().map_or(&[], Vec::as_slice)
    }

    /// Searches the position reached after `mv` one ply below a root, so that
    /// remoteness counts from that root. Returns the value from the point of view of the
    /// player making `mv`, and leaves the move's line (starting with `mv`) in `line`.
    pub fn search_move(
        &mut self,
        position: &mut G,
        mv: G::Move,
        depth: u32,
        alpha: Value,
        beta: Value,
        line: &mut Vec<G::Move>,
    ) -> Value {
        let started = Instant::now();
        if let (Some(table), true) = (self.table.as_mut(), self.owns_generation) {
            table.new_search();
        }
        self.extension_limit = depth.saturating_mul(2).saturating_add(8);
        position.play(mv);
        self.observer.enter(Some(mv), 1, -beta, -alpha);
        let value = -self.negamax(position, depth.saturating_sub(1), 1, -beta, -alpha);
        self.observer.leave(-value);
        position.undo(mv);
        line.clear();
        line.push(mv);
        if let Some(rest) = self.lines.get(1) {
            line.extend_from_slice(rest);
        }
        self.statistics.time_us += started.elapsed().as_micros() as u64;
        value
    }

    fn table_key(&self, position: &G) -> Option<TableKey> {
        self.table.as_ref()?;
        if self.options.symmetry {
            if let Some(canonical) = position.canonical_key() {
                return Some(TableKey { key: canonical.key, negated: canonical.negated, canonical: true });
            }
        }
        position.hash().map(|key| TableKey { key, negated: false, canonical: false })
    }

    fn ensure_ply(&mut self, ply: usize) {
        while self.buffers.len() <= ply + 1 {
            self.buffers.push(Vec::new());
            self.lines.push(Vec::new());
        }
    }

    fn negamax(&mut self, position: &mut G, depth: u32, ply: u32, mut alpha: Value, beta: Value) -> Value {
        let ply_index = ply as usize;
        self.ensure_ply(ply_index);
        self.lines[ply_index].clear();
        self.statistics.nodes += 1;
        self.statistics.max_ply = self.statistics.max_ply.max(ply);
        if (ply == 0 || self.statistics.nodes & 1023 == 0) && self.budget.exhausted(self.statistics.nodes) {
            self.stopped = true;
        }
        if self.stopped {
            return Value::DRAW;
        }
        if let Some(outcome) = position.outcome() {
            return Value::from_outcome(outcome, position.to_move(), ply);
        }
        if depth == 0 {
            let plies = self.memory.settings.quiescence_plies;
            if plies == 0 {
                self.statistics.horizon_leaves += 1;
                return Value::score(position.evaluate());
            }
            return self.quiescence(position, ply, plies, alpha, beta);
        }

        // The game's cheap shortcuts come before the table, whose probe is a cache miss.
        let restricted = ply == 0 && self.root_moves.is_some();
        if self.options.shortcuts && G::KIND == GameKind::WinDrawLoss && !restricted {
            if let Some(mv) = position.immediate_win() {
                self.lines[ply_index].push(mv);
                return Value::win_in(ply + 1);
            }
            // Mate-distance bounds (connect4): see `mate_distance_cut`.
            if let Some(bound) = mate_distance_cut::<G>(ply, alpha, beta, false) {
                return bound;
            }
        }
        // Games with exact shortcuts (connect4) prune their moves before the table too:
        // no move left means every move loses at once.
        let pruned_early = self.options.shortcuts && G::EXACT_SHORTCUTS && G::KIND == GameKind::WinDrawLoss && !restricted;
        if pruned_early {
            let moves = &mut self.buffers[ply_index];
            moves.clear();
            position.generate_moves(moves);
            position.prune_losing_moves(moves);
            if moves.is_empty() {
                return Value::loss_in(ply + 2);
            }
            if let Some(bound) = mate_distance_cut::<G>(ply, alpha, beta, true) {
                return bound;
            }
        }

        let alpha_at_entry = alpha;
        let horizon_at_entry = self.statistics.horizon_leaves;
        let key = self.table_key(position);
        let mut table_move = None;
        if let (Some(TableKey { key, negated, canonical }), Some(table)) = (key, self.table.as_ref()) {
            self.statistics.table_probes += 1;
            if let Some(entry) = table.probe(key) {
                self.statistics.table_hits += 1;
                if !canonical {
                    table_move = entry.best_move;
                }
                // Never at the root: its move and line must come from a search.
                let deep_enough = u32::from(entry.depth) >= depth.min(u32::from(TranspositionTable::<G::Move>::PROVEN));
                if deep_enough && ply > 0 {
                    if let Some(value) = self.settled_by(&entry, negated, ply, alpha, beta) {
                        return value;
                    }
                }
            }
        }

        // No move from the table: the order is the game's guess alone (see
        // `Heuristics::internal_reduction`). Only a plain key's entry can name a move; a
        // canonical key's never does.
        let unguided = key.is_some_and(|key| !key.canonical) && table_move.is_none();
        let depth = self.memory.settings.internally_reduced(depth, ply, unguided);

        // Reverse futility pruning: far above beta near the horizon, and not under threat.
        let margin = self.memory.settings.futility_margin;
        if margin > 0 && ply > 0 && depth <= 3 && beta.raw() == alpha.raw() + 1 && !beta.is_decisive() && position.may_stand_pat() {
            let evaluation = position.evaluate();
            if evaluation.saturating_sub(margin.saturating_mul(depth as i32)) >= beta.raw() {
                self.statistics.horizon_leaves += 1;
                return Value::score(evaluation);
            }
        }

        let mut moves = std::mem::take(&mut self.buffers[ply_index]);
        if !pruned_early {
            moves.clear();
            position.generate_moves(&mut moves);
            debug_assert!(!moves.is_empty(), "a position that is not over must have a legal move");
            if restricted {
                let allowed = self.root_moves.as_ref().expect("restricted");
                if moves.iter().any(|mv| allowed.contains(mv)) {
                    moves.retain(|mv| allowed.contains(mv));
                }
            } else if self.options.shortcuts {
                position.prune_losing_moves(&mut moves);
            }
        }
        if self.options.ordering {
            position.order_moves(&mut moves);
            self.memory.reorder(position, ply_index, &mut moves);
            if let Some(first) = table_move.and_then(|mv| moves.iter().position(|&m| m == mv)) {
                moves[..=first].rotate_right(1);
            }
        }

        // A forced reply, or one of a few answers to a threat, costs no depth (within the
        // extension limit).
        let settings = self.memory.settings;
        let forced = (settings.single_reply_extension && moves.len() == 1)
            || (position.is_threatened() && position.threat_answers(moves.len()) <= settings.threat_extension as usize);
        let extended = forced && ply > 0 && ply < self.extension_limit;
        let child_depth = if extended { depth } else { depth - 1 };
        let mut best = Value::NEG_INFINITY;
        let mut best_move = None;
        for index in 0..moves.len() {
            let mv = moves[index];
            if self.memory.settings.pruned(index, depth, ply) && !position.is_forcing(mv) {
                // Not searched: the node's value is no longer exact.
                self.statistics.horizon_leaves += 1;
                continue;
            }
            let null_window = beta.raw() == alpha.raw().saturating_add(1);
            let mut reduction = self.memory.settings.late_move_reductions.plies(index, depth, null_window);
            if reduction > 0 && position.is_forcing(mv) {
                reduction = 0;
            }
            self.play_prefetching(position, mv, child_depth - reduction, settings.quiescence_plies);
            let value = if self.options.principal_variation && index > 0 {
                let null_alpha = Value::from_raw(alpha.raw() + 1);
                self.observer.enter(Some(mv), ply + 1, -null_alpha, -alpha);
                let mut value = -self.negamax(position, child_depth - reduction, ply + 1, -null_alpha, -alpha);
                self.observer.leave(-value);
                if reduction > 0 && value > alpha && !self.stopped {
                    // The shallow look says this move may be good: look at full depth.
                    self.statistics.researches += 1;
                    self.observer.enter(Some(mv), ply + 1, -null_alpha, -alpha);
                    value = -self.negamax(position, child_depth, ply + 1, -null_alpha, -alpha);
                    self.observer.leave(-value);
                }
                if value > alpha && value < beta && !self.stopped {
                    self.statistics.researches += 1;
                    self.observer.enter(Some(mv), ply + 1, -beta, -alpha);
                    value = -self.negamax(position, child_depth, ply + 1, -beta, -alpha);
                    self.observer.leave(-value);
                }
                value
            } else {
                self.observer.enter(Some(mv), ply + 1, -beta, -alpha);
                let value = -self.negamax(position, child_depth, ply + 1, -beta, -alpha);
                self.observer.leave(-value);
                value
            };
            position.undo(mv);
            if self.stopped {
                break;
            }
            if value > best {
                best = value;
                best_move = Some(mv);
                if value > alpha {
                    alpha = value;
                    if ply == 0 {
                        self.root_best = Some((mv, value));
                    }
                    let (head, tail) = self.lines.split_at_mut(ply_index + 1);
                    let line = &mut head[ply_index];
                    line.clear();
                    line.push(mv);
                    line.extend_from_slice(&tail[0]);
                }
            }
            if value >= beta {
                self.statistics.cutoffs += 1;
                self.memory.record(position, ply_index, mv, depth);
                self.observer.prune(&moves[index + 1..]);
                break;
            }
        }
        self.buffers[ply_index] = moves;
        if self.stopped {
            return Value::DRAW;
        }
        if best <= alpha_at_entry {
            // Failed low: no move is known to be best, but the first one kept its line.
            self.lines[ply_index].clear();
        }
        if !restricted {
            self.store(key, ply, depth, best, alpha_at_entry, beta, horizon_at_entry, best_move);
        }
        best
    }

    /// Past the depth limit: the better of standing pat (the static evaluation, when the
    /// game allows it) and the game's tactical moves, for `plies_left` more plies; fail-soft
    /// like the main search. Its results agree with [`crate::minimax_to_depth`].
    ///
    /// With [`Heuristics::quiescence_table`], a node with moves to try looks its value up
    /// in the table first and stores it after, under [`Searcher::quiescence_key`].
    fn quiescence(&mut self, position: &mut G, ply: u32, plies_left: u32, mut alpha: Value, beta: Value) -> Value {
        let ply_index = ply as usize;
        self.ensure_ply(ply_index);
        let mut moves = std::mem::take(&mut self.buffers[ply_index]);
        moves.clear();
        let may_stand = position.tactical_moves(&mut moves);
        let settings = self.memory.settings;
        if may_stand && settings.quiescence_breadth > 0 && plies_left < settings.quiescence_plies {
            moves.truncate(settings.quiescence_breadth as usize);
        }
        let mut best = Value::NEG_INFINITY;
        let horizon_at_entry = self.statistics.horizon_leaves;
        if may_stand || moves.is_empty() || plies_left == 0 {
            self.statistics.horizon_leaves += 1;
            best = Value::score(position.evaluate());
            if moves.is_empty() || plies_left == 0 || best >= beta {
                self.buffers[ply_index] = moves;
                return best;
            }
        }
        // Only a node with moves to try looks in the table: for a leaf the probe would
        // cost more than the evaluation it saves.
        let key = if settings.quiescence_table { self.quiescence_key(position, plies_left) } else { None };
        if let Some(value) = self.probe_quiescence(key, ply, alpha, beta) {
            self.buffers[ply_index] = moves;
            return value;
        }
        let alpha_at_entry = alpha;
        alpha = alpha.max(best);
        for index in 0..moves.len() {
            let mv = moves[index];
            self.play_prefetching(position, mv, 0, plies_left - 1);
            self.statistics.nodes += 1;
            self.statistics.max_ply = self.statistics.max_ply.max(ply + 1);
            if self.statistics.nodes & 1023 == 0 && self.budget.exhausted(self.statistics.nodes) {
                self.stopped = true;
            }
            self.observer.enter(Some(mv), ply + 1, -beta, -alpha);
            // The child's value for its own side to move.
            let child = match position.outcome() {
                Some(outcome) => Value::from_outcome(outcome, position.to_move(), ply + 1),
                None if self.stopped => Value::DRAW,
                None => self.quiescence(position, ply + 1, plies_left - 1, -beta, -alpha),
            };
            let value = -child;
            self.observer.leave(value);
            position.undo(mv);
            if self.stopped {
                break;
            }
            if value > best {
                best = value;
                alpha = alpha.max(value);
            }
            if value >= beta {
                self.statistics.cutoffs += 1;
                self.observer.prune(&moves[index + 1..]);
                break;
            }
        }
        self.buffers[ply_index] = moves;
        if !self.stopped {
            self.store(key, ply, 0, best, alpha_at_entry, beta, horizon_at_entry, None);
        }
        best
    }

    /// The table key of a quiescence node with `plies_left` plies to go: the position's
    /// hash salted with `plies_left` and the quiescence settings, on which the node's value
    /// depends as well. Interior nodes never meet these keys, nor do quiescence nodes with
    /// other plies left, so every entry found is the value of the same search. Never a
    /// canonical key: symmetry would cost more than the node, and a game's tactical moves
    /// need not be the same in every orientation.
    fn quiescence_key(&self, position: &G, plies_left: u32) -> Option<TableKey> {
        self.table.as_ref()?;
        Some(TableKey { key: self.salted_for_quiescence(position.hash()?, plies_left), negated: false, canonical: false })
    }

    /// The quiescence table key of the position with hash `hash` and `plies_left` plies
    /// to go: the hash salted with those and the quiescence settings.
    fn salted_for_quiescence(&self, hash: u64, plies_left: u32) -> u64 {
        let settings = self.memory.settings;
        let salt = u64::from(plies_left) | u64::from(settings.quiescence_plies) << 16 | u64::from(settings.quiescence_breadth) << 32;
        hash ^ (salt + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)
    }

    /// Plays `mv`, whose child is about to be searched with `depth` plies left (0: a
    /// quiescence node with `quiescence_plies_left` plies), and starts loading the child's
    /// table entry: before the move when the game can name the child's hash (the play then
    /// hides the wait), else right after it. (Inlined: as a call it cost the search 0.2 %
    /// more instructions.)
    #[inline(always)]
    fn play_prefetching(&self, position: &mut G, mv: G::Move, depth: u32, quiescence_plies_left: u32) {
        let prefetch = self.prefetches(depth, quiescence_plies_left);
        let named = if prefetch { position.hash_after(mv) } else { None };
        if let Some(hash) = named {
            self.prefetch_child(hash, depth, quiescence_plies_left);
        }
        position.play(mv);
        if prefetch && named.is_none() {
            if let Some(hash) = position.hash() {
                self.prefetch_child(hash, depth, quiescence_plies_left);
            }
        }
    }

    /// Whether a child about to be searched with `depth` plies left (0: a quiescence node
    /// with `quiescence_plies_left` plies) will probe the table under its plain key, so
    /// that [`Searcher::prefetch_child`] is worth its hash. Canonical keys are not
    /// prefetched (one can cost more than the wait it saves), nor quiescence nodes when
    /// the quiescence search keeps no table or has no ply left.
    fn prefetches(&self, depth: u32, quiescence_plies_left: u32) -> bool {
        self.table.is_some()
            && if depth > 0 { !self.options.symmetry } else { self.memory.settings.quiescence_table && quiescence_plies_left > 0 }
    }

    /// Starts loading the table bucket of the child whose hash is `hash` (searched as
    /// [`Searcher::prefetches`] says it will be), so that the work before its probe
    /// overlaps the memory access.
    fn prefetch_child(&self, hash: u64, depth: u32, quiescence_plies_left: u32) {
        if let Some(table) = self.table.as_ref() {
            table.prefetch(if depth > 0 { hash } else { self.salted_for_quiescence(hash, quiescence_plies_left) });
        }
    }

    /// The stored value of the quiescence node `key`, if its bound settles the window
    /// `alpha..beta`.
    fn probe_quiescence(&mut self, key: Option<TableKey>, ply: u32, alpha: Value, beta: Value) -> Option<Value> {
        let (Some(TableKey { key, negated, .. }), Some(table)) = (key, self.table.as_ref()) else { return None };
        self.statistics.table_probes += 1;
        let entry = table.probe(key)?;
        self.statistics.table_hits += 1;
        self.settled_by(&entry, negated, ply, alpha, beta)
    }

    /// The value of a table `entry` (stored `negated` or not) for the node `ply` plies
    /// below the root, if its bound settles the window `alpha..beta`: then the node ends
    /// with it, counted as a table cut-off (and as a heuristic leaf unless proven).
    fn settled_by(&mut self, entry: &Entry<G::Move>, negated: bool, ply: u32, alpha: Value, beta: Value) -> Option<Value> {
        let (stored, bound) = if negated { (-entry.value, entry.bound.flipped()) } else { (entry.value, entry.bound) };
        let value = stored.to_root_relative(ply);
        let settled = match bound {
            Bound::Exact => true,
            Bound::Lower => value >= beta,
            Bound::Upper => value <= alpha,
        };
        if !settled {
            return None;
        }
        self.statistics.table_cutoffs += 1;
        if entry.depth != TranspositionTable::<G::Move>::PROVEN {
            // The stored result rests on heuristic leaves.
            self.statistics.horizon_leaves += 1;
        }
        Some(value)
    }

    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        key: Option<TableKey>,
        ply: u32,
        depth: u32,
        value: Value,
        alpha: Value,
        beta: Value,
        horizon_at_entry: u64,
        best_move: Option<G::Move>,
    ) {
        let (Some(TableKey { key, negated, canonical }), Some(table)) = (key, self.table.as_mut()) else { return };
        let bound = if value <= alpha {
            Bound::Upper
        } else if value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let proven = self.statistics.horizon_leaves == horizon_at_entry;
        let depth = if proven { TranspositionTable::<G::Move>::PROVEN } else { depth.min(u32::from(u16::MAX - 1)) as u16 };
        let stored = value.to_node_relative(ply);
        let (stored, bound) = if negated { (-stored, bound.flipped()) } else { (stored, bound) };
        // A move is only meaningful in the orientation it was found in.
        let best_move = if canonical { None } else { best_move };
        table.store(key, stored, depth, bound, best_move);
    }
}

/// Mate-distance pruning for win/draw/loss games, under `shortcuts` (added for connect4).
///
/// Once the immediate win check has failed at a node `ply` plies below the root, the side
/// to move wins at best in `ply + 1` plies, or in `ply + 3` when the game's shortcuts are
/// exact. After exact pruning left some move (`after_pruning`), it loses at worst in
/// `ply + 4` plies. A bound outside the window `(alpha, beta)` ends the node at once with
/// that bound as its fail-soft value.
fn mate_distance_cut<G: Game>(ply: u32, alpha: Value, beta: Value, after_pruning: bool) -> Option<Value> {
    if after_pruning {
        if !G::EXACT_SHORTCUTS {
            return None;
        }
        let lower = Value::loss_in(ply + 4);
        return (lower >= beta).then_some(lower);
    }
    let upper = Value::win_in(ply + if G::EXACT_SHORTCUTS { 3 } else { 1 });
    (upper <= alpha).then_some(upper)
}
