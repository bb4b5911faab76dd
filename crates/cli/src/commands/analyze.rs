//! `gametree analyze GAME [POSITION]`: the value of a position and of every legal move.

use std::process::ExitCode;
use std::time::Duration;

use anyhow::Result;
use gametree_engine::{analyze, Analysis, AnalysisConfig, Heuristics, Limits, SearchOptions, StopFlag};
use gametree_games::{GameSpec, GameVisitor, Notation};
use serde_json::json;

use crate::output::{colour_stdout, paint_verdict};

/// Options of `analyze`.
#[derive(clap::Args, Debug, Clone)]
pub struct Arguments {
    /// The game: tictactoe, tictactoe4, mnk:M,N,K, …
    pub game: String,
    /// The position in the game's notation (SPEC §4); the start position if omitted.
    pub position: Option<String>,
    /// Print one JSON object (SPEC §4) instead of text.
    #[arg(long)]
    pub json: bool,
    /// Search at most this many plies deep (values may then be heuristic).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Stop after this many seconds and report the deepest finished search.
    #[arg(long, value_name = "SECS")]
    pub time: Option<f64>,
    /// Stop after about this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Transposition table size in MiB.
    #[arg(long, value_name = "MB", default_value_t = 64)]
    pub hash: usize,
    /// Worker threads (root splitting); values do not depend on it.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Explain each move's value with its principal variation, in words.
    #[arg(long)]
    pub explain: bool,
}

impl Arguments {
    /// The limits these options ask for.
    pub fn limits(&self) -> Result<Limits> {
        let mut limits = Limits { depth: self.depth, nodes: self.nodes, time: None };
        if let Some(seconds) = self.time {
            if !(seconds.is_finite() && seconds > 0.0) {
                return Err(crate::error::input_error(format!("--time {seconds}: expected a positive number of seconds")));
            }
            limits.time = Some(Duration::from_secs_f64(seconds));
        }
        Ok(limits)
    }
}

/// Runs the command.
pub fn run(arguments: &Arguments, stop: &StopFlag) -> Result<ExitCode> {
    let spec = super::parse_game(&arguments.game)?;
    let mut limits = arguments.limits()?;
    if limits == Limits::UNLIMITED {
        // Games that cannot be solved in moments think for a while instead.
        limits.time = spec.default_time_limit();
    }
    let config = AnalysisConfig {
        options: SearchOptions::strong(arguments.hash.max(1)),
        // The game's own, once its position is read (`Analyze::visit`).
        heuristics: Heuristics::default(),
        limits,
        stop: stop.clone(),
        threads: arguments.threads.max(1),
    };
    let visitor = Analyze { arguments, config };
    spec.visit(arguments.position.as_deref(), visitor).map_err(|error| crate::error::input_error(error.message))?
}

struct Analyze<'a> {
    arguments: &'a Arguments,
    config: AnalysisConfig,
}

impl GameVisitor for Analyze<'_> {
    type Output = Result<ExitCode>;

    fn visit<G: Notation>(self, spec: GameSpec, position: G) -> Result<ExitCode> {
        let config = AnalysisConfig { heuristics: position.analysis_heuristics(), ..self.config };
        let analysis = analyze(&position, &config);
        let tactics = super::gomoku_tactics::report(&position);
        if self.arguments.json {
            let mut object = analysis_json(spec, &position, &analysis);
            if self.arguments.explain {
                super::explain::add_to_json(&mut object, &position, &analysis);
            }
            if let Some(tactics) = &tactics {
                tactics.add_to(&mut object);
            }
            println!("{}", serde_json::to_string(&object)?);
        } else {
            print_text(spec, &position, &analysis);
            if self.arguments.explain {
                print!("{}", super::explain::text(&position, &analysis));
            }
            for line in tactics.map(|tactics| tactics.lines).unwrap_or_default() {
                println!("{line}");
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// The `analyze --json` object of SPEC §4 (also answered by the web API).
pub fn analysis_json<G: Notation>(spec: GameSpec, position: &G, analysis: &Analysis<G::Move>) -> serde_json::Value {
    let moves: Vec<serde_json::Value> = analysis
        .moves
        .iter()
        .map(|result| {
            let line = position.line_notation(&result.line);
            json!({
                "move": position.move_notation(result.mv),
                "value": analysis.move_verdict(G::KIND, result),
                "pv": line,
            })
        })
        .collect();
    let statistics = analysis.statistics;
    json!({
        "game": spec.to_string(),
        "position": position.notation(),
        "to_move": position.player_name(position.to_move()),
        "value": analysis.verdict(G::KIND),
        "moves": moves,
        "exact": analysis.exact,
        "complete": analysis.complete,
        "depth": analysis.depth,
        "stats": {
            "nodes": statistics.nodes,
            "time_ms": statistics.time_us / 1000,
            "time_us": statistics.time_us,
            "table_hits": statistics.table_hits,
            "cutoffs": statistics.cutoffs,
        },
    })
}

fn print_text<G: Notation>(spec: GameSpec, position: &G, analysis: &Analysis<G::Move>) {
    let colour = colour_stdout();
    println!("{spec}  {}", position.notation());
    println!();
    print!("{}", position.render());
    println!();
    let mover = position.player_name(position.to_move());
    if position.outcome().is_some() {
        println!("The game is over: {} for {mover}, the side to move.", analysis.verdict(G::KIND));
        return;
    }
    println!("{mover} to move: {}", paint_verdict(analysis.verdict(G::KIND), colour));
    println!();
    let names: Vec<String> = analysis.moves.iter().map(|result| position.move_notation(result.mv)).collect();
    let verdicts: Vec<String> = analysis.moves.iter().map(|result| analysis.move_verdict(G::KIND, result).to_string()).collect();
    let name_width = names.iter().map(String::len).max().unwrap_or(4).max(4);
    let verdict_width = verdicts.iter().map(String::len).max().unwrap_or(5).max(5);
    println!("{:name_width$}  {:verdict_width$}  line", "move", "value");
    for ((result, name), verdict_text) in analysis.moves.iter().zip(&names).zip(&verdicts) {
        let line = position.line_notation(&result.line);
        let painted = paint_verdict(analysis.move_verdict(G::KIND, result), colour);
        let padding = verdict_width - verdict_text.len();
        println!("{name:name_width$}  {painted}{}  {}", " ".repeat(padding), line.join(" "));
    }
    let statistics = analysis.statistics;
    println!();
    let kind = if analysis.exact {
        "exact".to_string()
    } else if analysis.complete {
        format!("depth {}", analysis.depth)
    } else {
        format!("stopped early; depth {}", analysis.depth)
    };
    println!("{} nodes in {:.1} ms ({kind})", statistics.nodes, statistics.time_us as f64 / 1000.0);
}
