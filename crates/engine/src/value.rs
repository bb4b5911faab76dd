//! Search values and the verdicts reported to users.

use std::fmt;
use std::ops::Neg;

use crate::game::{GameKind, Outcome, Player};

/// The value of a position for the side to move, as searches compare them.
///
/// One totally ordered integer holds every kind of value: a win in `r` plies is
/// `WIN - r`, a loss in `r` plies is `-(WIN - r)`, a draw is 0, and scores and
/// heuristic evaluations lie strictly between ±[`Value::SCORE_LIMIT`]. So a win sooner is
/// greater than a win later, which is greater than a draw, which is greater than a loss
/// later, which is greater than a loss sooner; and negation turns one side's value into
/// the other's.
///
/// Within a search, remoteness is counted from the search's root ("win in 5" at ply 2
/// means the game ends 5 plies after the root); the transposition table converts to and
/// from the node's own distance.
///
/// ```
/// use gametree_engine::Value;
/// assert!(Value::win_in(1) > Value::win_in(3));
/// assert!(Value::win_in(9) > Value::DRAW);
/// assert!(Value::loss_in(8) > Value::loss_in(2));
/// assert_eq!(-Value::win_in(3), Value::loss_in(3));
/// assert_eq!(Value::win_in(3).remoteness(), Some(3));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Value(i32);

impl Value {
    /// The value of a win on the spot (remoteness 0).
    pub const WIN: i32 = 1_000_000;
    /// The longest remoteness a value can carry.
    pub const MAX_REMOTENESS: i32 = 100_000;
    /// Scores and evaluations must lie strictly within ±`SCORE_LIMIT`.
    pub const SCORE_LIMIT: i32 = Self::WIN - Self::MAX_REMOTENESS - 1;
    /// A draw.
    pub const DRAW: Value = Value(0);
    /// Greater than every value a search returns.
    pub const INFINITY: Value = Value(Self::WIN + 1);
    /// Less than every value a search returns.
    pub const NEG_INFINITY: Value = Value(-Self::WIN - 1);

    /// A win for the side to move, `remoteness` plies from now.
    #[must_use]
    pub const fn win_in(remoteness: u32) -> Value {
        Value(Self::WIN - remoteness as i32)
    }

    /// A loss for the side to move, `remoteness` plies from now.
    #[must_use]
    pub const fn loss_in(remoteness: u32) -> Value {
        Value(-(Self::WIN - remoteness as i32))
    }

    /// A score (or heuristic evaluation) for the side to move, clamped into range.
    #[must_use]
    pub const fn score(score: i32) -> Value {
        let limit = Self::SCORE_LIMIT - 1;
        Value(if score > limit {
            limit
        } else if score < -limit {
            -limit
        } else {
            score
        })
    }

    /// The raw integer, for storage and arithmetic.
    #[must_use]
    pub const fn raw(self) -> i32 {
        self.0
    }

    /// Rebuilds a value from [`Value::raw`].
    #[must_use]
    pub const fn from_raw(raw: i32) -> Value {
        Value(raw)
    }

    /// Whether this is a proven win for the side to move.
    #[must_use]
    pub const fn is_win(self) -> bool {
        self.0 > Self::SCORE_LIMIT && self.0 <= Self::WIN
    }

    /// Whether this is a proven loss for the side to move.
    #[must_use]
    pub const fn is_loss(self) -> bool {
        self.0 < -Self::SCORE_LIMIT && self.0 >= -Self::WIN
    }

    /// Whether this is a proven win or loss.
    #[must_use]
    pub const fn is_decisive(self) -> bool {
        self.is_win() || self.is_loss()
    }

    /// Plies to the end for a win or a loss; `None` otherwise.
    #[must_use]
    pub const fn remoteness(self) -> Option<u32> {
        if self.is_win() {
            Some((Self::WIN - self.0) as u32)
        } else if self.is_loss() {
            Some((Self::WIN + self.0) as u32)
        } else {
            None
        }
    }

    /// The value of a finished game for `to_move`, reached `ply` plies after the root.
    #[must_use]
    pub fn from_outcome(outcome: Outcome, to_move: Player, ply: u32) -> Value {
        match outcome {
            Outcome::Win(winner) if winner == to_move => Value::win_in(ply),
            Outcome::Win(_) => Value::loss_in(ply),
            Outcome::Draw => Value::DRAW,
            Outcome::Score(score) => Value::score(score * to_move.sign()),
        }
    }

    /// Converts a root-relative value found `ply` plies below the root into one relative to
    /// that node (for storing in a table).
    #[must_use]
    pub const fn to_node_relative(self, ply: u32) -> Value {
        if self.is_win() {
            Value(self.0 + ply as i32)
        } else if self.is_loss() {
            Value(self.0 - ply as i32)
        } else {
            self
        }
    }

    /// The inverse of [`Value::to_node_relative`].
    #[must_use]
    pub const fn to_root_relative(self, ply: u32) -> Value {
        if self.is_win() {
            Value(self.0 - ply as i32)
        } else if self.is_loss() {
            Value(self.0 + ply as i32)
        } else {
            self
        }
    }

    /// Turns a search value into a verdict to report.
    ///
    /// `exact` says whether the search reached the end of every line (no heuristic leaf);
    /// `line_length` is the length of the principal variation, reported as the remoteness
    /// of a draw.
    #[must_use]
    pub fn verdict(self, kind: GameKind, exact: bool, line_length: u32) -> Verdict {
        if let Some(remoteness) = self.remoteness() {
            if self.is_win() {
                return Verdict::Win { remoteness };
            }
            return Verdict::Loss { remoteness };
        }
        if !exact {
            return Verdict::Heuristic { score: self.0 };
        }
        match kind {
            GameKind::WinDrawLoss => Verdict::Draw { remoteness: line_length },
            GameKind::Scored => Verdict::Score { score: self.0 },
        }
    }
}

impl Neg for Value {
    type Output = Value;
    fn neg(self) -> Value {
        Value(-self.0)
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_win() {
            write!(f, "win in {}", Self::WIN - self.0)
        } else if self.is_loss() {
            write!(f, "loss in {}", Self::WIN + self.0)
        } else if *self == Value::INFINITY {
            write!(f, "+inf")
        } else if *self == Value::NEG_INFINITY {
            write!(f, "-inf")
        } else {
            write!(f, "{}", self.0)
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// A value as reported to a user: SPEC §3 and the `value` objects of SPEC §4.
///
/// Serialises as `{"kind": "win"|"loss"|"draw", "remoteness": R}`,
/// `{"kind": "score", "score": S}` or `{"kind": "heuristic", "score": S}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Verdict {
    /// The side concerned wins in `remoteness` plies.
    Win {
        /// Plies to the end.
        remoteness: u32,
    },
    /// The side concerned loses in `remoteness` plies.
    Loss {
        /// Plies to the end.
        remoteness: u32,
    },
    /// The game is drawn; it ends after `remoteness` plies along the principal variation.
    Draw {
        /// Plies to the end.
        remoteness: u32,
    },
    /// The exact minimax score of a scored game.
    Score {
        /// The score, from the side concerned's point of view.
        score: i32,
    },
    /// An unproven estimate from a depth-limited search.
    Heuristic {
        /// The estimate, from the side concerned's point of view.
        score: i32,
    },
}

impl Verdict {
    /// The short word for the kind: `win`, `loss`, `draw`, `score`, `heuristic`.
    #[must_use]
    pub const fn kind_name(self) -> &'static str {
        match self {
            Verdict::Win { .. } => "win",
            Verdict::Loss { .. } => "loss",
            Verdict::Draw { .. } => "draw",
            Verdict::Score { .. } => "score",
            Verdict::Heuristic { .. } => "heuristic",
        }
    }

    /// The remoteness of a win, loss or draw.
    #[must_use]
    pub const fn remoteness(self) -> Option<u32> {
        match self {
            Verdict::Win { remoteness } | Verdict::Loss { remoteness } | Verdict::Draw { remoteness } => Some(remoteness),
            _ => None,
        }
    }
}

impl fmt::Display for Verdict {
    /// `win in 3`, `lose in 4`, `draw`, `score 12`, `about +35`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Verdict::Win { remoteness } => write!(f, "win in {remoteness}"),
            Verdict::Loss { remoteness } => write!(f, "lose in {remoteness}"),
            Verdict::Draw { remoteness } => write!(f, "draw ({remoteness} plies)"),
            Verdict::Score { score } => write!(f, "score {score}"),
            Verdict::Heuristic { score } => write!(f, "about {score:+}"),
        }
    }
}
