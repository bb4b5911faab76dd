//! `gametree play GAME [POSITION]`: play in the terminal against the computer, watch two
//! computers, or play two humans; hints, undo/redo, game records and replay.
//!
//! On a terminal the moves are typed or picked with the arrow keys (crossterm); when
//! standard input is not a terminal (or with `--line`) it reads one move or command per
//! line, so games can be scripted.

use std::io::{BufRead, IsTerminal, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use gametree_engine::{analyze, Analysis, AnalysisConfig, Limits, Outcome, Player, SearchOptions, StopFlag};
use gametree_games::{GameSpec, GameVisitor, MoveChooser, Notation};

use super::play_terminal::Terminal;
use crate::output::paint_verdict;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    /// A person at the keyboard.
    Human,
    /// The engine.
    Computer,
}

/// How strong the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Searches this many plies (1 to 5) and picks at random among the moves that look best
    /// at that depth.
    Depth(u32),
    /// Exact play: wins fastest, loses slowest, best score. Games too large to solve play
    /// as well as their thinking time allows, with their own move chooser if they have
    /// one (gomoku: the Gomocup engine's).
    Perfect,
}

/// The weakest and strongest depth levels.
pub const LEVELS: std::ops::RangeInclusive<u32> = 1..=5;

/// Transposition table of a game's own move chooser ([`Notation::move_chooser`]), in MiB.
const CHOOSER_TABLE_MEGABYTES: usize = 64;

fn parse_level(text: &str) -> Result<Level, String> {
    if text.eq_ignore_ascii_case("perfect") {
        return Ok(Level::Perfect);
    }
    text.parse::<u32>()
        .ok()
        .filter(|level| LEVELS.contains(level))
        .map(Level::Depth)
        .ok_or_else(|| format!("`{text}`: expected a level from {} to {} or `perfect`", LEVELS.start(), LEVELS.end()))
}

/// Options of `play`.
#[derive(clap::Args, Debug, Clone)]
pub struct Arguments {
    /// The game: tictactoe, mnk:M,N,K, tree, … (may be left out with --replay).
    #[arg(required_unless_present = "replay")]
    pub game: Option<String>,
    /// The start position in the game's notation (default: the game's start).
    pub position: Option<String>,
    /// Who plays the first side (x, max, …).
    #[arg(long, alias = "x", value_enum, default_value_t = Side::Human)]
    pub first: Side,
    /// Who plays the second side (o, min, …).
    #[arg(long, alias = "o", value_enum, default_value_t = Side::Computer)]
    pub second: Side,
    /// The computer's strength: 1 (weak) to 5, or perfect.
    #[arg(long, value_parser = parse_level, default_value = "perfect")]
    pub level: Level,
    /// The first side's computer level (overrides --level).
    #[arg(long, value_parser = parse_level)]
    pub first_level: Option<Level>,
    /// The second side's computer level (overrides --level).
    #[arg(long, value_parser = parse_level)]
    pub second_level: Option<Level>,
    /// Limit each computer move (and each hint) to this many seconds, for games too
    /// large to solve.
    #[arg(long, value_name = "SECS")]
    pub time: Option<f64>,
    /// Seed for the weaker levels' random choices (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Show the value of every legal move before each human move.
    #[arg(long)]
    pub hints: bool,
    /// Replay a saved game record, then go on playing from its last position.
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// Read one move or command per line even on a terminal.
    #[arg(long)]
    pub line: bool,
}

/// A saved game: the game name, the start position and the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The game name (SPEC §4).
    pub game: String,
    /// The start position in the game's notation.
    pub position: String,
    /// The moves in the game's move notation.
    pub moves: Vec<String>,
}

impl Record {
    /// The text form: a header line, `game NAME`, `position NOTATION`, then `move M` lines.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut text = format!("# gametree game record\ngame {}\nposition {}\n", self.game, self.position);
        for mv in &self.moves {
            text.push_str(&format!("move {mv}\n"));
        }
        text
    }

    /// Reads the text form; `source` names the file in errors.
    pub fn parse(text: &str, source: &str) -> Result<Record> {
        let (mut game, mut position, mut moves) = (None, None, Vec::new());
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line.split_once(char::is_whitespace).map_or((line, ""), |(key, value)| (key, value.trim()));
            match key {
                "game" if game.is_none() && !value.is_empty() => game = Some(value.to_string()),
                "position" if position.is_none() && !value.is_empty() => position = Some(value.to_string()),
                "move" if !value.is_empty() => moves.push(value.to_string()),
                _ => {
                    return Err(crate::error::input_error(format!(
                        "{source} line {}: `{line}`: expected `game NAME`, `position P` or `move M`",
                        number + 1
                    )))
                }
            }
        }
        let game = game.ok_or_else(|| crate::error::input_error(format!("{source}: no `game NAME` line")))?;
        let position = position.ok_or_else(|| crate::error::input_error(format!("{source}: no `position P` line")))?;
        Ok(Record { game, position, moves })
    }
}

/// Runs the command.
pub fn run(arguments: &Arguments, stop: &StopFlag) -> Result<ExitCode> {
    if let Some(seconds) = arguments.time {
        if !(seconds.is_finite() && seconds > 0.0) {
            return Err(crate::error::input_error(format!("--time {seconds}: expected a positive number of seconds")));
        }
    }
    let record = match &arguments.replay {
        Some(path) => Some(read_record(path)?),
        None => None,
    };
    let game_name = match (&arguments.game, &record) {
        (Some(name), Some(record)) => {
            let given = super::parse_game(name)?;
            let recorded = super::parse_game(&record.game)?;
            if given != recorded {
                return Err(crate::error::input_error(format!("the record is a game of {recorded}, not {given}")));
            }
            name.clone()
        }
        (Some(name), None) => name.clone(),
        (None, Some(record)) => record.game.clone(),
        (None, None) => unreachable!("clap requires GAME or --replay"),
    };
    let spec = super::parse_game(&game_name)?;
    let position = match &record {
        Some(record) => {
            if arguments.position.is_some() {
                return Err(crate::error::input_error("give either a POSITION or --replay, not both"));
            }
            Some(record.position.as_str())
        }
        None => arguments.position.as_deref(),
    };
    let visitor = Play { arguments, stop, record: record.as_ref() };
    spec.visit(position, visitor).map_err(|error| crate::error::input_error(error.message))?
}

fn read_record(path: &Path) -> Result<Record> {
    let text =
        std::fs::read_to_string(path).map_err(|error| crate::error::input_error(format!("--replay {}: {error}", path.display())))?;
    Record::parse(&text, &path.display().to_string())
}

struct Play<'a> {
    arguments: &'a Arguments,
    stop: &'a StopFlag,
    record: Option<&'a Record>,
}

impl GameVisitor for Play<'_> {
    type Output = Result<ExitCode>;

    fn visit<G: Notation>(self, spec: GameSpec, position: G) -> Result<ExitCode> {
        let arguments = self.arguments;
        let terminal = !arguments.line && std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
        let seed = arguments.seed.unwrap_or_else(|| {
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |time| time.as_nanos() as u64)
        });
        let sides = [arguments.first, arguments.second];
        let levels = [arguments.first_level.unwrap_or(arguments.level), arguments.second_level.unwrap_or(arguments.level)];
        // Games too large to solve at once get a default thinking time.
        let time = arguments.time.map(Duration::from_secs_f64).or_else(|| spec.default_time_limit());
        // A game with its own move chooser (gomoku) plays with it at the perfect level,
        // within the thinking time.
        let perfect_computer = sides.iter().zip(levels).any(|(&side, level)| side == Side::Computer && level == Level::Perfect);
        let chooser = if perfect_computer && time.is_some() { position.move_chooser(CHOOSER_TABLE_MEGABYTES) } else { None };
        let mut session = Session {
            spec,
            start: position.clone(),
            position,
            history: Vec::new(),
            redo: Vec::new(),
            sides,
            levels,
            time,
            chooser,
            rng: fastrand::Rng::with_seed(seed),
            stop: self.stop.clone(),
            hints: arguments.hints,
            colour: terminal && std::env::var_os("NO_COLOR").is_none(),
        };
        if let Some(record) = self.record {
            session.replay(record)?;
        }
        if terminal {
            let mut io = Terminal::start()?;
            let result = session.run(&mut io);
            drop(io);
            result
        } else {
            session.run(&mut LineIo { input: std::io::stdin().lock(), echo: !std::io::stdin().is_terminal() })
        }
    }
}

/// Where a game's text goes and where human input comes from.
pub trait Io {
    /// Shows some lines of text.
    fn show(&mut self, text: &str) -> Result<()>;
    /// Asks for a move or command; `choices` are the legal moves (for cursor selection).
    /// `None` when the input has ended.
    fn ask(&mut self, prompt: &str, choices: &[String]) -> Result<Option<String>>;
}

/// Line mode: prompts on stdout, one move or command per line on stdin.
struct LineIo<R: BufRead> {
    input: R,
    /// Echo each line read (when it comes from a script, not from someone typing).
    echo: bool,
}

impl<R: BufRead> Io for LineIo<R> {
    fn show(&mut self, text: &str) -> Result<()> {
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(text.as_bytes())?;
        stdout.flush()?;
        Ok(())
    }

    fn ask(&mut self, prompt: &str, _choices: &[String]) -> Result<Option<String>> {
        self.show(&format!("{prompt} "))?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            self.show("\n")?;
            return Ok(None);
        }
        // Echo scripted input so that the game reads like a transcript.
        if self.echo {
            self.show(&format!("{}\n", line.trim()))?;
        }
        Ok(Some(line.trim().to_string()))
    }
}

const HELP: &str = "\
Type a move, or one of:
  hint        the value of every legal move
  undo, redo  take back / replay moves (back to your previous turn)
  moves       list the legal moves
  save FILE   write the game record to FILE (replay it with --replay FILE)
  quit        leave
";

struct Session<G: Notation> {
    spec: GameSpec,
    start: G,
    position: G,
    history: Vec<G::Move>,
    redo: Vec<G::Move>,
    sides: [Side; 2],
    levels: [Level; 2],
    time: Option<Duration>,
    /// The game's own move chooser, used at the perfect level (set only with a time).
    chooser: Option<Box<dyn MoveChooser<G>>>,
    rng: fastrand::Rng,
    stop: StopFlag,
    hints: bool,
    colour: bool,
}

fn index(player: Player) -> usize {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

impl<G: Notation> Session<G> {
    fn name(&self, player: Player) -> &'static str {
        self.position.player_name(player)
    }

    fn legal_moves(&self) -> Vec<G::Move> {
        let mut moves = Vec::new();
        if self.position.outcome().is_none() {
            self.position.generate_moves(&mut moves);
        }
        moves
    }

    fn play(&mut self, mv: G::Move) {
        self.position.play(mv);
        self.history.push(mv);
    }

    fn replay(&mut self, record: &Record) -> Result<()> {
        for (number, text) in record.moves.iter().enumerate() {
            let mv = self
                .position
                .parse_move(text)
                .map_err(|error| crate::error::input_error(format!("record move {} `{text}`: {}", number + 1, error.message)))?;
            self.play(mv);
        }
        Ok(())
    }

    fn record(&self) -> Record {
        let moves = self.start.line_notation(&self.history);
        Record { game: self.spec.to_string(), position: self.start.notation(), moves }
    }

    fn is_human(&self, player: Player) -> bool {
        self.sides[index(player)] == Side::Human
    }

    fn any_human(&self) -> bool {
        self.sides.contains(&Side::Human)
    }

    fn board(&self) -> String {
        let mut text = format!("\n{}", self.position.render());
        if let Some(outcome) = self.position.outcome() {
            text.push_str(&format!("Game over: {}.\n", self.result_text(outcome)));
            if let Some(description) = self.position.describe_final() {
                text.push_str(&format!("{description}\n"));
            }
        }
        text
    }

    fn result_text(&self, outcome: Outcome) -> String {
        match outcome {
            Outcome::Win(player) => format!("{} wins", self.name(player)),
            Outcome::Draw => "draw".into(),
            Outcome::Score(score) => {
                let first = self.name(Player::First);
                let verdict = match score.cmp(&0) {
                    std::cmp::Ordering::Greater => format!("{first} wins"),
                    std::cmp::Ordering::Less => format!("{} wins", self.name(Player::Second)),
                    std::cmp::Ordering::Equal => "tie".into(),
                };
                format!("score {score} for {first}, {verdict}")
            }
        }
    }

    fn analysis(&self, limits: Limits) -> Analysis<G::Move> {
        let config = AnalysisConfig {
            options: SearchOptions::strong(16),
            heuristics: self.position.analysis_heuristics(),
            limits: Limits { time: self.time, ..limits },
            stop: self.stop.clone(),
            threads: 1,
        };
        analyze(&self.position, &config)
    }

    /// The computer's move at `level`: at the perfect level the game's own move chooser if
    /// it has one (with how it chose), else the best move of the analysis.
    fn computer_move(&mut self, level: Level) -> Option<(G::Move, Option<&'static str>)> {
        match level {
            Level::Perfect => match (self.chooser.as_mut(), self.time) {
                (Some(chooser), Some(time)) => {
                    let chosen = chooser.choose(&self.position, time, &self.stop);
                    Some((chosen.mv, Some(chosen.reason)))
                }
                _ => self.analysis(Limits::UNLIMITED).best_move().map(|mv| (mv, None)),
            },
            Level::Depth(depth) => {
                let analysis = self.analysis(Limits::UNLIMITED.with_depth(depth));
                let best = analysis.moves.first()?.value;
                let candidates: Vec<G::Move> =
                    analysis.moves.iter().filter(|result| result.value == best).map(|result| result.mv).collect();
                Some((candidates[self.rng.usize(..candidates.len())], None))
            }
        }
    }

    fn hint_text(&self) -> String {
        let analysis = self.analysis(Limits::UNLIMITED);
        let mut text = format!("Hints for {} (value of each move for the mover):\n", self.name(self.position.to_move()));
        for result in &analysis.moves {
            let verdict = analysis.move_verdict(G::KIND, result);
            text.push_str(&format!("  {:6} {}\n", self.position.move_notation(result.mv), paint_verdict(verdict, self.colour)));
        }
        if !analysis.exact {
            text.push_str("  (estimates: the search did not reach the end of the game)\n");
        }
        text
    }

    fn undo(&mut self) -> String {
        if self.history.is_empty() {
            return "Nothing to undo.\n".into();
        }
        let mut taken = Vec::new();
        while let Some(mv) = self.history.pop() {
            self.position.undo(mv);
            self.redo.push(mv);
            taken.push(mv);
            if self.is_human(self.position.to_move()) {
                break;
            }
        }
        format!("Took back {} move{}.\n", taken.len(), if taken.len() == 1 { "" } else { "s" })
    }

    fn redo(&mut self) -> String {
        if self.redo.is_empty() {
            return "Nothing to redo.\n".into();
        }
        let mut count = 0;
        while let Some(mv) = self.redo.pop() {
            self.play(mv);
            count += 1;
            if self.is_human(self.position.to_move()) || self.position.outcome().is_some() {
                break;
            }
        }
        format!("Replayed {count} move{}.\n", if count == 1 { "" } else { "s" })
    }

    fn run(&mut self, io: &mut dyn Io) -> Result<ExitCode> {
        let describe = |session: &Self, player: Player| match session.sides[index(player)] {
            Side::Human => format!("{}: human", session.name(player)),
            Side::Computer => format!("{}: computer, {}", session.name(player), session.levels[index(player)].describe()),
        };
        io.show(&format!(
            "{} — {}; {}. Type `help` for commands.\n",
            self.spec,
            describe(self, Player::First),
            describe(self, Player::Second)
        ))?;
        let mut shown = false;
        loop {
            if !shown {
                io.show(&self.board())?;
                shown = true;
            }
            let over = self.position.outcome().is_some();
            let mover = self.position.to_move();
            if !over && !self.is_human(mover) {
                let level = self.levels[index(mover)];
                let Some((mv, reason)) = self.computer_move(level) else { return Ok(ExitCode::SUCCESS) };
                if self.stop.is_raised() {
                    io.show("Interrupted.\n")?;
                    return Ok(ExitCode::SUCCESS);
                }
                let how = reason.map_or(String::new(), |reason| format!(" ({reason})"));
                io.show(&format!("{} plays {}{how}\n", self.name(mover), self.position.move_notation(mv)))?;
                self.play(mv);
                self.redo.clear();
                shown = false;
                continue;
            }
            if over && !self.any_human() {
                return Ok(ExitCode::SUCCESS);
            }
            if !over && self.hints {
                io.show(&self.hint_text())?;
            }
            let choices: Vec<String> = self.legal_moves().iter().map(|&mv| self.position.move_notation(mv)).collect();
            let prompt =
                if over { "Game over (undo, save FILE, quit):".to_string() } else { format!("{} to move:", self.name(mover)) };
            let Some(input) = io.ask(&prompt, &choices)? else { return Ok(ExitCode::SUCCESS) };
            let (word, rest) = input.split_once(char::is_whitespace).map_or((input.as_str(), ""), |(word, rest)| (word, rest.trim()));
            match word.to_ascii_lowercase().as_str() {
                "" => {}
                "quit" | "exit" | "q" => return Ok(ExitCode::SUCCESS),
                "help" | "?" => io.show(HELP)?,
                "hint" | "hints" => {
                    if over {
                        io.show("The game is over.\n")?;
                    } else {
                        io.show(&self.hint_text())?;
                    }
                }
                "moves" => io.show(&format!("Legal moves: {}\n", choices.join(" ")))?,
                "undo" => {
                    io.show(&self.undo())?;
                    shown = false;
                }
                "redo" => {
                    io.show(&self.redo())?;
                    shown = false;
                }
                "save" if rest.is_empty() => io.show("save needs a file name: save FILE\n")?,
                "save" => match std::fs::write(rest, self.record().to_text()).with_context(|| format!("writing {rest}")) {
                    Ok(()) => io.show(&format!("Saved the game to {rest}.\n"))?,
                    Err(error) => io.show(&format!("Could not save: {error:#}\n"))?,
                },
                _ if over => io.show(&format!("`{input}`: the game is over (undo, save FILE or quit).\n"))?,
                _ => match self.position.parse_move(&input) {
                    Ok(mv) => {
                        self.play(mv);
                        self.redo.clear();
                        shown = false;
                    }
                    Err(error) => {
                        io.show(&format!("Bad move: {}. Type `moves` for the legal moves, `help` for commands.\n", error.message))?
                    }
                },
            }
        }
    }
}

impl Level {
    /// The search depth of a depth level, for display.
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            Level::Depth(depth) => format!("level {depth} ({depth}-ply search)"),
            Level::Perfect => "perfect".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_and_reject_junk() {
        let record = Record { game: "tictactoe".into(), position: ".../.../...".into(), moves: vec!["b2".into(), "a1".into()] };
        assert_eq!(Record::parse(&record.to_text(), "f").unwrap(), record);
        let error = Record::parse("game tictactoe\nposition .../.../...\nmvoe b2\n", "f").unwrap_err();
        assert!(error.to_string().contains("f line 3"), "{error}");
        assert!(Record::parse("position .../.../...\n", "f").unwrap_err().to_string().contains("no `game"));
    }

    proptest::proptest! {
        #[test]
        fn record_parsing_never_panics(text in "(?s).{0,200}") {
            let _ = Record::parse(&text, "f");
        }

        #[test]
        fn records_round_trip(game in "[a-z:0-9,]{1,12}", position in "[!-~]{1,20}", moves in proptest::collection::vec("[!-~]{1,6}", 0..12)) {
            let record = Record { game, position, moves };
            proptest::prop_assert_eq!(Record::parse(&record.to_text(), "f").unwrap(), record);
        }
    }

    #[test]
    fn levels_parse() {
        assert_eq!(parse_level("perfect"), Ok(Level::Perfect));
        assert_eq!(parse_level("3"), Ok(Level::Depth(3)));
        assert!(parse_level("0").is_err());
        assert!(parse_level("9").is_err());
    }
}
