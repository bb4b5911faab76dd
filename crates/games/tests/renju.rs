//! Renju: black's forbidden moves (known shapes, and every empty cell of random boards
//! against a slow check written straight from the rule), the 548 white-to-move renju VCF
//! puzzles of `../shared/data/gomoku`, and the engine keeping to the rule.

mod common;

use common::puzzle_stones;
use gametree_engine::{Game, Outcome, Player};
use gametree_games::gomoku::renju::{Forbidden, MAX_DEPTH};
use gametree_games::gomoku::vcf::{find_vcf, VcfLimits};
use gametree_games::gomoku::vct::find_vct;
use gametree_games::gomoku::{choose_move, new_searcher, Cell, Gomoku, Rule};
use gametree_games::Notation;

fn renju(moves: &str) -> Gomoku {
    Gomoku::parse(15, Rule::Renju, moves).unwrap_or_else(|error| panic!("{moves}: {}", error.message))
}

/// The cell of a 15×15 board named like `h8`.
fn cell(name: &str) -> Cell {
    Gomoku::parse(15, Rule::Freestyle, name).unwrap().history()[0]
}

/// The position with these black and white stones (as many, or one more black),
/// whatever order they would have come in ([`Gomoku::from_stones`]).
fn position(black: &str, white: &str) -> Gomoku {
    let cells = |stones: &str| stones.split_whitespace().map(cell).collect::<Vec<Cell>>();
    Gomoku::from_stones(15, Rule::Renju, &cells(black), &cells(white)).unwrap()
}

#[test]
fn known_forbidden_shapes() {
    // j8 makes h8-i8-j8 and j8-(j9)-j10-j11: two open threes.
    let board = position("h8 i8 j10 j11", "a1 o1 a15 o15");
    assert_eq!(board.forbidden(cell("j8")), Some(Forbidden::DoubleThree));
    assert_eq!(board.forbidden(cell("g8")), None);
    assert_eq!(board.forbidden(cell("j9")), None, "j9: the column three only (i8 j9 is a two)");

    // k8 makes h8-k8 (a four) and k8-k11 (another): a double four.
    let board = position("h8 i8 j8 k9 k10 k11", "a1 o1 a15 o15 a3 o3");
    assert_eq!(board.forbidden(cell("k8")), Some(Forbidden::DoubleFour));

    // f8 in c8 . e8 f8 g8 . i8: two fours along one line.
    let board = position("c8 e8 g8 i8", "a1 o1 a15 o15");
    assert_eq!(board.forbidden(cell("f8")), Some(Forbidden::DoubleFour));

    // e8 joins a8-d8 and f8: six in a row.
    let board = position("a8 b8 c8 d8 f8", "a1 o1 a15 o15");
    assert_eq!(board.forbidden(cell("e8")), Some(Forbidden::Overline));

    // A five is never forbidden, even when it also makes a four elsewhere: h8 completes
    // d8-h8 and makes h8-h11 on the column.
    let board = position("d8 e8 f8 g8 h9 h10 h11", "a1 o1 a15 o15 a3 o3 a5");
    let h8 = cell("h8");
    assert_eq!(board.forbidden(h8), None);
    let mut played = board.clone();
    played.play(h8);
    assert_eq!(played.outcome(), Some(Outcome::Win(Player::First)));

    // A four and an open three together are allowed: k8 makes h8-k8 (four) and k8 k9 k10
    // on the column (three).
    let board = position("h8 i8 j8 k9 k10", "a1 o1 a15 o15 g8");
    assert_eq!(board.forbidden(cell("k8")), None);

    // White is never forbidden: the same double-three shape for white.
    let board = position("a1 o1 a15 o15 a3", "h8 i8 j10 j11");
    assert_eq!(board.to_move(), Player::Second);
    let j8 = cell("j8");
    assert!(board.parse_move("j8").is_ok(), "white may play it");
    let mut played = board.clone();
    played.play(j8);
    assert_eq!(played.outcome(), None);

    // Under freestyle nothing is forbidden.
    let board = position("h8 i8 j10 j11", "a1 o1 a15 o15");
    let free = Gomoku::parse(15, Rule::Freestyle, &board.notation()).unwrap();
    assert_eq!(free.forbidden(j8), None);
    assert!(free.parse_move("j8").is_ok());
}

#[test]
fn a_three_whose_only_straight_four_point_is_forbidden_does_not_count() {
    // Row 8: white f8, black h8 i8; j8 would make a three whose only straight four is
    // h8-k8 (g8-j8 is closed by f8). But k8 is an overline point (k6 k7 . k9 k10 k11),
    // so the row three is not real: with the column three j8 j9 j10, j8 is one real three
    // and allowed.
    let board = position("h8 i8 j9 j10 k6 k7 k9 k10 k11", "f8 a1 o1 a15 o15 a3 o3 a5");
    assert_eq!(board.forbidden(cell("k8")), Some(Forbidden::Overline));
    assert_eq!(board.forbidden(cell("j8")), None);
    // With k6 gone the overline goes (k8 completes k7-k11, a five): k8 is allowed, the
    // row three is real, and j8 a double three.
    let board = position("h8 i8 j9 j10 k7 k9 k10 k11", "f8 a1 o1 a15 o15 a3 o3 a5");
    assert_eq!(board.forbidden(cell("k8")), None);
    assert_eq!(board.forbidden(cell("j8")), Some(Forbidden::DoubleThree));
}

#[test]
fn forbidden_moves_are_refused_or_lose_and_the_engine_never_plays_them() {
    let board = position("h8 i8 j10 j11", "a1 o1 a15 o15");
    let j8 = cell("j8");
    let error = board.parse_move("j8").unwrap_err();
    assert!(error.message.contains("forbidden to black (double three)"), "{}", error.message);
    let mut moves = Vec::new();
    board.generate_moves(&mut moves);
    assert!(!moves.contains(&j8));
    // A move list may hold one (a game lost that way): it ends the game, white winning.
    let lost = renju("h8 a1 i8 o1 j10 a15 j11 o15 j8");
    assert_eq!(lost.outcome(), Some(Outcome::Win(Player::Second)));
    // The chooser, which would win by threats here under freestyle, keeps to the rule.
    let stop = gametree_engine::StopFlag::new();
    let started = std::time::Instant::now();
    let choice = choose_move(&board, &mut new_searcher(1), std::time::Duration::from_millis(500), started, &stop);
    assert_ne!(choice.cell, j8);
    assert_eq!(board.forbidden(choice.cell), None);
    // Nor does a VCT search claim it.
    assert_ne!(find_vct(&board, VcfLimits::default()).first_move, Some(j8));
}

#[test]
fn white_wins_when_black_can_only_block_on_a_forbidden_point() {
    // White f8 g8 h8, closed by black e8: i8 makes a four whose only five point is j8,
    // and j8 is a double three for black (j8 . j10 j11 on the column, j8 k9 l10 on the
    // diagonal).
    let board = position("e8 j10 j11 k9 l10 a3", "f8 g8 h8 a1 o1");
    assert_eq!(board.to_move(), Player::Second);
    let mut board = board;
    let i8 = cell("i8");
    board.play(i8);
    let j8 = cell("j8");
    assert_eq!(board.five_points(Player::Second).collect::<Vec<_>>(), vec![j8]);
    assert_eq!(board.forbidden(j8), Some(Forbidden::DoubleThree));
    assert!(board.evaluate() <= -60_000, "black to move is lost");
    let mut moves = Vec::new();
    board.generate_moves(&mut moves);
    // Every move loses: one allowed move stands for them all.
    assert_eq!(moves.len(), 1);
    assert_ne!(moves[0], j8);
    // The VCF search finds the win from before i8, ending with the four.
    board.undo(i8);
    let proof = find_vcf(&board, VcfLimits::default()).proof.expect("white wins by i8");
    proof.verify(&board).unwrap();
    assert_eq!(proof.moves, vec![i8]);
}

// ---- the slow check, straight from the rule ----

/// The stones as a grid: 0 empty, 1 black, 2 white.
struct Grid {
    side: i32,
    stones: Vec<u8>,
}

const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

impl Grid {
    fn of(board: &Gomoku) -> Grid {
        let side = i32::from(board.size());
        let stones = (0..board.cells() as Cell)
            .map(|cell| match board.stone(cell) {
                None => 0,
                Some(Player::First) => 1,
                Some(Player::Second) => 2,
            })
            .collect();
        Grid { side, stones }
    }

    fn at(&self, x: i32, y: i32) -> Option<u8> {
        (x >= 0 && y >= 0 && x < self.side && y < self.side).then(|| self.stones[(y * self.side + x) as usize])
    }

    /// Black stones in a row through (x, y) along `direction`, (x, y) included.
    fn run(&self, x: i32, y: i32, (dx, dy): (i32, i32)) -> (i32, i32) {
        let mut low = 0;
        while self.at(x + (low - 1) * dx, y + (low - 1) * dy) == Some(1) {
            low -= 1;
        }
        let mut high = 0;
        while self.at(x + (high + 1) * dx, y + (high + 1) * dy) == Some(1) {
            high += 1;
        }
        (low, high)
    }

    fn set(&mut self, x: i32, y: i32, stone: u8) {
        self.stones[(y * self.side + x) as usize] = stone;
    }

    /// Whether black playing the empty (x, y) is forbidden, and why.
    fn forbidden(&mut self, x: i32, y: i32, depth: u32) -> Option<Forbidden> {
        self.set(x, y, 1);
        let verdict = self.judge(x, y, depth);
        self.set(x, y, 0);
        verdict
    }

    /// The verdict on the black stone just put on (x, y).
    fn judge(&mut self, x: i32, y: i32, depth: u32) -> Option<Forbidden> {
        let runs = DIRECTIONS.map(|direction| self.run(x, y, direction));
        if runs.iter().any(|&(low, high)| high - low + 1 == 5) {
            return None;
        }
        if runs.iter().any(|&(low, high)| high - low + 1 > 5) {
            return Some(Forbidden::Overline);
        }
        let mut fours = 0;
        let mut threes = 0;
        for direction in DIRECTIONS {
            let (dx, dy) = direction;
            // The empty points of the line that complete exactly five through (x, y).
            let mut points = Vec::new();
            for steps in -4..=4 {
                let (px, py) = (x + steps * dx, y + steps * dy);
                if steps == 0 || self.at(px, py) != Some(0) {
                    continue;
                }
                self.set(px, py, 1);
                let (low, high) = self.run(x, y, direction);
                self.set(px, py, 0);
                if high - low + 1 == 5 {
                    points.push(steps);
                }
            }
            let straight = points.len() == 2 && points[1] - points[0] == 5;
            let line_fours = if straight { 1 } else { points.len() };
            fours += line_fours;
            if line_fours > 0 {
                continue;
            }
            // A three: a point making a straight four through (x, y) that black may play.
            let mut real = false;
            for steps in (-4..=4).filter(|&steps| steps != 0) {
                let (px, py) = (x + steps * dx, y + steps * dy);
                if self.at(px, py) != Some(0) {
                    continue;
                }
                self.set(px, py, 1);
                let (low, high) = self.run(x, y, direction);
                let holds_point = (low..=high).contains(&steps);
                let end = |at: i32| self.at(x + at * dx, y + at * dy);
                let straight_four = high - low + 1 == 4
                    && holds_point
                    && end(low - 1) == Some(0)
                    && end(high + 1) == Some(0)
                    && end(low - 2) != Some(1)
                    && end(high + 2) != Some(1);
                self.set(px, py, 0);
                if straight_four {
                    let allowed = depth > 0 && self.forbidden(px, py, depth - 1).is_none();
                    if allowed || depth == 0 {
                        real = true;
                        break;
                    }
                }
            }
            threes += usize::from(real);
        }
        if fours >= 2 {
            Some(Forbidden::DoubleFour)
        } else if threes >= 2 {
            Some(Forbidden::DoubleThree)
        } else {
            None
        }
    }
}

/// Boards crowded with black stones (and some white), so that threes cross everywhere:
/// every empty cell's verdict must be the slow check's.
#[test]
fn the_board_agrees_with_a_slow_check_of_the_rule_on_random_boards() {
    let mut rng = fastrand::Rng::with_seed(20261201);
    let mut seen = std::collections::HashMap::new();
    let mut fake_threes = 0;
    for _ in 0..3000 {
        let side = rng.u8(9..=15);
        let mut black = Vec::new();
        let mut white = Vec::new();
        let centre = i32::from(side) / 2;
        let spread = rng.i32(2..=centre.min(4));
        // Half the boards get a line made for an overline or two fours along one line.
        if rng.bool() {
            let template = ["xx.xxx", "xxx.xx", "x.xxxx", "x.xxx.x", "xx.xx.xx", "xxx.x"][rng.usize(..6)];
            let (dx, dy) = DIRECTIONS[rng.usize(..4)];
            let (x0, y0) = (centre - 3 * dx, centre - 3 * dy);
            for (index, mark) in template.chars().enumerate() {
                let (x, y) = (x0 + index as i32 * dx, y0 + index as i32 * dy);
                if mark == 'x' && x >= 0 && y >= 0 && x < i32::from(side) && y < i32::from(side) {
                    black.push((y * i32::from(side) + x) as Cell);
                }
            }
        }
        for _ in 0..rng.usize(10..70) {
            let (x, y) = (centre + rng.i32(-spread..=spread), centre + rng.i32(-spread..=spread));
            let cell = (y * i32::from(side) + x) as Cell;
            if black.contains(&cell) || white.contains(&cell) {
                continue;
            }
            if rng.u8(..10) < 7 {
                black.push(cell);
            } else {
                white.push(cell);
            }
        }
        // Balance the counts with white stones on the edge rows.
        let mut edge = (0..side as Cell).chain((side as Cell) * (side as Cell - 1)..(side as Cell) * (side as Cell));
        while white.len() + 1 < black.len() {
            match edge.next() {
                Some(cell) if !black.contains(&cell) && !white.contains(&cell) => white.push(cell),
                Some(_) => {}
                None => break,
            }
        }
        black.truncate(white.len() + 1);
        let Ok(board) = Gomoku::from_stones(side, Rule::Renju, &black, &white) else { continue };
        if board.outcome().is_some() {
            continue;
        }
        let mut grid = Grid::of(&board);
        for cell in (0..board.cells() as Cell).filter(|&cell| board.stone(cell).is_none()) {
            let (x, y) = board.coordinates(cell);
            let expected = grid.forbidden(x, y, MAX_DEPTH);
            assert_eq!(board.forbidden(cell), expected, "cell {x},{y} of {}", board.render());
            *seen.entry(expected).or_insert(0) += 1;
            // A cell with two threes by their lines alone that is allowed: some three fake.
            let shallow = grid.forbidden(x, y, 0);
            if shallow == Some(Forbidden::DoubleThree) && expected.is_none() {
                fake_threes += 1;
            }
        }
    }
    for kind in [None, Some(Forbidden::DoubleThree), Some(Forbidden::DoubleFour), Some(Forbidden::Overline)] {
        assert!(seen.get(&kind).copied().unwrap_or(0) >= 20, "too few cells judged {kind:?}: {seen:?}");
    }
    assert!(fake_threes >= 5, "only {fake_threes} double threes undone by a fake three");
    println!("{seen:?}, {fake_threes} with a fake three");
}

// ---- the puzzles ----

/// Puzzle stones are listed black first in turn; the order is the composer's, so a
/// black stone is not judged on the way ([`Gomoku::from_stones`]). With `to_move` given,
/// the move passes to that side if the stone count says otherwise (three white-to-move
/// puzzles list as many black stones as white).
fn puzzle(stones: &str, to_move: Option<Player>) -> Gomoku {
    let listed = Gomoku::parse(15, Rule::Freestyle, stones).unwrap();
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for (index, &cell) in listed.history().iter().enumerate() {
        if index % 2 == 0 {
            black.push(cell);
        } else {
            white.push(cell);
        }
    }
    let mut board = Gomoku::from_stones(15, Rule::Renju, &black, &white).unwrap();
    if to_move.is_some_and(|side| side != board.to_move()) {
        board.pass();
    }
    board
}

#[test]
fn every_white_to_move_renju_vcf_puzzle_is_solved_and_its_proof_replays() {
    let puzzles = puzzle_stones("vcf-white-to-move-renju.json");
    assert_eq!(puzzles.len(), 548);
    let limits = VcfLimits { max_fours: 40, max_nodes: 300_000, deadline: None };
    let mut unsolved = Vec::new();
    let (mut total_nodes, mut longest, mut by_forbidden_block) = (0, 0, 0);
    for (index, stones) in puzzles.iter().enumerate() {
        let position = puzzle(stones, Some(Player::Second));
        assert_eq!(position.to_move(), Player::Second, "puzzle {}", index + 1);
        let outcome = find_vcf(&position, limits);
        total_nodes += outcome.nodes;
        match outcome.proof {
            Some(proof) => {
                proof.verify(&position).unwrap_or_else(|error| panic!("puzzle {}: {error}", index + 1));
                longest = longest.max(proof.moves.len());
                let mut end = position.clone();
                for &cell in &proof.moves {
                    end.play(cell);
                }
                by_forbidden_block += usize::from(end.outcome().is_none());
            }
            None => unsolved.push(index + 1),
        }
    }
    assert!(unsolved.is_empty(), "unsolved puzzles: {unsolved:?} ({total_nodes} nodes)");
    println!(
        "548 puzzles solved, {total_nodes} VCF nodes, longest proof {longest} moves, {by_forbidden_block} won on a forbidden block"
    );
    assert!(by_forbidden_block > 0);
}

/// Under freestyle, where black may block anywhere, some of these puzzles are no win:
/// the renju rule is what makes them work.
#[test]
fn some_renju_puzzles_need_the_forbidden_points() {
    let puzzles = puzzle_stones("vcf-white-to-move-renju.json");
    let limits = VcfLimits { max_fours: 40, max_nodes: 300_000, deadline: None };
    let freestyle_failures = puzzles
        .iter()
        .take(100)
        .filter(|stones| {
            let renju = puzzle(stones, Some(Player::Second));
            let black: Vec<Cell> = (0..renju.cells() as Cell).filter(|&cell| renju.stone(cell) == Some(Player::First)).collect();
            let white: Vec<Cell> = (0..renju.cells() as Cell).filter(|&cell| renju.stone(cell) == Some(Player::Second)).collect();
            let free = Gomoku::from_stones(15, Rule::Freestyle, &black, &white).unwrap();
            let outcome = find_vcf(&free, limits);
            outcome.complete && outcome.proof.is_none()
        })
        .count();
    assert!(freestyle_failures > 0);
}

#[test]
fn black_to_move_puzzles_are_solved_under_renju_too() {
    let puzzles = puzzle_stones("vcf-black-to-move.json");
    let limits = VcfLimits { max_fours: 40, max_nodes: 300_000, deadline: None };
    let mut unsolved = Vec::new();
    for (index, stones) in puzzles.iter().enumerate() {
        let position = puzzle(stones, None);
        match find_vcf(&position, limits).proof {
            Some(proof) => proof.verify(&position).unwrap_or_else(|error| panic!("puzzle {}: {error}", index + 1)),
            None => unsolved.push(index + 1),
        }
    }
    assert!(unsolved.is_empty(), "unsolved under renju: {unsolved:?}");
}
