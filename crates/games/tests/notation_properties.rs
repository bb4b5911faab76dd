//! Property tests of the parsers: no input makes them panic, and what they accept
//! round-trips through its notation.

use gametree_engine::Game;
use gametree_games::{GameSpec, Mnk, Notation};
use proptest::prelude::*;

proptest! {
    #[test]
    fn mnk_parser_never_panics(text in "\\PC{0,40}") {
        let _ = Mnk::parse(3, 3, 3, &text);
        let _ = Mnk::parse(4, 4, 4, &text);
    }

    #[test]
    fn mnk_parser_accepts_its_own_alphabet_or_says_why(text in "[xo./]{0,20}") {
        match Mnk::parse(3, 3, 3, &text) {
            Ok(board) => prop_assert_eq!(board.notation(), text),
            Err(error) => prop_assert!(!error.message.is_empty()),
        }
    }

    #[test]
    fn reachable_boards_round_trip(moves in proptest::collection::vec(0usize..16, 0..16)) {
        let mut board = Mnk::new(4, 4, 4).unwrap();
        for choice in moves {
            if board.outcome().is_some() {
                break;
            }
            let mut legal = Vec::new();
            board.generate_moves(&mut legal);
            board.play(legal[choice % legal.len()]);
        }
        let again = Mnk::parse(4, 4, 4, &board.notation()).unwrap();
        prop_assert_eq!(again, board);
        for mv in { let mut legal = Vec::new(); if board.outcome().is_none() { board.generate_moves(&mut legal); } legal } {
            prop_assert_eq!(board.parse_move(&board.move_notation(mv)).unwrap(), mv);
        }
    }

    #[test]
    fn game_names_never_panic(text in "\\PC{0,24}") {
        if let Ok(spec) = text.parse::<GameSpec>() {
            // A name that parses prints as a name that parses to the same game.
            prop_assert_eq!(spec.to_string().parse::<GameSpec>().unwrap(), spec);
        }
    }

    #[test]
    fn mnk_names_round_trip(columns in 1u8..9, rows in 1u8..9, k in 1u8..9) {
        let text = format!("mnk:{columns},{rows},{k}");
        if let Ok(spec) = text.parse::<GameSpec>() {
            prop_assert_eq!(spec.to_string().parse::<GameSpec>().unwrap(), spec);
        }
    }
}
