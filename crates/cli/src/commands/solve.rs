//! `gametree solve PROBLEM`: contest and benchmark formats on standard input and output.
//! Each problem lives in its own module; this file only dispatches.

use std::process::ExitCode;

use anyhow::Result;
use gametree_engine::StopFlag;

use crate::error::input_error;

/// Options of `solve`.
#[derive(clap::Args, Debug, Clone)]
pub struct Arguments {
    /// The problem: connect4 (or connect4:CxR), one position per line (SPEC §4.1).
    pub problem: String,
    /// connect4: print only the sign of each score (win 1, draw 0, loss -1).
    #[arg(long)]
    pub weak: bool,
    /// connect4: transposition table size in MiB.
    #[arg(long, value_name = "MB", default_value_t = 64)]
    pub hash: usize,
}

/// Runs the command.
pub fn run(arguments: &Arguments, stop: &StopFlag) -> Result<ExitCode> {
    if let Some(options) = super::solve_connect4::Options::for_problem(&arguments.problem, arguments.weak, arguments.hash)? {
        return super::solve_connect4::run(&options, stop);
    }
    Err(input_error(format!("unknown problem `{}`; known problems: connect4, connect4:CxR", arguments.problem)))
}
