//! `gametree match ENGINE_A ENGINE_B`: games between two Gomocup-protocol engines.
//!
//! Each engine is a command line (split at spaces) started afresh for every game. Colours
//! alternate; with `--openings` each opening is played twice, colours swapped. The first
//! request to an engine is `BEGIN` on an empty board and `BOARD … DONE` otherwise (so it
//! sees the opening and every move so far), later ones `TURN x,y`. Every reply is checked:
//! a move off the board or on a stone, a reply that is not `x,y` (`MESSAGE`/`DEBUG` lines
//! are skipped), a crash, or a move later than the turn limit plus `--grace-ms` (or over
//! the match budget) loses the game; `--turn-ms-a`/`--turn-ms-b` give the engines different
//! times a move (a match at time odds), `--threads-a`/`--threads-b` ask an engine to search
//! with more threads (`INFO thread_num`). Five in a row is judged by the rule; under renju a
//! forbidden move of black (double three, double four, overline) loses too.
//!
//! The summary gives engine A's score from single games and from game pairs (each opening
//! with both colours), and with `--sprt` the match stops as soon as a sequential
//! probability ratio test decides ([`statistics`]).

mod statistics;

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use gametree_engine::{Game, Outcome, Player, StopFlag};
use gametree_games::gomoku::{Cell, Gomoku, Rule};
use gametree_games::Notation;

use crate::error::input_error;

/// Options of `match`.
#[derive(clap::Args, Debug, Clone)]
pub struct Arguments {
    /// The first engine's command line, e.g. `./pbrain-gametree` or `"gametree pbrain"`.
    pub engine_a: String,
    /// The second engine's command line.
    pub engine_b: String,
    /// Number of games (colours alternate).
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Time per move in milliseconds (`INFO timeout_turn`).
    #[arg(long, value_name = "T", default_value_t = 1000)]
    pub turn_ms: u64,
    /// Time per move for ENGINE_A only, for a match at time odds (default: `--turn-ms`).
    #[arg(long, value_name = "T")]
    pub turn_ms_a: Option<u64>,
    /// Time per move for ENGINE_B only, for a match at time odds (default: `--turn-ms`).
    #[arg(long, value_name = "T")]
    pub turn_ms_b: Option<u64>,
    /// Threads for ENGINE_A, sent as `INFO thread_num` (the key Yixin-Board, PentaZen,
    /// Rapfi and `gametree pbrain` read; nothing is sent without it).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads_a: Option<u16>,
    /// Threads for ENGINE_B, sent as `INFO thread_num`.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads_b: Option<u16>,
    /// Time per game and engine in milliseconds (`INFO timeout_match`; 0 = none).
    #[arg(long, value_name = "M", default_value_t = 0)]
    pub match_ms: u64,
    /// Openings file: one opening per line as `x,y` moves from black; `#` comments.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Winning rule: freestyle, standard (exactly five) or renju (sent to the engines as
    /// `INFO rule` 0, 1 or 4).
    #[arg(long, default_value = "freestyle")]
    pub rule: String,
    /// Board size.
    #[arg(long, default_value_t = 15)]
    pub size: u8,
    /// Pause before each command, in milliseconds, not charged to the engine (some engines
    /// drop a command sent the instant after they print a move).
    #[arg(long, value_name = "MS", default_value_t = 20)]
    pub delay_ms: u64,
    /// Lateness tolerated beyond the turn limit before a move counts as a timeout.
    #[arg(long, value_name = "MS", default_value_t = 200)]
    pub grace_ms: u64,
    /// Memory allowed to each engine in bytes (`INFO max_memory`; 0 = none).
    #[arg(long, default_value_t = 268_435_456)]
    pub max_memory: u64,
    /// Skip reply lines that are not `x,y` instead of judging them garbage (for engines
    /// whose debug output breaks lines); a reply must still come in time.
    #[arg(long)]
    pub skip_noise: bool,
    /// Games played at once, each with its own two engine processes. An engine thinks
    /// only on its turn, so each game keeps about one core busy.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub concurrency: u16,
    /// Append one JSON line per game (players, result, reason, moves) to this file.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Stop early when a sequential probability ratio test of "A is ELO1 stronger" against
    /// "A is ELO0 stronger" (logistic Elo, over game pairs) decides; `--games` is then the
    /// most that are played. Example: `--sprt 0,20`.
    #[arg(long, value_name = "ELO0,ELO1")]
    pub sprt: Option<String>,
    /// The SPRT's chance of accepting ELO1 when ELO0 holds.
    #[arg(long, value_name = "P", default_value_t = 0.05)]
    pub sprt_alpha: f64,
    /// The SPRT's chance of accepting ELO0 when ELO1 holds.
    #[arg(long, value_name = "P", default_value_t = 0.05)]
    pub sprt_beta: f64,
}

impl Arguments {
    /// Each engine's time a move and threads, A then B.
    fn turns(&self) -> [Turns; 2] {
        [
            Turns { ms: self.turn_ms_a.unwrap_or(self.turn_ms), threads: self.threads_a },
            Turns { ms: self.turn_ms_b.unwrap_or(self.turn_ms), threads: self.threads_b },
        ]
    }
}

/// How one engine is to think: its time a move and, if asked for, its threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Turns {
    /// Milliseconds a move (`INFO timeout_turn`).
    ms: u64,
    /// `INFO thread_num`, if given.
    threads: Option<u16>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Ending {
    Five(Player),
    Draw,
    /// The player lost by a fault: timeout, crash, garbage, illegal move.
    Fault(Player, String),
    /// The match was stopped (Ctrl-C, or an SPRT decided) while the game was played.
    Abandoned,
}

#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    /// Wins, losses and draws with black (index 0) and with white (index 1): in gomoku the
    /// colour decides much, and a total hides which side an engine loses with.
    by_colour: [[u32; 3]; 2],
    moves: u64,
    total_ms: u128,
    max_ms: u128,
}

impl Tally {
    /// Wins, losses and draws with both colours.
    fn totals(&self) -> [u32; 3] {
        let [black, white] = self.by_colour;
        [0, 1, 2].map(|column| black[column] + white[column])
    }
}

/// What the finished games have given so far, taken in game order.
struct Scoreboard<'a> {
    arguments: &'a Arguments,
    rule: Rule,
    names: [&'a str; 2],
    tallies: [Tally; 2],
    pairs: statistics::Pentanomial,
    /// Engine A's points in the first game of the current pair, in halves.
    first_of_pair: u8,
    save: Option<std::fs::File>,
    sprt: Option<statistics::Sprt>,
}

impl Scoreboard<'_> {
    /// Counts, prints and saves game `game` (0-based); true when the match should stop
    /// (the game was abandoned, or the SPRT has decided).
    fn record(&mut self, game: usize, (ending, board, times): (Ending, Gomoku, [Vec<u128>; 2])) -> std::io::Result<bool> {
        let black = game % 2;
        let (result, reason) = match &ending {
            Ending::Five(player) => (Some(*player), "five".to_string()),
            Ending::Draw => (None, "board full".to_string()),
            Ending::Fault(player, reason) => (Some(player.opponent()), format!("{} {reason}", colour_name(*player))),
            // Stopped (Ctrl-C): neither counted nor saved, and nothing after it.
            Ending::Abandoned => return Ok(true),
        };
        for (colour, engine) in [(Player::First, black), (Player::Second, 1 - black)] {
            let tally = &mut self.tallies[engine];
            let column = match result {
                Some(winner) if winner == colour => 0,
                Some(_) => 1,
                None => 2,
            };
            tally.by_colour[colour_index(colour)][column] += 1;
            for &ms in &times[colour_index(colour)] {
                tally.moves += 1;
                tally.total_ms += ms;
                tally.max_ms = tally.max_ms.max(ms);
            }
        }
        let letter = |engine: usize| if engine == 0 { "A" } else { "B" };
        let verdict = match result {
            Some(Player::First) => format!("{} (black) wins", letter(black)),
            Some(Player::Second) => format!("{} (white) wins", letter(1 - black)),
            None => "draw".to_string(),
        };
        println!(
            "game {}: black {} white {}: {verdict} by {reason}, {} moves",
            game + 1,
            letter(black),
            letter(1 - black),
            board.history().len()
        );
        if let Some(file) = self.save.as_mut() {
            let record = serde_json::json!({
                "game": game + 1,
                "black": self.names[black],
                "white": self.names[1 - black],
                "rule": self.rule.name(),
                "size": self.arguments.size,
                "result": match result { Some(Player::First) => "black", Some(Player::Second) => "white", None => "draw" },
                "reason": reason,
                "moves": board.notation(),
            });
            writeln!(file, "{record}")?;
        }
        let halves = match result {
            None => 1,
            Some(winner) if colour_index(winner) == black => 2,
            Some(_) => 0,
        };
        if game.is_multiple_of(2) {
            self.first_of_pair = halves;
            return Ok(false);
        }
        self.pairs.add(self.first_of_pair, halves);
        let Some(test) = &self.sprt else { return Ok(false) };
        println!("{}", test.describe(&self.pairs));
        Ok(test.verdict(self.pairs.log_likelihood_ratio(test)) != statistics::Verdict::Open)
    }
}

/// Runs the command.
pub fn run(arguments: &Arguments, stop: &StopFlag) -> Result<ExitCode> {
    let rule: Rule =
        arguments.rule.parse().map_err(|error: gametree_games::NotationError| input_error(format!("--rule: {}", error.message)))?;
    Gomoku::new(arguments.size, rule).map_err(|error| input_error(format!("--size: {}", error.message)))?;
    for (name, command) in [("ENGINE_A", &arguments.engine_a), ("ENGINE_B", &arguments.engine_b)] {
        if command.split_whitespace().next().is_none() {
            return Err(input_error(format!("{name}: empty command line")));
        }
    }
    let sprt = match &arguments.sprt {
        Some(text) => Some(statistics::Sprt::parse(text, arguments.sprt_alpha, arguments.sprt_beta).map_err(input_error)?),
        None => None,
    };
    let openings = match &arguments.openings {
        Some(path) => read_openings(path, arguments.size, rule)?,
        None => Vec::new(),
    };
    let names = [arguments.engine_a.as_str(), arguments.engine_b.as_str()];
    let turns = arguments.turns();
    let save = match &arguments.save {
        Some(path) => Some(
            std::fs::OpenOptions::new().create(true).append(true).open(path).with_context(|| format!("--save {}", path.display()))?,
        ),
        None => None,
    };
    let mut scoreboard =
        Scoreboard { arguments, rule, names, tallies: [Tally::default(); 2], pairs: Default::default(), first_of_pair: 0, save, sprt };
    // Games are handed out in order to `--concurrency` workers; their results are taken
    // in game order, so the output, the pairs and the SPRT are those of a sequential run.
    let next_game = AtomicUsize::new(0);
    let halted = AtomicBool::new(false);
    let halt = || halted.load(Ordering::Relaxed) || stop.is_raised();
    let mut failure = None;
    std::thread::scope(|scope| {
        let (sender, results) = mpsc::channel();
        for _ in 0..arguments.concurrency.max(1) {
            let sender = sender.clone();
            let (next_game, openings, halt, turns) = (&next_game, &openings, &halt, &turns);
            scope.spawn(move || {
                while !halt() {
                    let game = next_game.fetch_add(1, Ordering::Relaxed);
                    if game >= arguments.games {
                        break;
                    }
                    let opening: &[Cell] = if openings.is_empty() { &[] } else { &openings[(game / 2) % openings.len()] };
                    // Engine index playing black.
                    let black = game % 2;
                    let turns = [turns[black], turns[1 - black]];
                    let played = play_game(arguments, rule, [names[black], names[1 - black]], turns, opening, halt);
                    if sender.send((game, played)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut finished = std::collections::BTreeMap::new();
        let mut expected = 0;
        for (game, played) in results {
            finished.insert(game, played);
            while let Some(played) = finished.remove(&expected) {
                let game = expected;
                expected += 1;
                if halted.load(Ordering::Relaxed) {
                    continue;
                }
                match scoreboard.record(game, played) {
                    // Games still being played are abandoned.
                    Ok(true) => halted.store(true, Ordering::Relaxed),
                    Ok(false) => {}
                    Err(error) => {
                        failure = Some(error);
                        halted.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
    });
    if let Some(error) = failure {
        return Err(anyhow::Error::new(error).context("--save: writing a game record"));
    }
    let Scoreboard { tallies, pairs, sprt, .. } = scoreboard;
    println!();
    if turns[0].ms != turns[1].ms {
        println!("time odds: A {} ms a move, B {} ms a move", turns[0].ms, turns[1].ms);
    }
    if turns[0].threads.is_some() || turns[1].threads.is_some() {
        let threads = |turns: Turns| turns.threads.map_or("not set".to_string(), |threads| threads.to_string());
        println!("threads: A {}, B {}", threads(turns[0]), threads(turns[1]));
    }
    println!("engine  W    L    D    black     white     avg ms  max ms  command");
    for (index, tally) in tallies.iter().enumerate() {
        let average = if tally.moves == 0 { 0.0 } else { tally.total_ms as f64 / tally.moves as f64 };
        let [wins, losses, draws] = tally.totals();
        let [black, white] = tally.by_colour.map(|[wins, losses, draws]| format!("{wins}-{losses}-{draws}"));
        println!(
            "{:<6}  {:<3}  {:<3}  {:<3}  {:<8}  {:<8}  {:>6.0}  {:>6}  {}",
            if index == 0 { "A" } else { "B" },
            wins,
            losses,
            draws,
            black,
            white,
            average,
            tally.max_ms,
            names[index]
        );
    }
    let [wins, losses, draws] = tallies[0].totals();
    if wins + losses + draws > 0 {
        println!();
        println!("{}", statistics::game_summary(wins, losses, draws));
        if pairs.pairs() > 0 {
            println!("{}", statistics::pair_summary(&pairs));
        }
        if let Some(test) = &sprt {
            println!("{}", test.describe(&pairs));
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn colour_index(player: Player) -> usize {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

fn colour_name(player: Player) -> &'static str {
    match player {
        Player::First => "black",
        Player::Second => "white",
    }
}

/// The Gomocup `INFO rule` value of a rule: 0 freestyle, 1 exactly five, 4 renju.
fn rule_bits(rule: Rule) -> u8 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 4,
    }
}

/// Reads an openings file: one line per opening, `x,y` moves from black.
fn read_openings(path: &PathBuf, size: u8, rule: Rule) -> Result<Vec<Vec<Cell>>> {
    let text = std::fs::read_to_string(path).map_err(|error| input_error(format!("--openings {}: {error}", path.display())))?;
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let board = Gomoku::parse(size, rule, line)
            .map_err(|error| input_error(format!("{} line {}: {}", path.display(), number + 1, error.message)))?;
        if board.outcome().is_some() {
            return Err(input_error(format!("{} line {}: the opening is already decided", path.display(), number + 1)));
        }
        openings.push(board.history().to_vec());
    }
    if openings.is_empty() {
        return Err(input_error(format!("{}: no openings in the file", path.display())));
    }
    Ok(openings)
}

/// `x,y` as two integers.
fn parse_point(text: &str) -> Option<(i32, i32)> {
    let (x, y) = text.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// A running engine: its process, its stdin, and its stdout lines through a channel.
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    /// Whether the engine has been shown the board yet.
    started: bool,
    used_ms: u128,
}

impl Engine {
    fn spawn(command: &str) -> std::io::Result<Engine> {
        let mut parts = command.split_whitespace();
        let program = parts.next().unwrap_or_default();
        let mut child =
            Command::new(program).args(parts).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn()?;
        let input = child.stdin.take().ok_or_else(|| std::io::Error::other("no stdin"))?;
        let output = child.stdout.take().ok_or_else(|| std::io::Error::other("no stdout"))?;
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Engine { child, input, lines, started: false, used_ms: 0 })
    }

    fn send(&mut self, text: &str, delay: Duration) -> bool {
        std::thread::sleep(delay);
        writeln!(self.input, "{text}").and_then(|()| self.input.flush()).is_ok()
    }

    /// The next line that is not `MESSAGE`/`DEBUG` (nor, with `skip_noise`, anything
    /// else that is not `x,y`), or why there is none.
    fn answer(&mut self, deadline: Instant, skip_noise: bool) -> Result<String, String> {
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait) {
                Ok(line) => {
                    let line = line.trim().to_string();
                    let upper = line.to_ascii_uppercase();
                    if upper.starts_with("MESSAGE") || upper.starts_with("DEBUG") || line.is_empty() {
                        continue;
                    }
                    if skip_noise && parse_point(&line).is_none() && !upper.starts_with("OK") {
                        continue;
                    }
                    return Ok(line);
                }
                Err(RecvTimeoutError::Timeout) => return Err("timeout".to_string()),
                Err(RecvTimeoutError::Disconnected) => return Err("crashed (no more output)".to_string()),
            }
        }
    }

    fn finish(mut self, delay: Duration) {
        let _ = self.send("END", delay);
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Plays one game; `commands[0]` is black, and `turns` are the two colours' times a
/// move and threads. Returns the ending, the final board and the
/// milliseconds of every move per colour.
/// `halt` says that the match has been stopped: the game is then abandoned.
fn play_game(
    arguments: &Arguments,
    rule: Rule,
    commands: [&str; 2],
    turns: [Turns; 2],
    opening: &[Cell],
    halt: &dyn Fn() -> bool,
) -> (Ending, Gomoku, [Vec<u128>; 2]) {
    let delay = Duration::from_millis(arguments.delay_ms);
    let mut board = Gomoku::new(arguments.size, rule).expect("size checked");
    for &cell in opening {
        board.play(cell);
    }
    let mut times = [Vec::new(), Vec::new()];
    let mut engines: Vec<Option<Engine>> = Vec::new();
    for (index, command) in commands.iter().enumerate() {
        let player = if index == 0 { Player::First } else { Player::Second };
        match Engine::spawn(command) {
            Ok(engine) => engines.push(Some(engine)),
            Err(error) => {
                for engine in engines.into_iter().flatten() {
                    engine.finish(delay);
                }
                return (Ending::Fault(player, format!("could not start: {error}")), board, times);
            }
        }
    }
    let ending = 'game: {
        // Start both engines.
        for (index, slot) in engines.iter_mut().enumerate() {
            let player = if index == 0 { Player::First } else { Player::Second };
            let engine = slot.as_mut().expect("spawned");
            let mut setup = vec![
                format!("INFO timeout_turn {}", turns[index].ms),
                format!("INFO timeout_match {}", arguments.match_ms),
                format!("INFO max_memory {}", arguments.max_memory),
                "INFO game_type 1".to_string(),
                format!("INFO rule {}", rule_bits(rule)),
            ];
            if arguments.match_ms > 0 {
                setup.push(format!("INFO time_left {}", arguments.match_ms));
            }
            if let Some(threads) = turns[index].threads {
                setup.push(format!("INFO thread_num {threads}"));
            }
            setup.push(format!("START {}", arguments.size));
            for line in &setup {
                if !engine.send(line, delay) {
                    break 'game Ending::Fault(player, "crashed at START".to_string());
                }
            }
            let deadline = Instant::now() + Duration::from_millis(turns[index].ms.max(5000) + arguments.grace_ms);
            match engine.answer(deadline, arguments.skip_noise) {
                Ok(answer) if answer.eq_ignore_ascii_case("OK") => {}
                Ok(answer) => break 'game Ending::Fault(player, format!("answered `{answer}` to START")),
                Err(reason) => break 'game Ending::Fault(player, format!("{reason} at START")),
            }
        }
        loop {
            if halt() {
                break 'game Ending::Abandoned;
            }
            if let Some(outcome) = board.outcome() {
                break 'game match outcome {
                    Outcome::Win(player) => Ending::Five(player),
                    _ => Ending::Draw,
                };
            }
            let player = board.to_move();
            let engine = engines[colour_index(player)].as_mut().expect("spawned");
            let mut requests = Vec::new();
            if arguments.match_ms > 0 {
                requests.push(format!("INFO time_left {}", (arguments.match_ms as u128).saturating_sub(engine.used_ms)));
            }
            if !engine.started {
                engine.started = true;
                if board.history().is_empty() {
                    requests.push("BEGIN".to_string());
                } else {
                    requests.push("BOARD".to_string());
                    for &cell in board.history() {
                        let (x, y) = board.coordinates(cell);
                        let who = if board.stone(cell) == Some(player) { 1 } else { 2 };
                        requests.push(format!("{x},{y},{who}"));
                    }
                    requests.push("DONE".to_string());
                }
            } else {
                let last = *board.history().last().expect("the opponent has moved");
                let (x, y) = board.coordinates(last);
                requests.push(format!("TURN {x},{y}"));
            }
            let mut sent = true;
            for (index, request) in requests.iter().enumerate() {
                // Lines of one BOARD block go together; commands get the delay.
                let pause = if index == 0 || !request.contains(',') || request.starts_with("TURN") { delay } else { Duration::ZERO };
                sent &= engine.send(request, pause);
            }
            if !sent {
                break 'game Ending::Fault(player, "crashed (cannot take input)".to_string());
            }
            let asked = Instant::now();
            let mut limit = turns[colour_index(player)].ms + arguments.grace_ms;
            if arguments.match_ms > 0 {
                let left = (arguments.match_ms as u128).saturating_sub(engine.used_ms) as u64;
                limit = limit.min(left + arguments.grace_ms);
            }
            let answer = engine.answer(asked + Duration::from_millis(limit), arguments.skip_noise);
            let elapsed = asked.elapsed().as_millis();
            engine.used_ms += elapsed;
            times[colour_index(player)].push(elapsed);
            let answer = match answer {
                Ok(answer) => answer,
                Err(reason) => break 'game Ending::Fault(player, reason),
            };
            let Some((x, y)) = parse_point(&answer) else {
                break 'game Ending::Fault(player, format!("garbage reply `{answer}`"));
            };
            let Some(cell) = board.cell_at(x, y) else {
                break 'game Ending::Fault(player, format!("illegal move {x},{y} (off the board)"));
            };
            if board.stone(cell).is_some() {
                break 'game Ending::Fault(player, format!("illegal move {x},{y} (occupied)"));
            }
            if let Some(reason) = board.forbidden(cell).filter(|_| player == Player::First) {
                break 'game Ending::Fault(player, format!("forbidden move {x},{y} ({reason})"));
            }
            board.play(cell);
        }
    };
    for engine in engines.into_iter().flatten() {
        engine.finish(delay);
    }
    // Ctrl-C reaches the engines too: their "crash" is the stop, not a fault.
    let ending = if halt() { Ending::Abandoned } else { ending };
    (ending, board, times)
}
