//! Strong solving: the value of every position reachable from the start.

use std::collections::BTreeMap;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::game::{Game, GameKind, Outcome, Player};
use crate::limits::StopFlag;
use crate::value::{Value, Verdict};

/// Why a census could not be taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CensusError {
    /// The game gives no position hash, which the census needs to recognise positions.
    #[error("this game has no position hash, so its positions cannot be counted")]
    NoHash,
    /// The stop flag was raised.
    #[error("the census was interrupted")]
    Interrupted,
}

/// Counts and values of every position reachable from a start position.
///
/// Each distinct position is counted once and valued for its side to move. For scored
/// games a position counts as a win, loss or draw by the sign of its score.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Census {
    /// Distinct reachable positions, the start and finished positions included.
    pub positions: u64,
    /// Positions where the game is over.
    pub terminal: u64,
    /// Positions won by the side to move.
    pub win: u64,
    /// Positions lost by the side to move.
    pub loss: u64,
    /// Drawn positions.
    pub draw: u64,
    /// Distinct positions up to the game's symmetries.
    pub canonical: u64,
    /// The start position's value.
    pub root: Verdict,
    /// Finished positions won by the first player.
    pub terminal_first_wins: u64,
    /// Finished positions won by the second player.
    pub terminal_second_wins: u64,
    /// Finished positions drawn (or, for scored games, with score 0).
    pub terminal_draws: u64,
    /// Number of distinct complete games (move sequences from the start to an end).
    pub games: u64,
    /// How many positions have each remoteness (plies to the end under optimal play).
    pub remoteness: BTreeMap<u32, u64>,
}

#[derive(Clone, Copy)]
struct Solved {
    /// Value relative to the position itself.
    value: Value,
    /// Plies to the end under optimal play (for draws: the shortest drawing line).
    remoteness: u32,
    /// Complete games from here.
    games: u64,
}

struct Solver<G: Game> {
    solved: FxHashMap<u64, Solved>,
    canonical: FxHashSet<u64>,
    buffers: Vec<Vec<G::Move>>,
    census: Census,
    stop: StopFlag,
    progress: Box<dyn FnMut(u64)>,
}

/// Solves every position reachable from `start` and counts them (SPEC §4 `census`).
///
/// `progress` is called now and then with the number of positions solved so far.
///
/// ```
/// use gametree_engine::{census, StopFlag};
/// use gametree_engine::testing::{RandomTree, TreeShape};
/// let tree = RandomTree::<false>::generate(5, TreeShape::default());
/// let census = census(&tree.root(), StopFlag::new(), |_| {}).unwrap();
/// assert!(census.positions >= census.terminal);
/// assert_eq!(census.win + census.loss + census.draw, census.positions);
/// ```
pub fn census<G: Game>(start: &G, stop: StopFlag, progress: impl FnMut(u64) + 'static) -> Result<Census, CensusError> {
    let mut solver: Solver<G> = Solver {
        solved: FxHashMap::default(),
        canonical: FxHashSet::default(),
        buffers: Vec::new(),
        census: Census {
            positions: 0,
            terminal: 0,
            win: 0,
            loss: 0,
            draw: 0,
            canonical: 0,
            root: Verdict::Draw { remoteness: 0 },
            terminal_first_wins: 0,
            terminal_second_wins: 0,
            terminal_draws: 0,
            games: 0,
            remoteness: BTreeMap::new(),
        },
        stop,
        progress: Box::new(progress),
    };
    let mut position = start.clone();
    let root = solver.solve(&mut position, 0)?;
    solver.census.root = verdict_of(G::KIND, root);
    solver.census.games = root.games;
    solver.census.canonical = if solver.canonical.is_empty() { solver.census.positions } else { solver.canonical.len() as u64 };
    Ok(solver.census)
}

fn verdict_of(kind: GameKind, solved: Solved) -> Verdict {
    if solved.value.is_win() {
        Verdict::Win { remoteness: solved.remoteness }
    } else if solved.value.is_loss() {
        Verdict::Loss { remoteness: solved.remoteness }
    } else if kind == GameKind::Scored {
        Verdict::Score { score: solved.value.raw() }
    } else {
        Verdict::Draw { remoteness: solved.remoteness }
    }
}

impl<G: Game> Solver<G> {
    fn solve(&mut self, position: &mut G, depth: usize) -> Result<Solved, CensusError> {
        let key = position.hash().ok_or(CensusError::NoHash)?;
        if let Some(&solved) = self.solved.get(&key) {
            return Ok(solved);
        }
        let solved = if let Some(outcome) = position.outcome() {
            self.census.terminal += 1;
            match outcome {
                Outcome::Win(Player::First) => self.census.terminal_first_wins += 1,
                Outcome::Win(Player::Second) => self.census.terminal_second_wins += 1,
                Outcome::Draw => self.census.terminal_draws += 1,
                Outcome::Score(score) if score > 0 => self.census.terminal_first_wins += 1,
                Outcome::Score(score) if score < 0 => self.census.terminal_second_wins += 1,
                Outcome::Score(_) => self.census.terminal_draws += 1,
            }
            Solved { value: Value::from_outcome(outcome, position.to_move(), 0), remoteness: 0, games: 1 }
        } else {
            if self.buffers.len() <= depth {
                self.buffers.push(Vec::new());
            }
            let mut moves = std::mem::take(&mut self.buffers[depth]);
            moves.clear();
            position.generate_moves(&mut moves);
            let mut best: Option<Solved> = None;
            let mut games = 0u64;
            for &mv in &moves {
                position.play(mv);
                let child = self.solve(position, depth + 1)?;
                position.undo(mv);
                games = games.saturating_add(child.games);
                // The child's value one ply further away, from our side.
                let value = (-child.value).to_root_relative(1);
                let candidate = Solved { value, remoteness: child.remoteness + 1, games: 0 };
                best = Some(match best {
                    None => candidate,
                    Some(current) if better(candidate, current) => candidate,
                    Some(current) => current,
                });
            }
            self.buffers[depth] = moves;
            let best = best.expect("a position that is not over has a legal move");
            Solved { games, ..best }
        };
        self.solved.insert(key, solved);
        self.census.positions += 1;
        let value = solved.value;
        if value.is_win() || (G::KIND == GameKind::Scored && value > Value::DRAW) {
            self.census.win += 1;
        } else if value.is_loss() || (G::KIND == GameKind::Scored && value < Value::DRAW) {
            self.census.loss += 1;
        } else {
            self.census.draw += 1;
        }
        *self.census.remoteness.entry(solved.remoteness).or_insert(0) += 1;
        if let Some(canonical) = position.canonical_key() {
            self.canonical.insert(canonical.key);
        }
        if self.census.positions.is_multiple_of(65_536) {
            (self.progress)(self.census.positions);
            if self.stop.is_raised() {
                return Err(CensusError::Interrupted);
            }
        }
        Ok(solved)
    }
}

/// Whether `a` is a better choice than `b` for the side choosing: higher value; among equal
/// draws and scores, the shorter way to the end.
fn better(a: Solved, b: Solved) -> bool {
    a.value > b.value || (a.value == b.value && !a.value.is_decisive() && a.remoteness < b.remoteness)
}
