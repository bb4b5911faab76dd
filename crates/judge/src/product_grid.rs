//! `product-grid` (Luogu B4534, SPEC §1.4 and §2.2) and the solvers of its misreadings.
//!
//! The misreadings are other games on the same board (other rules, other objectives), so
//! each is its own small search here: the minimax ones share [`forced_minimax`], which
//! plays the remaining numbers in increasing order with a choice of cell; the ones that
//! are not minimax at all ("X wins if any filling wins", "X maximises alone") are plain
//! recursions over the fillings. The correct answer comes from the engine solving
//! [`gametree_games::ProductGrid`].

use std::cell::RefCell;
use std::sync::{Mutex, OnceLock};

use gametree_engine::{analyze, AnalysisConfig, Game, Player, SearchOptions, Searcher};
use rustc_hash::FxHashMap;

use crate::problem::{Problem, Reference, Solver};

/// A board: 9 cells row by row from the top, 0 empty, otherwise distinct numbers 1..=9.
pub type Board = [u8; 9];

const TIE_STRATUM: &str = "tie, 0–5 blanks";
/// Ties are drawn among boards with at most this many blanks (cheap to solve).
const TIE_BLANKS: usize = 5;

/// The problem `product-grid`. At most 20 boards per file, as in the original (T ≤ 20).
#[derive(Clone, Copy, Debug, Default)]
pub struct ProductGrid;

fn row_products(board: &Board) -> i64 {
    (0..3).map(|row| (0..3).map(|column| i64::from(board[row * 3 + column])).product::<i64>()).sum()
}

fn column_products(board: &Board) -> i64 {
    (0..3).map(|column| (0..3).map(|row| i64::from(board[row * 3 + column])).product::<i64>()).sum()
}

/// x − y of a full board: the sum of the row products minus the sum of the column products.
#[must_use]
pub fn difference(board: &Board) -> i64 {
    row_products(board) - column_products(board)
}

/// Sum and product exchanged: the product of the row sums minus the product of the
/// column sums.
fn swapped_operations(board: &Board) -> i64 {
    let rows: i64 = (0..3).map(|row| (0..3).map(|column| i64::from(board[row * 3 + column])).sum::<i64>()).product();
    let columns: i64 = (0..3).map(|column| (0..3).map(|row| i64::from(board[row * 3 + column])).sum::<i64>()).product();
    rows - columns
}

/// The numbers not on the board, in increasing order: the order they are placed in.
#[must_use]
pub fn remaining_numbers(board: &Board) -> Vec<u8> {
    (1..=9).filter(|number| !board.contains(number)).collect()
}

fn blanks(board: &Board) -> Vec<usize> {
    (0..9).filter(|&cell| board[cell] == 0).collect()
}

fn word(value: i64) -> String {
    match value.signum() {
        1 => "first",
        -1 => "second",
        _ => "tie",
    }
    .to_string()
}

/// Minimax over the cells: the numbers of `order` are placed one per turn in that order,
/// the maximiser placing the 1st, 3rd, … when `first_maximises`. Returns the value of
/// `objective` under optimal play and the placements (cell, number) of a principal line.
#[must_use]
pub fn forced_minimax(board: &Board, first_maximises: bool, objective: fn(&Board) -> i64) -> (i64, Vec<(usize, u8)>) {
    fn search(board: &mut Board, order: &[u8], maximise: bool, objective: fn(&Board) -> i64, line: &mut Vec<(usize, u8)>) -> i64 {
        let Some((&number, rest)) = order.split_first() else {
            line.clear();
            return objective(board);
        };
        let mut best: Option<i64> = None;
        let mut child_line = Vec::new();
        for cell in 0..9 {
            if board[cell] != 0 {
                continue;
            }
            board[cell] = number;
            let value = search(board, rest, !maximise, objective, &mut child_line);
            board[cell] = 0;
            let better = match best {
                None => true,
                Some(best) => (maximise && value > best) || (!maximise && value < best),
            };
            if better {
                best = Some(value);
                line.clear();
                line.push((cell, number));
                line.extend_from_slice(&child_line);
            }
        }
        best.unwrap_or(0)
    }
    let order = remaining_numbers(board);
    let mut copy = *board;
    let mut line = Vec::new();
    let value = search(&mut copy, &order, first_maximises, objective, &mut line);
    (value, line)
}

thread_local! {
    static SEARCHER: RefCell<Searcher<gametree_games::ProductGrid>> = RefCell::new(Searcher::new(SearchOptions::strong(4)));
}

fn exact_position(board: &Board) -> gametree_games::ProductGrid {
    gametree_games::ProductGrid::from_cells(*board, Player::First).expect("the judge only makes valid boards")
}

/// x − y under optimal play, from the engine's exact solution of the game (X to move).
#[must_use]
pub fn exact_difference(board: &Board) -> i64 {
    let mut position = exact_position(board);
    i64::from(SEARCHER.with(|searcher| searcher.borrow_mut().solve(&mut position)).raw())
}

fn correct(board: &Board) -> Reference {
    Reference::Exact(word(exact_difference(board)))
}

fn reading_order_fill(board: &Board) -> Reference {
    let mut filled = *board;
    for (cell, number) in blanks(board).into_iter().zip(remaining_numbers(board)) {
        filled[cell] = number;
    }
    Reference::Exact(word(difference(&filled)))
}

/// Calls `visit` with every full board the remaining numbers can make.
fn for_each_filling(board: &Board, visit: &mut dyn FnMut(&Board)) {
    fn fill(board: &mut Board, order: &[u8], visit: &mut dyn FnMut(&Board)) {
        let Some((&number, rest)) = order.split_first() else {
            visit(board);
            return;
        };
        for cell in 0..9 {
            if board[cell] == 0 {
                board[cell] = number;
                fill(board, rest, visit);
                board[cell] = 0;
            }
        }
    }
    let order = remaining_numbers(board);
    let mut copy = *board;
    fill(&mut copy, &order, visit);
}

fn any_filling_wins(board: &Board) -> Reference {
    let (mut win, mut loss) = (false, false);
    for_each_filling(board, &mut |full| match difference(full).signum() {
        1 => win = true,
        -1 => loss = true,
        _ => {}
    });
    Reference::Exact(
        if win {
            "first"
        } else if loss {
            "second"
        } else {
            "tie"
        }
        .to_string(),
    )
}

fn maximiser_alone(board: &Board) -> Reference {
    let mut best = i64::MIN;
    for_each_filling(board, &mut |full| best = best.max(difference(full)));
    Reference::Exact(word(best))
}

fn negated_difference(board: &Board) -> i64 {
    -difference(board)
}

fn rows_columns_swapped(board: &Board) -> Reference {
    Reference::Exact(word(forced_minimax(board, true, negated_difference).0))
}

fn roles_swapped(board: &Board) -> Reference {
    Reference::Exact(word(forced_minimax(board, false, difference).0))
}

fn sums_for_products(board: &Board) -> Reference {
    Reference::Exact(word(forced_minimax(board, true, swapped_operations).0))
}

fn never_tie(board: &Board) -> Reference {
    let value = forced_minimax(board, true, difference).0;
    Reference::Exact(if value > 0 { "first" } else { "second" }.to_string())
}

/// The sign of x − y when the player to move chooses both the number (any one not yet
/// placed) and the cell; X places first. Memoised across calls (the key includes the
/// side to move, which depends on how many numbers were pre-placed).
fn free_numbers_sign(board: &Board) -> i8 {
    fn encode(board: &Board, maximise: bool) -> u64 {
        board.iter().fold(u64::from(maximise), |code, &cell| (code << 4) | u64::from(cell))
    }
    fn search(board: &mut Board, maximise: bool, memo: &mut FxHashMap<u64, i8>) -> i8 {
        let key = encode(board, maximise);
        if let Some(&value) = memo.get(&key) {
            return value;
        }
        let numbers = remaining_numbers(board);
        let value = if numbers.is_empty() {
            difference(board).signum() as i8
        } else {
            // Negamax on the sign: the mover's best is +1 at most, so stop there.
            let sign: i8 = if maximise { 1 } else { -1 };
            let mut best = -1;
            'moves: for cell in 0..9 {
                if board[cell] != 0 {
                    continue;
                }
                for &number in &numbers {
                    board[cell] = number;
                    let value = sign * search(board, !maximise, memo);
                    board[cell] = 0;
                    best = best.max(value);
                    if best == 1 {
                        break 'moves;
                    }
                }
            }
            best * sign
        };
        memo.insert(key, value);
        value
    }
    static MEMO: OnceLock<Mutex<FxHashMap<u64, i8>>> = OnceLock::new();
    let mut memo = MEMO.get_or_init(Mutex::default).lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut copy = *board;
    search(&mut copy, true, &mut memo)
}

fn free_numbers(board: &Board) -> Reference {
    Reference::Exact(word(i64::from(free_numbers_sign(board))))
}

/// The correct answer, `first`, `second` or `tie`.
///
/// ```
/// use gametree_judge::product_grid::answer;
/// // The samples of SPEC §2.2.
/// assert_eq!(answer(&[1, 2, 3, 4, 5, 6, 7, 8, 9]), "first");
/// assert_eq!(answer(&[0, 0, 3, 4, 5, 6, 7, 0, 9]), "tie");
/// assert_eq!(answer(&[0; 9]), "second");
/// ```
#[must_use]
pub fn answer(board: &Board) -> String {
    correct(board).example().to_string()
}

impl Problem for ProductGrid {
    type Case = Board;

    fn name(&self) -> &'static str {
        "product-grid"
    }

    fn cases_per_file(&self) -> usize {
        20
    }

    /// `N blanks` for N = 0..=9, then `tie` (ties are rare among random boards, and
    /// only they catch a program that never prints `tie`).
    fn strata(&self) -> Vec<String> {
        let mut names: Vec<String> = (0..=9).map(|count| format!("{count} blank{}", if count == 1 { "" } else { "s" })).collect();
        names.push(TIE_STRATUM.to_string());
        names
    }

    fn stratum(&self, board: &Board) -> usize {
        if blanks(board).len() <= TIE_BLANKS && exact_difference(board) == 0 {
            10
        } else {
            blanks(board).len()
        }
    }

    fn random_case(&self, stratum: usize, rng: &mut fastrand::Rng) -> Option<Board> {
        if stratum == 10 {
            let blanks = rng.usize(0..=TIE_BLANKS);
            let mut cells: Vec<usize> = (0..9).collect();
            rng.shuffle(&mut cells);
            let mut numbers: Vec<u8> = (1..=9).collect();
            rng.shuffle(&mut numbers);
            let mut board = [0; 9];
            for (&cell, &number) in cells.iter().skip(blanks).zip(&numbers) {
                board[cell] = number;
            }
            return (exact_difference(&board) == 0).then_some(board);
        }
        if stratum > 9 {
            return None;
        }
        let mut cells: Vec<usize> = (0..9).collect();
        rng.shuffle(&mut cells);
        let mut numbers: Vec<u8> = (1..=9).collect();
        rng.shuffle(&mut numbers);
        let mut board = [0; 9];
        for (&cell, &number) in cells.iter().skip(stratum).zip(&numbers) {
            board[cell] = number;
        }
        // Ties of few blanks belong to the tie stratum.
        (self.stratum(&board) == stratum).then_some(board)
    }

    fn all_cases(&self) -> Option<Vec<Board>> {
        None
    }

    fn write_input(&self, boards: &[Board]) -> String {
        crate::problem::write_numbered_boards(boards)
    }

    fn tokens_per_case(&self) -> usize {
        1
    }

    fn solvers(&self) -> Vec<Solver<Board>> {
        vec![
            Solver { name: "correct", description: "minimax, numbers forced in increasing order (SPEC §1.4)", reference: correct },
            Solver {
                name: "reading-order-fill",
                description: "numbers placed in reading order, with no choice of cell",
                reference: reading_order_fill,
            },
            Solver {
                name: "free-number-choice",
                description: "the player to move chooses the number as well as the cell",
                reference: free_numbers,
            },
            Solver {
                name: "any-filling-wins",
                description: "X wins if any filling wins (an OR over the leaves), else Y if any filling loses",
                reference: any_filling_wins,
            },
            Solver {
                name: "maximiser-alone",
                description: "X maximises x−y alone, with no minimising opponent",
                reference: maximiser_alone,
            },
            Solver {
                name: "sums-for-products",
                description: "sums and products exchanged: x is the product of the row sums",
                reference: sums_for_products,
            },
            Solver {
                name: "rows-columns-swapped",
                description: "x from the columns and y from the rows",
                reference: rows_columns_swapped,
            },
            Solver {
                name: "roles-swapped",
                description: "Y places the 1st, 3rd, … numbers and X the others",
                reference: roles_swapped,
            },
            Solver { name: "never-tie", description: "a tie printed as `second` (never prints `tie`)", reference: never_tie },
        ]
    }

    fn shrink(&self, board: &Board) -> Vec<Board> {
        let numbers = remaining_numbers(board);
        let mut smaller = Vec::new();
        for &number in &numbers {
            for cell in blanks(board) {
                let mut filled = *board;
                filled[cell] = number;
                smaller.push(filled);
            }
        }
        smaller
    }

    fn explain(&self, board: &Board) -> String {
        let position = exact_position(board);
        let analysis = analyze(&position, &AnalysisConfig { options: SearchOptions::strong(4), ..AnalysisConfig::default() });
        let value = exact_difference(board);
        let line = analysis.moves.first().map(|best| best.line.clone()).unwrap_or_default();
        let mut replay = position;
        let numbers = remaining_numbers(board);
        let moves: Vec<String> = line
            .iter()
            .map(|&cell| {
                let number = replay.next_number().unwrap_or(0);
                let player = if replay.to_move() == Player::First { "X" } else { "Y" };
                replay.play(cell);
                format!("{player} puts {number} at r{}c{}", cell / 3 + 1, cell % 3 + 1)
            })
            .collect();
        let full = replay.cells();
        let prefix = if numbers.is_empty() { "the board is full".to_string() } else { moves.join(", ") };
        format!("{prefix} → x = {}, y = {}, x − y = {value}: {}", row_products(&full), column_products(&full), word(value))
    }
}
