//! The `analyze` and `census` commands: SPEC §4 shapes, known values, bad input.

use assert_cmd::Command;
use serde_json::Value as Json;

fn gametree() -> Command {
    Command::cargo_bin("gametree").expect("binary")
}

fn json_of(arguments: &[&str]) -> Json {
    let output = gametree().args(arguments).output().expect("runs");
    assert!(output.status.success(), "{arguments:?}: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

#[test]
fn analyze_json_has_the_spec_shape() {
    let object = json_of(&["analyze", "tictactoe", "--json"]);
    assert_eq!(object["game"], "tictactoe");
    assert_eq!(object["position"], ".../.../...");
    assert_eq!(object["to_move"], "x");
    assert_eq!(object["value"], serde_json::json!({"kind": "draw", "remoteness": 9}));
    let moves = object["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 9);
    for mv in moves {
        assert_eq!(mv["value"]["kind"], "draw");
        assert_eq!(mv["pv"].as_array().unwrap().len(), 9, "{mv}");
        assert_eq!(mv["pv"][0], mv["move"]);
    }
    assert!(object["stats"]["nodes"].as_u64().unwrap() > 0);
    assert!(object["stats"]["time_ms"].is_u64());
}

#[test]
fn analyze_reports_wins_and_losses_with_remoteness() {
    // o to move must block at c1; everything else loses in 2.
    let object = json_of(&["analyze", "tictactoe", "x.o/.x./...", "--json"]);
    assert_eq!(object["to_move"], "o");
    let moves = object["moves"].as_array().unwrap();
    assert_eq!(moves[0]["move"], "c1");
    for mv in &moves[1..] {
        assert_eq!(mv["value"], serde_json::json!({"kind": "loss", "remoteness": 2}), "{mv}");
        assert_eq!(mv["pv"].as_array().unwrap().len(), 2);
    }
    let object = json_of(&["analyze", "tictactoe", "xx./oo./...", "--json"]);
    assert_eq!(object["value"], serde_json::json!({"kind": "win", "remoteness": 1}));
    assert_eq!(object["moves"][0]["move"], "c3");
}

#[test]
fn a_finished_game_has_no_moves() {
    let object = json_of(&["analyze", "tictactoe", "xxx/oo./...", "--json"]);
    assert_eq!(object["value"], serde_json::json!({"kind": "loss", "remoteness": 0}));
    assert!(object["moves"].as_array().unwrap().is_empty());
}

#[test]
fn depth_limited_analysis_is_heuristic() {
    let object = json_of(&["analyze", "mnk:4,4,4", "--json", "--depth", "2"]);
    assert_eq!(object["value"]["kind"], "heuristic");
    assert_eq!(object["exact"], false);
    assert_eq!(object["depth"], 2);
}

#[test]
fn threads_do_not_change_values() {
    let one = json_of(&["analyze", "mnk:4,3,3", "x.../.o../....", "--json"]);
    let two = json_of(&["analyze", "mnk:4,3,3", "x.../.o../....", "--json", "--threads", "2"]);
    let values = |object: &Json| -> Vec<(String, String)> {
        let mut values: Vec<(String, String)> =
            object["moves"].as_array().unwrap().iter().map(|mv| (mv["move"].to_string(), mv["value"].to_string())).collect();
        values.sort();
        values
    };
    assert_eq!(values(&one), values(&two));
    assert_eq!(one["value"], two["value"]);
}

#[test]
fn census_json_has_the_spec_keys() {
    let object = json_of(&["census", "tictactoe", "--json"]);
    assert_eq!(object["positions"], 5478);
    assert_eq!(object["terminal"], 958);
    assert_eq!(object["win"], 2836);
    assert_eq!(object["loss"], 1574);
    assert_eq!(object["draw"], 1068);
    assert_eq!(object["canonical"], 765);
    assert_eq!(object["root"], serde_json::json!({"kind": "draw", "remoteness": 9}));
    assert_eq!(object["games"], 255168);
}

#[test]
fn human_output_draws_the_board_and_every_move() {
    let output = gametree().args(["analyze", "tictactoe", "x../.o./..."]).output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("3 x . .\n2 . o .\n1 . . .\n  a b c"), "{text}");
    assert!(text.contains("x to move: draw (7 plies)"), "{text}");
    assert_eq!(text.lines().filter(|line| line.contains("draw (7 plies)")).count(), 8, "{text}");
    assert!(!text.contains('\x1b'), "no colour when stdout is not a terminal");
}

#[test]
fn bad_input_is_named_and_exits_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["analyze", "tictactoe", "xx./.../..."], "x has as many stones as o or one more"),
        (&["analyze", "tictactoe", "xq./.../..."], "row 1 column 2: `q` is not a cell"),
        (&["analyze", "tictactoe", "xxx/ooo/..."], "both x and o have a line"),
        (&["analyze", "tictactoe", "xx/.../..."], "row 1 `xx` has 2 cells, expected 3"),
        (&["analyze", "chess"], "unknown game `chess`"),
        (&["analyze", "mnk:9,9,9"], "1 to 64 cells"),
        (&["analyze", "tictactoe", "--time=0"], "--time 0: expected a positive number"),
        (&["census", "mnk:4,4"], "mnk:M,N,K"),
        (&["census", "gomoku"], "too many positions for a census"),
        (&["census", "connect4"], "too many positions for a census"),
        (&["analyze"], "GAME"),
        (&["frobnicate"], "frobnicate"),
    ];
    for (arguments, message) in cases {
        let output = gametree().args(*arguments).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        assert!(output.stdout.is_empty(), "{arguments:?}: nothing on stdout");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{arguments:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{arguments:?}: {stderr}");
    }
}
