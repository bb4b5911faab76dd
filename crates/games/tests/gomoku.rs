//! Gomoku: rules, notation, the shared game suite, tactics and the VCF puzzle set.

use std::path::Path;

mod common;

use common::puzzle_stones;
use gametree_engine::{
    analyze, iterative_deepening, AnalysisConfig, Game, Limits, Outcome, Player, SearchOptions, Searcher, StopFlag,
};
use gametree_games::conformance::{check_rules, check_search};
use gametree_games::gomoku::vcf::{find_vcf, vcf_defences, VcfLimits};
use gametree_games::gomoku::{Gomoku, Rule};
use gametree_games::{GameSpec, Notation};

fn board(text: &str) -> Gomoku {
    Gomoku::parse(15, Rule::Freestyle, text).unwrap()
}

#[test]
fn game_names_parse_and_print() {
    for (name, size, rule, printed) in [
        ("gomoku", 15, Rule::Freestyle, "gomoku"),
        ("gomoku:15:freestyle", 15, Rule::Freestyle, "gomoku"),
        ("gomoku:9", 9, Rule::Freestyle, "gomoku:9:freestyle"),
        ("gomoku:19:standard", 19, Rule::Standard, "gomoku:19:standard"),
        ("gomoku:standard", 15, Rule::Standard, "gomoku:15:standard"),
        ("gomoku:renju", 15, Rule::Renju, "gomoku:15:renju"),
    ] {
        let spec: GameSpec = name.parse().unwrap();
        assert_eq!(spec, GameSpec::Gomoku { size, rule }, "{name}");
        assert_eq!(spec.to_string(), printed);
    }
    for bad in ["gomoku:4", "gomoku:23", "gomoku:15:fast", "gomoku:999"] {
        assert!(bad.parse::<GameSpec>().is_err(), "{bad}");
    }
}

#[test]
fn the_rules_hold_on_small_boards() {
    for (size, rule) in
        [(5, Rule::Freestyle), (7, Rule::Freestyle), (7, Rule::Standard), (9, Rule::Standard), (7, Rule::Renju), (9, Rule::Renju)]
    {
        let start = Gomoku::new(size, rule).unwrap();
        check_rules(&start, 4, u64::from(size), |text| Gomoku::parse(size, rule, text).unwrap());
    }
}

#[test]
fn searches_agree_with_minimax_on_nearly_full_boards() {
    check_search(&Gomoku::new(5, Rule::Freestyle).unwrap(), 6, 1, 16..=19);
    check_search(&Gomoku::new(6, Rule::Standard).unwrap(), 4, 2, 27..=29);
    check_search(&Gomoku::new(6, Rule::Renju).unwrap(), 4, 3, 27..=29);
}

#[test]
fn five_wins_and_overlines_follow_the_rule() {
    // Black: a8 b8 c8 d8 and f8 e8 makes six under both rules.
    let line = "a8 a1 b8 b1 c8 c1 d8 d3 f8 f1";
    let mut free = Gomoku::parse(15, Rule::Freestyle, line).unwrap();
    let mut standard = Gomoku::parse(15, Rule::Standard, line).unwrap();
    let e8 = free.parse_move("e8").unwrap();
    assert_eq!(free.immediate_win(), Some(e8));
    assert_eq!(standard.immediate_win(), None);
    free.play(e8);
    standard.play(e8);
    assert_eq!(free.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(standard.outcome(), None);
}

#[test]
fn a_full_board_without_five_is_a_draw() {
    // 5×5 filled column by column in pairs of colours: no five anywhere.
    let mut position = Gomoku::new(5, Rule::Freestyle).unwrap();
    let pattern = ["xxoox", "ooxxo", "xxoox", "ooxxo", "xxoox"];
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for (y, row) in pattern.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let cell = position.cell_at(x as i32, y as i32).unwrap();
            if c == 'x' {
                black.push(cell)
            } else {
                white.push(cell)
            }
        }
    }
    assert_eq!((black.len(), white.len()), (13, 12));
    position = Gomoku::from_stones(5, Rule::Freestyle, &black, &white).unwrap();
    assert_eq!(position.outcome(), Some(Outcome::Draw));
}

fn best_move(position: &Gomoku, depth: u32) -> String {
    let mut searcher = Searcher::new(SearchOptions::strong(16));
    let report =
        iterative_deepening(&mut searcher, &mut position.clone(), &Limits::default().with_depth(depth), StopFlag::new(), |_| {});
    position.move_notation(report.best_move.unwrap())
}

#[test]
fn tactics_complete_block_and_answer() {
    // Black completes his five rather than blocking white's.
    let position = board("h8 a1 i8 a2 j8 a3 k8 a4");
    let five = best_move(&position, 3);
    assert!(five == "11,7" || five == "6,7", "{five}"); // l8 or g8
                                                        // White must block black's four at l8 (the only point).
    let position = board("g8 f8 h8 a1 i8 a15 j8");
    assert_eq!(position.to_move(), Player::Second);
    assert_eq!(best_move(&position, 3), "10,7");
    // White answers black's open three h8 i8 j8 at one of its ends (g8 or k8).
    let position = board("h8 a1 i8 a15 j8");
    let reply = best_move(&position, 4);
    assert!(["6,7", "10,7", "5,7", "11,7"].contains(&reply.as_str()), "{reply}");
}

#[test]
fn an_open_three_threatens_and_its_answers_are_the_moves() {
    // White faces black's open three h8 i8 j8: threatened, and the moves are its answers,
    // the blocks beside it (g8, k8). The outer four points (f8, l8) leave black an open
    // four and are left out, but the threat extension still counts all four.
    let position = board("h8 a1 i8 a15 j8");
    assert!(position.is_threatened());
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let mut answers: Vec<String> = moves.iter().map(|&mv| position.move_notation(mv)).collect();
    answers.sort();
    assert_eq!(answers, ["10,7", "6,7"]);
    assert_eq!(position.threat_answers(moves.len()), 4);
    // A closed three (white at g8) is no threat; neither is a quiet opening, nor a four,
    // which leaves a single block (the single-reply extension's case).
    assert!(!board("h8 g8 i8 a15 j8").is_threatened());
    assert!(!board("h8 i9").is_threatened());
    assert!(!board("g8 f8 h8 a1 i8 a15 j8").is_threatened());
    // Once white blocks at g8 nobody is threatened: black's three is closed and white has
    // none.
    let mut after = position.clone();
    after.play(position.parse_move("g8").unwrap());
    assert!(!after.is_threatened());
}

#[test]
fn never_an_occupied_or_illegal_point() {
    let position = board("h8 i9 j10 g8");
    assert!(position.parse_move("h8").is_err());
    assert!(position.parse_move("7,7").is_err());
    assert!(position.parse_move("15,0").is_err());
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    for mv in moves {
        assert!(position.stone(mv).is_none());
    }
}

#[test]
fn every_vcf_puzzle_is_solved_and_its_proof_replays() {
    let puzzles = puzzle_stones("vcf-black-to-move.json");
    assert_eq!(puzzles.len(), 504);
    let limits = VcfLimits { max_fours: 40, max_nodes: 300_000, deadline: None };
    let mut unsolved = Vec::new();
    let mut total_nodes = 0;
    let mut longest = 0;
    for (index, stones) in puzzles.iter().enumerate() {
        let position = board(stones);
        assert_eq!(position.to_move(), Player::First, "puzzle {}", index + 1);
        let outcome = find_vcf(&position, limits);
        total_nodes += outcome.nodes;
        match outcome.proof {
            Some(proof) => {
                proof.verify(&position).unwrap_or_else(|error| panic!("puzzle {}: {error}", index + 1));
                assert_eq!(proof.attacker, Player::First);
                longest = longest.max(proof.moves.len());
            }
            None => unsolved.push(index + 1),
        }
    }
    assert!(unsolved.is_empty(), "unsolved puzzles: {unsolved:?} ({total_nodes} nodes)");
    println!("504 puzzles solved, {total_nodes} VCF nodes, longest proof {longest} moves");
}

#[test]
fn vcf_defences_stop_every_line() {
    // Black threatens k8 (four) then an open four; white's defences are the points that
    // break the row or the column.
    let position = board("h8 g8 i8 a1 j8 o1 h10 a15 h11 o15");
    assert!(find_vcf(&position, VcfLimits::default()).proof.is_some());
    // Give white the move: black threatens this VCF.
    let mut white_to_move = position.clone();
    white_to_move.pass();
    let defences = vcf_defences(&white_to_move, VcfLimits::default()).expect("black threatens a VCF");
    assert!(!defences.is_empty());
    for &cell in &defences {
        let mut after = white_to_move.clone();
        after.play(cell);
        assert!(find_vcf(&after, VcfLimits::default()).proof.is_none(), "{}", white_to_move.move_notation(cell));
    }
    // h9 (between the column stones) is one of them; a far corner is not.
    assert!(defences.contains(&white_to_move.parse_move("h9").unwrap()));
    assert!(!defences.contains(&white_to_move.parse_move("n14").unwrap()));
}

/// The learned move ordering on moves strong engines chose in games it was not fitted to:
/// in quiet positions their move is among the candidates nearly always and among the first
/// three often (105 and 63 of the 110 quiet positions here; a random order of 20
/// candidates would put it among the first three 15 % of the time).
#[test]
fn strong_engines_moves_come_early_in_the_ordering() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gomoku-strong-moves.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    let (mut quiet, mut in_candidates, mut first_three) = (0, 0, 0);
    for line in text.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()) {
        let (position, chosen) = line.rsplit_once(' ').unwrap();
        let board = Gomoku::parse(15, Rule::Freestyle, position).unwrap();
        let mover = board.to_move();
        if board.five_point_count(Player::First) > 0
            || board.five_point_count(Player::Second) > 0
            || board.threatens_open_four(mover.opponent())
        {
            continue;
        }
        let chosen = board.parse_move(chosen).unwrap();
        let mut moves = Vec::new();
        board.generate_moves(&mut moves);
        board.order_moves(&mut moves);
        quiet += 1;
        if let Some(rank) = moves.iter().position(|&cell| cell == chosen) {
            in_candidates += 1;
            if rank < 3 {
                first_three += 1;
            }
        }
    }
    assert!(quiet >= 100, "{quiet} quiet positions");
    let share = |count: i32| f64::from(count) / f64::from(quiet);
    assert!(share(in_candidates) >= 0.9, "in the candidates {in_candidates} of {quiet}");
    assert!(share(first_three) >= 0.45, "among the first three {first_three} of {quiet}");
}

mod parser {
    use gametree_engine::{Game, Outcome, Player};
    use gametree_games::gomoku::{Gomoku, Rule, Threat};
    use gametree_games::Notation;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn arbitrary_text_never_panics(text in "\\PC{0,40}", size in 5u8..=22) {
            let _ = Gomoku::parse(size, Rule::Freestyle, &text);
            let board = Gomoku::new(size, Rule::Standard).unwrap();
            let _ = board.parse_move(&text);
        }

        /// The incremental threat sets agree with the cells' threats after any mix of
        /// moves and take-backs (`five_points` also with playing each cell and looking),
        /// and taking moves back restores the very board that playing only the moves that
        /// remain builds.
        #[test]
        fn threat_sets_follow_play_and_undo(choices in proptest::collection::vec(any::<u16>(), 0..60), size in 7u8..=15) {
            let rule = [Rule::Standard, Rule::Freestyle, Rule::Renju][usize::from(size) % 3];
            let mut board = Gomoku::new(size, rule).unwrap();
            for choice in choices {
                if board.outcome().is_some() || choice % 5 == 0 {
                    if let Some(&last) = board.history().last() {
                        board.undo(last);
                    }
                    continue;
                }
                let empty: Vec<u16> = (0..board.cells() as u16).filter(|&cell| board.stone(cell).is_none()).collect();
                if empty.is_empty() {
                    break;
                }
                board.play(empty[usize::from(choice) % empty.len()]);
            }
            prop_assert_eq!(&Gomoku::parse(size, rule, &board.notation()).unwrap(), &board);
            if board.outcome().is_some() {
                return Ok(());
            }
            for player in [Player::First, Player::Second] {
                let empty = (0..board.cells() as u16).filter(|&cell| board.stone(cell).is_none());
                let (mut fives, mut fours, mut winning) = (Vec::new(), Vec::new(), Vec::new());
                for cell in empty {
                    let threat = board.threat(player, cell);
                    if threat == Threat::Five {
                        fives.push(cell);
                    }
                    if threat >= Threat::Four {
                        fours.push(cell);
                    }
                    let mut after = board.clone();
                    if after.to_move() != player {
                        after.pass();
                    }
                    after.play(cell);
                    if after.outcome() == Some(Outcome::Win(player)) {
                        winning.push(cell);
                    }
                }
                prop_assert_eq!(&fives, &winning);
                prop_assert_eq!(board.five_points(player).collect::<Vec<_>>(), fives);
                prop_assert_eq!(board.four_points(player).collect::<Vec<_>>(), fours);
            }
        }

        #[test]
        fn move_lists_round_trip(choices in proptest::collection::vec(any::<u16>(), 0..40), size in 5u8..=22) {
            let mut board = Gomoku::new(size, Rule::Freestyle).unwrap();
            for choice in choices {
                if board.outcome().is_some() {
                    break;
                }
                let empty: Vec<u16> = (0..board.cells() as u16).filter(|&cell| board.stone(cell).is_none()).collect();
                board.play(empty[usize::from(choice) % empty.len()]);
            }
            let text = board.notation();
            let again = Gomoku::parse(size, Rule::Freestyle, &text).unwrap();
            prop_assert_eq!(&again, &board);
            // The letter-number form reads back to the same position.
            let letters: Vec<String> = board.history().iter().map(|&cell| {
                let (x, y) = board.coordinates(cell);
                format!("{}{}", (b'a' + x as u8) as char, i32::from(size) - y)
            }).collect();
            prop_assert_eq!(Gomoku::parse(size, Rule::Freestyle, &letters.concat()).unwrap(), board);
        }
    }
}

#[test]
fn the_board_offers_every_empty_cell_not_only_the_candidates() {
    let position = Gomoku::parse(15, Rule::Freestyle, "h8").unwrap();
    let drawn = position.board().unwrap();
    assert_eq!((drawn.rows, drawn.columns), (15, 15));
    assert_eq!(drawn.row_labels[0], "15");
    assert_eq!(drawn.column_labels[7], "h");
    let centre = 7 * 15 + 7;
    assert_eq!(drawn.cells[centre].text, "x");
    assert!(drawn.cells[centre].moves.is_empty());
    assert_eq!(drawn.cells.iter().filter(|cell| cell.moves.len() == 1).count(), 224);
    // A corner is far from every stone, so the search never looks at it, but a person may play it.
    let mut candidates = Vec::new();
    position.generate_moves(&mut candidates);
    assert!(!candidates.contains(&0));
    assert_eq!(position.move_notation(drawn.cells[0].moves[0]), "0,0");
}

/// `tactical_moves` keeps its contract on random positions: when the side to move may not
/// stand pat, the moves listed are exactly those that do not lose at once; otherwise they
/// are the mover's fours, each once (the searcher decides how many of them to try).
#[test]
fn tactical_moves_list_every_move_that_does_not_lose_at_once() {
    use gametree_games::conformance::random_position;
    let mut rng = fastrand::Rng::with_seed(11);
    let mut forced = 0;
    for _ in 0..400 {
        let plies = rng.usize(8..60);
        let position = random_position(&Gomoku::new(15, Rule::Freestyle).unwrap(), plies, &mut rng);
        if position.outcome().is_some() {
            continue;
        }
        let mover = position.to_move();
        let mut tactical = Vec::new();
        let may_stand = position.tactical_moves(&mut tactical);
        assert_eq!(position.may_stand_pat(), may_stand, "{}", position.notation());
        let empty: Vec<u16> = (0..225).filter(|&cell| position.stone(cell).is_none()).collect();
        if may_stand {
            let fours: Vec<u16> = empty.iter().copied().filter(|&cell| position.makes_four(mover, cell)).collect();
            let mut listed = tactical.clone();
            listed.sort_unstable();
            assert_eq!(listed, fours, "{}", position.notation());
            continue;
        }
        forced += 1;
        assert!(!tactical.is_empty());
        if position.five_point_count(mover) > 0 {
            let mut after = position.clone();
            after.play(tactical[0]);
            assert_eq!(after.outcome(), Some(Outcome::Win(mover)));
            continue;
        }
        let survivors: Vec<u16> = empty
            .iter()
            .copied()
            .filter(|&cell| {
                let mut after = position.clone();
                after.play(cell);
                after.outcome().is_some() || after.five_point_count(mover.opponent()) == 0
            })
            .collect();
        let mut listed = tactical.clone();
        listed.sort_unstable();
        // Against two fives nothing survives, and the blocks are listed anyway.
        if survivors.is_empty() {
            assert!(listed.iter().all(|&cell| position.five_points(mover.opponent()).any(|five| five == cell)));
        } else {
            assert_eq!(listed, survivors, "{}", position.notation());
        }
    }
    assert!(forced > 20, "only {forced} forced positions");
}

/// With quiescence, a one-ply search already sees wins by a few continuous fours: the
/// tactical moves are exactly the fours and the forced blocks.
#[test]
fn quiescence_sees_short_wins_by_fours() {
    use gametree_engine::{Heuristics, Value};
    let limits = VcfLimits { max_fours: 3, max_nodes: 100_000, deadline: None };
    let mut seen = 0;
    for stones in puzzle_stones("vcf-black-to-move.json") {
        let position = board(&stones);
        let short = find_vcf(&position, limits).proof.is_some_and(|proof| (3..=5).contains(&proof.moves.len()));
        if !short {
            continue;
        }
        seen += 1;
        let mut searcher = Searcher::new(SearchOptions::strong(4));
        searcher.set_heuristics(Heuristics { quiescence_plies: 8, ..Heuristics::default() });
        let value = searcher.search(&mut position.clone(), 1, Value::NEG_INFINITY, Value::INFINITY);
        assert!(value.is_win(), "{stones}: {value:?}");
        let mut plain = Searcher::new(SearchOptions::strong(4));
        assert!(!plain.search(&mut position.clone(), 1, Value::NEG_INFINITY, Value::INFINITY).is_win());
    }
    assert!(seen >= 5, "only {seen} puzzles with short wins");
}

/// A depth-limited analysis searches with the playing search's heuristics: its values
/// stay in one range from depth to depth instead of swinging with a four left hanging at
/// a bare horizon. In this middle game (opening 1 of the shared set, black to move,
/// where the playing search and PentaZen both put black ahead by some 200–900), plain
/// alpha-beta had black at +1,786 at depth 3, −130 at depth 4 and −732 at depth 6, with
/// most moves near −18,000.
#[test]
fn depth_limited_analysis_agrees_with_the_playing_search() {
    let position = board("7,7 8,6 9,5 7,6 9,6 9,7 10,8 8,4 8,5 7,4 6,4 6,5 5,6 9,3");
    assert_eq!(position.analysis_heuristics(), gametree_games::gomoku::play_heuristics());
    for depth in 2..=6 {
        let config = AnalysisConfig {
            options: SearchOptions::strong(16),
            heuristics: position.analysis_heuristics(),
            limits: Limits::default().with_depth(depth),
            ..AnalysisConfig::default()
        };
        let analysis = analyze(&position, &config);
        assert!(!analysis.exact && analysis.complete && analysis.depth == depth);
        assert!(!analysis.value.is_decisive(), "depth {depth}: {:?}", analysis.value);
        let score = analysis.value.raw();
        assert!((100..=1_500).contains(&score), "depth {depth}: black's best move is worth {score}");
    }
}
