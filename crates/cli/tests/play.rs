//! `gametree play` in line mode (standard input is not a terminal): scripted games.

use assert_cmd::Command;

fn play(arguments: &[&str], input: &str) -> (String, i32) {
    let output =
        Command::cargo_bin("gametree").unwrap().arg("play").args(arguments).env("NO_COLOR", "1").write_stdin(input).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    (String::from_utf8(output.stdout).unwrap() + &stderr, output.status.code().unwrap())
}

#[test]
fn perfect_against_perfect_tictactoe_is_a_draw() {
    let (output, code) = play(&["tictactoe", "--first", "computer", "--second", "computer"], "");
    assert_eq!(code, 0, "{output}");
    assert!(output.trim_end().ends_with("Game over: draw."), "{output}");
    assert_eq!(output.matches(" plays ").count(), 9, "{output}");
}

#[test]
fn a_human_who_blunders_loses_to_perfect_play() {
    // The human always takes the first free cell of a1 a2 a3 b1 …: the lines for taken
    // cells are rejected with a message and a new prompt, never a crash.
    let script = "a1\na2\na3\nb1\nb2\nb3\nc1\nc2\nc3\n";
    let (output, code) = play(&["tictactoe", "--x", "human", "--o", "computer"], script);
    assert_eq!(code, 0, "{output}");
    assert!(output.contains("Game over: o wins."), "{output}");
    assert!(output.contains("Bad move: move `a3` is not a legal move here"), "{output}");
    // After the bad move the same player is asked again.
    let after = output.split("Bad move").nth(1).unwrap();
    assert!(after.lines().nth(1).unwrap().starts_with("x to move:"), "{after}");
}

#[test]
fn bad_input_gets_a_message_and_a_new_prompt() {
    let (output, code) = play(&["tictactoe", "--second", "human"], "zz\n\nsave\nfrobnicate now\nb2\nquit\n");
    assert_eq!(code, 0, "{output}");
    assert!(output.contains("Bad move: move `zz` is not a legal move here"), "{output}");
    assert!(output.contains("Bad move: move `frobnicate now`"), "{output}");
    assert!(output.contains("save needs a file name"), "{output}");
    assert!(output.contains("o to move: quit"), "{output}");
}

#[test]
fn hints_show_every_move_with_its_value() {
    let (output, _) = play(&["tictactoe", "xx./oo./...", "--second", "human"], "hint\nquit\n");
    assert!(output.contains("c3     win in 1"), "{output}");
    assert!(output.contains("a1     lose in 2"), "{output}");
    // Scored games show scores.
    let (output, _) = play(&["tree", "[[60,63],[15,58]]"], "hint\nquit\n");
    assert!(output.contains("1      score 60"), "{output}");
    assert!(output.contains("2      score 15"), "{output}");
}

#[test]
fn undo_goes_back_to_the_human_turn_and_redo_replays() {
    let (output, code) = play(&["tictactoe"], "b2\nundo\nredo\nundo\nundo\nquit\n");
    assert_eq!(code, 0, "{output}");
    assert!(output.contains("Took back 2 moves."), "{output}");
    assert!(output.contains("Replayed 2 moves."), "{output}");
    assert!(output.contains("Nothing to undo."), "{output}");
}

#[test]
fn save_and_replay_a_game() {
    let directory = std::env::temp_dir().join(format!("gametree-play-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let file = directory.join("game.txt");
    let file_text = file.to_str().unwrap();
    let (output, _) = play(&["tictactoe", "--second", "human"], &format!("b2\na1\nsave {file_text}\nquit\n"));
    assert!(output.contains("Saved the game to"), "{output}");
    let record = std::fs::read_to_string(&file).unwrap();
    assert_eq!(record, "# gametree game record\ngame tictactoe\nposition .../.../...\nmove b2\nmove a1\n");
    // Replaying continues from the recorded position; two computers finish it.
    let (output, code) = play(&["--replay", file_text, "--first", "computer", "--second", "computer"], "");
    assert_eq!(code, 0, "{output}");
    assert!(output.contains("3 . . .\n2 . x .\n1 o . ."), "{output}");
    assert_eq!(output.matches(" plays ").count(), 7, "{output}");
    assert!(output.trim_end().ends_with("Game over: draw."), "{output}");
    // A record of another game is refused.
    let (output, code) = play(&["mnk:4,4,4", "--replay", file_text], "");
    assert_eq!(code, 2, "{output}");
    std::fs::write(&file, "game tictactoe\nposition .../.../...\nmove b2\nmove b2\n").unwrap();
    let (output, code) = play(&["--replay", file_text], "");
    assert_eq!(code, 2);
    assert!(output.contains("record move 2 `b2`"), "{output}");
    std::fs::remove_dir_all(&directory).unwrap();
}

#[test]
fn the_tree_game_plays_to_a_scored_leaf() {
    let (output, code) = play(&["tree", "[[3,12,8],[2,4,6],[14,5,2]]"], "2\n");
    assert_eq!(code, 0, "{output}");
    assert!(output.contains("min plays 1"), "{output}");
    assert!(output.contains("Game over: score 2 for max, max wins."), "{output}");
    let (output, _) = play(&["tree", "--first", "computer", "--second", "computer"], "");
    assert!(output.contains("Game over: score 3 for max, max wins."), "{output}");
}

#[test]
fn weak_levels_never_beat_perfect_play() {
    for seed in 0..4 {
        let seed = seed.to_string();
        let arguments = ["tictactoe", "--first", "computer", "--second", "computer", "--first-level", "1", "--seed", &seed];
        let (output, code) = play(&arguments, "");
        assert_eq!(code, 0, "{output}");
        assert!(output.contains("Game over: o wins.") || output.contains("Game over: draw."), "{output}");
    }
    let (output, code) = play(&["tictactoe", "--level", "9"], "");
    assert_eq!(code, 2, "{output}");
}

#[test]
fn explanations_agree_with_the_analysed_values() {
    // The unit tests check the lines against the rules; here the JSON's words against its values.
    for (game, position) in [("tictactoe", "x.o/.x./..."), ("tictactoe", "xo./.x./..o"), ("tree", "[[3,12,8],[2,4,6],[14,5,2]]")] {
        let output =
            Command::cargo_bin("gametree").unwrap().args(["analyze", game, position, "--json", "--explain"]).output().unwrap();
        assert!(output.status.success());
        let object: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        for entry in object["moves"].as_array().unwrap() {
            let sentence = entry["explanation"].as_str().unwrap();
            let value = &entry["value"];
            let pv: Vec<&str> = entry["pv"].as_array().unwrap().iter().map(|mv| mv.as_str().unwrap()).collect();
            assert!(sentence.contains(&format!("plays {}", pv[0])), "{sentence}");
            if pv.len() > 1 {
                assert!(sentence.contains(&format!("answers {}", pv[1])), "{sentence}");
            }
            let remoteness = value["remoteness"].as_u64().unwrap_or(0);
            let ending = match value["kind"].as_str().unwrap() {
                "win" if remoteness == 1 => "wins at once".to_string(),
                "win" | "loss" => format!("wins in {remoteness} plies"),
                "draw" => format!("drawn after {remoteness} plies"),
                "score" => format!("the score {} for", value["score"]),
                other => panic!("unexpected value kind {other}"),
            };
            assert!(sentence.contains(&ending), "{sentence} vs {value}");
            if value["kind"] == "loss" {
                // The opponent is the one who wins.
                assert!(sentence.contains(&format!("{} answers", if object["to_move"] == "x" { "o" } else { "x" })), "{sentence}");
            }
        }
        if game == "tree" {
            assert!(object["moves"][0]["final_board"].as_str().unwrap().contains("max's score: 3"));
        }
    }
}

#[test]
fn perfect_play_takes_the_fastest_win() {
    // x can win at once at c3 (other moves also win, later): perfect play ends it now.
    let (output, code) = play(&["tictactoe", "xx./oo./...", "--first", "computer", "--second", "human"], "");
    assert_eq!(code, 0, "{output}");
    assert!(output.contains("x plays c3"), "{output}");
    assert!(output.contains("Game over: x wins."), "{output}");
}

#[test]
fn gomoku_and_connect4_can_be_played_with_a_thinking_time() {
    // The computer answers within its time; a human move and quit end the session.
    let (output, code) = play(&["gomoku", "--first", "computer", "--second", "human", "--time", "0.2"], "h9\nquit\n");
    assert_eq!(code, 0, "{output}");
    assert!(output.contains("black plays"), "{output}");
    let (output, code) = play(&["connect4", "--first", "human", "--second", "computer", "--time", "0.2"], "4\nquit\n");
    assert_eq!(code, 0, "{output}");
    assert!(output.contains("plays"), "{output}");
}

#[test]
fn the_gomoku_computer_completes_its_five_and_blocks_an_open_four() {
    // Black (computer) has h8–k8 and completes the five at g8 (6,7) or l8 (11,7) before
    // white's a1–a4 can.
    let (output, code) =
        play(&["gomoku", "h8 a1 i8 a2 j8 a3 k8 a4", "--first", "computer", "--second", "human", "--time", "2"], "quit\n");
    assert_eq!(code, 0, "{output}");
    // The move comes from the gomoku engine's chooser, which says how it chose.
    assert!(output.contains("black plays 6,7 (five)") || output.contains("black plays 11,7 (five)"), "{output}");
    assert!(output.contains("Game over: black wins."), "{output}");
    // White (computer) faces black's open four h8–k8 and blocks an end; the human then
    // wins at the other end.
    let (output, code) = play(&["gomoku", "h8 a1 i8 a15 j8 o1 k8", "--time", "2"], "g8\nl8\nquit\n");
    assert_eq!(code, 0, "{output}");
    assert!(output.contains("white plays 6,7 (block)") || output.contains("white plays 11,7 (block)"), "{output}");
    assert!(output.contains("Game over: black wins."), "{output}");
}

#[test]
fn renju_refuses_black_a_forbidden_move() {
    // Black h8 i8 j10 j11: j8 would be two open threes, forbidden under renju; g8 is fine.
    let (output, code) =
        play(&["gomoku:renju", "h8 a1 i8 o1 j10 a15 j11 o15", "--first", "human", "--second", "human"], "j8\ng8\nquit\n");
    assert_eq!(code, 0, "{output}");
    assert!(output.contains("j8 is forbidden to black (double three) under renju"), "{output}");
    assert!(output.contains("white to move"), "g8 was taken: {output}");
}

#[test]
fn the_gomoku_computer_wins_a_vcf_puzzle_by_fours() {
    // Puzzle 1 of the shared black-to-move VCF set, two computers at the default level:
    // black wins with its fours, which white can only block one at a time.
    let stones = "G12H12G11H10I11I10F10E9J10J9G9G8I9J8K9K8L9M8F8F7H8G7I6I7";
    let (output, code) = play(&["gomoku", stones, "--first", "computer", "--second", "computer", "--time", "2"], "");
    assert_eq!(code, 0, "{output}");
    assert!(output.trim_end().ends_with("Game over: black wins."), "{output}");
    let first = output.lines().find(|line| line.starts_with("black plays")).unwrap();
    assert!(first.ends_with("(vcf)"), "{output}");
    assert!(output.matches("black plays").count() <= 15, "{output}");
}
