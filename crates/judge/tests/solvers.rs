//! The solvers against the samples and facts of SPEC §1–2, and the misreadings against
//! hand-worked boards.

use std::path::Path;

use gametree_judge::matchsticks::{self, Matchsticks, Rule};
use gametree_judge::product_grid::{self, ProductGrid};
use gametree_judge::tictactoe_ccf::{self, TictactoeCcf};
use gametree_judge::{Problem, Reference, TestSet};

fn shared() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

fn read_boards(text: &str) -> Vec<[u8; 9]> {
    let numbers: Vec<u8> = text.split_whitespace().map(|word| word.parse().unwrap()).collect();
    numbers[1..].chunks(9).map(|chunk| chunk.try_into().unwrap()).collect()
}

fn answers_of<P: Problem>(problem: &P, solver: &str, case: &P::Case) -> Reference {
    let solver = problem.solvers().into_iter().find(|candidate| candidate.name == solver).unwrap();
    (solver.reference)(case)
}

#[test]
fn tictactoe_ccf_sample() {
    let input = std::fs::read_to_string(shared().join("samples/tictactoe-ccf.in")).unwrap();
    let output = std::fs::read_to_string(shared().join("samples/tictactoe-ccf.out")).unwrap();
    let got: Vec<String> = read_boards(&input).iter().map(|board| tictactoe_ccf::score(board).to_string()).collect();
    assert_eq!(got, output.split_whitespace().collect::<Vec<_>>());
}

#[test]
fn tictactoe_ccf_reachable_boards_and_misreadings() {
    assert_eq!(tictactoe_ccf::reachable_boards().len(), 5478);
    // Alice has won with 3 stones in the top row and 4 empty cells: 5.
    let won = [1, 1, 1, 2, 2, 0, 0, 0, 0];
    assert_eq!(tictactoe_ccf::score(&won), 5);
    assert_eq!(answers_of(&TictactoeCcf, "no-plus-one", &won), Reference::Exact("4".into()));
    assert_eq!(answers_of(&TictactoeCcf, "wrong-sign", &won), Reference::Exact("-5".into()));
    // Ignoring Alice's line, Bob moves on and completes his middle row with 3 empty
    // cells left: -4.
    assert_eq!(answers_of(&TictactoeCcf, "already-won-ignored", &won), Reference::Exact("-4".into()));
    // On ongoing boards that misreading is right.
    for board in tictactoe_ccf::reachable_boards().iter().step_by(37) {
        if TictactoeCcf.strata()[TictactoeCcf.stratum(board)].starts_with("ongoing") {
            assert_eq!(answers_of(&TictactoeCcf, "already-won-ignored", board), TictactoeCcf.correct(board));
        }
    }
}

#[test]
fn product_grid_sample_and_misreadings() {
    let input = std::fs::read_to_string(shared().join("samples/product-grid.in")).unwrap();
    let output = std::fs::read_to_string(shared().join("samples/product-grid.out")).unwrap();
    let got: Vec<String> = read_boards(&input).iter().map(product_grid::answer).collect();
    assert_eq!(got, output.split_whitespace().collect::<Vec<_>>());
    // A full board: every reading that fills nothing agrees with the correct one…
    let full = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    assert_eq!(product_grid::difference(&full), 6 + 120 + 504 - (28 + 80 + 162));
    assert_eq!(answers_of(&ProductGrid, "rows-columns-swapped", &full), Reference::Exact("second".into()));
    // …and a transposed board swaps x and y.
    let transposed = [1, 4, 7, 2, 5, 8, 3, 6, 9];
    assert_eq!(product_grid::answer(&transposed), "second");
    // One blank left, 9 to place by X: reading order puts it in the only blank too.
    let one_blank = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    assert_eq!(answers_of(&ProductGrid, "reading-order-fill", &one_blank), ProductGrid.correct(&one_blank));
    assert_eq!(answers_of(&ProductGrid, "never-tie", &[0, 0, 3, 4, 5, 6, 7, 0, 9]), Reference::Exact("second".into()));
}

#[test]
fn product_grid_free_numbers_on_the_empty_board() {
    // The heaviest misreading: both choices free, from the empty board.
    let reference = answers_of(&ProductGrid, "free-number-choice", &[0; 9]);
    assert!(matches!(reference, Reference::Exact(ref word) if ["first", "second", "tie"].contains(&word.as_str())));
}

#[test]
fn matchsticks_samples() {
    let one = matchsticks::parse(&std::fs::read_to_string(shared().join("samples/matchsticks-1.in")).unwrap()).unwrap();
    let example = std::fs::read_to_string(shared().join("samples/matchsticks-1.out-example")).unwrap();
    let Reference::AnyOf(moves) = Matchsticks.correct(&one) else { panic!("several moves expected") };
    assert_eq!(moves.len(), 6, "six winning moves");
    assert!(Matchsticks.correct(&one).accepts(example.trim_end()));
    let two = matchsticks::parse(&std::fs::read_to_string(shared().join("samples/matchsticks-2.in")).unwrap()).unwrap();
    assert!(!matchsticks::wins(&two, Rule::Correct));
    assert!(!matchsticks::wins(&[0; 12], Rule::Correct), "empty 3×4 board: the player to move loses");
}

#[test]
fn matchsticks_rules_differ_where_they_should() {
    // A horizontal stick two cells right of another with an empty gap: connected in the
    // real rule, not for the neighbour-only misreading.
    let board = matchsticks::parse("-000 0000 0000").unwrap();
    let real = matchsticks::children(&board, Rule::Correct);
    let naive = matchsticks::children(&board, Rule::NeighbourOnly);
    assert!(!real.iter().any(|child| child[2] == 2));
    assert!(naive.iter().any(|child| child[2] == 2));
    // Touching pre-placed sticks: legal moves exist, but the whole-board misreading sees none.
    let touching = matchsticks::parse("--00 0000 0000").unwrap();
    assert!(matchsticks::has_touching_sticks(&touching));
    assert!(!matchsticks::children(&touching, Rule::Correct).is_empty());
    assert!(matchsticks::children(&touching, Rule::WholeBoard).is_empty());
}

#[test]
fn every_stratum_is_generated() {
    fn check<P: Problem>(problem: &P) {
        let tests = TestSet::random(problem, 2, 7).unwrap();
        assert_eq!(tests.len(), 2 * problem.strata().len());
        for input in tests.inputs(problem) {
            assert!(!input.is_empty());
        }
    }
    check(&TictactoeCcf);
    check(&ProductGrid);
    check(&Matchsticks);
}

#[test]
fn own_rule_tables_agree_with_the_engine_on_the_real_rules() {
    // The misreadings reuse these searches with other rules or objectives, so with the
    // real rules they must give exactly what the engine gives on the bundled games.
    let mut rng = fastrand::Rng::with_seed(5);
    for _ in 0..300 {
        let mut board = [0u8; 12];
        for cell in board.iter_mut() {
            *cell = [0, 0, 0, 1, 2][rng.usize(..5)];
        }
        let own = matchsticks::reference(&board, Rule::Correct);
        let exact = matchsticks::exact_reference(&board);
        let sorted = |reference: Reference| match reference {
            Reference::AnyOf(mut options) => {
                options.sort();
                Reference::AnyOf(options)
            }
            other => other,
        };
        assert_eq!(sorted(own), sorted(exact), "board {}", matchsticks::render(&board));
    }
    for blanks in 0..=7 {
        for _ in 0..20 {
            let Some(board) = (0..1000).find_map(|_| ProductGrid.random_case(blanks, &mut rng)) else { panic!() };
            let (value, line) = product_grid::forced_minimax(&board, true, product_grid::difference);
            assert_eq!(value, product_grid::exact_difference(&board), "board {board:?}");
            assert_eq!(line.len(), blanks);
        }
    }
}

proptest::proptest! {
    #[test]
    fn matchsticks_parse_never_panics(text in "\\PC{0,40}") {
        let _ = matchsticks::parse(&text);
    }

    #[test]
    fn matchsticks_boards_round_trip(cells in proptest::collection::vec(0u8..3, 12)) {
        let board: [u8; 12] = cells.try_into().unwrap();
        proptest::prop_assert_eq!(matchsticks::parse(&matchsticks::render(&board)), Some(board));
    }

    #[test]
    fn references_accept_their_own_example(blanks in 0usize..6, seed in 0u64..1000) {
        let mut rng = fastrand::Rng::with_seed(seed);
        if let Some(board) = ProductGrid.random_case(blanks, &mut rng) {
            for solver in ProductGrid.solvers() {
                let reference = (solver.reference)(&board);
                proptest::prop_assert!(reference.accepts(reference.example()));
            }
        }
    }
}
