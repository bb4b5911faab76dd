//! Search limits as data, and the stop flag shared with Ctrl-C handlers and servers.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How far a search may go. Every field is optional; the default is unlimited.
///
/// ```
/// use std::time::Duration;
/// use gametree_engine::Limits;
/// let limits = Limits::default().with_depth(6).with_time(Duration::from_millis(500));
/// assert_eq!(limits.depth, Some(6));
/// assert!(limits.nodes.is_none());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Maximum depth in plies (iterative deepening stops after this depth).
    pub depth: Option<u32>,
    /// Maximum number of nodes visited.
    pub nodes: Option<u64>,
    /// Maximum wall-clock time.
    pub time: Option<Duration>,
}

impl Limits {
    /// No limit at all: search to the end of the game.
    pub const UNLIMITED: Limits = Limits { depth: None, nodes: None, time: None };

    /// The same limits with a depth cap.
    #[must_use]
    pub const fn with_depth(mut self, depth: u32) -> Limits {
        self.depth = Some(depth);
        self
    }

    /// The same limits with a node cap.
    #[must_use]
    pub const fn with_nodes(mut self, nodes: u64) -> Limits {
        self.nodes = Some(nodes);
        self
    }

    /// The same limits with a time cap.
    #[must_use]
    pub const fn with_time(mut self, time: Duration) -> Limits {
        self.time = Some(time);
        self
    }

    /// Whether a node or time cap can stop a search before it finishes.
    #[must_use]
    pub const fn can_interrupt(&self) -> bool {
        self.nodes.is_some() || self.time.is_some()
    }
}

/// A flag that stops running searches when raised (by Ctrl-C, a server shutting down, the
/// Gomocup `END` command…). Cloning shares the flag.
///
/// ```
/// use gametree_engine::StopFlag;
/// let flag = StopFlag::new();
/// let shared = flag.clone();
/// shared.raise();
/// assert!(flag.is_raised());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A new, lowered flag.
    #[must_use]
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Asks every search watching this flag to stop.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Lowers the flag again, for the next search.
    pub fn lower(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether the flag has been raised.
    #[must_use]
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The running form of [`Limits`]: a deadline, a node budget and a stop flag.
#[derive(Clone, Debug)]
pub(crate) struct Budget {
    pub deadline: Option<Instant>,
    pub nodes: Option<u64>,
    pub stop: StopFlag,
}

impl Budget {
    pub fn new(limits: &Limits, stop: StopFlag) -> Budget {
        Budget { deadline: limits.time.map(|time| Instant::now() + time), nodes: limits.nodes, stop }
    }

    /// Whether a search that has visited `nodes` nodes must stop now.
    pub fn exhausted(&self, nodes: u64) -> bool {
        self.stop.is_raised()
            || self.nodes.is_some_and(|limit| nodes >= limit)
            || self.deadline.is_some_and(|deadline| Instant::now() >= deadline)
    }
}
