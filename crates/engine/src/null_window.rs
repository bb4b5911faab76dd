//! Dichotomic solving with null windows: the exact value of a position found by a
//! sequence of yes/no questions "is the value above v?", each answered by an alpha-beta
//! search with an empty window around `v`.
//!
//! A null-window search prunes far more than a full-window one, and the [`Searcher`]'s
//! table keeps the bounds each question proved, so later questions cost little. The
//! questions bisect the ordered list of values the position can have:
//!
//! - in a win/draw/loss game, `loss in 0 < loss in 1 < … < loss in H < draw < win in H <
//!   … < win in 0`, where `H` is the most plies the game can still last (the
//!   *horizon*, when the caller knows one);
//! - in a scored game, the scores.
//!
//! A weak solve asks only whether the value is above and below the draw (or score 0).

use std::cmp::Ordering;

use crate::alphabeta::{Searcher, UNLIMITED_DEPTH};
use crate::game::{Game, GameKind};
use crate::observer::Observer;
use crate::value::Value;

/// The values a position can take, numbered in order so that they can be bisected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ladder {
    kind: GameKind,
    horizon: i32,
}

impl Ladder {
    fn new(kind: GameKind, horizon: Option<u32>) -> Ladder {
        let horizon = horizon.map_or(Value::MAX_REMOTENESS, |horizon| (horizon as i32).min(Value::MAX_REMOTENESS));
        Ladder { kind, horizon }
    }

    /// The range of rungs.
    fn bounds(self) -> (i32, i32) {
        match self.kind {
            GameKind::WinDrawLoss => (-(self.horizon + 1), self.horizon + 1),
            GameKind::Scored => (-(Value::SCORE_LIMIT - 1), Value::SCORE_LIMIT - 1),
        }
    }

    /// The value on rung `rung`: 0 is the draw (score 0); for win/draw/loss games rung
    /// `h + 1 − r` is a win in `r`, rung `r − h − 1` a loss in `r`.
    fn value(self, rung: i32) -> Value {
        match self.kind {
            GameKind::WinDrawLoss if rung > 0 => Value::win_in((self.horizon + 1 - rung) as u32),
            GameKind::WinDrawLoss if rung < 0 => Value::loss_in((self.horizon + 1 + rung) as u32),
            GameKind::WinDrawLoss => Value::DRAW,
            GameKind::Scored => Value::score(rung),
        }
    }

    /// The rung of a win or loss within the horizon; for one beyond it, the rung next to
    /// the draw on its side (`beyond_win` / `beyond_loss`); for anything else, `other`.
    fn rung_of(self, value: Value, beyond_win: i32, beyond_loss: i32, other: i32) -> i32 {
        let horizon = self.horizon;
        match value.remoteness() {
            Some(remoteness) if remoteness as i32 > horizon => {
                if value.is_win() {
                    beyond_win
                } else {
                    beyond_loss
                }
            }
            Some(remoteness) if value.is_win() => horizon + 1 - remoteness as i32,
            Some(remoteness) => remoteness as i32 - horizon - 1,
            None => other,
        }
    }

    /// The highest rung whose value is at most `value`.
    fn floor(self, value: Value) -> i32 {
        let (low, high) = self.bounds();
        let rung = match self.kind {
            GameKind::Scored => value.raw(),
            GameKind::WinDrawLoss if value > Value::win_in(0) => high,
            GameKind::WinDrawLoss if value < Value::loss_in(0) => low - 1,
            GameKind::WinDrawLoss => self.rung_of(value, 0, -1, if value >= Value::DRAW { 0 } else { -1 }),
        };
        rung.clamp(low, high)
    }

    /// The lowest rung whose value is at least `value`.
    fn ceiling(self, value: Value) -> i32 {
        let (low, high) = self.bounds();
        let rung = match self.kind {
            GameKind::Scored => value.raw(),
            GameKind::WinDrawLoss if value > Value::win_in(0) => high + 1,
            GameKind::WinDrawLoss if value < Value::loss_in(0) => low,
            GameKind::WinDrawLoss => self.rung_of(value, 1, 0, if value <= Value::DRAW { 0 } else { 1 }),
        };
        rung.clamp(low, high)
    }
}

/// Asks whether the value of `position` lies above rung `probe`, and returns the new
/// bounds `(low, high)` on its rung.
fn question<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<G, O>,
    position: &mut G,
    ladder: Ladder,
    probe: i32,
    (low, high): (i32, i32),
) -> (i32, i32) {
    let (alpha, beta) = (ladder.value(probe), ladder.value(probe + 1));
    let value = searcher.search(position, UNLIMITED_DEPTH, alpha, beta);
    if value <= alpha {
        (low, ladder.floor(value).clamp(low, probe))
    } else {
        (ladder.ceiling(value).clamp(probe + 1, high), high)
    }
}

/// The exact value of `position` for its side to move, by null-window bisection.
///
/// `horizon` is the most plies the game can still last from `position` (for example
/// the empty cells of a board that fills up), if known; it makes the bisection shorter.
/// Returns `None` if the searcher's limits or stop flag ended the search.
///
/// ```
/// use gametree_engine::{minimax, solve_by_null_windows, Searcher, SearchOptions};
/// use gametree_engine::testing::{RandomTree, TreeShape};
/// let tree = RandomTree::<false>::generate(11, TreeShape::default());
/// let mut searcher = Searcher::new(SearchOptions::default());
/// let value = solve_by_null_windows(&mut searcher, &mut tree.root(), Some(7));
/// assert_eq!(value, Some(minimax(&mut tree.root())));
/// ```
pub fn solve_by_null_windows<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<G, O>,
    position: &mut G,
    horizon: Option<u32>,
) -> Option<Value> {
    let ladder = Ladder::new(G::KIND, horizon);
    let (mut low, mut high) = ladder.bounds();
    while low < high {
        // Bisect, but lean towards the ends of the range, whose questions are cheap.
        let mut probe = low + (high - low) / 2;
        if probe <= 0 && low / 2 < probe {
            probe = low / 2;
        } else if probe >= 0 && high / 2 > probe {
            probe = high / 2;
        }
        (low, high) = question(searcher, position, ladder, probe, (low, high));
        if searcher.stopped() {
            return None;
        }
    }
    Some(ladder.value(low))
}

/// Only the sign of the value of `position` for its side to move: `Greater` if it wins
/// (or scores above 0), `Equal` for a draw (score 0), `Less` if it loses. At most two
/// null-window searches. Returns `None` if the searcher's limits or stop flag ended it.
///
/// ```
/// use std::cmp::Ordering;
/// use gametree_engine::{minimax, sign_by_null_windows, Searcher, SearchOptions, Value};
/// use gametree_engine::testing::{RandomTree, TreeShape};
/// let tree = RandomTree::<false>::generate(5, TreeShape::default());
/// let mut searcher = Searcher::new(SearchOptions::default());
/// let sign = sign_by_null_windows(&mut searcher, &mut tree.root());
/// assert_eq!(sign, Some(minimax(&mut tree.root()).cmp(&Value::DRAW)));
/// ```
pub fn sign_by_null_windows<G: Game, O: Observer<G::Move>>(searcher: &mut Searcher<G, O>, position: &mut G) -> Option<Ordering> {
    let ladder = Ladder::new(G::KIND, None);
    let mut bounds = (-1, 1);
    for probe in [0, -1] {
        if bounds.0 >= bounds.1 {
            break;
        }
        if probe < bounds.0 || probe >= bounds.1 {
            continue;
        }
        bounds = question(searcher, position, ladder, probe, bounds);
        if searcher.stopped() {
            return None;
        }
    }
    Some(bounds.0.cmp(&0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rungs_and_values_correspond() {
        let ladder = Ladder::new(GameKind::WinDrawLoss, Some(9));
        let (low, high) = ladder.bounds();
        assert_eq!((ladder.value(low), ladder.value(high)), (Value::loss_in(0), Value::win_in(0)));
        for rung in low..=high {
            let value = ladder.value(rung);
            assert_eq!((ladder.floor(value), ladder.ceiling(value)), (rung, rung));
            if rung < high {
                assert!(value < ladder.value(rung + 1));
            }
        }
        // Beyond the horizon, values clamp to the nearest rung.
        assert_eq!((ladder.floor(Value::win_in(20)), ladder.ceiling(Value::win_in(20))), (0, 1));
        assert_eq!((ladder.floor(Value::loss_in(20)), ladder.ceiling(Value::loss_in(20))), (-1, 0));
        assert_eq!((ladder.floor(Value::INFINITY), ladder.ceiling(Value::NEG_INFINITY)), (high, low));
        let scored = Ladder::new(GameKind::Scored, None);
        assert_eq!(scored.floor(Value::score(-7)), -7);
        assert_eq!(scored.value(12), Value::score(12));
    }
}
