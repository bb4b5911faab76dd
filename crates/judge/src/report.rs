//! Reports: plain text for one program, and Markdown, CSV and JSON with one row per
//! submission for a class.

use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;

use crate::batch::SubmissionResult;
use crate::grade::{Failure, Grade};

/// What was tested, printed at the top of every report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TestSummary {
    /// The problem.
    pub problem: String,
    /// How the cases were chosen: `random, seed 7, 5 per stratum` or `exhaustive`.
    pub selection: String,
    /// Cases.
    pub cases: usize,
    /// Input files (at most T cases each).
    pub files: usize,
    /// Time limit per run, in milliseconds.
    pub time_limit_ms: u64,
    /// Memory limit, in MiB.
    pub memory_limit_mib: u64,
    /// The strata, in order.
    pub strata: Vec<String>,
}

fn indent(text: &str, prefix: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let _ = writeln!(out, "{prefix}{line}");
    }
    if text.trim().is_empty() {
        let _ = writeln!(out, "{prefix}(nothing)");
    }
    out
}

fn failure_text(failure: &Failure) -> String {
    let mut out = String::new();
    let title = match failure.verdict {
        crate::Verdict::WrongAnswer => "Smallest failing case",
        _ => "First failing file",
    };
    let _ = writeln!(
        out,
        "{title} ({}{}):",
        failure.verdict,
        failure.stratum.as_ref().map_or(String::new(), |stratum| format!(", stratum `{stratum}`"))
    );
    let _ = writeln!(out, "  input:");
    out.push_str(&indent(&failure.input, "    "));
    let others =
        if failure.accepted_answers > 1 { format!(" (one of {} right answers)", failure.accepted_answers) } else { String::new() };
    let _ = writeln!(out, "  expected{others}:");
    out.push_str(&indent(&failure.expected, "    "));
    let _ = writeln!(out, "  received:");
    out.push_str(&indent(&failure.received, "    "));
    if let Some(explanation) = &failure.explanation {
        let _ = writeln!(out, "  minimax line: {explanation}");
    }
    let _ = writeln!(out, "  run: {}", failure.detail);
    out
}

/// The report for one program, for a terminal.
#[must_use]
pub fn grade_text(summary: &TestSummary, grade: &Grade) -> String {
    let mut out = String::new();
    let files: Vec<String> = grade.files.iter().map(|(verdict, count)| format!("{count} {verdict}")).collect();
    let _ = writeln!(
        out,
        "{}: {} — {}/{} cases passed ({} files: {}; {})",
        summary.problem,
        grade.verdict,
        grade.passed,
        grade.total,
        summary.files,
        files.join(", "),
        summary.selection
    );
    let width = grade.strata.iter().map(|count| count.stratum.len()).max().unwrap_or(0);
    for count in &grade.strata {
        let _ = writeln!(out, "  {:width$}  {}/{}", count.stratum, count.passed, count.total);
    }
    if let Some(diagnosis) = grade.diagnosis() {
        let _ = writeln!(out, "Diagnosis: {diagnosis}");
        let width = grade.agreements.iter().map(|agreement| agreement.solver.len()).max().unwrap_or(0);
        for agreement in &grade.agreements {
            let _ = writeln!(
                out,
                "  {:width$}  {:>5}/{:<5} {}",
                agreement.solver, agreement.agreed, agreement.answered, agreement.description
            );
        }
    }
    if let Some(failure) = &grade.failure {
        out.push_str(&failure_text(failure));
    }
    let _ = writeln!(out, "CPU time: longest run {} ms, all runs {} ms", grade.max_time_ms, grade.total_time_ms);
    out
}

fn misreading_cell(result: &SubmissionResult) -> String {
    let Some(grade) = &result.grade else { return String::new() };
    if !grade.matched.is_empty() {
        grade.matched.join(" ")
    } else if let Some(closest) = &grade.closest {
        format!("closest: {closest}")
    } else {
        String::new()
    }
}

fn escape_markdown(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// The class report in Markdown: a summary table, then each submission's details.
#[must_use]
pub fn markdown(summary: &TestSummary, results: &[SubmissionResult]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# Judge report: {}\n", summary.problem);
    let _ = writeln!(
        out,
        "{} cases in {} files ({}); time limit {} ms, memory limit {} MiB per run.\n",
        summary.cases, summary.files, summary.selection, summary.time_limit_ms, summary.memory_limit_mib
    );
    let _ = writeln!(out, "| submission | language | verdict | passed | misreading | longest run (CPU ms) |");
    let _ = writeln!(out, "| --- | --- | --- | --- | --- | --- |");
    for result in results {
        let (passed, time) = result.grade.as_ref().map_or((String::new(), String::new()), |grade| {
            (format!("{}/{}", grade.passed, grade.total), grade.max_time_ms.to_string())
        });
        let _ = writeln!(
            out,
            "| {} | {} | {} | {passed} | {} | {time} |",
            escape_markdown(&result.name),
            result.language,
            result.verdict,
            escape_markdown(&misreading_cell(result))
        );
    }
    for result in results {
        let _ = writeln!(out, "\n## {}\n", result.name);
        let _ = writeln!(out, "Verdict: **{}** ({}).\n", result.verdict, result.language);
        if let Some(messages) = &result.compile_error {
            let _ = writeln!(out, "```\n{}\n```", messages.trim_end());
        }
        let Some(grade) = &result.grade else { continue };
        let _ = writeln!(out, "| stratum | passed |\n| --- | --- |");
        for count in &grade.strata {
            let _ = writeln!(out, "| {} | {}/{} |", escape_markdown(&count.stratum), count.passed, count.total);
        }
        if let Some(diagnosis) = grade.diagnosis() {
            let _ = writeln!(out, "\nDiagnosis: {diagnosis}.");
        }
        if let Some(failure) = &grade.failure {
            let _ = writeln!(out, "\n```\n{}```", failure_text(failure));
        }
    }
    out
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The class report as CSV, one row per submission, one column per stratum.
#[must_use]
pub fn csv(summary: &TestSummary, results: &[SubmissionResult]) -> String {
    let mut header = vec!["submission".to_string(), "language".into(), "verdict".into(), "passed".into(), "total".into()];
    header.extend(summary.strata.iter().cloned());
    header.extend(["misreading", "diagnosis", "compile_error", "compile_time_ms", "max_time_ms", "total_time_ms"].map(String::from));
    let mut out = header.iter().map(|field| csv_field(field)).collect::<Vec<_>>().join(",");
    out.push('\n');
    for result in results {
        let mut row = vec![result.name.clone(), result.language.clone(), result.verdict.to_string()];
        match &result.grade {
            Some(grade) => {
                row.push(grade.passed.to_string());
                row.push(grade.total.to_string());
                row.extend(grade.strata.iter().map(|count| format!("{}/{}", count.passed, count.total)));
            }
            None => row.extend(vec![String::new(); 2 + summary.strata.len()]),
        }
        row.push(misreading_cell(result));
        row.push(result.grade.as_ref().and_then(Grade::diagnosis).unwrap_or_default());
        // One line per row: the first error line (Markdown and JSON have them all).
        let messages = result.compile_error.as_deref().unwrap_or_default();
        let first = messages.lines().find(|line| line.contains("error")).or_else(|| messages.lines().next()).unwrap_or_default();
        row.push(first.trim().to_string());
        row.push(result.compile_time_ms.to_string());
        row.push(result.grade.as_ref().map_or(String::new(), |grade| grade.max_time_ms.to_string()));
        row.push(result.grade.as_ref().map_or(String::new(), |grade| grade.total_time_ms.to_string()));
        out.push_str(&row.iter().map(|field| csv_field(field)).collect::<Vec<_>>().join(","));
        out.push('\n');
    }
    out
}

/// The class report as one JSON object: `{"tests": …, "submissions": [...]}`.
#[must_use]
pub fn json(summary: &TestSummary, results: &[SubmissionResult]) -> serde_json::Value {
    serde_json::json!({ "tests": summary, "submissions": results })
}

/// Writes `report.md`, `report.csv` and `report.json` into `directory` (made if needed).
pub fn write_reports(directory: &Path, summary: &TestSummary, results: &[SubmissionResult]) -> std::io::Result<()> {
    std::fs::create_dir_all(directory)?;
    std::fs::write(directory.join("report.md"), markdown(summary, results))?;
    std::fs::write(directory.join("report.csv"), csv(summary, results))?;
    let text = serde_json::to_string_pretty(&json(summary, results)).map_err(std::io::Error::other)?;
    std::fs::write(directory.join("report.json"), text + "\n")
}
