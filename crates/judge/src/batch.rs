//! Batch mode: every submission in a folder (one file or one folder per student) is
//! prepared (C++ compiled with `g++ -O2`, C with `gcc -O2`, Python run with `python3`,
//! executables as they are) and graded on the same test set, in parallel.

use std::path::{Path, PathBuf};
use std::time::Duration;

use gametree_engine::StopFlag;
use rayon::prelude::*;
use serde::Serialize;

use crate::grade::{grade, Grade, GradeOptions, TestSet, Verdict};
use crate::problem::Problem;
use crate::runner::{run_until, Program, RunLimits, Termination};

/// How a submission is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// C++ sources, compiled with `g++ -O2`.
    Cpp,
    /// C sources, compiled with `gcc -O2`.
    C,
    /// A Python program, run with `python3`.
    Python,
    /// An executable, run as it is.
    Executable,
}

impl Language {
    /// `cpp`, `c`, `python`, `executable`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Language::Cpp => "cpp",
            Language::C => "c",
            Language::Python => "python",
            Language::Executable => "executable",
        }
    }
}

/// One student's submission as found in the folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    /// The name in reports: the file's stem or the folder's name.
    pub name: String,
    /// How it is run, if the judge could tell.
    pub language: Option<Language>,
    /// The sources (or the executable).
    pub files: Vec<PathBuf>,
}

/// The outcome for one submission: a grade, or why there is none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SubmissionResult {
    /// The submission's name.
    pub name: String,
    /// `cpp`, `c`, `python`, `executable`, or `unknown`.
    pub language: String,
    /// The verdict (`compile-error` when it could not be prepared).
    pub verdict: Verdict,
    /// The compiler's messages, or why the submission could not be run.
    pub compile_error: Option<String>,
    /// Milliseconds spent compiling.
    pub compile_time_ms: u64,
    /// The grade, when the program ran.
    pub grade: Option<Grade>,
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata().is_ok_and(|metadata| metadata.is_file() && metadata.permissions().mode() & 0o111 != 0)
}

fn language_of(path: &Path) -> Option<Language> {
    match path.extension().and_then(|extension| extension.to_str()) {
        Some("cpp" | "cc" | "cxx" | "C" | "c++") => Some(Language::Cpp),
        Some("c") => Some(Language::C),
        Some("py") => Some(Language::Python),
        _ if is_executable(path) => Some(Language::Executable),
        _ => None,
    }
}

/// The submissions in `directory`, sorted by name. Hidden entries are skipped, and so
/// are loose files the judge cannot run (a README beside the submissions).
pub fn discover(directory: &Path) -> std::io::Result<Vec<Submission>> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(directory)?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| !path.file_name().and_then(|name| name.to_str()).is_some_and(|name| name.starts_with('.')))
        .collect();
    entries.sort();
    let mut submissions = Vec::new();
    for path in entries {
        if path.is_dir() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(&path)?
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|file| {
                    file.is_file() && !file.file_name().and_then(|name| name.to_str()).is_some_and(|name| name.starts_with('.'))
                })
                .collect();
            files.sort();
            let name = path.file_name().map_or_else(String::new, |name| name.to_string_lossy().into_owned());
            // Sources win over executables (a stale a.out beside main.cpp is ignored).
            let found = [Language::Cpp, Language::C, Language::Python, Language::Executable].into_iter().find_map(|language| {
                let chosen: Vec<PathBuf> = files.iter().filter(|file| language_of(file) == Some(language)).cloned().collect();
                (!chosen.is_empty()).then_some((language, chosen))
            });
            match found {
                Some((language, chosen)) => submissions.push(Submission { name, language: Some(language), files: chosen }),
                None => submissions.push(Submission { name, language: None, files }),
            }
        } else if let Some(language) = language_of(&path) {
            let name = path.file_stem().map_or_else(String::new, |stem| stem.to_string_lossy().into_owned());
            submissions.push(Submission { name, language: Some(language), files: vec![path] });
        }
    }
    Ok(submissions)
}

/// Limits of compilation.
const COMPILE_LIMITS: RunLimits = RunLimits { time: Duration::from_secs(120), memory_bytes: 4 << 30, output_bytes: 64 << 10 };

/// Makes a submission runnable: compiles it into `build` if needed. `Err` carries the
/// compiler's messages (or why it cannot be run) and the compile time.
fn prepare(submission: &Submission, build: &Path, stop: &StopFlag) -> Result<(Program, u64), (String, u64)> {
    let absolute = |path: &PathBuf| std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
    let Some(language) = submission.language else {
        return Err(("no C, C++ or Python source and no executable found".to_string(), 0));
    };
    match language {
        Language::Python => {
            if submission.files.len() > 1 {
                let main = submission.files.iter().find(|file| file.file_name().is_some_and(|name| name == "main.py"));
                return match main {
                    Some(main) => Ok((
                        Program { command: "python3".into(), arguments: vec![absolute(main).display().to_string()], directory: None },
                        0,
                    )),
                    None => Err((format!("{} Python files and no main.py: which one is the program?", submission.files.len()), 0)),
                };
            }
            Ok((
                Program {
                    command: "python3".into(),
                    arguments: vec![absolute(&submission.files[0]).display().to_string()],
                    directory: None,
                },
                0,
            ))
        }
        Language::Executable => {
            if submission.files.len() > 1 {
                return Err((format!("{} executables and no source: which one is the program?", submission.files.len()), 0));
            }
            Ok((Program { command: absolute(&submission.files[0]).display().to_string(), arguments: Vec::new(), directory: None }, 0))
        }
        Language::Cpp | Language::C => {
            let executable = build
                .join(format!("{}.bin", submission.name.replace(|c: char| !c.is_ascii_alphanumeric() && c != '-' && c != '_', "_")));
            let (compiler, mut arguments) = if language == Language::Cpp {
                ("g++", vec!["-O2".to_string(), "-std=gnu++17".to_string()])
            } else {
                ("gcc", vec!["-O2".to_string()])
            };
            arguments.extend(submission.files.iter().map(|file| absolute(file).display().to_string()));
            arguments.extend(["-o".to_string(), executable.display().to_string(), "-lm".to_string()]);
            let compiler_program = Program { command: compiler.into(), arguments, directory: None };
            let result = run_until(&compiler_program, b"", &COMPILE_LIMITS, stop).map_err(|error| (error.to_string(), 0))?;
            let milliseconds = result.time.as_millis() as u64;
            if result.termination != Termination::Exited(0) {
                let messages = String::from_utf8_lossy(&result.stderr).into_owned();
                let messages =
                    if messages.trim().is_empty() { format!("{compiler} failed: {:?}", result.termination) } else { messages };
                return Err((messages, milliseconds));
            }
            Ok((Program { command: executable.display().to_string(), arguments: Vec::new(), directory: None }, milliseconds))
        }
    }
}

/// Grades every submission in parallel on `jobs` threads, calling `progress` after each
/// one (with its result). `build` holds compiled programs. When `options.stop` is raised
/// the remaining submissions end at once with an "interrupted" message; the caller should
/// check the flag.
pub fn grade_all<P: Problem>(
    problem: &P,
    tests: &TestSet<P>,
    submissions: &[Submission],
    options: &GradeOptions,
    build: &Path,
    jobs: usize,
    progress: &(dyn Fn(&SubmissionResult) + Sync),
) -> Vec<SubmissionResult> {
    let grade_one = |submission: &Submission| {
        let language = submission.language.map_or("unknown", Language::name).to_string();
        let result = match prepare(submission, build, &options.stop) {
            Err((messages, compile_time_ms)) => SubmissionResult {
                name: submission.name.clone(),
                language,
                verdict: Verdict::CompileError,
                compile_error: Some(messages),
                compile_time_ms,
                grade: None,
            },
            Ok((program, compile_time_ms)) => match grade(problem, tests, &program, options) {
                Ok(grade) => SubmissionResult {
                    name: submission.name.clone(),
                    language,
                    verdict: grade.verdict,
                    compile_error: None,
                    compile_time_ms,
                    grade: Some(grade),
                },
                Err(error) => SubmissionResult {
                    name: submission.name.clone(),
                    language,
                    verdict: Verdict::CompileError,
                    compile_error: Some(error.to_string()),
                    compile_time_ms,
                    grade: None,
                },
            },
        };
        progress(&result);
        result
    };
    match rayon::ThreadPoolBuilder::new().num_threads(jobs.max(1)).build() {
        Ok(pool) => pool.install(|| submissions.par_iter().map(grade_one).collect()),
        Err(_) => submissions.iter().map(grade_one).collect(),
    }
}
