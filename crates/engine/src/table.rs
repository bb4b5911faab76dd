//! The transposition table: bounded memory, exact/lower/upper bounds, two-way buckets.

use crate::value::Value;

/// What a stored value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The stored value is the value.
    Exact,
    /// The true value is at least the stored value (the search failed high).
    Lower,
    /// The true value is at most the stored value (the search failed low).
    Upper,
}

impl Bound {
    /// The bound that holds after negating the value.
    #[must_use]
    pub const fn flipped(self) -> Bound {
        match self {
            Bound::Exact => Bound::Exact,
            Bound::Lower => Bound::Upper,
            Bound::Upper => Bound::Lower,
        }
    }
}

/// One stored result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry<M> {
    /// The full key of the position.
    pub key: u64,
    /// The value, relative to the stored position (see [`Value::to_node_relative`]).
    pub value: Value,
    /// Remaining depth searched below the position; [`TranspositionTable::PROVEN`] when no
    /// heuristic leaf was reached, so the bound holds at every depth.
    pub depth: u16,
    /// How `value` relates to the true value.
    pub bound: Bound,
    /// The best (or refuting) move found, when known.
    pub best_move: Option<M>,
    generation: u8,
}

/// A fixed-size hash table of search results, addressed by 64-bit keys.
///
/// Buckets hold two entries: the first keeps the deepest result (unless it is from an
/// older search), the second always takes the newest. Keys are stored whole, so a hit is
/// never a different position (barring 64-bit hash collisions).
///
/// ```
/// use gametree_engine::{Bound, TranspositionTable, Value};
/// let mut table: TranspositionTable<u8> = TranspositionTable::with_megabytes(1);
/// table.store(42, Value::DRAW, 3, Bound::Exact, Some(7));
/// let entry = table.probe(42).unwrap();
/// assert_eq!((entry.value, entry.depth, entry.best_move), (Value::DRAW, 3, Some(7)));
/// assert!(table.probe(43).is_none());
/// ```
#[derive(Clone, Debug)]
pub struct TranspositionTable<M> {
    buckets: Vec<[Option<Entry<M>>; 2]>,
    generation: u8,
}

impl<M: Copy> TranspositionTable<M> {
    /// The depth recorded for results that hold at every depth.
    pub const PROVEN: u16 = u16::MAX;

    /// A table using about `megabytes` MiB (at least one bucket).
    #[must_use]
    pub fn with_megabytes(megabytes: usize) -> Self {
        let bucket_size = std::mem::size_of::<[Option<Entry<M>>; 2]>();
        let count = (megabytes.saturating_mul(1 << 20) / bucket_size).max(1);
        TranspositionTable { buckets: vec![[None, None]; count], generation: 0 }
    }

    /// A table holding at least `entries` entries (rounded up to whole buckets).
    #[must_use]
    pub fn with_entries(entries: usize) -> Self {
        TranspositionTable { buckets: vec![[None, None]; entries.div_ceil(2).max(1)], generation: 0 }
    }

    /// Number of entries the table can hold.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Memory used by the entries, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<[Option<Entry<M>>; 2]>()
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.buckets.iter_mut().for_each(|bucket| *bucket = [None, None]);
        self.generation = 0;
    }

    /// Starts a new search: entries of older searches become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn index(&self, key: u64) -> usize {
        // Multiply-shift maps the key onto the bucket range without a division.
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }

    /// The entry stored for `key`, if any.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.buckets[self.index(key)].iter().flatten().find(|entry| entry.key == key).copied()
    }

    /// Stores a result for `key`. `value` must already be node-relative.
    pub fn store(&mut self, key: u64, value: Value, depth: u16, bound: Bound, best_move: Option<M>) {
        let generation = self.generation;
        let index = self.index(key);
        let bucket = &mut self.buckets[index];
        let new = Entry { key, value, depth, bound, best_move, generation };
        for slot in bucket.iter_mut() {
            if let Some(old) = slot {
                if old.key == key {
                    // Same position: keep a deeper exact result from this search.
                    if old.generation == generation && old.depth > depth && old.bound == Bound::Exact {
                        return;
                    }
                    *slot = Some(Entry { best_move: best_move.or(old.best_move), ..new });
                    return;
                }
            }
        }
        let keep_first = matches!(bucket[0], Some(old) if old.generation == generation && old.depth > depth);
        if keep_first {
            bucket[1] = Some(new);
        } else {
            bucket[1] = bucket[0];
            bucket[0] = Some(new);
        }
    }

    /// How full the table is, in permille of a sample of buckets (as UCI's `hashfull`).
    #[must_use]
    pub fn permille_full(&self) -> u32 {
        let sample = self.buckets.len().min(500);
        if sample == 0 {
            return 0;
        }
        let used: usize = self.buckets[..sample].iter().map(|bucket| bucket.iter().flatten().count()).sum();
        (used * 1000 / (sample * 2)) as u32
    }
}
