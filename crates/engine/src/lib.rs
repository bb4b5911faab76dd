#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod alphabeta;
mod analysis;
mod census;
mod game;
mod heuristics;
mod iterative;
mod limits;
mod minimax;
mod null_window;
mod observer;
mod statistics;
mod table;
pub mod testing;
mod value;

pub use alphabeta::{SearchOptions, Searcher, UNLIMITED_DEPTH};
pub use analysis::{analyze, Analysis, AnalysisConfig, MoveAnalysis};
pub use census::{census, Census, CensusError};
pub use game::{play_line, CanonicalKey, Game, GameKind, Outcome, Player};
pub use heuristics::{Heuristics, Reductions};
pub use iterative::{iterative_deepening, SearchReport};
pub use limits::{Limits, StopFlag};
pub use minimax::{minimax, minimax_to_depth, minimax_with};
pub use null_window::{sign_by_null_windows, solve_by_null_windows};
pub use observer::{Observer, Silent};
pub use statistics::Statistics;
pub use table::{Bound, Entry, TranspositionTable};
pub use value::{Value, Verdict};
