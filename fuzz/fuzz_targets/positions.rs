//! Any text given as a position of any game either parses to a position whose notation
//! parses back to the same notation, or is rejected with a message; it never panics.
//! Accepted positions are searched a little, and every legal move's notation parses back.
#![no_main]

use gametree_engine::{Limits, SearchOptions, Searcher, StopFlag, Value};
use gametree_games::{GameSpec, GameVisitor, Notation};
use libfuzzer_sys::fuzz_target;

const GAMES: &[&str] = &[
    "tictactoe", "mnk:4,4,4", "mnk:5,3,3", "product-grid", "matchsticks", "matchsticks:2x5", "connect4", "connect4:5x4", "tree", "gomoku:9", "gomoku:15:standard", "gomoku:15:renju"];

struct Check;

impl GameVisitor for Check {
    type Output = ();

    fn visit<G: Notation>(self, spec: GameSpec, position: G) {
        let notation = position.notation();
        let again = spec.visit(Some(&notation), Notation2).expect("notation parses back");
        assert_eq!(again, notation);
        let mut moves = Vec::new();
        if position.outcome().is_none() {
            position.generate_moves(&mut moves);
        }
        for &mv in &moves {
            assert_eq!(position.parse_move(&position.move_notation(mv)).ok(), Some(mv));
        }
        let mut searcher = Searcher::new(SearchOptions::strong(1));
        searcher.set_limits(&Limits::default().with_nodes(2_000), StopFlag::new());
        let _ = searcher.search(&mut position.clone(), 3, Value::NEG_INFINITY, Value::INFINITY);
    }
}

struct Notation2;

impl GameVisitor for Notation2 {
    type Output = String;

    fn visit<G: Notation>(self, _spec: GameSpec, position: G) -> String {
        position.notation()
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let spec: GameSpec = GAMES[usize::from(choice) % GAMES.len()].parse().expect("known game");
    let _ = spec.visit(Some(text), Check);
});
