//! `analyze`, `census` and `bench` on the seed games: the SPEC §4 JSON shapes and the
//! human-readable board.

use assert_cmd::Command;
use serde_json::Value;

fn gametree_json(arguments: &[&str]) -> Value {
    let output = Command::cargo_bin("gametree").unwrap().args(arguments).output().unwrap();
    assert!(output.status.success(), "{arguments:?}: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn product_grid_analysis_reports_scores() {
    let json = gametree_json(&["analyze", "product-grid", "006/450/709", "--json"]);
    assert_eq!(json["game"], "product-grid");
    assert_eq!(json["position"], "006/450/709");
    assert_eq!(json["to_move"], "x");
    assert_eq!(json["value"], serde_json::json!({"kind": "score", "score": 72}));
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    assert_eq!(moves[0]["move"], "1@c2");
    assert_eq!(moves[0]["value"]["kind"], "score");
    assert_eq!(moves[0]["pv"].as_array().unwrap().len(), 4);
    assert!(json["stats"]["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn matchsticks_analysis_reports_wins_with_remoteness() {
    let json = gametree_json(&["analyze", "matchsticks", "1111/----/0010", "--json"]);
    assert_eq!(json["value"], serde_json::json!({"kind": "win", "remoteness": 3}));
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 6);
    assert!(moves.iter().all(|mv| mv["value"]["kind"] == "win"));
    let json = gametree_json(&["analyze", "matchsticks:2x2", "--json"]);
    assert_eq!(json["game"], "matchsticks:2x2");
}

#[test]
fn censuses_of_the_small_games() {
    let json = gametree_json(&["census", "matchsticks", "--json"]);
    assert_eq!(json["positions"], 28_064);
    assert_eq!(json["canonical"], 7_176);
    assert_eq!(json["draw"], 0);
    assert_eq!(json["root"], serde_json::json!({"kind": "loss", "remoteness": 10}));
    let json = gametree_json(&["census", "mnk:3,4,3", "--json"]);
    assert_eq!(json["positions"], 111_973);
    assert_eq!(json["root"]["kind"], "win");
    let json = gametree_json(&["census", "product-grid", "--json"]);
    // Every arrangement of 1..k in k of the 9 cells, k = 0..=9.
    assert_eq!(json["positions"], 986_410);
    assert_eq!(json["terminal"], 362_880);
    assert_eq!(json["root"], serde_json::json!({"kind": "score", "score": -124}));
}

#[test]
fn text_analysis_draws_the_board_without_colour_when_piped() {
    let output = Command::cargo_bin("gametree").unwrap().args(["analyze", "product-grid", "003/456/709"]).output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("3 . . 3\n2 4 5 6\n1 7 . 9\n  a b c\n"), "{text}");
    assert!(text.contains("x to move: score 0"), "{text}");
    assert!(!text.contains('\x1b'), "no colour codes when stdout is not a terminal");
}

#[test]
fn bad_positions_of_the_new_games_exit_2() {
    for (game, position) in [("product-grid", "113/456/709"), ("matchsticks", "00-1/-000"), ("matchsticks:9x9", "0")] {
        Command::cargo_bin("gametree").unwrap().args(["analyze", game, position]).assert().code(2).stdout("");
    }
}

#[test]
fn bench_reports_the_seed_game_rows() {
    let output = Command::cargo_bin("gametree").unwrap().args(["bench", "--json"]).output().unwrap();
    assert!(output.status.success());
    let rows: Vec<Value> = String::from_utf8(output.stdout).unwrap().lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    let names: Vec<&str> = rows.iter().map(|row| row["name"].as_str().unwrap()).collect();
    for wanted in ["product-grid 400 boards", "analyze mnk:4,4,4 xo../.x..", "analyze mnk:4,4,4 start", "analyze matchsticks 3x4"] {
        assert!(names.contains(&wanted), "{wanted} missing from {names:?}");
    }
    let product = rows.iter().find(|row| row["name"] == "product-grid 400 boards").unwrap();
    // "F first, S second, T tie; …": every board answered.
    let detail = product["detail"].as_str().unwrap();
    let counts: Vec<u32> =
        detail.split(';').next().unwrap().split(',').map(|part| part.split_whitespace().next().unwrap().parse().unwrap()).collect();
    assert_eq!(counts.iter().sum::<u32>(), 400, "{detail}");
    // The gomoku rows: the play heuristics search fewer nodes than plain PVS at depth 5.
    let nodes =
        |name: &str| rows.iter().find(|row| row["name"] == name).unwrap_or_else(|| panic!("{name}"))["nodes"].as_u64().unwrap();
    assert!(nodes("gomoku 3 stones, depth 5, play") < nodes("gomoku 3 stones, depth 5, plain"));
    assert!(nodes("gomoku 3 stones, depth 8, play") > 0);
}
