//! `connect4` (SPEC §4.1): one Connect Four position per input line in Pons' notation;
//! per line the position, its score in Pons' convention, the nodes searched and the
//! microseconds taken. Only the position and the score are checked (nodes and times
//! differ between programs). The exact scores come from the engine
//! ([`solve_by_null_windows`] on [`gametree_games::Connect4`]), as in `gametree solve
//! connect4`; generated positions are kept easy enough to solve in milliseconds.

use std::cell::RefCell;
use std::sync::{Mutex, OnceLock};

use gametree_engine::{solve_by_null_windows, Game, Limits, SearchOptions, Searcher, StopFlag, Value};
use gametree_games::Connect4 as Board;
use rustc_hash::FxHashMap;

use crate::problem::{Problem, Reference, Solver};

const COLUMNS: u8 = 7;
const ROWS: u8 = 6;
const CELLS: usize = 42;

/// Positions needing more nodes than this are not generated (nor shrunk to): the judge
/// wants cases any correct solver answers at once.
const NODE_CAP: u64 = 50_000;

/// The bands of moves played: every band is crossed with win, draw and loss, except that
/// the draws of the first two bands are one stratum, generated with 14 to 20 moves: a
/// random position of 8 to 13 moves that is a draw and solves within [`NODE_CAP`] nodes
/// comes about once in 10,000 draws, too rare to find by rejection.
const BANDS: [(usize, usize); 4] = [(8, 13), (14, 20), (21, 30), (31, 41)];

/// The strata: (band, outcome) with outcome 0 win, 1 draw, 2 loss for the side to move.
const STRATA: [(usize, usize); 11] = [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (3, 0), (3, 1), (3, 2)];

/// A position: the columns played (0-based), in order. Two move orders reaching the same
/// board are different cases, since the position is echoed in the output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    moves: [u8; CELLS],
    length: u8,
}

impl Position {
    /// The position after these 1-based columns (Pons' notation), if it is legal and the
    /// game is not over.
    ///
    /// ```
    /// use gametree_judge::connect4::Position;
    /// assert_eq!(Position::parse("4455").map(|position| position.notation()), Some("4455".to_string()));
    /// assert_eq!(Position::parse("1212121"), None); // over: four in column 1
    /// assert_eq!(Position::parse("48"), None);
    /// ```
    #[must_use]
    pub fn parse(text: &str) -> Option<Position> {
        let board = Board::parse(COLUMNS, ROWS, text).ok()?;
        if board.outcome().is_some() {
            return None;
        }
        let mut position = Position { moves: [0; CELLS], length: 0 };
        for character in text.trim().chars() {
            position.moves[usize::from(position.length)] = character.to_digit(10)? as u8 - 1;
            position.length += 1;
        }
        Some(position)
    }

    /// The position in Pons' notation (1-based columns).
    #[must_use]
    pub fn notation(&self) -> String {
        self.played().iter().map(|&column| char::from(b'1' + column)).collect()
    }

    /// Moves played.
    #[must_use]
    pub fn move_count(&self) -> usize {
        usize::from(self.length)
    }

    fn played(&self) -> &[u8] {
        &self.moves[..usize::from(self.length)]
    }

    fn board(&self) -> Board {
        let mut board = Board::new(COLUMNS, ROWS).expect("7x6 fits");
        for &column in self.played() {
            board.play(column);
        }
        board
    }
}

thread_local! {
    static SEARCHER: RefCell<Searcher<Board>> =
        RefCell::new(Searcher::new(SearchOptions { symmetry: false, ..SearchOptions::strong(8) }));
}

/// Solved positions, keyed by position and whether the search was capped (`None`: over
/// the node cap).
type Cache = Mutex<FxHashMap<(Position, bool), Option<Value>>>;

/// The cache shared by every thread.
fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(FxHashMap::default()))
}

/// The exact value of a position for the side to move; with `capped`, `None` when the
/// search needs more than [`NODE_CAP`] nodes.
fn solve(position: &Position, capped: bool) -> Option<Value> {
    let key = (*position, capped);
    if let Some(&value) = cache().lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(&key) {
        return value;
    }
    let mut board = position.board();
    let horizon = board.cells() - board.move_count();
    let limits = if capped { Limits::UNLIMITED.with_nodes(NODE_CAP) } else { Limits::UNLIMITED };
    let value = SEARCHER.with(|searcher| {
        let mut searcher = searcher.borrow_mut();
        // The node limit counts the searcher's statistics, which grow from search to search.
        searcher.reset_statistics();
        searcher.set_limits(&limits, StopFlag::new());
        solve_by_null_windows(&mut searcher, &mut board, Some(horizon))
    });
    cache().lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(key, value);
    value
}

/// The exact value of a position (never capped).
fn exact(position: &Position) -> Value {
    solve(position, true).or_else(|| solve(position, false)).expect("an unlimited search ends")
}

/// Pons' score of a position: 0 for a draw, else 22 minus the stones the winner has when
/// it completes four, positive when the side to move wins.
///
/// ```
/// use gametree_judge::connect4::{score, Position};
/// // From Pons' Test_L3_R1.
/// let position = Position::parse("2252576253462244111563365343671351441").unwrap();
/// assert_eq!(score(&position), -1);
/// ```
#[must_use]
pub fn score(position: &Position) -> i32 {
    position.board().pons_score(exact(position)).expect("an exact connect4 value is a win, loss or draw")
}

/// A line of output: the position and the score compared, nodes and microseconds free
/// (shown as 0).
fn answer(position: &Position, score: i32) -> Reference {
    Reference::Leading { answer: format!("{}\n{score}\n0\n0", position.notation()), compared: 2 }
}

fn correct(position: &Position) -> Reference {
    answer(position, score(position))
}

fn first_player_view(position: &Position) -> Reference {
    let sign = if position.move_count().is_multiple_of(2) { 1 } else { -1 };
    answer(position, sign * score(position))
}

fn moves_to_end(position: &Position) -> Reference {
    let value = exact(position);
    let plies = value.remoteness().map_or(0, |plies| plies as i32);
    answer(position, if value.is_win() { plies } else { -plies })
}

/// The problem `connect4`: at most 10 positions per file.
#[derive(Clone, Copy, Debug, Default)]
pub struct Connect4;

const OUTCOMES: [&str; 3] = ["side to move wins", "draw", "side to move loses"];

impl Problem for Connect4 {
    type Case = Position;

    fn name(&self) -> &'static str {
        "connect4"
    }

    fn cases_per_file(&self) -> usize {
        10
    }

    fn strata(&self) -> Vec<String> {
        STRATA
            .iter()
            .map(|&(band, outcome)| {
                let (low, high) = BANDS[band];
                let low = if (band, outcome) == (1, 1) { BANDS[0].0 } else { low };
                format!("{low}-{high} moves played, {}", OUTCOMES[outcome])
            })
            .collect()
    }

    fn stratum(&self, position: &Position) -> usize {
        let moves = position.move_count();
        let band = BANDS.iter().position(|&(_, high)| moves <= high).unwrap_or(BANDS.len() - 1);
        let score = score(position);
        let outcome = if score > 0 {
            0
        } else if score == 0 {
            1
        } else {
            2
        };
        let band = if (band, outcome) == (0, 1) { 1 } else { band };
        STRATA.iter().position(|&stratum| stratum == (band, outcome)).expect("every band and outcome has a stratum")
    }

    fn random_case(&self, stratum: usize, rng: &mut fastrand::Rng) -> Option<Position> {
        let (band, wanted) = STRATA[stratum];
        let (low, high) = BANDS[band];
        let length = rng.usize(low..=high);
        let mut board = Board::new(COLUMNS, ROWS).expect("7x6 fits");
        let mut position = Position { moves: [0; CELLS], length: 0 };
        for _ in 0..length {
            let open: Vec<u8> = (0..COLUMNS).filter(|&column| board.can_play(column)).collect();
            let column = *open.get(rng.usize(..open.len().max(1)))?;
            board.play(column);
            if board.outcome().is_some() {
                return None;
            }
            position.moves[usize::from(position.length)] = column;
            position.length += 1;
        }
        let value = solve(&position, true)?;
        let outcome = if value.is_win() {
            0
        } else if value == Value::DRAW {
            1
        } else {
            2
        };
        (outcome == wanted).then_some(position)
    }

    fn all_cases(&self) -> Option<Vec<Position>> {
        None
    }

    fn write_input(&self, positions: &[Position]) -> String {
        positions.iter().map(|position| position.notation() + "\n").collect()
    }

    fn tokens_per_case(&self) -> usize {
        4
    }

    fn layout(&self, answers: &[&str]) -> String {
        answers.iter().map(|answer| answer.split_whitespace().collect::<Vec<_>>().join(" ") + "\n").collect()
    }

    fn solvers(&self) -> Vec<Solver<Position>> {
        vec![
            Solver {
                name: "correct",
                description: "Pons' score for the side to move: 22 minus the winner's stones at its four (SPEC §4.1)",
                reference: correct,
            },
            Solver {
                name: "first-player-view",
                description: "the score from the first player's view instead of the side to move's",
                reference: first_player_view,
            },
            Solver {
                name: "moves-to-end",
                description: "the number of moves (plies) to the end, signed, instead of Pons' score (0 for a draw)",
                reference: moves_to_end,
            },
        ]
    }

    fn shrink(&self, position: &Position) -> Vec<Position> {
        if position.move_count() <= BANDS[0].0 {
            return Vec::new();
        }
        let mut shorter = *position;
        shorter.length -= 1;
        shorter.moves[usize::from(shorter.length)] = 0;
        if solve(&shorter, true).is_some() {
            vec![shorter]
        } else {
            Vec::new()
        }
    }

    fn explain(&self, position: &Position) -> String {
        let moves = position.move_count();
        let mover = if moves.is_multiple_of(2) { "the first player" } else { "the second player" };
        let score = score(position);
        let summary = format!("`{}`: {moves} moves played, {mover} to move", position.notation());
        if score == 0 {
            return format!("{summary}; with best play neither side completes four: score 0");
        }
        let stones = 22 - score.abs();
        let (winner, sign) = if score > 0 {
            (mover, "")
        } else {
            (if moves.is_multiple_of(2) { "the second player" } else { "the first player" }, "−")
        };
        let suffix = match (stones % 10, stones % 100) {
            (_, 11..=13) => "th",
            (1, _) => "st",
            (2, _) => "nd",
            (3, _) => "rd",
            _ => "th",
        };
        format!(
            "{summary}; with best play {winner} completes four with its {stones}{suffix} stone: score {sign}(22 − {stones}) = {score}"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::TestSet;

    #[test]
    fn scores_of_pons_test_positions() {
        // The first lines of Pons' Test_L3_R1, with their listed scores.
        for (moves, listed) in [
            ("2252576253462244111563365343671351441", -1),
            ("7422341735647741166133573473242566", 1),
            ("23163416124767223154467471272416755633", 0),
        ] {
            assert_eq!(score(&Position::parse(moves).expect("legal")), listed, "{moves}");
        }
    }

    #[test]
    fn every_stratum_is_generated_and_solved() {
        let problem = Connect4;
        let tests = TestSet::random(&problem, 2, 7).expect("every stratum fills");
        assert_eq!(tests.len(), 2 * problem.strata().len());
        let mut covered = vec![0; problem.strata().len()];
        for input in tests.inputs(&problem) {
            for line in input.lines() {
                let position = Position::parse(line).expect("generated positions are legal and not over");
                assert!((8..=41).contains(&position.move_count()));
                covered[problem.stratum(&position)] += 1;
            }
        }
        assert_eq!(covered, vec![2; problem.strata().len()]);
        // Every generated case's answers, under each reading, are lines of four tokens.
        for output in tests.expected_outputs(&problem) {
            assert!(output.lines().all(|line| line.split(' ').count() == 4), "{output}");
        }
    }

    #[test]
    fn only_position_and_score_are_checked() {
        let position = Position::parse("4455").expect("legal");
        let reference = correct(&position);
        let right = format!("4455\n{}", score(&position));
        assert!(reference.accepts(&format!("{right}\n123\n4567")));
        assert!(!reference.accepts(&format!("{right}\nmany\n4567")));
        assert!(!reference.accepts(&format!("4456\n{}\n1\n1", score(&position))));
        assert!(!reference.accepts(&format!("4455\n{}\n1\n1", score(&position) + 1)));
    }

    #[test]
    fn misreadings_differ_where_they_should() {
        // Second player to move and not a draw: the first player's view negates.
        let odd = Position::parse("2252576253462244111563365343671351441").expect("legal");
        assert_eq!(first_player_view(&odd).example(), "2252576253462244111563365343671351441\n1\n0\n0");
        let plies = exact(&odd).remoteness().expect("decided");
        assert_eq!(moves_to_end(&odd).example(), format!("2252576253462244111563365343671351441\n-{plies}\n0\n0"));
    }

    #[test]
    fn shrinking_keeps_legal_positions() {
        let position = Position::parse("2252576253462244111563365343671351441").expect("legal");
        let shorter = Connect4.shrink(&position);
        assert_eq!(shorter.len(), 1);
        assert_eq!(shorter[0].notation(), "225257625346224411156336534367135144");
    }
}
