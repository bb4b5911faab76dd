//! Victory by continuous fours (VCF): a proof search over the board's own threat
//! patterns. The attacker plays only fours; each four has exactly one defence (the point
//! that would complete five), so the tree is narrow and a found win is a line of moves,
//! a [`VcfProof`], that anyone can replay and check with [`VcfProof::verify`].
//!
//! ```
//! use gametree_engine::Player;
//! use gametree_games::gomoku::{Gomoku, Rule};
//! use gametree_games::gomoku::vcf::{find_vcf, VcfLimits};
//! // Black h8 i8 j8 (blocked on the left by g8) and h10 h11 above h8:
//! let board = Gomoku::parse(15, Rule::Freestyle, "h8 g8 i8 a1 j8 o1 h10 a15 h11 o15").unwrap();
//! let proof = find_vcf(&board, VcfLimits::default()).proof.expect("black wins by fours");
//! proof.verify(&board).unwrap();
//! assert_eq!(proof.attacker, Player::First);
//! ```

use std::collections::HashMap;
use std::time::Instant;

use gametree_engine::{Game, Player};

use super::{Cell, Gomoku};
use crate::notation::Notation;

/// How far a VCF search may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VcfLimits {
    /// Most fours in a line.
    pub max_fours: u32,
    /// Most positions visited (the search gives up, without an answer, beyond it).
    pub max_nodes: u64,
    /// A moment after which the search gives up, without an answer.
    pub deadline: Option<Instant>,
}

impl Default for VcfLimits {
    fn default() -> Self {
        VcfLimits { max_fours: 40, max_nodes: 2_000_000, deadline: None }
    }
}

/// A winning line of continuous fours: attacker, defender, attacker, …, ending with the
/// attacker's five, or under renju with a white four that black could only block on a
/// forbidden point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VcfProof {
    /// The side that wins (the side to move at the start).
    pub attacker: Player,
    /// The moves, attacker first; odd length.
    pub moves: Vec<Cell>,
}

/// What a VCF search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VcfOutcome {
    /// The win, if one was found.
    pub proof: Option<VcfProof>,
    /// Whether the search covered every line within `max_fours` (so that no proof means
    /// there is no VCF of that length), rather than stopping at its node limit.
    pub complete: bool,
    /// Positions visited.
    pub nodes: u64,
}

impl VcfProof {
    /// The line in Gomocup `x,y` notation, separated by spaces.
    #[must_use]
    pub fn notation(&self, board: &Gomoku) -> String {
        self.moves.iter().map(|&cell| board.move_notation(cell)).collect::<Vec<_>>().join(" ")
    }

    /// Replays the proof from `start` and checks it: every attacker move but the last makes
    /// a four, the defender has no five threat of its own and blocks the only point that
    /// completes five (or one of several, when it cannot block them all), no black move is
    /// forbidden (renju), and the last move completes five, or under renju leaves black only
    /// forbidden points to block with. Returns what is wrong, naming the move.
    pub fn verify(&self, start: &Gomoku) -> Result<(), String> {
        let mut board = start.clone();
        if board.to_move() != self.attacker {
            return Err("the attacker is not the side to move".into());
        }
        if self.moves.len().is_multiple_of(2) {
            return Err("a proof ends with the attacker's five, so it has an odd number of moves".into());
        }
        let defender = self.attacker.opponent();
        for (index, &cell) in self.moves.iter().enumerate() {
            let number = index + 1;
            let name = if usize::from(cell) < board.cells() { board.move_notation(cell) } else { format!("cell {cell}") };
            if usize::from(cell) >= board.cells() || board.stone(cell).is_some() || board.outcome().is_some() {
                return Err(format!("move {number} ({name}) is not legal"));
            }
            if let Some(reason) = board.forbidden(cell).filter(|_| board.to_move() == Player::First) {
                return Err(format!("move {number} ({name}) is forbidden to black ({reason})"));
            }
            if index % 2 == 0 {
                board.play(cell);
                let last = index + 1 == self.moves.len();
                if last {
                    // Renju: white's last four may stand because black could only block it
                    // on forbidden points.
                    let unblockable = board.five_point_count(defender) == 0
                        && board.five_point_count(self.attacker) > 0
                        && board.five_points(self.attacker).all(|point| board.forbidden_to_mover(point));
                    if board.outcome() != Some(gametree_engine::Outcome::Win(self.attacker)) && !unblockable {
                        return Err(format!("the last move {number} ({name}) does not complete five"));
                    }
                } else if board.five_point_count(self.attacker) == 0 {
                    return Err(format!("attacker move {number} ({name}) does not make a four"));
                }
            } else {
                if board.five_point_count(defender) > 0 {
                    return Err(format!("before move {number} the defender has a five threat of its own"));
                }
                let threats: Vec<Cell> = board.five_points(self.attacker).collect();
                if !threats.contains(&cell) {
                    return Err(format!("defender move {number} ({name}) does not block a five"));
                }
                board.play(cell);
            }
        }
        Ok(())
    }
}

/// Searches for a VCF of the side to move in `board`, shortest first (iterative deepening
/// on the number of fours).
#[must_use]
pub fn find_vcf(board: &Gomoku, limits: VcfLimits) -> VcfOutcome {
    let mut search = VcfSearch::new(limits);
    let mut board = board.clone();
    search.run(&mut board)
}

/// The moves of the side to move that leave the opponent without a VCF, or `None` when
/// the opponent has no VCF to defend against (given a free move now). Each move is
/// checked by a VCF search within `limits`; a move whose check ran out of nodes is not
/// counted as a defence.
#[must_use]
pub fn vcf_defences(board: &Gomoku, limits: VcfLimits) -> Option<Vec<Cell>> {
    if board.outcome().is_some() {
        return None;
    }
    let mut threat = board.clone();
    threat.pass();
    find_vcf(&threat, limits).proof.as_ref()?;
    let empty: Vec<Cell> = (0..board.cells() as Cell).filter(|&cell| board.stone(cell).is_none()).collect();
    Some(vcf_defences_among(board, &empty, limits))
}

/// The cells among `candidates` (empty cells) after which the opponent, now to move, has
/// no VCF within `limits`; a cell whose check ran out of nodes is left out.
#[must_use]
pub fn vcf_defences_among(board: &Gomoku, candidates: &[Cell], limits: VcfLimits) -> Vec<Cell> {
    let mut defences = Vec::new();
    let mut position = board.clone();
    let mut search = VcfSearch::new(limits);
    for &cell in candidates {
        if board.stone(cell).is_some() || board.forbidden_to_mover(cell) {
            continue;
        }
        position.play(cell);
        let outcome = if position.outcome().is_some() {
            VcfOutcome { proof: None, complete: true, nodes: 0 }
        } else {
            search.run(&mut position)
        };
        position.undo(cell);
        if outcome.proof.is_none() && outcome.complete {
            defences.push(cell);
        }
    }
    defences
}

/// A reusable VCF searcher: it keeps a table of positions known to have no VCF within a
/// number of fours.
pub struct VcfSearch {
    limits: VcfLimits,
    failed: HashMap<u64, u32>,
    nodes: u64,
    aborted: bool,
    line: Vec<Cell>,
}

impl VcfSearch {
    /// A searcher with these limits.
    #[must_use]
    pub fn new(limits: VcfLimits) -> VcfSearch {
        VcfSearch { limits, failed: HashMap::new(), nodes: 0, aborted: false, line: Vec::new() }
    }

    /// Searches `board` (restored afterwards) for a VCF of its side to move.
    pub fn run(&mut self, board: &mut Gomoku) -> VcfOutcome {
        self.nodes = 0;
        self.aborted = false;
        self.failed.clear();
        let attacker = board.to_move();
        if board.outcome().is_some() {
            return VcfOutcome { proof: None, complete: true, nodes: 0 };
        }
        let mut depth = 1;
        while depth <= self.limits.max_fours {
            self.line.clear();
            let before = self.nodes;
            if self.attack(board, depth) {
                return VcfOutcome { proof: Some(VcfProof { attacker, moves: self.line.clone() }), complete: true, nodes: self.nodes };
            }
            if self.aborted {
                break;
            }
            // Nothing new was reachable at this depth: deeper searches cannot differ.
            if depth > 1 && self.nodes - before <= 1 {
                break;
            }
            depth += 2.min(self.limits.max_fours - depth).max(1);
        }
        VcfOutcome { proof: None, complete: !self.aborted, nodes: self.nodes }
    }

    fn attack(&mut self, board: &mut Gomoku, fours_left: u32) -> bool {
        self.nodes += 1;
        let late = self.nodes % 256 == 1 && self.limits.deadline.is_some_and(|deadline| Instant::now() >= deadline);
        if self.nodes >= self.limits.max_nodes || late {
            self.aborted = true;
            return false;
        }
        let attacker = board.to_move();
        let defender = attacker.opponent();
        if let Some(five) = board.five_points(attacker).next() {
            self.line.push(five);
            return true;
        }
        if fours_left == 0 {
            return false;
        }
        let key = board.hash().unwrap_or_default();
        if self.failed.get(&key).is_some_and(|&depth| depth >= fours_left) {
            return false;
        }
        let mut fours: Vec<Cell> = match board.five_point_count(defender) {
            0 => board.four_points(attacker).collect(),
            1 => board.five_points(defender).filter(|&cell| board.makes_four(attacker, cell)).collect(),
            _ => Vec::new(),
        };
        board.drop_forbidden(&mut fours);
        fours.sort_by_key(|&cell| std::cmp::Reverse(board.threat(attacker, cell)));
        for four in fours {
            board.play(four);
            self.line.push(four);
            let threats: Vec<Cell> = board.five_points(attacker).collect();
            if threats.len() >= 2 {
                // The defender blocks one; the other completes five.
                self.line.push(threats[0]);
                self.line.push(threats[1]);
                board.undo(four);
                return true;
            }
            let defence = threats[0];
            if board.forbidden_to_mover(defence) {
                // Renju: black may not block there, and has no five of its own to play.
                board.undo(four);
                return true;
            }
            board.play(defence);
            self.line.push(defence);
            let won = self.attack(board, fours_left - 1);
            board.undo(defence);
            board.undo(four);
            if won {
                return true;
            }
            self.line.truncate(self.line.len() - 2);
            if self.aborted {
                return false;
            }
        }
        if !self.aborted {
            self.failed.insert(key, fours_left);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::Rule;

    #[test]
    fn a_broken_proof_is_rejected() {
        let board = Gomoku::parse(15, Rule::Freestyle, "h8 g8 i8 a1 j8 o1 h10 a15 h11 o15").unwrap();
        let proof = find_vcf(&board, VcfLimits::default()).proof.unwrap();
        proof.verify(&board).unwrap();
        let mut wrong = proof.clone();
        wrong.moves[1] = board.parse_move("n14").unwrap();
        assert!(wrong.verify(&board).unwrap_err().contains("does not block"));
        let mut short = proof.clone();
        short.moves.truncate(1);
        assert!(short.verify(&board).is_err());
    }

    #[test]
    fn no_fours_no_vcf() {
        let board = Gomoku::parse(15, Rule::Freestyle, "h8 i9").unwrap();
        let outcome = find_vcf(&board, VcfLimits::default());
        assert!(outcome.proof.is_none());
        assert!(outcome.complete);
    }
}
