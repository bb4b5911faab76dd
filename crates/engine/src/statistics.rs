//! Counters every search keeps.

use std::ops::AddAssign;
use std::time::Duration;

/// What a search did: nodes visited, table traffic, cut-offs and time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Statistics {
    /// Positions visited (each call of the search on a position).
    pub nodes: u64,
    /// Leaves valued by the static evaluation because the depth ran out.
    pub horizon_leaves: u64,
    /// Transposition-table look-ups.
    pub table_probes: u64,
    /// Look-ups that found the position.
    pub table_hits: u64,
    /// Look-ups whose stored bound ended the search of the position.
    pub table_cutoffs: u64,
    /// Beta cut-offs: moves left unsearched because one move already refuted the position.
    pub cutoffs: u64,
    /// Null-window searches that had to be repeated with a full window.
    pub researches: u64,
    /// Deepest ply reached.
    pub max_ply: u32,
    /// Wall-clock time, in microseconds.
    pub time_us: u64,
}

impl Statistics {
    /// Elapsed time as a [`Duration`].
    #[must_use]
    pub fn time(&self) -> Duration {
        Duration::from_micros(self.time_us)
    }

    /// Nodes per second (0 when no time was measured).
    #[must_use]
    pub fn nodes_per_second(&self) -> u64 {
        if self.time_us == 0 {
            0
        } else {
            (u128::from(self.nodes) * 1_000_000 / u128::from(self.time_us)) as u64
        }
    }
}

impl AddAssign for Statistics {
    /// Adds counters; times add too (useful for sequential work; parallel callers set the
    /// wall time themselves).
    fn add_assign(&mut self, other: Statistics) {
        self.nodes += other.nodes;
        self.horizon_leaves += other.horizon_leaves;
        self.table_probes += other.table_probes;
        self.table_hits += other.table_hits;
        self.table_cutoffs += other.table_cutoffs;
        self.cutoffs += other.cutoffs;
        self.researches += other.researches;
        self.max_ply = self.max_ply.max(other.max_ply);
        self.time_us += other.time_us;
    }
}
