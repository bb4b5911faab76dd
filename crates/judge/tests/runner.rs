//! The runner on ordinary Unix programs: input and output, limits, and process groups.

use std::time::Duration;

use gametree_judge::{run, Program, RunLimits, Termination};

fn shell(script: &str) -> Program {
    Program { command: "sh".into(), arguments: vec!["-c".into(), script.into()], directory: None }
}

fn limits(seconds: f64) -> RunLimits {
    RunLimits { time: Duration::from_secs_f64(seconds), ..RunLimits::default() }
}

#[test]
fn input_reaches_the_program_and_output_comes_back() {
    let result = run(&shell("cat"), b"3\n1 2 3\n", &limits(5.0)).unwrap();
    assert_eq!(result.termination, Termination::Exited(0));
    assert_eq!(result.stdout, b"3\n1 2 3\n");
}

#[test]
fn a_program_that_never_reads_a_large_input_does_not_block() {
    let input = vec![b'7'; 8 << 20];
    let result = run(&shell("echo done"), &input, &limits(5.0)).unwrap();
    assert_eq!(result.termination, Termination::Exited(0));
    assert_eq!(result.stdout, b"done\n");
}

#[test]
fn exit_status_and_signals_are_reported() {
    assert_eq!(run(&shell("exit 4"), b"", &limits(5.0)).unwrap().termination, Termination::Exited(4));
    assert_eq!(run(&shell("kill -SEGV $$"), b"", &limits(5.0)).unwrap().termination, Termination::Signalled(libc::SIGSEGV));
}

#[test]
fn a_sleeping_program_and_its_children_are_killed() {
    // The background child holds standard output open: only killing the whole process
    // group lets the run end.
    let result = run(&shell("sleep 60 & sleep 60"), b"", &limits(0.2)).unwrap();
    assert_eq!(result.termination, Termination::TimedOut);
    let result = run(&shell("sleep 60 & echo started"), b"", &limits(5.0)).unwrap();
    assert_eq!(result.termination, Termination::Exited(0));
    assert_eq!(result.stdout, b"started\n");
}

#[test]
fn a_busy_loop_runs_out_of_time() {
    let result = run(&shell("while :; do :; done"), b"", &limits(0.3)).unwrap();
    assert_eq!(result.termination, Termination::TimedOut);
}

#[test]
fn output_past_the_cap_is_cut_and_the_program_killed() {
    let capped = RunLimits { output_bytes: 1024, ..limits(5.0) };
    let result = run(&shell("yes"), b"", &capped).unwrap();
    assert_eq!(result.termination, Termination::OutputLimit);
    assert_eq!(result.stdout.len(), 1024);
}

#[test]
fn a_missing_program_is_an_error() {
    let missing = Program { command: "/no/such/program".into(), arguments: Vec::new(), directory: None };
    let error = run(&missing, b"", &limits(1.0)).unwrap_err();
    assert!(error.to_string().contains("/no/such/program"));
}

#[test]
fn a_raised_stop_flag_kills_the_run() {
    let stop = gametree_engine::StopFlag::new();
    let raiser = stop.clone();
    let thread = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        raiser.raise();
    });
    let error = gametree_judge::run_until(&shell("sleep 60"), b"", &limits(30.0), &stop).unwrap_err();
    thread.join().unwrap();
    assert_eq!(error.source.kind(), std::io::ErrorKind::Interrupted);
}
