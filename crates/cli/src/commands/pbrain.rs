//! `gametree pbrain` (also the binary `pbrain-gametree`): a gomoku engine speaking the
//! Gomocup protocol on stdin/stdout.
//!
//! Commands: `START size`, `RECTSTART w,h` (square only), `BEGIN`, `TURN x,y`,
//! `BOARD` … `DONE` (lines `x,y,who`, 1 own stone, 2 opponent's, 3 ignored), `INFO key
//! value` (`timeout_turn`, `timeout_match`, `time_left`, `max_memory`, `rule`; other keys
//! are ignored), `TAKEBACK x,y`, `RESTART`, `ABOUT`, `END`. Coordinates are `x,y` from 0.
//! Every answer is one line, flushed at once.
//!
//! A move is chosen by [`choose_move`]: a five; the only block of a five threat; the first
//! move of an own VCF or VCT; otherwise an iterative-deepening principal-variation search
//! (table, killers, history, aspiration, late-move reductions, quiescence over fours)
//! among the moves after which the opponent has no VCF or VCT, under the time the `INFO`
//! limits leave for this move.
//!
//! This file only uses the engine and games crates, so that the `pbrain-gametree` binary
//! can include it as it is.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use gametree_engine::{iterative_deepening, Game, Heuristics, Limits, Player, SearchOptions, Searcher, StopFlag, Value};
use gametree_games::gomoku::vcf::{find_vcf, VcfLimits};
use gametree_games::gomoku::vct::find_vct;
use gametree_games::gomoku::{Cell, Gomoku, Rule, MAX_SIZE, MIN_SIZE};

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
        let options = SearchOptions { table_megabytes: megabytes, symmetry: false, ordering: true, principal_variation: true, shortcuts: true };
        let mut searcher = Searcher::new(options);
        // Windows and margins in gomoku evaluation units (an open two is worth about 100 a
        // cell). Reverse futility pruning won 25-14 in self-play at 300 ms a move;
        // late-move pruning (18-21) and a wider quiescence (17-22) did not help.
        searcher.set_heuristics(Heuristics { futility_margin: 150, ..Heuristics::for_play(300) });
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
            ("rule", Some(bits)) => {
                let rule = if bits & 1 != 0 { Rule::Standard } else { Rule::Freestyle };
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
        // Colours are symmetric under freestyle and standard: the side with more stones
        // (us on a tie) is black, and the move is ours.
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
        let choice = choose_move(board, searcher, budget, started);
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

/// A chosen move and how it was found.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The move.
    pub cell: Cell,
    /// How it was chosen: `five`, `block`, `vcf`, `vct`, `only defence`, `search`, `search among defences`…
    pub reason: &'static str,
    /// Depth of the deepest finished search iteration (0 when no search ran).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The search value, if a search ran.
    pub value: Option<Value>,
}

/// Chooses a move for the side to move within `budget` counted from `started`.
///
/// 1. A five, or the only block of the opponent's five.
/// 2. The first move of an own win by continuous fours (VCF), then by threes and fours (VCT).
/// 3. Screening: every candidate move after which the opponent wins by VCF or VCT is set
///    aside (as long as the screening has time; unscreened moves stay in).
/// 4. Iterative deepening with the root restricted to the moves that survived; the move it
///    chooses gets a deeper threat check, and if the opponent then wins, the search goes on
///    without it.
pub fn choose_move(board: &Gomoku, searcher: &mut Searcher<Gomoku>, budget: Duration, started: Instant) -> Choice {
    let quick = |cell, reason| Choice { cell, reason, depth: 0, nodes: 0, value: None };
    let mut moves = Vec::new();
    board.generate_moves(&mut moves);
    if let Some(cell) = board.immediate_win() {
        return quick(cell, "five");
    }
    if board.five_point_count(board.to_move().opponent()) > 0 || moves.len() == 1 {
        return quick(moves[0], "block");
    }
    let vcf = find_vcf(board, VcfLimits { max_fours: 30, max_nodes: 20_000, deadline: Some(started + budget / 5) });
    let mut nodes = vcf.nodes;
    if let Some(proof) = vcf.proof {
        return Choice { cell: proof.moves[0], reason: "vcf", depth: 0, nodes, value: None };
    }
    let vct = find_vct(board, VcfLimits { max_fours: 6, max_nodes: 30_000, deadline: Some(started + budget / 4) });
    nodes += vct.nodes;
    if let Some(cell) = vct.first_move {
        return Choice { cell, reason: "vct", depth: 0, nodes, value: None };
    }

    board.order_moves(&mut moves);
    let screen_deadline = started + budget * 2 / 5;
    let screen = ThreatCheck { fours: 12, threats: 4, nodes: 1_500 };
    let mut safe = Vec::new();
    let mut position = board.clone();
    for &cell in &moves {
        if Instant::now() >= screen_deadline || !screen.opponent_wins_after(&mut position, cell, &mut nodes, screen_deadline) {
            safe.push(cell);
        }
    }
    if safe.len() == 1 {
        return Choice { cell: safe[0], reason: "only defence", depth: 0, nodes, value: None };
    }
    let reason = if safe.is_empty() {
        // Every move loses to a threat sequence: search them all for the longest defence.
        safe = moves.clone();
        "search, all lose"
    } else if safe.len() < moves.len() {
        "search among defences"
    } else {
        "search"
    };
    let deep_check = ThreatCheck { fours: 20, threats: 6, nodes: 6_000 };
    loop {
        let remaining = budget.saturating_sub(started.elapsed()).max(Duration::from_millis(2));
        // Keep a little time for the deep check of the chosen move.
        let limits = Limits::default().with_time(remaining * 7 / 8).with_depth(60);
        searcher.set_root_moves(Some(safe.clone()));
        let report = iterative_deepening(searcher, &mut board.clone(), &limits, StopFlag::new(), |_| {});
        searcher.set_root_moves(None);
        nodes += report.statistics.nodes;
        let cell = report.best_move.filter(|&cell| board.stone(cell).is_none()).unwrap_or(safe[0]);
        let deadline = started + budget;
        if safe.len() > 1
            && !report.value.is_decisive()
            && Instant::now() < deadline
            && deep_check.opponent_wins_after(&mut position, cell, &mut nodes, deadline)
        {
            safe.retain(|&other| other != cell);
            if Instant::now() + Duration::from_millis(5) < deadline {
                continue;
            }
            return Choice { cell: safe[0], reason: "out of time, defence", depth: 0, nodes, value: None };
        }
        return Choice { cell, reason, depth: report.depth, nodes, value: Some(report.value) };
    }
}

/// Limits of a check whether the opponent, to move after ours, wins by threats.
#[derive(Clone, Copy, Debug)]
struct ThreatCheck {
    /// Most fours in a VCF.
    fours: u32,
    /// Most attacking moves in a VCT.
    threats: u32,
    /// Node cap of each search.
    nodes: u64,
}

impl ThreatCheck {
    /// Whether the opponent wins by VCF or VCT once `cell` is played on `position`
    /// (restored afterwards). Searches cut short by their limits count as no win.
    fn opponent_wins_after(self, position: &mut Gomoku, cell: Cell, nodes: &mut u64, deadline: Instant) -> bool {
        position.play(cell);
        let wins = position.outcome().is_none() && {
            let vcf = find_vcf(position, VcfLimits { max_fours: self.fours, max_nodes: self.nodes, deadline: Some(deadline) });
            *nodes += vcf.nodes;
            vcf.proof.is_some() || {
                let vct = find_vct(position, VcfLimits { max_fours: self.threats, max_nodes: self.nodes, deadline: Some(deadline) });
                *nodes += vct.nodes;
                vct.first_move.is_some()
            }
        };
        position.undo(cell);
        wins
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
    fn budgets_stay_under_the_limits() {
        let timing = Timing { turn: 1000, matches: 0, left: None, memory: 0 };
        assert!(move_budget(timing, 10, 225) < Duration::from_millis(1000));
        let timing = Timing { turn: 5000, matches: 100_000, left: Some(3000), memory: 0 };
        assert!(move_budget(timing, 10, 225) <= Duration::from_millis(300));
    }
}
