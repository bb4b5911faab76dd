//! Known facts of tic-tac-toe (SPEC §1.1) and the shared game suite.

use gametree_engine::{analyze, census, AnalysisConfig, Game, GameKind, StopFlag, Verdict};
use gametree_games::conformance::{check_rules, check_search};
use gametree_games::{GameSpec, Mnk, Notation};

#[test]
fn census_matches_the_known_counts() {
    let census = census(&Mnk::tictactoe(), StopFlag::new(), |_| {}).unwrap();
    assert_eq!(census.positions, 5_478);
    assert_eq!(census.terminal, 958);
    assert_eq!(census.terminal_first_wins, 626);
    assert_eq!(census.terminal_second_wins, 316);
    assert_eq!(census.terminal_draws, 16);
    assert_eq!((census.win, census.loss, census.draw), (2_836, 1_574, 1_068));
    assert_eq!(census.canonical, 765);
    assert_eq!(census.root, Verdict::Draw { remoteness: 9 });
    assert_eq!(census.games, 255_168);
    assert_eq!(census.remoteness.values().sum::<u64>(), 5_478);
}

#[test]
fn the_empty_board_is_a_draw_in_nine() {
    let analysis = analyze(&Mnk::tictactoe(), &AnalysisConfig::default());
    assert_eq!(analysis.verdict(GameKind::WinDrawLoss), Verdict::Draw { remoteness: 9 });
    assert_eq!(analysis.moves.len(), 9);
    for result in &analysis.moves {
        assert_eq!(analysis.move_verdict(GameKind::WinDrawLoss, result), Verdict::Draw { remoteness: 9 });
    }
}

#[test]
fn the_loser_resists_longest_and_the_winner_hurries() {
    // x to move can win at once at c3 (also later by other moves): the fastest is chosen.
    let board = Mnk::parse(3, 3, 3, "xx./oo./...").unwrap();
    let analysis = analyze(&board, &AnalysisConfig::default());
    assert_eq!(board.move_notation(analysis.best_move().unwrap()), "c3");
    assert_eq!(analysis.verdict(GameKind::WinDrawLoss), Verdict::Win { remoteness: 1 });
    // o to move after x took a corner and the centre… o loses in 2 wherever it cannot block.
    let board = Mnk::parse(3, 3, 3, "x.o/.x./...").unwrap();
    assert_eq!(board.to_move(), gametree_engine::Player::Second);
    let analysis = analyze(&board, &AnalysisConfig::default());
    // Only c1 blocks the diagonal; every other move loses at once (in 2 plies).
    assert_eq!(board.move_notation(analysis.best_move().unwrap()), "c1");
    for result in &analysis.moves[1..] {
        assert_eq!(analysis.move_verdict(GameKind::WinDrawLoss, result), Verdict::Loss { remoteness: 2 });
    }
}

#[test]
fn tictactoe_follows_the_game_contract() {
    let start = Mnk::tictactoe();
    check_rules(&start, 300, 1, |text| Mnk::parse(3, 3, 3, text).unwrap());
}

#[test]
fn every_search_agrees_with_minimax_on_random_positions() {
    check_search(&Mnk::tictactoe(), 400, 2, 0..=8);
    check_search(&Mnk::new(4, 4, 4).unwrap(), 60, 3, 7..=15);
    check_search(&Mnk::new(4, 3, 3).unwrap(), 60, 4, 3..=11);
}

#[test]
fn bad_positions_are_rejected_with_the_reason() {
    let cases = [
        ("xx./.../...", "x has as many stones as o or one more"),
        ("xxx/oo./...", ""),
        ("xxx/ooo/...", "both"),
        ("xo./.../..", "row 3"),
        ("xo./...", "2 rows"),
        ("xa./.../...", "`a`"),
        ("ooo/xx./xx.", "o has a line but x has moved"),
        ("xxx/ooo/xxo", "both"),
    ];
    for (text, expected) in cases {
        let result = Mnk::parse(3, 3, 3, text);
        if expected.is_empty() {
            assert!(result.is_ok(), "{text} should be accepted: {result:?}");
        } else {
            let error = result.expect_err(text);
            assert!(error.message.contains(expected), "{text}: {}", error.message);
        }
    }
    // Two separate x lines cannot come from one last move.
    let error = Mnk::parse(4, 4, 3, "xxx./oo.o/xxx./o.o.").unwrap_err();
    assert!(error.message.contains("no single last move"), "{}", error.message);
}

#[test]
fn game_names_follow_spec() {
    assert_eq!("tictactoe".parse::<GameSpec>().unwrap(), GameSpec::Mnk { columns: 3, rows: 3, k: 3 });
    assert_eq!("mnk:4,4,3".parse::<GameSpec>().unwrap(), GameSpec::Mnk { columns: 4, rows: 4, k: 3 });
    for bad in ["mnk:4,4", "mnk:a,b,c", "mnk:9,9,3", "mnk:3,3,5", "tic"] {
        assert!(bad.parse::<GameSpec>().is_err(), "{bad}");
    }
}
