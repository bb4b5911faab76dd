//! Running an untrusted program on one input: resource limits set with `setrlimit` in the
//! child before `exec`, a wall-clock kill, output captured up to a cap, and the whole
//! process group killed on any overrun (so grandchildren cannot outlive the run).

use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use gametree_engine::StopFlag;

/// How to start a program: the executable and its arguments, run in `directory`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The executable (a path or a name looked up in `PATH`).
    pub command: String,
    /// Its arguments.
    pub arguments: Vec<String>,
    /// The working directory, if not the judge's.
    pub directory: Option<PathBuf>,
}

impl Program {
    /// A program from a command line's words: the first is the executable.
    #[must_use]
    pub fn from_words(words: &[String]) -> Option<Program> {
        let (command, arguments) = words.split_first()?;
        Some(Program { command: command.clone(), arguments: arguments.to_vec(), directory: None })
    }
}

/// Limits of one run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunLimits {
    /// CPU time (user + system). The run is killed when its wall-clock time passes twice
    /// this plus a second (a program that sleeps or waits uses no CPU), and the kernel's
    /// CPU limit is set a second above it.
    pub time: Duration,
    /// Address space (RLIMIT_AS) in bytes.
    pub memory_bytes: u64,
    /// Bytes of standard output kept; more kills the run.
    pub output_bytes: usize,
}

impl Default for RunLimits {
    fn default() -> Self {
        RunLimits { time: Duration::from_secs(2), memory_bytes: 256 << 20, output_bytes: 1 << 20 }
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// Exited with this status.
    Exited(i32),
    /// Killed by this signal (not by the judge).
    Signalled(i32),
    /// Used more CPU time than the limit, or was killed by the judge at the wall-clock
    /// limit.
    TimedOut,
    /// Killed by the judge for printing more than the output cap.
    OutputLimit,
}

/// What one run produced.
#[derive(Clone, Debug)]
pub struct RunResult {
    /// How it ended.
    pub termination: Termination,
    /// Standard output, at most the cap.
    pub stdout: Vec<u8>,
    /// Standard error, at most 64 KiB.
    pub stderr: Vec<u8>,
    /// Wall-clock time.
    pub time: Duration,
    /// CPU time, user and system.
    pub cpu_time: Duration,
    /// Peak resident memory in bytes, as the kernel reports it.
    pub peak_memory_bytes: u64,
}

impl RunResult {
    /// Whether the run failed and looks like it ran out of memory: the usual
    /// allocation-failure messages on standard error, or a peak near the limit.
    #[must_use]
    pub fn out_of_memory(&self, limits: &RunLimits) -> bool {
        let failed = matches!(self.termination, Termination::Exited(code) if code != 0)
            || matches!(self.termination, Termination::Signalled(_));
        if !failed {
            return false;
        }
        self.reports_out_of_memory() || self.peak_memory_bytes * 10 >= limits.memory_bytes * 9
    }

    /// Whether standard error carries one of the usual allocation-failure messages
    /// (`std::bad_alloc`, Python's `MemoryError`, …).
    #[must_use]
    pub fn reports_out_of_memory(&self) -> bool {
        let stderr = String::from_utf8_lossy(&self.stderr);
        let messages = ["bad_alloc", "MemoryError", "Cannot allocate memory", "out of memory", "Out of memory"];
        messages.iter().any(|message| stderr.contains(message))
    }
}

/// The judge could not start or watch the program.
#[derive(Debug, thiserror::Error)]
#[error("cannot run `{command}`: {source}")]
pub struct RunError {
    /// The executable.
    pub command: String,
    /// Why.
    #[source]
    pub source: std::io::Error,
}

const STDERR_CAP: usize = 64 << 10;

/// Reads `source` into a buffer of at most `cap` bytes; past that raises `overflow` and
/// keeps draining (so the writer is not blocked) without storing.
fn capped_reader(
    mut source: impl Read + Send + 'static,
    cap: usize,
    overflow: Option<Arc<AtomicBool>>,
) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buffer = [0u8; 64 << 10];
        loop {
            match source.read(&mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(count) => {
                    let room = cap.saturating_sub(kept.len());
                    kept.extend_from_slice(&buffer[..count.min(room)]);
                    if count > room {
                        if let Some(flag) = &overflow {
                            flag.store(true, Ordering::SeqCst);
                            break;
                        }
                    }
                }
            }
        }
        kept
    })
}

/// Runs `program` with `input` on standard input under `limits`.
pub fn run(program: &Program, input: &[u8], limits: &RunLimits) -> Result<RunResult, RunError> {
    run_until(program, input, limits, &StopFlag::new())
}

/// [`run`], ending early (killing the program, error of kind `Interrupted`) when `stop`
/// is raised, e.g. by Ctrl-C.
pub fn run_until(program: &Program, input: &[u8], limits: &RunLimits, stop: &StopFlag) -> Result<RunResult, RunError> {
    let mut command = Command::new(&program.command);
    command.args(&program.arguments).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    if let Some(directory) = &program.directory {
        command.current_dir(directory);
    }
    let cpu_seconds = limits.time.as_secs() + 1 + u64::from(limits.time.subsec_nanos() > 0);
    let memory = limits.memory_bytes;
    // SAFETY: the hook runs in the forked child before exec and calls only
    // async-signal-safe functions (setpgid, setrlimit).
    unsafe {
        command.pre_exec(move || {
            if libc::setpgid(0, 0) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            let set = |resource, value: u64| {
                let limit = libc::rlimit { rlim_cur: value as libc::rlim_t, rlim_max: value as libc::rlim_t };
                if libc::setrlimit(resource, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            };
            set(libc::RLIMIT_AS, memory)?;
            set(libc::RLIMIT_CPU, cpu_seconds)?;
            set(libc::RLIMIT_CORE, 0)?;
            Ok(())
        });
    }
    let started = Instant::now();
    let mut child = command.spawn().map_err(|source| RunError { command: program.command.clone(), source })?;
    let pid = child.id() as libc::pid_t;
    let overflow = Arc::new(AtomicBool::new(false));
    let stdout = capped_reader(child.stdout.take().expect("piped stdout"), limits.output_bytes, Some(overflow.clone()));
    let stderr = capped_reader(child.stderr.take().expect("piped stderr"), STDERR_CAP, None);
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    // A program that never reads its input must not block the judge: write on a thread
    // and ignore a broken pipe.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });

    let kill_group = || {
        // SAFETY: signalling our own child's process group.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    };
    let mut judge_verdict = None;
    let mut interrupted = false;
    let (status, usage) = loop {
        let mut status = 0;
        // SAFETY: zeroed rusage is a valid out-parameter for wait4.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: waiting for our own child, with valid pointers.
        let waited = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if waited == pid {
            break (status, usage);
        }
        if waited < 0 {
            let error = std::io::Error::last_os_error();
            if error.kind() != std::io::ErrorKind::Interrupted {
                kill_group();
                return Err(RunError { command: program.command.clone(), source: error });
            }
        }
        if judge_verdict.is_none() {
            if stop.is_raised() {
                interrupted = true;
                judge_verdict = Some(Termination::TimedOut);
                kill_group();
            } else if overflow.load(Ordering::SeqCst) {
                judge_verdict = Some(Termination::OutputLimit);
                kill_group();
            } else if started.elapsed() > limits.time * 2 + Duration::from_secs(1) {
                judge_verdict = Some(Termination::TimedOut);
                kill_group();
            }
        }
        thread::sleep(Duration::from_millis(2));
    };
    let time = started.elapsed();
    // Whatever the program left behind in its group goes too.
    kill_group();
    let _ = writer.join();
    let stdout = stdout.join().unwrap_or_default();
    let stderr = stderr.join().unwrap_or_default();
    if interrupted {
        return Err(RunError {
            command: program.command.clone(),
            source: std::io::Error::new(std::io::ErrorKind::Interrupted, "interrupted"),
        });
    }
    let exit = std::process::ExitStatus::from_raw(status);
    let seconds = |time: libc::timeval| Duration::from_secs(time.tv_sec as u64) + Duration::from_micros(time.tv_usec as u64);
    let cpu_time = seconds(usage.ru_utime) + seconds(usage.ru_stime);
    let termination = match judge_verdict {
        Some(verdict) => verdict,
        None if overflow.load(Ordering::SeqCst) => Termination::OutputLimit,
        None if cpu_time > limits.time => Termination::TimedOut,
        None => match (exit.code(), exit.signal()) {
            (Some(code), _) => Termination::Exited(code),
            (None, Some(libc::SIGXCPU)) => Termination::TimedOut,
            (None, Some(signal)) => Termination::Signalled(signal),
            (None, None) => Termination::Signalled(0),
        },
    };
    Ok(RunResult { termination, stdout, stderr, time, cpu_time, peak_memory_bytes: usage.ru_maxrss as u64 * 1024 })
}
