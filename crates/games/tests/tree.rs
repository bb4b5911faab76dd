//! The `tree` game (SPEC §1.6): textbook values and the shared game suite.

use gametree_engine::{analyze, minimax, AnalysisConfig, GameKind, Value, Verdict};
use gametree_games::conformance::{check_rules, check_search};
use gametree_games::{GameSpec, Tree, TEXTBOOK_TREE};

const TREES: &[&str] =
    &[TEXTBOOK_TREE, "[[60,63],[15,58]]", "[3,[1,[4,1]],-2,[[5,[6,-7]],0]]", "[[[1,-2],[3,4]],[[-5,6],[7,-8]],[[9,10],[-11,12]]]"];

#[test]
fn the_textbook_trees_have_their_known_values() {
    assert_eq!(minimax(&mut Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap()), Value::score(3));
    assert_eq!(minimax(&mut Tree::parse("[[60,63],[15,58]]").unwrap()), Value::score(60));
    let analysis = analyze(&Tree::textbook(), &AnalysisConfig::default());
    assert_eq!(analysis.verdict(GameKind::Scored), Verdict::Score { score: 3 });
}

#[test]
fn the_registry_knows_tree_and_defaults_to_the_textbook_tree() {
    let spec: GameSpec = "tree".parse().unwrap();
    assert_eq!(spec, GameSpec::Tree);
    assert_eq!(spec.to_string(), "tree");
    struct Notation;
    impl gametree_games::GameVisitor for Notation {
        type Output = String;
        fn visit<G: gametree_games::Notation>(self, _spec: GameSpec, position: G) -> String {
            position.notation()
        }
    }
    assert_eq!(spec.visit(None, Notation).unwrap(), TEXTBOOK_TREE);
    assert_eq!(spec.visit(Some("[1, 2]"), Notation).unwrap(), "[1,2]");
    assert!(spec.visit(Some("[1,"), Notation).is_err());
}

#[test]
fn trees_follow_the_game_rules() {
    for (seed, text) in TREES.iter().enumerate() {
        let tree = Tree::parse(text).unwrap();
        check_rules(&tree, 20, seed as u64, |notation| Tree::parse(notation).unwrap());
        check_search(&tree, 10, seed as u64, 0..=2);
    }
}
