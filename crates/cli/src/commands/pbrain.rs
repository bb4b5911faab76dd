//! `gametree pbrain` (also the binary `pbrain-gametree`): a gomoku engine speaking the
//! Gomocup protocol on stdin/stdout.
//!
//! Commands: `START size`, `RECTSTART w,h` (square only), `BEGIN`, `TURN x,y`,
//! `BOARD` … `DONE` (lines `x,y,who`, 1 own stone, 2 opponent's, 3 ignored), `INFO key
//! value` (`timeout_turn`, `timeout_match`, `time_left`, `max_memory`, `rule`, and
//! `thread_num` as Yixin-Board, PentaZen and Rapfi read it; other keys are ignored),
//! `TAKEBACK x,y`, `RESTART`, `ABOUT`, `END`. Coordinates are `x,y` from 0. Every answer
//! is one line, flushed at once.
//!
//! A move is chosen by [`choose_move`]: a five; the only block of a five threat; the first
//! move of an own VCF or VCT; otherwise an iterative-deepening principal-variation search
//! (table, killers, aspiration, late-move reductions, quiescence over fours) under the
//! time the `INFO` limits leave for this move, on one thread unless `INFO thread_num`
//! asks for more (helpers sharing the table; at most the machine's cores). The chooser
//! and its searcher ([`new_searcher`]) live in `gametree_games::gomoku`, shared with
//! `play` and `serve`.
//!
//! This file only uses the engine and games crates, so that the `pbrain-gametree` binary
//! can include it as it is.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use gametree_engine::{Game, Player, Searcher, StopFlag};
use gametree_games::gomoku::{choose_move, new_searcher, Cell, Gomoku, Rule, MAX_SIZE, MIN_SIZE};

/// Options of `pbrain`.
#[derive(clap::Args, Debug, Clone)]
pub struct Arguments {
    /// Transposition table size in MiB (lowered to fit `INFO max_memory`).
    #[arg(long, value_name = "MB", default_value_t = 128)]
    pub hash: usize,
}

/// Runs the protocol on stdin/stdout until `END` or the end of input.
pub fn run(arguments: &Arguments, _stop: &StopFlag) -> anyhow::Result<std::process::ExitCode> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    serve(stdin.lock(), stdout.lock(), arguments.hash)?;
    Ok(std::process::ExitCode::SUCCESS)
}

/// Reads commands from `input` and writes answers to `output`, flushing every line.
pub fn serve(input: impl BufRead, mut output: impl Write, hash_megabytes: usize) -> std::io::Result<()> {
    let mut brain = Brain::new(hash_megabytes);
    for line in input.lines() {
        let line = line?;
        let (answers, done) = brain.handle(&line);
        for answer in answers {
            writeln!(output, "{answer}")?;
            output.flush()?;
        }
        if done {
            break;
        }
    }
    Ok(())
}

/// Time and memory limits from `INFO`.
#[derive(Clone, Copy, Debug)]
struct Timing {
    /// Milliseconds per move (0: as fast as possible).
    turn: u64,
    /// Milliseconds for the whole match (0: no limit).
    matches: u64,
    /// Milliseconds left in the match.
    left: Option<u64>,
    /// Bytes of memory allowed (0: no limit).
    memory: u64,
}

/// The time to spend on this move: a safety margin below the turn limit, and a share
/// of what is left of the match.
fn move_budget(timing: Timing, stones: usize, cells: usize) -> Duration {
    let turn = if timing.turn == 0 { 100 } else { timing.turn };
    // Loaded machines can deschedule a process for a while: keep 30 ms + 5 % in hand (the
    // searches check the clock every millisecond or so).
    let margin = 30 + turn / 20;
    let mut budget = turn.saturating_sub(margin).max(10);
    if timing.matches > 0 {
        let left = timing.left.unwrap_or(timing.matches);
        let moves_left = ((cells.saturating_sub(stones)) / 2).clamp(10, 40) as u64;
        budget = budget.min((left / moves_left).saturating_sub(margin / 2).max(5));
    }
    Duration::from_millis(budget)
}

/// The protocol state.
struct Brain {
    board: Option<Gomoku>,
    rule: Rule,
    timing: Timing,
    hash_megabytes: usize,
    searcher: Option<Searcher<Gomoku>>,
    /// Threads to search with (`INFO thread_num`).
    threads: usize,
    /// Stones received between `BOARD` and `DONE`: (cell x, y, owner 1 or 2).
    pending: Option<Vec<(i32, i32, u8)>>,
}

impl Brain {
    fn new(hash_megabytes: usize) -> Brain {
        Brain {
            board: None,
            rule: Rule::Freestyle,
            timing: Timing { turn: 5000, matches: 0, left: None, memory: 0 },
            hash_megabytes,
            searcher: None,
            threads: 1,
            pending: None,
        }
    }

    /// Answers one line; the flag says the conversation is over.
    fn handle(&mut self, line: &str) -> (Vec<String>, bool) {
        let line = line.trim();
        if line.is_empty() {
            return (Vec::new(), false);
        }
        if let Some(stones) = self.pending.as_mut() {
            if line.eq_ignore_ascii_case("DONE") {
                let stones = self.pending.take().unwrap_or_default();
                return (self.setup(&stones), false);
            }
            let fields: Vec<Option<i32>> = line.split(',').map(|field| field.trim().parse().ok()).collect();
            return match fields.as_slice() {
                [Some(x), Some(y), Some(who)] if (1..=3).contains(who) => {
                    stones.push((*x, *y, *who as u8));
                    (Vec::new(), false)
                }
                _ => (vec![format!("ERROR board line `{line}`: expected x,y,who")], false),
            };
        }
        let (command, rest) = line.split_once(char::is_whitespace).map_or((line, ""), |(c, r)| (c, r.trim()));
        let answers = match command.to_ascii_uppercase().as_str() {
            "START" => vec![self.start(rest.parse().ok(), rest.parse().ok())],
            "RECTSTART" => {
                let sizes: Vec<Option<u8>> = rest.split(',').map(|part| part.trim().parse().ok()).collect();
                match sizes.as_slice() {
                    [Some(width), Some(height)] if width == height => vec![self.start(Some(*width), Some(*height))],
                    [Some(_), Some(_)] => vec!["ERROR rectangular boards are not supported".to_string()],
                    _ => vec![format!("ERROR RECTSTART `{rest}`: expected width,height")],
                }
            }
            "RESTART" => match self.board.as_ref().map(Gomoku::size) {
                Some(size) => vec![self.start(Some(size), Some(size))],
                None => vec!["ERROR RESTART before START".to_string()],
            },
            "BEGIN" => match self.board.as_ref() {
                Some(board) if board.history().is_empty() => self.think(),
                Some(_) => vec!["ERROR BEGIN on a board that is not empty".to_string()],
                None => vec!["ERROR BEGIN before START".to_string()],
            },
            "TURN" => match self.opponent_move(rest) {
                Ok(()) => self.think(),
                Err(message) => vec![format!("ERROR {message}")],
            },
            "BOARD" => {
                if self.board.is_none() {
                    vec!["ERROR BOARD before START".to_string()]
                } else {
                    self.pending = Some(Vec::new());
                    Vec::new()
                }
            }
            "TAKEBACK" => vec![self.takeback(rest)],
            "INFO" => {
                self.info(rest);
                Vec::new()
            }
            "ABOUT" => vec![r#"name="gametree", version="0.1", author="gametree authors", country="", www="", email="""#.to_string()],
            "END" => return (Vec::new(), true),
            _ => vec![format!("UNKNOWN command `{command}`")],
        };
        (answers, false)
    }

    fn start(&mut self, width: Option<u8>, height: Option<u8>) -> String {
        match (width, height) {
            (Some(size), Some(height)) if size == height && (MIN_SIZE..=MAX_SIZE).contains(&size) => {
                self.board = Gomoku::new(size, self.rule).ok();
                self.reset_searcher();
                "OK".to_string()
            }
            (Some(size), _) => format!("ERROR board size {size} is not supported (sizes {MIN_SIZE} to {MAX_SIZE})"),
            _ => "ERROR START needs a board size".to_string(),
        }
    }

    fn reset_searcher(&mut self) {
        let mut megabytes = self.hash_megabytes.max(1);
        if self.timing.memory > 0 {
            // Leave half of the allowance for everything else.
            megabytes = megabytes.min((self.timing.memory / 2 / (1 << 20)).max(1) as usize);
        }
        // The search settings live with the move chooser, shared with `play` and `serve`.
        let mut searcher = new_searcher(megabytes);
        searcher.set_threads(self.threads);
        // Map the table's memory now, not during the first (timed) moves.
        searcher.clear_table();
        self.searcher = Some(searcher);
    }

    fn info(&mut self, rest: &str) {
        let (key, value) = rest.split_once(char::is_whitespace).map_or((rest, ""), |(k, v)| (k, v.trim()));
        let number = value.parse::<i64>().ok().map(|n| n.max(0) as u64);
        match (key.to_ascii_lowercase().as_str(), number) {
            ("timeout_turn", Some(ms)) => self.timing.turn = ms,
            ("timeout_match", Some(ms)) => self.timing.matches = ms,
            ("time_left", Some(ms)) => self.timing.left = Some(ms),
            ("max_memory", Some(bytes)) => {
                let changed = self.timing.memory != bytes;
                self.timing.memory = bytes;
                if changed && self.searcher.is_some() {
                    self.reset_searcher();
                }
            }
            ("thread_num", Some(threads)) => {
                // More threads than cores only slow each other down.
                let cores = std::thread::available_parallelism().map_or(1, usize::from);
                self.threads = (threads as usize).clamp(1, cores);
                if let Some(searcher) = self.searcher.as_mut() {
                    searcher.set_threads(self.threads);
                }
            }
            ("rule", Some(bits)) => {
                // Gomocup's bits: 1 exactly five, 4 renju (2, continuous games, and 8,
                // caro, are not rules this engine plays; they leave freestyle).
                let rule = if bits & 4 != 0 {
                    Rule::Renju
                } else if bits & 1 != 0 {
                    Rule::Standard
                } else {
                    Rule::Freestyle
                };
                if rule != self.rule {
                    self.rule = rule;
                    if let Some(board) = self.board.as_ref() {
                        let size = board.size();
                        self.board = Gomoku::new(size, rule).ok();
                        self.reset_searcher();
                    }
                }
            }
            _ => {}
        }
    }

    fn parse_point(&self, text: &str) -> Result<Cell, String> {
        let board = self.board.as_ref().ok_or("no board: START first")?;
        let numbers: Vec<Option<i32>> = text.split(',').map(|part| part.trim().parse().ok()).collect();
        let [Some(x), Some(y)] = numbers.as_slice() else {
            return Err(format!("`{text}`: expected x,y"));
        };
        let cell = board.cell_at(*x, *y).ok_or(format!("{x},{y} is off the board"))?;
        if board.stone(cell).is_some() {
            return Err(format!("{x},{y} is already occupied"));
        }
        if board.outcome().is_some() {
            return Err("the game is over".to_string());
        }
        Ok(cell)
    }

    fn opponent_move(&mut self, text: &str) -> Result<(), String> {
        let cell = self.parse_point(text)?;
        let board = self.board.as_mut().ok_or("no board")?;
        board.play(cell);
        if board.outcome().is_some() {
            return Err("the game is over".to_string());
        }
        Ok(())
    }

    fn takeback(&mut self, text: &str) -> String {
        let Some(board) = self.board.as_mut() else { return "ERROR TAKEBACK before START".to_string() };
        let numbers: Vec<Option<i32>> = text.split(',').map(|part| part.trim().parse().ok()).collect();
        let cell = match numbers.as_slice() {
            [Some(x), Some(y)] => board.cell_at(*x, *y),
            _ => None,
        };
        match cell {
            Some(cell) if board.history().last() == Some(&cell) => {
                board.undo(cell);
                "OK".to_string()
            }
            _ => format!("ERROR TAKEBACK `{text}`: not the last stone played"),
        }
    }

    fn setup(&mut self, stones: &[(i32, i32, u8)]) -> Vec<String> {
        match self.setup_board(stones) {
            Ok(()) => self.think(),
            Err(message) => vec![format!("ERROR {message}")],
        }
    }

    fn setup_board(&mut self, stones: &[(i32, i32, u8)]) -> Result<(), String> {
        let Some(size) = self.board.as_ref().map(Gomoku::size) else { return Err("BOARD before START".to_string()) };
        let probe = Gomoku::new(size, self.rule).expect("size was accepted");
        let (mut own, mut theirs) = (Vec::new(), Vec::new());
        for &(x, y, who) in stones {
            let Some(cell) = probe.cell_at(x, y) else { return Err(format!("board stone {x},{y} is off the board")) };
            match who {
                1 => own.push(cell),
                2 => theirs.push(cell),
                _ => {}
            }
        }
        // The side with more stones (us on a tie, the move being ours) is black: under
        // renju that decides whose moves may be forbidden.
        let (black, white, own_player) =
            if own.len() >= theirs.len() { (&own, &theirs, Player::First) } else { (&theirs, &own, Player::Second) };
        let mut board = Gomoku::from_stones(size, self.rule, black, white).map_err(|error| error.message)?;
        if board.to_move() != own_player {
            board.pass();
        }
        if board.outcome().is_some() {
            return Err("the board is already decided".to_string());
        }
        self.board = Some(board);
        Ok(())
    }

    /// Chooses and plays our move: a `MESSAGE` line on how, then the move.
    fn think(&mut self) -> Vec<String> {
        let started = Instant::now();
        let budget = {
            let board = self.board.as_ref().expect("a board");
            move_budget(self.timing, board.history().len(), board.cells())
        };
        if self.searcher.is_none() {
            self.reset_searcher();
        }
        let board = self.board.as_mut().expect("a board");
        let searcher = self.searcher.as_mut().expect("a searcher");
        let choice = choose_move(board, searcher, budget, started, &StopFlag::new());
        board.play(choice.cell);
        let (x, y) = board.coordinates(choice.cell);
        let elapsed = started.elapsed().as_millis();
        let value = choice.value.map_or(String::new(), |value| format!(" value {value}"));
        vec![
            format!("MESSAGE {} depth {} nodes {} time {elapsed} ms{value}", choice.reason, choice.depth, choice.nodes),
            format!("{x},{y}"),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn talk(script: &str) -> Vec<String> {
        let mut output = Vec::new();
        serve(script.as_bytes(), &mut output, 8).unwrap();
        String::from_utf8(output).unwrap().lines().filter(|line| !line.starts_with("MESSAGE")).map(str::to_string).collect()
    }

    #[test]
    fn a_short_conversation() {
        let lines = talk("INFO timeout_turn 200\nSTART 15\nBEGIN\nTURN 0,0\nABOUT\nFOO\nEND\nSTART 15\n");
        assert_eq!(lines[0], "OK");
        assert_eq!(lines[1], "7,7");
        assert!(lines[2].contains(','));
        assert!(lines[3].starts_with("name=\"gametree\""));
        assert!(lines[4].starts_with("UNKNOWN"));
        assert_eq!(lines.len(), 5, "nothing after END: {lines:?}");
    }

    #[test]
    fn thread_num_gives_the_search_helpers_up_to_the_cores() {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let mut brain = Brain::new(4);
        brain.info("THREAD_NUM 2");
        brain.reset_searcher();
        assert_eq!(brain.searcher.as_ref().unwrap().threads(), 2.min(cores));
        brain.info("thread_num 0");
        assert_eq!(brain.searcher.as_ref().unwrap().threads(), 1);
        brain.info("thread_num 1000");
        assert_eq!(brain.searcher.as_ref().unwrap().threads(), cores);
        // A game with helper threads is played like any other.
        let lines = talk("INFO thread_num 2\nINFO timeout_turn 300\nSTART 15\nBEGIN\nTURN 8,8\nTURN 9,9\nEND\n");
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert_eq!(lines[1], "7,7");
        assert!(lines[2..].iter().all(|line| line.contains(',') && line != "8,8" && line != "9,9"), "{lines:?}");
    }

    #[test]
    fn budgets_stay_under_the_limits() {
        let timing = Timing { turn: 1000, matches: 0, left: None, memory: 0 };
        assert!(move_budget(timing, 10, 225) < Duration::from_millis(1000));
        let timing = Timing { turn: 5000, matches: 100_000, left: Some(3000), memory: 0 };
        assert!(move_budget(timing, 10, 225) <= Duration::from_millis(300));
    }
}
