//! The judge of gametree: grades contest programs for the problems of SPEC §2 by
//! differential testing against the exact solvers, in batch, and names the misreading of
//! the statement behind a wrong answer.
//!
//! - [`problem`]: what a problem supplies (test generation, checking, solvers);
//!   [`tictactoe_ccf`], [`product_grid`], [`matchsticks`] and [`connect4`] implement it.
//! - [`runner`]: runs one program under time, memory and output limits.
//! - [`grade`](mod@grade): test sets, verdicts, shrinking and the diagnosis.
//! - [`batch`]: a folder of submissions, compiled and graded in parallel.
//! - [`report`]: the reports, as text, Markdown, CSV and JSON.
#![deny(missing_docs)]

pub mod batch;
pub mod connect4;
pub mod grade;
pub mod matchsticks;
pub mod problem;
pub mod product_grid;
pub mod report;

pub mod runner;
pub mod tictactoe_ccf;

pub use grade::{grade, Agreement, Failure, Grade, GradeOptions, StratumCount, TestSet, TestSetError, Verdict};
pub use problem::{Problem, Reference, Solver};
pub use runner::{run, run_until, Program, RunLimits, RunResult, Termination};
