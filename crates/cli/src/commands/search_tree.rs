//! Records what the engine's own search does, node by node, through its
//! [`Observer`](gametree_engine::Observer) hooks, so that `gametree tree` draws the real
//! search (not a re-implementation): windows at entry, values at exit, cut-offs.

use gametree_engine::{
    minimax_with, Game, GameKind, Limits, Observer, Player, SearchOptions, Searcher, Statistics, StopFlag, Value,
    Verdict, UNLIMITED_DEPTH,
};

/// Which algorithm to record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Algorithm {
    /// Plain minimax: every node, every value.
    Minimax,
    /// Alpha-beta (fail-soft negamax): windows, cut-offs, pruned subtrees.
    Alphabeta,
}

/// The order children are searched in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Order {
    /// The game's natural move order (left to right for `tree`).
    Natural,
    /// The engine's move ordering (`Game::order_moves`).
    Engine,
}

/// What a drawn node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A position with children.
    Inner,
    /// A finished game.
    Terminal,
    /// A position cut off by the depth limit and valued by the static evaluation.
    Horizon,
}

/// Whether a value is exact or a bound (fail-soft alpha-beta), from the first player's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// The true value is at least this.
    Lower,
    /// The true value is at most this.
    Upper,
}

/// One node of the drawing. Values and windows are kept as the engine reported them:
/// for the side to move at the node, remoteness counted from the search root.
#[derive(Clone, Debug)]
pub struct DrawnNode<M> {
    /// The move that led here (`None` at the root).
    pub mv: Option<M>,
    /// Plies below the root.
    pub ply: u32,
    /// The side to move here.
    pub to_move: Player,
    /// The window when the search entered (side to move's view).
    pub window: (Value, Value),
    /// The value the search returned (side to move's view); `None` for pruned inner nodes.
    pub value: Option<Value>,
    /// Inner node, finished game or depth-limit leaf.
    pub kind: Kind,
    /// Children in search order.
    pub children: Vec<usize>,
    /// Never searched: cut off by alpha-beta.
    pub pruned: bool,
    /// Whether no heuristic leaf lies below (so the value is proven).
    pub exact: bool,
    /// Descendants searched (or pruned) but not drawn because of the node cap.
    pub not_drawn: u64,
    /// Plies along the line that gave the node its value (0 for leaves).
    pub line_length: u32,
}

/// A recorded search.
#[derive(Clone, Debug)]
pub struct SearchTree<M> {
    /// Nodes; index 0 is the root. Children follow their parents.
    pub nodes: Vec<DrawnNode<M>>,
    /// The side whose view values are shown from: always the first player (max), as in
    /// textbooks, whoever moves at the root.
    pub view: Player,
    /// Leaves the search evaluated (finished games and depth-limit leaves).
    pub evaluated_leaves: u64,
    /// Leaves inside pruned subtrees (within the depth limit).
    pub pruned_leaves: u64,
    /// False when the pruned subtrees were too large to count completely.
    pub pruned_leaves_exact: bool,
    /// Nodes the search visited.
    pub searched_nodes: u64,
}

struct Frame<M> {
    mv: Option<M>,
    drawn: Option<usize>,
    had_child: bool,
    horizon_below: bool,
    /// The best child value so far (this node's view) and the length of its line.
    best: Value,
    line_length: u32,
}

/// An [`Observer`] that follows the search on its own copy of the position.
struct Recorder<G: Game> {
    position: G,
    depth: Option<u32>,
    cap: usize,
    nodes: Vec<DrawnNode<G::Move>>,
    stack: Vec<Frame<G::Move>>,
    evaluated_leaves: u64,
    pruned_leaves: u64,
    walk_budget: u64,
    pruned_leaves_exact: bool,
}

/// Positions the pruned-subtree walk may visit in all before it stops counting.
const PRUNED_WALK_BUDGET: u64 = 2_000_000;

impl<G: Game> Recorder<G> {
    fn new(position: G, depth: Option<u32>, cap: usize) -> Self {
        Recorder {
            position,
            depth,
            cap: cap.max(1),
            nodes: Vec::new(),
            stack: Vec::new(),
            evaluated_leaves: 0,
            pruned_leaves: 0,
            walk_budget: PRUNED_WALK_BUDGET,
            pruned_leaves_exact: true,
        }
    }

    /// Adds a node under `parent` if the cap allows, otherwise counts it on the nearest
    /// drawn ancestor.
    fn add(&mut self, parent: Option<usize>, node: DrawnNode<G::Move>) -> Option<usize> {
        if self.nodes.len() < self.cap && (parent.is_some() || self.nodes.is_empty()) {
            let id = self.nodes.len();
            self.nodes.push(node);
            if let Some(parent) = parent {
                self.nodes[parent].children.push(id);
            }
            Some(id)
        } else {
            self.count_not_drawn(1);
            None
        }
    }

    fn count_not_drawn(&mut self, count: u64) {
        if let Some(ancestor) = self.stack.iter().rev().find_map(|frame| frame.drawn) {
            self.nodes[ancestor].not_drawn += count;
        }
    }

    fn is_horizon(&self, ply: u32) -> bool {
        self.depth.is_some_and(|depth| ply >= depth)
    }

    /// Draws the subtree of a move that was never searched (greyed), counting its leaves.
    fn walk_pruned(&mut self, parent: Option<usize>, mv: G::Move, ply: u32) {
        if self.walk_budget == 0 {
            self.pruned_leaves_exact = false;
            return;
        }
        self.walk_budget -= 1;
        self.position.play(mv);
        let outcome = self.position.outcome();
        let horizon = outcome.is_none() && self.is_horizon(ply);
        let kind = if outcome.is_some() {
            Kind::Terminal
        } else if horizon {
            Kind::Horizon
        } else {
            Kind::Inner
        };
        let to_move = self.position.to_move();
        let value = match outcome {
            Some(outcome) => Some(Value::from_outcome(outcome, to_move, ply)),
            None if horizon => Some(Value::score(self.position.evaluate())),
            None => None,
        };
        let node = DrawnNode {
            mv: Some(mv),
            ply,
            to_move,
            window: (Value::NEG_INFINITY, Value::INFINITY),
            value,
            kind,
            children: Vec::new(),
            pruned: true,
            exact: !horizon,
            not_drawn: 0,
            line_length: 0,
        };
        let drawn = match parent {
            Some(parent) => self.add(Some(parent), node),
            None => {
                self.count_not_drawn(1);
                None
            }
        };
        if kind == Kind::Inner {
            let mut moves = Vec::new();
            self.position.generate_moves(&mut moves);
            for child in moves {
                self.walk_pruned(drawn, child, ply + 1);
            }
        } else {
            self.pruned_leaves += 1;
        }
        self.position.undo(mv);
    }

    fn finish(self, view: Player, statistics: Statistics) -> SearchTree<G::Move> {
        SearchTree {
            nodes: self.nodes,
            view,
            evaluated_leaves: self.evaluated_leaves,
            pruned_leaves: self.pruned_leaves,
            pruned_leaves_exact: self.pruned_leaves_exact,
            searched_nodes: statistics.nodes,
        }
    }
}

impl<G: Game> Observer<G::Move> for Recorder<G> {
    fn enter(&mut self, mv: Option<G::Move>, ply: u32, alpha: Value, beta: Value) {
        if let Some(mv) = mv {
            self.position.play(mv);
        }
        let parent = self.stack.last().and_then(|frame| frame.drawn);
        if let Some(frame) = self.stack.last_mut() {
            frame.had_child = true;
        }
        let node = DrawnNode {
            mv,
            ply,
            to_move: self.position.to_move(),
            window: (alpha, beta),
            value: None,
            kind: Kind::Inner,
            children: Vec::new(),
            pruned: false,
            exact: true,
            not_drawn: 0,
            line_length: 0,
        };
        let drawn = self.add(parent, node);
        self.stack.push(Frame { mv, drawn, had_child: false, horizon_below: false, best: Value::NEG_INFINITY, line_length: 0 });
    }

    fn leave(&mut self, value: Value) {
        let frame = self.stack.pop().expect("leave matches enter");
        let kind = if self.position.outcome().is_some() {
            Kind::Terminal
        } else if frame.had_child {
            Kind::Inner
        } else {
            Kind::Horizon
        };
        if kind != Kind::Inner {
            self.evaluated_leaves += 1;
        }
        let horizon_below = frame.horizon_below || kind == Kind::Horizon;
        if let Some(id) = frame.drawn {
            let node = &mut self.nodes[id];
            node.value = Some(value);
            node.kind = kind;
            node.exact = !horizon_below;
            node.line_length = frame.line_length;
        }
        if let Some(parent) = self.stack.last_mut() {
            parent.horizon_below |= horizon_below;
            if -value > parent.best {
                parent.best = -value;
                parent.line_length = frame.line_length + 1;
            }
        }
        if let Some(mv) = frame.mv {
            self.position.undo(mv);
        }
    }

    fn prune(&mut self, moves: &[G::Move]) {
        let Some(frame) = self.stack.last() else { return };
        let parent = frame.drawn;
        let ply = self.stack.len() as u32;
        for &mv in moves {
            self.walk_pruned(parent, mv, ply);
        }
    }
}

/// Runs `algorithm` on `position` and records it.
///
/// Returns `None` when `stop` was raised (Ctrl-C) before the search finished.
pub fn record<G: Game>(
    position: &G,
    algorithm: Algorithm,
    order: Order,
    depth: Option<u32>,
    cap: usize,
    stop: &StopFlag,
) -> Option<SearchTree<G::Move>> {
    let recorder = Recorder::new(position.clone(), depth, cap);
    let view = Player::First;
    match algorithm {
        Algorithm::Minimax => {
            let mut recorder = recorder;
            let mut statistics = Statistics::default();
            minimax_with(&mut position.clone(), depth, &mut recorder, &mut statistics);
            Some(recorder.finish(view, statistics))
        }
        Algorithm::Alphabeta => {
            let options = SearchOptions { ordering: order == Order::Engine, ..SearchOptions::PLAIN };
            let mut searcher = Searcher::with_observer(options, recorder);
            searcher.set_limits(&Limits::UNLIMITED, stop.clone());
            searcher.search(
                &mut position.clone(),
                depth.unwrap_or(UNLIMITED_DEPTH),
                Value::NEG_INFINITY,
                Value::INFINITY,
            );
            if searcher.stopped() {
                return None;
            }
            let statistics = searcher.statistics();
            Some(searcher.into_observer().finish(view, statistics))
        }
    }
}

impl<M: Copy> SearchTree<M> {
    /// The sign that turns a node's own-view value into the first player's view.
    fn sign(&self, id: usize) -> bool {
        self.nodes[id].to_move == self.view
    }

    /// A node's value from the first player's view (remoteness counted from the root, as
    /// the engine counts it).
    #[must_use]
    pub fn root_view_value(&self, id: usize) -> Option<Value> {
        let node = &self.nodes[id];
        node.value.map(|value| {
            if self.sign(id) {
                value
            } else {
                -value
            }
        })
    }

    /// A node's entry window from the first player's view (`α ≤ β`; remoteness counted
    /// from the root).
    #[must_use]
    pub fn root_view_window(&self, id: usize) -> (Value, Value) {
        let node = &self.nodes[id];
        let (alpha, beta) = node.window;
        if self.sign(id) {
            (alpha, beta)
        } else {
            (-beta, -alpha)
        }
    }

    /// Whether a searched node's value is exact or a bound, from the first player's view.
    #[must_use]
    pub fn bound(&self, id: usize) -> Bound {
        let node = &self.nodes[id];
        let Some(value) = node.value else { return Bound::Exact };
        if node.pruned || node.kind != Kind::Inner {
            return Bound::Exact;
        }
        let own = if value <= node.window.0 && node.window.0 != Value::NEG_INFINITY {
            Bound::Upper
        } else if value >= node.window.1 && node.window.1 != Value::INFINITY {
            Bound::Lower
        } else {
            Bound::Exact
        };
        match (own, self.sign(id)) {
            (Bound::Upper, false) => Bound::Lower,
            (Bound::Lower, false) => Bound::Upper,
            (bound, _) => bound,
        }
    }

    /// The children on the principal variation from the root, as node ids.
    #[must_use]
    pub fn principal_path(&self) -> Vec<usize> {
        let mut path = vec![0];
        let mut id = 0;
        while let Some(value) = self.nodes.get(id).and_then(|node| node.value) {
            if self.bound(id) != Bound::Exact {
                break;
            }
            let Some(&next) = self.nodes[id]
                .children
                .iter()
                .find(|&&child| !self.nodes[child].pruned && self.nodes[child].value == Some(-value))
            else {
                break;
            };
            path.push(next);
            id = next;
        }
        path
    }

    /// A node's value as a SPEC §4 VALUE, from the first player's view; remoteness (of
    /// draws too) counts plies from the root.
    #[must_use]
    pub fn verdict(&self, id: usize, kind: GameKind) -> Option<Verdict> {
        let value = self.root_view_value(id)?;
        Some(value.verdict(kind, self.nodes[id].exact, self.nodes[id].ply + self.nodes[id].line_length))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gametree_engine::minimax;
    use gametree_engine::testing::{RandomTree, TreeShape};

    /// Checks every drawn node of a recorded search against plain minimax of its position.
    fn check_against_minimax<G: Game>(root: &G, tree: &SearchTree<G::Move>) {
        let mut stack = vec![(0usize, root.clone())];
        while let Some((id, position)) = stack.pop() {
            let node = &tree.nodes[id];
            if !node.pruned {
                let truth = minimax(&mut position.clone());
                let value = node.value.expect("searched nodes have values").to_node_relative(node.ply);
                match tree.bound(id) {
                    Bound::Exact => assert_eq!(value, truth, "node {id}"),
                    // The bound is stated from the first player's view.
                    Bound::Lower if tree.sign(id) => assert!(truth >= value, "node {id}"),
                    Bound::Lower => assert!(truth <= value, "node {id}"),
                    Bound::Upper if tree.sign(id) => assert!(truth <= value, "node {id}"),
                    Bound::Upper => assert!(truth >= value, "node {id}"),
                }
            }
            for &child in &node.children {
                let mut next = position.clone();
                next.play(tree.nodes[child].mv.expect("children have moves"));
                stack.push((child, next));
            }
        }
    }

    #[test]
    fn recorded_searches_agree_with_minimax_and_account_for_every_leaf() {
        let shape = TreeShape { depth: 5, width: 12, branching: 3, leaf_percent: 20 };
        let (mut total_pruned, mut bounds) = (0, 0);
        for seed in 0..40 {
            let stop = StopFlag::new();
            let scored = RandomTree::<true>::generate(seed, shape);
            let full = record(&scored.root(), Algorithm::Minimax, Order::Natural, None, usize::MAX, &stop).unwrap();
            assert_eq!(full.pruned_leaves, 0);
            for order in [Order::Natural, Order::Engine] {
                let pruned = record(&scored.root(), Algorithm::Alphabeta, order, None, usize::MAX, &stop).unwrap();
                // Every leaf of the full tree is either evaluated or inside a pruned subtree.
                assert_eq!(pruned.evaluated_leaves + pruned.pruned_leaves, full.evaluated_leaves, "seed {seed}");
                assert_eq!(pruned.nodes.len(), full.nodes.len(), "seed {seed}: every node is drawn");
                assert_eq!(pruned.root_view_value(0), full.root_view_value(0));
                check_against_minimax(&scored.root(), &pruned);
                total_pruned += pruned.pruned_leaves;
                bounds += (0..pruned.nodes.len()).filter(|&id| pruned.bound(id) != Bound::Exact).count();
            }
            check_against_minimax(&scored.root(), &full);
            let wdl = RandomTree::<false>::generate(seed, shape);
            let pruned = record(&wdl.root(), Algorithm::Alphabeta, Order::Natural, None, usize::MAX, &stop).unwrap();
            check_against_minimax(&wdl.root(), &pruned);
            // A node cap draws fewer nodes but counts the same leaves.
            let capped = record(&wdl.root(), Algorithm::Alphabeta, Order::Natural, None, 5, &stop).unwrap();
            assert_eq!(capped.nodes.len().min(5), capped.nodes.len());
            assert_eq!((capped.evaluated_leaves, capped.pruned_leaves), (pruned.evaluated_leaves, pruned.pruned_leaves));
            let not_drawn: u64 = capped.nodes.iter().map(|node| node.not_drawn).sum();
            assert_eq!(capped.nodes.len() as u64 + not_drawn, pruned.nodes.len() as u64, "seed {seed}");
        }
        assert!(total_pruned > 100 && bounds > 100, "the trees exercise cut-offs: {total_pruned} {bounds}");
    }
}
