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
    /// Solve a contest problem (SPEC §2, connect4 §4.1): input on stdin, answers on stdout.
    Solve(commands::solve::Arguments),
    /// Draw the search tree of minimax or alpha-beta (text, DOT, SVG, JSON).
    Tree(commands::tree::Arguments),
    /// Play in the terminal: against the computer, computer vs computer, or two humans.
    Play(commands::play::Arguments),
    /// Serve the web page and its JSON API (prints the URL on the first line).
    Serve(commands::serve::Arguments),
    /// Grade contest programs against the exact solvers and name the misreading behind a
    /// wrong answer (one program after `--`, or a class with --batch DIR).
    Judge(commands::judge::Arguments),
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
    if matches!(cli.command, Command::Analyze(_) | Command::Census(_) | Command::Bench(_) | Command::Solve(_) | Command::Tree(_)) {
        // Commands that only print end quietly when their reader goes away
        // (`gametree bench --json | head`), as other command-line tools do. Commands that
        // write to other programs (judge, match, serve, play) keep Rust's default and see
        // the error instead.
        restore_default_sigpipe();
    }
    let stop = commands::install_interrupt_handler();
    let result = match cli.command {
        Command::Analyze(arguments) => commands::analyze::run(&arguments, &stop),
        Command::Census(arguments) => commands::census::run(&arguments, &stop),
        Command::Bench(arguments) => commands::bench::run(&arguments, &stop),
        Command::Solve(arguments) => commands::solve::run(&arguments, &stop),
        Command::Tree(arguments) => commands::tree::run(&arguments, &stop),
        Command::Play(arguments) => commands::play::run(&arguments, &stop),
        Command::Serve(arguments) => commands::serve::run(&arguments, &stop),
        Command::Judge(arguments) => commands::judge::run(&arguments, &stop),
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

#[cfg(unix)]
fn restore_default_sigpipe() {
    // SAFETY: setting a signal's disposition to the default has no preconditions.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn restore_default_sigpipe() {}
