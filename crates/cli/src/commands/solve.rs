//! `gametree solve PROBLEM`: the contest formats of SPEC §2, standard input to standard
//! output, byte for byte as the judges expect.
//!
//! Every input is read and checked in full before anything is printed, so bad input gives
//! nothing on stdout, one line on stderr naming the board and line at fault, and exit
//! status 2. All boards of one input are searched by one [`Searcher`], so its table carries
//! what it learned from board to board.

use std::fmt::Write as _;
use std::io::{Read, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use gametree_engine::{analyze, AnalysisConfig, Game, Player, SearchOptions, Searcher, StopFlag, Value};
use gametree_games::{product_grid_sign, Matchsticks, Mnk, Notation, ProductGrid};

use crate::error::input_error;

/// The problems `solve` knows (besides `connect4`, see [`super::solve_connect4`]).
pub const PROBLEMS: &[&str] = &["tictactoe-ccf", "product-grid", "matchsticks"];

/// Options of `solve`.
#[derive(clap::Args, Debug, Clone)]
pub struct Arguments {
    /// The problem: tictactoe-ccf (CCF CSP 201803-4), product-grid (Luogu B4534),
    /// matchsticks (Lanqiao Cup), connect4 or connect4:CxR (one position per line,
    /// SPEC §4.1). The input is read from standard input.
    pub problem: String,
    /// connect4: print only the sign of each score (win 1, draw 0, loss -1).
    #[arg(long)]
    pub weak: bool,
    /// connect4: transposition table size in MiB.
    #[arg(long, value_name = "MB", default_value_t = 64)]
    pub hash: usize,
}

/// Runs the command.
pub fn run(arguments: &Arguments, stop: &StopFlag) -> Result<ExitCode> {
    if let Some(options) = super::solve_connect4::Options::for_problem(&arguments.problem, arguments.weak, arguments.hash)? {
        return super::solve_connect4::run(&options, stop);
    }
    let problem = arguments.problem.trim();
    if !PROBLEMS.contains(&problem) {
        return Err(input_error(format!(
            "unknown problem `{problem}`; known problems: {}, connect4, connect4:CxR",
            PROBLEMS.join(", ")
        )));
    }
    let mut bytes = Vec::new();
    std::io::stdin().read_to_end(&mut bytes).context("reading standard input")?;
    let text = String::from_utf8(bytes)
        .map_err(|error| input_error(format!("{problem}: the input is not UTF-8 text (byte {})", error.utf8_error().valid_up_to())))?;
    let answer = match problem {
        "tictactoe-ccf" => solve_tictactoe_ccf(&text)?,
        "product-grid" => solve_product_grid(&text)?,
        _ => match solve_matchsticks(&text, stop)? {
            Some(answer) => answer,
            None => {
                eprintln!("gametree: matchsticks: no stick can be placed on this board; the player to move has lost");
                return Ok(ExitCode::from(1));
            }
        },
    };
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(answer.as_bytes())?;
    stdout.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// A board of a numeric contest input: nine cells and the input line of its first row.
#[derive(Clone, Copy, Debug)]
struct NumberBoard {
    cells: [u8; 9],
    first_line: usize,
    last_line: usize,
}

/// Reads `T` and then `T` boards of 3 lines × 3 whole numbers from 0 to `largest`.
/// Blank lines are skipped; anything after the `T`-th board is an error.
fn read_number_boards(problem: &str, text: &str, largest: u8) -> Result<Vec<NumberBoard>> {
    let mut lines = text.lines().enumerate().map(|(index, line)| (index + 1, line.trim())).filter(|(_, line)| !line.is_empty());
    let Some((count_line, count_text)) = lines.next() else {
        return Err(input_error(format!("{problem}: empty input; expected the number of boards T on line 1")));
    };
    let count: usize = match count_text.split_whitespace().collect::<Vec<_>>().as_slice() {
        [single] if single.bytes().all(|byte| byte.is_ascii_digit()) => {
            single.parse().map_err(|_| input_error(format!("{problem}: line {count_line}: T = `{single}` is too large")))?
        }
        _ => {
            return Err(input_error(format!(
                "{problem}: line {count_line}: expected the number of boards T alone, found `{count_text}`"
            )))
        }
    };
    let mut boards = Vec::new();
    for board in 1..=count {
        let mut cells = [0u8; 9];
        let (mut first_line, mut last_line) = (0, 0);
        for row in 0..3 {
            let Some((line_number, line)) = lines.next() else {
                return Err(input_error(format!(
                    "{problem}: board {board}, line {}: missing; the input ends after {} complete board{} but T = {count}",
                    row + 1,
                    board - 1,
                    if board == 2 { "" } else { "s" }
                )));
            };
            if row == 0 {
                first_line = line_number;
            }
            last_line = line_number;
            let at = format!("{problem}: board {board}, line {} (input line {line_number})", row + 1);
            let tokens: Vec<&str> = line.split_whitespace().collect();
            if tokens.len() != 3 {
                return Err(input_error(format!("{at}: expected 3 numbers, found {} in `{line}`", tokens.len())));
            }
            for (column, token) in tokens.iter().enumerate() {
                let value = token
                    .bytes()
                    .all(|byte| byte.is_ascii_digit())
                    .then(|| token.parse::<u8>().ok())
                    .flatten()
                    .filter(|&value| value <= largest);
                let Some(value) = value else {
                    return Err(input_error(format!(
                        "{at}: number {} is `{token}`, expected a whole number from 0 to {largest}",
                        column + 1
                    )));
                };
                cells[row * 3 + column] = value;
            }
        }
        boards.push(NumberBoard { cells, first_line, last_line });
    }
    if let Some((line_number, line)) = lines.next() {
        return Err(input_error(format!(
            "{problem}: line {line_number}: unexpected `{line}` after the {count} board{} announced by T",
            if count == 1 { "" } else { "s" }
        )));
    }
    Ok(boards)
}

fn board_error(problem: &str, index: usize, board: &NumberBoard, message: &str) -> anyhow::Error {
    input_error(format!("{problem}: board {} (input lines {}-{}): {message}", index + 1, board.first_line, board.last_line))
}

/// CCF CSP 201803-4: the final score under optimal play, (empty cells at the end + 1) for
/// an Alice win, its negation for a Bob win, 0 for a draw.
pub fn solve_tictactoe_ccf(text: &str) -> Result<String> {
    const PROBLEM: &str = "tictactoe-ccf";
    let boards = read_number_boards(PROBLEM, text, 2)?;
    let mut positions = Vec::with_capacity(boards.len());
    for (index, board) in boards.iter().enumerate() {
        let position = Mnk::from_numbers(3, 3, 3, &board.cells)
            .map_err(|error| board_error(PROBLEM, index, board, &format!("{} (1 is Alice = x, 2 is Bob = o)", error.message)))?;
        positions.push(position);
    }
    let mut searcher = Searcher::new(SearchOptions::strong(4));
    let mut answer = String::new();
    for mut position in positions {
        let value = searcher.solve(&mut position);
        let _ = writeln!(answer, "{}", ccf_score(&position, value));
    }
    Ok(answer)
}

/// The CCF score (Alice's view) of a position whose value for the side to move is `value`:
/// a win in r plies leaves (empty now − r) cells, scoring that + 1.
fn ccf_score(position: &Mnk, value: Value) -> i64 {
    let empty = i64::from(position.empty_count());
    let mover = i64::from(position.to_move().sign());
    match value.remoteness() {
        Some(remoteness) if value.is_win() => mover * (empty - i64::from(remoteness) + 1),
        Some(remoteness) => -mover * (empty - i64::from(remoteness) + 1),
        None => 0,
    }
}

/// Luogu B4534: `first`, `second` or `tie` for each board, X placing first.
pub fn solve_product_grid(text: &str) -> Result<String> {
    const PROBLEM: &str = "product-grid";
    let boards = read_number_boards(PROBLEM, text, 9)?;
    let mut positions = Vec::with_capacity(boards.len());
    for (index, board) in boards.iter().enumerate() {
        let position = ProductGrid::from_cells(board.cells, Player::First)
            .map_err(|error| board_error(PROBLEM, index, board, &error.message.replace("row", "line")))?;
        positions.push(position);
    }
    let mut searcher = Searcher::new(SearchOptions::strong(16));
    let mut answer = String::new();
    for mut position in positions {
        answer.push_str(match product_grid_sign(&mut searcher, &mut position) {
            1 => "first\n",
            -1 => "second\n",
            _ => "tie\n",
        });
    }
    Ok(answer)
}

/// Reads the 3×4 matchstick board of the contest: three lines of four characters from
/// `0`, `1` and `-` (trailing spaces and blank lines are ignored).
pub fn read_matchsticks(text: &str) -> Result<Matchsticks> {
    const PROBLEM: &str = "matchsticks";
    let lines: Vec<(usize, &str)> =
        text.lines().enumerate().map(|(index, line)| (index + 1, line.trim_end())).filter(|(_, line)| !line.is_empty()).collect();
    if lines.is_empty() {
        return Err(input_error(format!("{PROBLEM}: empty input; expected 3 lines of 4 characters from 0, 1 and -")));
    }
    for (row, &(line_number, line)) in lines.iter().enumerate() {
        if row >= 3 {
            return Err(input_error(format!("{PROBLEM}: line {line_number}: unexpected `{line}`; the board has 3 lines")));
        }
        let length = line.chars().count();
        if length != 4 {
            return Err(input_error(format!(
                "{PROBLEM}: board line {} (input line {line_number}) `{line}` has {length} characters, expected 4",
                row + 1
            )));
        }
        if let Some((column, bad)) = line.chars().enumerate().find(|(_, c)| !matches!(c, '0' | '1' | '-')) {
            return Err(input_error(format!(
                "{PROBLEM}: board line {} (input line {line_number}), column {}: `{bad}` is not 0, 1 or -",
                row + 1,
                column + 1
            )));
        }
    }
    if lines.len() < 3 {
        return Err(input_error(format!("{PROBLEM}: board line {}: missing; the board has 3 lines of 4 characters", lines.len() + 1)));
    }
    let rows: Vec<&str> = lines.iter().map(|&(_, line)| line).collect();
    Matchsticks::from_rows(3, 4, &rows).map_err(|error| input_error(format!("{PROBLEM}: {}", error.message)))
}

/// Lanqiao Cup: the board after the best move (a winning one if any, else the one that
/// loses latest); `None` when no stick can be placed.
pub fn solve_matchsticks(text: &str, stop: &StopFlag) -> Result<Option<String>> {
    let board = read_matchsticks(text)?;
    if board.outcome().is_some() {
        return Ok(None);
    }
    let config = AnalysisConfig { options: SearchOptions::strong(8), stop: stop.clone(), ..AnalysisConfig::default() };
    let analysis = analyze(&board, &config);
    let best = analysis.best_move().context("the analysis found no move")?;
    let mut after = board;
    after.play(best);
    let mut answer = after.notation().replace('/', "\n");
    answer.push('\n');
    Ok(Some(answer))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The readers never panic on arbitrary text: they either read boards or say why not.
        #[test]
        fn readers_never_panic(text in "([0-9 \\-]{0,8}\n){0,12}|\\PC{0,40}") {
            let _ = read_number_boards("tictactoe-ccf", &text, 2);
            let _ = read_number_boards("product-grid", &text, 9);
            let _ = read_matchsticks(&text);
        }

        /// Well-formed numeric inputs read back exactly, whatever blank lines surround them.
        #[test]
        fn well_formed_inputs_read_back(boards in proptest::collection::vec(proptest::array::uniform9(0u8..=9), 0..5), blank in 0usize..3) {
            let mut text = format!("{}\n", boards.len());
            for board in &boards {
                text.push_str(&"\n".repeat(blank));
                for row in board.chunks(3) {
                    text.push_str(&format!("{} {} {}\n", row[0], row[1], row[2]));
                }
            }
            let read = read_number_boards("product-grid", &text, 9).unwrap();
            prop_assert_eq!(read.iter().map(|board| board.cells).collect::<Vec<_>>(), boards);
        }

        /// Any 3×4 board of the alphabet reads; its answer (if any) is one stick away.
        #[test]
        fn matchstick_answers_add_one_stick(cells in proptest::collection::vec(prop_oneof![Just('0'), Just('1'), Just('-')], 12)) {
            let text: String = cells.chunks(4).map(|row| format!("{}\n", row.iter().collect::<String>())).collect();
            let board = read_matchsticks(&text).unwrap();
            if let Some(answer) = solve_matchsticks(&text, &StopFlag::new()).unwrap() {
                let after = read_matchsticks(&answer).unwrap();
                let differing = text.chars().zip(answer.chars()).filter(|(a, b)| a != b).count();
                prop_assert_eq!(differing, 1);
                prop_assert!(board.outcome().is_none());
                prop_assert_ne!(after, board);
            } else {
                prop_assert!(board.outcome().is_some());
            }
        }
    }

    /// The CCF definition computed directly: the score when the game stops, maximised by
    /// Alice and minimised by Bob, with no engine involved.
    fn ccf_reference(cells: &mut [u8; 9], to_move: u8) -> i64 {
        let empty: Vec<usize> = (0..9).filter(|&cell| cells[cell] == 0).collect();
        if let Some(owner) = line_owner(cells) {
            let score = empty.len() as i64 + 1;
            return if owner == 1 { score } else { -score };
        }
        if empty.is_empty() {
            return 0;
        }
        let scores = empty.into_iter().map(|cell| {
            cells[cell] = to_move;
            let score = ccf_reference(cells, 3 - to_move);
            cells[cell] = 0;
            score
        });
        if to_move == 1 {
            scores.max().unwrap()
        } else {
            scores.min().unwrap()
        }
    }

    fn line_owner(cells: &[u8; 9]) -> Option<u8> {
        const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
        LINES
            .iter()
            .map(|line| cells[line[0]])
            .zip(LINES)
            .find_map(|(owner, line)| (owner != 0 && line.iter().all(|&cell| cells[cell] == owner)).then_some(owner))
    }

    #[test]
    fn ccf_scores_match_the_definition_on_random_boards() {
        let mut rng_state = 12_345u64;
        let mut next = |bound: usize| {
            rng_state ^= rng_state << 13;
            rng_state ^= rng_state >> 7;
            rng_state ^= rng_state << 17;
            (rng_state % bound as u64) as usize
        };
        let mut text = String::new();
        let mut expected = String::new();
        let count = 300;
        for _ in 0..count {
            // Random play, stopping early at a random length or when someone has won.
            let mut cells = [0u8; 9];
            let stones = next(10);
            let mut to_move = 1;
            for _ in 0..stones {
                if line_owner(&cells).is_some() {
                    break;
                }
                let empty: Vec<usize> = (0..9).filter(|&cell| cells[cell] == 0).collect();
                if empty.is_empty() {
                    break;
                }
                cells[empty[next(empty.len())]] = to_move;
                to_move = 3 - to_move;
            }
            for row in cells.chunks(3) {
                text.push_str(&format!("{} {} {}\n", row[0], row[1], row[2]));
            }
            expected.push_str(&format!("{}\n", ccf_reference(&mut cells, to_move)));
        }
        assert_eq!(solve_tictactoe_ccf(&format!("{count}\n{text}")).unwrap(), expected);
    }

    #[test]
    fn ccf_scores_count_the_empty_cells_at_the_end() {
        // Alice (x) to move completes a line at once: 4 empty cells remain, score 4 + 1.
        let text = "1\n1 1 0\n2 2 0\n0 0 0\n";
        assert_eq!(solve_tictactoe_ccf(text).unwrap(), "5\n");
        // Already won by Bob: scored as it stands, -(3 empty + 1).
        let text = "1\n2 2 2\n1 1 0\n1 0 0\n";
        assert_eq!(solve_tictactoe_ccf(text).unwrap(), "-4\n");
        // A full drawn board.
        let text = "1\n1 2 1\n1 2 2\n2 1 1\n";
        assert_eq!(solve_tictactoe_ccf(text).unwrap(), "0\n");
    }
}
