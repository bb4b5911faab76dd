//! Records what the engine's own search does, node by node, through its
//! [`Observer`](gametree_engine::Observer) hooks: windows at entry, values at exit, cut-offs,
//! and the order of those events. One recording serves both views of a search:
//! `gametree tree` draws it (text, DOT, SVG, JSON) and the web page's alpha-beta stepper
//! (`serve`) replays its events one at a time. Neither re-implements the search.

use gametree_engine::{
    minimax_with, Game, GameKind, Limits, Observer, Player, SearchOptions, Searcher, Statistics, StopFlag, Value, Verdict,
    UNLIMITED_DEPTH,
};
use gametree_games::Notation;

/// Which algorithm to record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Algorithm {
    /// Plain minimax: every node, every value.
    Minimax,
    /// Alpha-beta (fail-soft negamax): windows, cut-offs, pruned subtrees.
    Alphabeta,
}

impl Algorithm {
    /// The algorithm names, in the order of the variants.
    pub const NAMES: &'static [&'static str] = &["minimax", "alphabeta"];

    /// The algorithm's name (as `--algorithm` and the web API spell it).
    #[must_use]
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// The order children are searched in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Order {
    /// The game's natural move order (left to right for `tree`).
    Natural,
    /// The engine's move ordering (`Game::order_moves`).
    Engine,
}

/// How much of a pruned move's subtree to record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pruned {
    /// Every position below a pruned move (greyed in drawings; its leaves are counted).
    Subtrees,
    /// Only the pruned moves themselves (the stepper shows where the search cut off).
    Moves,
}

/// What a recorded node is.
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

/// One recorded node. Values and windows are kept as the engine reported them:
/// for the side to move at the node, remoteness counted from the search root.
#[derive(Clone, Debug)]
pub struct RecordedNode<M> {
    /// The node's parent (`None` at the root).
    pub parent: Option<usize>,
    /// The move that led here (`None` at the root).
    pub mv: Option<M>,
    /// Plies below the root.
    pub ply: u32,
    /// The side to move here.
    pub to_move: Player,
    /// The window when the search entered (side to move's view); `(-∞, +∞)` for plain
    /// minimax and for pruned nodes.
    pub window: (Value, Value),
    /// The value the search returned (side to move's view). Pruned nodes have the static
    /// value of a finished game or depth-limit leaf, and none when they are inner nodes.
    pub value: Option<Value>,
    /// Inner node, finished game or depth-limit leaf.
    pub kind: Kind,
    /// Children in search order.
    pub children: Vec<usize>,
    /// Never searched: cut off by alpha-beta.
    pub pruned: bool,
    /// Whether no heuristic leaf lies below (so the value is proven).
    pub exact: bool,
    /// Descendants searched (or pruned) but not recorded because of the node cap.
    pub not_drawn: u64,
    /// Plies along the line that gave the node its value (0 for leaves).
    pub line_length: u32,
}

/// One step of the search, in the order it happened, naming recorded nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The search entered this node.
    Enter(usize),
    /// The search left this node with its value.
    Leave(usize),
    /// A cut-off at this node: the listed children (pruned moves) are never searched.
    Prune(usize, Vec<usize>),
}

/// A recorded search.
#[derive(Clone, Debug)]
pub struct SearchTree<M> {
    /// Nodes; index 0 is the root. Children follow their parents.
    pub nodes: Vec<RecordedNode<M>>,
    /// Enter, leave and prune events of the recorded nodes, in search order.
    pub events: Vec<Event>,
    /// The side whose view values are shown from: always the first player (max), as in
    /// textbooks, whoever moves at the root.
    pub view: Player,
    /// Leaves the search evaluated (finished games and depth-limit leaves).
    pub evaluated_leaves: u64,
    /// Leaves inside pruned subtrees (within the depth limit).
    pub pruned_leaves: u64,
    /// False when the pruned subtrees were too large to count completely (or were not
    /// walked, with [`Pruned::Moves`]).
    pub pruned_leaves_exact: bool,
    /// Whether the node cap left searched or pruned nodes out of the recording.
    pub capped: bool,
    /// What the search did.
    pub statistics: Statistics,
}

/// What to record, and how much of it.
#[derive(Clone, Copy, Debug)]
pub struct Recording {
    /// Minimax or alpha-beta.
    pub algorithm: Algorithm,
    /// The order alpha-beta searches children in (minimax always uses the natural order).
    pub order: Order,
    /// A depth limit: deeper positions are valued by the game's evaluation.
    pub depth: Option<u32>,
    /// Record at most this many nodes; the rest are counted on their nearest recorded
    /// ancestor.
    pub cap: usize,
    /// Whole pruned subtrees or only the pruned moves.
    pub pruned: Pruned,
    /// Limits of the alpha-beta search (minimax cannot be stopped halfway).
    pub limits: Limits,
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
    pruned: Pruned,
    nodes: Vec<RecordedNode<G::Move>>,
    events: Vec<Event>,
    stack: Vec<Frame<G::Move>>,
    evaluated_leaves: u64,
    pruned_leaves: u64,
    walk_budget: u64,
    pruned_leaves_exact: bool,
    capped: bool,
}

/// Positions the pruned-subtree walk may visit in all before it stops counting.
const PRUNED_WALK_BUDGET: u64 = 2_000_000;

impl<G: Game> Recorder<G> {
    fn new(position: G, depth: Option<u32>, cap: usize, pruned: Pruned) -> Self {
        Recorder {
            position,
            depth,
            cap,
            pruned,
            nodes: Vec::new(),
            events: Vec::new(),
            stack: Vec::new(),
            evaluated_leaves: 0,
            pruned_leaves: 0,
            walk_budget: PRUNED_WALK_BUDGET,
            pruned_leaves_exact: true,
            capped: false,
        }
    }

    /// Adds a node under `parent` if the cap allows, otherwise counts it on the nearest
    /// recorded ancestor.
    fn add(&mut self, parent: Option<usize>, node: RecordedNode<G::Move>) -> Option<usize> {
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
        self.capped = true;
        if let Some(ancestor) = self.stack.iter().rev().find_map(|frame| frame.drawn) {
            self.nodes[ancestor].not_drawn += count;
        }
    }

    fn is_horizon(&self, ply: u32) -> bool {
        self.depth.is_some_and(|depth| ply >= depth)
    }

    /// Records a move that was never searched and, with [`Pruned::Subtrees`], its subtree,
    /// counting its leaves. Returns the node of the move, if recorded.
    fn walk_pruned(&mut self, parent: Option<usize>, mv: G::Move, ply: u32) -> Option<usize> {
        let walk = self.pruned == Pruned::Subtrees;
        if walk {
            if self.walk_budget == 0 {
                self.pruned_leaves_exact = false;
                return None;
            }
            self.walk_budget -= 1;
        }
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
        let node = RecordedNode {
            parent,
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
        if kind != Kind::Inner {
            self.pruned_leaves += 1;
        } else if walk {
            let mut moves = Vec::new();
            self.position.generate_moves(&mut moves);
            for child in moves {
                self.walk_pruned(drawn, child, ply + 1);
            }
        } else {
            self.pruned_leaves_exact = false;
        }
        self.position.undo(mv);
        drawn
    }

    fn finish(self, statistics: Statistics) -> SearchTree<G::Move> {
        SearchTree {
            nodes: self.nodes,
            events: self.events,
            view: Player::First,
            evaluated_leaves: self.evaluated_leaves,
            pruned_leaves: self.pruned_leaves,
            pruned_leaves_exact: self.pruned_leaves_exact,
            capped: self.capped,
            statistics,
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
        let node = RecordedNode {
            parent,
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
        if let Some(id) = drawn {
            self.events.push(Event::Enter(id));
        }
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
            self.events.push(Event::Leave(id));
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
        let pruned: Vec<usize> = moves.iter().filter_map(|&mv| self.walk_pruned(parent, mv, ply)).collect();
        if let Some(parent) = parent {
            self.events.push(Event::Prune(parent, pruned));
        }
    }
}

/// Runs the search `recording` describes on `position` and records it.
///
/// Returns `None` when alpha-beta was stopped (by `stop`, e.g. Ctrl-C, or by the
/// recording's limits) before it finished.
pub fn record<G: Game>(position: &G, recording: &Recording, stop: &StopFlag) -> Option<SearchTree<G::Move>> {
    let mut recorder = Recorder::new(position.clone(), recording.depth, recording.cap, recording.pruned);
    match recording.algorithm {
        Algorithm::Minimax => {
            let mut statistics = Statistics::default();
            minimax_with(&mut position.clone(), recording.depth, &mut recorder, &mut statistics);
            Some(recorder.finish(statistics))
        }
        Algorithm::Alphabeta => {
            let options = SearchOptions { ordering: recording.order == Order::Engine, ..SearchOptions::PLAIN };
            let mut searcher = Searcher::with_observer(options, recorder);
            searcher.set_limits(&recording.limits, stop.clone());
            searcher.search(&mut position.clone(), recording.depth.unwrap_or(UNLIMITED_DEPTH), Value::NEG_INFINITY, Value::INFINITY);
            if searcher.stopped() {
                return None;
            }
            let statistics = searcher.statistics();
            Some(searcher.into_observer().finish(statistics))
        }
    }
}

impl<M: Copy> SearchTree<M> {
    /// Calls `visit` with every node and its position, parents before children; `root` is
    /// the position the search started from.
    pub fn for_each_position<G: Game<Move = M>>(&self, root: &G, mut visit: impl FnMut(usize, &G)) {
        let mut stack = vec![(0usize, root.clone())];
        while let Some((id, position)) = stack.pop() {
            visit(id, &position);
            for &child in self.nodes[id].children.iter().rev() {
                let Some(mv) = self.nodes[child].mv else { continue };
                let mut next = position.clone();
                next.play(mv);
                stack.push((child, next));
            }
        }
    }

    /// The move leading to each node, in the notation of its parent position (empty for
    /// the root).
    #[must_use]
    pub fn move_names<G: Notation<Move = M>>(&self, root: &G) -> Vec<String> {
        let mut names = vec![String::new(); self.nodes.len()];
        self.for_each_position(root, |id, position| {
            for &child in &self.nodes[id].children {
                if let Some(mv) = self.nodes[child].mv {
                    names[child] = position.move_notation(mv);
                }
            }
        });
        names
    }

    /// The sign that turns a node's own-view value into the first player's view.
    fn sign(&self, id: usize) -> bool {
        self.nodes[id].to_move == self.view
    }

    /// A node's value from the first player's view (remoteness counted from the root, as
    /// the engine counts it).
    #[must_use]
    pub fn root_view_value(&self, id: usize) -> Option<Value> {
        let node = &self.nodes[id];
        node.value.map(|value| if self.sign(id) { value } else { -value })
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
            let Some(&next) =
                self.nodes[id].children.iter().find(|&&child| !self.nodes[child].pruned && self.nodes[child].value == Some(-value))
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

    /// A recording of the whole search with every pruned subtree, as `tree` draws it.
    fn whole(algorithm: Algorithm, order: Order, cap: usize) -> Recording {
        Recording { algorithm, order, depth: None, cap, pruned: Pruned::Subtrees, limits: Limits::UNLIMITED }
    }

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
            let full = record(&scored.root(), &whole(Algorithm::Minimax, Order::Natural, usize::MAX), &stop).unwrap();
            assert_eq!(full.pruned_leaves, 0);
            for order in [Order::Natural, Order::Engine] {
                let pruned = record(&scored.root(), &whole(Algorithm::Alphabeta, order, usize::MAX), &stop).unwrap();
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
            let pruned = record(&wdl.root(), &whole(Algorithm::Alphabeta, Order::Natural, usize::MAX), &stop).unwrap();
            check_against_minimax(&wdl.root(), &pruned);
            // A node cap draws fewer nodes but counts the same leaves.
            let capped = record(&wdl.root(), &whole(Algorithm::Alphabeta, Order::Natural, 5), &stop).unwrap();
            assert_eq!(capped.nodes.len().min(5), capped.nodes.len());
            assert_eq!((capped.evaluated_leaves, capped.pruned_leaves), (pruned.evaluated_leaves, pruned.pruned_leaves));
            let not_drawn: u64 = capped.nodes.iter().map(|node| node.not_drawn).sum();
            assert_eq!(capped.nodes.len() as u64 + not_drawn, pruned.nodes.len() as u64, "seed {seed}");
        }
        assert!(total_pruned > 100 && bounds > 100, "the trees exercise cut-offs: {total_pruned} {bounds}");
    }

    /// Checks the event order: every searched node is entered once and left once inside
    /// its parent; every pruned move is announced once, by a prune event of its parent;
    /// nodes inside pruned subtrees are in no event.
    fn check_events<M: Copy>(tree: &SearchTree<M>) {
        let mut open: Vec<usize> = Vec::new();
        let mut announced = vec![false; tree.nodes.len()];
        for event in &tree.events {
            match *event {
                Event::Enter(id) => {
                    assert_eq!(tree.nodes[id].parent, open.last().copied(), "node {id}");
                    assert!(!tree.nodes[id].pruned && !announced[id], "node {id}");
                    announced[id] = true;
                    open.push(id);
                }
                Event::Leave(id) => assert_eq!(open.pop(), Some(id)),
                Event::Prune(id, ref pruned) => {
                    assert_eq!(open.last(), Some(&id));
                    for &child in pruned {
                        assert!(tree.nodes[child].pruned && !announced[child], "node {child}");
                        assert_eq!(tree.nodes[child].parent, Some(id));
                        announced[child] = true;
                    }
                }
            }
        }
        assert!(open.is_empty());
        for (id, node) in tree.nodes.iter().enumerate() {
            let inside_pruned = node.parent.is_some_and(|parent| tree.nodes[parent].pruned);
            assert_eq!(announced[id], !inside_pruned, "node {id}");
        }
    }

    #[test]
    fn events_replay_the_search_and_pruned_moves_are_the_roots_of_pruned_subtrees() {
        let shape = TreeShape { depth: 5, width: 12, branching: 3, leaf_percent: 20 };
        for seed in 0..40 {
            let stop = StopFlag::new();
            let root = RandomTree::<true>::generate(seed, shape).root();
            let subtrees = record(&root, &whole(Algorithm::Alphabeta, Order::Engine, usize::MAX), &stop).unwrap();
            let moves = Recording { pruned: Pruned::Moves, ..whole(Algorithm::Alphabeta, Order::Engine, usize::MAX) };
            let moves = record(&root, &moves, &stop).unwrap();
            check_events(&subtrees);
            check_events(&moves);
            assert!(!subtrees.capped && !moves.capped);
            // The same search, event for event; only the pruned subtrees below the pruned
            // moves are left out.
            // Children of pruned moves exist only in `subtrees`, so they are not compared.
            let describe = |tree: &SearchTree<_>, id: usize| {
                let node: &RecordedNode<_> = &tree.nodes[id];
                let children = if node.pruned { 0 } else { node.children.len() };
                (node.mv, node.ply, node.window, node.value, node.kind, node.pruned, children)
            };
            let steps = |tree: &SearchTree<_>| -> Vec<_> {
                let mut steps = Vec::new();
                for event in &tree.events {
                    match event {
                        Event::Enter(id) => steps.push(("enter", describe(tree, *id))),
                        Event::Leave(id) => steps.push(("leave", describe(tree, *id))),
                        Event::Prune(id, pruned) => {
                            steps.push(("prune", describe(tree, *id)));
                            steps.extend(pruned.iter().map(|&child| ("pruned", describe(tree, child))));
                        }
                    }
                }
                steps
            };
            assert_eq!(steps(&subtrees), steps(&moves), "seed {seed}");
            let inside_pruned =
                subtrees.nodes.iter().filter(|node| node.parent.is_some_and(|parent| subtrees.nodes[parent].pruned)).count();
            assert_eq!(moves.nodes.len() + inside_pruned, subtrees.nodes.len());
            let counts = |tree: &SearchTree<_>| (tree.evaluated_leaves, tree.statistics.nodes, tree.statistics.cutoffs);
            assert_eq!(counts(&moves), counts(&subtrees), "seed {seed}");
            assert!(moves.pruned_leaves <= subtrees.pruned_leaves);
        }
    }

    #[test]
    fn a_capped_recording_says_so() {
        let stop = StopFlag::new();
        let shape = TreeShape { depth: 4, width: 12, branching: 3, leaf_percent: 20 };
        let root = RandomTree::<false>::generate(3, shape).root();
        let full = record(&root, &whole(Algorithm::Minimax, Order::Natural, usize::MAX), &stop).unwrap();
        let capped = record(&root, &whole(Algorithm::Minimax, Order::Natural, full.nodes.len() - 1), &stop).unwrap();
        let exact = record(&root, &whole(Algorithm::Minimax, Order::Natural, full.nodes.len()), &stop).unwrap();
        assert!(!full.capped && capped.capped && !exact.capped);
        assert_eq!(capped.nodes.len() + 1, full.nodes.len());
    }
}
