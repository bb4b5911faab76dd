//! Known facts of m,n,k-games beyond tic-tac-toe (the 4×4 figures are in
//! `tictactoe4.rs`), and the strategy-stealing property: no m,n,k-game is a
//! second-player win.

use gametree_engine::{census, SearchOptions, Searcher, StopFlag, Verdict};
use gametree_games::conformance::{check_rules, check_search};
use gametree_games::Mnk;
use proptest::prelude::*;

#[test]
fn mnk_4_4_3_is_a_first_player_win_with_6_036_001_positions() {
    let census = census(&Mnk::new(4, 4, 3).unwrap(), StopFlag::new(), |_| {}).unwrap();
    assert_eq!(census.positions, 6_036_001);
    assert!(matches!(census.root, Verdict::Win { .. }), "{:?}", census.root);
    assert_eq!(census.win + census.loss + census.draw, census.positions);
}

#[test]
fn mnk_3_4_3_is_a_first_player_win_with_111_973_positions() {
    // M = 3 columns, N = 4 rows.
    let census = census(&Mnk::new(3, 4, 3).unwrap(), StopFlag::new(), |_| {}).unwrap();
    assert_eq!(census.positions, 111_973);
    assert!(matches!(census.root, Verdict::Win { .. }), "{:?}", census.root);
    // Turning the board a quarter turn gives the same game.
    let turned = census_positions(4, 3, 3);
    assert_eq!(turned, 111_973);
}

fn census_positions(columns: u8, rows: u8, k: u8) -> u64 {
    census(&Mnk::new(columns, rows, k).unwrap(), StopFlag::new(), |_| {}).unwrap().positions
}

#[test]
fn rectangular_boards_follow_the_game_contract() {
    check_rules(&Mnk::new(4, 3, 3).unwrap(), 100, 21, |text| Mnk::parse(4, 3, 3, text).unwrap());
    check_rules(&Mnk::new(5, 2, 2).unwrap(), 100, 22, |text| Mnk::parse(5, 2, 2, text).unwrap());
    check_search(&Mnk::new(3, 4, 3).unwrap(), 40, 23, 3..=9);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Strategy stealing: an extra stone never hurts in an m,n,k-game, so the first player
    /// at least draws on every board.
    #[test]
    fn no_mnk_game_is_a_second_player_win(columns in 1u8..=4, rows in 1u8..=4, k in 1u8..=4) {
        prop_assume!(columns * rows <= 12 && (k <= columns || k <= rows));
        let mut board = Mnk::new(columns, rows, k).unwrap();
        let value = Searcher::new(SearchOptions::strong(4)).solve(&mut board);
        prop_assert!(!value.is_loss(), "mnk:{columns},{rows},{k} is a second-player win: {value:?}");
        // k = 1: the first stone wins at once.
        if k == 1 {
            prop_assert!(value.is_win());
        }
    }
}
