//! Any text given as an m,n,k position either parses to a board whose notation parses back
//! to the same board, or is rejected with a message; it never panics. Accepted boards can
//! be searched a little without panicking.
#![no_main]

use gametree_engine::{Limits, SearchOptions, Searcher, StopFlag};
use gametree_games::{Mnk, Notation};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for (columns, rows, k) in [(3, 3, 3), (4, 4, 4), (4, 3, 3)] {
        if let Ok(board) = Mnk::parse(columns, rows, k, text) {
            let again = Mnk::parse(columns, rows, k, &board.notation()).expect("notation parses back");
            assert_eq!(again, board);
            let mut searcher = Searcher::new(SearchOptions::strong(1));
            searcher.set_limits(&Limits::default().with_nodes(2_000), StopFlag::new());
            let _ = searcher.search(&mut board.clone(), 3, gametree_engine::Value::NEG_INFINITY, gametree_engine::Value::INFINITY);
        }
    }
});
