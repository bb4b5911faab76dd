//! The 3×3 product game (SPEC §1.4, Luogu B4534 "桌面游戏").
//!
//! The numbers missing from the board are placed in increasing order, one per turn; the
//! player to move only chooses the cell. When the board is full, x is the sum of the row
//! products and y the sum of the column products; X maximises x − y, Y minimises it.

use gametree_engine::{CanonicalKey, Game, GameKind, Outcome, Player, Searcher, Value, UNLIMITED_DEPTH};

use crate::board::{Board, BoardCell};
use crate::mnk::mix;
use crate::notation::{render_grid, Notation, NotationError};

/// The six permutations of three rows (or columns).
const PERMUTATIONS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// Every number on the board: bits 1..=9.
const ALL_NUMBERS: u16 = 0b11_1111_1110;

/// A position of the product game: the nine cells (0 empty), the set of numbers already on
/// the board and the player who places the next number.
///
/// Cells are numbered row by row from the top-left corner (0..9); a move is the cell that
/// receives the forced number, written like a tic-tac-toe cell with the number in front:
/// `1@b2` puts 1 in the centre (`a1` is the bottom-left corner).
///
/// ```
/// use gametree_engine::{analyze, AnalysisConfig, GameKind, Verdict};
/// use gametree_games::{Notation, ProductGrid};
/// let board = ProductGrid::parse("003/456/709").unwrap();
/// assert_eq!(board.next_number(), Some(1));
/// let analysis = analyze(&board, &AnalysisConfig::default());
/// // Second sample of the contest: a tie.
/// assert_eq!(analysis.verdict(GameKind::Scored), Verdict::Score { score: 0 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ProductGrid {
    cells: [u8; 9],
    /// Bit `n` is set when the number `n` is on the board.
    placed: u16,
    to_move: Player,
}

impl Default for ProductGrid {
    fn default() -> Self {
        ProductGrid::empty()
    }
}

impl ProductGrid {
    /// The empty board, X to place 1.
    #[must_use]
    pub const fn empty() -> ProductGrid {
        ProductGrid { cells: [0; 9], placed: 0, to_move: Player::First }
    }

    /// A board from its nine cells, row by row from the top (0 empty), with `to_move` to
    /// place the next number. The non-zero cells must be distinct numbers from 1 to 9.
    pub fn from_cells(cells: [u8; 9], to_move: Player) -> Result<ProductGrid, NotationError> {
        let mut board = ProductGrid { cells, placed: 0, to_move };
        for (index, &number) in cells.iter().enumerate() {
            let (row, column) = (index / 3 + 1, index % 3 + 1);
            if number > 9 {
                return Err(NotationError::new(format!("row {row} column {column}: {number} is not a number from 0 to 9")));
            }
            if number == 0 {
                continue;
            }
            if board.placed & (1 << number) != 0 {
                let first = cells.iter().position(|&other| other == number).unwrap_or(index);
                return Err(NotationError::new(format!(
                    "row {row} column {column}: {number} is already at row {} column {}; numbers must be distinct",
                    first / 3 + 1,
                    first % 3 + 1
                )));
            }
            board.placed |= 1 << number;
        }
        Ok(board)
    }

    /// Reads SPEC §4 notation: three rows of three digits separated by `/`, `0` empty,
    /// e.g. `003/456/709`. X places the next number, unless the text ends with `:y`
    /// (`:x` may be written too).
    pub fn parse(text: &str) -> Result<ProductGrid, NotationError> {
        let text = text.trim();
        let (board, side) = match text.rsplit_once(':') {
            Some((board, side)) => (board, Some(side)),
            None => (text, None),
        };
        let to_move = match side.map(str::trim) {
            None | Some("x" | "X") => Player::First,
            Some("y" | "Y") => Player::Second,
            Some(other) => {
                return Err(NotationError::new(format!("position `{text}`: `:{other}` should name the player to move, `:x` or `:y`")))
            }
        };
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 3 {
            return Err(NotationError::new(format!(
                "position `{text}`: {} rows separated by `/`, expected 3 (like 003/456/709)",
                rows.len()
            )));
        }
        let mut cells = [0u8; 9];
        for (row, line) in rows.iter().enumerate() {
            let characters: Vec<char> = line.chars().collect();
            if characters.len() != 3 {
                return Err(NotationError::new(format!("row {} `{line}` has {} cells, expected 3 digits", row + 1, characters.len())));
            }
            for (column, &character) in characters.iter().enumerate() {
                let digit = character.to_digit(10).ok_or_else(|| {
                    NotationError::new(format!(
                        "row {} column {}: `{character}` is not a digit (0 for empty, 1-9)",
                        row + 1,
                        column + 1
                    ))
                })?;
                cells[row * 3 + column] = digit as u8;
            }
        }
        ProductGrid::from_cells(cells, to_move)
    }

    /// `count` random contest boards (X to move) with a number of empty cells drawn from
    /// `empty` (at most 9): distinct random numbers in random cells. The same `seed` gives
    /// the same boards; used by benchmarks.
    #[must_use]
    pub fn random_boards(seed: u64, count: usize, empty: std::ops::RangeInclusive<usize>) -> Vec<ProductGrid> {
        let mut rng = fastrand::Rng::with_seed(seed);
        (0..count)
            .map(|_| {
                let blanks = rng.usize(empty.clone()).min(9);
                let mut numbers: Vec<u8> = (1..=9).collect();
                rng.shuffle(&mut numbers);
                let mut cells_order: Vec<usize> = (0..9).collect();
                rng.shuffle(&mut cells_order);
                let mut cells = [0u8; 9];
                for (&cell, &number) in cells_order.iter().zip(&numbers).take(9 - blanks) {
                    cells[cell] = number;
                }
                ProductGrid::from_cells(cells, Player::First).expect("distinct numbers")
            })
            .collect()
    }

    /// The number in `cell` (row-major from the top-left), 0 if empty.
    #[must_use]
    pub fn cell(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// The nine cells, row by row from the top.
    #[must_use]
    pub fn cells(&self) -> [u8; 9] {
        self.cells
    }

    /// The number the player to move must place: the smallest not on the board.
    #[must_use]
    pub fn next_number(&self) -> Option<u8> {
        let missing = !self.placed & ALL_NUMBERS;
        (missing != 0).then(|| missing.trailing_zeros() as u8)
    }

    /// x: the sum of the three row products (empty cells count as 0).
    #[must_use]
    pub fn row_sum(&self) -> i32 {
        (0..3).map(|row| (0..3).map(|column| i32::from(self.cells[row * 3 + column])).product::<i32>()).sum()
    }

    /// y: the sum of the three column products (empty cells count as 0).
    #[must_use]
    pub fn column_sum(&self) -> i32 {
        (0..3).map(|column| (0..3).map(|row| i32::from(self.cells[row * 3 + column])).product::<i32>()).sum()
    }

    /// The board with its rows and columns reordered: row `r` of the result is row
    /// `rows[r]` of this board, column `c` is column `columns[c]`. x and y do not change.
    #[must_use]
    pub fn permuted(&self, rows: [usize; 3], columns: [usize; 3]) -> ProductGrid {
        let mut image = *self;
        for (row, &from_row) in rows.iter().enumerate() {
            for (column, &from_column) in columns.iter().enumerate() {
                image.cells[row * 3 + column] = self.cells[from_row * 3 + from_column];
            }
        }
        image
    }

    /// The board reflected in its main diagonal: rows become columns, so x and y swap.
    #[must_use]
    pub fn transposed(&self) -> ProductGrid {
        let mut image = *self;
        for row in 0..3 {
            for column in 0..3 {
                image.cells[row * 3 + column] = self.cells[column * 3 + row];
            }
        }
        image
    }

    /// The 37-bit code of the cells (a nibble each) and the side to move.
    fn code(&self) -> u64 {
        let cells = self.cells.iter().fold(0u64, |code, &number| (code << 4) | u64::from(number));
        cells | (u64::from(self.to_move == Player::Second) << 36)
    }
}

impl Game for ProductGrid {
    type Move = u8;

    const KIND: GameKind = GameKind::Scored;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        if self.placed == ALL_NUMBERS {
            return;
        }
        moves.extend((0..9u8).filter(|&cell| self.cells[usize::from(cell)] == 0));
    }

    fn play(&mut self, cell: u8) {
        let number = self.next_number().expect("the board is not full");
        debug_assert_eq!(self.cells[usize::from(cell)], 0, "cell {cell} is not empty");
        self.cells[usize::from(cell)] = number;
        self.placed |= 1 << number;
        self.to_move = self.to_move.opponent();
    }

    fn undo(&mut self, cell: u8) {
        let number = self.cells[usize::from(cell)];
        self.cells[usize::from(cell)] = 0;
        self.placed &= !(1 << number);
        self.to_move = self.to_move.opponent();
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.placed == ALL_NUMBERS).then(|| Outcome::Score(self.row_sum() - self.column_sum()))
    }

    fn hash(&self) -> Option<u64> {
        Some(mix(self.code()))
    }

    /// The smallest code over the 36 row/column permutations, with and without
    /// transposition.
    ///
    /// Permuting rows or columns changes neither sum, so the position is worth the same.
    /// Transposing swaps x and y: the player to move now wants the opposite difference,
    /// which is exactly the game the *other* player would face on the untransposed board.
    /// So a transposed image is keyed with the side to move swapped, and its value for the
    /// side to move is the same (not negated): `negated` stays `false`.
    fn canonical_key(&self) -> Option<CanonicalKey> {
        let mut best = u64::MAX;
        for transposed in [false, true] {
            let cell = |row: usize, column: usize| {
                u64::from(if transposed { self.cells[column * 3 + row] } else { self.cells[row * 3 + column] })
            };
            let side = u64::from((self.to_move == Player::Second) != transposed) << 36;
            for rows in &PERMUTATIONS {
                // For a fixed row order, sorting the columns (each a 12-bit code) gives the
                // smallest code over the column permutations.
                let mut columns = [0u64; 3];
                for (column, code) in columns.iter_mut().enumerate() {
                    *code = (cell(rows[0], column) << 8) | (cell(rows[1], column) << 4) | cell(rows[2], column);
                }
                if columns[0] > columns[1] {
                    columns.swap(0, 1);
                }
                if columns[1] > columns[2] {
                    columns.swap(1, 2);
                }
                if columns[0] > columns[1] {
                    columns.swap(0, 1);
                }
                best = best.min(side | (columns[0] << 24) | (columns[1] << 12) | columns[2]);
            }
        }
        Some(CanonicalKey { key: mix(best), negated: false })
    }

    /// Cells where the forced number helps the mover most first: a number in row r and
    /// column c adds (product of the rest of row r) − (product of the rest of column c)
    /// times itself to x − y; empty cells count as the mean of the numbers still to come.
    fn order_moves(&self, moves: &mut [u8]) {
        let remaining = !self.placed & ALL_NUMBERS;
        let count = remaining.count_ones().max(1) as i32;
        let total: i32 = (1..=9).filter(|&n| remaining & (1 << n) != 0).sum();
        // Work in tenths so the mean is not rounded away.
        let mean = (total * 10 / count).max(10);
        let value = |cell: usize| if self.cells[cell] == 0 { mean } else { i32::from(self.cells[cell]) * 10 };
        let sign = self.to_move.sign();
        let mut keys = [0i32; 9];
        for (row, keys_row) in keys.chunks_mut(3).enumerate() {
            for (column, key) in keys_row.iter_mut().enumerate() {
                let row_rest: i32 = (0..3).filter(|&c| c != column).map(|c| value(row * 3 + c)).product();
                let column_rest: i32 = (0..3).filter(|&r| r != row).map(|r| value(r * 3 + column)).product();
                *key = -sign * (row_rest - column_rest);
            }
        }
        // Insertion sort: at most nine moves, and no allocation.
        for index in 1..moves.len() {
            let mut position = index;
            while position > 0 && keys[usize::from(moves[position - 1])] > keys[usize::from(moves[position])] {
                moves.swap(position - 1, position);
                position -= 1;
            }
        }
    }
}

fn cell_name(cell: u8) -> String {
    format!("{}{}", (b'a' + cell % 3) as char, 3 - cell / 3)
}

impl Notation for ProductGrid {
    fn notation(&self) -> String {
        let rows: Vec<String> = self.cells.chunks(3).map(|row| row.iter().map(|&n| char::from(b'0' + n)).collect()).collect();
        let board = rows.join("/");
        match self.to_move {
            Player::First => board,
            Player::Second => format!("{board}:y"),
        }
    }

    /// `N@cell`: the forced number and the cell that receives it, e.g. `1@b2`.
    fn move_notation(&self, cell: u8) -> String {
        let number = self.next_number().unwrap_or(0);
        format!("{number}@{}", cell_name(cell))
    }

    /// Accepts `1@b2` or just the cell, `b2`.
    fn parse_move(&self, text: &str) -> Result<u8, NotationError> {
        let trimmed = text.trim();
        let Some(next) = self.next_number() else {
            return Err(NotationError::new(format!("move `{trimmed}`: the board is full, the game is over")));
        };
        let cell_text = match trimmed.split_once('@') {
            Some((number, cell)) => {
                if number.trim().parse::<u8>().ok() != Some(next) {
                    return Err(NotationError::new(format!(
                        "move `{trimmed}`: the number to place is {next}, not `{}`",
                        number.trim()
                    )));
                }
                cell.trim()
            }
            None => trimmed,
        };
        let wanted = cell_text.to_ascii_lowercase();
        (0..9u8)
            .find(|&cell| cell_name(cell) == wanted)
            .ok_or_else(|| NotationError::new(format!("move `{trimmed}`: `{cell_text}` is not a cell (a1 to c3)")))
            .and_then(|cell| {
                if self.cells[usize::from(cell)] == 0 {
                    Ok(cell)
                } else {
                    Err(NotationError::new(format!("move `{trimmed}`: {cell_text} already holds a number")))
                }
            })
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "x",
            Player::Second => "y",
        }
    }

    fn render(&self) -> String {
        let letters = ["a", "b", "c"].map(String::from);
        let mut out = render_grid(3, &letters, 1, |row, column| match self.cells[row * 3 + column] {
            0 => ".".to_string(),
            number => number.to_string(),
        });
        match self.next_number() {
            Some(number) => out.push_str(&format!("next number: {number}, placed by {}\n", self.player_name(self.to_move))),
            None => out.push_str(&format!("x = {} (rows), y = {} (columns)\n", self.row_sum(), self.column_sum())),
        }
        out
    }

    /// The nine numbers; every empty cell takes the forced number, and the note names it
    /// and who places it (or gives the final x and y).
    fn board(&self) -> Option<Board<u8>> {
        let cells = (0..9u8)
            .map(|cell| match self.cells[usize::from(cell)] {
                0 => BoardCell { text: String::new(), owner: None, moves: vec![cell] },
                number => BoardCell { text: number.to_string(), owner: None, moves: Vec::new() },
            })
            .collect();
        let note = match self.next_number() {
            Some(number) => format!("next number: {number}, placed by {}", self.player_name(self.to_move)),
            None => format!("x = {} (rows), y = {} (columns)", self.row_sum(), self.column_sum()),
        };
        Some(Board {
            rows: 3,
            columns: 3,
            cells,
            row_labels: ["3", "2", "1"].map(String::from).to_vec(),
            column_labels: ["a", "b", "c"].map(String::from).to_vec(),
            note: Some(note),
        })
    }
}

/// Who wins `board` under optimal play, as the sign of x − y: `1` (X, "first"), `-1`
/// (Y, "second") or `0` (a tie), with the player to move choosing first.
///
/// Only the sign is asked for, so this searches with the narrowest window around 0
/// (alpha = −1, beta = +1) instead of computing the exact score: alpha-beta then cuts off
/// as soon as a side is shown to win at all. Reusing `searcher` across boards reuses its
/// table.
///
/// ```
/// use gametree_engine::{SearchOptions, Searcher};
/// use gametree_games::{product_grid_sign, ProductGrid};
/// let mut searcher = Searcher::new(SearchOptions::strong(4));
/// assert_eq!(product_grid_sign(&mut searcher, &mut ProductGrid::parse("003/456/709").unwrap()), 0);
/// assert_eq!(product_grid_sign(&mut searcher, &mut ProductGrid::empty()), -1);
/// ```
pub fn product_grid_sign(searcher: &mut Searcher<ProductGrid>, board: &mut ProductGrid) -> i32 {
    let value = searcher.search(board, UNLIMITED_DEPTH, Value::from_raw(-1), Value::from_raw(1));
    value.raw().signum() * board.to_move().sign()
}
