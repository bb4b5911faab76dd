//! `matchsticks` (Lanqiao Cup, SPEC §1.5 and §2.3) with a special checker (any winning
//! move is right; in a losing position any legal move is), and the solvers of its
//! misreadings, which are the same game under other placement rules. The correct
//! answers come from the engine's analysis of [`gametree_games::Matchsticks`]; the rules
//! here (the real one included, for generating cases) are small exhaustive tables.

use std::sync::{Mutex, OnceLock};

use gametree_engine::{analyze, AnalysisConfig, Game, SearchOptions};
use gametree_games::Notation;

use crate::problem::{Problem, Reference, Solver};

/// A 3×4 board, row by row from the top: 0 empty, 1 vertical stick, 2 horizontal stick.
pub type Board = [u8; 12];

const ROWS: usize = 3;
const COLUMNS: usize = 4;
const CELLS: usize = ROWS * COLUMNS;

/// When a new stick counts as connected, i.e. may not be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// SPEC §1.5: look along the stick's line skipping empty cells; the first stick met
    /// connects if it has the same orientation.
    Correct,
    /// Misreading: only the adjacent cells count; an empty gap separates two sticks.
    NeighbourOnly,
    /// Misreading: the whole board may have no connected pair after the placement, so
    /// pre-placed touching sticks leave no legal move (the mover loses at once).
    WholeBoard,
}

impl Rule {
    fn index(self) -> usize {
        match self {
            Rule::Correct => 0,
            Rule::NeighbourOnly => 1,
            Rule::WholeBoard => 2,
        }
    }
}

/// Whether a stick of orientation `stick` at `cell` is connected to another stick under
/// the rule of SPEC §1.5 (skipping empty cells) or, with `adjacent_only`, to a neighbour.
fn connected(board: &Board, cell: usize, stick: u8, adjacent_only: bool) -> bool {
    let (row, column) = ((cell / COLUMNS) as isize, (cell % COLUMNS) as isize);
    let directions: [(isize, isize); 2] = if stick == 2 { [(0, -1), (0, 1)] } else { [(-1, 0), (1, 0)] };
    directions.iter().any(|&(dr, dc)| {
        let (mut r, mut c) = (row + dr, column + dc);
        while (0..ROWS as isize).contains(&r) && (0..COLUMNS as isize).contains(&c) {
            let other = board[(r * COLUMNS as isize + c) as usize];
            if other != 0 {
                return other == stick;
            }
            if adjacent_only {
                return false;
            }
            r += dr;
            c += dc;
        }
        false
    })
}

/// Whether two sticks already on the board are connected (SPEC §1.5).
#[must_use]
pub fn has_touching_sticks(board: &Board) -> bool {
    (0..CELLS).any(|cell| board[cell] != 0 && connected(board, cell, board[cell], false))
}

/// The boards reachable in one legal move under `rule`.
#[must_use]
pub fn children(board: &Board, rule: Rule) -> Vec<Board> {
    if rule == Rule::WholeBoard && has_touching_sticks(board) {
        return Vec::new();
    }
    let mut result = Vec::new();
    for cell in 0..CELLS {
        if board[cell] != 0 {
            continue;
        }
        for stick in [1, 2] {
            if !connected(board, cell, stick, rule == Rule::NeighbourOnly) {
                let mut child = *board;
                child[cell] = stick;
                result.push(child);
            }
        }
    }
    result
}

fn encode(board: &Board) -> usize {
    board.iter().rev().fold(0, |code, &cell| code * 3 + usize::from(cell))
}

/// Value for the side to move under `rule`: `Some(r)` win in r plies (r odd), `None`
/// never; encoded as +(100 − r) for a win and −(100 − r) for a loss.
fn value(board: &Board, rule: Rule) -> i16 {
    fn search(board: &Board, rule: Rule, memo: &mut [i16]) -> i16 {
        let key = encode(board);
        if memo[key] != 0 {
            return memo[key];
        }
        let next = children(board, rule);
        let value = if next.is_empty() {
            -100
        } else {
            next.iter()
                .map(|child| {
                    let child_value = search(child, rule, memo);
                    // One ply further: the child's value, negated, one ply later.
                    -(child_value - child_value.signum())
                })
                .max()
                .unwrap_or(-100)
        };
        memo[key] = value;
        value
    }
    static MEMOS: OnceLock<[Mutex<Vec<i16>>; 3]> = OnceLock::new();
    let memos = MEMOS.get_or_init(|| std::array::from_fn(|_| Mutex::new(vec![0; 3usize.pow(CELLS as u32)])));
    let mut memo = memos[rule.index()].lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    search(board, rule, &mut memo)
}

/// Whether the side to move wins under `rule`.
#[must_use]
pub fn wins(board: &Board, rule: Rule) -> bool {
    value(board, rule) > 0
}

/// The board in the contest format: three rows of `0`, `1`, `-`, joined by `\n`.
#[must_use]
pub fn render(board: &Board) -> String {
    board
        .chunks(COLUMNS)
        .map(|row| row.iter().map(|&cell| ['0', '1', '-'][usize::from(cell)]).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Reads a board from three rows of four `0`, `1`, `-` (any surrounding whitespace).
#[must_use]
pub fn parse(text: &str) -> Option<Board> {
    let rows: Vec<&str> = text.split_whitespace().collect();
    if rows.len() != ROWS || rows.iter().any(|row| row.len() != COLUMNS) {
        return None;
    }
    let mut board = [0; CELLS];
    for (cell, character) in rows.concat().chars().enumerate() {
        board[cell] = match character {
            '0' => 0,
            '1' => 1,
            '-' => 2,
            _ => return None,
        };
    }
    Some(board)
}

/// What `rule` accepts: a winning move if there is one, else any legal move, else nothing.
#[must_use]
pub fn reference(board: &Board, rule: Rule) -> Reference {
    let next = children(board, rule);
    if next.is_empty() {
        return Reference::Exact(String::new());
    }
    let winning: Vec<String> = next.iter().filter(|child| !wins(child, rule)).map(render).collect();
    if winning.is_empty() {
        Reference::AnyOf(next.iter().map(render).collect())
    } else {
        Reference::AnyOf(winning)
    }
}

fn exact_position(board: &Board) -> gametree_games::Matchsticks {
    let text = render(board);
    let rows: Vec<&str> = text.lines().collect();
    gametree_games::Matchsticks::from_rows(3, 4, &rows).expect("the judge only makes valid boards")
}

fn exact_analysis(board: &Board) -> gametree_engine::Analysis<gametree_games::StickMove> {
    analyze(&exact_position(board), &AnalysisConfig { options: SearchOptions::strong(1), ..AnalysisConfig::default() })
}

/// The correct reference, from the engine: every winning move, or every legal move when
/// all lose, or nothing when there is no legal move.
#[must_use]
pub fn exact_reference(board: &Board) -> Reference {
    let position = exact_position(board);
    if position.outcome().is_some() {
        return Reference::Exact(String::new());
    }
    let analysis = exact_analysis(board);
    let after = |mv| {
        let mut child = position;
        child.play(mv);
        child.notation().replace('/', "\n")
    };
    let winning: Vec<String> = analysis.moves.iter().filter(|result| result.value.is_win()).map(|result| after(result.mv)).collect();
    if winning.is_empty() {
        Reference::AnyOf(analysis.moves.iter().map(|result| after(result.mv)).collect())
    } else {
        Reference::AnyOf(winning)
    }
}

fn correct(board: &Board) -> Reference {
    exact_reference(board)
}

fn neighbour_only(board: &Board) -> Reference {
    reference(board, Rule::NeighbourOnly)
}

fn whole_board(board: &Board) -> Reference {
    reference(board, Rule::WholeBoard)
}

/// The problem `matchsticks`: one board per file (the input has no count).
#[derive(Clone, Copy, Debug, Default)]
pub struct Matchsticks;

impl Problem for Matchsticks {
    type Case = Board;

    fn name(&self) -> &'static str {
        "matchsticks"
    }

    fn cases_per_file(&self) -> usize {
        1
    }

    fn strata(&self) -> Vec<String> {
        vec![
            "winning move exists".to_string(),
            "every move loses".to_string(),
            "touching pre-placed, winning move exists".to_string(),
            "touching pre-placed, every move loses".to_string(),
        ]
    }

    fn stratum(&self, board: &Board) -> usize {
        usize::from(!wins(board, Rule::Correct)) + 2 * usize::from(has_touching_sticks(board))
    }

    fn random_case(&self, stratum: usize, rng: &mut fastrand::Rng) -> Option<Board> {
        let sticks = rng.usize(0..=9);
        let mut cells: Vec<usize> = (0..CELLS).collect();
        rng.shuffle(&mut cells);
        let mut board = [0; CELLS];
        for &cell in cells.iter().take(sticks) {
            board[cell] = rng.u8(1..=2);
        }
        (!children(&board, Rule::Correct).is_empty() && self.stratum(&board) == stratum).then_some(board)
    }

    fn all_cases(&self) -> Option<Vec<Board>> {
        None
    }

    fn write_input(&self, boards: &[Board]) -> String {
        boards.iter().map(|board| render(board) + "\n").collect()
    }

    fn tokens_per_case(&self) -> usize {
        ROWS
    }

    fn empty_exit_one_is_answer(&self) -> bool {
        true
    }

    fn solvers(&self) -> Vec<Solver<Board>> {
        vec![
            Solver {
                name: "correct",
                description: "any winning move, or any legal move when all lose (SPEC §1.5)",
                reference: correct,
            },
            Solver {
                name: "touching-preplaced-lose",
                description: "pre-placed touching sticks treated as an immediate loss (no legal move)",
                reference: whole_board,
            },
            Solver {
                name: "neighbour-only",
                description: "a stick blocked only by a neighbour: an empty gap separates sticks",
                reference: neighbour_only,
            },
        ]
    }

    fn shrink(&self, board: &Board) -> Vec<Board> {
        (0..CELLS)
            .filter(|&cell| board[cell] != 0)
            .map(|cell| {
                let mut smaller = *board;
                smaller[cell] = 0;
                smaller
            })
            .collect()
    }

    fn explain(&self, board: &Board) -> String {
        let position = exact_position(board);
        if position.outcome().is_some() {
            return "no legal move: the player to move has lost".to_string();
        }
        let analysis = exact_analysis(board);
        let Some(best) = analysis.moves.first() else {
            return "no legal move: the player to move has lost".to_string();
        };
        let mut replay = position;
        let mut side = 0;
        let moves: Vec<String> = best
            .line
            .iter()
            .map(|&mv| {
                let cell = usize::from(mv.cell);
                let text = format!(
                    "{} `{}` at r{}c{}",
                    ["A", "B"][side],
                    replay.move_notation(mv).chars().last().unwrap_or('?'),
                    cell / COLUMNS + 1,
                    cell % COLUMNS + 1
                );
                replay.play(mv);
                side = 1 - side;
                text
            })
            .collect();
        let plies = best.line.len();
        let verdict = if best.value.is_win() {
            format!("the player to move (A) wins in {plies} plies")
        } else {
            format!("every move loses; A loses in {plies} plies at the latest")
        };
        format!("{}; then {} cannot move → {verdict}", moves.join(", "), ["A", "B"][side])
    }
}
