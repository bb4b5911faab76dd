//! Any conversation on the Gomocup protocol gets answers and never a panic. Turns are
//! given a few milliseconds so that the fuzzer can try many conversations.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../crates/cli/src/commands/pbrain.rs"]
mod pbrain;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let conversation = format!("INFO timeout_turn 5\nINFO timeout_match 1000\n{text}\nEND\n");
    let mut output = Vec::new();
    let _ = pbrain::serve(conversation.as_bytes(), &mut output, 1);
});
