//! Renju's forbidden moves. Under the `renju` rule black may not play a move that makes
//! an overline (six or more in a row), a double four (two fours at once, also along one
//! line) or a double three (two open threes at once), unless the move completes exactly
//! five; a black stone played there loses the game. White has no forbidden moves, and
//! wins with five or more.
//!
//! An open three counts only if it is *real*: some point makes it a straight four
//! (`.xxxx.`, both ends completing exactly five), and that point is not itself forbidden
//! to black once the three is on the board. Deciding that can take further such checks,
//! which [`Gomoku::forbidden`] follows (up to [`MAX_DEPTH`] nested points, beyond which a
//! three counts as real).
//!
//! The board keeps black's line patterns under renju with the two shapes that forbid a
//! move on their own (an overline, two fours along one line), so most cells are settled by
//! their four patterns; only cells with two or more threes need the search here.
//!
//! ```
//! use gametree_engine::{Game, Outcome, Player};
//! use gametree_games::gomoku::renju::Forbidden;
//! use gametree_games::gomoku::{Gomoku, Rule};
//! use gametree_games::Notation;
//! // Black h8 i8 and j10 j11, white far away: j8 would make two open threes.
//! let board = Gomoku::parse(15, Rule::Renju, "h8 a1 i8 o1 j10 a15 j11 o15").unwrap();
//! let j8 = board.parse_move("j8").unwrap_err();
//! assert!(j8.message.contains("forbidden to black (double three)"));
//! let j8 = board.cell_at(9, 7).unwrap();
//! assert_eq!(board.forbidden(j8), Some(Forbidden::DoubleThree));
//! assert_eq!(board.forbidden(board.cell_at(6, 7).unwrap()), None); // g8: one three
//!
//! // Played anyway (as an engine might), it loses.
//! let mut played = board.clone();
//! played.play(j8);
//! assert_eq!(played.outcome(), Some(Outcome::Win(Player::Second)));
//! ```

use std::fmt;

use super::pattern::{neighbour_slot, PatternTable, REACH, WALL};
use super::{renju_lines, Cell, Gomoku, Pattern, RenjuLines, DIRECTIONS, MAX_CELLS};

/// Why a move is forbidden to black under renju.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forbidden {
    /// Two or more real open threes at once.
    DoubleThree,
    /// Two or more fours at once (two along one line count).
    DoubleFour,
    /// Six or more in a row.
    Overline,
}

impl Forbidden {
    /// The name: `double three`, `double four` or `overline`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Forbidden::DoubleThree => "double three",
            Forbidden::DoubleFour => "double four",
            Forbidden::Overline => "overline",
        }
    }
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How many points deep the check follows "is the point that would make this three a
/// straight four forbidden itself?" before it counts the three as real.
pub const MAX_DEPTH: u32 = 8;

/// The full check of an empty cell whose lines hold two or more threes (and nothing that
/// settles it): a double three if at least two of those threes are real.
pub(super) fn double_three(board: &Gomoku, cell: Cell) -> Option<Forbidden> {
    let mut lines = Lines { stones: board.stones, side: i32::from(board.size), table: board.table };
    lines.forbidden(cell, MAX_DEPTH)
}

/// A copy of the stones that the check plays on, reading black's line patterns straight
/// from it (the board's kept patterns only hold for its own stones).
struct Lines {
    stones: [u8; MAX_CELLS],
    side: i32,
    table: &'static PatternTable,
}

impl Lines {
    /// The cell `steps` cells from `cell` along `direction`, if on the board.
    fn step(&self, cell: Cell, direction: usize, steps: i32) -> Option<usize> {
        let (dx, dy) = DIRECTIONS[direction];
        let (x, y) = (i32::from(cell) % self.side + steps * dx, i32::from(cell) / self.side + steps * dy);
        (x >= 0 && y >= 0 && x < self.side && y < self.side).then_some((y * self.side + x) as usize)
    }

    /// Black's pattern code on the empty `cell` along `direction`.
    fn code(&self, cell: Cell, direction: usize) -> u8 {
        let mut key = 0;
        for offset in (-REACH..=REACH).filter(|&offset| offset != 0) {
            let code = self.step(cell, direction, offset).map_or(WALL, |neighbour| u32::from(self.stones[neighbour]));
            key |= code << (2 * neighbour_slot(offset));
        }
        self.table.lookup(key).0
    }

    fn forbidden(&mut self, cell: Cell, depth: u32) -> Option<Forbidden> {
        let codes = [0, 1, 2, 3].map(|direction| self.code(cell, direction));
        match renju_lines(codes) {
            RenjuLines::Allowed => None,
            RenjuLines::Forbidden(reason) => Some(reason),
            RenjuLines::Check if depth == 0 => Some(Forbidden::DoubleThree),
            RenjuLines::Check => {
                self.stones[usize::from(cell)] = 1;
                let mut threes = 0;
                for (direction, &code) in codes.iter().enumerate() {
                    if code == Pattern::Flex3 as u8 && self.real_three(cell, direction, depth) {
                        threes += 1;
                    }
                }
                self.stones[usize::from(cell)] = 0;
                (threes >= 2).then_some(Forbidden::DoubleThree)
            }
        }
    }

    /// Whether the black stone on `cell` has a real open three along `direction`: a point
    /// on the line that makes a straight four through `cell` and is not forbidden.
    fn real_three(&mut self, cell: Cell, direction: usize, depth: u32) -> bool {
        for steps in (-4..=4).filter(|&steps| steps != 0) {
            let Some(point) = self.step(cell, direction, steps) else { continue };
            if self.stones[point] != 0 {
                continue;
            }
            self.stones[point] = 1;
            let straight = self.straight_four(cell, direction, point);
            self.stones[point] = 0;
            if straight && self.forbidden(point as Cell, depth - 1).is_none() {
                return true;
            }
        }
        false
    }

    /// Whether the black run through `cell` along `direction` is a straight four holding
    /// `point`: four stones, both ends empty, and no black stone just beyond either end
    /// (which would make the five an overline).
    fn straight_four(&self, cell: Cell, direction: usize, point: usize) -> bool {
        let black = |steps: i32| self.step(cell, direction, steps).is_some_and(|neighbour| self.stones[neighbour] == 1);
        let mut low = 0;
        while black(low - 1) {
            low -= 1;
        }
        let mut high = 0;
        while black(high + 1) {
            high += 1;
        }
        let empty = |steps: i32| self.step(cell, direction, steps).is_some_and(|neighbour| self.stones[neighbour] == 0);
        high - low == 3
            && (low..=high).any(|steps| self.step(cell, direction, steps) == Some(point))
            && empty(low - 1)
            && empty(high + 1)
            && !black(low - 2)
            && !black(high + 2)
    }
}
