//! Victory by continuous threats (VCT): the attacker plays fours and open threes; after a
//! four the defender must block the five point, after an open three the defender may
//! block at any of the attacker's four points that leaves it no open four, or counter
//! with a four of its own (the board's candidate rule, less the blocks that lose to the
//! open four at once). The attacker wins if every defence loses again.
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
/// deep.
///
/// The search is a depth-first proof-number search (df-pn) over the threat tree: it
/// spends its nodes where the fewest defences remain to be refuted, and its table keeps
/// proofs and disproofs of positions reached by different move orders. Within its limits
/// it answers exactly as a full search of the same tree would.
#[must_use]
pub fn find_vct(board: &Gomoku, limits: VcfLimits) -> VctOutcome {
    let mut board = board.clone();
    if board.outcome().is_some() || limits.max_fours == 0 {
        return VctOutcome { first_move: None, complete: true, nodes: 0 };
    }
    let mut search = ProofSearch { limits, nodes: 0, aborted: false, table: HashMap::new(), expanded: HashMap::new() };
    let root = search.search(&mut board, limits.max_fours, true, INFINITE, INFINITE);
    let first_move = (root.proof == 0).then(|| search.winning_move(&mut board, limits.max_fours)).flatten();
    VctOutcome { first_move, complete: !search.aborted, nodes: search.nodes }
}

/// A win by continuous threats written out as one line of its strategy: the attacker's
/// threats with, at each of the defender's turns, the defence that holds out longest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VctLine {
    /// The fewest attacking moves (fours, threes, and blocks of the defender's fours)
    /// within which the attacker wins from the start; completing the five is not counted.
    pub threats: u32,
    /// Attacker, defender, attacker, …, ending with the attacker's five.
    pub moves: Vec<Cell>,
}

/// What [`vct_line`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VctLineOutcome {
    /// The line of a win, if the side to move has one within the limits.
    pub line: Option<VctLine>,
    /// Whether every search finished within the limits (no line then means no VCT
    /// within `max_fours` attacking moves).
    pub complete: bool,
    /// Positions visited by all the searches together.
    pub nodes: u64,
}

/// The side to move's VCT of the fewest attacking moves (at most `limits.max_fours`),
/// written out as one line: at each of the attacker's turns the first move of its
/// shortest win, at each of the defender's the defence (among the candidate rule's
/// answers) whose refutation needs the most attacking moves, the longest resistance.
/// Every answer is searched to find it, so the line also shows that each defence loses.
/// `limits.max_nodes` and the deadline bound all the searches together.
///
/// ```
/// use gametree_games::gomoku::{Gomoku, Rule};
/// use gametree_games::gomoku::vct::vct_line;
/// use gametree_games::gomoku::vcf::VcfLimits;
/// use gametree_games::Notation;
/// // Black h8 i8 and j10 j11: j8 makes two open threes at once.
/// let board = Gomoku::parse(15, Rule::Freestyle, "h8 a1 i8 o1 j10 a15 j11 o15").unwrap();
/// let found = vct_line(&board, VcfLimits { max_fours: 6, ..VcfLimits::default() });
/// let line = found.line.unwrap();
/// assert_eq!(board.move_notation(line.moves[0]), "9,7"); // j8
/// assert_eq!(line.moves.len() % 2, 1); // it ends with black's five
/// ```
#[must_use]
pub fn vct_line(board: &Gomoku, limits: VcfLimits) -> VctLineOutcome {
    let mut finder = LineFinder { limits, nodes: 0, complete: true };
    let Some((threats, first)) = finder.fewest(board, limits.max_fours) else {
        return VctLineOutcome { line: None, complete: finder.complete, nodes: finder.nodes };
    };
    let attacker = board.to_move();
    let mut position = board.clone();
    let mut moves = Vec::new();
    let (mut left, mut next) = (threats, first);
    loop {
        position.play(next);
        moves.push(next);
        if position.outcome().is_some() {
            break;
        }
        // The defender's answers; the one whose refutation takes the most threats.
        let mut replies = Vec::new();
        position.generate_moves(&mut replies);
        let mut longest: Option<(u32, Cell, Cell)> = None;
        for reply in replies {
            position.play(reply);
            let refutation = if position.outcome().is_some() { None } else { finder.fewest(&position, left.saturating_sub(1)) };
            position.undo(reply);
            let Some((needed, answer)) = refutation else {
                // A defence the searches could not refute within the limits: no line.
                return VctLineOutcome { line: None, complete: false, nodes: finder.nodes };
            };
            if longest.is_none_or(|(most, _, _)| needed > most) {
                longest = Some((needed, reply, answer));
            }
        }
        let Some((needed, reply, answer)) = longest else { break };
        position.play(reply);
        moves.push(reply);
        debug_assert_eq!(position.to_move(), attacker);
        left = needed;
        next = answer;
    }
    VctLineOutcome { line: Some(VctLine { threats, moves }), complete: finder.complete, nodes: finder.nodes }
}

/// The searches of [`vct_line`], sharing one budget.
struct LineFinder {
    limits: VcfLimits,
    nodes: u64,
    complete: bool,
}

impl LineFinder {
    /// The fewest attacking moves, at most `most`, within which the side to move wins by
    /// threats, and the first move of that win (completing a five takes none).
    fn fewest(&mut self, board: &Gomoku, most: u32) -> Option<(u32, Cell)> {
        if let Some(five) = board.five_points(board.to_move()).next() {
            return Some((0, five));
        }
        for threats in 1..=most {
            let limits = VcfLimits { max_fours: threats, max_nodes: self.limits.max_nodes.saturating_sub(self.nodes), ..self.limits };
            let outcome = find_vct(board, limits);
            self.nodes += outcome.nodes;
            if let Some(first) = outcome.first_move {
                return Some((threats, first));
            }
            if !outcome.complete || self.nodes >= self.limits.max_nodes {
                self.complete = false;
                return None;
            }
        }
        None
    }
}

/// The 1 + ε trick (Pawlewicz and Lew): df-pn stays in the most promising child until
/// its number passes the second-best child's by a quarter (ε = 1/4), not by one, so it
/// switches between close siblings, and expands their subtrees again, far less often.
/// On the 11 positions of `scripts/positions-won.txt` at up to 16 threats and 5 million
/// nodes (`examples/vct_cost`), 18.5 million nodes against 24.8 million with ε = 0 (a
/// half: 19.5, a third: 19.3, an eighth: 20.2); at the root's check (6 threats, 30,000
/// nodes) the 320 searches of `scripts/positions-move-quality.txt`, both sides to move,
/// need 4 % fewer.
const EPSILON_DIVISOR: u32 = 4;

/// Proof and disproof numbers at least this large mean "proven" and "disproven".
const INFINITE: u32 = u32::MAX / 4;

/// Proof and disproof numbers of a node: how many leaves must still be proven (won by
/// the attacker) or disproven before the node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Numbers {
    proof: u32,
    disproof: u32,
}

impl Numbers {
    const UNKNOWN: Numbers = Numbers { proof: 1, disproof: 1 };
    const WON: Numbers = Numbers { proof: 0, disproof: INFINITE };
    const LOST: Numbers = Numbers { proof: INFINITE, disproof: 0 };

    fn settled(self) -> bool {
        self.proof == 0 || self.disproof == 0
    }
}

struct ProofSearch {
    limits: VcfLimits,
    nodes: u64,
    aborted: bool,
    /// Numbers per (position, threats left, side): positions are keyed with the threats
    /// left, so a proof never claims more depth than it had.
    table: HashMap<u64, Numbers>,
    /// The children of expanded nodes, by key: df-pn comes back to a node many times.
    expanded: HashMap<u64, Vec<Child>>,
}

/// A child of a node.
#[derive(Clone, Copy, Debug)]
struct Child {
    cell: Cell,
    key: u64,
    /// Its numbers: final if `settled`, else unknown until the table knows better.
    numbers: Numbers,
    settled: bool,
}

impl Child {
    fn new(cell: Cell, key: u64, settled: Option<Numbers>) -> Child {
        Child { cell, key, numbers: settled.unwrap_or(Numbers::UNKNOWN), settled: settled.is_some() }
    }
}

/// The attacker's moves at an attacking node without a five of its own (see
/// `attack_leaf`): the block of the defender's only five point, else every move that
/// makes an open three or better. Empty when the defender has two five points.
fn attacking_moves(board: &Gomoku) -> Vec<Cell> {
    let attacker = board.to_move();
    let defender = attacker.opponent();
    let mut moves = match board.five_point_count(defender) {
        0 => {
            let mut threats: Vec<Cell> = (0..board.cells() as Cell)
                .filter(|&cell| board.stone(cell).is_none() && board.threat(attacker, cell) >= Threat::OpenThree)
                .collect();
            threats.sort_by_key(|&cell| std::cmp::Reverse(board.threat(attacker, cell)));
            threats
        }
        1 => board.five_points(defender).collect(),
        _ => Vec::new(),
    };
    board.drop_forbidden(&mut moves);
    moves
}

impl ProofSearch {
    fn key(board: &Gomoku, threats_left: u32, attacking: bool) -> u64 {
        Self::key_of(board.hash().unwrap_or_default(), threats_left, attacking)
    }

    fn key_of(hash: u64, threats_left: u32, attacking: bool) -> u64 {
        hash ^ u64::from(threats_left).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ if attacking { 0x5851_F42D_4C95_7F2D } else { 0 }
    }

    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        let late = self.nodes % 256 == 1 && self.limits.deadline.is_some_and(|deadline| Instant::now() >= deadline);
        if self.nodes >= self.limits.max_nodes || late {
            self.aborted = true;
        }
        self.aborted
    }

    /// The numbers of an attacking node settled without expanding it, if any.
    fn attack_leaf(board: &Gomoku, threats_left: u32) -> Option<Numbers> {
        let attacker = board.to_move();
        let defender = attacker.opponent();
        if board.five_point_count(attacker) > 0 {
            return Some(Numbers::WON);
        }
        if threats_left == 0 || board.five_point_count(defender) >= 2 {
            return Some(Numbers::LOST);
        }
        None
    }

    /// The numbers of the defending node reached by the attacker's `threat` (already
    /// played), settled without expanding it, if any: a threat that threatens nothing is
    /// no threat; two five points cannot both be blocked.
    fn defence_leaf(board: &Gomoku) -> Option<Numbers> {
        let attacker = board.to_move().opponent();
        if board.outcome().is_some() || board.five_point_count(attacker) >= 2 {
            return Some(Numbers::WON);
        }
        // Renju: black may not block on a forbidden point.
        if board.five_point_count(attacker) == 1 && board.five_points(attacker).all(|cell| board.forbidden_to_mover(cell)) {
            return Some(Numbers::WON);
        }
        if board.five_point_count(attacker) == 0 && !board.threatens_open_four(attacker) {
            return Some(Numbers::LOST);
        }
        None
    }

    fn lookup(&self, key: u64) -> Numbers {
        self.table.get(&key).copied().unwrap_or(Numbers::UNKNOWN)
    }

    fn numbers_of(&self, child: &Child) -> Numbers {
        if child.settled {
            child.numbers
        } else {
            self.table.get(&child.key).copied().unwrap_or(child.numbers)
        }
    }

    /// The children of a node, generated once and kept in `expanded`: at an attacking
    /// node every threat (see [`attacking_moves`]), at a defending node every defence of
    /// [`Gomoku`]'s candidate rule. Each comes with its table key, and with its numbers if
    /// they are known without expanding it.
    fn children(&mut self, board: &Gomoku, key: u64, threats_left: u32, attacking: bool) -> Vec<Child> {
        if let Some(children) = self.expanded.get(&key) {
            return children.clone();
        }
        let moves = if attacking {
            attacking_moves(board)
        } else {
            // Facing an open three, only its real blocks and own fours: the other four
            // points lose to the open four at once, and proofs need fewer nodes without
            // them (half in one 10-threat win, 6-7 % on the disproofs of
            // scripts/positions-won.txt).
            let mut replies = Vec::new();
            board.generate_moves(&mut replies);
            replies
        };
        // Children are not played here: their keys come from the Zobrist key, and only
        // the outcomes that the pattern classes give exactly are settled now; the others
        // are settled when the search first enters them (most never are).
        let mover = board.to_move();
        let children = moves
            .into_iter()
            .map(|cell| {
                let child_key = board.key_after(cell);
                if attacking {
                    // Two five points after the threat (an open four or a double four).
                    let settled = (board.threat(mover, cell) >= Threat::OpenFour).then_some(Numbers::WON);
                    Child::new(cell, Self::key_of(child_key, threats_left - 1, false), settled)
                } else {
                    let attacker = mover.opponent();
                    let settled = if board.threat(mover, cell) == Threat::Five {
                        Some(Numbers::LOST)
                    } else if board.five_point_count(attacker) > usize::from(board.threat(attacker, cell) == Threat::Five) {
                        Some(Numbers::WON)
                    } else if threats_left == 0 || board.threat(mover, cell) >= Threat::OpenFour {
                        Some(Numbers::LOST)
                    } else {
                        None
                    };
                    Child::new(cell, Self::key_of(child_key, threats_left, true), settled)
                }
            })
            .collect::<Vec<_>>();
        self.expanded.insert(key, children.clone());
        children
    }

    /// Df-pn at an attacking node (an OR node, `attacking`) or at a defending node after
    /// an attacker's threat (an AND node: every defence must lose to a further VCT):
    /// search until the node's numbers reach the limits or settle.
    ///
    /// Both kinds are one routine seen from the side that chooses: with `(choice, other)`
    /// = (proof, disproof) at an OR node and (disproof, proof) at an AND node, the node's
    /// `choice` number is the least of its children's and its `other` number their sum.
    fn search(&mut self, board: &mut Gomoku, threats_left: u32, attacking: bool, proof_limit: u32, disproof_limit: u32) -> Numbers {
        let key = Self::key(board, threats_left, attacking);
        let leaf = if attacking {
            if board.outcome().is_some() {
                Some(Numbers::LOST)
            } else {
                Self::attack_leaf(board, threats_left)
            }
        } else {
            Self::defence_leaf(board)
        };
        if let Some(numbers) = leaf {
            self.table.insert(key, numbers);
            return numbers;
        }
        let orient = |numbers: Numbers| if attacking { (numbers.proof, numbers.disproof) } else { (numbers.disproof, numbers.proof) };
        let unorient = |choice: u32, other: u32| {
            if attacking {
                Numbers { proof: choice, disproof: other }
            } else {
                Numbers { proof: other, disproof: choice }
            }
        };
        let (choice_limit, other_limit) = orient(Numbers { proof: proof_limit, disproof: disproof_limit });
        let children = self.children(board, key, threats_left, attacking);
        // An attacker's threat uses one of the threats left; a defence does not.
        let child_threats_left = if attacking { threats_left - 1 } else { threats_left };
        loop {
            if self.out_of_budget() {
                return self.lookup(key);
            }
            let (mut best, mut best_choice, mut second_choice, mut other_sum) = (None, INFINITE, INFINITE, 0u32);
            for (index, child) in children.iter().enumerate() {
                let (choice, other) = orient(self.numbers_of(child));
                other_sum = other_sum.saturating_add(other).min(INFINITE);
                if choice < best_choice {
                    second_choice = best_choice;
                    best_choice = choice;
                    best = Some((index, other));
                } else if choice < second_choice {
                    second_choice = choice;
                }
            }
            let numbers = unorient(best_choice, other_sum);
            self.table.insert(key, numbers);
            if numbers.settled() || best_choice >= choice_limit || other_sum >= other_limit {
                return numbers;
            }
            let (index, best_other) = best.expect("an unsettled node has a child");
            let child_limits = unorient(
                choice_limit.min(second_choice.saturating_add(second_choice / EPSILON_DIVISOR).saturating_add(1)),
                other_limit.saturating_sub(other_sum).saturating_add(best_other).min(INFINITE),
            );
            let cell = children[index].cell;
            board.play(cell);
            self.search(board, child_threats_left, !attacking, child_limits.proof, child_limits.disproof);
            board.undo(cell);
            if self.aborted {
                return self.lookup(key);
            }
        }
    }

    /// The root move whose defending node is proven, after the root was.
    fn winning_move(&mut self, board: &mut Gomoku, threats_left: u32) -> Option<Cell> {
        if let Some(five) = board.five_points(board.to_move()).next() {
            return Some(five);
        }
        attacking_moves(board).into_iter().find(|&cell| {
            board.play(cell);
            let won = Self::defence_leaf(board).unwrap_or_else(|| self.lookup(Self::key(board, threats_left - 1, false))).proof == 0;
            board.undo(cell);
            won
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::Rule;
    use crate::notation::Notation;

    /// The search this module had before df-pn: iterative deepening over the number of
    /// threats, a plain and/or tree walk with a table of failures. The oracle below.
    fn reference_vct(board: &Gomoku, threats: u32) -> Option<bool> {
        let mut search = ReferenceSearch {
            limits: VcfLimits { max_fours: threats, max_nodes: 3_000_000, deadline: None },
            nodes: 0,
            aborted: false,
            failed: HashMap::new(),
        };
        let mut board = board.clone();
        let mut found = false;
        for depth in 0..=threats {
            found = search.attack(&mut board, depth).is_some();
            if found || search.aborted {
                break;
            }
        }
        (!search.aborted).then_some(found)
    }

    struct ReferenceSearch {
        limits: VcfLimits,
        nodes: u64,
        aborted: bool,
        failed: HashMap<u64, u32>,
    }

    impl ReferenceSearch {
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
                    // Every answer, not `generate_moves`' (which leaves out the blocks that
                    // lose to an open four): the defender's five, else the block of the
                    // attacker's five, else every four point of either side.
                    defences.clear();
                    if board.five_point_count(defender) > 0 {
                        defences.extend(board.five_points(defender));
                    } else if board.five_point_count(attacker) > 0 {
                        defences.extend(board.five_points(attacker));
                    } else {
                        defences.extend(board.four_points(attacker).chain(board.four_points(defender)));
                        defences.sort_unstable();
                        defences.dedup();
                    }
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

    /// A random position: stones dropped in turn on random empty cells of the 7×7 square
    /// around the centre (dense enough for threats), stopping before a five.
    fn crowded_position(rng: &mut fastrand::Rng) -> Gomoku {
        let mut board = Gomoku::new(15, Rule::Freestyle).unwrap();
        let stones = rng.usize(6..22);
        for _ in 0..stones {
            let empty: Vec<Cell> = (0..board.cells() as Cell)
                .filter(|&cell| {
                    let (x, y) = board.coordinates(cell);
                    board.stone(cell).is_none() && (4..=10).contains(&x) && (4..=10).contains(&y)
                })
                .collect();
            let cell = empty[rng.usize(..empty.len())];
            board.play(cell);
            if board.outcome().is_some() {
                board.undo(cell);
                break;
            }
        }
        board
    }

    #[test]
    fn proof_number_search_agrees_with_the_plain_search() {
        let mut rng = fastrand::Rng::with_seed(20261129);
        let (mut compared, mut wins) = (0, 0);
        for _ in 0..400 {
            let board = crowded_position(&mut rng);
            let threats = rng.u32(1..=6);
            let Some(expected) = reference_vct(&board, threats) else { continue };
            let found = find_vct(&board, VcfLimits { max_fours: threats, max_nodes: 3_000_000, deadline: None });
            assert!(found.complete, "{}", board.notation());
            assert_eq!(found.first_move.is_some(), expected, "{} within {threats} threats", board.notation());
            if let Some(first) = found.first_move {
                wins += 1;
                // The first move itself wins: a five, or a threat every defence of which
                // loses within the threats left.
                let mut after = board.clone();
                after.play(first);
                if after.outcome().is_none() {
                    let mut defences = Vec::new();
                    after.generate_moves(&mut defences);
                    for defence in defences {
                        after.play(defence);
                        assert!(
                            after.outcome().is_none() && reference_vct(&after, threats - 1) == Some(true),
                            "{} threats {threats} first {} defence {} outcome {:?} ref {:?}",
                            board.notation(),
                            board.move_notation(first),
                            after.move_notation(defence),
                            after.outcome(),
                            reference_vct(&after, threats - 1)
                        );
                        after.undo(defence);
                    }
                }
            }
            compared += 1;
        }
        assert!(compared > 300 && wins > 30, "{compared} positions compared, {wins} wins");
    }

    #[test]
    fn a_vct_line_needs_the_fewest_threats_and_is_a_real_win() {
        let mut rng = fastrand::Rng::with_seed(20261203);
        let (mut compared, mut lines) = (0, 0);
        for _ in 0..200 {
            let board = crowded_position(&mut rng);
            let threats = rng.u32(1..=5);
            let Some(expected) = reference_vct(&board, threats) else { continue };
            let found = vct_line(&board, VcfLimits { max_fours: threats, max_nodes: 3_000_000, deadline: None });
            assert!(found.complete, "{}", board.notation());
            assert_eq!(found.line.is_some(), expected, "{} within {threats} threats", board.notation());
            compared += 1;
            let Some(line) = found.line else { continue };
            lines += 1;
            // The fewest threats: none within one fewer (the plain search says so too).
            assert!(line.threats <= threats);
            if line.threats > 0 {
                assert_eq!(reference_vct(&board, line.threats - 1), Some(false), "{}", board.notation());
            }
            // Legal all the way (each defence one of the candidate rule's answers), won by
            // the attacker at the end.
            let attacker = board.to_move();
            let mut position = board.clone();
            for (index, &cell) in line.moves.iter().enumerate() {
                assert!(position.outcome().is_none(), "{}: the game ended early", board.notation());
                if index % 2 == 1 {
                    let mut replies = Vec::new();
                    position.generate_moves(&mut replies);
                    assert!(replies.contains(&cell), "{}: {} is no answer", board.notation(), position.move_notation(cell));
                }
                position.play(cell);
            }
            assert_eq!(position.outcome(), Some(gametree_engine::Outcome::Win(attacker)), "{}", board.notation());
        }
        assert!(compared > 150 && lines > 15, "{compared} positions compared, {lines} lines");
    }

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
