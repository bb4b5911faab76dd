//! The m,n,k-game: `k` in a row on `m` columns × `n` rows. Tic-tac-toe is 3,3,3.

use gametree_engine::{CanonicalKey, Game, Outcome, Player};

use crate::board::{Board, BoardCell};
use crate::notation::{parse_move_by_name, render_grid, Notation, NotationError};

/// A position of an m,n,k-game (at most 64 cells): two bitboards and the winner, if any.
///
/// Cells are numbered row by row from the top-left corner; moves are written as a column
/// letter and a row number counted from the bottom, like a chessboard (`a1` is the
/// bottom-left corner, `b2` the centre of tic-tac-toe).
///
/// ```
/// use gametree_engine::{analyze, AnalysisConfig, GameKind, Verdict};
/// use gametree_games::{Mnk, Notation};
/// let board = Mnk::parse(3, 3, 3, "xx./oo./...").unwrap();
/// let analysis = analyze(&board, &AnalysisConfig::default());
/// assert_eq!(board.move_notation(analysis.best_move().unwrap()), "c3");
/// assert_eq!(analysis.verdict(GameKind::WinDrawLoss), Verdict::Win { remoteness: 1 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mnk {
    columns: u8,
    rows: u8,
    k: u8,
    /// Stones of the first player (x) and of the second (o).
    stones: [u64; 2],
    count: u8,
    winner: Option<Player>,
}

const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

impl Mnk {
    /// The empty board. `columns × rows` must be between 1 and 64 cells, `k ≥ 1`.
    pub fn new(columns: u8, rows: u8, k: u8) -> Result<Mnk, NotationError> {
        let cells = u32::from(columns) * u32::from(rows);
        if columns == 0 || rows == 0 || cells > 64 {
            return Err(NotationError::new(format!("board {columns}×{rows}: m,n,k boards need 1 to 64 cells")));
        }
        if k == 0 || (k > columns && k > rows) {
            return Err(NotationError::new(format!("k = {k} does not fit on a {columns}×{rows} board")));
        }
        Ok(Mnk { columns, rows, k, stones: [0, 0], count: 0, winner: None })
    }

    /// The empty 3×3 tic-tac-toe board.
    #[must_use]
    pub fn tictactoe() -> Mnk {
        Mnk::new(3, 3, 3).expect("3,3,3 is valid")
    }

    /// Reads a board in SPEC §4 notation: rows top to bottom separated by `/`, cells `x`,
    /// `o` and `.`. Rejects boards no game can reach.
    pub fn parse(columns: u8, rows: u8, k: u8, text: &str) -> Result<Mnk, NotationError> {
        let mut board = Mnk::new(columns, rows, k)?;
        let lines: Vec<&str> = text.trim().split('/').collect();
        if lines.len() != usize::from(rows) {
            return Err(NotationError::new(format!(
                "position `{}`: {} rows separated by `/`, expected {rows}",
                text.trim(),
                lines.len()
            )));
        }
        for (row, line) in lines.iter().enumerate() {
            let cells: Vec<char> = line.chars().collect();
            if cells.len() != usize::from(columns) {
                return Err(NotationError::new(format!("row {} `{line}` has {} cells, expected {columns}", row + 1, cells.len())));
            }
            for (column, &cell) in cells.iter().enumerate() {
                let index = row * usize::from(columns) + column;
                match cell {
                    'x' | 'X' => board.stones[0] |= 1 << index,
                    'o' | 'O' => board.stones[1] |= 1 << index,
                    '.' => {}
                    other => {
                        return Err(NotationError::new(format!(
                            "row {} column {}: `{other}` is not a cell (use x, o or .)",
                            row + 1,
                            column + 1
                        )))
                    }
                }
            }
        }
        board.validate()?;
        Ok(board)
    }

    /// Builds a board from numbered cells given row by row from the top, as the contest
    /// formats write them: 0 empty, 1 the first player (x), 2 the second (o). Checks that
    /// the board can be reached.
    ///
    /// ```
    /// use gametree_games::{Mnk, Notation};
    /// let board = Mnk::from_numbers(3, 3, 3, &[1, 2, 1, 0, 0, 0, 0, 0, 0]).unwrap();
    /// assert_eq!(board.notation(), "xox/.../...");
    /// assert!(Mnk::from_numbers(3, 3, 3, &[3, 0, 0, 0, 0, 0, 0, 0, 0]).is_err());
    /// ```
    pub fn from_numbers(columns: u8, rows: u8, k: u8, cells: &[u8]) -> Result<Mnk, NotationError> {
        let mut board = Mnk::new(columns, rows, k)?;
        if cells.len() != board.cells() {
            return Err(NotationError::new(format!("{} cells given, expected {}", cells.len(), board.cells())));
        }
        for (index, &cell) in cells.iter().enumerate() {
            match cell {
                0 => {}
                1 => board.stones[0] |= 1 << index,
                2 => board.stones[1] |= 1 << index,
                other => {
                    return Err(NotationError::new(format!("cell {}: {other} is not 0, 1 or 2", index + 1)));
                }
            }
        }
        board.validate()?;
        Ok(board)
    }

    fn validate(&mut self) -> Result<(), NotationError> {
        let (x, o) = (self.stones[0].count_ones(), self.stones[1].count_ones());
        if x != o && x != o + 1 {
            return Err(NotationError::new(format!(
                "{x} x and {o} o stones: x moves first, so x has as many stones as o or one more"
            )));
        }
        self.count = (x + o) as u8;
        let x_line = self.has_line(self.stones[0]);
        let o_line = self.has_line(self.stones[1]);
        match (x_line, o_line) {
            (true, true) => return Err(NotationError::new("both x and o have a line; the game ends at the first")),
            (true, false) if x != o + 1 => {
                return Err(NotationError::new("x has a line but o has moved since; the game ended at x's line"))
            }
            (false, true) if x != o => {
                return Err(NotationError::new("o has a line but x has moved since; the game ended at o's line"))
            }
            _ => {}
        }
        for (player, has) in [(Player::First, x_line), (Player::Second, o_line)] {
            if has {
                let own = self.stones[player as usize];
                // Some single stone, the last one played, must complete every line.
                let last_possible = (0..64).filter(|&cell| own & (1 << cell) != 0).any(|cell| !self.has_line(own & !(1 << cell)));
                if !last_possible {
                    return Err(NotationError::new(format!(
                        "{} has lines that no single last move made; the game would have ended earlier",
                        if player == Player::First { "x" } else { "o" }
                    )));
                }
                self.winner = Some(player);
            }
        }
        Ok(())
    }

    /// Columns (m).
    #[must_use]
    pub fn columns(&self) -> u8 {
        self.columns
    }

    /// Rows (n).
    #[must_use]
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// Stones in a row needed to win (k).
    #[must_use]
    pub fn k(&self) -> u8 {
        self.k
    }

    /// Number of cells.
    #[must_use]
    pub fn cells(&self) -> usize {
        usize::from(self.columns) * usize::from(self.rows)
    }

    /// Stones on the board.
    #[must_use]
    pub fn stone_count(&self) -> u32 {
        u32::from(self.count)
    }

    /// Empty cells.
    #[must_use]
    pub fn empty_count(&self) -> u32 {
        self.cells() as u32 - u32::from(self.count)
    }

    /// Who holds `cell` (row-major from the top-left).
    #[must_use]
    pub fn cell(&self, cell: usize) -> Option<Player> {
        if self.stones[0] & (1 << cell) != 0 {
            Some(Player::First)
        } else if self.stones[1] & (1 << cell) != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    fn full_mask(&self) -> u64 {
        if self.cells() == 64 {
            u64::MAX
        } else {
            (1u64 << self.cells()) - 1
        }
    }

    fn line_through(&self, own: u64, cell: usize) -> bool {
        let (row, column) = ((cell / usize::from(self.columns)) as i32, (cell % usize::from(self.columns)) as i32);
        let (rows, columns) = (i32::from(self.rows), i32::from(self.columns));
        DIRECTIONS.iter().any(|&(dr, dc)| {
            let mut run = 1;
            for sign in [1, -1] {
                let (mut r, mut c) = (row + sign * dr, column + sign * dc);
                while r >= 0 && r < rows && c >= 0 && c < columns && own & (1 << (r * columns + c)) != 0 {
                    run += 1;
                    r += sign * dr;
                    c += sign * dc;
                }
            }
            run >= i32::from(self.k)
        })
    }

    fn has_line(&self, own: u64) -> bool {
        (0..self.cells()).any(|cell| own & (1 << cell) != 0 && self.line_through(own, cell))
    }

    fn empty_cells(&self) -> u64 {
        !(self.stones[0] | self.stones[1]) & self.full_mask()
    }

    fn winning_cells(&self, player: Player) -> impl Iterator<Item = u8> + '_ {
        let own = self.stones[player as usize];
        bits(self.empty_cells()).filter(move |&cell| self.line_through(own | (1 << cell), usize::from(cell)))
    }

    /// The image of cell (row, column) under symmetry `symmetry` (0..8; 4..8 only on
    /// square boards).
    fn transform(&self, symmetry: u8, row: u32, column: u32) -> (u32, u32) {
        let (last_row, last_column) = (u32::from(self.rows) - 1, u32::from(self.columns) - 1);
        let (row, column) = if symmetry & 4 != 0 { (column, row) } else { (row, column) };
        let row = if symmetry & 1 != 0 { last_row - row } else { row };
        let column = if symmetry & 2 != 0 { last_column - column } else { column };
        (row, column)
    }

    fn encode(&self, x: u64, o: u64) -> u64 {
        if self.cells() <= 32 {
            mix(x | (o << 32))
        } else {
            mix(x ^ mix(o ^ 0x5851_F42D_4C95_7F2D))
        }
    }
}

/// The set bits of `bits`, lowest first.
pub(crate) fn bits(mut bits: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let index = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            index
        })
    })
}

/// A bijective 64-bit mixer (the SplitMix64 finaliser): distinct inputs, distinct keys.
pub(crate) fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl Game for Mnk {
    type Move = u8;

    fn to_move(&self) -> Player {
        if self.count.is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        moves.extend(bits(self.empty_cells()));
    }

    fn play(&mut self, cell: u8) {
        let side = self.to_move();
        debug_assert!(self.empty_cells() & (1 << cell) != 0, "cell {cell} is not empty");
        self.stones[side as usize] |= 1 << cell;
        self.count += 1;
        if self.line_through(self.stones[side as usize], usize::from(cell)) {
            self.winner = Some(side);
        }
    }

    fn undo(&mut self, cell: u8) {
        self.count -= 1;
        let side = self.to_move();
        self.stones[side as usize] &= !(1 << cell);
        self.winner = None;
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(winner) = self.winner {
            Some(Outcome::Win(winner))
        } else if usize::from(self.count) == self.cells() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn hash(&self) -> Option<u64> {
        Some(self.encode(self.stones[0], self.stones[1]))
    }

    fn canonical_key(&self) -> Option<CanonicalKey> {
        let symmetries = if self.rows == self.columns { 8 } else { 4 };
        let columns = u32::from(self.columns);
        let mut best = u64::MAX;
        for symmetry in 0..symmetries {
            let mut images = [0u64; 2];
            for (image, &own) in images.iter_mut().zip(&self.stones) {
                for cell in bits(own) {
                    let (row, column) = self.transform(symmetry, u32::from(cell) / columns, u32::from(cell) % columns);
                    *image |= 1 << (row * columns + column);
                }
            }
            best = best.min(self.encode(images[0], images[1]));
        }
        Some(CanonicalKey { key: best, negated: false })
    }

    fn order_moves(&self, moves: &mut [u8]) {
        let (rows, columns) = (i32::from(self.rows), i32::from(self.columns));
        moves.sort_by_key(|&cell| {
            let (row, column) = (i32::from(cell) / columns, i32::from(cell) % columns);
            (2 * row - rows + 1).abs() + (2 * column - columns + 1).abs()
        });
    }

    fn evaluate(&self) -> i32 {
        // Windows of k cells still open to one side, weighted by how full they are.
        let side = self.to_move() as usize;
        let (own, other) = (self.stones[side], self.stones[1 - side]);
        let (rows, columns, k) = (i32::from(self.rows), i32::from(self.columns), i32::from(self.k));
        let mut score = 0;
        for row in 0..rows {
            for column in 0..columns {
                for &(dr, dc) in &DIRECTIONS {
                    let (end_row, end_column) = (row + dr * (k - 1), column + dc * (k - 1));
                    if end_row < 0 || end_row >= rows || end_column < 0 || end_column >= columns {
                        continue;
                    }
                    let mask: u64 = (0..k).map(|i| 1u64 << ((row + dr * i) * columns + column + dc * i)).sum();
                    let (mine, theirs) = ((own & mask).count_ones() as i32, (other & mask).count_ones() as i32);
                    if theirs == 0 {
                        score += mine * mine;
                    } else if mine == 0 {
                        score -= theirs * theirs;
                    }
                }
            }
        }
        score
    }

    fn immediate_win(&self) -> Option<u8> {
        self.winning_cells(self.to_move()).next()
    }

    fn prune_losing_moves(&self, moves: &mut Vec<u8>) {
        // If the opponent threatens to complete a line, every other move loses at once.
        if let Some(threat) = self.winning_cells(self.to_move().opponent()).next() {
            moves.clear();
            moves.push(threat);
        }
    }
}

impl Notation for Mnk {
    fn notation(&self) -> String {
        (0..usize::from(self.rows))
            .map(|row| {
                (0..usize::from(self.columns))
                    .map(|column| match self.cell(row * usize::from(self.columns) + column) {
                        Some(Player::First) => 'x',
                        Some(Player::Second) => 'o',
                        None => '.',
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    fn move_notation(&self, cell: u8) -> String {
        let (row, column) = (cell / self.columns, cell % self.columns);
        format!("{}{}", (b'a' + column) as char, self.rows - row)
    }

    fn parse_move(&self, text: &str) -> Result<u8, NotationError> {
        parse_move_by_name(self, text)
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "x",
            Player::Second => "o",
        }
    }

    fn render(&self) -> String {
        let letters: Vec<String> = (0..self.columns).map(|column| ((b'a' + column) as char).to_string()).collect();
        render_grid(usize::from(self.rows), &letters, self.rows.to_string().len(), |row, column| {
            self.cell(row * usize::from(self.columns) + column).map_or(".", |player| self.player_name(player)).to_string()
        })
    }

    fn board(&self) -> Option<Board<u8>> {
        let open = self.outcome().is_none();
        let cells = (0..self.cells())
            .map(|cell| {
                let owner = self.cell(cell);
                BoardCell {
                    text: owner.map_or(String::new(), |player| self.player_name(player).to_string()),
                    owner,
                    moves: if open && owner.is_none() { vec![cell as u8] } else { Vec::new() },
                }
            })
            .collect();
        Some(Board {
            rows: usize::from(self.rows),
            columns: usize::from(self.columns),
            cells,
            row_labels: (1..=self.rows).rev().map(|row| row.to_string()).collect(),
            column_labels: (0..self.columns).map(|column| ((b'a' + column) as char).to_string()).collect(),
            note: None,
        })
    }
}
