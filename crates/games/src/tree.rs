//! `tree`: an explicit game tree written as nested lists of leaf values (SPEC §1.6), the
//! game of minimax and alpha-beta textbooks.
//!
//! `[[60,63],[15,58]]` is a root with two children, each with two leaves. The root player
//! (`max`, the first player) moves first and levels alternate; leaf values are scores from
//! the root player's point of view, so `max` maximises them and `min` minimises them.
//! Leaves may sit at any depth (`[3,[1,[4,1]]]`).

use std::fmt::Write as _;
use std::sync::Arc;

use gametree_engine::{Game, GameKind, Outcome, Player};

use crate::notation::{Notation, NotationError};

/// The largest leaf magnitude accepted (well inside the engine's score range).
pub const TREE_VALUE_LIMIT: i32 = 100_000;
/// The deepest nesting accepted (searches recurse once per level).
pub const TREE_DEPTH_LIMIT: usize = 200;
/// The most nodes (leaves and lists) a tree may have.
pub const TREE_NODE_LIMIT: usize = 1_000_000;
/// The textbook tree used when no position is given: minimax value 3, and alpha-beta
/// searching left to right prunes the leaves 4 and 6.
pub const TEXTBOOK_TREE: &str = "[[3,12,8],[2,4,6],[14,5,2]]";

#[derive(Clone, Debug, PartialEq, Eq)]
struct Node {
    /// The score of a leaf, from the root player's view; `None` for a list.
    leaf: Option<i32>,
    children: Vec<u32>,
    /// The mean of the leaves below (root player's view): the static evaluation used by
    /// depth-limited searches and by move ordering.
    mean: i32,
}

/// A position in an explicit game tree: the shared tree and the path from the root.
///
/// Moves are child numbers (`1` is the leftmost child). The position notation is the tree
/// itself, followed for positions below the root by `@` and the moves from the root
/// separated by dots: `[[60,63],[15,58]]@2` is the `min` node `[15,58]`.
///
/// ```
/// use gametree_engine::{minimax, Value};
/// use gametree_games::{Notation, Tree};
/// let mut tree = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
/// assert_eq!(minimax(&mut tree), Value::score(3));
/// let below = Tree::parse("[[60,63],[15,58]]@2").unwrap();
/// assert_eq!(below.player_name(gametree_engine::Game::to_move(&below)), "min");
/// assert_eq!(below.notation(), "[[60,63],[15,58]]@2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    nodes: Arc<Vec<Node>>,
    /// Node ids from the root (`path[0]` is the root, 0) to the current node.
    path: Vec<u32>,
}

impl Tree {
    /// The textbook tree [`TEXTBOOK_TREE`].
    #[must_use]
    pub fn textbook() -> Tree {
        Tree::parse(TEXTBOOK_TREE).expect("the textbook tree parses")
    }

    /// Reads a tree in nested-list notation, optionally followed by `@` and a path of
    /// 1-based child numbers separated by dots. Spaces are allowed between items.
    pub fn parse(text: &str) -> Result<Tree, NotationError> {
        let (tree_text, path_text) = match text.split_once('@') {
            Some((tree, path)) => (tree, Some(path)),
            None => (text, None),
        };
        let mut parser = Parser { chars: tree_text.chars().collect(), at: 0, nodes: Vec::new() };
        parser.skip_spaces();
        parser.value(0)?;
        parser.skip_spaces();
        if parser.at < parser.chars.len() {
            return Err(parser.error(&format!("unexpected `{}` after the end of the tree", parser.chars[parser.at])));
        }
        let mut nodes = parser.nodes;
        compute_means(&mut nodes);
        let mut tree = Tree { nodes: Arc::new(nodes), path: vec![0] };
        if let Some(path) = path_text {
            for (step, part) in path.split('.').enumerate() {
                let children = tree.current().children.len();
                if children == 0 {
                    return Err(NotationError::new(format!("tree path `{path}`: step {} goes below a leaf", step + 1)));
                }
                let number: usize = part.trim().parse().ok().filter(|&n| (1..=children).contains(&n)).ok_or_else(|| {
                    NotationError::new(format!(
                        "tree path `{path}`: step {} `{part}` is not a child number from 1 to {children}",
                        step + 1
                    ))
                })?;
                tree.play((number - 1) as u16);
            }
        }
        Ok(tree)
    }

    fn current(&self) -> &Node {
        &self.nodes[*self.path.last().expect("the path holds the root") as usize]
    }

    /// The subtree of the current position in nested-list notation.
    #[must_use]
    pub fn subtree_notation(&self) -> String {
        let mut out = String::new();
        self.write_node(*self.path.last().expect("root") as usize, &mut out);
        out
    }

    /// The moves from the root to this position.
    #[must_use]
    pub fn moves_from_root(&self) -> Vec<u16> {
        self.path
            .windows(2)
            .map(|pair| {
                let parent = &self.nodes[pair[0] as usize];
                parent.children.iter().position(|&child| child == pair[1]).expect("the path follows children") as u16
            })
            .collect()
    }

    fn write_node(&self, id: usize, out: &mut String) {
        // An explicit stack: trees can be deep and wide.
        enum Step {
            Node(usize),
            Text(&'static str),
        }
        let mut stack = vec![Step::Node(id)];
        while let Some(step) = stack.pop() {
            match step {
                Step::Text(text) => out.push_str(text),
                Step::Node(id) => {
                    let node = &self.nodes[id];
                    if let Some(value) = node.leaf {
                        let _ = write!(out, "{value}");
                        continue;
                    }
                    out.push('[');
                    stack.push(Step::Text("]"));
                    for (index, &child) in node.children.iter().enumerate().rev() {
                        stack.push(Step::Node(child as usize));
                        if index > 0 {
                            stack.push(Step::Text(","));
                        }
                    }
                }
            }
        }
    }
}

fn compute_means(nodes: &mut [Node]) {
    // Children always have larger ids than their parent (preorder), so one backward pass
    // sees every child before its parent.
    let mut sums = vec![(0i64, 0i64); nodes.len()];
    for id in (0..nodes.len()).rev() {
        let (sum, count) = match nodes[id].leaf {
            Some(value) => (i64::from(value), 1),
            None => nodes[id].children.iter().fold((0, 0), |(sum, count), &child| {
                let (child_sum, child_count) = sums[child as usize];
                (sum + child_sum, count + child_count)
            }),
        };
        sums[id] = (sum, count);
        nodes[id].mean = (sum / count.max(1)) as i32;
    }
}

struct Parser {
    chars: Vec<char>,
    at: usize,
    nodes: Vec<Node>,
}

impl Parser {
    fn error(&self, what: &str) -> NotationError {
        self.error_at(self.at, what)
    }

    fn error_at(&self, at: usize, what: &str) -> NotationError {
        let text: String = self.chars.iter().collect();
        NotationError::new(format!("tree `{}`: character {}: {what}", text.trim(), at + 1))
    }

    fn skip_spaces(&mut self) {
        while self.chars.get(self.at).is_some_and(|c| c.is_whitespace()) {
            self.at += 1;
        }
    }

    /// Reads one value (a number or a list) at nesting `depth`; returns its node id.
    fn value(&mut self, depth: usize) -> Result<u32, NotationError> {
        if depth > TREE_DEPTH_LIMIT {
            return Err(self.error(&format!("nested more than {TREE_DEPTH_LIMIT} levels deep")));
        }
        if self.nodes.len() >= TREE_NODE_LIMIT {
            return Err(self.error(&format!("more than {TREE_NODE_LIMIT} nodes")));
        }
        let id = self.nodes.len() as u32;
        match self.chars.get(self.at) {
            None => Err(self.error("the tree ends here; expected a number or `[`")),
            Some('[') => {
                self.at += 1;
                self.nodes.push(Node { leaf: None, children: Vec::new(), mean: 0 });
                self.skip_spaces();
                if self.chars.get(self.at) == Some(&']') {
                    return Err(self.error("an empty list `[]` is a position with no move; give it at least one child"));
                }
                let mut children = Vec::new();
                loop {
                    self.skip_spaces();
                    children.push(self.value(depth + 1)?);
                    if children.len() > usize::from(u16::MAX) {
                        return Err(self.error("a list with more than 65535 children"));
                    }
                    self.skip_spaces();
                    match self.chars.get(self.at) {
                        Some(',') => self.at += 1,
                        Some(']') => {
                            self.at += 1;
                            break;
                        }
                        Some(other) => return Err(self.error(&format!("expected `,` or `]`, found `{other}`"))),
                        None => return Err(self.error("the tree ends here; expected `,` or `]`")),
                    }
                }
                self.nodes[id as usize].children = children;
                Ok(id)
            }
            Some(&c) if c == '-' || c == '+' || c.is_ascii_digit() => {
                let start = self.at;
                self.at += 1;
                while self.chars.get(self.at).is_some_and(char::is_ascii_digit) {
                    self.at += 1;
                }
                let text: String = self.chars[start..self.at].iter().collect();
                let value = text.parse::<i32>().ok().filter(|value| value.abs() <= TREE_VALUE_LIMIT).ok_or_else(|| {
                    self.error_at(start, &format!("`{text}` is not a leaf value from -{TREE_VALUE_LIMIT} to {TREE_VALUE_LIMIT}"))
                })?;
                self.nodes.push(Node { leaf: Some(value), children: Vec::new(), mean: value });
                Ok(id)
            }
            Some(other) => Err(self.error(&format!("expected a number or `[`, found `{other}`"))),
        }
    }
}

impl Game for Tree {
    type Move = u16;
    const KIND: GameKind = GameKind::Scored;

    fn to_move(&self) -> Player {
        if self.path.len() % 2 == 1 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn generate_moves(&self, moves: &mut Vec<u16>) {
        moves.extend(0..self.current().children.len() as u16);
    }

    fn play(&mut self, mv: u16) {
        let child = self.current().children[usize::from(mv)];
        self.path.push(child);
    }

    fn undo(&mut self, _mv: u16) {
        debug_assert!(self.path.len() > 1, "undo at the root");
        self.path.pop();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.current().leaf.map(Outcome::Score)
    }

    fn hash(&self) -> Option<u64> {
        // Every node is reached by one path only, so its id identifies the position.
        let mut key = u64::from(*self.path.last().expect("root")).wrapping_add(0x9E37_79B9_7F4A_7C15);
        key = (key ^ (key >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        key = (key ^ (key >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Some(key ^ (key >> 31))
    }

    /// Best-first by the mean of each child's leaves, from the mover's view (a heuristic:
    /// `tree --order engine` shows how it changes alpha-beta's cut-offs).
    fn order_moves(&self, moves: &mut [u16]) {
        let sign = self.to_move().sign();
        let node = self.current();
        moves.sort_by_key(|&mv| -sign * self.nodes[node.children[usize::from(mv)] as usize].mean);
    }

    /// The mean of the leaves below, from the side to move's view.
    fn evaluate(&self) -> i32 {
        self.current().mean * self.to_move().sign()
    }
}

impl Notation for Tree {
    fn notation(&self) -> String {
        let mut out = String::new();
        self.write_node(0, &mut out);
        let moves = self.moves_from_root();
        if !moves.is_empty() {
            out.push('@');
            out.push_str(&moves.iter().map(|mv| (mv + 1).to_string()).collect::<Vec<_>>().join("."));
        }
        out
    }

    fn move_notation(&self, mv: u16) -> String {
        (mv + 1).to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u16, NotationError> {
        let children = self.current().children.len();
        if children == 0 {
            return Err(NotationError::new(format!("move `{}`: the game is over (a leaf)", text.trim())));
        }
        text.trim()
            .parse::<usize>()
            .ok()
            .filter(|&number| (1..=children).contains(&number))
            .map(|number| (number - 1) as u16)
            .ok_or_else(|| NotationError::new(format!("move `{}`: expected a child number from 1 to {children}", text.trim())))
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "max",
            Player::Second => "min",
        }
    }

    fn render(&self) -> String {
        let moves = self.moves_from_root();
        let at = if moves.is_empty() {
            "the root".to_string()
        } else {
            format!("after the moves {}", moves.iter().map(|mv| (mv + 1).to_string()).collect::<Vec<_>>().join(" "))
        };
        let mut out = format!("at {at}: {}\n", self.subtree_notation());
        match self.current().leaf {
            Some(_) => out.push_str("a leaf: the game is over\n"),
            None => {
                let children: Vec<String> = self
                    .current()
                    .children
                    .iter()
                    .enumerate()
                    .map(|(index, &child)| {
                        let mut text = String::new();
                        self.write_node(child as usize, &mut text);
                        format!("  {}: {text}", index + 1)
                    })
                    .collect();
                out.push_str(&children.join("\n"));
                out.push('\n');
            }
        }
        out
    }

    fn describe_final(&self) -> Option<String> {
        self.current().leaf.map(|value| format!("max's score: {value}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gametree_engine::{minimax, Value};
    use proptest::prelude::*;

    #[test]
    fn textbook_values() {
        assert_eq!(minimax(&mut Tree::textbook()), Value::score(3));
        assert_eq!(minimax(&mut Tree::parse("[[60,63],[15,58]]").unwrap()), Value::score(60));
        // Uneven depths.
        assert_eq!(minimax(&mut Tree::parse("[3, [1, [4, 1]], -2]").unwrap()), Value::score(3));
        assert_eq!(minimax(&mut Tree::parse("7").unwrap()), Value::score(7));
    }

    #[test]
    fn errors_name_the_character() {
        let error = Tree::parse("[[1,2],[3,x]]").unwrap_err().message;
        assert!(error.contains("character 11"), "{error}");
        assert!(error.contains("`x`"), "{error}");
        let error = Tree::parse("[1,2").unwrap_err().message;
        assert!(error.contains("character 5"), "{error}");
        let error = Tree::parse("[1,[]]").unwrap_err().message;
        assert!(error.contains("empty list"), "{error}");
        let error = Tree::parse("[1,9999999]").unwrap_err().message;
        assert!(error.contains("character 4") && error.contains("9999999"), "{error}");
        let error = Tree::parse("[1,2] 3").unwrap_err().message;
        assert!(error.contains("character 7"), "{error}");
        assert!(Tree::parse("[1,2]@3").unwrap_err().message.contains("1 to 2"));
        assert!(Tree::parse("[1,2]@1.1").unwrap_err().message.contains("below a leaf"));
        assert!(Tree::parse(&"[".repeat(300)).unwrap_err().message.contains("nested"));
    }

    #[test]
    fn paths_and_moves() {
        let tree = Tree::parse("[[60,63],[15,58]]@2").unwrap();
        assert_eq!(tree.to_move(), Player::Second);
        assert_eq!(tree.subtree_notation(), "[15,58]");
        assert_eq!(tree.parse_move("2"), Ok(1));
        assert!(tree.parse_move("3").is_err());
        assert_eq!(minimax(&mut tree.clone()), Value::score(-15));
        let leaf = Tree::parse("[[60,63],[15,58]]@2.2").unwrap();
        assert_eq!(leaf.outcome(), Some(Outcome::Score(58)));
    }

    #[test]
    fn engine_ordering_sorts_by_the_mean() {
        let tree = Tree::parse("[[1,1],[9,9],[5,5]]").unwrap();
        let mut moves = vec![0, 1, 2];
        tree.order_moves(&mut moves);
        assert_eq!(moves, vec![1, 2, 0]);
        let below = Tree::parse("[[1,9,5]]@1").unwrap();
        let mut moves = vec![0, 1, 2];
        below.order_moves(&mut moves);
        assert_eq!(moves, vec![0, 2, 1]);
    }

    fn tree_text() -> impl Strategy<Value = String> {
        let leaf = (-TREE_VALUE_LIMIT..=TREE_VALUE_LIMIT).prop_map(|value| value.to_string());
        leaf.prop_recursive(5, 64, 5, |inner| {
            prop::collection::vec(inner, 1..5).prop_map(|children| format!("[{}]", children.join(", ")))
        })
    }

    proptest! {
        #[test]
        fn arbitrary_text_never_panics(text in ".{0,40}") {
            let _ = Tree::parse(&text);
        }

        #[test]
        fn bracket_soup_never_panics(text in "[\\[\\]0-9,@. -]{0,40}") {
            let _ = Tree::parse(&text);
        }

        #[test]
        fn notation_round_trips(text in tree_text()) {
            let tree = Tree::parse(&text).unwrap();
            prop_assert_eq!(tree.notation(), text.replace(' ', ""));
            let again = Tree::parse(&tree.notation()).unwrap();
            prop_assert_eq!(&again, &tree);
        }
    }
}
