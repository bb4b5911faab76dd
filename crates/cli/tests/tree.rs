//! `gametree tree`: the textbook trees of SPEC §1.6 drawn as the engine searches them.

use assert_cmd::Command;
use serde_json::Value as Json;

fn gametree(arguments: &[&str]) -> std::process::Output {
    Command::cargo_bin("gametree").unwrap().args(arguments).env("NO_COLOR", "1").output().unwrap()
}

fn stdout(arguments: &[&str]) -> String {
    let output = gametree(arguments);
    assert!(output.status.success(), "{arguments:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

fn json(arguments: &[&str]) -> Json {
    let mut all = arguments.to_vec();
    all.extend(["--format", "json"]);
    serde_json::from_str(&stdout(&all)).unwrap()
}

/// The values of the pruned leaves, in drawing order.
fn pruned_leaves(node: &Json, out: &mut Vec<i64>) {
    let children = node["children"].as_array().unwrap();
    if children.is_empty() && node["pruned"] == Json::Bool(true) {
        out.push(node["value"]["score"].as_i64().unwrap());
    }
    for child in children {
        pruned_leaves(child, out);
    }
}

fn evaluated_leaves(node: &Json, out: &mut Vec<i64>) {
    let children = node["children"].as_array().unwrap();
    if children.is_empty() && node.get("pruned").is_none() {
        out.push(node["value"]["score"].as_i64().unwrap());
    }
    for child in children {
        evaluated_leaves(child, out);
    }
}

#[test]
fn sixty_tree_prunes_exactly_the_leaf_58() {
    let tree = json(&["tree", "tree", "[[60,63],[15,58]]", "--algorithm", "alphabeta"]);
    assert_eq!(tree["value"], serde_json::json!({"kind": "score", "score": 60}));
    let mut pruned = Vec::new();
    pruned_leaves(&tree["tree"], &mut pruned);
    assert_eq!(pruned, vec![58]);
    assert_eq!(tree["leaves"]["pruned"], 1);
    assert_eq!(tree["leaves"]["evaluated"], 3);
}

#[test]
fn textbook_tree_prunes_exactly_4_and_6() {
    let tree = json(&["tree", "tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--algorithm", "alphabeta"]);
    assert_eq!(tree["value"], serde_json::json!({"kind": "score", "score": 3}));
    let mut pruned = Vec::new();
    pruned_leaves(&tree["tree"], &mut pruned);
    assert_eq!(pruned, vec![4, 6]);
    assert_eq!(tree["leaves"]["pruned"], 2);
    assert_eq!(tree["leaves"]["evaluated"], 7);
    // Both pruned leaves sit under the second child, whose entry window is (3, +inf).
    let second = &tree["tree"]["children"][1];
    assert_eq!(second["alpha"], serde_json::json!({"kind": "score", "score": 3}));
    assert_eq!(second["beta"], Json::Null);
    assert_eq!(second["bound"], "upper");
    assert_eq!(second["children"][1]["pruned"], true);
    // The default position is this textbook tree.
    assert_eq!(json(&["tree", "tree"])["position"], "[[3,12,8],[2,4,6],[14,5,2]]");
}

#[test]
fn minimax_evaluates_every_leaf() {
    let tree = json(&["tree", "tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--algorithm", "minimax"]);
    assert_eq!(tree["value"]["score"], 3);
    let mut leaves = Vec::new();
    evaluated_leaves(&tree["tree"], &mut leaves);
    assert_eq!(leaves, vec![3, 12, 8, 2, 4, 6, 14, 5, 2]);
    assert!(tree["tree"].get("alpha").is_none());
    let values: Vec<i64> =
        tree["tree"]["children"].as_array().unwrap().iter().map(|child| child["value"]["score"].as_i64().unwrap()).collect();
    assert_eq!(values, vec![3, 2, 2]);
}

#[test]
fn engine_ordering_changes_the_cut_offs() {
    // Searched best-first, the third subtree (mean 7) goes first: a different set of cut-offs.
    let natural = json(&["tree", "tree", "[[3,12,8],[2,4,6],[14,5,2]]"]);
    let engine = json(&["tree", "tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--order", "engine"]);
    assert_eq!(engine["value"]["score"], 3);
    assert_eq!(engine["order"], "engine");
    let first_moves: Vec<&str> =
        engine["tree"]["children"].as_array().unwrap().iter().map(|child| child["move"].as_str().unwrap()).collect();
    assert_eq!(first_moves, vec!["1", "3", "2"]);
    assert_ne!(natural["leaves"], engine["leaves"]);
}

#[test]
fn depth_limit_and_node_cap_keep_real_positions_readable() {
    let tree = json(&["tree", "tictactoe", "--depth", "2", "--max-nodes", "10"]);
    assert_eq!(tree["nodes"]["drawn"], 10);
    assert!(tree["nodes"]["not_drawn"].as_u64().unwrap() > 0);
    assert_eq!(tree["value"]["kind"], "heuristic");
    // Every leaf searched at depth 2 is a depth-limit leaf.
    let first = &tree["tree"]["children"][0]["children"][0];
    assert_eq!(first["kind"], "horizon");
    // A proven position: x wins at once.
    let tree = json(&["tree", "tictactoe", "xx./oo./..."]);
    assert_eq!(tree["value"], serde_json::json!({"kind": "win", "remoteness": 1}));
    assert_eq!(tree["view"], "x");
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    for arguments in [
        vec!["tree", "tree", "[[1,2],[3,x]]"],
        vec!["tree", "tree", "[1,2]", "--max-nodes", "0"],
        vec!["tree", "chess"],
        vec!["tree", "tictactoe", "xxx/ooo/..."],
    ] {
        let output = gametree(&arguments);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        let message = String::from_utf8(output.stderr).unwrap();
        assert_eq!(message.trim().lines().count(), 1, "{message}");
        assert!(output.stdout.is_empty());
    }
    let message = String::from_utf8(gametree(&["tree", "tree", "[[1,2],[3,x]]"]).stderr).unwrap();
    assert!(message.contains("character 11"), "{message}");
}

#[test]
fn textbook_text_snapshots() {
    insta::assert_snapshot!("sixty_alphabeta_text", stdout(&["tree", "tree", "[[60,63],[15,58]]"]));
    insta::assert_snapshot!("textbook_alphabeta_text", stdout(&["tree", "tree", "[[3,12,8],[2,4,6],[14,5,2]]"]));
    insta::assert_snapshot!(
        "textbook_minimax_text",
        stdout(&["tree", "tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--algorithm", "minimax"])
    );
    insta::assert_snapshot!("uneven_engine_order_text", stdout(&["tree", "tree", "[3,[1,[4,1]],[[5,-2],0]]", "--order", "engine"]));
}

#[test]
fn textbook_dot_snapshots() {
    insta::assert_snapshot!("sixty_alphabeta_dot", stdout(&["tree", "tree", "[[60,63],[15,58]]", "--format", "dot"]));
    insta::assert_snapshot!("textbook_alphabeta_dot", stdout(&["tree", "tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--format", "dot"]));
}

fn dot_installed() -> bool {
    std::process::Command::new("dot").arg("-V").output().is_ok()
}

#[test]
fn svg_through_graphviz() {
    if !dot_installed() {
        // scripts/test installs graphviz; without it the command must say so clearly.
        let output = gametree(&["tree", "tree", "--format", "svg"]);
        assert_eq!(output.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&output.stderr).contains("graphviz `dot` not found; install graphviz"));
        assert!(std::env::var_os("CI").is_none(), "CI runs scripts/test, which installs graphviz");
        return;
    }
    let svg = stdout(&["tree", "tree", "[[60,63],[15,58]]", "--format", "svg"]);
    assert!(svg.contains("<svg"), "{svg}");
    assert!(svg.contains("58"));
    assert!(svg.contains("stroke-dasharray"), "pruned nodes are dashed");
}

#[test]
fn svg_without_graphviz_is_a_clear_error() {
    let output = Command::cargo_bin("gametree")
        .unwrap()
        .args(["tree", "tree", "--format", "svg"])
        .env("PATH", "/nonexistent")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stderr).trim(), "gametree: graphviz `dot` not found; install graphviz");
}

#[test]
fn tictactoe_leaves_are_all_accounted_for() {
    // SPEC §1.1: 255,168 complete games, so minimax evaluates 255,168 leaves and alpha-beta
    // splits them between evaluated and pruned, in either move order.
    let minimax = json(&["tree", "tictactoe", "--algorithm", "minimax", "--max-nodes", "1"]);
    assert_eq!(minimax["leaves"]["evaluated"], 255_168);
    assert_eq!(minimax["nodes"]["searched"], 549_946);
    for order in ["natural", "engine"] {
        let alphabeta = json(&["tree", "tictactoe", "--order", order, "--max-nodes", "1"]);
        let leaves = &alphabeta["leaves"];
        assert_eq!(leaves["evaluated"].as_u64().unwrap() + leaves["pruned"].as_u64().unwrap(), 255_168, "{order}");
        assert_eq!(alphabeta["value"], serde_json::json!({"kind": "draw", "remoteness": 9}));
    }
}

#[test]
fn values_are_from_the_first_players_view_even_when_min_moves_first() {
    let tree = json(&["tree", "tree", "[[60,63],[15,58]]@2"]);
    assert_eq!(tree["view"], "max");
    assert_eq!(tree["tree"]["to_move"], "min");
    assert_eq!(tree["value"], serde_json::json!({"kind": "score", "score": 15}));
    assert_eq!(tree["tree"]["children"][1]["beta"], serde_json::json!({"kind": "score", "score": 15}));
}
