//! `gametree bench`: a fixed suite of searches with node counts and times.

use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use gametree_engine::{analyze, census, AnalysisConfig, StopFlag};
use gametree_games::Mnk;

/// Options of `bench`.
#[derive(clap::Args, Debug, Clone)]
pub struct Arguments {
    /// Print JSON lines instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// One benchmark result.
pub struct Row {
    /// What was measured.
    pub name: &'static str,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall-clock time.
    pub micros: u64,
    /// The result, for checking.
    pub detail: String,
}

/// Runs the command.
pub fn run(arguments: &Arguments, stop: &StopFlag) -> Result<ExitCode> {
    let mut rows = Vec::new();

    let started = Instant::now();
    let result = census(&Mnk::tictactoe(), stop.clone(), |_| {})?;
    rows.push(Row {
        name: "census tictactoe",
        nodes: result.positions,
        micros: started.elapsed().as_micros() as u64,
        detail: format!("{} positions, root {}", result.positions, result.root),
    });

    let analysis = analyze(&Mnk::tictactoe(), &AnalysisConfig { stop: stop.clone(), ..AnalysisConfig::default() });
    rows.push(Row {
        name: "analyze tictactoe start",
        nodes: analysis.statistics.nodes,
        micros: analysis.statistics.time_us,
        detail: format!("{}", analysis.verdict(gametree_engine::GameKind::WinDrawLoss)),
    });

    rows.push(super::solve_connect4::bench_row(stop)?);

    print_rows(&rows, arguments.json);
    Ok(ExitCode::SUCCESS)
}

fn print_rows(rows: &[Row], json: bool) {
    if json {
        for row in rows {
            println!(
                "{}",
                serde_json::json!({"name": row.name, "nodes": row.nodes, "time_us": row.micros, "detail": row.detail})
            );
        }
        return;
    }
    println!("{:<28} {:>12} {:>12}  result", "benchmark", "nodes", "time");
    for row in rows {
        println!("{:<28} {:>12} {:>9.2} ms  {}", row.name, row.nodes, row.micros as f64 / 1000.0, row.detail);
    }
}
