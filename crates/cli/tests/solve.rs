//! `gametree solve`: every public sample byte for byte, and a catalogue of bad inputs that
//! must give nothing on stdout, a message naming the board and line, and exit status 2.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use gametree_engine::{Game, SearchOptions, Searcher};
use gametree_games::Matchsticks;

fn samples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/samples")
}

fn solve(problem: &str, input: &str) -> assert_cmd::assert::Assert {
    Command::cargo_bin("gametree").unwrap().args(["solve", problem]).write_stdin(input.to_string()).assert()
}

fn read(name: &str) -> String {
    std::fs::read_to_string(samples().join(name)).unwrap()
}

#[test]
fn tictactoe_ccf_sample_is_byte_exact() {
    solve("tictactoe-ccf", &read("tictactoe-ccf.in")).success().stdout(read("tictactoe-ccf.out"));
}

#[test]
fn product_grid_sample_is_byte_exact() {
    solve("product-grid", &read("product-grid.in")).success().stdout(read("product-grid.out"));
}

#[test]
fn product_grid_accepts_any_number_of_boards() {
    // The sample five times over: T = 25 (beyond the original limit of 20).
    let input = read("product-grid.in");
    let boards: Vec<&str> = input.lines().skip(1).collect();
    let mut text = "25\n".to_string();
    for _ in 0..5 {
        text.push_str(&boards.join("\n"));
        text.push('\n');
    }
    solve("product-grid", &text).success().stdout(read("product-grid.out").repeat(5));
}

fn parse_board(text: &str) -> Matchsticks {
    let rows: Vec<&str> = text.lines().collect();
    Matchsticks::from_rows(3, 4, &rows).unwrap()
}

#[test]
fn matchsticks_sample_one_answers_a_winning_move() {
    let input = read("matchsticks-1.in");
    let output = solve("matchsticks", &input).success().get_output().stdout.clone();
    let output = String::from_utf8(output).unwrap();
    assert!(output.ends_with('\n') && output.lines().count() == 3, "{output:?}");
    let before = parse_board(&input);
    let mut after = parse_board(&output);
    // Exactly one stick added, by a legal move.
    let mut moves = Vec::new();
    before.generate_moves(&mut moves);
    assert!(moves.iter().any(|&mv| {
        let mut child = before;
        child.play(mv);
        child == after
    }));
    // Re-analysis: the opponent, now to move, loses.
    assert!(Searcher::new(SearchOptions::default()).solve(&mut after).is_loss());
}

#[test]
fn matchsticks_sample_two_delays_defeat_longest() {
    let input = read("matchsticks-2.in");
    let output = solve("matchsticks", &input).success().get_output().stdout.clone();
    let mut after = parse_board(&String::from_utf8(output).unwrap());
    // Every move loses (SPEC); the answer must lose as late as any.
    let value = Searcher::new(SearchOptions::default()).solve(&mut after);
    assert!(value.is_win(), "the opponent wins after any move");
    let before = parse_board(&input);
    let mut moves = Vec::new();
    before.generate_moves(&mut moves);
    let latest = moves
        .iter()
        .map(|&mv| {
            let mut child = before;
            child.play(mv);
            Searcher::new(SearchOptions::default()).solve(&mut child).remoteness().unwrap()
        })
        .max()
        .unwrap();
    assert_eq!(value.remoteness(), Some(latest));
}

#[test]
fn matchsticks_without_a_legal_move_exits_1() {
    solve("matchsticks", "1111\n----\n1-1-\n").code(1).stdout("").stderr(predicates::str::contains("no stick can be placed"));
}

/// (problem, input, words the message must contain)
const BAD_INPUTS: &[(&str, &str, &[&str])] = &[
    // tictactoe-ccf
    ("tictactoe-ccf", "", &["empty input"]),
    ("tictactoe-ccf", "\n\n", &["empty input"]),
    ("tictactoe-ccf", "x\n", &["line 1", "T"]),
    ("tictactoe-ccf", "1 1\n1 2 1\n2 1 2\n0 0 0\n", &["line 1", "T"]),
    ("tictactoe-ccf", "-1\n", &["line 1"]),
    ("tictactoe-ccf", "1\n1 2\n2 1 2\n0 0 0\n", &["board 1, line 1", "input line 2", "found 2"]),
    ("tictactoe-ccf", "1\n1 2 1\n2 1 2 0\n0 0 0\n", &["board 1, line 2", "found 4"]),
    ("tictactoe-ccf", "1\n1 2 1\n2 1 2\n0 0 3\n", &["board 1, line 3", "0 to 2"]),
    ("tictactoe-ccf", "1\n1 2 1\n2 1 2\n0 0 a\n", &["board 1, line 3", "`a`"]),
    ("tictactoe-ccf", "1\n1 2 1\n2 1 2\n0 0 +1\n", &["board 1, line 3", "`+1`"]),
    ("tictactoe-ccf", "1\n1 1 1\n1 0 0\n0 0 0\n", &["board 1", "lines 2-4", "x has as many"]),
    ("tictactoe-ccf", "1\n2 2 0\n0 0 0\n0 0 0\n", &["board 1", "x has as many"]),
    ("tictactoe-ccf", "1\n1 1 1\n2 2 2\n0 0 0\n", &["board 1", "both"]),
    ("tictactoe-ccf", "1\n1 1 1\n2 2 0\n2 0 0\n", &["board 1", "x has a line but o has moved"]),
    ("tictactoe-ccf", "2\n1 2 1\n2 1 2\n0 0 0\n", &["board 2", "missing", "T = 2"]),
    ("tictactoe-ccf", "1\n1 2 1\n2 1 2\n0 0 0\n0 0 0\n", &["line 5", "unexpected"]),
    ("tictactoe-ccf", "2\n0 0 0\n0 0 0\n0 0 0\n1 2\n", &["board 2, line 1", "input line 5"]),
    // product-grid
    ("product-grid", "", &["empty input"]),
    ("product-grid", "1\n1 2 3\n4 5 6\n", &["board 1, line 3", "missing"]),
    ("product-grid", "1\n1 2 3\n4 5 6\n7 8\n", &["board 1, line 3", "found 2"]),
    ("product-grid", "1\n1 2 3\n4 5 6\n7 8 9 0\n", &["board 1, line 3", "found 4"]),
    ("product-grid", "1\n1 2 3\n4 5 6\n7 8 10\n", &["board 1, line 3", "0 to 9"]),
    ("product-grid", "1\n1 2 3\n4 5 6\n7 8 -9\n", &["board 1, line 3", "0 to 9"]),
    ("product-grid", "1\n1 2 3\n4 5 x\n7 8 9\n", &["board 1, line 2", "`x`"]),
    ("product-grid", "1\n1 2 3\n4 5 6\n7 8 1\n", &["board 1", "line 3 column 3", "distinct"]),
    ("product-grid", "2\n0 0 0\n0 0 0\n0 0 0\n5 0 0\n0 5 0\n0 0 0\n", &["board 2", "line 2 column 2", "distinct"]),
    ("product-grid", "3\n1 2 3\n4 5 6\n7 8 9\n", &["board 2", "missing", "T = 3"]),
    ("product-grid", "1\n1 2 3\n4 5 6\n7 8 9\n1\n", &["line 5", "unexpected"]),
    ("product-grid", "1.5\n", &["line 1", "T"]),
    ("product-grid", "99999999999999999999999\n", &["line 1", "too large"]),
    // matchsticks
    ("matchsticks", "", &["empty input"]),
    ("matchsticks", "111\n----\n0000\n", &["line 1", "3 characters"]),
    ("matchsticks", "1111\n----0\n0000\n", &["line 2", "5 characters"]),
    ("matchsticks", "1111\n--x-\n0000\n", &["line 2", "column 3", "`x`"]),
    ("matchsticks", "1111\n-- -\n0000\n", &["line 2", "column 3"]),
    ("matchsticks", "1111\n----\n", &["line 3", "missing"]),
    ("matchsticks", "1111\n----\n0000\n0000\n", &["line 4", "unexpected"]),
    ("matchsticks", "1 1 1 1\n", &["line 1", "7 characters"]),
];

#[test]
fn bad_inputs_are_rejected_with_board_and_line() {
    for &(problem, input, words) in BAD_INPUTS {
        let output = Command::cargo_bin("gametree").unwrap().args(["solve", problem]).write_stdin(input).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{problem} {input:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{problem} {input:?}: printed {:?}", String::from_utf8_lossy(&output.stdout));
        assert_eq!(stderr.lines().count(), 1, "{problem} {input:?}: one line expected: {stderr}");
        for word in words {
            assert!(stderr.contains(word), "{problem} {input:?}: `{word}` missing from: {stderr}");
        }
    }
}

#[test]
fn bad_input_in_a_later_board_prints_nothing_for_the_earlier_ones() {
    let input = "2\n1 2 3\n4 5 6\n7 8 9\n1 1 0\n0 0 0\n0 0 0\n";
    solve("product-grid", input).code(2).stdout("").stderr(predicates::str::contains("board 2"));
}

#[test]
fn unknown_problems_and_binary_input_are_usage_errors() {
    solve("chess", "").code(2).stdout("").stderr(predicates::str::contains("known problems"));
    Command::cargo_bin("gametree")
        .unwrap()
        .args(["solve", "product-grid"])
        .write_stdin(vec![0xff, 0xfe, 0x00])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains("UTF-8"));
}
