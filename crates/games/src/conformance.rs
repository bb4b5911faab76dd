//! The checks every game must pass, shared by all games' tests (one suite, run by each
//! game): play/undo restores the position, notation round-trips, moves parse back, the
//! outcome and the move list agree, hashes and canonical keys behave, and alpha-beta with
//! every refinement agrees with plain minimax on random positions.

use gametree_engine::{minimax, Game, SearchOptions, Searcher};

use crate::notation::Notation;

/// Plays `games` random games from `start` and checks the [`Game`] and [`Notation`]
/// contracts at every position. `reparse` must read a position back from its notation.
///
/// Panics with a message naming the position on the first broken rule.
pub fn check_rules<G: Notation + PartialEq + std::fmt::Debug>(start: &G, games: usize, seed: u64, reparse: impl Fn(&str) -> G) {
    let mut rng = fastrand::Rng::with_seed(seed);
    for _ in 0..games {
        let mut position = start.clone();
        let mut played = Vec::new();
        loop {
            let notation = position.notation();
            assert_eq!(reparse(&notation).notation(), notation, "notation does not round-trip");
            let mut moves = Vec::new();
            if position.outcome().is_some() {
                break;
            }
            position.generate_moves(&mut moves);
            assert!(!moves.is_empty(), "{notation}: not over but no legal move");
            check_board(&position, &moves);
            for &mv in &moves {
                let text = position.move_notation(mv);
                assert_eq!(position.parse_move(&text).ok(), Some(mv), "{notation}: move {text} does not parse back");
                let before = position.clone();
                let hash = position.hash();
                let hash_after = position.hash_after(mv);
                position.play(mv);
                assert_ne!(position.to_move(), before.to_move(), "{notation}: {text} did not pass the turn");
                if hash_after.is_some() {
                    assert_eq!(hash_after, position.hash(), "{notation}: hash_after({text}) is not the hash after {text}");
                }
                position.undo(mv);
                assert_eq!(position, before, "{notation}: undo {text} did not restore the position");
                assert_eq!(position.hash(), hash, "{notation}: undo {text} changed the hash");
            }
            let mv = moves[rng.usize(..moves.len())];
            position.play(mv);
            played.push(mv);
        }
        // Undo the whole game back to the start.
        while let Some(mv) = played.pop() {
            position.undo(mv);
        }
        assert_eq!(&position, start, "undoing a whole game does not give back the start");
    }
}

/// On `positions` random positions reached from `start` (stopping while at least
/// `min_empty` moves remain, so that searches stay small), checks that alpha-beta with
/// every combination of refinements returns exactly minimax's value.
pub fn check_search<G: Notation>(start: &G, positions: usize, seed: u64, plies: std::ops::RangeInclusive<usize>) {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut checked = 0;
    while checked < positions {
        let position = random_position(start, rng.usize(plies.clone()), &mut rng);
        let expected = minimax(&mut position.clone());
        for table in [0, 4] {
            for symmetry in [false, true] {
                for principal_variation in [false, true] {
                    for shortcuts in [false, true] {
                        let options =
                            SearchOptions { table_megabytes: table, symmetry, ordering: true, principal_variation, shortcuts };
                        let value = Searcher::new(options).solve(&mut position.clone());
                        assert_eq!(value, expected, "{}: {options:?}", position.notation());
                    }
                }
            }
        }
        checked += 1;
    }
}

/// The [`Notation::board`] contract: `rows × columns` cells, labels of the right
/// lengths, every move a cell offers is one the notation accepts (it parses back to
/// itself; a game whose search prunes its move list, like gomoku, may offer more than
/// `generate_moves` lists), no cell offers a move twice, and every generated move is
/// offered by some cell. Several cells may offer one move (any cell of a connect-four
/// column drops a stone into it).
fn check_board<G: Notation>(position: &G, moves: &[G::Move]) {
    let Some(board) = position.board() else { return };
    let notation = position.notation();
    assert_eq!(board.cells.len(), board.rows * board.columns, "{notation}: board cell count");
    assert!(board.row_labels.is_empty() || board.row_labels.len() == board.rows, "{notation}: row labels");
    assert!(board.column_labels.is_empty() || board.column_labels.len() == board.columns, "{notation}: column labels");
    let mut offered = Vec::new();
    for (index, cell) in board.cells.iter().enumerate() {
        for (position_in_cell, mv) in cell.moves.iter().enumerate() {
            let text = position.move_notation(*mv);
            assert_eq!(position.parse_move(&text).ok(), Some(*mv), "{notation}: board cell {index} offers {text}, which is not legal");
            assert!(!cell.moves[..position_in_cell].contains(mv), "{notation}: board cell {index} offers {text} twice");
            offered.push(*mv);
        }
    }
    for mv in moves {
        assert!(offered.contains(mv), "{notation}: no board cell offers the legal move {}", position.move_notation(*mv));
    }
}

/// The position after up to `plies` random legal moves from `start` (fewer if the game
/// ends first).
pub fn random_position<G: Game>(start: &G, plies: usize, rng: &mut fastrand::Rng) -> G {
    let mut position = start.clone();
    let mut moves = Vec::new();
    for _ in 0..plies {
        if position.outcome().is_some() {
            break;
        }
        moves.clear();
        position.generate_moves(&mut moves);
        position.play(moves[rng.usize(..moves.len())]);
    }
    position
}
