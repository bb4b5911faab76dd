//! `gametree pbrain` / `pbrain-gametree` conversations, tactics through the protocol, the
//! match runner against ourselves and against broken engines, and `analyze gomoku`.

use std::path::PathBuf;

use assert_cmd::Command;

fn brain() -> Command {
    Command::cargo_bin("pbrain-gametree").unwrap()
}

/// The engine's answers to `script`, without `MESSAGE` lines.
fn converse(mut command: Command, script: &str) -> Vec<String> {
    let output = command.write_stdin(script).timeout(std::time::Duration::from_secs(60)).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap().lines().filter(|line| !line.starts_with("MESSAGE")).map(str::to_string).collect()
}

#[test]
fn start_begin_turn_about_end() {
    let lines = converse(brain(), "INFO timeout_turn 300\nINFO foo bar\nSTART 15\nBEGIN\nTURN 9,9\nABOUT\nEND\nBEGIN\n");
    assert_eq!(lines[0], "OK");
    assert_eq!(lines[1], "7,7");
    let (x, y) = lines[2].split_once(',').unwrap();
    let (x, y): (i32, i32) = (x.parse().unwrap(), y.parse().unwrap());
    assert!((0..15).contains(&x) && (0..15).contains(&y) && (x, y) != (7, 7) && (x, y) != (9, 9));
    assert!(lines[3].starts_with("name=\"gametree\""));
    assert_eq!(lines.len(), 4, "nothing after END: {lines:?}");
}

#[test]
fn the_subcommand_speaks_the_same_protocol() {
    let mut command = Command::cargo_bin("gametree").unwrap();
    command.arg("pbrain");
    assert_eq!(converse(command, "START 20\nBEGIN\nEND\n"), vec!["OK", "10,10"]);
}

#[test]
fn unsupported_sizes_and_bad_commands_get_errors() {
    let lines = converse(brain(), "START 30\nSTART 4\nRECTSTART 15,20\nRECTSTART 19,19\nTURN 19,0\nTURN 3,3\nTURN 3,3\nFROB\nEND\n");
    assert!(lines[0].starts_with("ERROR"), "{lines:?}");
    assert!(lines[1].starts_with("ERROR"));
    assert!(lines[2].starts_with("ERROR"));
    assert_eq!(lines[3], "OK");
    assert!(lines[4].starts_with("ERROR"), "off the board: {lines:?}");
    assert!(!lines[5].starts_with("ERROR"), "a move: {lines:?}");
    assert!(lines[6].starts_with("ERROR"), "occupied: {lines:?}");
    assert!(lines[7].starts_with("UNKNOWN"));
}

#[test]
fn takeback_and_restart() {
    let lines = converse(brain(), "INFO timeout_turn 200\nSTART 15\nBEGIN\nTAKEBACK 7,7\nTAKEBACK 7,7\nRESTART\nBEGIN\nEND\n");
    assert_eq!(lines, vec!["OK", "7,7", "OK", "ERROR TAKEBACK `7,7`: not the last stone played", "OK", "7,7"]);
}

fn board_script(stones: &[(i32, i32, u8)]) -> String {
    let mut script = String::from("INFO timeout_turn 500\nSTART 15\nBOARD\n");
    for (x, y, who) in stones {
        script.push_str(&format!("{x},{y},{who}\n"));
    }
    script.push_str("DONE\nEND\n");
    script
}

#[test]
fn tactics_through_the_protocol() {
    // Complete our five (own four 3..6 on row 7, theirs on row 0).
    let own_four = [(3, 7, 1), (3, 0, 2), (4, 7, 1), (5, 0, 2), (5, 7, 1), (7, 0, 2), (6, 7, 1), (9, 0, 2)];
    let reply = converse(brain(), &board_script(&own_four))[1].clone();
    assert!(reply == "2,7" || reply == "7,7", "{reply}");
    // Block their four (blocked at 2,7 by us): the only defence is 7,7.
    let their_four = [(2, 7, 1), (3, 7, 2), (3, 0, 1), (4, 7, 2), (14, 14, 1), (5, 7, 2), (0, 14, 1), (6, 7, 2)];
    assert_eq!(converse(brain(), &board_script(&their_four))[1], "7,7");
    // Answer their open three 5..7 on row 7 at an end (4,7 or 8,7, or the far ends).
    let three = [(5, 7, 2), (0, 0, 1), (6, 7, 2), (14, 0, 1), (7, 7, 2)];
    let reply = converse(brain(), &board_script(&three))[1].clone();
    assert!(["4,7", "8,7", "3,7", "9,7"].contains(&reply.as_str()), "{reply}");
    // Stop their VCF (h9 makes an open four h8-h11): only 7,6, 7,3 or 7,8 do.
    let vcf = [(7, 7, 2), (6, 7, 1), (8, 7, 2), (0, 14, 1), (9, 7, 2), (14, 14, 1), (7, 5, 2), (0, 0, 1), (7, 4, 2)];
    let reply = converse(brain(), &board_script(&vcf))[1].clone();
    assert!(["7,6", "7,3", "7,8"].contains(&reply.as_str()), "{reply}");
}

fn script_engine(name: &str, body: &str) -> PathBuf {
    let directory = std::env::temp_dir().join(format!("gametree-match-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let path = directory.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path
}

/// An engine that answers every request with the value of `INFO key` it was last sent
/// (`told none` before any), which the runner judges a garbage reply: the verdict shows
/// what each engine was told.
#[cfg(unix)]
fn info_teller(key: &str) -> String {
    let body = format!(
        "t=none; while read line; do case \"$line\" in 'INFO {key} '*) t=${{line#INFO {key} }};; START*) echo OK;; BEGIN|TURN*|DONE) echo \"told $t\";; esac; done"
    );
    script_engine(&format!("teller-{key}"), &body).display().to_string()
}

fn run_match(a: &str, b: &str, games: &str) -> String {
    let output = Command::cargo_bin("gametree")
        .unwrap()
        // A generous grace: these tests are about verdicts, and CI runs other tests beside
        // them (the sleeper still sleeps far longer than 100 + 1,500 ms).
        .args(["match", a, b, "--games", games, "--turn-ms", "100", "--delay-ms", "5", "--grace-ms", "1500"])
        .timeout(std::time::Duration::from_secs(600))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[cfg(unix)]
#[test]
fn broken_engines_lose_with_the_right_verdict() {
    let ours = assert_cmd::cargo::cargo_bin("pbrain-gametree").display().to_string();
    let garbage =
        script_engine("garbage", "while read line; do case \"$line\" in START*) echo OK;; BEGIN|TURN*|DONE) echo hello;; esac; done");
    let crash = script_engine("crash", "read line; echo OK; exit 3");
    let sleeper =
        script_engine("sleeper", "while read line; do case \"$line\" in START*) echo OK;; BEGIN|TURN*|DONE) sleep 3;; esac; done");
    let occupied =
        script_engine("occupied", "while read line; do case \"$line\" in START*) echo OK;; BEGIN|TURN*|DONE) echo 7,7;; esac; done");
    for (engine, verdict) in
        [(&garbage, "garbage reply `hello`"), (&crash, "crashed"), (&sleeper, "timeout"), (&occupied, "illegal move 7,7 (occupied)")]
    {
        let output = run_match(&ours, &engine.display().to_string(), "2");
        assert!(output.contains(verdict), "{verdict}: {output}");
        let a_row = output.lines().find(|line| line.starts_with("A ")).unwrap();
        let fields: Vec<&str> = a_row.split_whitespace().collect();
        assert_eq!(&fields[1..4], &["2", "0", "0"], "{output}");
        // One game with each colour: wins, losses and draws as black, then as white.
        assert_eq!(&fields[4..6], &["1-0-0", "1-0-0"], "{output}");
        let b_row = output.lines().find(|line| line.starts_with("B ")).unwrap();
        assert_eq!(&b_row.split_whitespace().collect::<Vec<_>>()[1..6], &["0", "2", "0", "0-1-0", "0-1-0"], "{output}");
    }
}

#[cfg(unix)]
#[test]
fn noise_is_garbage_unless_skipped() {
    let ours = assert_cmd::cargo::cargo_bin("pbrain-gametree").display().to_string();
    // Prints a broken debug line before a legal move far from the centre.
    let noisy = script_engine(
        "noisy",
        "n=0; while read line; do case \"$line\" in START*) echo OK;; BEGIN|TURN*|DONE) echo 'ev +v13 nd 5'; echo \"$n,0\"; n=$((n+1));; esac; done",
    );
    let noisy = noisy.display().to_string();
    let output = run_match(&ours, &noisy, "1");
    assert!(output.contains("garbage reply `ev +v13 nd 5`"), "{output}");
    let output = Command::cargo_bin("gametree")
        .unwrap()
        .args(["match", &ours, &noisy, "--games", "1", "--turn-ms", "100", "--delay-ms", "5", "--grace-ms", "1500", "--skip-noise"])
        .timeout(std::time::Duration::from_secs(600))
        .output()
        .unwrap();
    let output = String::from_utf8(output.stdout).unwrap();
    assert!(output.contains("game 1:") && !output.contains("garbage"), "{output}");
}

#[cfg(unix)]
#[test]
fn time_odds_give_each_engine_its_own_time_a_move() {
    let teller = info_teller("timeout_turn");
    let output = Command::cargo_bin("gametree")
        .unwrap()
        .args(["match", &teller, &teller, "--games", "2", "--turn-ms", "700", "--turn-ms-b", "3000", "--delay-ms", "5"])
        .timeout(std::time::Duration::from_secs(600))
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{text}");
    // Game 1: A has black and answers first; game 2: B.
    assert!(text.contains("game 1: black A white B: B (white) wins by black garbage reply `told 700`"), "{text}");
    assert!(text.contains("game 2: black B white A: A (white) wins by black garbage reply `told 3000`"), "{text}");
    assert!(text.contains("time odds: A 700 ms a move, B 3000 ms a move"), "{text}");
    // Late by the other engine's measure, in time by its own: a 1 s sleeper at 100 ms a move
    // times out, and plays on at 3,000 ms (ours then wins by five, or it is a draw).
    let sleeper = script_engine(
        "slow-mover",
        "n=0; while read line; do case \"$line\" in START*) echo OK;; BEGIN|TURN*|DONE) sleep 1; echo \"$n,0\"; n=$((n+1));; esac; done",
    );
    let ours = assert_cmd::cargo::cargo_bin("pbrain-gametree").display().to_string();
    let play = |odds: &[&str]| {
        let output = Command::cargo_bin("gametree")
            .unwrap()
            .args(["match", &ours, &sleeper.display().to_string(), "--games", "1", "--turn-ms", "100", "--delay-ms", "5"])
            .args(["--grace-ms", "300"])
            .args(odds)
            .timeout(std::time::Duration::from_secs(600))
            .output()
            .unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    let text = play(&[]);
    assert!(text.contains("white timeout"), "{text}");
    let text = play(&["--turn-ms-b", "3000"]);
    assert!(text.contains("game 1:") && !text.contains("timeout"), "{text}");
}

#[cfg(unix)]
#[test]
fn threads_are_asked_for_with_info_thread_num() {
    let teller = info_teller("thread_num");
    let run = |threads: &[&str]| {
        let output = Command::cargo_bin("gametree")
            .unwrap()
            .args(["match", &teller, &teller, "--games", "2", "--delay-ms", "5"])
            .args(threads)
            .timeout(std::time::Duration::from_secs(600))
            .output()
            .unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    let text = run(&["--threads-b", "2"]);
    assert!(text.contains("game 1: black A white B: B (white) wins by black garbage reply `told none`"), "{text}");
    assert!(text.contains("game 2: black B white A: A (white) wins by black garbage reply `told 2`"), "{text}");
    assert!(text.contains("threads: A not set, B 2"), "{text}");
    let text = run(&[]);
    assert!(!text.contains("threads:") && !text.contains("told 2"), "{text}");
    // Nonsense is refused before any game.
    Command::cargo_bin("gametree").unwrap().args(["match", &teller, &teller, "--threads-a", "0"]).assert().code(2);
}

#[test]
fn our_engine_plays_itself() {
    let ours = assert_cmd::cargo::cargo_bin("pbrain-gametree").display().to_string();
    let output = run_match(&ours, &ours, "2");
    assert_eq!(output.lines().filter(|line| line.starts_with("game ")).count(), 2, "{output}");
    assert!(!output.contains("garbage") && !output.contains("timeout") && !output.contains("illegal"), "{output}");
    let a_row = output.lines().find(|line| line.starts_with("A ")).unwrap();
    let fields: Vec<u32> = a_row.split_whitespace().skip(1).take(3).map(|n| n.parse().unwrap()).collect();
    assert_eq!(fields.iter().sum::<u32>(), 2);
}

#[test]
fn match_input_errors_exit_2() {
    let output = Command::cargo_bin("gametree").unwrap().args(["match", "a", "b", "--rule", "caro"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("use freestyle, standard or renju"));
    let output =
        Command::cargo_bin("gametree").unwrap().args(["match", "a", "b", "--openings", "/nonexistent/file"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--openings"));
    for (arguments, message) in [
        (&["--sprt", "20,0"][..], "--sprt: ELO0 must be below ELO1, got 20 and 0"),
        (&["--sprt", "0;20"][..], "--sprt: expected ELO0,ELO1 such as 0,10, got `0;20`"),
        (&["--sprt", "0,20", "--sprt-alpha", "0.6"][..], "--sprt-alpha: 0.6 is not an error rate"),
    ] {
        let output = Command::cargo_bin("gametree").unwrap().args(["match", "a", "b"]).args(arguments).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        assert!(String::from_utf8_lossy(&output.stderr).contains(message), "{arguments:?}: {output:?}");
    }
}

#[cfg(unix)]
#[test]
fn a_sequential_test_stops_the_match_once_it_decides() {
    let ours = assert_cmd::cargo::cargo_bin("pbrain-gametree").display().to_string();
    // Plays 7,7 every time: it wins nothing, so every pair is ours.
    let occupied = script_engine(
        "occupied-sprt",
        "while read line; do case \"$line\" in START*) echo OK;; BEGIN|TURN*|DONE) echo 7,7;; esac; done",
    );
    let run = |concurrency: &str| {
        let output = Command::cargo_bin("gametree")
            .unwrap()
            .args([
                "match",
                &ours,
                &occupied.display().to_string(),
                "--games",
                "40",
                "--turn-ms",
                "100",
                "--delay-ms",
                "5",
                "--grace-ms",
                "1500",
            ])
            .args(["--sprt", "0,200", "--concurrency", concurrency])
            .timeout(std::time::Duration::from_secs(600))
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let output = run("1");
    // With half a pseudo-pair in each count, four won pairs give a ratio of 2.80 and five
    // give 4.08, past the bound of 2.94.
    assert_eq!(output.lines().filter(|line| line.starts_with("game ")).count(), 10, "{output}");
    assert!(output.contains("after 4 pairs: undecided"), "{output}");
    assert!(output.contains("LLR +4.08 (bounds -2.94, +2.94) after 5 pairs: Elo 200 accepted"), "{output}");
    assert!(output.contains("pairs by A's points 0, 1/2, 1, 3/2, 2: 0 0 0 0 5; A scores 100.0 % over the pairs"), "{output}");
    // Three games at a time: the same games, verdicts and statistics in the same order
    // (games begun after the decision are abandoned and not counted); only the times differ.
    let without_times = |text: &str| -> Vec<String> {
        text.lines().filter(|line| !line.starts_with("A ") && !line.starts_with("B ")).map(str::to_string).collect()
    };
    assert_eq!(without_times(&run("3")), without_times(&output));
}

#[test]
fn concurrency_must_be_positive() {
    let output = Command::cargo_bin("gametree").unwrap().args(["match", "a", "b", "--concurrency", "0"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--concurrency"), "{output:?}");
}

#[test]
fn analyze_gomoku_reports_a_vcf() {
    let output = Command::cargo_bin("gametree")
        .unwrap()
        .args(["analyze", "gomoku", "h8 g8 i8 a1 j8 o1 h10 a15 h11 o15", "--depth", "2"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("VCF: black wins by continuous fours"), "{text}");
    let output = Command::cargo_bin("gametree").unwrap().args(["analyze", "gomoku", "7,7 7,7"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("move 2 `7,7`"));
}

#[test]
fn analyze_gomoku_reports_a_vct_as_a_line_that_wins() {
    use gametree_engine::{Game, Outcome};
    use gametree_games::gomoku::{Gomoku, Rule};
    use gametree_games::Notation;
    let analyze = |position: &str, json: bool| {
        let mut arguments = vec!["analyze", "gomoku", position, "--depth", "2"];
        if json {
            arguments.push("--json");
        }
        let output = Command::cargo_bin("gametree").unwrap().args(arguments).output().unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    // From a lost game: black's win needs 10 threats (fours and open threes); no VCF.
    let position = "7,7 8,6 9,5 7,5 9,7 9,6 10,6 8,8 8,5 8,4";
    let text = analyze(position, false);
    assert!(text.contains("VCF: none for black"), "{text}");
    assert!(text.contains("VCT: black wins by continuous threats (10 attacking moves"), "{text}");
    let object: serde_json::Value = serde_json::from_str(&analyze(position, true)).unwrap();
    let vct = &object["vct"];
    assert_eq!((vct["side"].as_str(), vct["wins"].as_bool(), vct["threats"].as_u64()), (Some("black"), Some(true), Some(10)), "{vct}");
    // The line is legal, each of white's moves one of its answers, and ends in black's five.
    let mut board = Gomoku::parse(15, Rule::Freestyle, position).unwrap();
    let line = vct["line"].as_array().unwrap();
    for (index, cell) in line.iter().enumerate() {
        assert!(board.outcome().is_none(), "{vct}");
        let cell = board.parse_move(cell.as_str().unwrap()).unwrap();
        if index % 2 == 1 {
            let mut answers = Vec::new();
            board.generate_moves(&mut answers);
            assert!(answers.contains(&cell), "{vct}");
        }
        board.play(cell);
    }
    assert_eq!(board.outcome(), Some(Outcome::Win(gametree_engine::Player::First)), "{vct}");
    // A quiet opening has none, proven within the limit; a VCF is reported as a VCF only.
    let text = analyze("7,7 8,7", false);
    assert!(text.contains("VCT: none for black within 10 threats"), "{text}");
    let object: serde_json::Value = serde_json::from_str(&analyze("h8 g8 i8 a1 j8 o1 h10 a15 h11 o15", true)).unwrap();
    assert_eq!(object["vcf"]["wins"], true, "{object}");
    assert!(object.get("vct").is_none(), "{object}");
}

/// The engine never chooses a move after which the opponent wins by threats when another
/// move avoids it: from a match game (AIWine had white), 9,4 — the move an earlier version
/// played — lets white win by VCT, as do most others; the engine's choice must not.
#[test]
fn no_move_that_allows_a_win_by_threats() {
    use gametree_engine::Game;
    use gametree_games::gomoku::vcf::{find_vcf, VcfLimits};
    use gametree_games::gomoku::vct::find_vct;
    use gametree_games::gomoku::{Gomoku, Rule};
    use gametree_games::Notation;
    let moves = "7,7 8,6 9,5 7,6 9,6 9,7 7,5 6,6 8,5 6,5 10,5 11,5 8,7 7,8 11,4 12,3";
    let position = Gomoku::parse(15, Rule::Freestyle, moves).unwrap();
    let white_wins_after = |reply: &str| {
        let mut after = position.clone();
        after.play(after.parse_move(reply).unwrap());
        let limits = VcfLimits { max_fours: 8, max_nodes: 400_000, deadline: None };
        find_vcf(&after, limits).proof.is_some() || find_vct(&after, limits).first_move.is_some()
    };
    // 17 of the 20 candidate moves lose so; 9,4 is the one played in that game.
    assert!(white_wins_after("9,4"), "the test position lost its point");
    let stones: Vec<(i32, i32, u8)> = moves
        .split(' ')
        .enumerate()
        .map(|(index, cell)| {
            let (x, y) = cell.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap(), if index % 2 == 0 { 1 } else { 2 })
        })
        .collect();
    let reply = converse(brain(), &board_script(&stones))[1].clone();
    assert!(!white_wins_after(&reply), "{reply} lets white win by threats");
}

/// Black h8 i8 j10 j11 (Gomocup 7,7 8,7 9,5 9,4), white in the corners: black's j8 (9,7)
/// makes two open threes, a win under freestyle and a forbidden move under renju.
const DOUBLE_THREE: [(i32, i32, u8); 8] = [(7, 7, 1), (0, 14, 2), (8, 7, 1), (14, 14, 2), (9, 5, 1), (0, 0, 2), (9, 4, 1), (14, 0, 2)];

#[test]
fn renju_through_the_protocol() {
    // As black under renju (INFO rule 4) the engine never plays the double three.
    let script = format!("INFO rule 4\n{}", board_script(&DOUBLE_THREE));
    let reply = converse(brain(), &script)[1].clone();
    assert_ne!(reply, "9,7");
    let (x, y) = reply.split_once(',').unwrap();
    let (x, y): (i32, i32) = (x.parse().unwrap(), y.parse().unwrap());
    assert!(!DOUBLE_THREE.iter().any(|&(sx, sy, _)| (sx, sy) == (x, y)), "{reply}");
    // `analyze` under renju says the cell is no move for black.
    let output = Command::cargo_bin("gametree")
        .unwrap()
        .args(["analyze", "gomoku:renju", "7,7 0,14 8,7 14,14 9,5 0,0 9,4 14,0 9,7"])
        .output()
        .unwrap();
    assert!(output.status.success(), "a forbidden move ends the game: {output:?}");
    assert!(String::from_utf8_lossy(&output.stdout).contains("win in 0 for white"), "{output:?}");
}

#[cfg(unix)]
#[test]
fn the_match_runner_judges_forbidden_moves() {
    let ours = assert_cmd::cargo::cargo_bin("pbrain-gametree").display().to_string();
    let stubborn =
        script_engine("stubborn", "while read line; do case \"$line\" in START*) echo OK;; BEGIN|TURN*|DONE) echo 9,7;; esac; done");
    let directory = std::env::temp_dir().join(format!("gametree-renju-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let openings = directory.join("openings.txt");
    let opening: Vec<String> = DOUBLE_THREE.iter().map(|(x, y, _)| format!("{x},{y}")).collect();
    std::fs::write(&openings, opening.join(" ") + "\n").unwrap();
    // One game of the stubborn engine's 9,7 against ours from the double-three opening,
    // under `rule` (renju, or freestyle where the same move is a fine one).
    let play_under = |rule: &str| {
        let output = Command::cargo_bin("gametree")
            .unwrap()
            .args(["match", &stubborn.display().to_string(), &ours, "--games", "1", "--turn-ms", "100"])
            .args(["--delay-ms", "5", "--grace-ms", "1500", "--rule", rule, "--openings", &openings.display().to_string()])
            .timeout(std::time::Duration::from_secs(600))
            .output()
            .unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    let text = play_under("renju");
    assert!(text.contains("black forbidden move 9,7 (double three)"), "{text}");
    let text = play_under("freestyle");
    assert!(!text.contains("forbidden"), "{text}");
}

/// Runs the study script `scripts/NAME` (Python) with `arguments`.
fn study_script(name: &str, arguments: &[&str]) -> std::process::Output {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scripts").join(name);
    std::process::Command::new("python3").arg(script).args(arguments).output().unwrap()
}

/// `scripts/annotate-games` with our engine as the judge: the values of a saved game up to
/// the judge's proof, the studied side chosen by its command, and bad lines named.
#[test]
fn annotate_games_values_a_saved_game_up_to_the_proof() {
    let ours = assert_cmd::cargo::cargo_bin("pbrain-gametree").display().to_string();
    let directory = std::env::temp_dir().join(format!("gametree-annotate-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let games = directory.join("games.jsonl");
    // Black builds h8-l8 while white plays along the edge; white is the engine "edge-player".
    let game = r#"{"black":"line-player","white":"edge-player","game":1,"moves":"7,7 0,0 8,7 0,2 9,7 0,4 10,7 0,6 11,7","reason":"five","result":"black","rule":"freestyle","size":15}"#;
    std::fs::write(&games, format!("{game}\n")).unwrap();
    let games_path = games.display().to_string();
    let run = |extra: &[&str]| {
        let mut arguments = vec!["--judge", ours.as_str(), "--games", games_path.as_str(), "--judge-ms", "100"];
        arguments.extend_from_slice(extra);
        study_script("annotate-games", &arguments)
    };
    let output = run(&["--engine", "edge", "--lost"]);
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(output.status.success(), "{output:?}");
    assert!(text.starts_with("game 1, edge with white: black (five), 9 moves"), "{text}");
    // After six stones black has the open three h8-j8 and white nothing near it: black to
    // move has a VCF (k8 or g8 makes an open four), so the proof comes there at the latest.
    let proof = text.lines().nth(1).unwrap();
    assert!(proof.contains(":M(black wins"), "{text}");
    assert!(text.contains("the judge proves a result in 1"), "{text}");
    // Black did not lose: no game of its is studied with --lost.
    let output = run(&["--engine", "line", "--lost"]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("no game of"), "{output:?}");
    let output = study_script("annotate-games", &["--judge", "/nonexistent/judge", "--games", &games_path]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot start the judge `/nonexistent/judge`"), "{output:?}");
    std::fs::write(&games, format!("{game}\n{{\"game\": 2}}\n")).unwrap();
    let output = run(&[]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("games.jsonl:2: not a saved game"), "{output:?}");
    std::fs::remove_dir_all(&directory).ok();
}

/// `scripts/annotate-games` with `judge` (100 ms a position, and `extra` arguments) on a
/// saved game of four moves, `7,7 8,8 9,9 6,6`, written beside the judge's script.
fn annotate_four_moves(judge: &std::path::Path, extra: &[&str]) -> std::process::Output {
    let name = judge.file_stem().unwrap().to_string_lossy();
    let games = judge.with_file_name(format!("{name}-games.jsonl"));
    std::fs::write(&games, "{\"black\":\"a\",\"white\":\"b\",\"game\":1,\"moves\":\"7,7 8,8 9,9 6,6\",\"result\":\"white\"}\n")
        .unwrap();
    let (judge, games) = (judge.display().to_string(), games.display().to_string());
    let mut arguments = vec!["--judge", judge.as_str(), "--games", games.as_str(), "--judge-ms", "100"];
    arguments.extend_from_slice(extra);
    study_script("annotate-games", &arguments)
}

/// A judge that stops answering is started again: this one answers only the first position
/// it is asked, so every later position needs a new one.
#[cfg(unix)]
#[test]
fn annotate_games_starts_a_stalled_judge_again() {
    let judge = script_engine(
        "judge-once.sh",
        r#"answered=no
while read line; do
  case "$line" in
    START*|RESTART*) echo OK ;;
    ABOUT*) echo 'name="judge-once"' ;;
    DONE*) if [ $answered = no ]; then answered=yes; echo "MESSAGE search depth 3 nodes 9 time 1 ms value 42"; echo 7,8; fi ;;
    END*) exit 0 ;;
  esac
done"#,
    );
    let output = annotate_four_moves(&judge, &["--stall-seconds", "2"]);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8_lossy(&output.stdout);
    // Every position valued 42 for its side to move: 42 for white after one and three
    // stones, -42 after two; the judge's 7,8 is never the game's move.
    assert!(text.contains("white's view: 1W:42* 2B:-42* 3W:42*"), "{text}");
    let errors = String::from_utf8_lossy(&output.stderr);
    assert_eq!(errors.matches("stalled").count(), 2, "{errors}");
}

/// A judge like PentaZen, which plays the stones of each BOARD onto the board it already
/// has: annotate-games sends it a RESTART before every position, so each is valued on a
/// board of its own stones. This judge reports how many stones it holds.
#[cfg(unix)]
#[test]
fn annotate_games_gives_the_judge_a_new_board_for_each_position() {
    let judge = script_engine(
        "judge-counting.sh",
        r#"stones=0
while read line; do
  case "$line" in
    START*|RESTART*) stones=0; echo OK ;;
    ABOUT*) echo 'name="judge-counting"' ;;
    DONE*) echo "MESSAGE search depth 1 nodes 1 time 1 ms value $stones"; echo 7,8 ;;
    END*) exit 0 ;;
    *,*) stones=$((stones + 1)) ;;
  esac
done"#,
    );
    let output = annotate_four_moves(&judge, &[]);
    assert!(output.status.success(), "{output:?}");
    // 1, 2 and 3 stones, each valued for its side to move (white after one and three
    // stones); a judge that kept its stones would have held 1, 3 and 6.
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("white's view: 1W:1* 2B:-2* 3W:3*"), "{text}");
}

/// A judge like PentaZen at depth 10, whose raw depth byte is a newline that splits its
/// `MESSAGE dep … ev …` line: both study scripts still read its value, through the one
/// parser of `scripts/gomocup.py`.
#[cfg(unix)]
#[test]
fn study_scripts_read_a_value_split_across_lines() {
    // A Gomocup engine that answers every position the same way.
    let answering = |name: &str, answer: &str| {
        let body = format!(
            "while read line; do\n  case \"$line\" in\n    START*|RESTART*) echo OK ;;\n    ABOUT*) echo 'name=\"{name}\"' ;;\n    DONE*) {answer} ;;\n    END*) exit 0 ;;\n  esac\ndone"
        );
        script_engine(&format!("{name}.sh"), &body)
    };
    let judge = answering("judge-split", r"printf 'MESSAGE dep \n-\n ev -35 nd 9 tm 1\n'; echo 7,8");
    let engine = answering("engine-fixed", "echo 6,6");
    let games = judge.with_file_name("split-games.jsonl");
    std::fs::write(&games, "{\"black\":\"a\",\"white\":\"b\",\"game\":1,\"moves\":\"7,7 8,8 9,9\",\"result\":\"white\"}\n").unwrap();
    let (judge_path, engine_path) = (judge.display().to_string(), engine.display().to_string());
    let output =
        study_script("annotate-games", &["--judge", &judge_path, "--games", &games.display().to_string(), "--judge-ms", "100"]);
    assert!(output.status.success(), "{output:?}");
    // -35 for the side to move: white after one stone, black (so 35 for white) after two.
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("white's view: 1W:-35* 2B:35*"), "{text}");

    let positions = judge.with_file_name("split-positions.txt");
    std::fs::write(&positions, "7,7 8,8 9,9\n").unwrap();
    let positions = positions.display().to_string();
    let arguments =
        ["--engine", &engine_path, "--judge", &judge_path, "--positions", &positions, "--turn-ms", "100", "--judge-ms", "100"];
    let output = study_script("move-quality", &arguments);
    assert!(output.status.success(), "{output:?}");
    // The judge, to move after the engine's 6,6, values its side -35: the move scores 35,
    // an expected result of 1/(1+e^(-35/200)).
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("positions 1  mean expected result 0.5436"), "{text}");
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(errors.contains("6,6") && errors.contains("35"), "{errors}");
}
