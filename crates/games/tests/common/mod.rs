//! Helpers shared by the gomoku test crates (`tests/gomoku.rs`, `tests/gomoku_player.rs`,
//! `tests/renju.rs`).

use std::path::Path;

/// The `stones` strings of a puzzle file in `../shared/data/gomoku`, in file order.
pub fn puzzle_stones(file: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/gomoku").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    text.split("\"stones\": \"").skip(1).map(|rest| rest[..rest.find('"').unwrap()].to_string()).collect()
}
