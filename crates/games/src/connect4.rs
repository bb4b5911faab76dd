//! Connect Four on a bitboard: 7 columns × 6 rows by default, other sizes configurable.
//!
//! Each column takes `rows + 1` bits of a `u64`, bottom cell first; the extra bit on top
//! of every column stays empty, so shifted copies of a board never wrap from one column
//! into the next. That leaves room for `columns × (rows + 1) ≤ 64`.
//!
//! Positions are written as in Pascal Pons' test sets: the 1-based columns played, in
//! order (`4455` = both players twice in the middle). Moves are column numbers.

use gametree_engine::{CanonicalKey, Game, Outcome, Player};

use crate::board::{Board, BoardCell};
use crate::notation::{render_grid, Notation, NotationError};

/// A Connect Four position.
///
/// ```
/// use gametree_engine::{Game, Player};
/// use gametree_games::{Connect4, Notation};
/// let position = Connect4::parse(7, 6, "4455").unwrap();
/// assert_eq!(position.to_move(), Player::First);
/// assert_eq!(position.move_count(), 4);
/// assert_eq!(position.notation(), "4455");
/// ```
///
/// Two positions are equal when they have the same board, whatever the order of moves
/// that led to them; the notation replays the order actually played.
#[derive(Clone, Copy, Debug)]
pub struct Connect4 {
    columns: u8,
    rows: u8,
    /// Stones of the first player and of the second.
    stones: [u64; 2],
    /// Every occupied cell.
    mask: u64,
    moves: u8,
    winner: Option<Player>,
    /// The columns played, in order (the first `moves` entries count).
    history: [u8; 64],
    /// The bottom cell of every column.
    bottom: u64,
    /// Every cell of the board (no separator bits).
    board: u64,
}

impl PartialEq for Connect4 {
    fn eq(&self, other: &Connect4) -> bool {
        (self.columns, self.rows, self.stones, self.mask) == (other.columns, other.rows, other.stones, other.mask)
    }
}

impl Eq for Connect4 {}

impl std::hash::Hash for Connect4 {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.columns, self.rows, self.stones, self.mask).hash(state);
    }
}

/// A bijective 64-bit mixer (the SplitMix64 finaliser), so table indices spread well.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl Connect4 {
    /// The empty board of `columns × rows`. Columns 1 to 9 (so that every column is one
    /// digit) and `columns × (rows + 1) ≤ 64`.
    pub fn new(columns: u8, rows: u8) -> Result<Connect4, NotationError> {
        if !(1..=9).contains(&columns) || rows == 0 || u32::from(columns) * (u32::from(rows) + 1) > 64 {
            return Err(NotationError::new(format!(
                "board {columns}x{rows}: connect4 needs 1 to 9 columns, at least one row and columns × (rows + 1) ≤ 64"
            )));
        }
        let height = u32::from(rows) + 1;
        let bottom = (0..u32::from(columns)).fold(0, |bottom, column| bottom | 1 << (column * height));
        let board = bottom * ((1u64 << rows) - 1);
        Ok(Connect4 { columns, rows, stones: [0, 0], mask: 0, moves: 0, winner: None, history: [0; 64], bottom, board })
    }

    /// The standard empty board, 7 columns × 6 rows.
    #[must_use]
    pub fn standard() -> Connect4 {
        Connect4::new(7, 6).expect("7x6 fits")
    }

    /// Reads a position in Pons' notation: the 1-based columns played, in order (empty
    /// for the start position). Rejects a character that is not a column, a column out of
    /// range, a full column and a move after the game has ended, naming the move.
    pub fn parse(columns: u8, rows: u8, text: &str) -> Result<Connect4, NotationError> {
        let mut position = Connect4::new(columns, rows)?;
        let text = text.trim();
        for (index, character) in text.chars().enumerate() {
            let number = index + 1;
            let column = match character.to_digit(10) {
                Some(digit) if (1..=u32::from(columns)).contains(&digit) => (digit - 1) as u8,
                Some(digit) => {
                    return Err(NotationError::new(format!(
                        "position `{text}`, move {number}: column {digit} is out of range 1-{columns}"
                    )))
                }
                None => {
                    return Err(NotationError::new(format!(
                        "position `{text}`, move {number}: `{character}` is not a column number 1-{columns}"
                    )))
                }
            };
            if let Some(winner) = position.winner {
                let name = position.player_name(winner);
                return Err(NotationError::new(format!(
                    "position `{text}`, move {number}: the game is already over ({name} connected four at move {index})"
                )));
            }
            if !position.can_play(column) {
                return Err(NotationError::new(format!("position `{text}`, move {number}: column {} is full", column + 1)));
            }
            position.play(column);
        }
        Ok(position)
    }

    /// Columns of the board.
    #[must_use]
    pub fn columns(&self) -> u8 {
        self.columns
    }

    /// Rows of the board.
    #[must_use]
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// Number of cells.
    #[must_use]
    pub fn cells(&self) -> u32 {
        u32::from(self.columns) * u32::from(self.rows)
    }

    /// Stones on the board (moves played).
    #[must_use]
    pub fn move_count(&self) -> u32 {
        u32::from(self.moves)
    }

    /// Whether `column` (0-based) still has room.
    #[must_use]
    pub fn can_play(&self, column: u8) -> bool {
        column < self.columns && self.mask & self.top_cell(column) == 0
    }

    /// Who holds the cell at `column` (0-based) and `row` (0 = bottom).
    #[must_use]
    pub fn cell(&self, column: u8, row: u8) -> Option<Player> {
        let bit = 1u64 << (u32::from(column) * self.height() + u32::from(row));
        if self.stones[0] & bit != 0 {
            Some(Player::First)
        } else if self.stones[1] & bit != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// Pons' score of a value (SPEC §4.1): 0 for a draw; for a win or loss in
    /// `remoteness` plies, `(cells + 2 − moves − remoteness) / 2`, i.e. one more than half
    /// the cells minus the stones the winner has when it completes four, positive when the
    /// side to move wins.
    ///
    /// ```
    /// use gametree_engine::Value;
    /// use gametree_games::Connect4;
    /// // The first player wins with its 4th stone, at move 7: 22 − 4 = 18.
    /// let position = Connect4::parse(7, 6, "112233").unwrap();
    /// assert_eq!(position.pons_score(Value::win_in(1)), Some(18));
    /// assert_eq!(position.pons_score(Value::DRAW), Some(0));
    /// ```
    #[must_use]
    pub fn pons_score(&self, value: gametree_engine::Value) -> Option<i32> {
        if value == gametree_engine::Value::DRAW {
            return Some(0);
        }
        let remoteness = value.remoteness()?;
        let magnitude = (self.cells() as i32 + 2 - self.move_count() as i32 - remoteness as i32) / 2;
        Some(if value.is_win() { magnitude } else { -magnitude })
    }

    /// Bits per column, the top one a separator.
    fn height(&self) -> u32 {
        u32::from(self.rows) + 1
    }

    fn top_cell(&self, column: u8) -> u64 {
        1u64 << (u32::from(column) * self.height() + u32::from(self.rows) - 1)
    }

    fn column_mask(&self, column: u32) -> u64 {
        ((1u64 << self.rows) - 1) << (column * self.height())
    }

    fn bottom(&self) -> u64 {
        self.bottom
    }

    fn board(&self) -> u64 {
        self.board
    }

    /// The cells where a stone can be dropped now.
    fn playable(&self) -> u64 {
        (self.mask + self.bottom()) & self.board()
    }

    fn column_of(&self, cell: u32) -> u8 {
        (cell / self.height()) as u8
    }

    /// Empty cells that would complete four for the owner of `own`.
    fn winning_cells(&self, own: u64) -> u64 {
        let height = self.height();
        // Vertical: three stones right below.
        let mut cells = (own << 1) & (own << 2) & (own << 3);
        for shift in [height, height - 1, height + 1] {
            let pair_below = (own << shift) & (own << (2 * shift));
            cells |= pair_below & (own << (3 * shift));
            cells |= pair_below & (own >> shift);
            let pair_above = (own >> shift) & (own >> (2 * shift));
            cells |= pair_above & (own << shift);
            cells |= pair_above & (own >> (3 * shift));
        }
        cells & self.board() & !self.mask
    }

    /// Whether `own` has four in a row.
    fn has_four(&self, own: u64) -> bool {
        let height = self.height();
        [1, height, height - 1, height + 1].iter().any(|&shift| {
            let pairs = own & (own >> shift);
            pairs & (pairs >> (2 * shift)) != 0
        })
    }

    /// The playable cells that do not let the opponent win on the next move (empty when
    /// every move loses at once).
    fn non_losing_cells(&self) -> u64 {
        let side = self.to_move() as usize;
        let playable = self.playable();
        let threats = self.winning_cells(self.stones[1 - side]);
        let forced = playable & threats;
        let candidates = if forced == 0 {
            playable
        } else if forced & (forced - 1) != 0 {
            return 0;
        } else {
            forced
        };
        // Never play right below a cell where the opponent would complete four.
        candidates & !(threats >> 1)
    }

    /// A key that holds the whole position: the first player's stones and, in every
    /// column, one bit just above the top stone.
    fn key(&self) -> u64 {
        self.stones[0] | (self.mask + self.bottom())
    }

    fn mirror(&self, bits: u64) -> u64 {
        let columns = u32::from(self.columns);
        (0..columns).fold(0, |image, column| {
            let slice = (bits >> (column * self.height())) & ((1u64 << self.height()) - 1);
            image | slice << ((columns - 1 - column) * self.height())
        })
    }

    /// Distance of a column from the middle, for ordering (middle columns first).
    fn centrality(&self, column: u8) -> i32 {
        (2 * i32::from(column) - i32::from(self.columns) + 1).abs()
    }
}

impl Game for Connect4 {
    type Move = u8;

    const EXACT_SHORTCUTS: bool = true;

    fn to_move(&self) -> Player {
        if self.moves & 1 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        let playable = self.playable();
        // Middle columns first: by distance from the middle, the right one of a pair first.
        let columns = i32::from(self.columns);
        for distance in 0..columns {
            if (columns - 1 - distance) % 2 != 0 {
                continue;
            }
            let right = ((columns - 1 + distance) / 2) as u8;
            let left = ((columns - 1 - distance) / 2) as u8;
            let pair = [right, left];
            for &column in &pair[..if distance == 0 { 1 } else { 2 }] {
                if playable & self.column_mask(u32::from(column)) != 0 {
                    moves.push(column);
                }
            }
        }
    }

    fn play(&mut self, column: u8) {
        let side = self.to_move() as usize;
        let cell = (self.mask + self.bottom()) & self.column_mask(u32::from(column));
        debug_assert!(cell != 0, "column {column} is full");
        self.stones[side] |= cell;
        self.mask |= cell;
        self.history[usize::from(self.moves)] = column;
        self.moves += 1;
        if self.has_four(self.stones[side]) {
            self.winner = Some(if side == 0 { Player::First } else { Player::Second });
        }
    }

    fn undo(&mut self, column: u8) {
        self.moves -= 1;
        let side = self.to_move() as usize;
        let in_column = self.mask & self.column_mask(u32::from(column));
        let top = 1u64 << (63 - in_column.leading_zeros());
        self.stones[side] &= !top;
        self.mask &= !top;
        self.winner = None;
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(winner) = self.winner {
            Some(Outcome::Win(winner))
        } else if u32::from(self.moves) == self.cells() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn hash(&self) -> Option<u64> {
        Some(mix(self.key()))
    }

    fn canonical_key(&self) -> Option<CanonicalKey> {
        let key = self.key();
        let mirrored = self.mirror(key);
        Some(CanonicalKey { key: mix(key.min(mirrored)), negated: false })
    }

    fn order_moves(&self, moves: &mut [u8]) {
        // Moves that make the most cells where four would be completed first (threats
        // win games), the middle columns among equals. An insertion sort: at most nine.
        let side = self.to_move() as usize;
        let own = self.stones[side];
        let playable = self.playable();
        let mut keyed = [(0i32, 0u8); 9];
        for (slot, &column) in keyed.iter_mut().zip(moves.iter()) {
            let cell = playable & self.column_mask(u32::from(column));
            let threats = (self.winning_cells(own | cell) & !cell).count_ones() as i32;
            *slot = (threats * 32 - self.centrality(column), column);
        }
        let keyed = &mut keyed[..moves.len()];
        for index in 1..keyed.len() {
            let mut position = index;
            while position > 0 && keyed[position - 1].0 < keyed[position].0 {
                keyed.swap(position - 1, position);
                position -= 1;
            }
        }
        for (mv, &(_, column)) in moves.iter_mut().zip(keyed.iter()) {
            *mv = column;
        }
    }

    fn evaluate(&self) -> i32 {
        let side = self.to_move() as usize;
        let own = self.winning_cells(self.stones[side]).count_ones() as i32;
        let other = self.winning_cells(self.stones[1 - side]).count_ones() as i32;
        own - other
    }

    fn immediate_win(&self) -> Option<u8> {
        let side = self.to_move() as usize;
        let wins = self.winning_cells(self.stones[side]) & self.playable();
        (wins != 0).then(|| self.column_of(wins.trailing_zeros()))
    }

    fn prune_losing_moves(&self, moves: &mut Vec<u8>) {
        // Every move losing at once leaves none (the shortcuts are exact).
        let keep = self.non_losing_cells();
        moves.retain(|&column| keep & self.column_mask(u32::from(column)) != 0);
    }
}

impl Notation for Connect4 {
    fn notation(&self) -> String {
        self.history[..usize::from(self.moves)].iter().map(|&column| char::from(b'1' + column)).collect()
    }

    fn move_notation(&self, column: u8) -> String {
        (column + 1).to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, NotationError> {
        let text = text.trim();
        let column = match text.parse::<u8>() {
            Ok(number) if (1..=self.columns).contains(&number) => number - 1,
            _ => return Err(NotationError::new(format!("move `{text}`: expected a column number 1-{}", self.columns))),
        };
        if self.winner.is_some() || u32::from(self.moves) == self.cells() {
            return Err(NotationError::new(format!("move `{text}`: the game is over")));
        }
        if !self.can_play(column) {
            return Err(NotationError::new(format!("move `{text}`: column {text} is full")));
        }
        Ok(column)
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "x",
            Player::Second => "o",
        }
    }

    fn render(&self) -> String {
        let numbers: Vec<String> = (1..=self.columns).map(|column| column.to_string()).collect();
        render_grid(usize::from(self.rows), &numbers, 2, |row, column| {
            self.cell(column as u8, self.rows - 1 - row as u8).map_or(".", |player| self.player_name(player)).to_string()
        })
    }

    /// The stones, top row first; every cell of a column with room takes that column's
    /// move, so clicking anywhere in a column drops a stone into it.
    fn board(&self) -> Option<Board<u8>> {
        let open = self.outcome().is_none();
        let mut cells = Vec::with_capacity(self.cells() as usize);
        for row in (0..self.rows).rev() {
            for column in 0..self.columns {
                let owner = self.cell(column, row);
                cells.push(BoardCell {
                    text: owner.map_or(String::new(), |player| self.player_name(player).to_string()),
                    owner,
                    moves: if open && self.can_play(column) { vec![column] } else { Vec::new() },
                });
            }
        }
        Some(Board {
            rows: usize::from(self.rows),
            columns: usize::from(self.columns),
            cells,
            row_labels: Vec::new(),
            column_labels: (1..=self.columns).map(|column| column.to_string()).collect(),
            note: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stones_fall_to_the_bottom() {
        let position = Connect4::parse(7, 6, "44").unwrap();
        assert_eq!(position.mask, (1 << 21) | (1 << 22));
        assert_eq!(position.cell(3, 0), Some(Player::First));
        assert_eq!(position.cell(3, 1), Some(Player::Second));
    }

    #[test]
    fn four_in_every_direction_wins() {
        for line in ["1212121", "1122334", "2432665665554", "2112273144143"] {
            let position = Connect4::parse(7, 6, line).unwrap();
            assert_eq!(position.outcome(), Some(Outcome::Win(Player::First)), "{line}");
        }
        // Three in a row is not four, and rows do not wrap from one column to the next.
        assert_eq!(Connect4::parse(7, 6, "112233").unwrap().outcome(), None);
        assert_eq!(Connect4::parse(7, 6, "1111112222223").unwrap().outcome(), None);
    }

    #[test]
    fn generated_moves_start_in_the_middle() {
        let mut moves = Vec::new();
        Connect4::standard().generate_moves(&mut moves);
        assert_eq!(moves, vec![3, 4, 2, 5, 1, 6, 0]);
        moves.clear();
        Connect4::new(4, 4).unwrap().generate_moves(&mut moves);
        moves.sort_unstable();
        assert_eq!(moves, vec![0, 1, 2, 3]);
    }
}
