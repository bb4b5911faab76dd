//! How games are written and read by people: positions, moves, players and boards.

use gametree_engine::{Game, Heuristics, Player};

use crate::board::Board;
use crate::chooser::MoveChooser;

/// A position or move that could not be read, with what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct NotationError {
    /// One line naming the field at fault and what was expected.
    pub message: String,
}

impl NotationError {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> NotationError {
        NotationError { message: message.into() }
    }
}

/// Text forms of a game, in the notation of SPEC §4.
pub trait Notation: Game + 'static {
    /// The position in SPEC §4 notation (what `analyze GAME POSITION` accepts).
    fn notation(&self) -> String;

    /// A move as users type it.
    fn move_notation(&self, mv: Self::Move) -> String;

    /// Reads a move in the form [`Notation::move_notation`] writes; it must be legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, NotationError>;

    /// The name of a player as this game calls it (`x`, `o`, `black`…).
    fn player_name(&self, player: Player) -> &'static str;

    /// The board drawn for people, several lines with coordinates, no colour.
    fn render(&self) -> String;

    /// A short description of a finished position beyond its outcome, for explanations
    /// (for example the two sums of a product-grid board). The default: nothing to add.
    fn describe_final(&self) -> Option<String> {
        None
    }

    /// The moves of `line`, played one after another from this position, in notation.
    fn line_notation(&self, line: &[Self::Move]) -> Vec<String> {
        let mut replay = self.clone();
        line.iter()
            .map(|&mv| {
                let text = replay.move_notation(mv);
                replay.play(mv);
                text
            })
            .collect()
    }

    /// The board as data for graphical front ends, with the moves each cell takes.
    /// `None` (the default): the front end offers the legal moves as a list instead.
    fn board(&self) -> Option<Board<Self::Move>> {
        None
    }

    /// The game's own move chooser for play at full strength under a time budget, with a
    /// transposition table of `table_megabytes`, when it has one that is stronger than the
    /// generic analysis of every root move. `play` and `serve` use it at their strongest
    /// level. `None` (the default): the generic analysis.
    fn move_chooser(&self, table_megabytes: usize) -> Option<Box<dyn MoveChooser<Self>>> {
        let _ = table_megabytes;
        None
    }

    /// The search heuristics (quiescence, extensions, reductions, ordering memory) that
    /// `analyze`, `play` and `serve` give a depth- or time-limited analysis of this game,
    /// so that its values agree with what the game's own player sees. They never change
    /// an exact value. The default: none, plain alpha-beta to the horizon.
    fn analysis_heuristics(&self) -> Heuristics {
        Heuristics::default()
    }
}

/// Parses `text` as a legal move of `position` by comparing it, ignoring case and
/// surrounding spaces, with the notation of every legal move. Games whose moves have a
/// canonical spelling can use this for [`Notation::parse_move`].
pub fn parse_move_by_name<G: Notation>(position: &G, text: &str) -> Result<G::Move, NotationError> {
    let wanted = text.trim().to_ascii_lowercase();
    let mut moves = Vec::new();
    if position.outcome().is_none() {
        position.generate_moves(&mut moves);
    }
    moves.into_iter().find(|&mv| position.move_notation(mv).to_ascii_lowercase() == wanted).ok_or_else(|| {
        if position.outcome().is_some() {
            NotationError::new(format!("move `{}`: the game is over", text.trim()))
        } else {
            NotationError::new(format!("move `{}` is not a legal move here", text.trim()))
        }
    })
}

/// Draws a board as every game here shows it: one line per row from the top, each headed
/// by its number counted from the bottom (right-aligned in `label_width`), cells separated
/// by spaces, and the column labels underneath. `cell(row, column)` counts rows from the
/// top.
pub(crate) fn render_grid(rows: usize, column_labels: &[String], label_width: usize, cell: impl Fn(usize, usize) -> String) -> String {
    let mut out = String::new();
    for row in 0..rows {
        let cells: Vec<String> = (0..column_labels.len()).map(|column| cell(row, column)).collect();
        out.push_str(&format!("{:>label_width$} {}\n", rows - row, cells.join(" ")));
    }
    out.push_str(&" ".repeat(label_width + 1));
    out.push_str(&column_labels.join(" "));
    out.push('\n');
    out
}
