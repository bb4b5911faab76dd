//! `tictactoe-ccf` (CCF CSP 201803-4, SPEC §2.1): the score of a tic-tac-toe board under
//! optimal play, and three misreadings of it.

use std::cell::RefCell;
use std::sync::OnceLock;

use gametree_engine::{analyze, AnalysisConfig, Game, Player, SearchOptions, Searcher};
use gametree_games::Mnk;

use crate::problem::{Problem, Reference, Solver};

/// A board: 9 cells row by row from the top, 0 empty, 1 Alice (X), 2 Bob (O).
pub type Board = [u8; 9];

/// The problem `tictactoe-ccf`. At most 5 boards per file, as in the original (T ≤ 5).
#[derive(Clone, Copy, Debug, Default)]
pub struct TictactoeCcf;

const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

fn has_line(board: &Board, stone: u8) -> bool {
    LINES.iter().any(|line| line.iter().all(|&cell| board[cell] == stone))
}

fn empty_count(board: &Board) -> i32 {
    board.iter().filter(|&&cell| cell == 0).count() as i32
}

fn to_mnk(board: &Board) -> Mnk {
    Mnk::from_numbers(3, 3, 3, board).expect("the judge only makes reachable boards")
}

thread_local! {
    static SEARCHER: RefCell<Searcher<Mnk>> = RefCell::new(Searcher::new(SearchOptions::strong(2)));
}

/// The CCF score of a board, from the engine's exact value of `mnk:3,3,3`: empty cells
/// left at the end + 1 for an Alice win, negated for Bob, 0 for a draw.
///
/// ```
/// use gametree_judge::tictactoe_ccf::score;
/// // The samples of SPEC §2.1.
/// assert_eq!(score(&[1, 2, 1, 2, 1, 2, 0, 0, 0]), 3);
/// assert_eq!(score(&[2, 1, 1, 0, 2, 1, 0, 0, 2]), -4);
/// assert_eq!(score(&[0; 9]), 0);
/// ```
#[must_use]
pub fn score(board: &Board) -> i32 {
    let mut position = to_mnk(board);
    let mover = position.to_move();
    let value = SEARCHER.with(|searcher| searcher.borrow_mut().solve(&mut position));
    let Some(remoteness) = value.remoteness() else {
        return 0;
    };
    let winner = if value.is_win() { mover } else { mover.opponent() };
    (empty_count(board) - remoteness as i32 + 1) * winner.sign()
}

fn correct(board: &Board) -> Reference {
    Reference::Exact(score(board).to_string())
}

fn without_plus_one(board: &Board) -> Reference {
    let value = score(board);
    Reference::Exact((value - value.signum()).to_string())
}

fn wrong_sign(board: &Board) -> Reference {
    Reference::Exact((-score(board)).to_string())
}

/// The usual naive search that never looks at the board it is given: it checks for a
/// line only after placing a stone, and then only the mover's lines.
fn naive_search(board: &mut Board, mover: u8) -> i32 {
    let mut best: Option<i32> = None;
    for cell in 0..9 {
        if board[cell] != 0 {
            continue;
        }
        board[cell] = mover;
        let value = if has_line(board, mover) {
            (empty_count(board) + 1) * if mover == 1 { 1 } else { -1 }
        } else {
            naive_search(board, 3 - mover)
        };
        board[cell] = 0;
        best = Some(match best {
            None => value,
            Some(best) if mover == 1 => best.max(value),
            Some(best) => best.min(value),
        });
    }
    best.unwrap_or(0)
}

fn already_won_ignored(board: &Board) -> Reference {
    let mut copy = *board;
    let alice = board.iter().filter(|&&cell| cell == 1).count();
    let bob = board.iter().filter(|&&cell| cell == 2).count();
    let mover = if alice == bob { 1 } else { 2 };
    Reference::Exact(naive_search(&mut copy, mover).to_string())
}

/// Every board reachable from the empty board (5,478 of them), in a fixed order.
#[must_use]
pub fn reachable_boards() -> &'static [Board] {
    static BOARDS: OnceLock<Vec<Board>> = OnceLock::new();
    BOARDS.get_or_init(|| {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut order = Vec::new();
        let mut stack = vec![[0u8; 9]];
        while let Some(board) = stack.pop() {
            if !seen.insert(board) {
                continue;
            }
            order.push(board);
            if has_line(&board, 1) || has_line(&board, 2) {
                continue;
            }
            let mover = if empty_count(&board) % 2 == 1 { 1 } else { 2 };
            for cell in 0..9 {
                if board[cell] == 0 {
                    let mut child = board;
                    child[cell] = mover;
                    stack.push(child);
                }
            }
        }
        order.sort_unstable();
        order
    })
}

fn strata_groups() -> &'static Vec<Vec<Board>> {
    static GROUPS: OnceLock<Vec<Vec<Board>>> = OnceLock::new();
    GROUPS.get_or_init(|| {
        let mut groups = vec![Vec::new(); STRATA];
        for board in reachable_boards() {
            groups[TictactoeCcf.stratum(board)].push(*board);
        }
        groups
    })
}

/// Ongoing with 0..=8 stones (9), full without a line (1), already won with 5..=9 stones (5).
const STRATA: usize = 15;

impl Problem for TictactoeCcf {
    type Case = Board;

    fn name(&self) -> &'static str {
        "tictactoe-ccf"
    }

    fn cases_per_file(&self) -> usize {
        5
    }

    fn strata(&self) -> Vec<String> {
        let plural = |count: usize| if count == 1 { "" } else { "s" };
        let mut names: Vec<String> = (0..=8).map(|stones| format!("ongoing, {stones} stone{}", plural(stones))).collect();
        names.push("full, no line".to_string());
        names.extend((5..=9).map(|stones| format!("already won, {stones} stones")));
        names
    }

    fn stratum(&self, board: &Board) -> usize {
        let stones = 9 - empty_count(board) as usize;
        if has_line(board, 1) || has_line(board, 2) {
            10 + stones - 5
        } else if stones == 9 {
            9
        } else {
            stones
        }
    }

    fn random_case(&self, stratum: usize, rng: &mut fastrand::Rng) -> Option<Board> {
        let group = strata_groups().get(stratum)?;
        (!group.is_empty()).then(|| group[rng.usize(..group.len())])
    }

    fn all_cases(&self) -> Option<Vec<Board>> {
        Some(reachable_boards().to_vec())
    }

    fn write_input(&self, boards: &[Board]) -> String {
        crate::problem::write_numbered_boards(boards)
    }

    fn tokens_per_case(&self) -> usize {
        1
    }

    fn solvers(&self) -> Vec<Solver<Board>> {
        vec![
            Solver { name: "correct", description: "the exact score under optimal play (SPEC §2.1)", reference: correct },
            Solver {
                name: "no-plus-one",
                description: "a win scores the empty cells left, without the +1",
                reference: without_plus_one,
            },
            Solver { name: "wrong-sign", description: "Bob's wins positive and Alice's negative", reference: wrong_sign },
            Solver {
                name: "already-won-ignored",
                description: "a board where someone has already won is played on as if nobody had",
                reference: already_won_ignored,
            },
        ]
    }

    fn shrink(&self, board: &Board) -> Vec<Board> {
        let alice = board.iter().filter(|&&cell| cell == 1).count();
        let bob = board.iter().filter(|&&cell| cell == 2).count();
        let last = if alice > bob { 1 } else { 2 };
        (0..9)
            .filter(|&cell| board[cell] == last)
            .map(|cell| {
                let mut smaller = *board;
                smaller[cell] = 0;
                smaller
            })
            .filter(|smaller| reachable_boards().binary_search(smaller).is_ok())
            .collect()
    }

    fn explain(&self, board: &Board) -> String {
        let position = to_mnk(board);
        let value = score(board);
        if position.outcome().is_some() {
            return match value {
                0 => "the board is full with no line: a draw, score 0".to_string(),
                _ => format!(
                    "{} has already won; {} empty cells, so the score is {value}",
                    if value > 0 { "Alice" } else { "Bob" },
                    empty_count(board)
                ),
            };
        }
        let analysis = analyze(&position, &AnalysisConfig { options: SearchOptions::strong(2), ..AnalysisConfig::default() });
        let line = analysis.moves.first().map(|best| best.line.clone()).unwrap_or_default();
        let mut replay = position;
        let moves: Vec<String> = line
            .iter()
            .map(|&cell| {
                let name = if replay.to_move() == Player::First { "Alice" } else { "Bob" };
                replay.play(cell);
                format!("{name} r{}c{}", cell / 3 + 1, cell % 3 + 1)
            })
            .collect();
        let end = match value {
            0 => "draw, score 0".to_string(),
            _ => format!("{} wins with {} empty cells: score {value}", if value > 0 { "Alice" } else { "Bob" }, value.abs() - 1),
        };
        format!("{} → {end}", moves.join(", "))
    }
}
