//! `gametree`: solve, analyse, draw, play and judge two-player games.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod commands;
mod error;
mod output;

use error::InputError;

/// Game-tree search toolkit: exact solving, analysis and play of two-player games.
#[derive(Parser, Debug)]
#[command(name = "gametree", version, about, long_about = None, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Value every legal move of a position (exact, or depth/time-limited).
    Analyze(commands::analyze::Arguments),
    /// Strong-solve every position reachable from the start and count them.
    Census(commands::census::Arguments),
    /// Run the fixed benchmark suite and print node counts and times.
    Bench(commands::bench::Arguments),
    /// Play gomoku as a Gomocup engine on stdin/stdout (the pbrain protocol).
    Pbrain(commands::pbrain::Arguments),
    /// Play games between two Gomocup-protocol engines and tabulate the results.
    #[command(name = "match")]
    Match(commands::match_runner::Arguments),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let code = if error.use_stderr() { 2 } else { 0 };
            let _ = error.print();
            return ExitCode::from(code);
        }
    };
    let stop = commands::install_interrupt_handler();
    let result = match cli.command {
        Command::Analyze(arguments) => commands::analyze::run(&arguments, &stop),
        Command::Census(arguments) => commands::census::run(&arguments, &stop),
        Command::Bench(arguments) => commands::bench::run(&arguments, &stop),
        Command::Pbrain(arguments) => commands::pbrain::run(&arguments, &stop),
        Command::Match(arguments) => commands::match_runner::run(&arguments, &stop),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            if let Some(input) = error.downcast_ref::<InputError>() {
                eprintln!("gametree: {input}");
            } else {
                eprintln!("gametree: {error:#}");
            }
            ExitCode::from(2)
        }
    }
}
