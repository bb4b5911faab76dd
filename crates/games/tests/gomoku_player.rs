//! The gomoku move chooser shared by `pbrain`, `play` and `serve`: sure wins, forced
//! blocks, VCF puzzles played out to the five, and never an occupied cell.

use std::time::{Duration, Instant};

mod common;

use common::puzzle_stones;

use gametree_engine::{iterative_deepening, Game, Heuristics, Limits, Outcome, Player, SearchOptions, Searcher, StopFlag};
use gametree_games::gomoku::{choose_move, new_searcher, Gomoku, Rule};
use gametree_games::Notation;

fn board(text: &str) -> Gomoku {
    Gomoku::parse(15, Rule::Freestyle, text).unwrap()
}

/// A budget that the sure moves never need and a search never uses up in these tests'
/// small positions before their node caps; the results do not depend on it.
const BUDGET: Duration = Duration::from_secs(10);

#[test]
fn a_five_is_completed_even_against_a_four() {
    let mut searcher = new_searcher(1);
    // Black h8–k8 against white's a1–a4: black completes at g8 or l8 rather than block a5.
    let position = board("h8 a1 i8 a2 j8 a3 k8 a4");
    let choice = choose_move(&position, &mut searcher, BUDGET, Instant::now(), &StopFlag::new());
    assert_eq!(choice.reason, "five");
    let mut after = position.clone();
    after.play(choice.cell);
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::First)), "{}", position.move_notation(choice.cell));
}

#[test]
fn a_five_threat_is_blocked_at_its_only_point() {
    let mut searcher = new_searcher(1);
    // White must stop g8–j8 (f8 is white's) at k8, 10,7.
    let position = board("g8 f8 h8 a1 i8 a15 j8");
    let choice = choose_move(&position, &mut searcher, BUDGET, Instant::now(), &StopFlag::new());
    assert_eq!((choice.reason, position.move_notation(choice.cell).as_str()), ("block", "10,7"));
    // A four made with a gap: black h8 i8 _ k8 l8 threatens j8 only.
    let position = board("h8 a1 i8 a15 k8 o1 l8");
    let choice = choose_move(&position, &mut searcher, BUDGET, Instant::now(), &StopFlag::new());
    assert_eq!(position.move_notation(choice.cell), "9,7");
    // An open four: white blocks one end (and loses at the other).
    let position = board("h8 a1 i8 a15 j8 o1 k8");
    let choice = choose_move(&position, &mut searcher, BUDGET, Instant::now(), &StopFlag::new());
    let name = position.move_notation(choice.cell);
    assert!(name == "6,7" || name == "11,7", "{name}");
}

#[test]
fn vcf_puzzles_are_won_by_continuous_fours() {
    // All 504 puzzles, both sides played by the chooser: black starts a VCF, every black
    // move until the five makes a four, white blocks, and black wins.
    let puzzles = puzzle_stones("vcf-black-to-move.json");
    assert_eq!(puzzles.len(), 504);
    let mut searcher = new_searcher(4);
    for (index, stones) in puzzles.iter().enumerate() {
        let mut position = board(stones);
        assert_eq!(position.to_move(), Player::First);
        let first = choose_move(&position, &mut searcher, BUDGET, Instant::now(), &StopFlag::new());
        // (Puzzle 37 has a five already: a VCF of one move.)
        assert!(["vcf", "five"].contains(&first.reason), "puzzle {}: {}", index + 1, first.reason);
        let mut line = Vec::new();
        while position.outcome().is_none() && line.len() < 100 {
            let mover = position.to_move();
            let choice = choose_move(&position, &mut searcher, BUDGET, Instant::now(), &StopFlag::new());
            assert!(position.stone(choice.cell).is_none(), "puzzle {}: occupied {}", index + 1, position.move_notation(choice.cell));
            line.push(position.move_notation(choice.cell));
            position.play(choice.cell);
            if mover == Player::First && position.outcome().is_none() {
                assert!(position.five_point_count(Player::First) > 0, "puzzle {}: {} is not a four", index + 1, line.join(" "));
            }
        }
        assert_eq!(position.outcome(), Some(Outcome::Win(Player::First)), "puzzle {}: {}", index + 1, line.join(" "));
    }
}

#[test]
fn never_an_occupied_cell_in_random_positions() {
    // Random positions on small and full boards (stones on any empty cells), a short
    // budget: the chosen cell is on the board, empty, and a move people may play.
    let mut rng = fastrand::Rng::with_seed(7);
    let mut searcher = new_searcher(1);
    for round in 0..24 {
        let size = [7, 9, 15][round % 3];
        let mut position = Gomoku::new(size, Rule::Freestyle).unwrap();
        let stones = rng.usize(0..size as usize * 2);
        for _ in 0..stones {
            let empty: Vec<_> = (0..position.cells()).map(|cell| cell as _).filter(|&cell| position.stone(cell).is_none()).collect();
            let cell = empty[rng.usize(..empty.len())];
            position.play(cell);
            if position.outcome().is_some() {
                position.undo(cell);
                break;
            }
        }
        let choice = choose_move(&position, &mut searcher, Duration::from_millis(20), Instant::now(), &StopFlag::new());
        assert!(usize::from(choice.cell) < position.cells(), "round {round}");
        assert!(
            position.stone(choice.cell).is_none(),
            "round {round}: {} on {}",
            position.move_notation(choice.cell),
            position.notation()
        );
        assert_eq!(position.parse_move(&position.move_notation(choice.cell)), Ok(choice.cell), "round {round}");
    }
}

#[test]
fn the_notation_hook_gives_the_same_chooser() {
    let position = board("g8 f8 h8 a1 i8 a15 j8");
    let mut chooser = position.move_chooser(1).expect("gomoku has its own move chooser");
    let chosen = chooser.choose(&position, BUDGET, &StopFlag::new());
    assert_eq!((chosen.reason, position.move_notation(chosen.mv).as_str()), ("block", "10,7"));
    // Games without one fall back to the generic analysis.
    assert!(gametree_games::Mnk::new(3, 3, 3).unwrap().move_chooser(1).is_none());
}

/// A raised stop flag (Ctrl-C in `play`, a server shutting down) ends the search before
/// its first iteration finishes, whatever the budget: the move is still a legal one.
#[test]
fn a_raised_stop_flag_ends_the_search_at_once() {
    let position = Gomoku::parse(15, Rule::Freestyle, "7,7 8,6 9,5 7,5 9,7").unwrap();
    let stop = StopFlag::new();
    stop.raise();
    let mut searcher = new_searcher(1);
    let choice = choose_move(&position, &mut searcher, Duration::from_secs(5), Instant::now(), &stop);
    assert!(choice.reason.starts_with("search"), "the search must have run: {choice:?}");
    assert_eq!(choice.depth, 0, "no iteration may finish once stopped: {choice:?}");
    assert!(position.stone(choice.cell).is_none());
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    assert!(moves.contains(&choice.cell), "{} is not a candidate", position.move_notation(choice.cell));
}

/// The quiescence table (on in `new_searcher`) changes no value, only the work: with the
/// quiescence search of play (16 plies, two fours a node below the first) and no
/// reductions, extensions or pruning (whose choices follow the fail-soft values), each
/// depth gives the same value with the table and without it. On these positions from a
/// game where black attacks (from `scripts/positions-won.txt`), where the quiescence
/// search has most of the nodes, it searches fewer.
#[test]
fn the_quiescence_table_keeps_values_and_saves_nodes() {
    let games = [
        "7,7 8,6 9,5 5,6 8,4 10,6 9,6 9,7 7,5 7,4 11,5 9,3 10,5 8,5 11,4 12,3",
        "7,7 9,7 7,9 7,8 6,8 5,7 5,9 4,10 6,9 8,9 6,10 6,11 4,9 3,9 5,11 4,12 9,10 8,10 6,6 6,7 8,11 7,10 5,12 5,13 10,9 7,12",
    ];
    let (mut with_table, mut without) = (0, 0);
    for text in games {
        let position = board(text);
        for depth in 1..=4 {
            let search = |quiescence_table: bool| {
                let options =
                    SearchOptions { table_megabytes: 16, symmetry: false, ordering: true, principal_variation: true, shortcuts: true };
                let mut searcher = Searcher::<Gomoku>::new(options);
                searcher.set_heuristics(Heuristics {
                    quiescence_plies: 16,
                    quiescence_breadth: 2,
                    quiescence_table,
                    ..Heuristics::default()
                });
                let limits = Limits::default().with_depth(depth);
                iterative_deepening(&mut searcher, &mut position.clone(), &limits, StopFlag::new(), |_| {})
            };
            let (on, off) = (search(true), search(false));
            assert_eq!(on.value, off.value, "{text} depth {depth}");
            with_table += on.statistics.nodes;
            without += off.statistics.nodes;
        }
    }
    assert!(with_table < without, "{with_table} nodes with the table, {without} without");
}
