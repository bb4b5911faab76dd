//! Game names of SPEC §4 (`tictactoe`, `mnk:4,4,4`, …) and dispatch from a name to the
//! game's type.

use std::fmt;
use std::str::FromStr;

use crate::connect4::Connect4;
use crate::gomoku::{Gomoku, Rule};
use crate::matchsticks::Matchsticks;
use crate::mnk::Mnk;
use crate::notation::{Notation, NotationError};
use crate::product_grid::ProductGrid;
use crate::tree::Tree;

/// A game chosen by name, with its parameters.
///
/// ```
/// use gametree_games::GameSpec;
/// let spec: GameSpec = "tictactoe4".parse().unwrap();
/// assert_eq!(spec, GameSpec::Mnk { columns: 4, rows: 4, k: 4 });
/// assert_eq!(spec.to_string(), "mnk:4,4,4");
/// assert!("chess".parse::<GameSpec>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSpec {
    /// `tictactoe` (3,3,3) and `mnk:M,N,K`.
    Mnk {
        /// M: columns.
        columns: u8,
        /// N: rows.
        rows: u8,
        /// K: stones in a row to win.
        k: u8,
    },
    /// `product-grid`: the 3×3 product game.
    ProductGrid,
    /// `matchsticks` (3×4) and `matchsticks:RxC`.
    Matchsticks {
        /// Rows.
        rows: u8,
        /// Columns.
        columns: u8,
    },
    /// `connect4` (7×6) and `connect4:CxR`.
    Connect4 {
        /// Columns.
        columns: u8,
        /// Rows.
        rows: u8,
    },
    /// `tree`: an explicit game tree given as the position (default: the textbook tree).
    Tree,
    /// `gomoku` (15×15, freestyle), `gomoku:SIZE`, `gomoku:SIZE:RULE`, `gomoku:RULE`.
    Gomoku {
        /// Board side, 5..=22.
        size: u8,
        /// Which lines win.
        rule: Rule,
    },
}

/// Every game name, for help texts and error messages.
pub const GAME_NAMES: &[&str] = &[
    "tictactoe",
    "tictactoe4",
    "mnk:M,N,K",
    "product-grid",
    "matchsticks",
    "matchsticks:RxC",
    "connect4",
    "connect4:CxR",
    "tree",
    "gomoku[:SIZE][:freestyle|standard|renju]",
];

impl FromStr for GameSpec {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<GameSpec, NotationError> {
        let text = text.trim();
        let (name, parameters) = text.split_once(':').map_or((text, None), |(name, rest)| (name, Some(rest)));
        let unknown = || NotationError::new(format!("unknown game `{text}`; known games: {}", GAME_NAMES.join(", ")));
        match (name, parameters) {
            ("tictactoe", None) => Ok(GameSpec::Mnk { columns: 3, rows: 3, k: 3 }),
            ("tictactoe4", None) => Ok(GameSpec::Mnk { columns: 4, rows: 4, k: 4 }),
            ("mnk", Some(parameters)) => {
                let numbers = parse_numbers(parameters, ',', 3, "mnk:M,N,K")?;
                Mnk::new(numbers[0], numbers[1], numbers[2])?;
                Ok(GameSpec::Mnk { columns: numbers[0], rows: numbers[1], k: numbers[2] })
            }
            ("product-grid", None) => Ok(GameSpec::ProductGrid),
            ("matchsticks", None) => Ok(GameSpec::Matchsticks { rows: 3, columns: 4 }),
            ("matchsticks", Some(size)) => {
                let numbers = parse_numbers(&size.to_ascii_lowercase(), 'x', 2, "matchsticks:RxC")?;
                Matchsticks::new(numbers[0], numbers[1])?;
                Ok(GameSpec::Matchsticks { rows: numbers[0], columns: numbers[1] })
            }
            ("connect4", None) => Ok(GameSpec::Connect4 { columns: 7, rows: 6 }),
            ("connect4", Some(parameters)) => {
                let numbers = parse_numbers(&parameters.to_ascii_lowercase(), 'x', 2, "connect4:CxR")?;
                Connect4::new(numbers[0], numbers[1])?;
                Ok(GameSpec::Connect4 { columns: numbers[0], rows: numbers[1] })
            }
            ("tree", None) => Ok(GameSpec::Tree),
            ("gomoku", parameters) => parse_gomoku(parameters),
            _ => Err(unknown()),
        }
    }
}

/// The options of `gomoku:SIZE:RULE` (either may be left out).
fn parse_gomoku(parameters: Option<&str>) -> Result<GameSpec, NotationError> {
    let (mut size, mut rule) = (15, Rule::Freestyle);
    for part in parameters.map(|text| text.split(':').collect::<Vec<_>>()).unwrap_or_default() {
        if part.chars().all(|c| c.is_ascii_digit()) && !part.is_empty() {
            size = part.parse().map_err(|_| NotationError::new(format!("gomoku board size `{part}` is too large")))?;
            Gomoku::new(size, rule)?;
        } else {
            rule = part.parse()?;
        }
    }
    Ok(GameSpec::Gomoku { size, rule })
}

fn parse_numbers(text: &str, separator: char, count: usize, form: &str) -> Result<Vec<u8>, NotationError> {
    let numbers: Vec<u8> = text
        .split(separator)
        .map(|part| part.trim().parse::<u8>())
        .collect::<Result<_, _>>()
        .map_err(|_| NotationError::new(format!("`{text}`: expected {form} with small whole numbers")))?;
    if numbers.len() != count {
        return Err(NotationError::new(format!("`{text}`: expected {form}")));
    }
    Ok(numbers)
}

impl fmt::Display for GameSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GameSpec::Mnk { columns: 3, rows: 3, k: 3 } => write!(f, "tictactoe"),
            GameSpec::Mnk { columns, rows, k } => write!(f, "mnk:{columns},{rows},{k}"),
            GameSpec::ProductGrid => write!(f, "product-grid"),
            GameSpec::Matchsticks { rows: 3, columns: 4 } => write!(f, "matchsticks"),
            GameSpec::Matchsticks { rows, columns } => write!(f, "matchsticks:{rows}x{columns}"),
            GameSpec::Connect4 { columns: 7, rows: 6 } => write!(f, "connect4"),
            GameSpec::Connect4 { columns, rows } => write!(f, "connect4:{columns}x{rows}"),
            GameSpec::Tree => write!(f, "tree"),
            GameSpec::Gomoku { size: 15, rule: Rule::Freestyle } => write!(f, "gomoku"),
            GameSpec::Gomoku { size, rule } => write!(f, "gomoku:{size}:{rule}"),
        }
    }
}

/// Something to do with a game whose type is only known at run time: the CLI implements
/// this once per command and [`GameSpec::visit`] calls it with the concrete position type.
pub trait GameVisitor {
    /// What the visit produces.
    type Output;

    /// Called with the start position, or the position given in notation.
    fn visit<G: Notation>(self, spec: GameSpec, position: G) -> Self::Output;
}

impl GameSpec {
    /// Whether a census (every reachable position solved and kept in memory) of this game
    /// fits on an ordinary machine: m,n,k boards and matchsticks of up to 16 cells,
    /// product-grid, explicit trees, and Connect Four of up to 20 cells. Gomoku never does.
    ///
    /// ```
    /// use gametree_games::GameSpec;
    /// assert!("tictactoe4".parse::<GameSpec>().unwrap().census_fits());
    /// assert!(!"connect4".parse::<GameSpec>().unwrap().census_fits());
    /// ```
    #[must_use]
    pub fn census_fits(&self) -> bool {
        match *self {
            GameSpec::Mnk { columns, rows, .. } | GameSpec::Matchsticks { rows, columns } => {
                u32::from(columns) * u32::from(rows) <= 16
            }
            GameSpec::ProductGrid | GameSpec::Tree => true,
            GameSpec::Connect4 { columns, rows } => u32::from(columns) * u32::from(rows) <= 20,
            GameSpec::Gomoku { .. } => false,
        }
    }

    /// How long a search may think when the user sets no limit: `None` for games that are
    /// solved outright in moments, a few seconds for gomoku (which cannot be solved) and for
    /// Connect Four on boards whose early positions take minutes to solve exactly.
    ///
    /// ```
    /// use gametree_games::GameSpec;
    /// assert_eq!("tictactoe".parse::<GameSpec>().unwrap().default_time_limit(), None);
    /// assert!("gomoku".parse::<GameSpec>().unwrap().default_time_limit().is_some());
    /// ```
    #[must_use]
    pub fn default_time_limit(&self) -> Option<std::time::Duration> {
        match *self {
            GameSpec::Gomoku { .. } => Some(std::time::Duration::from_secs(5)),
            GameSpec::Connect4 { columns, rows } if u32::from(columns) * u32::from(rows) > 30 => {
                Some(std::time::Duration::from_secs(10))
            }
            _ => None,
        }
    }

    /// Reads `position` (the start position when `None`) and calls `visitor` with it.
    pub fn visit<V: GameVisitor>(self, position: Option<&str>, visitor: V) -> Result<V::Output, NotationError> {
        match self {
            GameSpec::Mnk { columns, rows, k } => {
                let board = match position {
                    Some(text) => Mnk::parse(columns, rows, k, text)?,
                    None => Mnk::new(columns, rows, k)?,
                };
                Ok(visitor.visit(self, board))
            }
            GameSpec::ProductGrid => {
                let board = match position {
                    Some(text) => ProductGrid::parse(text)?,
                    None => ProductGrid::empty(),
                };
                Ok(visitor.visit(self, board))
            }
            GameSpec::Matchsticks { rows, columns } => {
                let board = match position {
                    Some(text) => Matchsticks::parse(rows, columns, text)?,
                    None => Matchsticks::new(rows, columns)?,
                };
                Ok(visitor.visit(self, board))
            }
            GameSpec::Connect4 { columns, rows } => {
                let board = Connect4::parse(columns, rows, position.unwrap_or(""))?;
                Ok(visitor.visit(self, board))
            }
            GameSpec::Tree => {
                let tree = match position {
                    Some(text) => Tree::parse(text)?,
                    None => Tree::textbook(),
                };
                Ok(visitor.visit(self, tree))
            }
            GameSpec::Gomoku { size, rule } => {
                let board = Gomoku::parse(size, rule, position.unwrap_or(""))?;
                Ok(visitor.visit(self, board))
            }
        }
    }
}
