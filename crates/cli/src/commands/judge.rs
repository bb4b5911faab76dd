//! `gametree judge PROBLEM [options] -- CMD [ARGS...]` and `gametree judge PROBLEM --batch
//! DIR`: grade contest programs against the exact solvers (the work is done by the
//! `gametree-judge` crate; this file reads options and prints).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use gametree_engine::StopFlag;
use gametree_judge::batch::{discover, grade_all, SubmissionResult};
use gametree_judge::connect4::Connect4;
use gametree_judge::matchsticks::Matchsticks;
use gametree_judge::product_grid::ProductGrid;
use gametree_judge::report::{grade_text, json, write_reports, TestSummary};
use gametree_judge::tictactoe_ccf::TictactoeCcf;
use gametree_judge::{grade, GradeOptions, Problem, Program, RunLimits, TestSet, Verdict};

use crate::error::input_error;

/// The problems `judge` knows.
pub const PROBLEMS: &[&str] = &["tictactoe-ccf", "product-grid", "matchsticks", "connect4"];

/// Options of `judge`.
#[derive(clap::Args, Debug, Clone)]
pub struct Arguments {
    /// The problem: tictactoe-ccf, product-grid, matchsticks or connect4.
    pub problem: String,
    /// Random cases are drawn with this seed (the same seed, the same tests).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random cases per stratum.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub cases: usize,
    /// Every case instead of random ones (tictactoe-ccf: all 5,478 reachable boards).
    #[arg(long)]
    pub exhaustive: bool,
    /// Time limit per run (one input file), in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 2.0)]
    pub time: f64,
    /// Memory limit per run (address space), in MiB.
    #[arg(long, value_name = "MB", default_value_t = 256)]
    pub memory: u64,
    /// Output kept per run, in KiB; printing more is `output-limit`.
    #[arg(long, value_name = "KB", default_value_t = 1024)]
    pub output_limit: usize,
    /// Stop running a program after this many files over the time limit (0: never).
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub max_timeouts: usize,
    /// Grade every submission in this folder (one file or one folder per student).
    #[arg(long, value_name = "DIR")]
    pub batch: Option<PathBuf>,
    /// Submissions graded at once in batch mode.
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Write report.md, report.csv and report.json into this folder.
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
    /// Also write the test files (NNN.in) and one right output for each (NNN.ans) here.
    #[arg(long, value_name = "DIR")]
    pub write_tests: Option<PathBuf>,
    /// Print the report as JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// The program to judge and its arguments, after `--`.
    #[arg(last = true, value_name = "CMD")]
    pub command: Vec<String>,
}

/// Runs the command.
pub fn run(arguments: &Arguments, stop: &StopFlag) -> Result<ExitCode> {
    match arguments.problem.trim() {
        "tictactoe-ccf" => judge(&TictactoeCcf, arguments, stop),
        "product-grid" => judge(&ProductGrid, arguments, stop),
        "matchsticks" => judge(&Matchsticks, arguments, stop),
        "connect4" => judge(&Connect4, arguments, stop),
        other => Err(input_error(format!("judge: unknown problem `{other}`; known problems: {}", PROBLEMS.join(", ")))),
    }
}

fn limits(arguments: &Arguments) -> Result<RunLimits> {
    if !(arguments.time.is_finite() && arguments.time > 0.0 && arguments.time <= 3600.0) {
        return Err(input_error(format!("--time {}: expected seconds between 0 and 3600", arguments.time)));
    }
    if arguments.memory < 16 {
        return Err(input_error(format!("--memory {}: expected at least 16 MiB", arguments.memory)));
    }
    if arguments.output_limit == 0 {
        return Err(input_error("--output-limit 0: expected at least 1 KiB"));
    }
    Ok(RunLimits {
        time: Duration::from_secs_f64(arguments.time),
        memory_bytes: arguments.memory << 20,
        output_bytes: arguments.output_limit << 10,
    })
}

fn judge<P: Problem>(problem: &P, arguments: &Arguments, stop: &StopFlag) -> Result<ExitCode> {
    let limits = limits(arguments)?;
    if arguments.batch.is_some() != arguments.command.is_empty() {
        return Err(input_error(
            "judge: give either a program after `--` (gametree judge PROBLEM -- CMD ARGS) or --batch DIR, not both",
        ));
    }
    if arguments.cases == 0 && !arguments.exhaustive {
        return Err(input_error("--cases 0: expected at least 1 case per stratum"));
    }
    let tests =
        if arguments.exhaustive { TestSet::exhaustive(problem) } else { TestSet::random(problem, arguments.cases, arguments.seed) }
            .map_err(|error| input_error(error.to_string()))?;
    let summary = TestSummary {
        problem: problem.name().to_string(),
        selection: if arguments.exhaustive {
            "exhaustive".to_string()
        } else {
            format!("random, seed {}, {} per stratum", arguments.seed, arguments.cases)
        },
        cases: tests.len(),
        files: tests.file_count(),
        time_limit_ms: limits.time.as_millis() as u64,
        memory_limit_mib: arguments.memory,
        strata: problem.strata(),
    };
    if let Some(directory) = &arguments.write_tests {
        std::fs::create_dir_all(directory).with_context(|| format!("creating {}", directory.display()))?;
        for (index, (input, output)) in tests.inputs(problem).iter().zip(tests.expected_outputs(problem)).enumerate() {
            std::fs::write(directory.join(format!("{:03}.in", index + 1)), input)?;
            std::fs::write(directory.join(format!("{:03}.ans", index + 1)), output)?;
        }
    }
    let options = GradeOptions { stop: stop.clone(), limits, max_timeouts: arguments.max_timeouts, ..GradeOptions::default() };
    let results = match &arguments.batch {
        Some(directory) => batch(problem, &tests, directory, &options, arguments)?,
        None => {
            let program = Program::from_words(&arguments.command).context("no program given")?;
            let grade = grade(problem, &tests, &program, &options).map_err(|error| {
                if stop.is_raised() {
                    input_error("judge: interrupted")
                } else {
                    input_error(format!("judge: {error}"))
                }
            })?;
            let result = SubmissionResult {
                name: arguments.command.join(" "),
                language: "command".to_string(),
                verdict: grade.verdict,
                compile_error: None,
                compile_time_ms: 0,
                grade: Some(grade),
            };
            if !arguments.json {
                print!("{}", grade_text(&summary, result.grade.as_ref().expect("graded")));
            }
            vec![result]
        }
    };
    if arguments.json {
        println!("{}", serde_json::to_string_pretty(&json(&summary, &results))?);
    }
    if let Some(directory) = &arguments.report {
        write_reports(directory, &summary, &results).with_context(|| format!("writing the reports into {}", directory.display()))?;
    }
    let all_accepted = results.iter().all(|result| result.verdict == Verdict::Accepted);
    Ok(if all_accepted { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn batch<P: Problem>(
    problem: &P,
    tests: &TestSet<P>,
    directory: &std::path::Path,
    options: &GradeOptions,
    arguments: &Arguments,
) -> Result<Vec<SubmissionResult>> {
    let submissions = discover(directory)
        .map_err(|error| input_error(format!("--batch {}: cannot read the folder: {error}", directory.display())))?;
    if submissions.is_empty() {
        return Err(input_error(format!("--batch {}: no submissions (C, C++, Python or executables) found", directory.display())));
    }
    let build = tempfile::Builder::new().prefix("gametree-judge-").tempdir().context("making a build folder")?;
    let jobs = arguments.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)).max(1);
    let bar = indicatif::ProgressBar::new(submissions.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} submissions {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let progress = |result: &SubmissionResult| {
        bar.set_message(format!("{}: {}", result.name, result.verdict));
        bar.inc(1);
    };
    let results = grade_all(problem, tests, &submissions, options, build.path(), jobs, &progress);
    bar.finish_and_clear();
    if options.stop.is_raised() {
        return Err(input_error("judge: interrupted"));
    }
    if !arguments.json {
        let width = results.iter().map(|result| result.name.len()).max().unwrap_or(0);
        println!("{}: {} submissions, {} cases each", problem.name(), results.len(), tests.len());
        for result in &results {
            let passed = result.grade.as_ref().map_or(String::new(), |grade| format!("{}/{}", grade.passed, grade.total));
            let misreading = result.grade.as_ref().map_or(String::new(), |grade| grade.matched.join(" "));
            println!("  {:width$}  {:18} {:>9}  {misreading}", result.name, result.verdict.name(), passed);
        }
    }
    Ok(results)
}
