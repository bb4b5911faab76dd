//! Move-ordering memory shared across a search, and aspiration windows for iterative
//! deepening: refinements that change only the order and windows of the search, never
//! its result. All are off by default; switch them on with
//! [`Searcher::set_heuristics`](crate::Searcher::set_heuristics).
//!
//! - **Killer moves**: the last two moves that caused a cut-off at the same ply are tried
//!   right after the table move.
//! - **History**: moves that caused cut-offs anywhere (weighted by depth²) are tried
//!   earlier; a stable sort, so the game's order breaks ties. Needs
//!   [`Game::move_index`].
//! - **Aspiration windows**: each iteration of [`iterative_deepening`](crate::iterative_deepening)
//!   first searches a window of ± `aspiration` around the previous iteration's value and
//!   widens it when the value falls outside.
//! - **Late-move reductions**: under principal variation search, moves late in the order
//!   that are not [forcing](crate::Game::is_forcing) are first searched shallower, and
//!   searched again at full depth only if they beat alpha: by one or two plies
//!   ([`Reductions::Fixed`]), or by more the deeper the node and the later the move
//!   ([`Reductions::Logarithmic`]). This is the one refinement here that changes
//!   *depth-limited* values (a reduced move sees less far); exact values, searched without
//!   a depth limit, stay exact.
//! - **Single-reply extensions**: a position with one move only (after the game's
//!   candidate rules and shortcuts: a forced reply) is searched without using up a ply, up
//!   to a path of twice the root depth plus eight plies. Depth-limited values change;
//!   exact ones do not.
//! - **Threat extensions**: the same for a position whose side to move is
//!   [threatened](crate::Game::is_threatened) (a check, an open three in gomoku) and has at
//!   most `threat_extension` answers, so a line of threats and forced answers is followed
//!   further than the depth limit says, within the same path bound.
//! - **Pruning near the horizon**: late-move pruning skips the late quiet moves of nodes
//!   within four plies of the depth limit; reverse futility pruning ends a null-window node
//!   within three plies of the limit whose static evaluation is far above beta. Both only
//!   act near a depth limit, so exact values (no limit) are never touched.
//! - **Internal iterative reductions**: a node far enough from the depth limit whose
//!   table entry names no move (none was ever searched there, or it was overwritten) is
//!   searched a ply shallower: its moves come in the game's order alone, so a full-depth
//!   search of it would spend the most on the node whose order is the worst guess, and
//!   the next iteration, finding the move this one stored, searches it in full. Like the
//!   reductions, it changes depth-limited values only.
//! - **Quiescence**: at the depth limit, instead of the static evaluation alone, search
//!   the game's [tactical moves](crate::Game::tactical_moves) for up to `quiescence_plies`
//!   more plies, the side to move choosing between them and standing pat. Like the
//!   reductions, it changes depth-limited values only; [`crate::minimax_to_depth`]
//!   computes the same values without pruning.
//! - **Quiescence table**: quiescence nodes with moves to try are looked up in the
//!   transposition table and stored there, under keys salted with the plies left, so a
//!   position past the horizon reached again (in the next iteration, by another move
//!   order) is not searched again. Values stay those of the quiescence search.

use crate::alphabeta::Searcher;
use crate::game::Game;
use crate::observer::Observer;
use crate::value::Value;

/// Which ordering and window refinements to use (all off by default).
///
/// ```
/// use gametree_engine::{minimax, Heuristics, Reductions, SearchOptions, Searcher};
/// use gametree_engine::testing::{RandomTree, TreeShape};
/// let tree = RandomTree::<true>::generate(5, TreeShape::default());
/// let mut searcher = Searcher::new(SearchOptions::default());
/// searcher.set_heuristics(Heuristics { killers: true, history: true, aspiration: Some(3), late_move_reductions: Reductions::Fixed, quiescence_plies: 4, quiescence_breadth: 1, quiescence_table: true, single_reply_extension: true, threat_extension: 2, late_move_pruning: true, futility_margin: 2, internal_reduction: 3 });
/// assert_eq!(searcher.solve(&mut tree.root()), minimax(&mut tree.root()));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Heuristics {
    /// Try the two latest cut-off moves of the same ply early.
    pub killers: bool,
    /// Order by the history of cut-offs (games without [`Game::move_index`] ignore it).
    pub history: bool,
    /// Half-width of the aspiration window, in evaluation units; `None` searches every
    /// iteration with the full window.
    pub aspiration: Option<i32>,
    /// Search late quiet moves shallower first (needs principal variation search), and by
    /// how much.
    pub late_move_reductions: Reductions,
    /// Plies of quiescence search past the depth limit (0: none, leaves are evaluated).
    pub quiescence_plies: u32,
    /// Past the first quiescence ply, search only this many of a node's tactical moves
    /// (the first ones in the game's order) when its side to move may stand pat; forced
    /// replies are never cut. 0: every tactical move at every ply. The first ply, where
    /// the position left by the main search is judged, always gets them all.
    pub quiescence_breadth: u32,
    /// Look quiescence nodes up in the transposition table and store them there (under
    /// keys of their own, salted with the plies left). Their values do not change, only
    /// how often the same position past the horizon is searched again: in gomoku the
    /// quiescence search takes most of the nodes, and most of its positions come back
    /// (from other iterations and move orders).
    pub quiescence_table: bool,
    /// Search a position that has a single move (a forced reply) without using up a ply.
    pub single_reply_extension: bool,
    /// Search a [threatened](crate::Game::is_threatened) position with at most this many
    /// moves ([`crate::Game::threat_answers`]) without using up a ply (0: off).
    pub threat_extension: u32,
    /// Late-move pruning: within four plies of the depth limit, try only the first
    /// `3 + depth²` moves of a node (and every forcing move), two plies or more below the
    /// root.
    pub late_move_pruning: bool,
    /// Reverse futility pruning: within three plies of the depth limit, a null-window node
    /// whose side to move may stand pat and whose static evaluation beats beta by this
    /// margin per ply left returns the evaluation (0: off). In evaluation units.
    pub futility_margin: i32,
    /// Internal iterative reduction: a node below the root with at least this many plies
    /// left whose transposition-table entry names no move is searched one ply shallower
    /// (0: off). It does nothing without a table, or where symmetry reduction keys the
    /// table by the game's canonical key, because no such entry can name a move.
    pub internal_reduction: u32,
}

/// How much shallower late-move reductions search a late quiet move first.
///
/// ```
/// use gametree_engine::Reductions;
/// // The 20th move of a node 10 plies from the horizon, in a null-window search:
/// assert_eq!(Reductions::Fixed.plies(19, 10, true), 2);
/// assert_eq!(Reductions::Logarithmic { percent: 80 }.plies(19, 10, true), 6);
/// // Never below one ply left, and never in the first moves.
/// assert_eq!(Reductions::Logarithmic { percent: 80 }.plies(19, 3, true), 1);
/// assert_eq!(Reductions::Logarithmic { percent: 80 }.plies(0, 10, true), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reductions {
    /// No reductions.
    #[default]
    Off,
    /// One ply from the fourth move on, two from the ninth with at least six plies left.
    Fixed,
    /// `percent`/100 · ln(plies left) · ln(move number) plies, rounded, from the second
    /// move on with at least three plies left (plies left counted up to 64); one ply less
    /// in principal-variation nodes; at least one ply always remains. Deep, late moves
    /// are cut much further than with [`Reductions::Fixed`], so the search reaches
    /// further along the moves the ordering puts first.
    Logarithmic {
        /// The scale, in hundredths.
        percent: u32,
    },
}

impl Reductions {
    /// How many plies shallower to search the move at `index` (0-based, in search order)
    /// of a node with `depth` plies left, in a null-window search (`null_window`) or a
    /// principal-variation one.
    #[must_use]
    pub fn plies(self, index: usize, depth: u32, null_window: bool) -> u32 {
        match self {
            Reductions::Off => 0,
            Reductions::Fixed if index < 3 || depth < 3 => 0,
            Reductions::Fixed if index >= 8 && depth >= 6 => 2,
            Reductions::Fixed => 1,
            Reductions::Logarithmic { .. } if index == 0 || depth < 3 => 0,
            Reductions::Logarithmic { percent } => {
                let scaled = f64::from(depth.min(64)).ln() * ((index + 1) as f64).ln() * f64::from(percent) / 100.0;
                let plies = scaled.round() as u32;
                let plies = if null_window { plies } else { plies.saturating_sub(1) };
                plies.min(depth - 2)
            }
        }
    }
}

impl Heuristics {
    /// Killers, history, an aspiration window of ± `aspiration`, late-move reductions,
    /// eight plies of quiescence and single-reply extensions: the set for depth-limited
    /// play with an evaluation. Late-move pruning and reverse futility pruning (with a
    /// margin in the game's evaluation units) are there to switch on where they help:
    /// gomoku's play uses reverse futility pruning but not late-move pruning, which did not
    /// help it (`docs/gomoku-experiments.md` in the repository).
    ///
    /// ```
    /// use gametree_engine::Heuristics;
    /// use gametree_engine::Reductions;
    /// let heuristics = Heuristics::for_play(300);
    /// assert!(heuristics.killers && heuristics.late_move_reductions == Reductions::Fixed);
    /// ```
    #[must_use]
    pub const fn for_play(aspiration: i32) -> Heuristics {
        Heuristics {
            killers: true,
            history: true,
            aspiration: Some(aspiration),
            late_move_reductions: Reductions::Fixed,
            quiescence_plies: 8,
            quiescence_breadth: 0,
            quiescence_table: false,
            single_reply_extension: true,
            threat_extension: 0,
            late_move_pruning: false,
            futility_margin: 0,
            internal_reduction: 0,
        }
    }

    /// Whether some moves are searched less deep than the depth limit says, or not at all
    /// (reductions, pruning): a win or loss found is then not proven unless the search
    /// reached the end of every line.
    #[must_use]
    pub const fn is_selective(self) -> bool {
        !matches!(self.late_move_reductions, Reductions::Off)
            || self.late_move_pruning
            || self.futility_margin > 0
            || self.internal_reduction > 0
    }

    /// The plies left to search a node with `depth` of them, `ply` plies below the root:
    /// one less under [`Heuristics::internal_reduction`] when `unguided` (the searcher
    /// keeps a table that could name the node's move, and its entry names none).
    #[must_use]
    pub const fn internally_reduced(self, depth: u32, ply: u32, unguided: bool) -> u32 {
        if self.internal_reduction > 0 && depth >= self.internal_reduction && ply > 0 && unguided {
            depth - 1
        } else {
            depth
        }
    }

    /// Whether late-move pruning skips the move at `index` (0-based, in search order) of a
    /// node `ply` plies below the root with `depth` plies left (forcing moves excepted).
    #[must_use]
    pub const fn pruned(self, index: usize, depth: u32, ply: u32) -> bool {
        self.late_move_pruning && ply >= 2 && depth <= 4 && index >= 3 + (depth * depth) as usize
    }
}

/// Killers per ply and history per move index.
pub(crate) struct MoveMemory<M> {
    pub settings: Heuristics,
    killers: Vec<[Option<M>; 2]>,
    history: Vec<u64>,
}

impl<M: Copy + Eq> MoveMemory<M> {
    pub fn new(settings: Heuristics) -> Self {
        MoveMemory { settings, killers: Vec::new(), history: Vec::new() }
    }

    /// Puts killers and high-history moves first (after the game's own ordering).
    pub fn reorder<G: Game<Move = M>>(&self, position: &G, ply: usize, moves: &mut [M]) {
        if self.settings.history && !self.history.is_empty() {
            let score = |mv: &M| position.move_index(*mv).and_then(|index| self.history.get(index).copied()).unwrap_or(0);
            moves.sort_by_key(|mv| std::cmp::Reverse(score(mv)));
        }
        if self.settings.killers {
            if let Some(killers) = self.killers.get(ply) {
                for killer in killers.iter().rev().flatten() {
                    if let Some(found) = moves.iter().position(|mv| mv == killer) {
                        moves[..=found].rotate_right(1);
                    }
                }
            }
        }
    }

    /// Remembers that `mv` caused a cut-off at `ply` with `depth` plies left.
    pub fn record<G: Game<Move = M>>(&mut self, position: &G, ply: usize, mv: M, depth: u32) {
        if self.settings.killers {
            if self.killers.len() <= ply {
                self.killers.resize(ply + 1, [None, None]);
            }
            let slot = &mut self.killers[ply];
            if slot[0] != Some(mv) {
                slot[1] = slot[0];
                slot[0] = Some(mv);
            }
        }
        if self.settings.history {
            if let Some(index) = position.move_index(mv) {
                if self.history.len() <= index {
                    self.history.resize(index + 1, 0);
                }
                let bonus = u64::from(depth.min(64)).pow(2);
                self.history[index] = self.history[index].saturating_add(bonus);
            }
        }
    }
}

/// One iteration of iterative deepening: a full-window search, or an aspiration search
/// around `previous` when the searcher's heuristics ask for it. The result is what the
/// full-window search would return.
pub(crate) fn iteration<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<G, O>,
    position: &mut G,
    depth: u32,
    previous: Option<Value>,
) -> Value {
    let full =
        |searcher: &mut Searcher<G, O>, position: &mut G| searcher.search(position, depth, Value::NEG_INFINITY, Value::INFINITY);
    let (Some(window), Some(guess)) = (searcher.heuristics().aspiration, previous.filter(|value| !value.is_decisive())) else {
        return full(searcher, position);
    };
    let window = window.max(1);
    let mut alpha = Value::from_raw(guess.raw().saturating_sub(window).max(-Value::SCORE_LIMIT));
    let mut beta = Value::from_raw(guess.raw().saturating_add(window).min(Value::SCORE_LIMIT));
    loop {
        let value = searcher.search(position, depth, alpha, beta);
        if searcher.stopped() {
            return value;
        }
        if value <= alpha && alpha > Value::NEG_INFINITY {
            alpha = Value::NEG_INFINITY;
        } else if value >= beta && beta < Value::INFINITY {
            beta = Value::INFINITY;
        } else {
            return value;
        }
    }
}
