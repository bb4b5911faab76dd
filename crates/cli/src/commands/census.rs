//! `gametree census GAME`: strong-solve every position reachable from the start.

use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use gametree_engine::{census, CensusError, StopFlag};
use gametree_games::{GameSpec, GameVisitor, Notation};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;

/// Options of `census`.
#[derive(clap::Args, Debug, Clone)]
pub struct Arguments {
    /// The game: tictactoe, tictactoe4, mnk:M,N,K, …
    pub game: String,
    /// Print one JSON object (SPEC §4) instead of text.
    #[arg(long)]
    pub json: bool,
    /// Try even a game whose positions are too many to keep in memory.
    #[arg(long)]
    pub force: bool,
}

/// Runs the command.
pub fn run(arguments: &Arguments, stop: &StopFlag) -> Result<ExitCode> {
    let spec = super::parse_game(&arguments.game)?;
    if !spec.census_fits() && !arguments.force {
        return Err(crate::error::input_error(format!(
            "{spec} has too many positions for a census (they would not fit in memory); a census works on \
             m,n,k boards and matchsticks of up to 16 cells, product-grid, tree and connect4 boards of up to \
             20 cells (--force tries anyway)"
        )));
    }
    spec.visit(None, Census { arguments, stop: stop.clone() }).map_err(|error| crate::error::input_error(error.message))?
}

struct Census<'a> {
    arguments: &'a Arguments,
    stop: StopFlag,
}

impl GameVisitor for Census<'_> {
    type Output = Result<ExitCode>;

    fn visit<G: Notation>(self, spec: GameSpec, start: G) -> Result<ExitCode> {
        let started = Instant::now();
        let bar = ProgressBar::new_spinner();
        bar.set_style(ProgressStyle::with_template("{spinner} {msg} [{elapsed}]").expect("template"));
        let progress_bar = bar.clone();
        let result = census(&start, self.stop.clone(), move |positions| {
            progress_bar.set_message(format!("{positions} positions solved"));
            progress_bar.tick();
        });
        bar.finish_and_clear();
        let census = match result {
            Ok(census) => census,
            Err(CensusError::Interrupted) => {
                eprintln!("gametree: census interrupted");
                return Ok(ExitCode::from(130));
            }
            Err(error @ CensusError::NoHash) => return Err(crate::error::input_error(format!("{spec}: {error}"))),
        };
        let elapsed = started.elapsed();
        let peak_kib = peak_memory_kib();
        if self.arguments.json {
            let mut object = serde_json::to_value(&census)?;
            object["game"] = json!(spec.to_string());
            object["time_ms"] = json!(elapsed.as_millis() as u64);
            if let Some(peak) = peak_kib {
                object["peak_memory_kib"] = json!(peak);
            }
            println!("{}", serde_json::to_string(&object)?);
        } else {
            println!("{spec}: every position reachable from the start");
            println!("  positions        {:>12}", census.positions);
            println!("  up to symmetry   {:>12}", census.canonical);
            println!(
                "  terminal         {:>12}  ({} first-player wins, {} second-player wins, {} draws)",
                census.terminal, census.terminal_first_wins, census.terminal_second_wins, census.terminal_draws
            );
            println!("  side to move:    {:>12} win, {} loss, {} draw", census.win, census.loss, census.draw);
            println!("  complete games   {:>12}", census.games);
            println!("  start position   {}", census.root);
            let histogram: Vec<String> = census.remoteness.iter().map(|(r, n)| format!("{r}:{n}")).collect();
            println!("  remoteness       {}", histogram.join(" "));
            print!("  time             {:.2} s", elapsed.as_secs_f64());
            if let Some(peak) = peak_kib {
                print!(", peak memory {:.1} MiB", peak as f64 / 1024.0);
            }
            println!();
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// Peak resident memory of this process (Linux `VmHWM`), in KiB.
pub fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
