//! `gametree solve connect4` on standard input: output format (SPEC §4.1), `--weak`, and
//! bad lines rejected with exit status 2 and a message naming the line.

use assert_cmd::Command;

fn gametree() -> Command {
    Command::cargo_bin("gametree").expect("the gametree binary is built")
}

/// The first lines of Pons' Test_L3_R1 with their scores.
const INPUT: &str = "2252576253462244111563365343671351441 -1\n\
7422341735647741166133573473242566 1\n\
23163416124767223154467471272416755633 0\n";

#[test]
fn every_line_gets_position_score_nodes_and_microseconds() {
    let output = gametree().args(["solve", "connect4"]).write_stdin(INPUT).assert().success().get_output().stdout.clone();
    let text = String::from_utf8(output).unwrap();
    let lines: Vec<Vec<&str>> = text.lines().map(|line| line.split(' ').collect()).collect();
    assert_eq!(lines.len(), 3, "{text}");
    let expected = [
        ("2252576253462244111563365343671351441", "-1"),
        ("7422341735647741166133573473242566", "1"),
        ("23163416124767223154467471272416755633", "0"),
    ];
    for (fields, (position, score)) in lines.iter().zip(expected) {
        assert_eq!(fields.len(), 4, "{fields:?}");
        assert_eq!((fields[0], fields[1]), (position, score));
        assert!(fields[2].parse::<u64>().unwrap() >= 1);
        fields[3].parse::<u64>().unwrap();
    }
}

#[test]
fn exact_scores_away_from_zero() {
    // From Test_L2_R1: scores 4 and 8 for the side to move, -1 for a loss.
    let input = "5554224333234511764415115\n52753311433677442422121\n1233722555341451114725221333\n";
    let output = gametree().args(["solve", "connect4"]).write_stdin(input).assert().success().get_output().stdout.clone();
    let scores: Vec<String> =
        String::from_utf8(output).unwrap().lines().map(|line| line.split(' ').nth(1).unwrap().to_string()).collect();
    assert_eq!(scores, ["4", "8", "-1"]);
}

#[test]
fn weak_prints_only_the_sign() {
    let input = "5554224333234511764415115\n1233722555341451114725221333\n23163416124767223154467471272416755633\n";
    let output = gametree().args(["solve", "connect4", "--weak"]).write_stdin(input).assert().success().get_output().stdout.clone();
    let scores: Vec<String> =
        String::from_utf8(output).unwrap().lines().map(|line| line.split(' ').nth(1).unwrap().to_string()).collect();
    assert_eq!(scores, ["1", "-1", "0"]);
}

#[test]
fn other_board_sizes_are_solved() {
    // 4x4 Connect Four is a draw from the start.
    let output = gametree().args(["solve", "connect4:4x4"]).write_stdin("\n").assert().success().get_output().stdout.clone();
    let line = String::from_utf8(output).unwrap();
    assert_eq!(line.split(' ').nth(1), Some("0"), "{line}");
}

#[test]
fn bad_lines_exit_with_status_two_naming_the_line() {
    let cases = [
        ("2252576253462244111563365343671351441\n4x5\n", "line 2", "`x` is not a column"),
        ("448\n", "line 1", "column 8 is out of range 1-7"),
        ("4444444\n", "line 1", "column 4 is full"),
        ("2252576253462244111563365343671351441\n1212121\n", "line 2", "the game is already over"),
        ("121212123\n", "line 1", "the game is already over"),
    ];
    for (input, line, reason) in cases {
        let assert = gametree().args(["solve", "connect4"]).write_stdin(input).assert().code(2);
        let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
        assert!(stderr.contains(line) && stderr.contains(reason), "{input:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

#[test]
fn unknown_problems_and_sizes_are_usage_errors() {
    gametree().args(["solve", "connect5"]).write_stdin("").assert().code(2);
    gametree().args(["solve", "connect4:12x12"]).write_stdin("").assert().code(2);
}
