//! Test sets and grading: run a program on every file of a test set, check each answer,
//! count passes per stratum, compare the answers with every solver (the diagnosis), and
//! on a wrong answer shrink the failing case and explain the expected result.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::problem::{Problem, Reference, Solver};
use gametree_engine::StopFlag;

use crate::runner::{run_until, Program, RunError, RunLimits, RunResult, Termination};

/// The verdict of one file or of a whole submission. The names are stable (reports and
/// scripts rely on them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Every answer right, laid out as expected.
    Accepted,
    /// Every answer right, but the whitespace differs (all on one line, blank lines…).
    PresentationError,
    /// Some answer wrong, missing or extra.
    WrongAnswer,
    /// Killed by a signal, or a non-zero exit status.
    Crash,
    /// Ran past the time limit.
    Timeout,
    /// Ran out of memory under the memory limit.
    Memory,
    /// Printed more than the output limit.
    OutputLimit,
    /// The source did not compile (batch mode), or is no program the judge can run.
    CompileError,
}

impl Verdict {
    /// The stable name: `accepted`, `presentation-error`, `wrong-answer`, `crash`,
    /// `timeout`, `memory`, `output-limit`, `compile-error`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::PresentationError => "presentation-error",
            Verdict::WrongAnswer => "wrong-answer",
            Verdict::Crash => "crash",
            Verdict::Timeout => "timeout",
            Verdict::Memory => "memory",
            Verdict::OutputLimit => "output-limit",
            Verdict::CompileError => "compile-error",
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A generated test set: cases grouped into input files of at most T cases, with every
/// solver's reference for every case computed once.
pub struct TestSet<P: Problem> {
    cases: Vec<P::Case>,
    strata: Vec<usize>,
    /// `references[case][solver]`.
    references: Vec<Vec<Reference>>,
    files: Vec<std::ops::Range<usize>>,
    solvers: Vec<Solver<P::Case>>,
    stratum_names: Vec<String>,
}

/// Why a test set could not be made.
#[derive(Debug, thiserror::Error)]
pub enum TestSetError {
    /// `--exhaustive` for a problem whose space is too large.
    #[error("{0}: the space of cases is too large to test exhaustively; use --seed and --cases")]
    NotExhaustive(&'static str),
    /// A stratum that random draws could not fill.
    #[error("{problem}: could not generate a case of stratum `{stratum}`")]
    Stratum {
        /// The problem.
        problem: &'static str,
        /// The stratum's name.
        stratum: String,
    },
}

impl<P: Problem> TestSet<P> {
    /// `per_stratum` random cases of every stratum, drawn with `seed`, shuffled into files.
    pub fn random(problem: &P, per_stratum: usize, seed: u64) -> Result<TestSet<P>, TestSetError> {
        let mut rng = fastrand::Rng::with_seed(seed);
        let names = problem.strata();
        let mut cases = Vec::new();
        for (stratum, name) in names.iter().enumerate() {
            for _ in 0..per_stratum {
                let case = (0..100_000)
                    .find_map(|_| problem.random_case(stratum, &mut rng))
                    .ok_or_else(|| TestSetError::Stratum { problem: problem.name(), stratum: name.clone() })?;
                cases.push(case);
            }
        }
        rng.shuffle(&mut cases);
        Ok(TestSet::from_cases(problem, cases))
    }

    /// Every case of the problem, in files of T cases.
    pub fn exhaustive(problem: &P) -> Result<TestSet<P>, TestSetError> {
        let cases = problem.all_cases().ok_or(TestSetError::NotExhaustive(problem.name()))?;
        Ok(TestSet::from_cases(problem, cases))
    }

    /// A test set of exactly these cases, in this order.
    pub fn from_cases(problem: &P, cases: Vec<P::Case>) -> TestSet<P> {
        let solvers = problem.solvers();
        let strata = cases.iter().map(|case| problem.stratum(case)).collect();
        let references = cases.iter().map(|case| solvers.iter().map(|solver| (solver.reference)(case)).collect()).collect();
        let per_file = problem.cases_per_file().max(1);
        let files = (0..cases.len()).step_by(per_file).map(|start| start..(start + per_file).min(cases.len())).collect();
        TestSet { cases, strata, references, files, solvers, stratum_names: problem.strata() }
    }

    /// The number of cases.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cases.len()
    }

    /// Whether there are no cases.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cases.is_empty()
    }

    /// The number of input files.
    #[must_use]
    pub fn file_count(&self) -> usize {
        self.files.len()
    }

    /// The input text of every file, in order.
    #[must_use]
    pub fn inputs(&self, problem: &P) -> Vec<String> {
        self.files.iter().map(|range| problem.write_input(&self.cases[range.clone()])).collect()
    }

    /// The expected output of every file (one right answer per case).
    #[must_use]
    pub fn expected_outputs(&self, problem: &P) -> Vec<String> {
        self.files
            .iter()
            .map(|range| problem.layout(&range.clone().map(|case| self.references[case][0].example()).collect::<Vec<_>>()))
            .collect()
    }
}

/// Passes in one stratum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StratumCount {
    /// The stratum's name.
    pub stratum: String,
    /// Cases answered right.
    pub passed: usize,
    /// Cases.
    pub total: usize,
}

/// How often a program's answers agree with one solver.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Agreement {
    /// The solver's name (`correct` or a misreading).
    pub solver: String,
    /// What that reading does.
    pub description: String,
    /// Answers the solver accepts.
    pub agreed: usize,
    /// Cases the program answered (ran to completion on).
    pub answered: usize,
}

/// The details of the first failure, to show a person.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// What went wrong.
    pub verdict: Verdict,
    /// The (shrunk) input file that fails.
    pub input: String,
    /// A right output for it.
    pub expected: String,
    /// How many outputs are right (several for matchsticks).
    pub accepted_answers: usize,
    /// What the program printed (at most 4 KiB).
    pub received: String,
    /// The minimax line behind the expected result.
    pub explanation: Option<String>,
    /// The stratum of the failing case.
    pub stratum: Option<String>,
    /// How the run ended and what it wrote on standard error (at most 2 KiB).
    pub detail: String,
}

/// The result of grading one program.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Grade {
    /// The overall verdict: accepted, else the first failing file's (a presentation error
    /// only when nothing worse happened).
    pub verdict: Verdict,
    /// Cases answered right.
    pub passed: usize,
    /// Cases.
    pub total: usize,
    /// Passes per stratum.
    pub strata: Vec<StratumCount>,
    /// Files per verdict, and `skipped` files not run after too many timeouts.
    pub files: BTreeMap<String, usize>,
    /// Agreement with each solver, the correct one first.
    pub agreements: Vec<Agreement>,
    /// The misreadings the answers agree with on every answered case (when the correct
    /// solver does not).
    pub matched: Vec<String>,
    /// The misreading agreeing most often, when none matches fully but one beats the
    /// correct solver.
    pub closest: Option<String>,
    /// The first failure, shrunk.
    pub failure: Option<Failure>,
    /// CPU time of the longest run, in milliseconds.
    pub max_time_ms: u64,
    /// CPU time of all runs together, in milliseconds.
    pub total_time_ms: u64,
}

impl Grade {
    /// A one-line diagnosis: "agrees with 'reading-order-fill' on 600/600 cases, with the
    /// correct solver on 180/600".
    #[must_use]
    pub fn diagnosis(&self) -> Option<String> {
        let correct = self.agreements.first()?;
        if correct.answered == 0 || correct.agreed == correct.answered {
            return None;
        }
        let named: Vec<&Agreement> = if self.matched.is_empty() {
            self.agreements.iter().filter(|agreement| Some(&agreement.solver) == self.closest.as_ref()).collect()
        } else {
            self.agreements.iter().filter(|agreement| self.matched.contains(&agreement.solver)).collect()
        };
        let mut parts: Vec<String> = named
            .iter()
            .map(|agreement| format!("with '{}' on {}/{} cases", agreement.solver, agreement.agreed, agreement.answered))
            .collect();
        parts.push(format!("with the correct solver on {}/{}", correct.agreed, correct.answered));
        let lead = if named.is_empty() { "matches no known misreading; agrees" } else { "agrees" };
        Some(format!("{lead} {}", parts.join(", ")))
    }
}

/// Grading options.
#[derive(Clone, Debug)]
pub struct GradeOptions {
    /// Raised to stop grading (the running program is killed; grading returns an error).
    pub stop: StopFlag,
    /// Limits of each run.
    pub limits: RunLimits,
    /// Most runs spent shrinking a failing case.
    pub shrink_runs: usize,
    /// After this many files over the time limit, the remaining files are not run (their
    /// cases count as failed, and as `skipped` files); 0 runs every file.
    pub max_timeouts: usize,
}

impl Default for GradeOptions {
    fn default() -> Self {
        GradeOptions { stop: StopFlag::new(), limits: RunLimits::default(), shrink_runs: 60, max_timeouts: 3 }
    }
}

/// How one file went: its verdict and each case's answer (when the program finished).
struct FileOutcome {
    verdict: Verdict,
    answers: Vec<Option<String>>,
}

fn excerpt(bytes: &[u8], cap: usize) -> String {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(cap)]).into_owned();
    if bytes.len() > cap {
        format!("{text}… ({} bytes in all)", bytes.len())
    } else {
        text
    }
}

fn describe(result: &RunResult) -> String {
    let ended = match result.termination {
        Termination::Exited(code) => format!("exited with status {code}"),
        Termination::Signalled(signal) => format!("killed by signal {signal}"),
        Termination::TimedOut => "over the time limit".to_string(),
        Termination::OutputLimit => format!("killed after printing more than the output limit ({} bytes kept)", result.stdout.len()),
    };
    let stderr = excerpt(&result.stderr, 2048);
    let stderr = stderr.trim();
    format!(
        "{ended} after {} ms ({} ms of CPU), peak memory {} KiB{}",
        result.time.as_millis(),
        result.cpu_time.as_millis(),
        result.peak_memory_bytes / 1024,
        if stderr.is_empty() { String::new() } else { format!("; stderr: {stderr}") }
    )
}

/// Classifies one run of a file of `references.len()` cases.
fn judge_run<P: Problem>(problem: &P, references: &[&Reference], result: &RunResult, limits: &RunLimits) -> FileOutcome {
    let count = references.len();
    let failed = |verdict| FileOutcome { verdict, answers: vec![None; count] };
    let stdout = String::from_utf8_lossy(&result.stdout);
    match result.termination {
        // Out of memory, then too slow to die (a large heap to free, a traceback to print).
        Termination::TimedOut if result.reports_out_of_memory() => return failed(Verdict::Memory),
        Termination::TimedOut => return failed(Verdict::Timeout),
        Termination::OutputLimit => return failed(Verdict::OutputLimit),
        Termination::Exited(0) => {}
        Termination::Exited(1) if problem.empty_exit_one_is_answer() && count == 1 && stdout.trim().is_empty() => {}
        _ if result.out_of_memory(limits) => return failed(Verdict::Memory),
        _ => return failed(Verdict::Crash),
    }
    let tokens: Vec<&str> = stdout.split_whitespace().collect();
    let per_case = problem.tokens_per_case();
    let answers: Vec<Option<String>> = if tokens.is_empty() && count == 1 {
        vec![Some(String::new())]
    } else {
        (0..count).map(|case| tokens.get(case * per_case..(case + 1) * per_case).map(|part| part.join("\n"))).collect()
    };
    let all_right = tokens.len() == count * per_case || (tokens.is_empty() && count == 1);
    let all_right = all_right
        && answers.iter().zip(references).all(|(answer, reference)| answer.as_deref().is_some_and(|answer| reference.accepts(answer)));
    if !all_right {
        return FileOutcome { verdict: Verdict::WrongAnswer, answers };
    }
    // Layout: the problem's (one token per line, or one case per line); trailing spaces
    // and a missing final newline are forgiven.
    let expected = problem.layout(&answers.iter().map(|answer| answer.as_deref().unwrap_or("")).collect::<Vec<_>>());
    let normalise = |text: &str| -> Vec<String> {
        let mut lines: Vec<String> = text.lines().map(|line| line.trim_end().to_string()).collect();
        while lines.last().is_some_and(String::is_empty) {
            lines.pop();
        }
        lines
    };
    let verdict = if normalise(&stdout) == normalise(&expected) { Verdict::Accepted } else { Verdict::PresentationError };
    FileOutcome { verdict, answers }
}

/// Grades `program` on `tests`. Errors only when the program cannot be started at all.
pub fn grade<P: Problem>(problem: &P, tests: &TestSet<P>, program: &Program, options: &GradeOptions) -> Result<Grade, RunError> {
    let limits = options.limits;
    let inputs = tests.inputs(problem);
    let mut answers: Vec<Option<String>> = vec![None; tests.len()];
    let mut file_verdicts = Vec::new();
    let mut failure = None;
    let (mut max_time, mut total_time) = (0u64, 0u64);
    let mut timeouts = 0;
    let mut skipped = 0;
    for (range, input) in tests.files.iter().zip(&inputs) {
        if options.max_timeouts > 0 && timeouts >= options.max_timeouts {
            skipped += 1;
            continue;
        }
        let result = run_until(program, input.as_bytes(), &limits, &options.stop)?;
        let milliseconds = result.cpu_time.as_millis() as u64;
        max_time = max_time.max(milliseconds);
        total_time += milliseconds;
        let references: Vec<&Reference> = range.clone().map(|case| &tests.references[case][0]).collect();
        let outcome = judge_run(problem, &references, &result, &limits);
        for (slot, answer) in answers[range.clone()].iter_mut().zip(outcome.answers) {
            *slot = answer;
        }
        if outcome.verdict != Verdict::Accepted && failure.is_none() {
            failure = Some(match outcome.verdict {
                Verdict::WrongAnswer => {
                    let first_wrong = range
                        .clone()
                        .find(|&case| !answers[case].as_deref().is_some_and(|answer| tests.references[case][0].accepts(answer)));
                    match first_wrong {
                        Some(case) => shrink_failure(problem, tests, case, input, &result, program, options)?,
                        None => whole_file_failure(problem, tests, range.clone(), input, &result, Verdict::WrongAnswer),
                    }
                }
                verdict => whole_file_failure(problem, tests, range.clone(), input, &result, verdict),
            });
        }
        timeouts += usize::from(outcome.verdict == Verdict::Timeout);
        file_verdicts.push(outcome.verdict);
    }

    let mut strata: Vec<StratumCount> =
        tests.stratum_names.iter().map(|name| StratumCount { stratum: name.clone(), passed: 0, total: 0 }).collect();
    let mut agreements: Vec<Agreement> = tests
        .solvers
        .iter()
        .map(|solver| Agreement {
            solver: solver.name.to_string(),
            description: solver.description.to_string(),
            agreed: 0,
            answered: 0,
        })
        .collect();
    let mut passed = 0;
    for (case, answer) in answers.iter().enumerate() {
        let count = &mut strata[tests.strata[case]];
        count.total += 1;
        let Some(answer) = answer else { continue };
        if tests.references[case][0].accepts(answer) {
            count.passed += 1;
            passed += 1;
        }
        for (agreement, reference) in agreements.iter_mut().zip(&tests.references[case]) {
            agreement.answered += 1;
            agreement.agreed += usize::from(reference.accepts(answer));
        }
    }
    let correct = agreements[0].agreed;
    let matched: Vec<String> = agreements[1..]
        .iter()
        .filter(|agreement| agreement.answered > 0 && agreement.agreed == agreement.answered && correct < agreement.answered)
        .map(|agreement| agreement.solver.clone())
        .collect();
    let closest = if matched.is_empty() {
        agreements[1..]
            .iter()
            .filter(|agreement| agreement.agreed > correct)
            .max_by_key(|agreement| agreement.agreed)
            .map(|agreement| agreement.solver.clone())
    } else {
        None
    };
    let verdict = file_verdicts
        .iter()
        .copied()
        .find(|&verdict| verdict != Verdict::Accepted && verdict != Verdict::PresentationError)
        .or_else(|| file_verdicts.iter().copied().find(|&verdict| verdict == Verdict::PresentationError))
        .unwrap_or(Verdict::Accepted);
    let mut files = BTreeMap::new();
    for verdict in &file_verdicts {
        *files.entry(verdict.name().to_string()).or_insert(0) += 1;
    }
    if skipped > 0 {
        files.insert("skipped".to_string(), skipped);
    }
    Ok(Grade {
        verdict,
        passed,
        total: tests.len(),
        strata,
        files,
        agreements,
        matched,
        closest,
        failure,
        max_time_ms: max_time,
        total_time_ms: total_time,
    })
}

fn whole_file_failure<P: Problem>(
    problem: &P,
    tests: &TestSet<P>,
    range: std::ops::Range<usize>,
    input: &str,
    result: &RunResult,
    verdict: Verdict,
) -> Failure {
    let expected = problem.layout(&range.clone().map(|case| tests.references[case][0].example()).collect::<Vec<_>>());
    Failure {
        verdict,
        input: input.to_string(),
        expected,
        accepted_answers: range.map(|case| tests.references[case][0].count()).product(),
        received: excerpt(&result.stdout, 4096),
        explanation: None,
        stratum: None,
        detail: describe(result),
    }
}

/// Runs the program on a single case; `Some(run)` when its answer is wrong.
fn fails_alone<P: Problem>(
    problem: &P,
    case: &P::Case,
    program: &Program,
    options: &GradeOptions,
) -> Result<Option<(String, RunResult)>, RunError> {
    let limits = &options.limits;
    let input = problem.write_input(std::slice::from_ref(case));
    let result = run_until(program, input.as_bytes(), limits, &options.stop)?;
    let reference = problem.correct(case);
    let outcome = judge_run(problem, &[&reference], &result, limits);
    Ok((outcome.verdict == Verdict::WrongAnswer).then_some((input, result)))
}

/// Shrinks a wrong case: first alone (T = 1), then one blank or stone fewer at a time
/// while the program still answers it wrongly.
fn shrink_failure<P: Problem>(
    problem: &P,
    tests: &TestSet<P>,
    case: usize,
    file_input: &str,
    file_result: &RunResult,
    program: &Program,
    options: &GradeOptions,
) -> Result<Failure, RunError> {
    let mut budget = options.shrink_runs;
    let mut current = tests.cases[case];
    let Some(mut failing) = fails_alone(problem, &current, program, options)? else {
        // Right when alone: the answer depends on the other cases of the file.
        let mut failure = whole_file_failure(
            problem,
            tests,
            tests.files.iter().find(|range| range.contains(&case)).cloned().unwrap_or(case..case + 1),
            file_input,
            file_result,
            Verdict::WrongAnswer,
        );
        failure.explanation = Some(format!(
            "case {} of this file is answered wrongly here but rightly when alone (state kept between cases?); expected for it: {}",
            case - tests.files.iter().find(|range| range.contains(&case)).map_or(case, |range| range.start) + 1,
            problem.explain(&tests.cases[case])
        ));
        return Ok(failure);
    };
    budget = budget.saturating_sub(1);
    'shrinking: while budget > 0 {
        for smaller in problem.shrink(&current) {
            if budget == 0 {
                break 'shrinking;
            }
            budget -= 1;
            if let Some(found) = fails_alone(problem, &smaller, program, options)? {
                current = smaller;
                failing = found;
                continue 'shrinking;
            }
        }
        break;
    }
    let (input, result) = failing;
    let reference = problem.correct(&current);
    Ok(Failure {
        verdict: Verdict::WrongAnswer,
        input,
        expected: problem.layout(&[reference.example()]),
        accepted_answers: reference.count(),
        received: excerpt(&result.stdout, 4096),
        explanation: Some(problem.explain(&current)),
        stratum: tests.stratum_names.get(problem.stratum(&current)).cloned(),
        detail: describe(&result),
    })
}
