//! Any text given as a game name either parses to a game whose name parses back to it, or
//! is rejected with a message; it never panics.
#![no_main]

use gametree_games::GameSpec;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(spec) = text.parse::<GameSpec>() {
            assert_eq!(spec.to_string().parse::<GameSpec>().ok(), Some(spec));
        }
    }
});
