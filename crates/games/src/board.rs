//! A game's board described as data, so that graphical front ends (the web page of
//! `gametree serve`) can draw any game without knowing it: a grid of cells, each with
//! what it shows and the moves that act on it.

use gametree_engine::Player;

/// A rectangular board as a front end draws it.
///
/// ```
/// use gametree_games::{Mnk, Notation};
/// let board = Mnk::parse(3, 3, 3, "x../.o./...").unwrap().board().unwrap();
/// assert_eq!((board.rows, board.columns), (3, 3));
/// assert_eq!(board.cells[0].text, "x");
/// // The empty top-right cell takes the move `c3`; occupied cells take none.
/// assert_eq!(board.cells[2].moves.len(), 1);
/// assert!(board.cells[4].moves.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board<M> {
    /// Number of rows, drawn top to bottom.
    pub rows: usize,
    /// Number of columns, drawn left to right.
    pub columns: usize,
    /// The cells row by row from the top-left corner (`rows × columns` of them).
    pub cells: Vec<BoardCell<M>>,
    /// Labels of the rows, top to bottom (empty: no labels).
    pub row_labels: Vec<String>,
    /// Labels of the columns, left to right (empty: no labels).
    pub column_labels: Vec<String>,
    /// A line about the position that the grid does not show, for example the number
    /// that must be placed next in product-grid.
    pub note: Option<String>,
}

/// One cell of a [`Board`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardCell<M> {
    /// What the cell shows (`x`, `o`, a digit, a stick), empty for an empty cell.
    pub text: String,
    /// The player whose piece it is, if any (front ends colour by it).
    pub owner: Option<Player>,
    /// The legal moves that act on this cell (clicking the cell plays one of them); a
    /// cell can take several (a vertical or a horizontal stick), and several cells can
    /// take one move (every cell of a connect-four column drops a stone into it).
    pub moves: Vec<M>,
}
