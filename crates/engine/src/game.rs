//! The [`Game`] trait: what a game supplies so that every search in this crate can play it.

use std::fmt::Debug;
use std::hash::Hash;

/// One of the two players. [`Player::First`] moves first from the start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Player {
    /// The player who moves first (X, Black, Alice…).
    First,
    /// The player who moves second (O, White, Bob…).
    Second,
}

impl Player {
    /// The other player.
    ///
    /// ```
    /// use gametree_engine::Player;
    /// assert_eq!(Player::First.opponent(), Player::Second);
    /// ```
    #[must_use]
    pub const fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// `+1` for the first player, `-1` for the second: multiply a first-player score by this
    /// to see it from this player's side.
    #[must_use]
    pub const fn sign(self) -> i32 {
        match self {
            Player::First => 1,
            Player::Second => -1,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This player won.
    Win(Player),
    /// Nobody won.
    Draw,
    /// A scored game ended with this score, counted from the **first** player's point of view
    /// (the first player maximises it). Must lie within ±[`crate::Value::SCORE_LIMIT`].
    Score(i32),
}

/// Whether a game ends in win/draw/loss or in a numeric score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Games end in a win, a draw or a loss; values carry remoteness.
    WinDrawLoss,
    /// Games end with a score that one player maximises and the other minimises.
    Scored,
}

/// A key that identifies a position up to the game's symmetries.
///
/// Two positions that are images of each other under a symmetry must get the same `key`.
/// `negated` says that the position's value is the *negation* of the value of the
/// canonical representative (for example transposing a product-grid board swaps the two
/// players' sums); for ordinary board symmetries it is `false`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CanonicalKey {
    /// The key of the canonical representative.
    pub key: u64,
    /// The value of this position is minus the value of the representative.
    pub negated: bool,
}

/// A two-player, zero-sum, perfect-information game, implemented by its position type.
///
/// Only the first five methods are required. The others are hooks that make searches
/// faster or stronger; every search in the crate works without them.
///
/// Contract:
/// - [`Game::outcome`] is `Some` exactly when the game is over; a position that is not over
///   has at least one legal move.
/// - [`Game::undo`] exactly reverses the [`Game::play`] of the same move.
/// - The game is acyclic: no sequence of moves returns to an earlier position (all the
///   bundled games add a piece each turn). Tables rely on it.
pub trait Game: Clone + Send + Sync {
    /// A move. Small and `Copy`: an index, a cell, a column.
    type Move: Copy + Eq + Hash + Debug + Send + Sync;

    /// Whether the game is won/drawn/lost or scored.
    const KIND: GameKind = GameKind::WinDrawLoss;

    /// Whether the shortcuts are exact, which lets searches bound values by them:
    /// [`Game::immediate_win`] returns a move whenever one wins at once;
    /// [`Game::prune_losing_moves`] keeps exactly the moves after which the opponent
    /// cannot win at once, and **no move at all** when every move loses at once; and no
    /// move ever loses for the player who makes it. The default, `false`, promises
    /// nothing (and pruning must then leave at least one move).
    const EXACT_SHORTCUTS: bool = false;

    /// The player whose turn it is.
    fn to_move(&self) -> Player;

    /// Appends every legal move to `moves` (which the caller has cleared).
    fn generate_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays a legal move. Behaviour on an illegal move is up to the game (it may panic).
    fn play(&mut self, mv: Self::Move);

    /// Takes back `mv`, the last move played.
    fn undo(&mut self, mv: Self::Move);

    /// The outcome if the game is over, `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// A hash of the whole position, including the side to move (usually Zobrist, updated in
    /// `play`/`undo`). `None` disables transposition tables for this game.
    fn hash(&self) -> Option<u64> {
        None
    }

    /// The [`Game::hash`] the position will have once `mv` is played, when the game can
    /// tell without playing it (a Zobrist hash: one exclusive or). A search then starts
    /// loading the child's table entry before playing the move, so that the memory access
    /// overlaps the game's work in [`Game::play`]. Only a hint: it must equal the hash
    /// after `mv` when given, and `None` (the default) changes no result.
    fn hash_after(&self, _mv: Self::Move) -> Option<u64> {
        None
    }

    /// The key of this position up to symmetry: equal for positions that are images of
    /// each other, different otherwise (up to hash collisions). `None` (the default) means
    /// no symmetry reduction.
    fn canonical_key(&self) -> Option<CanonicalKey> {
        None
    }

    /// Reorders `moves` best-first (a hint; searches stay correct in any order).
    fn order_moves(&self, _moves: &mut [Self::Move]) {}

    /// A static evaluation from the side to move's point of view, used when a
    /// depth-limited search stops at a position that is not over. Must lie within
    /// ±[`crate::Value::SCORE_LIMIT`]. The default, 0, knows nothing.
    fn evaluate(&self) -> i32 {
        0
    }

    /// A move that wins at once for the side to move, if the game can tell cheaply.
    /// Searches then skip generating and trying the other moves. The default: none known.
    fn immediate_win(&self) -> Option<Self::Move> {
        None
    }

    /// A small dense index of `mv` (for example its cell), shared by the same move in
    /// every position, for tables indexed by move such as the history heuristic. The
    /// default, `None`, leaves those tables unused.
    fn move_index(&self, _mv: Self::Move) -> Option<usize> {
        None
    }

    /// Whether `mv` (about to be played here) is forcing: a threat, a capture, a check,
    /// a move the opponent must answer. Late-move reductions never shorten the search of a
    /// forcing move. The default, `false`, lets every late move be reduced.
    fn is_forcing(&self, _mv: Self::Move) -> bool {
        false
    }

    /// The moves worth searching past the depth limit (threats, captures: moves that can
    /// change the evaluation a lot), appended to `moves`; returns whether the side to move
    /// may instead *stand pat*, that is take the static [`Game::evaluate`].
    ///
    /// Return `false` only when the side to move must answer a threat; `moves` must then
    /// hold every move that does not lose at once (at least one). Used by the quiescence
    /// search ([`crate::Heuristics::quiescence_plies`]). The default: no tactical moves,
    /// standing pat allowed, so leaves are valued by `evaluate` alone.
    fn tactical_moves(&self, _moves: &mut Vec<Self::Move>) -> bool {
        true
    }

    /// Whether the side to move is under a threat it must answer, like a king in check:
    /// the moves generated here are the answers (gomoku: facing an open three, its blocks
    /// and the mover's own fours). With [`crate::Heuristics::threat_extension`] such a
    /// node, when it has few answers, costs the search no depth. The default: never.
    fn is_threatened(&self) -> bool {
        false
    }

    /// How many answers a [threatened](Game::is_threatened) position counts for
    /// [`crate::Heuristics::threat_extension`], given the `generated` moves. The default:
    /// those. A game whose `generate_moves` leaves out answers that lose at once can count
    /// them here, so that pruning them saves their nodes without changing which threats
    /// the extension follows (gomoku counts all of an open three's four points).
    fn threat_answers(&self, generated: usize) -> usize {
        generated
    }

    /// What [`Game::tactical_moves`] returns, without listing the moves: whether the side
    /// to move may stand pat. Reverse futility pruning asks this at many nodes, so a game
    /// whose tactical moves cost a scan of the board should answer it directly. The
    /// default asks `tactical_moves`.
    fn may_stand_pat(&self) -> bool {
        self.tactical_moves(&mut Vec::new())
    }

    /// Removes moves that lose at once (the opponent then wins on the next move), when the
    /// game can tell cheaply. If every move loses, leave at least one (none if
    /// [`Game::EXACT_SHORTCUTS`]). Used only by exact searches that do not need every
    /// move's value; the default keeps every move.
    fn prune_losing_moves(&self, _moves: &mut Vec<Self::Move>) {}
}

/// Plays a line of moves on a copy of `position` and returns the final position.
///
/// ```
/// use gametree_engine::{play_line, Game};
/// use gametree_engine::testing::{RandomTree, TreeShape};
/// let tree = RandomTree::<false>::generate(1, TreeShape::default());
/// let start = tree.root();
/// let mut moves = Vec::new();
/// start.generate_moves(&mut moves);
/// let after = play_line(&start, &moves[..1]);
/// assert_ne!(after.to_move(), start.to_move());
/// ```
pub fn play_line<G: Game>(position: &G, line: &[G::Move]) -> G {
    let mut copy = position.clone();
    for &mv in line {
        copy.play(mv);
    }
    copy
}
