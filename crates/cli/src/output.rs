//! Shared pieces of human-readable output: verdict colours and the JSON value shape.

use std::io::IsTerminal;

use gametree_engine::Verdict;

/// Whether to colour standard output (a terminal, and `NO_COLOR` unset).
pub fn colour_stdout() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// A verdict, green for a win, yellow for a draw, red for a loss when `colour` is on.
pub fn paint_verdict(verdict: Verdict, colour: bool) -> String {
    let text = verdict.to_string();
    if !colour {
        return text;
    }
    let code = match verdict {
        Verdict::Win { .. } => "32",
        Verdict::Loss { .. } => "31",
        Verdict::Draw { .. } => "33",
        Verdict::Score { score } | Verdict::Heuristic { score } if score > 0 => "32",
        Verdict::Score { score } | Verdict::Heuristic { score } if score < 0 => "31",
        _ => "33",
    };
    format!("\x1b[{code}m{text}\x1b[0m")
}
