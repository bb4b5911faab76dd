//! The matchstick game (SPEC §1.5, Lanqiao Cup "火柴游戏").
//!
//! Players take turns placing one stick, vertical or horizontal, in an empty cell. A new
//! horizontal stick may not be *connected* to another horizontal stick: looking left and
//! right along its row and skipping empty cells, the first stick met on either side must
//! not be horizontal (a vertical stick in between blocks). Vertical sticks likewise along
//! their column. Sticks already on the board may touch each other; only new placements are
//! checked. Whoever cannot place a stick loses.

use gametree_engine::{CanonicalKey, Game, Outcome, Player};

use crate::board::{Board, BoardCell};
use crate::mnk::{bits, mix};
use crate::notation::{render_grid, Notation, NotationError};

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stick {
    /// A vertical stick, written `1`.
    Vertical,
    /// A horizontal stick, written `-`.
    Horizontal,
}

/// A move: a cell (row-major from the top-left) and the stick placed there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StickMove {
    /// The cell, row-major from the top-left corner.
    pub cell: u8,
    /// The stick placed.
    pub stick: Stick,
}

/// A matchstick board of up to 64 cells: one bitboard per orientation.
///
/// The side to move follows from the number of sticks (even: the first player); the game
/// is impartial, so a position's value does not depend on who is to move. Moves are
/// written as the cell (column letter, row counted from the bottom: `a1` is the
/// bottom-left corner) followed by `|` for a vertical stick or `-` for a horizontal one;
/// `v` and `h` are accepted for `|` and `-` when reading.
///
/// ```
/// use gametree_engine::{analyze, AnalysisConfig, GameKind, Verdict};
/// use gametree_games::Matchsticks;
/// // The empty 3×4 board: the player to move loses.
/// let analysis = analyze(&Matchsticks::new(3, 4).unwrap(), &AnalysisConfig::default());
/// assert!(matches!(analysis.verdict(GameKind::WinDrawLoss), Verdict::Loss { .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Matchsticks {
    rows: u8,
    columns: u8,
    vertical: u64,
    horizontal: u64,
}

impl Matchsticks {
    /// The empty board of `rows` × `columns` (1 to 64 cells).
    pub fn new(rows: u8, columns: u8) -> Result<Matchsticks, NotationError> {
        let cells = u32::from(rows) * u32::from(columns);
        if rows == 0 || columns == 0 || cells > 64 {
            return Err(NotationError::new(format!("board {rows}×{columns}: matchstick boards need 1 to 64 cells")));
        }
        Ok(Matchsticks { rows, columns, vertical: 0, horizontal: 0 })
    }

    /// Reads SPEC §4 notation for a `rows` × `columns` board: rows top to bottom separated
    /// by `/`, cells `0` (empty), `1` (vertical) and `-` (horizontal): `00-1/-000/0100`.
    pub fn parse(rows: u8, columns: u8, text: &str) -> Result<Matchsticks, NotationError> {
        let lines: Vec<&str> = text.trim().split('/').collect();
        if lines.len() != usize::from(rows) {
            return Err(NotationError::new(format!(
                "position `{}`: {} rows separated by `/`, expected {rows}",
                text.trim(),
                lines.len()
            )));
        }
        Matchsticks::from_rows(rows, columns, &lines)
    }

    /// Builds a board from its rows (top to bottom) of `0`, `1` and `-` characters.
    /// Errors name the row (1-based from the top) and column at fault.
    pub fn from_rows(rows: u8, columns: u8, lines: &[&str]) -> Result<Matchsticks, NotationError> {
        let mut board = Matchsticks::new(rows, columns)?;
        if lines.len() != usize::from(rows) {
            return Err(NotationError::new(format!("{} rows given, expected {rows}", lines.len())));
        }
        for (row, line) in lines.iter().enumerate() {
            let cells: Vec<char> = line.chars().collect();
            if cells.len() != usize::from(columns) {
                return Err(NotationError::new(format!("row {} `{line}` has {} cells, expected {columns}", row + 1, cells.len())));
            }
            for (column, &cell) in cells.iter().enumerate() {
                let bit = 1u64 << (row * usize::from(columns) + column);
                match cell {
                    '0' => {}
                    '1' => board.vertical |= bit,
                    '-' => board.horizontal |= bit,
                    other => {
                        return Err(NotationError::new(format!(
                            "row {} column {}: `{other}` is not a cell (use 0, 1 or -)",
                            row + 1,
                            column + 1
                        )))
                    }
                }
            }
        }
        Ok(board)
    }

    /// Rows.
    #[must_use]
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// Columns.
    #[must_use]
    pub fn columns(&self) -> u8 {
        self.columns
    }

    /// What `cell` (row-major from the top-left) holds.
    #[must_use]
    pub fn cell(&self, cell: usize) -> Option<Stick> {
        if self.vertical & (1 << cell) != 0 {
            Some(Stick::Vertical)
        } else if self.horizontal & (1 << cell) != 0 {
            Some(Stick::Horizontal)
        } else {
            None
        }
    }

    fn cells(&self) -> usize {
        usize::from(self.rows) * usize::from(self.columns)
    }

    fn occupied(&self) -> u64 {
        self.vertical | self.horizontal
    }

    /// The empty cells that may take a vertical stick and those that may take a horizontal
    /// one: a cell is open to a kind when the nearest stick on each side along the kind's
    /// line (column for vertical, row for horizontal) is not of that kind. One pass each
    /// way along every line.
    fn open_cells(&self) -> (u64, u64) {
        let (rows, columns) = (usize::from(self.rows), usize::from(self.columns));
        let empty = !self.occupied() & self.full_mask();
        let mut open = [empty, empty];
        for (kind, same) in [self.vertical, self.horizontal].into_iter().enumerate() {
            let other = self.occupied() & !same;
            // Lines of cells: columns for vertical sticks, rows for horizontal ones.
            let (lines, length) = if kind == 0 { (columns, rows) } else { (rows, columns) };
            for line in 0..lines {
                let cell = |step: usize| if kind == 0 { step * columns + line } else { line * columns + step };
                for forward in [true, false] {
                    // Whether the last stick passed on this line was of the same kind.
                    let mut blocked = false;
                    for index in 0..length {
                        let bit = 1u64 << cell(if forward { index } else { length - 1 - index });
                        if same & bit != 0 {
                            blocked = true;
                        } else if other & bit != 0 {
                            blocked = false;
                        } else if blocked {
                            open[kind] &= !bit;
                        }
                    }
                }
            }
        }
        (open[0], open[1])
    }

    /// Calls `found` with every legal move until it returns `false`.
    fn for_each_move(&self, mut found: impl FnMut(StickMove) -> bool) {
        let (vertical, horizontal) = self.open_cells();
        for cell in bits(vertical | horizontal) {
            for (open, stick) in [(vertical, Stick::Vertical), (horizontal, Stick::Horizontal)] {
                if open & (1 << cell) != 0 && !found(StickMove { cell, stick }) {
                    return;
                }
            }
        }
    }

    fn full_mask(&self) -> u64 {
        if self.cells() == 64 {
            u64::MAX
        } else {
            (1u64 << self.cells()) - 1
        }
    }

    fn encode(&self, vertical: u64, horizontal: u64) -> u64 {
        if self.cells() <= 32 {
            mix(vertical | (horizontal << 32))
        } else {
            mix(vertical ^ mix(horizontal ^ 0x2545_F491_4F6C_DD1D))
        }
    }

    fn cell_name(&self, cell: u8) -> String {
        let (row, column) = (cell / self.columns, cell % self.columns);
        format!("{}{}", column_letters(column), self.rows - row)
    }
}

/// Column names: a…z, then aa, ab… (boards have at most 64 columns).
fn column_letters(column: u8) -> String {
    if column < 26 {
        char::from(b'a' + column).to_string()
    } else {
        format!("{}{}", char::from(b'a' + column / 26 - 1), char::from(b'a' + column % 26))
    }
}

impl Game for Matchsticks {
    type Move = StickMove;

    fn to_move(&self) -> Player {
        if self.occupied().count_ones() & 1 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn generate_moves(&self, moves: &mut Vec<StickMove>) {
        self.for_each_move(|mv| {
            moves.push(mv);
            true
        });
    }

    fn play(&mut self, mv: StickMove) {
        debug_assert!(self.occupied() & (1 << mv.cell) == 0, "cell {} is not empty", mv.cell);
        match mv.stick {
            Stick::Vertical => self.vertical |= 1 << mv.cell,
            Stick::Horizontal => self.horizontal |= 1 << mv.cell,
        }
    }

    fn undo(&mut self, mv: StickMove) {
        self.vertical &= !(1 << mv.cell);
        self.horizontal &= !(1 << mv.cell);
    }

    fn outcome(&self) -> Option<Outcome> {
        let (vertical, horizontal) = self.open_cells();
        (vertical | horizontal == 0).then(|| Outcome::Win(self.to_move().opponent()))
    }

    fn hash(&self) -> Option<u64> {
        Some(self.encode(self.vertical, self.horizontal))
    }

    /// The smallest code over the mirror images that keep the rule: left-right and
    /// top-bottom mirrors, and on square boards the reflections in the diagonals, which
    /// turn rows into columns and so swap the two kinds of stick.
    fn canonical_key(&self) -> Option<CanonicalKey> {
        let (rows, columns) = (u32::from(self.rows), u32::from(self.columns));
        let symmetries = if rows == columns { 8 } else { 4 };
        let mut best = u64::MAX;
        for symmetry in 0..symmetries {
            let transposed = symmetry & 4 != 0;
            let mut images = [0u64; 2];
            for (kind, own) in [self.vertical, self.horizontal].into_iter().enumerate() {
                let kind = if transposed { 1 - kind } else { kind };
                for cell in bits(own) {
                    let (mut row, mut column) = (u32::from(cell) / columns, u32::from(cell) % columns);
                    if transposed {
                        std::mem::swap(&mut row, &mut column);
                    }
                    if symmetry & 1 != 0 {
                        row = rows - 1 - row;
                    }
                    if symmetry & 2 != 0 {
                        column = columns - 1 - column;
                    }
                    images[kind] |= 1 << (row * columns + column);
                }
            }
            best = best.min(self.encode(images[0], images[1]));
        }
        Some(CanonicalKey { key: best, negated: false })
    }

    /// Moves that leave the opponent fewest replies first.
    fn order_moves(&self, moves: &mut [StickMove]) {
        if moves.len() <= 2 {
            return;
        }
        let mut child = *self;
        moves.sort_by_cached_key(|&mv| {
            child.play(mv);
            let (vertical, horizontal) = child.open_cells();
            child.undo(mv);
            vertical.count_ones() + horizontal.count_ones()
        });
    }
}

impl Notation for Matchsticks {
    fn notation(&self) -> String {
        (0..usize::from(self.rows))
            .map(|row| {
                (0..usize::from(self.columns))
                    .map(|column| match self.cell(row * usize::from(self.columns) + column) {
                        None => '0',
                        Some(Stick::Vertical) => '1',
                        Some(Stick::Horizontal) => '-',
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// `b2|` (vertical) or `b2-` (horizontal).
    fn move_notation(&self, mv: StickMove) -> String {
        let mark = match mv.stick {
            Stick::Vertical => '|',
            Stick::Horizontal => '-',
        };
        format!("{}{mark}", self.cell_name(mv.cell))
    }

    /// Reads `b2|` / `b2-`, also `b2v` / `b2h`.
    fn parse_move(&self, text: &str) -> Result<StickMove, NotationError> {
        let trimmed = text.trim();
        let lower = trimmed.to_ascii_lowercase();
        let (cell_text, stick) = match lower.chars().last() {
            Some('|' | 'v') => (&lower[..lower.len() - 1], Stick::Vertical),
            Some('-' | 'h') => (&lower[..lower.len() - 1], Stick::Horizontal),
            _ => {
                return Err(NotationError::new(format!(
                    "move `{trimmed}`: expected a cell and a stick, like b2| (vertical) or b2- (horizontal)"
                )))
            }
        };
        let cell = (0..self.cells() as u8)
            .find(|&cell| self.cell_name(cell) == cell_text)
            .ok_or_else(|| NotationError::new(format!("move `{trimmed}`: `{cell_text}` is not a cell of this board")))?;
        let mv = StickMove { cell, stick };
        let mut legal = false;
        self.for_each_move(|candidate| {
            legal = candidate == mv;
            !legal
        });
        if legal {
            Ok(mv)
        } else if self.occupied() & (1 << cell) != 0 {
            Err(NotationError::new(format!("move `{trimmed}`: {cell_text} already holds a stick")))
        } else {
            Err(NotationError::new(format!("move `{trimmed}`: the stick would be connected to another stick of the same kind")))
        }
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "first",
            Player::Second => "second",
        }
    }

    fn render(&self) -> String {
        let letters: Vec<String> = (0..self.columns).map(column_letters).collect();
        render_grid(usize::from(self.rows), &letters, self.rows.to_string().len(), |row, column| {
            match self.cell(row * usize::from(self.columns) + column) {
                None => ".",
                Some(Stick::Vertical) => "|",
                Some(Stick::Horizontal) => "-",
            }
            .to_string()
        })
    }

    /// The sticks; an empty cell takes its legal sticks, vertical first (zero, one or
    /// two moves).
    fn board(&self) -> Option<Board<StickMove>> {
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        moves.sort_by_key(|mv| (mv.cell, mv.stick == Stick::Horizontal));
        let cells = (0..self.cells())
            .map(|cell| BoardCell {
                text: match self.cell(cell) {
                    None => String::new(),
                    Some(Stick::Vertical) => "|".to_string(),
                    Some(Stick::Horizontal) => "-".to_string(),
                },
                owner: None,
                moves: moves.iter().copied().filter(|mv| usize::from(mv.cell) == cell).collect(),
            })
            .collect();
        Some(Board {
            rows: usize::from(self.rows),
            columns: usize::from(self.columns),
            cells,
            row_labels: (1..=self.rows).rev().map(|row| row.to_string()).collect(),
            column_labels: (0..self.columns).map(column_letters).collect(),
            note: None,
        })
    }
}
