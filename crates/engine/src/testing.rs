//! Random game graphs for testing searches against [`minimax`](crate::minimax()).
//!
//! A [`RandomTree`] is a layered random graph: every node of layer `d` has its children in
//! layer `d + 1`, and many nodes share children, so there are transpositions. Some nodes
//! are declared mirror images of others (same children), which gives symmetries for the
//! table to exploit. Leaves appear at every depth, so remoteness matters.
//! `RandomTree<false>` ends in wins, losses and draws; `RandomTree<true>` in scores.

use std::sync::Arc;

use crate::game::{CanonicalKey, Game, GameKind, Outcome, Player};

/// The size and shape of a random graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeShape {
    /// Number of layers below the root.
    pub depth: u32,
    /// Nodes in each layer below the root.
    pub width: u32,
    /// Most children a node may have (at least 1).
    pub branching: u32,
    /// Percent chance that a node below the root is a leaf before the last layer.
    pub leaf_percent: u32,
}

impl Default for TreeShape {
    fn default() -> Self {
        TreeShape { depth: 7, width: 24, branching: 4, leaf_percent: 15 }
    }
}

impl TreeShape {
    /// Four shapes for oracle tests (the default, deep and narrow, wide with many moves,
    /// tiny), one per `seed` in turn, so that a run over consecutive seeds covers them
    /// all evenly.
    ///
    /// ```
    /// use gametree_engine::testing::TreeShape;
    /// assert_eq!(TreeShape::varied(0), TreeShape::default());
    /// assert_eq!(TreeShape::varied(4), TreeShape::varied(0));
    /// assert_ne!(TreeShape::varied(1), TreeShape::varied(2));
    /// ```
    #[must_use]
    pub fn varied(seed: u64) -> TreeShape {
        const SHAPES: [TreeShape; 4] = [
            TreeShape { depth: 7, width: 24, branching: 4, leaf_percent: 15 },
            TreeShape { depth: 9, width: 12, branching: 3, leaf_percent: 20 },
            TreeShape { depth: 5, width: 40, branching: 6, leaf_percent: 5 },
            TreeShape { depth: 3, width: 4, branching: 3, leaf_percent: 30 },
        ];
        SHAPES[(seed % SHAPES.len() as u64) as usize]
    }
}

#[derive(Clone, Debug)]
struct Node {
    children: Vec<u32>,
    /// The leaf's result from the first player's view: a score, or -1/0/1 for loss/draw/win.
    leaf: Option<i32>,
    evaluation: i32,
    /// The node whose mirror image this is (itself if none).
    mirror_of: u32,
    depth: u32,
}

/// A random game graph; see the module documentation.
#[derive(Clone, Debug)]
pub struct RandomTree<const SCORED: bool> {
    nodes: Arc<Vec<Node>>,
}

/// A position in a [`RandomTree`]: the node and the path that led to it.
#[derive(Clone, Debug)]
pub struct RandomPosition<const SCORED: bool> {
    nodes: Arc<Vec<Node>>,
    path: Vec<u32>,
}

impl<const SCORED: bool> RandomTree<SCORED> {
    /// Generates a graph from `seed`.
    #[must_use]
    pub fn generate(seed: u64, shape: TreeShape) -> Self {
        let mut rng = fastrand_like(seed);
        let mut nodes = vec![];
        let mut layers: Vec<Vec<u32>> = vec![vec![0]];
        nodes.push(Node { children: vec![], leaf: None, evaluation: 0, mirror_of: 0, depth: 0 });
        for depth in 1..=shape.depth {
            let mut layer = Vec::new();
            for _ in 0..shape.width {
                let id = nodes.len() as u32;
                let is_leaf = depth == shape.depth || rng.below(100) < u64::from(shape.leaf_percent);
                let leaf = is_leaf.then(|| if SCORED { rng.below(41) as i32 - 20 } else { rng.below(3) as i32 - 1 });
                nodes.push(Node { children: vec![], leaf, evaluation: rng.below(21) as i32 - 10, mirror_of: id, depth });
                layer.push(id);
            }
            layers.push(layer);
        }
        for depth in 0..shape.depth as usize {
            for &id in &layers[depth] {
                if nodes[id as usize].leaf.is_some() {
                    continue;
                }
                let count = 1 + rng.below(u64::from(shape.branching.max(1)));
                let next = &layers[depth + 1];
                let children = (0..count).map(|_| next[rng.below(next.len() as u64) as usize]).collect::<Vec<_>>();
                let mut unique = Vec::new();
                for child in children {
                    if !unique.contains(&child) {
                        unique.push(child);
                    }
                }
                nodes[id as usize].children = unique;
            }
            // Make some pairs of inner nodes mirror images: same children, same leaf result.
            let layer = &layers[depth];
            if depth > 0 {
                for pair in layer.chunks(2).filter(|_| rng.below(3) == 0) {
                    if let [a, b] = *pair {
                        let source = nodes[a as usize].clone();
                        let target = &mut nodes[b as usize];
                        target.children = source.children;
                        target.leaf = source.leaf;
                        target.evaluation = source.evaluation;
                        target.mirror_of = a;
                    }
                }
            }
        }
        RandomTree { nodes: Arc::new(nodes) }
    }

    /// The start position.
    #[must_use]
    pub fn root(&self) -> RandomPosition<SCORED> {
        RandomPosition { nodes: Arc::clone(&self.nodes), path: vec![0] }
    }
}

impl<const SCORED: bool> RandomPosition<SCORED> {
    fn node(&self) -> &Node {
        &self.nodes[*self.path.last().expect("path has the root") as usize]
    }
}

fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

struct SplitMix(u64);

impl SplitMix {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 = self.0.wrapping_add(1);
        mix(self.0) % bound.max(1)
    }
}

fn fastrand_like(seed: u64) -> SplitMix {
    SplitMix(mix(seed))
}

impl<const SCORED: bool> Game for RandomPosition<SCORED> {
    type Move = u8;

    const KIND: GameKind = if SCORED { GameKind::Scored } else { GameKind::WinDrawLoss };

    fn to_move(&self) -> Player {
        if self.node().depth.is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        moves.extend(0..self.node().children.len() as u8);
    }

    fn play(&mut self, mv: u8) {
        let child = self.node().children[mv as usize];
        self.path.push(child);
    }

    fn undo(&mut self, _mv: u8) {
        self.path.pop();
    }

    fn outcome(&self) -> Option<Outcome> {
        let node = self.node();
        match node.leaf {
            Some(score) if SCORED => Some(Outcome::Score(score)),
            Some(1) => Some(Outcome::Win(Player::First)),
            Some(-1) => Some(Outcome::Win(Player::Second)),
            Some(_) => Some(Outcome::Draw),
            None if node.children.is_empty() => Some(Outcome::Draw),
            None => None,
        }
    }

    fn hash(&self) -> Option<u64> {
        Some(mix(u64::from(*self.path.last().expect("root"))))
    }

    /// Given, so that the oracle tests also run the searches' prefetch before a move.
    ///
    /// ```
    /// use gametree_engine::Game;
    /// use gametree_engine::testing::{RandomTree, TreeShape};
    /// let mut position = RandomTree::<true>::generate(2, TreeShape::default()).root();
    /// let after = position.hash_after(0);
    /// position.play(0);
    /// assert_eq!(after, position.hash());
    /// ```
    fn hash_after(&self, mv: u8) -> Option<u64> {
        Some(mix(u64::from(self.node().children[mv as usize])))
    }

    fn canonical_key(&self) -> Option<CanonicalKey> {
        let node = self.node();
        let id = *self.path.last().expect("root");
        Some(CanonicalKey { key: mix(u64::from(node.mirror_of.min(id))), negated: false })
    }

    fn order_moves(&self, moves: &mut [u8]) {
        // A deliberately arbitrary but deterministic order: by the child's evaluation.
        let node = self.node();
        moves.sort_by_key(|&mv| self.nodes[node.children[mv as usize] as usize].evaluation);
    }

    fn evaluate(&self) -> i32 {
        self.node().evaluation
    }

    fn move_index(&self, mv: u8) -> Option<usize> {
        Some(usize::from(mv))
    }

    /// The nodes that must move rather than stand pat (see below) count as threatened.
    fn is_threatened(&self) -> bool {
        self.path.last().expect("root").is_multiple_of(3)
    }

    /// Even-numbered moves are tactical; one node in three (by its number) must move
    /// rather than stand pat, and then every move counts.
    fn tactical_moves(&self, moves: &mut Vec<u8>) -> bool {
        let count = self.node().children.len() as u8;
        if self.is_threatened() && count > 0 {
            moves.extend(0..count);
            return false;
        }
        moves.extend((0..count).step_by(2));
        true
    }
}
