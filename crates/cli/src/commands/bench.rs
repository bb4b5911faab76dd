//! `gametree bench`: a fixed suite of searches with node counts and times.

use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use gametree_engine::{
    analyze, census, iterative_deepening, minimax, AnalysisConfig, Game, GameKind, Heuristics, Limits, SearchOptions, Searcher,
    StopFlag,
};
use gametree_games::{Matchsticks, Mnk, ProductGrid};

/// Options of `bench`.
#[derive(clap::Args, Debug, Clone)]
pub struct Arguments {
    /// Print JSON lines instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Also run the long benchmarks (the census of mnk:4,4,4, matchsticks 4×4).
    #[arg(long)]
    pub full: bool,
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
    /// CPU time of the benchmarking thread, when the system reports it.
    pub cpu_micros: Option<u64>,
}

/// CPU time used so far by the calling thread, in microseconds (Linux
/// `/proc/thread-self/schedstat`). Wall times on a shared machine include waiting for a
/// core; CPU time does not. Every row runs on the calling thread.
/// (The kernel updates the figure at scheduling points, so the thread yields first.)
fn thread_cpu_micros() -> Option<u64> {
    // The kernel brings the running thread's total up to date when it yields.
    std::thread::yield_now();
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos / 1000)
}

/// Sets the CPU time of the rows pushed since `mark` (their share: the rows of one
/// measurement are pushed one at a time) and moves the mark.
fn stamp(rows: &mut [Row], mark: &mut Option<u64>) {
    let now = thread_cpu_micros();
    if let (Some(row), Some(before), Some(after)) = (rows.last_mut(), *mark, now) {
        row.cpu_micros = Some(after.saturating_sub(before));
    }
    *mark = now;
}

/// Runs the command.
pub fn run(arguments: &Arguments, stop: &StopFlag) -> Result<ExitCode> {
    let mut rows = Vec::new();
    let mut mark = thread_cpu_micros();

    let started = Instant::now();
    let result = census(&Mnk::tictactoe(), stop.clone(), |_| {})?;
    rows.push(Row {
        cpu_micros: None,
        name: "census tictactoe",
        nodes: result.positions,
        micros: started.elapsed().as_micros() as u64,
        detail: format!("{} positions, root {}", result.positions, result.root),
    });
    stamp(&mut rows, &mut mark);

    let config = AnalysisConfig { stop: stop.clone(), ..AnalysisConfig::default() };
    let analysis = analyze(&Mnk::tictactoe(), &config);
    rows.push(Row {
        cpu_micros: None,
        name: "analyze tictactoe start",
        nodes: analysis.statistics.nodes,
        micros: analysis.statistics.time_us,
        detail: format!("{}", analysis.verdict(GameKind::WinDrawLoss)),
    });
    stamp(&mut rows, &mut mark);

    rows.extend(product_grid_rows());
    mark = thread_cpu_micros();

    // A 16 MiB table holds these searches; clearing the default 64 MiB one would cost more
    // than the searches themselves.
    let config = AnalysisConfig { options: SearchOptions::strong(16), ..config };

    for (name, text) in [("analyze mnk:4,4,4 xo../.x..", Some("xo../.x../..../....")), ("analyze mnk:4,4,4 start", None)] {
        let board = match text {
            Some(text) => Mnk::parse(4, 4, 4, text)?,
            None => Mnk::new(4, 4, 4)?,
        };
        let analysis = analyze(&board, &config);
        rows.push(Row {
            cpu_micros: None,
            name,
            nodes: analysis.statistics.nodes,
            micros: analysis.statistics.time_us,
            detail: format!(
                "{} moves, {}, 16 MiB table; target < 100 ms (1% of ~10 s in C++) / < 1 s",
                analysis.moves.len(),
                analysis.verdict(GameKind::WinDrawLoss)
            ),
        });
        stamp(&mut rows, &mut mark);
    }

    let analysis = analyze(&Matchsticks::new(3, 4)?, &config);
    rows.push(Row {
        cpu_micros: None,
        name: "analyze matchsticks 3x4",
        nodes: analysis.statistics.nodes,
        micros: analysis.statistics.time_us,
        detail: format!("{} moves, {}", analysis.moves.len(), analysis.verdict(GameKind::WinDrawLoss)),
    });
    stamp(&mut rows, &mut mark);

    if arguments.full {
        let started = Instant::now();
        let result = census(&Mnk::new(4, 4, 4)?, stop.clone(), |_| {})?;
        let peak = super::census::peak_memory_kib().map_or(String::new(), |kib| format!(", peak memory {} MiB", kib / 1024));
        rows.push(Row {
            cpu_micros: None,
            name: "census mnk:4,4,4",
            nodes: result.positions,
            micros: started.elapsed().as_micros() as u64,
            detail: format!("{} positions, {} up to symmetry, root {}{peak}", result.positions, result.canonical, result.root),
        });
        stamp(&mut rows, &mut mark);
        let mut searcher = Searcher::new(SearchOptions::strong(256));
        let started = Instant::now();
        let value = searcher.solve(&mut Matchsticks::new(4, 4)?);
        rows.push(Row {
            cpu_micros: None,
            name: "solve matchsticks 4x4",
            nodes: searcher.statistics().nodes,
            micros: started.elapsed().as_micros() as u64,
            detail: format!("{value:?} for the player to move"),
        });
        stamp(&mut rows, &mut mark);
    }

    rows.push(super::solve_connect4::bench_row(stop)?);
    stamp(&mut rows, &mut mark);

    rows.extend(gomoku_rows()?);

    print_rows(&rows, arguments.json);
    Ok(ExitCode::SUCCESS)
}

/// Gomoku from a 3-stone opening (white to move), searched to a fixed depth by pbrain's
/// searcher ([`new_searcher`](gametree_games::gomoku::new_searcher)) with its heuristics
/// (reductions, extensions, quiescence, futility pruning) and without them (plain
/// principal variation search): node counts and times show what the heuristics save.
/// Each row measures its own CPU time.
fn gomoku_rows() -> Result<Vec<Row>> {
    use gametree_games::gomoku::{new_searcher, Gomoku, Rule};
    use gametree_games::Notation;
    let opening = Gomoku::parse(15, Rule::Freestyle, "7,7 8,6 9,5")?;
    let mut rows = Vec::new();
    for (name, plain, depth) in [
        ("gomoku 3 stones, depth 5, plain", true, 5),
        ("gomoku 3 stones, depth 5, play", false, 5),
        ("gomoku 3 stones, depth 8, play", false, 8),
    ] {
        let cpu_before = thread_cpu_micros();
        let mut searcher = new_searcher(64);
        if plain {
            searcher.set_heuristics(Heuristics::default());
        }
        let limits = Limits::default().with_depth(depth);
        let report = iterative_deepening(&mut searcher, &mut opening.clone(), &limits, StopFlag::new(), |_| {});
        let best = report.best_move.map_or_else(|| "none".to_string(), |cell| opening.move_notation(cell));
        let cpu_micros = thread_cpu_micros().zip(cpu_before).map(|(after, before)| after.saturating_sub(before));
        rows.push(Row {
            cpu_micros,
            name,
            nodes: report.statistics.nodes,
            micros: report.statistics.time_us,
            detail: format!("best {best}, value {:?}", report.value),
        });
    }
    Ok(rows)
}

/// 400 random contest boards with 8 or 9 empty cells through one searcher (one table), and
/// plain minimax on the empty board for comparison.
fn product_grid_rows() -> Vec<Row> {
    let boards = ProductGrid::random_boards(2024, 400, 8..=9);
    let mut searcher = Searcher::new(SearchOptions::strong(16));
    let cpu_before = thread_cpu_micros();
    let started = Instant::now();
    let mut tally = [0u32; 3];
    for board in &boards {
        let score = gametree_games::product_grid_sign(&mut searcher, &mut board.clone());
        tally[(score.signum() + 1) as usize] += 1;
    }
    let micros = started.elapsed().as_micros() as u64;
    let fast = Row {
        cpu_micros: thread_cpu_micros().zip(cpu_before).map(|(after, before)| after - before),
        name: "product-grid 400 boards",
        nodes: searcher.statistics().nodes,
        micros,
        detail: format!(
            "{} first, {} second, {} tie; {:.2}% of plain C++ minimax (~5 ms a board, 2 s)",
            tally[2],
            tally[0],
            tally[1],
            micros as f64 / 2_000_000.0 * 100.0
        ),
    };
    let cpu_before = thread_cpu_micros();
    let started = Instant::now();
    let mut empty = ProductGrid::empty();
    let value = minimax(&mut empty);
    let micros = started.elapsed().as_micros() as u64;
    let cpu_micros = thread_cpu_micros().zip(cpu_before).map(|(after, before)| after - before);
    let plain = Row {
        cpu_micros,
        name: "product-grid minimax 1 board",
        nodes: count_nodes(&mut ProductGrid::empty()),
        micros,
        detail: format!("empty board, score {}: plain minimax, for comparison", value.raw()),
    };
    vec![fast, plain]
}

fn count_nodes<G: Game>(position: &mut G) -> u64 {
    if position.outcome().is_some() {
        return 1;
    }
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    1 + moves
        .into_iter()
        .map(|mv| {
            position.play(mv);
            let nodes = count_nodes(position);
            position.undo(mv);
            nodes
        })
        .sum::<u64>()
}

fn print_rows(rows: &[Row], json: bool) {
    if json {
        for row in rows {
            println!(
                "{}",
                serde_json::json!({"name": row.name, "nodes": row.nodes, "time_us": row.micros, "cpu_us": row.cpu_micros, "detail": row.detail})
            );
        }
        return;
    }
    println!("{:<30} {:>12} {:>12} {:>12}  result", "benchmark", "nodes", "time", "cpu");
    for row in rows {
        let cpu = row.cpu_micros.map_or("-".to_string(), |micros| format!("{:.2} ms", micros as f64 / 1000.0));
        println!("{:<30} {:>12} {:>9.2} ms {:>12}  {}", row.name, row.nodes, row.micros as f64 / 1000.0, cpu, row.detail);
    }
}
