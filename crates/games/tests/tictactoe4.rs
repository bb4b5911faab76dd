//! Known facts of `mnk:4,4,4` (`tictactoe4`): the full census and the value of the empty
//! board and of a sample opening. Runs in about 15 s in release builds.

use gametree_engine::{analyze, census, AnalysisConfig, GameKind, StopFlag, Verdict};
use gametree_games::{GameSpec, Mnk, Notation};

#[test]
fn census_of_4x4_matches_the_known_counts() {
    let census = census(&Mnk::new(4, 4, 4).unwrap(), StopFlag::new(), |_| {}).unwrap();
    assert_eq!(census.positions, 9_722_011);
    assert_eq!(census.terminal, 659_392);
    assert_eq!(census.terminal_first_wins, 401_096);
    assert_eq!(census.terminal_second_wins, 252_940);
    assert_eq!(census.terminal_draws, 5_356);
    assert_eq!((census.win, census.loss, census.draw), (2_730_266, 960_556, 6_031_189));
    assert_eq!(census.canonical, 1_217_977);
    assert!(matches!(census.root, Verdict::Draw { .. }), "{:?}", census.root);
}

#[test]
fn every_move_of_a_4x4_opening_is_valued_exactly() {
    let board = Mnk::parse(4, 4, 4, "xo../.x../..../....").unwrap();
    let analysis = analyze(&board, &AnalysisConfig::default());
    assert!(analysis.exact);
    assert_eq!(analysis.moves.len(), 13);
    assert_eq!(analysis.verdict(GameKind::WinDrawLoss), Verdict::Draw { remoteness: 13 });
    let empty = analyze(&Mnk::new(4, 4, 4).unwrap(), &AnalysisConfig::default());
    assert_eq!(empty.verdict(GameKind::WinDrawLoss), Verdict::Draw { remoteness: 16 });
    assert_eq!(empty.moves.len(), 16);
    assert!(empty.moves.iter().all(|result| !result.value.is_decisive()));
    let spec: GameSpec = "tictactoe4".parse().unwrap();
    assert_eq!(spec, GameSpec::Mnk { columns: 4, rows: 4, k: 4 });
    assert_eq!(board.notation(), "xo../.x../..../....");
}
