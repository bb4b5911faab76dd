//! `pbrain-gametree`: the gomoku engine of `gametree pbrain` as a binary of its own, as
//! Gomocup managers expect (`pbrain-*`). Same code, same protocol.

use std::process::ExitCode;

#[allow(dead_code)]
#[path = "../commands/pbrain.rs"]
mod pbrain;

fn main() -> ExitCode {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match pbrain::serve(stdin.lock(), stdout.lock(), 128) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("pbrain-gametree: {error}");
            ExitCode::from(2)
        }
    }
}
