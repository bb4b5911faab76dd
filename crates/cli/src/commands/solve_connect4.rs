//! `gametree solve connect4` (SPEC §4.1): one position per input line in Pons' notation;
//! per line the position, its score in Pons' convention, the nodes searched and the
//! microseconds taken. `--weak` prints only the sign of the score.
//!
//! The search is the engine's: [`solve_by_null_windows`] (or [`sign_by_null_windows`])
//! driving one [`Searcher`] whose table lives on from line to line.

use std::cmp::Ordering;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use gametree_engine::{sign_by_null_windows, solve_by_null_windows, Game, SearchOptions, Searcher, StopFlag};
use gametree_games::{Connect4, GameSpec};

use crate::error::input_error;

/// What `solve connect4` needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Board size (7×6 for `connect4`, any size for `connect4:CxR`).
    pub columns: u8,
    /// Rows of the board.
    pub rows: u8,
    /// Print only the sign of each score.
    pub weak: bool,
    /// Transposition table size in MiB.
    pub table_megabytes: usize,
}

impl Options {
    /// Options for the problem name `connect4` or `connect4:CxR`; `None` for other names.
    pub fn for_problem(problem: &str, weak: bool, table_megabytes: usize) -> Result<Option<Options>> {
        if problem != "connect4" && !problem.starts_with("connect4:") {
            return Ok(None);
        }
        match problem.parse::<GameSpec>() {
            Ok(GameSpec::Connect4 { columns, rows }) => {
                Ok(Some(Options { columns, rows, weak, table_megabytes: table_megabytes.max(1) }))
            }
            Ok(_) => Ok(None),
            Err(error) => Err(input_error(error.message)),
        }
    }
}

/// The search refinements used: everything except symmetry (mirror keys would hide the
/// table's best moves, which order the moves better than the saved entries gain).
pub fn search_options(table_megabytes: usize) -> SearchOptions {
    SearchOptions { symmetry: false, ..SearchOptions::strong(table_megabytes) }
}

/// Reads positions from standard input and writes scores to standard output.
pub fn run(options: &Options, stop: &StopFlag) -> Result<ExitCode> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    solve_stream(options, stop, stdin.lock(), stdout.lock())
}

/// Solves every line of `input`, writing one line to `output` per position as soon as it
/// is solved. A bad line ends the run with an input error naming it; lines before it keep
/// their answers.
pub fn solve_stream(options: &Options, stop: &StopFlag, input: impl BufRead, mut output: impl Write) -> Result<ExitCode> {
    let mut searcher = Searcher::new(search_options(options.table_megabytes));
    searcher.set_limits(&gametree_engine::Limits::UNLIMITED, stop.clone());
    for (index, line) in input.lines().enumerate() {
        let number = index + 1;
        let line = line.with_context(|| format!("reading line {number}"))?;
        let mut position = parse_line(options, &line).map_err(|message| input_error(format!("line {number}: {message}")))?;
        let started = Instant::now();
        let nodes_before = searcher.statistics().nodes;
        let score = if options.weak {
            sign_by_null_windows(&mut searcher, &mut position).map(|sign| match sign {
                Ordering::Less => -1,
                Ordering::Equal => 0,
                Ordering::Greater => 1,
            })
        } else {
            let horizon = position.cells() - position.move_count();
            solve_by_null_windows(&mut searcher, &mut position, Some(horizon))
                .map(|value| position.pons_score(value).expect("an exact connect4 value is a win, loss or draw"))
        };
        let Some(score) = score else {
            eprintln!("gametree: interrupted at line {number}");
            return Ok(ExitCode::from(130));
        };
        let micros = started.elapsed().as_micros();
        let nodes = searcher.statistics().nodes - nodes_before;
        writeln!(output, "{} {score} {nodes} {micros}", line.split_whitespace().next().unwrap_or(""))?;
        output.flush()?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Reads one input line: a move sequence, optionally followed by a score (as in Pons'
/// test files, where it is ignored). The position must not be over.
fn parse_line(options: &Options, line: &str) -> std::result::Result<Connect4, String> {
    let mut fields = line.split_whitespace();
    let moves = fields.next().unwrap_or("");
    if let Some(extra) = fields.next() {
        if extra.parse::<i32>().is_err() {
            return Err(format!("`{extra}` after the position is not a score"));
        }
    }
    if let Some(extra) = fields.next() {
        return Err(format!("unexpected `{extra}`: expected a move sequence and at most a score"));
    }
    let position = Connect4::parse(options.columns, options.rows, moves).map_err(|error| error.message)?;
    if position.outcome().is_some() {
        return Err(format!("position `{moves}`: the game is already over"));
    }
    Ok(position)
}

/// The `gametree bench` row: the first 100 positions of Pons' Test_L3_R1 (embedded, so
/// the benchmark needs no data files), solved exactly with a 64 MiB table; the detail
/// says how many scores matched the listed ones.
pub fn bench_row(stop: &StopFlag) -> Result<crate::commands::bench::Row> {
    const SET: &str = include_str!("connect4_bench_l3_r1.txt");
    let mut searcher = Searcher::new(search_options(64));
    searcher.set_limits(&gametree_engine::Limits::UNLIMITED, stop.clone());
    let started = Instant::now();
    let (mut matched, mut total) = (0, 0);
    for line in SET.lines() {
        let (moves, listed) = line.split_once(' ').context("bench set line")?;
        let mut position = Connect4::parse(7, 6, moves).map_err(|error| anyhow::anyhow!(error.message))?;
        let horizon = position.cells() - position.move_count();
        let Some(value) = solve_by_null_windows(&mut searcher, &mut position, Some(horizon)) else { break };
        total += 1;
        if position.pons_score(value).map(|score| score.to_string()).as_deref() == Some(listed.trim()) {
            matched += 1;
        }
    }
    Ok(crate::commands::bench::Row {
        name: "connect4 L3_R1 first 100",
        nodes: searcher.statistics().nodes,
        micros: started.elapsed().as_micros() as u64,
        detail: format!("{matched}/{total} scores as listed"),
        cpu_micros: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_text(input: &str, weak: bool) -> Result<String> {
        let options = Options { columns: 7, rows: 6, weak, table_megabytes: 4 };
        let mut output = Vec::new();
        solve_stream(&options, &StopFlag::new(), input.as_bytes(), &mut output)?;
        Ok(String::from_utf8(output)?)
    }

    #[test]
    fn scores_lines_in_pons_convention() {
        let output = run_text("2252576253462244111563365343671351441 -1\n7422341735647741166133573473242566\n", false).unwrap();
        let lines: Vec<Vec<&str>> = output.lines().map(|line| line.split(' ').collect()).collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0][..2], ["2252576253462244111563365343671351441", "-1"]);
        assert_eq!(lines[1][..2], ["7422341735647741166133573473242566", "1"]);
        assert!(lines.iter().all(|fields| fields.len() == 4 && fields[2].parse::<u64>().unwrap() > 0));
    }

    #[test]
    fn bad_lines_are_named() {
        for (input, expected) in [
            ("2252576253462244111563365343671351441\n4a\n", "line 2: position `4a`, move 2: `a` is not a column"),
            ("48\n", "line 1: position `48`, move 2: column 8 is out of range"),
            ("4444444\n", "line 1: position `4444444`, move 7: column 4 is full"),
            ("1212121\n", "line 1: position `1212121`: the game is already over"),
            ("44 x\n", "line 1: `x` after the position is not a score"),
        ] {
            let error = run_text(input, false).unwrap_err();
            assert!(error.to_string().contains(expected), "{input}: {error}");
        }
    }
}
