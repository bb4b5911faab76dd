//! `gametree judge` on small programs written for these tests (`tests/judge_programs/`):
//! correct ones, one per misreading, and ones that sleep, crash, flood the output or
//! allocate without bound. The judge's verdicts and diagnoses are asserted.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use gametree_judge::tictactoe_ccf::TictactoeCcf;
use gametree_judge::Problem;
use serde_json::Value;

fn gametree() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_gametree"))
}

fn programs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/judge_programs")
}

/// The C++ test programs, compiled once with `g++ -O2` into a temporary folder.
fn compiled(name: &str) -> String {
    static BUILD: OnceLock<tempfile::TempDir> = OnceLock::new();
    let build = BUILD.get_or_init(|| {
        let build = tempfile::tempdir().expect("temporary folder");
        for entry in std::fs::read_dir(programs()).expect("test programs") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|extension| extension == "cpp") {
                let output = build.path().join(path.file_stem().expect("stem"));
                let status = Command::new("g++").arg("-O2").arg(&path).arg("-o").arg(&output).status().expect("g++ runs");
                assert!(status.success(), "g++ failed on {}", path.display());
            }
        }
        build
    });
    build.path().join(name).display().to_string()
}

fn python(name: &str) -> Vec<String> {
    vec!["python3".to_string(), programs().join(name).display().to_string()]
}

fn cpp(name: &str) -> Vec<String> {
    vec![compiled(name)]
}

/// Runs `gametree judge PROBLEM OPTIONS --json -- PROGRAM` and returns the exit status and
/// the submission's JSON row.
fn judge(problem: &str, options: &[&str], program: &[String]) -> (i32, Value) {
    let output = Command::new(gametree())
        .arg("judge")
        .arg(problem)
        .args(options)
        .arg("--json")
        .arg("--")
        .args(program)
        .output()
        .expect("gametree runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let report: Value = serde_json::from_str(&stdout)
        .unwrap_or_else(|error| panic!("not JSON ({error}): {stdout}\nstderr: {}", String::from_utf8_lossy(&output.stderr)));
    (output.status.code().expect("exit status"), report["submissions"][0].clone())
}

fn names(value: &Value) -> Vec<String> {
    value.as_array().expect("array").iter().map(|name| name.as_str().expect("string").to_string()).collect()
}

#[test]
fn correct_programs_are_accepted() {
    let solve = |problem: &str| vec![gametree().display().to_string(), "solve".to_string(), problem.to_string()];
    let cases: Vec<(&str, Vec<String>)> = vec![
        ("tictactoe-ccf", cpp("ccf_correct")),
        ("tictactoe-ccf", python("ccf_correct.py")),
        ("tictactoe-ccf", solve("tictactoe-ccf")),
        ("product-grid", cpp("grid_correct")),
        ("product-grid", solve("product-grid")),
        ("matchsticks", python("sticks_correct.py")),
        ("matchsticks", solve("matchsticks")),
        ("connect4", solve("connect4")),
    ];
    for (problem, program) in cases {
        let (status, row) = judge(problem, &["--cases", "3", "--time", "10"], &program);
        assert_eq!(row["verdict"], "accepted", "{problem} {program:?}: {row}");
        assert_eq!(status, 0);
        let grade = &row["grade"];
        assert_eq!(grade["passed"], grade["total"]);
        assert!(grade["failure"].is_null());
        // Every stratum was covered.
        for stratum in grade["strata"].as_array().expect("strata") {
            assert_eq!(stratum["total"], 3, "{problem}: {stratum}");
        }
    }
}

#[test]
fn each_misreading_is_named() {
    let cases: Vec<(&str, Vec<String>, &str)> = vec![
        ("tictactoe-ccf", python("ccf_no_plus_one.py"), "no-plus-one"),
        ("tictactoe-ccf", cpp("ccf_wrong_sign"), "wrong-sign"),
        ("tictactoe-ccf", cpp("ccf_already_won_ignored"), "already-won-ignored"),
        ("product-grid", python("grid_reading_order.py"), "reading-order-fill"),
        ("product-grid", cpp("grid_free_number"), "free-number-choice"),
        ("product-grid", cpp("grid_any_filling"), "any-filling-wins"),
        ("product-grid", cpp("grid_maximiser_alone"), "maximiser-alone"),
        ("product-grid", cpp("grid_sums_for_products"), "sums-for-products"),
        ("product-grid", cpp("grid_rows_columns_swapped"), "rows-columns-swapped"),
        ("product-grid", cpp("grid_roles_swapped"), "roles-swapped"),
        ("product-grid", cpp("grid_never_tie"), "never-tie"),
        ("matchsticks", python("sticks_neighbour_only.py"), "neighbour-only"),
        ("matchsticks", cpp("sticks_touching_lose"), "touching-preplaced-lose"),
    ];
    for (problem, program, misreading) in cases {
        let (status, row) = judge(problem, &["--cases", "3", "--time", "10"], &program);
        assert_eq!(status, 1, "{misreading}: {row}");
        assert_eq!(row["verdict"], "wrong-answer", "{misreading}: {row}");
        let grade = &row["grade"];
        assert!(names(&grade["matched"]).contains(&misreading.to_string()), "{misreading}: {}", grade["matched"]);
        // The two readings that only differ on boards where no filling wins but one ties
        // may both match; every other misreading is told apart from the rest.
        if !["any-filling-wins", "maximiser-alone"].contains(&misreading) {
            assert_eq!(names(&grade["matched"]), vec![misreading.to_string()]);
        }
        let correct = &grade["agreements"][0];
        assert_eq!(correct["solver"], "correct");
        assert!(correct["agreed"].as_u64() < correct["answered"].as_u64());
        let failure = &grade["failure"];
        assert_eq!(failure["verdict"], "wrong-answer");
        assert_ne!(failure["expected"], failure["received"]);
        assert!(!failure["explanation"].as_str().expect("explanation").is_empty());
        if problem != "matchsticks" {
            assert!(failure["input"].as_str().expect("input").starts_with("1\n"), "shrunk to T = 1: {failure}");
        }
    }
}

fn connect4_wrapped(mode: &str) -> Vec<String> {
    let mut program = python("c4_wrapped.py");
    program.push(mode.to_string());
    program.push(gametree().display().to_string());
    program
}

#[test]
fn connect4_negated_scores_are_wrong() {
    let (status, row) = judge("connect4", &["--cases", "2", "--time", "10"], &connect4_wrapped("negate"));
    assert_eq!(status, 1, "{row}");
    assert_eq!(row["verdict"], "wrong-answer", "{row}");
    let grade = &row["grade"];
    // Draws stay right; every decided position is wrong.
    let strata = grade["strata"].as_array().expect("strata");
    for stratum in strata {
        let draws = stratum["stratum"].as_str().expect("name").ends_with("draw");
        assert_eq!(stratum["passed"], if draws { stratum["total"].clone() } else { 0.into() }, "{stratum}");
    }
    // No reading explains negated scores (the first player's view agrees only when the
    // second player is to move).
    assert!(names(&grade["matched"]).is_empty(), "{}", grade["matched"]);
    let failure = &grade["failure"];
    let fields = |key: &str| -> Vec<String> { failure[key].as_str().expect("line").split_whitespace().map(str::to_string).collect() };
    let (expected, received) = (fields("expected"), fields("received"));
    assert_eq!(expected.len(), 4, "{failure}");
    assert_eq!(received.len(), 4, "{failure}");
    assert_eq!(expected[0], received[0]);
    let score: i32 = expected[1].parse().expect("score");
    assert_ne!(score, 0);
    assert_eq!(received[1].parse::<i32>().expect("score"), -score);
    assert_eq!(failure["input"].as_str().expect("input").lines().count(), 1, "shrunk to one position: {failure}");
}

#[test]
fn connect4_first_player_view_is_named() {
    let (status, row) = judge("connect4", &["--cases", "2", "--time", "10"], &connect4_wrapped("first-player-view"));
    assert_eq!(status, 1, "{row}");
    assert_eq!(row["verdict"], "wrong-answer", "{row}");
    assert_eq!(names(&row["grade"]["matched"]), vec!["first-player-view".to_string()], "{row}");
    let explanation = row["grade"]["failure"]["explanation"].as_str().expect("explanation");
    assert!(explanation.contains("the second player to move"), "{explanation}");
}

#[test]
fn the_failing_case_is_shrunk_to_fewest_stones() {
    let (_, row) = judge("tictactoe-ccf", &["--cases", "3"], &python("ccf_no_plus_one.py"));
    let failure = &row["grade"]["failure"];
    let numbers: Vec<u8> =
        failure["input"].as_str().expect("input").split_whitespace().map(|word| word.parse().expect("number")).collect();
    assert_eq!(numbers[0], 1);
    let board: [u8; 9] = numbers[1..].try_into().expect("one board");
    // Every board one stone smaller is answered right by this program (it only errs on
    // decisive boards), so the shrinking stopped at a local minimum.
    let no_plus_one = TictactoeCcf.solvers().into_iter().find(|solver| solver.name == "no-plus-one").expect("solver");
    for smaller in TictactoeCcf.shrink(&board) {
        assert_eq!((no_plus_one.reference)(&smaller), TictactoeCcf.correct(&smaller), "{smaller:?} still fails");
    }
    // The expected line ends the game as the score says.
    let expected: i32 = failure["expected"].as_str().expect("expected").trim().parse().expect("score");
    let received: i32 = failure["received"].as_str().expect("received").trim().parse().expect("score");
    assert_eq!(received, expected - expected.signum());
    assert!(expected != 0);
}

#[test]
fn one_program_can_write_the_reports_too() {
    let reports = tempfile::tempdir().expect("temporary folder");
    let output = Command::new(gametree())
        .args(["judge", "product-grid", "--cases", "2", "--report"])
        .arg(reports.path())
        .arg("--")
        .args(cpp("grid_roles_swapped"))
        .output()
        .expect("gametree runs");
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.starts_with("product-grid: wrong-answer"), "{text}");
    assert!(text.contains("Diagnosis: agrees with 'roles-swapped' on 22/22 cases"), "{text}");
    assert!(text.contains("minimax line: "), "{text}");
    let csv = std::fs::read_to_string(reports.path().join("report.csv")).expect("report.csv");
    assert!(csv.starts_with("submission,language,verdict,passed,total,0 blanks,1 blank,2 blanks,"), "{csv}");
    assert_eq!(csv.lines().count(), 2);
    assert!(csv.lines().nth(1).expect("row").contains(",command,wrong-answer,"));
    assert!(reports.path().join("report.md").exists());
}

#[test]
fn presentation_error_is_told_apart() {
    let (status, row) = judge("tictactoe-ccf", &["--cases", "2"], &python("ccf_one_line.py"));
    assert_eq!(status, 1);
    assert_eq!(row["verdict"], "presentation-error");
    assert_eq!(row["grade"]["passed"], row["grade"]["total"]);
}

#[test]
fn misbehaving_programs_get_their_verdicts() {
    let cases: Vec<(Vec<String>, &str)> = vec![
        (python("sleep_forever.py"), "timeout"),
        (cpp("crash"), "crash"),
        (python("exit_three.py"), "crash"),
        (cpp("print_100mb"), "output-limit"),
        (cpp("allocate_forever"), "memory"),
        (python("allocate_forever.py"), "memory"),
    ];
    for (program, verdict) in cases {
        // A generous limit, so that a busy machine does not turn a slow exit into a timeout.
        let time = if verdict == "timeout" { "0.5" } else { "3" };
        let (status, row) = judge("tictactoe-ccf", &["--cases", "1", "--time", time, "--max-timeouts", "1"], &program);
        assert_eq!(status, 1, "{program:?}");
        assert_eq!(row["verdict"], verdict, "{program:?}: {row}");
        assert_eq!(row["grade"]["passed"], 0);
        assert_eq!(row["grade"]["failure"]["verdict"], verdict);
    }
    // After the first timeout the other files are skipped.
    let (_, row) = judge("tictactoe-ccf", &["--cases", "1", "--time", "0.5", "--max-timeouts", "1"], &python("sleep_forever.py"));
    assert_eq!(row["grade"]["files"]["timeout"], 1);
    assert_eq!(row["grade"]["files"]["skipped"], 2);
}

#[test]
fn batch_mode_grades_a_class() {
    let class = tempfile::tempdir().expect("temporary folder");
    let copy = |from: &str, to: &str| {
        let target = class.path().join(to);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("folder");
        std::fs::copy(programs().join(from), target).expect("copy");
    };
    copy("ccf_correct.cpp", "alice.cpp");
    copy("ccf_no_plus_one.py", "bob.py");
    copy("ccf_wrong_sign.cpp", "carol/main.cpp");
    std::fs::write(class.path().join("carol/notes.txt"), "my notes").expect("write");
    std::fs::write(class.path().join("dave.cpp"), "int main() { this is not C++ }\n").expect("write");
    copy("ccf_correct.py", "erin/solution.py");
    std::fs::write(class.path().join("README.txt"), "not a submission").expect("write");
    let reports = tempfile::tempdir().expect("temporary folder");
    let output = Command::new(gametree())
        .args(["judge", "tictactoe-ccf", "--cases", "2", "--jobs", "2", "--batch"])
        .arg(class.path())
        .arg("--report")
        .arg(reports.path())
        .output()
        .expect("gametree runs");
    assert_eq!(output.status.code(), Some(1), "{}", String::from_utf8_lossy(&output.stderr));

    let csv = std::fs::read_to_string(reports.path().join("report.csv")).expect("report.csv");
    let rows: Vec<&str> = csv.lines().collect();
    assert!(rows[0].starts_with("submission,language,verdict,passed,total,\"ongoing, 0 stones\","), "{}", rows[0]);
    assert_eq!(rows.len(), 6, "{csv}");
    let row = |name: &str| rows.iter().find(|row| row.starts_with(&format!("{name},"))).copied().expect(name);
    assert!(row("alice").starts_with("alice,cpp,accepted,30,30,"));
    assert!(row("bob").starts_with("bob,python,wrong-answer,"));
    assert!(row("bob").contains(",no-plus-one,"));
    assert!(row("carol").starts_with("carol,cpp,wrong-answer,"));
    assert!(row("carol").contains(",wrong-sign,"));
    assert!(row("dave").starts_with("dave,cpp,compile-error,"));
    assert!(row("erin").starts_with("erin,python,accepted,30,30,"));

    let json: Value = serde_json::from_str(&std::fs::read_to_string(reports.path().join("report.json")).expect("json")).expect("JSON");
    let submissions = json["submissions"].as_array().expect("submissions");
    assert_eq!(submissions.len(), 5);
    let dave = submissions.iter().find(|submission| submission["name"] == "dave").expect("dave");
    assert!(dave["compile_error"].as_str().expect("messages").contains("error"));
    assert_eq!(json["tests"]["cases"], 30);

    let markdown = std::fs::read_to_string(reports.path().join("report.md")).expect("report.md");
    assert!(markdown.starts_with("# Judge report: tictactoe-ccf"));
    assert!(markdown.contains("| bob | python | wrong-answer | "));
    assert!(markdown.contains("agrees with 'no-plus-one' on 30/30 cases"));
}

#[test]
fn written_tests_are_what_the_solver_answers() {
    for problem in ["tictactoe-ccf", "product-grid", "matchsticks"] {
        let folder = tempfile::tempdir().expect("temporary folder");
        let status = Command::new(gametree())
            .args(["judge", problem, "--cases", "2", "--write-tests"])
            .arg(folder.path())
            .arg("--")
            .arg(gametree())
            .args(["solve", problem])
            .output()
            .expect("gametree runs")
            .status;
        assert_eq!(status.code(), Some(0));
        let inputs: Vec<PathBuf> = std::fs::read_dir(folder.path())
            .expect("folder")
            .map(|entry| entry.expect("entry").path())
            .filter(|path| path.extension().is_some_and(|extension| extension == "in"))
            .collect();
        assert!(!inputs.is_empty());
        for input in inputs {
            let answer = std::fs::read_to_string(input.with_extension("ans")).expect("answer");
            let output = Command::new(gametree())
                .args(["solve", problem])
                .stdin(std::fs::File::open(&input).expect("input"))
                .output()
                .expect("solve runs");
            let solved = String::from_utf8_lossy(&output.stdout);
            if problem == "matchsticks" {
                // Several moves may be right: both must be boards of the same shape.
                assert_eq!(solved.lines().count(), answer.lines().count(), "{}", input.display());
            } else {
                assert_eq!(solved, answer, "{}", input.display());
            }
        }
    }
}

#[test]
fn usage_errors_exit_with_status_two() {
    let run = |arguments: &[&str]| {
        let output = Command::new(gametree()).args(arguments).output().expect("gametree runs");
        (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
    };
    let (status, message) = run(&["judge", "chess", "--", "true"]);
    assert_eq!(status, Some(2));
    assert!(message.contains("unknown problem `chess`"), "{message}");
    let (status, message) = run(&["judge", "product-grid"]);
    assert_eq!(status, Some(2));
    assert!(message.contains("--batch"), "{message}");
    let (status, message) = run(&["judge", "product-grid", "--exhaustive", "--", "true"]);
    assert_eq!(status, Some(2));
    assert!(message.contains("too large"), "{message}");
    let (status, message) = run(&["judge", "tictactoe-ccf", "--cases", "1", "--", "/no/such/program"]);
    assert_eq!(status, Some(2));
    assert!(message.contains("/no/such/program"), "{message}");
    let (status, message) = run(&["judge", "tictactoe-ccf", "--batch", "/no/such/folder"]);
    assert_eq!(status, Some(2));
    assert!(message.contains("/no/such/folder"), "{message}");
    let (status, _) = run(&["judge", "tictactoe-ccf", "--time", "-1", "--", "true"]);
    assert_eq!(status, Some(2));
}

/// Every one of the 5,478 reachable boards, against `gametree solve` (1,096 runs of
/// five boards).
#[test]
fn exhaustive_tictactoe_ccf() {
    let (status, row) = judge(
        "tictactoe-ccf",
        &["--exhaustive"],
        &[gametree().display().to_string(), "solve".to_string(), "tictactoe-ccf".to_string()],
    );
    assert_eq!(status, 0);
    assert_eq!(row["grade"]["total"], 5478);
    assert_eq!(row["grade"]["passed"], 5478);
}
