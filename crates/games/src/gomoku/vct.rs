//! Victory by continuous threats (VCT): the attacker plays fours and open threes; after a
//! four the defender must block the five point, after an open three the defender may
//! block at any of the attacker's four points or counter with a four of its own (the
//! board's candidate rule). The attacker wins if every defence loses again.
//!
//! Unlike VCF the answer is a strategy tree, not a line; the search reports the first
//! move. Defences are those of [`Gomoku`]'s candidate rule, so a found VCT is as sound as
//! that rule (fours and four points of the attacker are complete; exotic defences of
//! a three are not considered).
//!
//! ```
//! use gametree_games::gomoku::{Gomoku, Rule};
//! use gametree_games::gomoku::vct::find_vct;
//! use gametree_games::gomoku::vcf::{find_vcf, VcfLimits};
//! use gametree_games::Notation;
//! // Black h8 i8 and j10 j11: j8 makes two open threes at once.
//! let board = Gomoku::parse(15, Rule::Freestyle, "h8 a1 i8 o1 j10 a15 j11 o15").unwrap();
//! assert!(find_vcf(&board, VcfLimits::default()).proof.is_none());
//! let vct = find_vct(&board, VcfLimits::default());
//! assert!(vct.first_move.is_some());
//! ```

use std::collections::HashMap;
use std::time::Instant;

use gametree_engine::Game;

use super::vcf::VcfLimits;
use super::{Cell, Gomoku, Threat};

/// What a VCT search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VctOutcome {
    /// The first move of a win by threats, if one was found.
    pub first_move: Option<Cell>,
    /// Whether the search finished within its limits (no win then means none within
    /// `max_fours` attacking moves).
    pub complete: bool,
    /// Positions visited.
    pub nodes: u64,
}

/// Searches for a VCT of the side to move, at most `limits.max_fours` attacking moves
/// deep (iterative deepening).
#[must_use]
pub fn find_vct(board: &Gomoku, limits: VcfLimits) -> VctOutcome {
    let mut search = VctSearch { limits, nodes: 0, aborted: false, failed: HashMap::new() };
    let mut board = board.clone();
    if board.outcome().is_some() {
        return VctOutcome { first_move: None, complete: true, nodes: 0 };
    }
    for depth in 1..=limits.max_fours {
        if let Some(cell) = search.attack(&mut board, depth) {
            return VctOutcome { first_move: Some(cell), complete: true, nodes: search.nodes };
        }
        if search.aborted {
            break;
        }
    }
    VctOutcome { first_move: None, complete: !search.aborted, nodes: search.nodes }
}

struct VctSearch {
    limits: VcfLimits,
    nodes: u64,
    aborted: bool,
    failed: HashMap<u64, u32>,
}

impl VctSearch {
    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        let late = self.nodes % 256 == 1 && self.limits.deadline.is_some_and(|deadline| Instant::now() >= deadline);
        if self.nodes >= self.limits.max_nodes || late {
            self.aborted = true;
        }
        self.aborted
    }

    /// A winning first move for the side to move within `depth` threats.
    fn attack(&mut self, board: &mut Gomoku, depth: u32) -> Option<Cell> {
        if self.out_of_budget() {
            return None;
        }
        let attacker = board.to_move();
        let defender = attacker.opponent();
        if let Some(five) = board.five_points(attacker).next() {
            return Some(five);
        }
        if depth == 0 || board.five_point_count(defender) >= 2 {
            return None;
        }
        let key = board.hash().unwrap_or_default();
        if self.failed.get(&key).is_some_and(|&searched| searched >= depth) {
            return None;
        }
        let mut threats: Vec<Cell> = if board.five_point_count(defender) == 1 {
            board.five_points(defender).collect()
        } else {
            (0..board.cells() as Cell)
                .filter(|&cell| board.stone(cell).is_none() && board.threat(attacker, cell) >= Threat::OpenThree)
                .collect()
        };
        threats.sort_by_key(|&cell| std::cmp::Reverse(board.threat(attacker, cell)));
        let mut defences = Vec::new();
        for threat in threats {
            board.play(threat);
            let wins = if board.five_point_count(attacker) >= 2 {
                true
            } else if board.five_point_count(attacker) == 1 || board.threatens_open_four(attacker) {
                defences.clear();
                board.generate_moves(&mut defences);
                let replies = defences.clone();
                let mut all_lose = true;
                for reply in replies {
                    board.play(reply);
                    let lost = board.outcome().is_none() && self.attack(board, depth - 1).is_some();
                    board.undo(reply);
                    if !lost {
                        all_lose = false;
                        break;
                    }
                }
                all_lose
            } else {
                false
            };
            board.undo(threat);
            if wins && !self.aborted {
                return Some(threat);
            }
            if self.aborted {
                return None;
            }
        }
        self.failed.insert(key, depth);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::Rule;
    use crate::notation::Notation;

    #[test]
    fn a_double_three_is_found_and_quiet_boards_have_none() {
        let board = Gomoku::parse(15, Rule::Freestyle, "h8 a1 i8 o1 j10 a15 j11 o15").unwrap();
        let found = find_vct(&board, VcfLimits::default()).first_move.expect("a VCT");
        // Every reply of white to the first move still loses to a VCT.
        let mut after = board.clone();
        after.play(found);
        let mut replies = Vec::new();
        after.generate_moves(&mut replies);
        for reply in replies {
            let mut position = after.clone();
            position.play(reply);
            assert!(find_vct(&position, VcfLimits::default()).first_move.is_some(), "{}", board.move_notation(reply));
        }
        let quiet = Gomoku::parse(15, Rule::Freestyle, "h8 i9").unwrap();
        let outcome = find_vct(&quiet, VcfLimits { max_fours: 4, ..VcfLimits::default() });
        assert!(outcome.first_move.is_none() && outcome.complete);
    }
}
