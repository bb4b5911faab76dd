//! The matchstick game (SPEC §1.5): the connection rule, the known values, symmetries and
//! the shared game suite.

use std::path::Path;

use gametree_engine::{analyze, census, AnalysisConfig, Game, GameKind, SearchOptions, Searcher, StopFlag, Verdict};
use gametree_games::conformance::{check_rules, check_search};
use gametree_games::{GameSpec, Matchsticks, Notation, Stick, StickMove};
use proptest::prelude::*;

fn sample(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/samples").join(name);
    std::fs::read_to_string(path).unwrap().trim_end().replace('\n', "/")
}

fn legal(board: &Matchsticks) -> Vec<String> {
    let mut moves = Vec::new();
    board.generate_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(|&mv| board.move_notation(mv)).collect();
    names.sort();
    names
}

#[test]
fn the_empty_board_loses_for_the_player_to_move() {
    let analysis = analyze(&Matchsticks::new(3, 4).unwrap(), &AnalysisConfig::default());
    assert!(matches!(analysis.verdict(GameKind::WinDrawLoss), Verdict::Loss { .. }), "{:?}", analysis.value);
    assert_eq!(analysis.moves.len(), 24);
    assert!(analysis.moves.iter().all(|result| result.value.is_loss()));
}

#[test]
fn sample_one_has_six_winning_moves() {
    let board = Matchsticks::parse(3, 4, &sample("matchsticks-1.in")).unwrap();
    let analysis = analyze(&board, &AnalysisConfig::default());
    let winning: Vec<String> =
        analysis.moves.iter().filter(|result| result.value.is_win()).map(|result| board.move_notation(result.mv)).collect();
    assert_eq!(winning.len(), 6, "{winning:?}");
    // The example answer is one of them.
    let example = Matchsticks::parse(3, 4, &sample("matchsticks-1.out-example")).unwrap();
    let mut moves = Vec::new();
    board.generate_moves(&mut moves);
    let example_move = moves
        .into_iter()
        .find(|&mv| {
            let mut after = board;
            after.play(mv);
            after == example
        })
        .expect("the example is one move away");
    assert!(winning.contains(&board.move_notation(example_move)));
}

#[test]
fn in_sample_two_the_player_to_move_loses() {
    let board = Matchsticks::parse(3, 4, &sample("matchsticks-2.in")).unwrap();
    let value = Searcher::new(SearchOptions::default()).solve(&mut board.clone());
    assert!(value.is_loss(), "{value:?}");
}

#[test]
fn the_connection_rule_follows_the_spec() {
    // A horizontal stick sees the first stick along its row, skipping empty cells.
    let board = Matchsticks::parse(1, 4, "-000").unwrap();
    assert_eq!(legal(&board), ["b1|", "c1|", "d1|"]);
    // A vertical stick in between blocks the connection.
    let board = Matchsticks::parse(1, 4, "-100").unwrap();
    assert_eq!(legal(&board), ["c1-", "c1|", "d1-", "d1|"]);
    // Vertical sticks look along their column only; horizontal ones block.
    let board = Matchsticks::parse(3, 1, "1/0/0").unwrap();
    assert_eq!(legal(&board), ["a1-", "a2-"]);
    let board = Matchsticks::parse(3, 1, "1/-/0").unwrap();
    assert_eq!(legal(&board), ["a1-", "a1|"]);
    // Sticks of the other line do not matter: a horizontal stick above does not stop a
    // horizontal stick below it.
    let board = Matchsticks::parse(2, 1, "-/0").unwrap();
    assert_eq!(legal(&board), ["a1-", "a1|"]);
    // Pre-placed sticks may touch each other; only new sticks are checked.
    let board = Matchsticks::parse(2, 3, "--0/110").unwrap();
    assert_eq!(legal(&board), ["c1-", "c1|", "c2|"]);
    // No legal move: the player to move has lost.
    let board = Matchsticks::parse(1, 3, "-0-").unwrap();
    assert!(legal(&board).len() == 1);
    let board = Matchsticks::parse(1, 2, "-0").unwrap();
    assert_eq!(legal(&board), ["b1|"]);
    let mut board = Matchsticks::parse(1, 2, "--").unwrap();
    assert!(legal(&board).is_empty());
    assert_eq!(board.outcome(), Some(gametree_engine::Outcome::Win(board.to_move().opponent())));
    board = Matchsticks::parse(1, 3, "-01").unwrap();
    let error = board.parse_move("b1-").unwrap_err();
    assert!(error.message.contains("connected"), "{}", error.message);
    assert!(board.parse_move("b1|").is_ok());
}

#[test]
fn moves_read_and_write_as_cell_and_stick() {
    let board = Matchsticks::new(3, 4).unwrap();
    let mv = board.parse_move("b2|").unwrap();
    assert_eq!(mv, StickMove { cell: 5, stick: Stick::Vertical });
    assert_eq!(board.parse_move("B2V").unwrap(), mv);
    assert_eq!(board.parse_move("d3h").unwrap(), StickMove { cell: 3, stick: Stick::Horizontal });
    assert_eq!(board.move_notation(StickMove { cell: 8, stick: Stick::Horizontal }), "a1-");
    for bad in ["", "b2", "e1|", "b4-", "zz|"] {
        assert!(board.parse_move(bad).is_err(), "{bad}");
    }
}

#[test]
fn bad_positions_name_the_fault() {
    for (text, expected) in [("00-1/-000", "2 rows"), ("00-1/-00/0100", "row 2"), ("00-1/-0x0/0100", "`x`")] {
        let error = Matchsticks::parse(3, 4, text).expect_err(text);
        assert!(error.message.contains(expected), "{text}: {}", error.message);
    }
    assert!(Matchsticks::new(9, 9).is_err());
    assert!(Matchsticks::new(0, 3).is_err());
}

#[test]
fn game_names_give_the_board_size() {
    assert_eq!("matchsticks".parse::<GameSpec>().unwrap(), GameSpec::Matchsticks { rows: 3, columns: 4 });
    let spec: GameSpec = "matchsticks:4x5".parse().unwrap();
    assert_eq!(spec, GameSpec::Matchsticks { rows: 4, columns: 5 });
    assert_eq!(spec.to_string(), "matchsticks:4x5");
    for bad in ["matchsticks:4", "matchsticks:9x9", "matchsticks:0x3", "matchsticks:ax3"] {
        assert!(bad.parse::<GameSpec>().is_err(), "{bad}");
    }
}

fn mirror(text: &str, flip_rows: bool, flip_columns: bool, transpose: bool) -> String {
    let rows: Vec<Vec<char>> = text.split('/').map(|row| row.chars().collect()).collect();
    let (height, width) = (rows.len(), rows[0].len());
    let (out_height, out_width) = if transpose { (width, height) } else { (height, width) };
    (0..out_height)
        .map(|row| {
            (0..out_width)
                .map(|column| {
                    let (mut r, mut c) = (row, column);
                    if flip_rows {
                        r = out_height - 1 - r;
                    }
                    if flip_columns {
                        c = out_width - 1 - c;
                    }
                    if transpose {
                        std::mem::swap(&mut r, &mut c);
                    }
                    match rows[r][c] {
                        '1' if transpose => '-',
                        '-' if transpose => '1',
                        other => other,
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The rule of SPEC §1.5 written out naively on a grid of characters: the legal moves as
/// `(row from the top, column, stick)`.
fn reference_moves(grid: &[Vec<char>]) -> Vec<(usize, usize, char)> {
    let (rows, columns) = (grid.len(), grid[0].len());
    let mut moves = Vec::new();
    for row in 0..rows {
        for column in 0..columns {
            if grid[row][column] != '0' {
                continue;
            }
            // Horizontal: the first stick to the left and to the right along the row.
            let left = (0..column).rev().map(|c| grid[row][c]).find(|&cell| cell != '0');
            let right = (column + 1..columns).map(|c| grid[row][c]).find(|&cell| cell != '0');
            if left != Some('-') && right != Some('-') {
                moves.push((row, column, '-'));
            }
            let up = (0..row).rev().map(|r| grid[r][column]).find(|&cell| cell != '0');
            let down = (row + 1..rows).map(|r| grid[r][column]).find(|&cell| cell != '0');
            if up != Some('1') && down != Some('1') {
                moves.push((row, column, '1'));
            }
        }
    }
    moves.sort_unstable();
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The game's move generator gives exactly the moves of the rule as written in the SPEC.
    #[test]
    fn legal_moves_follow_the_rule_as_written(
        rows in 1u8..=5, columns in 1u8..=6,
        cells in proptest::collection::vec(prop_oneof![3 => Just('0'), 1 => Just('1'), 1 => Just('-')], 30),
    ) {
        let grid: Vec<Vec<char>> = (0..usize::from(rows))
            .map(|row| cells[row * usize::from(columns)..(row + 1) * usize::from(columns)].to_vec())
            .collect();
        let text: Vec<String> = grid.iter().map(|row| row.iter().collect()).collect();
        let board = Matchsticks::parse(rows, columns, &text.join("/")).unwrap();
        let mut moves = Vec::new();
        board.generate_moves(&mut moves);
        let mut found: Vec<(usize, usize, char)> = moves
            .iter()
            .map(|mv| {
                let cell = usize::from(mv.cell);
                let stick = if mv.stick == Stick::Vertical { '1' } else { '-' };
                (cell / usize::from(columns), cell % usize::from(columns), stick)
            })
            .collect();
        found.sort_unstable();
        let expected = reference_moves(&grid);
        prop_assert_eq!(&found, &expected);
        prop_assert_eq!(board.outcome().is_some(), expected.is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Mirror images (and, on square boards, transposes with the sticks turned) share a
    /// canonical key and have the same value.
    #[test]
    fn mirror_images_share_key_and_value(
        cells in proptest::collection::vec(prop_oneof![4 => Just('0'), 1 => Just('1'), 1 => Just('-')], 9),
        flip_rows: bool, flip_columns: bool, transpose: bool,
    ) {
        let rows: Vec<String> = cells.chunks(3).map(|row| row.iter().collect()).collect();
        let text = rows.join("/");
        let image_text = mirror(&text, flip_rows, flip_columns, transpose);
        let board = Matchsticks::parse(3, 3, &text).unwrap();
        let image = Matchsticks::parse(3, 3, &image_text).unwrap();
        prop_assert_eq!(board.canonical_key(), image.canonical_key());
        prop_assert_eq!(legal(&board).len(), legal(&image).len());
        let mut searcher = Searcher::new(SearchOptions::PLAIN);
        prop_assert_eq!(searcher.solve(&mut board.clone()), searcher.solve(&mut image.clone()));
    }

    /// Parsing never panics; what parses prints back the same.
    #[test]
    fn parsing_arbitrary_text_never_panics(text in "[01\\-/x]{0,20}|\\PC{0,12}") {
        if let Ok(board) = Matchsticks::parse(3, 4, &text) {
            prop_assert_eq!(Matchsticks::parse(3, 4, &board.notation()).unwrap(), board);
        }
        let board = Matchsticks::new(3, 4).unwrap();
        let _ = board.parse_move(&text);
    }
}

#[test]
fn census_of_the_3x4_board() {
    let census = census(&Matchsticks::new(3, 4).unwrap(), StopFlag::new(), |_| {}).unwrap();
    assert!(matches!(census.root, Verdict::Loss { .. }));
    assert_eq!(census.win + census.loss, census.positions, "no draws in matchsticks");
    assert!(census.canonical < census.positions);
}

#[test]
fn matchsticks_follows_the_game_contract() {
    check_rules(&Matchsticks::new(3, 4).unwrap(), 200, 9, |text| Matchsticks::parse(3, 4, text).unwrap());
    check_rules(&Matchsticks::new(3, 3).unwrap(), 100, 10, |text| Matchsticks::parse(3, 3, text).unwrap());
    check_rules(&Matchsticks::parse(3, 4, "00-1/-000/0100").unwrap(), 50, 11, |text| Matchsticks::parse(3, 4, text).unwrap());
}

#[test]
fn every_search_agrees_with_minimax_on_random_positions() {
    check_search(&Matchsticks::new(3, 4).unwrap(), 40, 12, 3..=6);
    check_search(&Matchsticks::new(3, 3).unwrap(), 60, 13, 0..=4);
}

#[test]
fn a_board_cell_offers_each_stick_it_can_take() {
    // Beside a vertical stick a cell takes either stick.
    let position = Matchsticks::parse(1, 3, "100").unwrap();
    let drawn = position.board().unwrap();
    assert_eq!(drawn.cells[0].text, "|");
    assert!(drawn.cells[0].moves.is_empty());
    let texts: Vec<String> = drawn.cells[1].moves.iter().map(|&mv| position.move_notation(mv)).collect();
    assert_eq!(texts, ["b1|", "b1-"]);
    // Beside a horizontal stick (in its row) only a vertical one: a horizontal would connect.
    let position = Matchsticks::parse(1, 3, "-00").unwrap();
    let drawn = position.board().unwrap();
    let texts: Vec<String> = drawn.cells[2].moves.iter().map(|&mv| position.move_notation(mv)).collect();
    assert_eq!(texts, ["c1|"]);
    let empty = Matchsticks::new(2, 2).unwrap().board().unwrap();
    assert!(empty.cells.iter().all(|cell| cell.moves.len() == 2));
    assert_eq!(empty.cells[0].moves[0], StickMove { cell: 0, stick: Stick::Vertical });
}
