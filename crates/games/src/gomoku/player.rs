//! The gomoku move chooser every front end plays with: `gametree pbrain` (Gomocup),
//! `gametree play gomoku` and the web page's computer at its strongest level.
//!
//! [`choose_move`] tries the cheap sure things first (a five, the only block, an own VCF or
//! VCT), then gives the rest of its time to the engine's iterative deepening over the
//! candidate moves. [`new_searcher`] makes the searcher it is tuned for: the one place
//! where its search settings live.

use std::time::{Duration, Instant};

use gametree_engine::{iterative_deepening, Game, Heuristics, Limits, Reductions, SearchOptions, Searcher, StopFlag, Value};

use super::vcf::{find_vcf, VcfLimits};
use super::vct::find_vct;
use super::{Cell, Gomoku};
use crate::chooser::{ChosenMove, MoveChooser};

/// How many per cent higher [`choose_move`]'s search weighs the opponent's patterns than
/// its own ([`Gomoku::set_caution`]), in every position of the search. Against PentaZen
/// at 1 s a move, five pairs of 48 games on the balanced openings, each beside a control
/// of the same build without it: 35.2 % (77–148–15) against 27.9 % (60–166–14), all of
/// the gain with black, though the fifth pair (a new machine) went the other way, 27.1 %
/// against 39.6 %; at 100 ms (480 games) 44.1 % against 39.8 %, where 8 % scored 41.2 %
/// and 30 % 38.1 %, and 25 % at 1 s matched 15 % (34.9 % against 31.8 %, 96 games
/// each). Against Rapfi (classical) at 1 s, 25.0 % against 18.8 %. See the
/// thirty-seventh, thirty-eighth and fortieth sessions in docs/gomoku-experiments.md.
const CAUTION_PERCENT: i32 = 15;

/// The searcher [`choose_move`] is tuned for, with a transposition table of
/// `table_megabytes` MiB (at least 1). A timed player that makes it before its clock
/// starts (the Gomocup engine at `START`) should also call [`Searcher::clear_table`], so
/// that the table's memory is mapped then rather than during its first moves.
///
/// No symmetry (gomoku positions are rarely symmetric once play has begun), move ordering,
/// principal-variation search, the game's shortcuts, and the play heuristics with
/// logarithmic late-move reductions, threat extensions and reverse futility pruning, but
/// without the history heuristic: after the table move and the killers, the game's own
/// order (the learned move ordering of the cell's patterns for both sides) decides.
#[must_use]
pub fn new_searcher(table_megabytes: usize) -> Searcher<Gomoku> {
    let options = SearchOptions {
        table_megabytes: table_megabytes.max(1),
        symmetry: false,
        ordering: true,
        principal_variation: true,
        shortcuts: true,
    };
    let mut searcher = Searcher::new(options);
    // Windows and margins in gomoku evaluation units (an open two is worth about 100 a
    // cell). Reverse futility pruning won 25-14 in self-play at 300 ms a move;
    // late-move pruning (18-21) and a wider quiescence (17-22) did not help.
    // Razoring (into the quiescence search when the evaluation is far below alpha near
    // the horizon) did not help against PentaZen at 100 ms a move, 480 games each: 14 %
    // with PentaZen's margin of 45 a ply at depths up to 4, 35 % with 300 a ply up to
    // depth 2, where three controls scored 37-40 % (docs/gomoku-experiments.md, eighteenth session).
    // Logarithmic reductions, with only fours spared (`Gomoku::is_forcing`) and two fours
    // a node in the quiescence search, reach about 3 plies deeper at 1 s a move: 31-14-1
    // in self-play against the fixed schedule with all fours. The quiescence search then
    // grew to 16 plies with every four at its first ply (PentaZen tries every four at the
    // root of its leaf VCF search, two below): against PentaZen at 300 ms a move, see the
    // fifth session in docs/gomoku-experiments.md.
    // The history heuristic sorts every node's moves by a count of cut-offs per cell,
    // for both colours and all positions alike, so the game's order only broke its ties.
    // Against PentaZen at 300 ms a move (96 games on the balanced openings) the engine
    // scored 24-71-1 without it, where the same build with it scored 19-77 and 13-83;
    // two more runs without it (moves near the latest ones also ordered first, not
    // adopted) scored 24-71-1 and 24-72.
    // Threat extensions: an answer to an open three costs no depth when there are at most
    // three answers (the three's four points, also those `generate_moves` leaves out
    // because they lose at once, and the mover's own fours), so a line of threes
    // and forced blocks is followed past the horizon. Against PentaZen at 100 ms a move
    // (480 games on the balanced openings, twice) 40.6 % and 40.5 % against 32.6 % and
    // 33.0 % for the build without them beside each run; at most four 40.5 %, two 36.2 %,
    // six 34.7 %, every answer count 34.3 % (docs/gomoku-experiments.md, twenty-first session).
    // The quiescence table: the quiescence search takes 70-80 % of the nodes, and most of
    // its positions come back (in the next iteration, by another move order). Looking
    // them up saves a third of the nodes at depth 10 (the first 40 positions of
    // scripts/positions-move-quality.txt) and two thirds at depth 8 in the won positions
    // of scripts/positions-won.txt, where the trees explode. No change in strength
    // measured against PentaZen: 40.3 % beside 40.4 % at 100 ms (480 games each),
    // 19-39-2 beside 18-40-2 at 1 s (60 games each; docs/gomoku-experiments.md,
    // twenty-fourth session).
    searcher.set_heuristics(play_heuristics());
    searcher
}

/// The search heuristics of [`new_searcher`], tuned for play (the comments there say how):
/// also what a depth-limited `gametree analyze gomoku` searches with, so that its values
/// are the ones the playing search sees rather than those of a bare horizon, where a four
/// left hanging decides everything.
///
/// ```
/// use gametree_games::gomoku::play_heuristics;
/// let heuristics = play_heuristics();
/// assert!(heuristics.quiescence_plies > 0 && heuristics.threat_extension > 0);
/// ```
#[must_use]
pub const fn play_heuristics() -> Heuristics {
    Heuristics {
        history: false,
        threat_extension: 3,
        futility_margin: 150,
        late_move_reductions: Reductions::Logarithmic { percent: 80 },
        quiescence_plies: 16,
        quiescence_breadth: 2,
        quiescence_table: true,
        ..Heuristics::for_play(300)
    }
}

/// [`choose_move`] with its own [`new_searcher`], kept from move to move: what
/// [`crate::Notation::move_chooser`] gives for gomoku.
pub struct Chooser {
    searcher: Searcher<Gomoku>,
}

impl Chooser {
    /// A chooser whose table has `table_megabytes` MiB.
    #[must_use]
    pub fn new(table_megabytes: usize) -> Chooser {
        Chooser { searcher: new_searcher(table_megabytes) }
    }
}

impl MoveChooser<Gomoku> for Chooser {
    fn choose(&mut self, position: &Gomoku, budget: Duration, stop: &StopFlag) -> ChosenMove<Cell> {
        let choice = choose_move(position, &mut self.searcher, budget, Instant::now(), stop);
        ChosenMove { mv: choice.cell, reason: choice.reason, depth: choice.depth, nodes: choice.nodes, value: choice.value }
    }
}

/// A chosen move and how it was found.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The move.
    pub cell: Cell,
    /// How it was chosen: `five`, `block`, `only move`, `vcf`, `vct` or `search`.
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
/// 3. Iterative deepening over the candidate moves for the rest of the budget.
///
/// The search values positions as the side to move at the root would, weighing the
/// opponent's patterns 15 % higher than its own ([`Gomoku::set_caution`]), so a
/// searcher that keeps its table between moves is best kept for one colour (as the
/// Gomocup engine does): entries from the other colour's searches are only a little
/// off, not wrong in kind.
///
/// `searcher` should come from [`new_searcher`]; it keeps its table between moves. Raising
/// `stop` (Ctrl-C, a server shutting down) ends the search early with the best move found
/// so far; the threat searches before it are capped by nodes and take little time.
///
/// ```
/// use std::time::{Duration, Instant};
/// use gametree_engine::{Game, StopFlag};
/// use gametree_games::gomoku::{choose_move, new_searcher, Gomoku, Rule};
/// use gametree_games::Notation;
///
/// let mut searcher = new_searcher(1);
/// // Black has four in a row, h8 to k8, and completes the five at g8 or l8 (white's four
/// // in column a comes too late).
/// let position = Gomoku::parse(15, Rule::Freestyle, "h8 a1 i8 a2 j8 a3 k8 a4").unwrap();
/// let choice = choose_move(&position, &mut searcher, Duration::from_secs(1), Instant::now(), &StopFlag::new());
/// assert_eq!(choice.reason, "five");
/// assert!(["g8", "l8"].iter().any(|&name| position.parse_move(name) == Ok(choice.cell)));
///
/// // White must stop black's g8–j8 (f8 is white's): k8, printed 10,7, is the only block.
/// let position = Gomoku::parse(15, Rule::Freestyle, "g8 f8 h8 a1 i8 a15 j8").unwrap();
/// let choice = choose_move(&position, &mut searcher, Duration::from_secs(1), Instant::now(), &StopFlag::new());
/// assert_eq!((choice.reason, position.move_notation(choice.cell).as_str()), ("block", "10,7"));
/// ```
pub fn choose_move(board: &Gomoku, searcher: &mut Searcher<Gomoku>, budget: Duration, started: Instant, stop: &StopFlag) -> Choice {
    let quick = |cell, reason| Choice { cell, reason, depth: 0, nodes: 0, value: None };
    let mut moves = Vec::new();
    board.generate_moves(&mut moves);
    if let Some(cell) = board.immediate_win() {
        return quick(cell, "five");
    }
    if board.five_point_count(board.to_move().opponent()) > 0 {
        return quick(moves[0], "block");
    }
    if moves.len() == 1 {
        // The centre of the empty board, or the last empty cell.
        return quick(moves[0], "only move");
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

    // No screening of the candidates by the opponent's threat searches: the search gets
    // the remaining budget. Screening every candidate (and checking the chosen move
    // once more) took time from the search and scored lower against PentaZen: see the
    // eighth session in docs/gomoku-experiments.md.
    let remaining = budget.saturating_sub(started.elapsed()).max(Duration::from_millis(2));
    // All of it but a reserve of 10 ms (an eighth of it, when that is less): the stop is
    // checked every 1,024 nodes (about a millisecond) and the answer still has to be
    // written, while the budget already keeps the turn's safety margin. (Seven eighths,
    // as before, left a 1 s turn's search some 805 ms; this leaves it some 905. Time is
    // worth much against PentaZen: three times the time took the engine from a quarter
    // to 46 %, see the thirty-first and thirty-fifth sessions in
    // docs/gomoku-experiments.md.)
    let reserve = (remaining / 8).min(Duration::from_millis(10));
    let limits = Limits::default().with_time(remaining - reserve).with_depth(60);
    let mut searched = board.clone();
    searched.set_caution(board.to_move(), CAUTION_PERCENT);
    let report = iterative_deepening(searcher, &mut searched, &limits, stop.clone(), |_| {});
    nodes += report.statistics.nodes;
    // The search always names a move (the first in the game's order if no iteration
    // finished); the fallback only guards against an occupied cell.
    let cell = report.best_move.filter(|&cell| board.stone(cell).is_none()).unwrap_or(moves[0]);
    Choice { cell, reason: "search", depth: report.depth, nodes, value: Some(report.value) }
}
