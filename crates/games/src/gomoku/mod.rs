//! Gomoku: five in a row on a square board of 5×5 to 22×22 (15×15 by default), black
//! first, under the `freestyle` rule (five or more wins), the `standard` rule (exactly
//! five wins; an overline does not) or the `renju` rule (black must make exactly five and
//! may not play a double three, a double four or an overline; see [`renju`]).
//!
//! # Notation
//!
//! - A **move** is written in Gomocup coordinates `x,y`, counted from 0: `x` is the column
//!   from the left, `y` the row from the top (`7,7` is the centre of 15×15). Moves are also
//!   read in letter–number form, `h8`: the column letter (`a` is the left column) and the
//!   row number counted from 1 at the bottom, as in the shared puzzle data.
//! - A **position** is the list of moves played from the empty board, black first,
//!   separated by spaces or `;`: `7,7 8,8 8,7`. The letter–number form may be written
//!   without separators as in the puzzle data (`H8I9I8`), and the two forms may be mixed.
//!   The empty board is the empty string. The position is written back in `x,y` form.
//!
//! # Board representation
//!
//! For every cell and each of the four directions the board keeps a 20-bit key of the ten
//! cells around it (five each side) and, through a precomputed pattern table, the
//! [`Pattern`] black and white would make there by playing it; a move updates the keys of
//! the 40 cells that see it (32 under freestyle, whose patterns never depend on the cells
//! five away). From the four patterns of a cell comes its [`Threat`] class
//! and a value per colour; the evaluation is the sum of these values over empty cells,
//! kept up to date by the same updates, and so are the bit sets of each colour's
//! [four points](Gomoku::four_points) and [five points](Gomoku::five_points).

mod ordering;
mod pattern;
mod player;
pub mod renju;
pub mod vcf;
pub mod vct;

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use gametree_engine::{Game, Outcome, Player};

use crate::board::{Board, BoardCell};
use crate::notation::{Notation, NotationError};
pub use pattern::Pattern;
use pattern::{neighbour_slot, PatternTable, REACH, WALL};
pub use player::{choose_move, new_searcher, play_heuristics, Choice, Chooser};

/// The smallest board side.
pub const MIN_SIZE: u8 = 5;
/// The largest board side.
pub const MAX_SIZE: u8 = 22;
const MAX_CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// `[x, y]` of each cell index `y * size + x`, per board side.
static COORDINATES: [[[u8; 2]; MAX_CELLS]; MAX_SIZE as usize + 1] = coordinate_table();

const fn coordinate_table() -> [[[u8; 2]; MAX_CELLS]; MAX_SIZE as usize + 1] {
    let mut table = [[[0; 2]; MAX_CELLS]; MAX_SIZE as usize + 1];
    let mut size = MIN_SIZE as usize;
    while size <= MAX_SIZE as usize {
        let mut cell = 0;
        while cell < size * size {
            table[size][cell] = [(cell % size) as u8, (cell / size) as u8];
            cell += 1;
        }
        size += 1;
    }
    table
}

/// Words of a [`CellSet`].
const SET_WORDS: usize = MAX_CELLS.div_ceil(64);

/// A set of cells, one bit each.
type CellSet = [u64; SET_WORDS];

/// The cells of a [`CellSet`], in increasing order.
fn set_cells(set: CellSet) -> impl Iterator<Item = Cell> {
    set.into_iter().enumerate().flat_map(|(word, bits)| crate::mnk::bits(bits).map(move |bit| (word * 64) as Cell + Cell::from(bit)))
}
/// The four line directions as (dx, dy).
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Which lines win.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Five or more in a row wins.
    #[default]
    Freestyle,
    /// Exactly five in a row wins; six or more does not.
    Standard,
    /// Renju: white wins with five or more, black with exactly five; black may not make a
    /// double three, a double four or an overline, and loses by playing such a move
    /// (see [`renju`]).
    Renju,
}

impl Rule {
    /// The rule's name as written in game names (`freestyle`, `standard`, `renju`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Rule, NotationError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "freestyle" => Ok(Rule::Freestyle),
            "standard" => Ok(Rule::Standard),
            "renju" => Ok(Rule::Renju),
            other => Err(NotationError::new(format!("unknown gomoku rule `{other}`; use freestyle, standard or renju"))),
        }
    }
}

/// What playing a cell would make for one colour, all four lines together, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Threat {
    /// No line better than an open two.
    Quiet = 0,
    /// A closed three (and nothing better).
    ClosedThree = 5,
    /// An open three.
    OpenThree = 6,
    /// Two open threes at once.
    DoubleThree = 7,
    /// A four (one point completes five).
    Four = 8,
    /// A four and an open three at once.
    FourThree = 9,
    /// An open four, or two fours at once: five next move cannot be stopped.
    OpenFour = 10,
    /// Five in a row.
    Five = 11,
}

const CLASSES: usize = 12;
/// At most this many candidates in a quiet position (no five or open-four threat): the
/// ones the learned ordering rates highest ([`ordering`]).
const QUIET_CANDIDATES: usize = 20;
const CLASS_FOUR: u8 = 8;
const CLASS_OPEN_FOUR: u8 = 10;
const CLASS_FIVE: u8 = 11;
/// Index of the cells of class four or better in `Gomoku::threat_cells`.
const THREAT_FOURS: usize = 0;
/// Index of the five points in `Gomoku::threat_cells`.
const THREAT_FIVES: usize = 1;

/// The combined class (0..12) of a cell from its four line patterns; see [`Threat`].
fn class_of(patterns: [u8; 4]) -> u8 {
    let mut best = 0;
    let mut fours = 0;
    let mut threes = 0;
    for &code in &patterns {
        best = best.max(code);
        if code >= Pattern::Block4 as u8 {
            fours += 1;
        }
        if code == Pattern::Flex3 as u8 {
            threes += 1;
        }
    }
    if best == Pattern::Five as u8 {
        CLASS_FIVE
    } else if best == Pattern::Flex4 as u8 || fours >= 2 {
        CLASS_OPEN_FOUR
    } else if fours == 1 && threes >= 1 {
        9
    } else if fours == 1 {
        CLASS_FOUR
    } else if threes >= 2 {
        7
    } else {
        best
    }
}

/// What the evaluation gives back, for the side to move, per open-four point of the
/// opponent (at most two): most of a flex-four cell's weight, since one stone blocks it.
/// (1,000 scored 32 % against PentaZen at 100 ms a move where controls scored 37-40 %.)
const OPEN_FOUR_POINT_DISCOUNT: i32 = 1500;

/// The value of a pattern in a cell's score.
const PATTERN_WEIGHTS: [i32; 10] = [0, 1, 4, 5, 20, 25, 100, 120, 2000, 20000];

fn value_of(patterns: [u8; 4], class: u8) -> i32 {
    // (The renju codes above five weigh nothing: such a move is forbidden to black.)
    let sum: i32 = patterns.iter().map(|&code| PATTERN_WEIGHTS.get(usize::from(code)).copied().unwrap_or(0)).sum();
    let bonus = match class {
        CLASS_OPEN_FOUR if !patterns.contains(&(Pattern::Flex4 as u8)) => 1800,
        9 => 1000,
        7 => 400,
        _ => 0,
    };
    sum + bonus
}

/// The four line pattern codes of a packed pattern word (four bits a direction, direction
/// 0 lowest), or `None` if a code is neither a [`Pattern`] nor, when `renju_black`, one of
/// the renju codes [`pattern::OVERLINE`] and [`pattern::DOUBLE_FOUR_LINE`].
fn unpacked_patterns(packed: usize, renju_black: bool) -> Option<[u8; 4]> {
    let patterns = [0, 1, 2, 3].map(|direction| (packed >> (4 * direction) & 15) as u8);
    let highest = if renju_black { pattern::DOUBLE_FOUR_LINE } else { Pattern::Five as u8 };
    patterns.iter().all(|&code| code <= highest).then_some(patterns)
}

/// What black's four line patterns on a cell say about playing it under renju, before
/// looking further than those lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RenjuLines {
    /// Not forbidden: a five, or fewer than two fours and two threes.
    Allowed,
    /// Forbidden whatever else is on the board.
    Forbidden(renju::Forbidden),
    /// Two or more lines that look like open threes: forbidden unless enough of them
    /// are not real threes ([`renju`] decides).
    Check,
}

fn renju_lines(patterns: [u8; 4]) -> RenjuLines {
    let count = |code: u8| patterns.iter().filter(|&&other| other == code).count();
    if count(Pattern::Five as u8) > 0 {
        return RenjuLines::Allowed;
    }
    if count(pattern::OVERLINE) > 0 {
        return RenjuLines::Forbidden(renju::Forbidden::Overline);
    }
    let fours = count(Pattern::Block4 as u8) + count(Pattern::Flex4 as u8) + 2 * count(pattern::DOUBLE_FOUR_LINE);
    if fours >= 2 {
        RenjuLines::Forbidden(renju::Forbidden::DoubleFour)
    } else if count(Pattern::Flex3 as u8) >= 2 {
        RenjuLines::Check
    } else {
        RenjuLines::Allowed
    }
}

/// Black's class under renju. A cell forbidden by its lines alone is quiet (class 0, and
/// worth nothing); one with two or more open threes, which may be forbidden, gets no
/// winning class: a four (class 8) if it also makes a four, else class 7.
fn renju_black_class(patterns: [u8; 4]) -> u8 {
    match renju_lines(patterns) {
        RenjuLines::Forbidden(_) => 0,
        RenjuLines::Check if patterns.iter().any(|&code| code == Pattern::Block4 as u8 || code == Pattern::Flex4 as u8) => CLASS_FOUR,
        RenjuLines::Check => 7,
        // (A five beside an overline or a double four on another line: the five counts.)
        RenjuLines::Allowed => class_of(patterns.map(|code| if code > Pattern::Five as u8 { 0 } else { code })),
    }
}

/// A [`cell_table`]: one entry per packed pattern word.
type CellTable = [u32; 1 << 16];

/// The class and value of a cell for every combination of its four line patterns, packed
/// as `class << 24 | value` and indexed by the packed patterns (four bits a direction, see
/// [`CellState::patterns`]): one lookup per changed cell instead of two passes over its lines.
/// Black's table under renju (`renju_black`) has the renju classes. (An array, not a
/// slice, so that indexing it by a `u16` needs no bounds check.)
fn cell_table(renju_black: bool) -> &'static CellTable {
    static TABLES: [OnceLock<Box<CellTable>>; 2] = [OnceLock::new(), OnceLock::new()];
    TABLES[usize::from(renju_black)].get_or_init(|| {
        (0..1usize << 16)
            .map(|index| {
                let Some(patterns) = unpacked_patterns(index, renju_black) else { return 0 };
                let (class, value) = if renju_black {
                    let class = renju_black_class(patterns);
                    match renju_lines(patterns) {
                        RenjuLines::Forbidden(_) => (class, 0),
                        // No bonus for two threes that are likely forbidden.
                        RenjuLines::Check => (class, value_of(patterns, 0)),
                        RenjuLines::Allowed => (class, value_of(patterns, class)),
                    }
                } else {
                    let class = class_of(patterns);
                    (class, value_of(patterns, class))
                };
                debug_assert!((0..1 << 24).contains(&value));
                u32::from(class) << 24 | value as u32
            })
            .collect::<Box<[u32]>>()
            .try_into()
            .expect("one entry per packed pattern word")
    })
}

/// `key` with the cell `offset` steps along its line (see [`neighbour_slot`]) set to `code`.
#[inline(always)]
fn key_with(key: u32, offset: i32, code: u32) -> u32 {
    let shift = 2 * neighbour_slot(offset);
    (key & !(3 << shift)) | (code << shift)
}

/// The shift of the key slot of the cell `offset` steps along the line, for the `step`
/// of the loops of `Gomoku::set_stone` and `Gomoku::remove_stone` (`offset` is `step`
/// below zero and `step + 1` from zero on): with the gap at offset 0 the slot is `step`
/// plus [`pattern::REACH`] either way, so no branch on the sign.
#[inline(always)]
fn step_slot_shift(step: i32) -> u32 {
    debug_assert_eq!((2 * (step + pattern::REACH)) as u32, 2 * neighbour_slot(step + i32::from(step >= 0)));
    (2 * (step + pattern::REACH)) as u32
}

/// Packed patterns (four bits a direction) with `direction`'s code set to `code`.
#[inline(always)]
fn patterns_with(packed: u16, direction: usize, code: u8) -> u16 {
    let shift = 4 * direction;
    (packed & !(15 << shift)) | (u16::from(code) << shift)
}

/// The offsets `k` in `-reach..=reach` for which `coordinate - k * step` lies in `0..side`.
fn on_board_offsets(coordinate: i32, step: i32, side: i32, reach: i32) -> (i32, i32) {
    match step {
        0 => (-reach, reach),
        1 => ((coordinate - side + 1).max(-reach), coordinate.min(reach)),
        _ => ((-coordinate).max(-reach), (side - 1 - coordinate).min(reach)),
    }
}

/// The statistics a move changes besides its cells, saved before it so that
/// [`Game::undo`] puts them back as they were instead of working them out again.
#[derive(Clone)]
struct Saved {
    totals: [i32; 2],
    class_counts: [[u16; CLASSES]; 2],
    threat_cells: [[CellSet; 2]; 2],
    /// The length of `Gomoku::changes` before the move.
    changes: usize,
}

/// What one colour's line patterns make of an empty cell: all zero on occupied cells.
/// Kept together so that a move saves and an undo restores each changed cell with one
/// copy (three parallel arrays took three, each with its own bounds check).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct CellState {
    /// The evaluation's value of the cell (see `value_of`).
    value: i32,
    /// The pattern code of each line, four bits a direction (direction 0 lowest).
    patterns: u16,
    /// The threat class (see `class_of`).
    class: u8,
}

/// A cell's [`CellState`] for one colour before a move changed it.
#[derive(Clone, Copy)]
struct CellChange {
    /// `colour * MAX_CELLS + cell`: the index in the flattened `Gomoku::cell_states`.
    slot: u16,
    state: CellState,
}

/// Zobrist keys for (colour, cell).
fn zobrist() -> &'static [[u64; MAX_CELLS]; 2] {
    static KEYS: OnceLock<Box<[[u64; MAX_CELLS]; 2]>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut keys = Box::new([[0u64; MAX_CELLS]; 2]);
        let mut state = 0x0123_4567_89AB_CDEFu64;
        for colour in keys.iter_mut() {
            for key in colour.iter_mut() {
                state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                *key = crate::mnk::mix(state);
            }
        }
        keys
    })
}

/// Hashed in when the side to move was changed by [`Gomoku::pass`].
const PASS_KEY: u64 = 0x6A09_E667_F3BC_C908;

/// A cell index: `y * size + x`.
pub type Cell = u16;

/// A gomoku position with incremental line patterns; see the [module documentation](self).
///
/// ```
/// use gametree_engine::{Game, Outcome, Player};
/// use gametree_games::gomoku::{Gomoku, Rule};
/// use gametree_games::Notation;
/// let mut board = Gomoku::parse(15, Rule::Freestyle, "7,7 0,0 8,7 0,1 9,7 0,2 10,7 0,3").unwrap();
/// let five = board.parse_move("11,7").unwrap();
/// assert_eq!(board.five_points(Player::First).count(), 2); // 6,7 and 11,7
/// assert!(board.immediate_win().is_some());
/// board.play(five);
/// assert_eq!(board.outcome(), Some(Outcome::Win(Player::First)));
/// assert_eq!(board.parse_move("l8"), Err(gametree_games::NotationError::new("move `l8`: the game is over")));
/// ```
#[derive(Clone)]
pub struct Gomoku {
    size: u8,
    rule: Rule,
    table: &'static PatternTable,
    /// The class-and-value table of each colour's cells (black's differs under renju).
    cell_tables: [&'static CellTable; 2],
    /// 0 empty, 1 black, 2 white.
    stones: [u8; MAX_CELLS],
    keys: [[u32; MAX_CELLS]; 4],
    /// Per colour and cell, its line patterns, class and value.
    cell_states: [[CellState; MAX_CELLS]; 2],
    /// Sum of the cell states' values over empty cells, per colour.
    totals: [i32; 2],
    /// Empty cells per class, per colour.
    class_counts: [[u16; CLASSES]; 2],
    /// Per colour, the empty cells where it makes a four or better ([`THREAT_FOURS`]) and
    /// those where it completes five ([`THREAT_FIVES`]): the threat searches and the
    /// candidate rules list them without a scan of the board.
    threat_cells: [[CellSet; 2]; 2],
    /// Stones within two cells (king distance) of each cell.
    /// (Eight more bytes, always zero, so that a row of five counts is one `u64` access
    /// wherever it starts: see `change_near`.)
    near: [u8; MAX_CELLS + 8],
    history: Vec<Cell>,
    /// The side to move is the other one than the stone count says (after a pass).
    passed: bool,
    hash: u64,
    winner: Option<Player>,
    /// One entry per stone on the board, in the order played: the statistics before it.
    saved: Vec<Saved>,
    /// Every cell a stone on the board changed, with what it was before, in order.
    changes: Vec<CellChange>,
    /// Per colour, in per cent, how much [`Game::evaluate`] counts its pattern total: 100
    /// for both unless [`Gomoku::set_caution`] made one side weigh the other's higher. A
    /// setting of the search, not part of the position: equality ignores it.
    total_weights: [i32; 2],
}

impl PartialEq for Gomoku {
    fn eq(&self, other: &Gomoku) -> bool {
        self.size == other.size
            && self.rule == other.rule
            && self.history == other.history
            && self.passed == other.passed
            && self.stones == other.stones
            && self.keys == other.keys
            && self.cell_states == other.cell_states
            && self.totals == other.totals
            && self.class_counts == other.class_counts
            && self.threat_cells == other.threat_cells
            && self.near == other.near
            && self.hash == other.hash
            && self.winner == other.winner
    }
}

impl fmt::Debug for Gomoku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Gomoku({}, {}, \"{}\")", self.size, self.rule, self.notation())
    }
}

fn colour_index(player: Player) -> usize {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

impl Gomoku {
    /// The empty board of side `size` (5..=22).
    pub fn new(size: u8, rule: Rule) -> Result<Gomoku, NotationError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(NotationError::new(format!("gomoku board size {size}: sizes {MIN_SIZE} to {MAX_SIZE} are supported")));
        }
        let mut board = Gomoku {
            size,
            rule,
            table: PatternTable::get(rule),
            cell_tables: [cell_table(rule == Rule::Renju), cell_table(false)],
            stones: [0; MAX_CELLS],
            keys: [[0; MAX_CELLS]; 4],
            cell_states: [[CellState::default(); MAX_CELLS]; 2],
            totals: [0; 2],
            class_counts: [[0; CLASSES]; 2],
            threat_cells: [[[0; SET_WORDS]; 2]; 2],
            near: [0; MAX_CELLS + 8],
            history: Vec::new(),
            passed: false,
            hash: 0,
            winner: None,
            saved: Vec::new(),
            changes: Vec::new(),
            total_weights: [100; 2],
        };
        let side = i32::from(size);
        for cell in 0..board.cells() {
            let (x, y) = board.coordinates(cell as Cell);
            for (direction, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                for offset in (-REACH..=REACH).filter(|&offset| offset != 0) {
                    let (nx, ny) = (x + offset * dx, y + offset * dy);
                    if nx < 0 || ny < 0 || nx >= side || ny >= side {
                        board.keys[direction][cell] |= WALL << (2 * neighbour_slot(offset));
                    }
                }
            }
            board.refresh_cell(cell);
            board.add_cell_statistics(cell);
        }
        Ok(board)
    }

    /// Reads a position (a move list; see the [module documentation](self)).
    pub fn parse(size: u8, rule: Rule, text: &str) -> Result<Gomoku, NotationError> {
        let mut board = Gomoku::new(size, rule)?;
        for (index, token) in tokens(text)?.into_iter().enumerate() {
            let cell = board
                .cell_of_token(&token)
                .map_err(|error| NotationError::new(format!("move {} `{token}`: {}", index + 1, error.message)))?;
            board.play(cell);
        }
        Ok(board)
    }

    /// A position given by its black and white stones (in any order), as the Gomocup
    /// `BOARD` command sends them. Black must have as many stones as white or one more.
    /// Under renju no black stone is judged forbidden: the order they came in is not known.
    pub fn from_stones(size: u8, rule: Rule, black: &[Cell], white: &[Cell]) -> Result<Gomoku, NotationError> {
        let mut board = Gomoku::new(size, rule)?;
        if black.len() != white.len() && black.len() != white.len() + 1 {
            return Err(NotationError::new(format!(
                "{} black and {} white stones: black has as many stones as white or one more",
                black.len(),
                white.len()
            )));
        }
        let mut order = Vec::with_capacity(black.len() + white.len());
        for (index, &cell) in black.iter().enumerate() {
            order.push(cell);
            if let Some(&reply) = white.get(index) {
                order.push(reply);
            }
        }
        for cell in order {
            if usize::from(cell) >= board.cells() || board.stones[usize::from(cell)] != 0 {
                let (x, y) = board.coordinates(cell);
                return Err(NotationError::new(format!("stone {x},{y} is off the board or given twice")));
            }
            if board.winner.is_some() {
                return Err(NotationError::new("the stones already contain a five in a row"));
            }
            // The order is made up: a black stone is not judged forbidden on the way.
            board.put(cell, false);
        }
        Ok(board)
    }

    /// The board side.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The rule.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Number of cells.
    #[must_use]
    pub fn cells(&self) -> usize {
        usize::from(self.size) * usize::from(self.size)
    }

    /// The moves played so far, in order.
    #[must_use]
    pub fn history(&self) -> &[Cell] {
        &self.history
    }

    /// The cell at column `x`, row `y` (from the top), if on the board.
    #[must_use]
    pub fn cell_at(&self, x: i32, y: i32) -> Option<Cell> {
        let side = i32::from(self.size);
        (x >= 0 && y >= 0 && x < side && y < side).then(|| (y * side + x) as Cell)
    }

    /// (x, y) of a cell of this board (`cell < size * size`).
    #[must_use]
    pub fn coordinates(&self, cell: Cell) -> (i32, i32) {
        // A table, not `%` and `/`: a move's updates and the ordering ask for coordinates
        // a few times a node, and a division by the run-time side is slow.
        let [x, y] = COORDINATES[usize::from(self.size)][usize::from(cell)];
        (i32::from(x), i32::from(y))
    }

    /// Who holds `cell`.
    #[must_use]
    pub fn stone(&self, cell: Cell) -> Option<Player> {
        match self.stones[usize::from(cell)] {
            1 => Some(Player::First),
            2 => Some(Player::Second),
            _ => None,
        }
    }

    /// The pattern `player` makes along `direction` (0..4: horizontal, vertical,
    /// diagonal, anti-diagonal) by playing the empty cell `cell` ([`Pattern::None`] on
    /// occupied cells).
    #[must_use]
    pub fn pattern(&self, player: Player, cell: Cell, direction: usize) -> Pattern {
        Pattern::from_code((self.cell_states[colour_index(player)][usize::from(cell)].patterns >> (4 * direction) & 15) as u8)
    }

    /// The threat `player` makes by playing the empty cell `cell`, all lines together.
    #[must_use]
    pub fn threat(&self, player: Player, cell: Cell) -> Threat {
        match self.cell_states[colour_index(player)][usize::from(cell)].class {
            11 => Threat::Five,
            10 => Threat::OpenFour,
            9 => Threat::FourThree,
            8 => Threat::Four,
            7 => Threat::DoubleThree,
            6 => Threat::OpenThree,
            5 => Threat::ClosedThree,
            _ => Threat::Quiet,
        }
    }

    /// Whether `player` makes a four or five by playing `cell` (some line at least a four).
    #[must_use]
    pub fn makes_four(&self, player: Player, cell: Cell) -> bool {
        self.cell_states[colour_index(player)][usize::from(cell)].class >= CLASS_FOUR
    }

    /// Makes [`Game::evaluate`], in this position and every one played from it, weigh the
    /// pattern total of `player`'s opponent `percent` per cent higher than its own,
    /// whichever side is to move: the evaluation of a search that `player` runs and that
    /// fears the opponent's threats a little more than it values its own. 0 restores the
    /// plain evaluation. The position itself (its moves, hash and equality) is unchanged.
    ///
    /// The value stays one zero-sum function of the position (what one side gains the
    /// other loses), so negamax and the transposition table remain sound, as long as one
    /// table does not mix searches with different settings.
    ///
    /// ```
    /// use gametree_engine::{Game, Player};
    /// use gametree_games::gomoku::{Gomoku, Rule};
    ///
    /// // White has two stones in a row; black, to move, has one.
    /// let mut position = Gomoku::parse(15, Rule::Freestyle, "a1 h8 o15 i8").unwrap();
    /// let plain = position.evaluate();
    /// position.set_caution(Player::First, 15);
    /// assert!(position.evaluate() < plain);
    /// position.set_caution(Player::First, 0);
    /// assert_eq!(position.evaluate(), plain);
    /// ```
    pub fn set_caution(&mut self, player: Player, percent: i32) {
        self.total_weights = [100; 2];
        self.total_weights[1 - colour_index(player)] = 100 + percent;
    }

    /// Every empty cell where `player` would complete five.
    pub fn five_points(&self, player: Player) -> impl Iterator<Item = Cell> {
        set_cells(self.threat_cells[colour_index(player)][THREAT_FIVES])
    }

    /// Number of empty cells where `player` would complete five.
    #[must_use]
    pub fn five_point_count(&self, player: Player) -> usize {
        usize::from(self.class_counts[colour_index(player)][usize::from(CLASS_FIVE)])
    }

    /// Why black may not play the empty `cell` under renju ([`renju`]), if it may not:
    /// `None` under the other rules, on occupied cells, and wherever black may play.
    /// (Asked whoever is to move: it says what black's move there would be.)
    #[must_use]
    pub fn forbidden(&self, cell: Cell) -> Option<renju::Forbidden> {
        if self.rule != Rule::Renju || self.stones[usize::from(cell)] != 0 {
            return None;
        }
        let packed = usize::from(self.cell_states[0][usize::from(cell)].patterns);
        match unpacked_patterns(packed, true).map_or(RenjuLines::Allowed, renju_lines) {
            RenjuLines::Allowed => None,
            RenjuLines::Forbidden(reason) => Some(reason),
            RenjuLines::Check => renju::double_three(self, cell),
        }
    }

    /// Whether the side to move may not play `cell`: black's forbidden moves under renju.
    fn forbidden_to_mover(&self, cell: Cell) -> bool {
        self.rule == Rule::Renju && self.to_move() == Player::First && self.forbidden(cell).is_some()
    }

    /// Plays `cell` for the side to move; a five wins, and so, when `judge_forbidden`, does
    /// black's forbidden move under renju (for white). Stones given as a set rather than
    /// in the order played ([`Gomoku::from_stones`]) are put down without that judgement.
    fn put(&mut self, cell: Cell, judge_forbidden: bool) {
        let index = usize::from(cell);
        debug_assert!(self.stones[index] == 0, "cell {cell} is occupied");
        let player = self.to_move();
        let colour = colour_index(player);
        let wins = self.cell_states[colour][index].class == CLASS_FIVE;
        let loses = !wins && judge_forbidden && self.forbidden_to_mover(cell);
        self.set_stone(cell, colour as u8 + 1);
        self.history.push(cell);
        if wins {
            self.winner = Some(player);
        } else if loses {
            self.winner = Some(player.opponent());
        }
    }

    /// Removes the side to move's forbidden moves from `moves` (black under renju only).
    fn drop_forbidden(&self, moves: &mut Vec<Cell>) {
        if self.rule == Rule::Renju && self.to_move() == Player::First {
            moves.retain(|&cell| self.forbidden(cell).is_none());
        }
    }

    /// Whether `player` has a cell that makes an open four or better (an open three, a
    /// double four… on the board).
    #[must_use]
    pub fn threatens_open_four(&self, player: Player) -> bool {
        let counts = &self.class_counts[colour_index(player)];
        counts[usize::from(CLASS_OPEN_FOUR)] > 0
    }

    /// The empty cells where `player` makes a four or better (completes five, makes an open
    /// four or a four), in increasing order.
    pub fn four_points(&self, player: Player) -> impl Iterator<Item = Cell> {
        set_cells(self.threat_cells[colour_index(player)][THREAT_FOURS])
    }

    /// The [`Game::hash`] the position would have after the side to move plays `cell`,
    /// without playing it.
    #[must_use]
    pub(crate) fn key_after(&self, cell: Cell) -> u64 {
        self.hash ^ zobrist()[colour_index(self.to_move())][usize::from(cell)]
    }

    /// Gives the move to the other side without playing (a pass, which gomoku does not
    /// have: threat searches use it to ask what the opponent would do with a free move).
    pub fn pass(&mut self) {
        self.passed = !self.passed;
        self.hash ^= PASS_KEY;
    }

    /// Whether `cell` is empty and near a stone (or the centre of an empty board).
    #[must_use]
    pub fn is_candidate(&self, cell: Cell) -> bool {
        let index = usize::from(cell);
        self.stones[index] == 0 && (self.near[index] > 0 || (self.history.is_empty() && cell == self.centre()))
    }

    /// The centre cell.
    #[must_use]
    pub fn centre(&self) -> Cell {
        let middle = i32::from(self.size) / 2;
        self.cell_at(middle, middle).expect("the centre is on the board")
    }

    /// Facing the opponent's open-four points (an open three, or a double-four point) with
    /// `moves` the mover's fours and the opponent's four points: keeps the fours and the
    /// blocks after which the opponent has no open-four point left. Any other move loses
    /// to the open four (the mover's later fours cannot stop two five points), so only
    /// moves that lose are dropped; if nothing would be left, the first move stays for
    /// all of them. (Of an open three `..XXX..` the two outer four points are no
    /// defence.) Under renju, or with more than eight open-four points, `moves` stays.
    fn keep_answers_to_open_fours(&self, moves: &mut Vec<Cell>) {
        if self.rule == Rule::Renju {
            // Black's open-four points may be forbidden to it: the classes say less.
            return;
        }
        let own = colour_index(self.to_move());
        let opponent = 1 - own;
        let mut open_four_points = [0usize; 8];
        let mut count = 0;
        for cell in set_cells(self.threat_cells[opponent][THREAT_FOURS]) {
            let index = usize::from(cell);
            if self.cell_states[opponent][index].class == CLASS_OPEN_FOUR {
                if count == open_four_points.len() {
                    return;
                }
                open_four_points[count] = index;
                count += 1;
            }
        }
        let points = &open_four_points[..count];
        let before = moves.len();
        let first = moves.first().copied();
        moves.retain(|&cell| {
            self.cell_states[own][usize::from(cell)].class >= CLASS_FOUR || self.stops_open_fours(cell, opponent, points)
        });
        if moves.is_empty() && before > 0 {
            moves.extend(first);
        }
    }

    /// Whether a stone of the other colour on the empty `block` leaves none of
    /// `attacker`'s open-four `points` a class of open four or better.
    fn stops_open_fours(&self, block: Cell, attacker: usize, points: &[usize]) -> bool {
        let block_index = usize::from(block);
        let (block_x, block_y) = self.coordinates(block);
        let reach = self.table.reach();
        let code = (2 - attacker) as u32;
        points.iter().all(|&point| {
            if point == block_index {
                return true;
            }
            let (x, y) = self.coordinates(point as Cell);
            let (along_x, along_y) = (block_x - x, block_y - y);
            let Some((direction, offset)) = DIRECTIONS.iter().enumerate().find_map(|(direction, &(dx, dy))| {
                let offset = if dx != 0 { along_x * dx } else { along_y * dy };
                (offset != 0 && offset.abs() <= reach && (offset * dx, offset * dy) == (along_x, along_y))
                    .then_some((direction, offset))
            }) else {
                // Not on one of the point's lines within reach: its class stays.
                return false;
            };
            let (black, white) = self.table.lookup(key_with(self.keys[direction][point], offset, code));
            let packed =
                patterns_with(self.cell_states[attacker][point].patterns, direction, if attacker == 0 { black } else { white });
            ((self.cell_tables[attacker][usize::from(packed)] >> 24) as u8) < CLASS_OPEN_FOUR
        })
    }

    /// The state of an empty cell whose line patterns for `colour` are `packed`.
    #[inline(always)]
    fn state_of(&self, colour: usize, packed: u16) -> CellState {
        let entry = self.cell_tables[colour][usize::from(packed)];
        CellState { value: (entry & 0xFF_FFFF) as i32, patterns: packed, class: (entry >> 24) as u8 }
    }

    /// Recomputes the patterns, class and value of `cell` from its keys (no statistics).
    fn refresh_cell(&mut self, cell: usize) {
        if self.stones[cell] != 0 {
            for states in &mut self.cell_states {
                states[cell] = CellState::default();
            }
            return;
        }
        let mut packed = [0u16; 2];
        for direction in 0..4 {
            let (black, white) = self.table.lookup(self.keys[direction][cell]);
            packed[0] |= u16::from(black) << (4 * direction);
            packed[1] |= u16::from(white) << (4 * direction);
        }
        for (colour, &packed) in packed.iter().enumerate() {
            self.cell_states[colour][cell] = self.state_of(colour, packed);
        }
    }

    fn add_cell_statistics(&mut self, cell: usize) {
        if self.stones[cell] != 0 {
            return;
        }
        for colour in 0..2 {
            let CellState { value, class, .. } = self.cell_states[colour][cell];
            self.totals[colour] += value;
            self.class_counts[colour][usize::from(class)] += 1;
            self.mark_threat(colour, cell, class, true);
        }
    }

    fn remove_cell_statistics(&mut self, cell: usize) {
        if self.stones[cell] != 0 {
            return;
        }
        for colour in 0..2 {
            let CellState { value, class, .. } = self.cell_states[colour][cell];
            self.totals[colour] -= value;
            self.class_counts[colour][usize::from(class)] -= 1;
            self.mark_threat(colour, cell, class, false);
        }
    }

    /// Sets the pattern `colour` makes along `direction` on the empty `cell` to `code`, and
    /// the cell's class, value and the statistics with it. About a third of the calls
    /// change nothing: the stone played was too far away to matter to this cell for that
    /// colour.
    #[inline(always)]
    fn update_pattern(&mut self, colour: usize, cell: usize, direction: usize, code: u8) {
        let old = self.cell_states[colour][cell].patterns;
        if (old >> (4 * direction)) & 15 != u16::from(code) {
            self.change_patterns(colour, cell, patterns_with(old, direction, code));
        }
    }

    /// Gives the empty `cell` the packed patterns `new` for `colour`, with the class, value
    /// and statistics that go with them.
    #[inline(always)]
    fn change_patterns(&mut self, colour: usize, cell: usize, new: u16) {
        let old = self.cell_states[colour][cell];
        self.changes.push(CellChange { slot: (colour * MAX_CELLS + cell) as u16, state: old });
        let state = self.state_of(colour, new);
        self.cell_states[colour][cell] = state;
        self.totals[colour] += state.value - old.value;
        let (old_class, class) = (old.class, state.class);
        if class != old_class {
            self.class_counts[colour][usize::from(old_class)] -= 1;
            self.class_counts[colour][usize::from(class)] += 1;
            if old_class >= CLASS_FOUR || class >= CLASS_FOUR {
                self.mark_threat(colour, cell, old_class, false);
                self.mark_threat(colour, cell, class, true);
            }
        }
    }

    /// Adds (`present`) or removes the empty `cell`, of `class` for `colour`, in the
    /// threat sets its class belongs to.
    #[inline(always)]
    fn mark_threat(&mut self, colour: usize, cell: usize, class: u8, present: bool) {
        if class < CLASS_FOUR {
            return;
        }
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        let sets = &mut self.threat_cells[colour];
        let kinds: &[usize] = if class == CLASS_FIVE { &[THREAT_FOURS, THREAT_FIVES] } else { &[THREAT_FOURS] };
        for &kind in kinds {
            if present {
                sets[kind][word] |= bit;
            } else {
                sets[kind][word] &= !bit;
            }
        }
    }

    /// Records what `colour`'s patterns, class and value on `cell` are before a move
    /// changes them.
    #[inline(always)]
    fn save_cell(&mut self, colour: usize, cell: usize) {
        self.changes.push(CellChange { slot: (colour * MAX_CELLS + cell) as u16, state: self.cell_states[colour][cell] });
    }

    /// Puts a stone of `code` (1 black, 2 white) on the empty `cell`, updating everything,
    /// and saves what it changed for [`Gomoku::remove_stone`].
    fn set_stone(&mut self, cell: Cell, code: u8) {
        let index = usize::from(cell);
        let colour = usize::from(code) - 1;
        self.saved.push(Saved {
            totals: self.totals,
            class_counts: self.class_counts,
            threat_cells: self.threat_cells,
            changes: self.changes.len(),
        });
        self.hash ^= zobrist()[colour][index];
        self.remove_cell_statistics(index);
        for colour in 0..2 {
            self.save_cell(colour, index);
        }
        self.stones[index] = code;
        self.refresh_cell(index);
        for (direction, (low, high, stride)) in self.line_reach(cell).into_iter().enumerate() {
            for step in low..high {
                // `low..=high` without 0.
                let offset = step + i32::from(step >= 0);
                let neighbour = (index as i32 - offset * stride) as usize;
                let key = &mut self.keys[direction][neighbour];
                // The slot was empty (code 0); `step_slot_shift` is `key_with`'s shift.
                *key |= u32::from(code) << step_slot_shift(step);
                if self.stones[neighbour] == 0 {
                    let (black, white) = self.table.lookup(*key);
                    self.update_pattern(0, neighbour, direction, black);
                    self.update_pattern(1, neighbour, direction, white);
                }
            }
        }
        self.change_near(cell, true);
    }

    /// Takes the last stone played, on `cell`, off the board: what it changed is put
    /// back from what [`Gomoku::set_stone`] saved, with no table lookups.
    fn remove_stone(&mut self, cell: Cell) {
        let index = usize::from(cell);
        let colour = usize::from(self.stones[index]) - 1;
        self.hash ^= zobrist()[colour][index];
        self.stones[index] = 0;
        let saved = self.saved.last().expect("a stone to remove was put by set_stone");
        let states = self.cell_states.as_flattened_mut();
        for change in self.changes[saved.changes..].iter().rev() {
            states[usize::from(change.slot)] = change.state;
        }
        self.changes.truncate(saved.changes);
        self.totals = saved.totals;
        self.class_counts = saved.class_counts;
        self.threat_cells = saved.threat_cells;
        self.saved.pop();
        for (direction, (low, high, stride)) in self.line_reach(cell).into_iter().enumerate() {
            for step in low..high {
                // `low..=high` without 0.
                let offset = step + i32::from(step >= 0);
                let key = &mut self.keys[direction][(index as i32 - offset * stride) as usize];
                *key &= !(3 << step_slot_shift(step));
            }
        }
        self.change_near(cell, false);
    }

    /// Per direction, the cells whose keys hold `cell`: those `offset` steps back along
    /// the line for `offset` in `low..=high` but 0 (see [`neighbour_slot`]), `stride`
    /// apart in the cell index, as `(low, high, stride)`. Only offsets that stay on the
    /// board, so no bounds test per cell. (`set_stone` and `remove_stone` each loop over
    /// these themselves: a shared iterator of the neighbours, `flat_map` over the
    /// directions, made a search execute 70 % more instructions by cachegrind.)
    #[inline(always)]
    fn line_reach(&self, cell: Cell) -> [(i32, i32, i32); 4] {
        let (x, y) = self.coordinates(cell);
        let side = i32::from(self.size);
        // Under freestyle the cells five away never change a pattern: their keys are not
        // kept (see `PatternTable::reach`).
        let reach = self.table.reach();
        let mut reaches = [(0, 0, 0); 4];
        for (reach_of_line, &(dx, dy)) in reaches.iter_mut().zip(&DIRECTIONS) {
            let (low_x, high_x) = on_board_offsets(x, dx, side, reach);
            let (low_y, high_y) = on_board_offsets(y, dy, side, reach);
            *reach_of_line = (low_x.max(low_y), high_x.min(high_y), dy * side + dx);
        }
        reaches
    }

    /// Adds one to (`add`) or takes one from the count of nearby stones of each cell
    /// within two of `cell`: each row's counts (up to five bytes) as one `u64`. A count
    /// is at most 25, so no byte carries into the next.
    fn change_near(&mut self, cell: Cell, add: bool) {
        let (x, y) = self.coordinates(cell);
        let side = i32::from(self.size);
        let (low_x, high_x) = ((x - 2).max(0), (x + 2).min(side - 1));
        let ones = 0x01_0101_0101u64 & ((1u64 << (8 * (high_x - low_x + 1))) - 1);
        for ny in (y - 2).max(0)..=(y + 2).min(side - 1) {
            let start = (ny * side + low_x) as usize;
            let bytes: &mut [u8; 8] = (&mut self.near[start..start + 8]).try_into().expect("eight bytes");
            let counts = u64::from_le_bytes(*bytes);
            *bytes = if add { counts.wrapping_add(ones) } else { counts.wrapping_sub(ones) }.to_le_bytes();
        }
    }

    /// The learned move-ordering score of each empty cell for the side to move (see
    /// [`ordering`]): higher for the moves a strong player more likely makes.
    fn ordering_scores(&self) -> impl Fn(Cell) -> i32 + '_ {
        let own = colour_index(self.to_move());
        let table = ordering::table();
        let place = |back: usize| self.history.len().checked_sub(back).map(|index| self.coordinates(self.history[index]));
        let (last, previous) = (place(1), place(2));
        move |cell: Cell| {
            let index = usize::from(cell);
            let (x, y) = self.coordinates(cell);
            let distance = |from: Option<(i32, i32)>| {
                ordering::distance_index(from.map(|(from_x, from_y)| (x - from_x).abs().max((y - from_y).abs())))
            };
            let (own_state, other_state) = (self.cell_states[own][index], self.cell_states[1 - own][index]);
            let (own_class, other_class) = (usize::from(own_state.class), usize::from(other_state.class));
            let last_distance = distance(last);
            table[usize::from(own_state.patterns)][ordering::MOVER]
                + table[usize::from(other_state.patterns)][ordering::WAITER]
                + ordering::DISTANCE_LAST[last_distance]
                + ordering::DISTANCE_PREVIOUS[distance(previous)]
                + ordering::CLASS_PAIR[own_class][other_class]
                + ordering::DISTANCE_CLASS[last_distance][other_class]
        }
    }

    fn cell_of_token(&self, token: &Token) -> Result<Cell, NotationError> {
        let side = i32::from(self.size);
        let text = token.to_string();
        let (x, y) = match *token {
            Token::Coordinates(x, y) => (x, y),
            Token::LetterNumber(column, row) => (column, side - row),
        };
        let Some(cell) = self.cell_at(x, y) else {
            return Err(NotationError::new(format!("{text} is off the {side}×{side} board")));
        };
        if self.winner.is_some() {
            return Err(NotationError::new("the game is over"));
        }
        if self.stones[usize::from(cell)] != 0 {
            return Err(NotationError::new(format!("{text} is already occupied")));
        }
        Ok(cell)
    }

    /// Appends the cells of the side to move's threat set `own` and of the opponent's
    /// threat set `opponent` (each [`THREAT_FOURS`], [`THREAT_FIVES`] or none), in
    /// increasing order: the winning moves, the blocks of five threats, or the fours and
    /// the blocks of an open three.
    fn push_threat_cells(&self, moves: &mut Vec<Cell>, own: Option<usize>, opponent: Option<usize>) {
        moves.extend(set_cells(self.threat_union(own, opponent)));
    }

    /// The union of the side to move's threat set `own` and the opponent's threat set
    /// `opponent` (each [`THREAT_FOURS`], [`THREAT_FIVES`] or none).
    fn threat_union(&self, own: Option<usize>, opponent: Option<usize>) -> CellSet {
        let colour = colour_index(self.to_move());
        let set = |colour: usize, kind: Option<usize>| kind.map_or([0; SET_WORDS], |kind| self.threat_cells[colour][kind]);
        let (own, opponent) = (set(colour, own), set(1 - colour, opponent));
        let mut union = [0; SET_WORDS];
        for word in 0..SET_WORDS {
            union[word] = own[word] | opponent[word];
        }
        union
    }
}

/// One move in a position text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    /// Gomocup `x,y`.
    Coordinates(i32, i32),
    /// Column index (from 0) and row number (from 1 at the bottom).
    LetterNumber(i32, i32),
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Token::Coordinates(x, y) => write!(f, "{x},{y}"),
            Token::LetterNumber(column, row) => write!(f, "{}{row}", (b'a' + column as u8) as char),
        }
    }
}

fn number(chars: &[char], index: &mut usize) -> Option<i32> {
    let start = *index;
    while *index < chars.len() && chars[*index].is_ascii_digit() && *index - start < 4 {
        *index += 1;
    }
    if *index == start {
        return None;
    }
    chars[start..*index].iter().collect::<String>().parse().ok()
}

/// Splits a position text into moves.
fn tokens(text: &str) -> Result<Vec<Token>, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let mut index = 0;
    let mut result = Vec::new();
    while index < chars.len() {
        let c = chars[index];
        if c.is_whitespace() || c == ';' {
            index += 1;
        } else if c.is_ascii_digit() {
            let x = number(&chars, &mut index);
            let comma = chars.get(index) == Some(&',');
            index += usize::from(comma);
            let y = if comma { number(&chars, &mut index) } else { None };
            match (x, y) {
                (Some(x), Some(y)) => result.push(Token::Coordinates(x, y)),
                _ => {
                    return Err(NotationError::new(format!(
                        "move {}: expected x,y (two numbers separated by a comma) at character {}",
                        result.len() + 1,
                        index + 1
                    )))
                }
            }
        } else if c.is_ascii_alphabetic() {
            index += 1;
            let column = i32::from(c.to_ascii_lowercase() as u8 - b'a');
            match number(&chars, &mut index) {
                Some(row) => result.push(Token::LetterNumber(column, row)),
                None => {
                    return Err(NotationError::new(format!(
                        "move {}: expected a row number after column `{c}` at character {}",
                        result.len() + 1,
                        index + 1
                    )))
                }
            }
        } else {
            return Err(NotationError::new(format!(
                "move {}: unexpected `{c}` at character {}; moves are x,y or letter-number like h8",
                result.len() + 1,
                index + 1
            )));
        }
    }
    Ok(result)
}

impl Game for Gomoku {
    type Move = Cell;

    fn to_move(&self) -> Player {
        if self.history.len().is_multiple_of(2) != self.passed {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The candidate moves: the cells that complete five if there are any; else the
    /// blocks of the opponent's five threats; else, when the opponent threatens an open
    /// four (has an open three), the own fours and those of the opponent's four points
    /// that leave it no open-four point (the others lose to the open four at once); else
    /// the empty cells within two of a stone (the centre on an empty board), at most the
    /// 20 the learned ordering rates highest. Black's forbidden moves under renju are left
    /// out (all of them only when nothing else is left).
    fn generate_moves(&self, moves: &mut Vec<Cell>) {
        let own = colour_index(self.to_move());
        let opponent = 1 - own;
        if self.history.is_empty() {
            moves.push(self.centre());
            return;
        }
        if self.class_counts[own][usize::from(CLASS_FIVE)] > 0 {
            self.push_threat_cells(moves, Some(THREAT_FIVES), None);
        } else if self.class_counts[opponent][usize::from(CLASS_FIVE)] > 0 {
            self.push_threat_cells(moves, None, Some(THREAT_FIVES));
        } else if self.is_threatened() {
            // Facing an open three: own fours, and those of its blocks (the opponent's four
            // points) that leave it no open-four point. The threat extension still counts
            // every four point (`threat_answers`).
            self.push_threat_cells(moves, Some(THREAT_FOURS), Some(THREAT_FOURS));
            self.keep_answers_to_open_fours(moves);
        } else {
            for cell in 0..self.cells() {
                if self.stones[cell] == 0 && self.near[cell] > 0 {
                    moves.push(cell as Cell);
                }
            }
            self.drop_forbidden(moves);
            if moves.len() > QUIET_CANDIDATES {
                // Keep the cells a strong player would most likely choose, in no
                // particular order: `order_moves` sorts them.
                // Each score computed once (a selection compares each cell several times).
                let score = self.ordering_scores();
                let mut scored: Vec<(std::cmp::Reverse<i32>, Cell)> =
                    moves.iter().map(|&cell| (std::cmp::Reverse(score(cell)), cell)).collect();
                scored.select_nth_unstable_by_key(QUIET_CANDIDATES - 1, |&(score, _)| score);
                moves.clear();
                moves.extend(scored[..QUIET_CANDIDATES].iter().map(|&(_, cell)| cell));
            }
        }
        let answers = moves.len();
        self.drop_forbidden(moves);
        let empty = |cell: &Cell| self.stones[usize::from(*cell)] == 0;
        if moves.is_empty() && answers > 0 {
            // Under renju black may have only forbidden points to answer a threat with: it
            // loses whatever it plays, and one allowed move stands for all of them.
            moves.extend((0..self.cells() as Cell).filter(empty).filter(|&cell| self.forbidden(cell).is_none()).take(1));
        }
        if moves.is_empty() {
            moves.extend((0..self.cells() as Cell).filter(empty));
            self.drop_forbidden(moves);
        }
        if moves.is_empty() {
            // Nothing but forbidden points left to black: each loses, but a move it is.
            moves.extend((0..self.cells() as Cell).filter(empty));
        }
    }

    fn play(&mut self, cell: Cell) {
        self.put(cell, true);
    }

    fn undo(&mut self, cell: Cell) {
        debug_assert_eq!(self.history.last(), Some(&cell), "undo of a move that was not the last");
        self.history.pop();
        self.remove_stone(cell);
        self.winner = None;
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(winner) = self.winner {
            Some(Outcome::Win(winner))
        } else if self.history.len() == self.cells() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn hash(&self) -> Option<u64> {
        Some(self.hash)
    }

    fn hash_after(&self, cell: Cell) -> Option<u64> {
        Some(self.key_after(cell))
    }

    /// Most likely first by the learned move ordering (see `gomoku/ordering.rs`).
    fn order_moves(&self, moves: &mut [Cell]) {
        let score = self.ordering_scores();
        // Scored once each, in a buffer on the stack: the search orders the moves of every
        // node, and `sort_by_cached_key` allocates its keys on the heap. Stable, so ties
        // keep the generated order either way.
        const ON_STACK: usize = 64;
        if moves.len() > ON_STACK {
            moves.sort_by_cached_key(|&cell| std::cmp::Reverse(score(cell)));
            return;
        }
        let mut keyed = [(std::cmp::Reverse(0), 0); ON_STACK];
        let keyed = &mut keyed[..moves.len()];
        for (slot, &cell) in keyed.iter_mut().zip(moves.iter()) {
            *slot = (std::cmp::Reverse(score(cell)), cell);
        }
        keyed.sort_by_key(|&(key, _)| key);
        for (cell, &(_, ordered)) in moves.iter_mut().zip(keyed.iter()) {
            *cell = ordered;
        }
    }

    fn evaluate(&self) -> i32 {
        let own = colour_index(self.to_move());
        let opponent = 1 - own;
        let five = usize::from(CLASS_FIVE);
        if self.class_counts[own][five] > 0 {
            return 60_000;
        }
        if self.class_counts[opponent][five] >= 2 {
            return -60_000;
        }
        // Under renju black cannot block on a forbidden point.
        if self.rule == Rule::Renju
            && self.class_counts[opponent][five] == 1
            && self.five_points(self.to_move().opponent()).any(|cell| self.forbidden_to_mover(cell))
        {
            return -60_000;
        }
        if self.class_counts[opponent][five] == 0 && self.class_counts[own][usize::from(CLASS_OPEN_FOUR)] > 0 {
            return 50_000;
        }
        // A four-three, or two open threes at once, win when the opponent has no four to
        // gain time with.
        let opponent_fours = self.class_counts[opponent][usize::from(CLASS_FOUR)..].iter().any(|&count| count > 0);
        if !opponent_fours && self.class_counts[own][Threat::FourThree as usize] > 0 {
            return 45_000;
        }
        // (Black's two threes under renju are likely a forbidden move, not a win.)
        let renju_black = self.rule == Rule::Renju && own == 0;
        if !opponent_fours && !renju_black && self.class_counts[own][Threat::DoubleThree as usize] > 0 {
            return 40_000;
        }
        let weighted = |colour: usize| self.totals[colour] * self.total_weights[colour] / 100;
        let (mine, theirs) = (weighted(own), weighted(opponent));
        // The opponent's open three is less of a threat than its value says when it is our
        // turn: one stone blocks it. Count back most of up to two of its open-four points.
        let blockable = i32::from(self.class_counts[opponent][usize::from(CLASS_OPEN_FOUR)].min(2)) * OPEN_FOUR_POINT_DISCOUNT;
        // The side to move's bonus of an eighth is at the optimum: against PentaZen at
        // 100 ms a move (480 balanced games each) a quarter scored 32 %, a sixth 39 %, a
        // tenth 36 % and a sixteenth 28 %, where three controls scored 37-40 %. Averaging
        // the totals with the previous position's, with no bonus (PentaZen's two-ply
        // mean), scored 3 % (our reading: the previous totals still hold the five point of
        // a four just blocked). See the eighteenth session in docs/gomoku-experiments.md.
        mine + mine / 8 - theirs + blockable
    }

    /// Moves that make a four or better for the mover: the threats that late-move
    /// reductions must not shorten. Open threes and the blocks of the opponent's threes
    /// are reduced like quiet moves when the ordering puts them late: sparing them too made
    /// a depth-12 search of an 8-stone position 4.7 times larger (410,766 nodes against
    /// 87,017), most moves of a tactical position being threes or blocks.
    fn is_forcing(&self, cell: Cell) -> bool {
        self.cell_states[colour_index(self.to_move())][usize::from(cell)].class >= CLASS_FOUR
    }

    /// Past the horizon: a five if there is one; else the blocks of the opponent's fives
    /// (no standing pat); else every four of the mover, best first by pattern value, each
    /// of which the opponent must answer. The searcher limits how many of them it tries
    /// past the first quiescence ply ([`crate::gomoku::new_searcher`]: two).
    fn tactical_moves(&self, moves: &mut Vec<Cell>) -> bool {
        let own = colour_index(self.to_move());
        let opponent = 1 - own;
        let counts = &self.class_counts;
        if counts[own][usize::from(CLASS_FIVE)] > 0 {
            moves.extend(self.five_points(self.to_move()).take(1));
            return false;
        }
        if counts[opponent][usize::from(CLASS_FIVE)] > 0 {
            self.push_threat_cells(moves, None, Some(THREAT_FIVES));
            // Under renju black may have no block it is allowed to play: lost (`evaluate`).
            self.drop_forbidden(moves);
            return false;
        }
        if counts[own][usize::from(CLASS_FOUR)..usize::from(CLASS_FIVE)].iter().any(|&count| count > 0) {
            self.push_threat_cells(moves, Some(THREAT_FOURS), None);
            self.drop_forbidden(moves);
            let states = &self.cell_states[own];
            moves.sort_by_key(|&cell| std::cmp::Reverse(states[usize::from(cell)].value));
        }
        true
    }

    /// Every answer `generate_moves` had before it left out the blocks that lose to an
    /// open four (`keep_answers_to_open_fours`): the opponent's four points and the
    /// mover's own fours. Counting only the real blocks, the extension reached plain
    /// open threes (two blocks) too: the trees grew by a fifth (3,801,928 nodes at depth 9
    /// on move-quality positions 1-40) and it scored no better against PentaZen
    /// (docs/gomoku-experiments.md, thirty-third session). Counting all of them, the same
    /// searches take 2,598,771 nodes instead of 3,205,720.
    fn threat_answers(&self, generated: usize) -> usize {
        if self.rule == Rule::Renju {
            // Nothing left out; forbidden points are not answers.
            return generated;
        }
        // What `push_threat_cells` gives before `keep_answers_to_open_fours`.
        self.threat_union(Some(THREAT_FOURS), Some(THREAT_FOURS)).iter().map(|word| word.count_ones() as usize).sum()
    }

    /// Facing an open three (the opponent has a point that makes an open four) with no
    /// five on the board: `generate_moves` then lists only its blocks and the mover's own
    /// fours, the answers to a threat.
    fn is_threatened(&self) -> bool {
        let own = colour_index(self.to_move());
        let opponent = 1 - own;
        let five = usize::from(CLASS_FIVE);
        self.class_counts[own][five] == 0
            && self.class_counts[opponent][five] == 0
            && self.class_counts[opponent][usize::from(CLASS_OPEN_FOUR)] > 0
    }

    /// No standing pat with a five to complete or to stop: a look at two counters.
    fn may_stand_pat(&self) -> bool {
        let five = usize::from(CLASS_FIVE);
        self.class_counts[0][five] == 0 && self.class_counts[1][five] == 0
    }

    fn move_index(&self, cell: Cell) -> Option<usize> {
        Some(usize::from(cell))
    }

    fn immediate_win(&self) -> Option<Cell> {
        self.five_points(self.to_move()).next()
    }

    fn prune_losing_moves(&self, moves: &mut Vec<Cell>) {
        let own = self.to_move();
        let opponent = own.opponent();
        if self.five_point_count(opponent) == 0 {
            return;
        }
        let threats: Vec<Cell> = self.five_points(opponent).collect();
        let first = moves[0];
        moves.retain(|&cell| {
            self.cell_states[colour_index(own)][usize::from(cell)].class == CLASS_FIVE || (threats.len() == 1 && threats[0] == cell)
        });
        if moves.is_empty() {
            moves.push(first);
        }
    }
}

impl Notation for Gomoku {
    fn notation(&self) -> String {
        self.history.iter().map(|&cell| self.move_notation(cell)).collect::<Vec<_>>().join(" ")
    }

    fn move_notation(&self, cell: Cell) -> String {
        let (x, y) = self.coordinates(cell);
        format!("{x},{y}")
    }

    fn parse_move(&self, text: &str) -> Result<Cell, NotationError> {
        let tokens = tokens(text)?;
        let [token] = tokens.as_slice() else {
            return Err(NotationError::new(format!("move `{}`: expected one move like 7,7 or h8", text.trim())));
        };
        let cell =
            self.cell_of_token(token).map_err(|error| NotationError::new(format!("move `{}`: {}", text.trim(), error.message)))?;
        match self.forbidden(cell) {
            Some(reason) if self.to_move() == Player::First => {
                Err(NotationError::new(format!("move `{}`: {token} is forbidden to black ({reason}) under renju", text.trim())))
            }
            _ => Ok(cell),
        }
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "black",
            Player::Second => "white",
        }
    }

    fn render(&self) -> String {
        let side = usize::from(self.size);
        let last = self.history.last().copied();
        let mut out = String::new();
        for y in 0..side {
            out.push_str(&format!("{:>2} ", side - y));
            for x in 0..side {
                let cell = (y * side + x) as Cell;
                let mark = match self.stone(cell) {
                    Some(Player::First) if Some(cell) == last => 'X',
                    Some(Player::Second) if Some(cell) == last => 'O',
                    Some(Player::First) => 'x',
                    Some(Player::Second) => 'o',
                    None => '.',
                };
                out.push(mark);
                out.push(' ');
            }
            out.pop();
            out.push('\n');
        }
        out.push_str("   ");
        let letters: Vec<String> = (0..side).map(|x| ((b'a' + x as u8) as char).to_string()).collect();
        out.push_str(&letters.join(" "));
        out.push('\n');
        out
    }

    /// The stones; every empty cell takes its move while the game is on (but black's
    /// forbidden points under renju). That is every move [`Notation::parse_move`]
    /// accepts, more than the pruned candidates of `generate_moves`: a person may play
    /// anywhere.
    fn board(&self) -> Option<Board<Cell>> {
        let open = self.outcome().is_none();
        let side = usize::from(self.size);
        let cells = (0..self.cells())
            .map(|index| {
                let owner = self.stone(index as Cell);
                BoardCell {
                    text: owner.map_or(String::new(), |player| if player == Player::First { "x" } else { "o" }.to_string()),
                    owner,
                    moves: if open && owner.is_none() && !self.forbidden_to_mover(index as Cell) {
                        vec![index as Cell]
                    } else {
                        Vec::new()
                    },
                }
            })
            .collect();
        Some(Board {
            rows: side,
            columns: side,
            cells,
            row_labels: (1..=side).rev().map(|row| row.to_string()).collect(),
            column_labels: (0..side).map(|x| ((b'a' + x as u8) as char).to_string()).collect(),
            note: None,
        })
    }

    /// [`Chooser`]: the move choice of the Gomocup engine (threat searches for an own
    /// win, then the search).
    fn move_chooser(&self, table_megabytes: usize) -> Option<Box<dyn crate::MoveChooser<Gomoku>>> {
        Some(Box::new(Chooser::new(table_megabytes)))
    }

    /// [`play_heuristics`]: a bare horizon values a position by its stones alone, so a
    /// four left hanging there (to be completed or blocked on the next move) would decide
    /// every depth-limited value; the quiescence search plays such fours out.
    fn analysis_heuristics(&self) -> gametree_engine::Heuristics {
        play_heuristics()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_and_cells_agree_on_every_board_size() {
        for size in MIN_SIZE..=MAX_SIZE {
            let board = Gomoku::new(size, Rule::Freestyle).unwrap();
            for cell in 0..board.cells() as Cell {
                let (x, y) = board.coordinates(cell);
                assert!((0..i32::from(size)).contains(&x) && (0..i32::from(size)).contains(&y));
                assert_eq!(board.cell_at(x, y), Some(cell), "size {size}, cell {cell}");
            }
        }
    }

    #[test]
    fn moves_are_ordered_by_score_with_ties_in_the_given_order_on_both_paths() {
        let board = Gomoku::parse(15, Rule::Freestyle, "7,7 8,6 9,5 7,6 9,6 9,7 10,8 8,4 8,5 7,4").unwrap();
        let score = board.ordering_scores();
        let empty: Vec<Cell> = (0..board.cells() as Cell).filter(|&cell| board.stone(cell).is_none()).collect();
        // Fewer moves than the stack buffer holds, and more (the heap path).
        for count in [1, 2, 20, 64, 65, empty.len()] {
            // Reversed, so that the ties' given order is not the cells' order.
            let mut moves: Vec<Cell> = empty[..count].iter().rev().copied().collect();
            let mut expected = moves.clone();
            expected.sort_by_cached_key(|&cell| std::cmp::Reverse(score(cell)));
            board.order_moves(&mut moves);
            assert_eq!(moves, expected, "{count} moves");
        }
    }

    #[test]
    fn caution_weighs_the_opponents_total_higher_whoever_moves_and_lasts_through_play() {
        // Quiet positions (no four or three decides the value), black to move.
        let plain = Gomoku::parse(15, Rule::Freestyle, "h8 i9 h9 j10").unwrap();
        let mut cautious = plain.clone();
        cautious.set_caution(Player::First, 15);
        let [black, white] = plain.totals;
        assert!(black > 0 && white > 0);
        // Black, the cautious side, moves: white's total counts 15 % more against it.
        assert_eq!(cautious.evaluate(), plain.evaluate() - (white * 115 / 100 - white));
        // The position is the same one.
        assert_eq!(cautious, plain);
        assert_eq!(cautious.hash(), plain.hash());
        let mut moves = Vec::new();
        plain.generate_moves(&mut moves);
        for &cell in &moves[..5] {
            let (mut plain, mut cautious) = (plain.clone(), cautious.clone());
            plain.play(cell);
            cautious.play(cell);
            // White moves: its own total, the one black fears, counts 15 % more for it.
            assert!(cautious.evaluate() > plain.evaluate(), "after {}", plain.move_notation(cell));
            cautious.undo(cell);
            plain.undo(cell);
            assert!(cautious.evaluate() < plain.evaluate());
        }
        cautious.set_caution(Player::Second, 0);
        assert_eq!(cautious.evaluate(), plain.evaluate());
    }

    #[test]
    fn the_first_move_is_the_centre_and_then_its_neighbourhood() {
        let mut board = Gomoku::new(15, Rule::Freestyle).unwrap();
        let mut moves = Vec::new();
        board.generate_moves(&mut moves);
        assert_eq!(moves, vec![board.centre()]);
        board.play(board.centre());
        moves.clear();
        board.generate_moves(&mut moves);
        assert_eq!(moves.len(), 20);
    }

    /// The threat searches key and settle children without playing them: the key they
    /// compute and the five points the cell classes give must be what playing gives.
    #[test]
    fn keys_and_five_points_known_before_a_move_match_the_move() {
        let mut rng = fastrand::Rng::with_seed(20261130);
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            for _ in 0..40 {
                let mut board = Gomoku::new(15, rule).unwrap();
                if rng.bool() {
                    board.pass();
                }
                for _ in 0..rng.usize(4..40) {
                    let empty: Vec<Cell> = (0..board.cells() as Cell).filter(|&cell| board.stone(cell).is_none()).collect();
                    let (x, y) = (rng.i32(3..12), rng.i32(3..12));
                    let cell =
                        board.cell_at(x, y).filter(|&cell| board.stone(cell).is_none()).unwrap_or(empty[rng.usize(..empty.len())]);
                    let mover = board.to_move();
                    let fives: Vec<Cell> = board.five_points(mover).collect();
                    assert_eq!(board.threat(mover, cell) == Threat::Five, fives.contains(&cell));
                    let expected = board.key_after(cell);
                    board.play(cell);
                    assert_eq!(board.hash(), Some(expected), "{}", board.notation());
                    if board.outcome().is_some() {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn answers_to_an_open_three_are_its_blocks_and_own_fours() {
        let mut rng = fastrand::Rng::with_seed(20261205);
        let (mut threatened, mut dropped) = (0, 0);
        for rule in [Rule::Freestyle, Rule::Standard] {
            for _ in 0..300 {
                let mut board = Gomoku::new(15, rule).unwrap();
                for _ in 0..rng.usize(5..30) {
                    let (x, y) = (rng.i32(4..11), rng.i32(4..11));
                    let Some(cell) = board.cell_at(x, y).filter(|&cell| board.stone(cell).is_none()) else { continue };
                    board.play(cell);
                    if board.outcome().is_some() || board.is_threatened() {
                        break;
                    }
                }
                if board.outcome().is_some() || !board.is_threatened() {
                    continue;
                }
                threatened += 1;
                let (mover, attacker) = (board.to_move(), board.to_move().opponent());
                let mut all = Vec::new();
                board.push_threat_cells(&mut all, Some(THREAT_FOURS), Some(THREAT_FOURS));
                let mut answers = all.clone();
                board.keep_answers_to_open_fours(&mut answers);
                assert!(answers.iter().all(|cell| all.contains(cell)), "{}", board.notation());
                let mut expected = Vec::new();
                for &cell in &all {
                    let own_four = board.threat(mover, cell) >= Threat::Four;
                    let mut after = board.clone();
                    after.play(cell);
                    let stopped = after.class_counts[colour_index(attacker)][usize::from(CLASS_OPEN_FOUR)] == 0;
                    if own_four || stopped {
                        expected.push(cell);
                    }
                }
                dropped += all.len() - answers.len();
                if expected.is_empty() {
                    // Lost whatever is played: one move stands for all.
                    assert_eq!(answers.len(), 1, "{}", board.notation());
                } else {
                    answers.sort_unstable();
                    assert_eq!(answers, expected, "{}", board.notation());
                }
            }
        }
        assert!(threatened > 50 && dropped > 20, "{threatened} threatened positions, {dropped} answers dropped");
    }

    #[test]
    fn letter_number_and_coordinates_agree() {
        let board = Gomoku::parse(15, Rule::Freestyle, "H8I9").unwrap();
        assert_eq!(board.notation(), "7,7 8,6");
        let again = Gomoku::parse(15, Rule::Freestyle, "7,7; 8,6").unwrap();
        assert_eq!(board, again);
    }

    #[test]
    fn bad_positions_are_named() {
        let error = Gomoku::parse(15, Rule::Freestyle, "7,7 7,7").unwrap_err();
        assert_eq!(error.message, "move 2 `7,7`: 7,7 is already occupied");
        let error = Gomoku::parse(15, Rule::Freestyle, "7,7 15,3").unwrap_err();
        assert_eq!(error.message, "move 2 `15,3`: 15,3 is off the 15×15 board");
        assert!(Gomoku::parse(15, Rule::Freestyle, "7,7 8").is_err());
        assert!(Gomoku::parse(15, Rule::Freestyle, "7,7 #").is_err());
        assert!(Gomoku::new(4, Rule::Freestyle).is_err());
        assert!(Gomoku::new(23, Rule::Freestyle).is_err());
    }
}
