//! The product game (SPEC §1.4): the contest samples, the symmetry observations, and the
//! shared game suite.

use std::path::Path;

use gametree_engine::{analyze, census, AnalysisConfig, Game, GameKind, Player, SearchOptions, Searcher, StopFlag, Verdict};
use gametree_games::conformance::{check_rules, check_search};
use gametree_games::{product_grid_sign, GameSpec, Notation, ProductGrid};
use proptest::prelude::*;

fn samples() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/samples")
}

/// Reads the numeric contest input: T, then T boards of 9 numbers.
fn sample_boards() -> Vec<[u8; 9]> {
    let text = std::fs::read_to_string(samples().join("product-grid.in")).unwrap();
    let numbers: Vec<u8> = text.split_whitespace().map(|token| token.parse().unwrap()).collect();
    numbers[1..].chunks(9).map(|chunk| chunk.try_into().unwrap()).collect()
}

#[test]
fn the_contest_sample_gives_the_expected_winners() {
    let expected = std::fs::read_to_string(samples().join("product-grid.out")).unwrap();
    let mut searcher = Searcher::new(SearchOptions::strong(8));
    let answers: Vec<&str> = sample_boards()
        .into_iter()
        .map(|cells| {
            let mut board = ProductGrid::from_cells(cells, Player::First).unwrap();
            match searcher.solve(&mut board).raw().signum() {
                1 => "first",
                -1 => "second",
                _ => "tie",
            }
        })
        .collect();
    assert_eq!(answers, expected.lines().collect::<Vec<_>>());
}

#[test]
fn sample_scores_are_exact_and_agree_with_analysis() {
    // Full board 123/456/789: x = 6 + 120 + 504, y = 28 + 80 + 162.
    let full = ProductGrid::parse("123/456/789").unwrap();
    assert_eq!((full.row_sum(), full.column_sum()), (630, 270));
    let analysis = analyze(&full, &AnalysisConfig::default());
    assert_eq!(analysis.verdict(GameKind::Scored), Verdict::Score { score: 360 });
    let empty = analyze(&ProductGrid::empty(), &AnalysisConfig::default());
    assert_eq!(empty.verdict(GameKind::Scored), Verdict::Score { score: -124 });
    assert_eq!(empty.moves.len(), 9);
    assert!(ProductGrid::empty().move_notation(empty.moves[0].mv).starts_with("1@"));
}

#[test]
fn the_forced_number_and_the_player_alternate() {
    let mut board = ProductGrid::parse("900/000/001").unwrap();
    assert_eq!(board.next_number(), Some(2));
    assert_eq!(board.to_move(), Player::First);
    let mv = board.parse_move("2@b2").unwrap();
    board.play(mv);
    assert_eq!(board.notation(), "900/020/001:y");
    assert_eq!(board.next_number(), Some(3));
    assert_eq!(board.to_move(), Player::Second);
    assert_eq!(ProductGrid::parse("900/020/001:y").unwrap(), board);
    assert!(board.parse_move("2@a1").is_err(), "the number is forced");
    assert!(board.parse_move("b2").is_err(), "b2 is taken");
    assert_eq!(board.parse_move("3@a1"), board.parse_move("a1"));
}

#[test]
fn bad_positions_name_the_fault() {
    for (text, expected) in [
        ("003/456/70", "row 3"),
        ("003/456", "2 rows"),
        ("003/456/7a9", "`a`"),
        ("303/456/709", "already at row 1 column 1"),
        ("003/456/709:z", "`:z`"),
    ] {
        let error = ProductGrid::parse(text).expect_err(text);
        assert!(error.message.contains(expected), "{text}: {}", error.message);
    }
    assert!(ProductGrid::from_cells([10, 0, 0, 0, 0, 0, 0, 0, 0], Player::First).is_err());
}

fn board_from(numbers: &[u8], empty: usize) -> ProductGrid {
    // The first 9 - `empty` entries of a permutation of 1..=9 become numbers.
    let mut cells = [0u8; 9];
    for (index, &number) in numbers.iter().enumerate().take(9 - empty) {
        cells[index] = number;
    }
    ProductGrid::from_cells(cells, Player::First).unwrap()
}

fn permutation_strategy() -> impl Strategy<Value = Vec<u8>> {
    Just((1..=9).collect::<Vec<u8>>()).prop_shuffle()
}

fn three() -> impl Strategy<Value = [usize; 3]> {
    Just(vec![0usize, 1, 2]).prop_shuffle().prop_map(|v| [v[0], v[1], v[2]])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// SPEC §1.4: permuting rows or columns keeps x and y; transposing swaps them.
    #[test]
    fn permutations_keep_the_sums_and_transposition_swaps_them(
        numbers in permutation_strategy(), rows in three(), columns in three(), empty in 0usize..9,
    ) {
        let board = board_from(&numbers, empty);
        let image = board.permuted(rows, columns);
        prop_assert_eq!((image.row_sum(), image.column_sum()), (board.row_sum(), board.column_sum()));
        let transposed = board.transposed();
        prop_assert_eq!((transposed.row_sum(), transposed.column_sum()), (board.column_sum(), board.row_sum()));
        // Symmetric boards share a table entry.
        prop_assert_eq!(image.canonical_key(), board.canonical_key());
    }

    /// The value is the same for every row/column permutation; a transposed board with the
    /// other player to move is worth the same to its mover (roles and sums both swap).
    #[test]
    fn symmetric_positions_have_equal_values(
        numbers in permutation_strategy(), rows in three(), columns in three(), empty in 0usize..6,
    ) {
        let board = board_from(&numbers, empty);
        let mut plain = Searcher::new(SearchOptions { table_megabytes: 0, symmetry: false, ..SearchOptions::strong(0) });
        let value = plain.solve(&mut board.clone());
        prop_assert_eq!(plain.solve(&mut board.permuted(rows, columns)), value);
        let swapped = ProductGrid::parse(&format!("{}:y", board.transposed().notation())).unwrap();
        prop_assert_eq!(swapped.canonical_key(), board.canonical_key());
        prop_assert_eq!(plain.solve(&mut swapped.clone()), value);
    }

    /// Parsing never panics, and what parses prints back the same.
    #[test]
    fn parsing_arbitrary_text_never_panics(text in "[0-9/:xyz]{0,16}|\\PC{0,12}") {
        if let Ok(board) = ProductGrid::parse(&text) {
            prop_assert_eq!(ProductGrid::parse(&board.notation()).unwrap(), board);
        }
    }
}

#[test]
fn census_of_a_small_board_is_consistent() {
    // Four numbers to place: 4·3·2·1 orders of cells, every order a complete game.
    let board = ProductGrid::parse("120/340/500").unwrap();
    let census = census(&board, StopFlag::new(), |_| {}).unwrap();
    assert_eq!(census.games, 24);
    assert_eq!(census.positions, 1 + 4 + 12 + 24 + 24);
    assert_eq!(census.terminal, 24);
    let value = Searcher::new(SearchOptions::PLAIN).solve(&mut board.clone());
    assert_eq!(census.root, Verdict::Score { score: value.raw() });
}

#[test]
fn product_grid_follows_the_game_contract() {
    check_rules(&ProductGrid::empty(), 200, 5, |text| ProductGrid::parse(text).unwrap());
    check_rules(&ProductGrid::parse("903/000/010").unwrap(), 100, 6, |text| ProductGrid::parse(text).unwrap());
}

#[test]
fn every_search_agrees_with_minimax_on_random_positions() {
    check_search(&ProductGrid::empty(), 60, 7, 3..=6);
    check_search(&ProductGrid::parse("050/000/800").unwrap(), 40, 8, 1..=4);
}

#[test]
fn the_game_name_is_product_grid() {
    let spec: GameSpec = "product-grid".parse().unwrap();
    assert_eq!(spec, GameSpec::ProductGrid);
    assert_eq!(spec.to_string(), "product-grid");
}

#[test]
fn the_sign_search_agrees_with_the_exact_score() {
    // One searcher for all boards, as `solve` does: bounds from earlier boards stay valid.
    let mut shared = Searcher::new(SearchOptions::strong(4));
    for board in ProductGrid::random_boards(99, 300, 0..=9) {
        let exact = Searcher::new(SearchOptions::strong(4)).solve(&mut board.clone()).raw();
        assert_eq!(product_grid_sign(&mut shared, &mut board.clone()), exact.signum(), "{}", board.notation());
    }
    // Y to move: the sign is still x − y's.
    let board = ProductGrid::parse("900/020/001:y").unwrap();
    let exact = -Searcher::new(SearchOptions::PLAIN).solve(&mut board.clone()).raw();
    assert_eq!(product_grid_sign(&mut shared, &mut board.clone()), exact.signum());
}

#[test]
fn transposition_swaps_roles_rather_than_negating_the_value() {
    // The empty board is its own transpose. If transposing negated the value for the side
    // to move, the empty board would be worth 0; it is worth -124 to X. What holds instead:
    // the transposed board with the other player to move is worth the same to its mover.
    let empty = ProductGrid::empty();
    assert_eq!(empty.transposed(), empty);
    let mut searcher = Searcher::new(SearchOptions::PLAIN);
    let x_first = searcher.solve(&mut empty.clone()).raw();
    let y_first = searcher.solve(&mut ProductGrid::parse("000/000/000:y").unwrap()).raw();
    assert_eq!(x_first, -124);
    assert_ne!(x_first, 0);
    // Y placing first on the empty board is the transposed game of X placing first.
    assert_eq!(y_first, x_first);
    assert_eq!(ProductGrid::parse("000/000/000:y").unwrap().canonical_key(), empty.canonical_key());
}

#[test]
fn the_board_names_the_forced_number_and_offers_the_empty_cells() {
    let board = ProductGrid::parse("003/456/709").unwrap();
    let drawn = board.board().unwrap();
    assert_eq!(drawn.note.as_deref(), Some("next number: 1, placed by x"));
    assert_eq!(drawn.cells[2].text, "3");
    assert!(drawn.cells[2].moves.is_empty());
    let offered: Vec<String> = drawn.cells.iter().flat_map(|cell| cell.moves.iter().map(|&mv| board.move_notation(mv))).collect();
    assert_eq!(offered, ["1@a3", "1@b3", "1@b1"]);
    let full = ProductGrid::parse("123/456/789").unwrap().board().unwrap();
    // Rows: 6 + 120 + 504 = 630; columns: 28 + 80 + 162 = 270.
    assert_eq!(full.note.as_deref(), Some("x = 630 (rows), y = 270 (columns)"));
    assert!(full.cells.iter().all(|cell| cell.moves.is_empty()));
}
