//! The transposition table: bounded memory, exact/lower/upper bounds, two-way buckets.

use std::mem::MaybeUninit;

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

/// One slot of a bucket: 16 bytes for moves of up to two bytes. All zero bits is an
/// empty slot, so a new table is allocated zeroed and the operating system only supplies
/// the memory pages a search actually touches.
struct Slot<M> {
    key: u64,
    /// Bits 0–21 the value (two's complement), 22–23 the bound, 24 occupied, 25 a move is
    /// stored, 26–31 the generation (modulo 64).
    data: u32,
    depth: u16,
    /// Initialised exactly when bit 25 of `data` is set.
    best_move: MaybeUninit<M>,
}

impl<M: Copy> Clone for Slot<M> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M: Copy> Copy for Slot<M> {}

const VALUE_BITS: u32 = 22;
const VALUE_MASK: u32 = (1 << VALUE_BITS) - 1;
const OCCUPIED: u32 = 1 << 24;
const HAS_MOVE: u32 = 1 << 25;
const GENERATION_SHIFT: u32 = 26;

impl<M: Copy> Slot<M> {
    const EMPTY: Slot<M> = Slot { key: 0, data: 0, depth: 0, best_move: MaybeUninit::uninit() };

    fn new(entry: &Entry<M>) -> Slot<M> {
        let bound = match entry.bound {
            Bound::Exact => 0u32,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        // Values lie within ±(WIN + 1), which 22 bits hold.
        let mut data =
            (entry.value.raw() as u32 & VALUE_MASK) | bound << VALUE_BITS | OCCUPIED | u32::from(entry.generation) << GENERATION_SHIFT;
        let best_move = match entry.best_move {
            Some(mv) => {
                data |= HAS_MOVE;
                MaybeUninit::new(mv)
            }
            None => MaybeUninit::uninit(),
        };
        Slot { key: entry.key, data, depth: entry.depth, best_move }
    }

    fn occupied(&self) -> bool {
        self.data & OCCUPIED != 0
    }

    fn entry(&self) -> Entry<M> {
        let bound = match (self.data >> VALUE_BITS) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        // Sign-extend the 22-bit value.
        let value = ((self.data << (32 - VALUE_BITS)) as i32) >> (32 - VALUE_BITS);
        Entry {
            key: self.key,
            value: Value::from_raw(value),
            depth: self.depth,
            bound,
            // SAFETY: the move is initialised whenever HAS_MOVE is set (see `Slot::new`).
            best_move: (self.data & HAS_MOVE != 0).then(|| unsafe { self.best_move.assume_init() }),
            generation: (self.data >> GENERATION_SHIFT) as u8,
        }
    }
}

/// Two slots, aligned so that small buckets never straddle two cache lines.
#[repr(C, align(32))]
struct Bucket<M>([Slot<M>; 2]);

impl<M: Copy> Clone for Bucket<M> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M: Copy> Copy for Bucket<M> {}

impl<M: Copy> Bucket<M> {
    const EMPTY: Bucket<M> = Bucket([Slot::EMPTY; 2]);
}

/// A fixed-size hash table of search results, addressed by 64-bit keys.
///
/// Buckets hold two entries: the first keeps the deepest result (unless it is from an
/// older search), the second always takes the newest. Keys are stored whole, so a hit is
/// never a different position (barring 64-bit hash collisions). Entries are packed into
/// 16 bytes (for moves of up to two bytes), and the memory is requested zeroed (an empty table), so that
/// short searches in a big table do not pay for pages they never use.
///
/// ```
/// use gametree_engine::{Bound, TranspositionTable, Value};
/// let mut table: TranspositionTable<u8> = TranspositionTable::with_megabytes(1);
/// table.store(42, Value::DRAW, 3, Bound::Exact, Some(7));
/// let entry = table.probe(42).unwrap();
/// assert_eq!((entry.value, entry.depth, entry.best_move), (Value::DRAW, 3, Some(7)));
/// assert!(table.probe(43).is_none());
/// ```
pub struct TranspositionTable<M> {
    buckets: Buckets<M>,
    generation: u8,
}

impl<M: Copy> Clone for TranspositionTable<M> {
    fn clone(&self) -> Self {
        TranspositionTable { buckets: self.buckets.clone(), generation: self.generation }
    }
}

impl<M> std::fmt::Debug for TranspositionTable<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable").field("buckets", &self.buckets.len()).field("generation", &self.generation).finish()
    }
}

/// The buckets, in zeroed memory that the operating system supplies page by page as a
/// search first touches it. On Linux, tables of 2 MiB and more are anonymous mappings
/// advised to use huge pages, which spares most TLB misses of random probes; elsewhere
/// (and as a fallback) the global allocator's zeroed memory.
struct Buckets<M> {
    pointer: std::ptr::NonNull<Bucket<M>>,
    count: usize,
    mapped: bool,
}

// SAFETY: `Buckets` owns its memory exactly as a `Vec<Bucket<M>>` would.
unsafe impl<M: Send> Send for Buckets<M> {}
// SAFETY: shared access only reads, as for a `Vec`.
unsafe impl<M: Sync> Sync for Buckets<M> {}

impl<M: Copy> Buckets<M> {
    fn layout(count: usize) -> std::alloc::Layout {
        std::alloc::Layout::array::<Bucket<M>>(count).expect("table size fits in memory")
    }

    /// `count` (at least one) empty buckets.
    fn zeroed(count: usize) -> Buckets<M> {
        let layout = Self::layout(count);
        #[cfg(target_os = "linux")]
        if layout.size() >= 2 << 20 {
            // SAFETY: a fresh private anonymous mapping of `layout.size()` bytes; it is
            // page-aligned (enough for `Bucket`) and reads as zeros, a valid empty table.
            unsafe {
                let address = libc::mmap(
                    std::ptr::null_mut(),
                    layout.size(),
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                );
                if address != libc::MAP_FAILED {
                    // Only advice: without huge pages the table works all the same.
                    libc::madvise(address, layout.size(), libc::MADV_HUGEPAGE);
                    let pointer = std::ptr::NonNull::new(address.cast()).expect("mmap succeeded");
                    return Buckets { pointer, count, mapped: true };
                }
            }
        }
        // SAFETY: the layout has a non-zero size (count ≥ 1, buckets are not empty types)
        // and all-zero bits are a valid, empty `Bucket` (integers and `MaybeUninit`).
        let pointer = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<Bucket<M>>();
        let pointer = std::ptr::NonNull::new(pointer).unwrap_or_else(|| std::alloc::handle_alloc_error(layout));
        Buckets { pointer, count, mapped: false }
    }
}

impl<M> std::ops::Deref for Buckets<M> {
    type Target = [Bucket<M>];
    fn deref(&self) -> &[Bucket<M>] {
        // SAFETY: `count` initialised (zeroed or written) buckets live at `pointer`.
        unsafe { std::slice::from_raw_parts(self.pointer.as_ptr(), self.count) }
    }
}

impl<M> std::ops::DerefMut for Buckets<M> {
    fn deref_mut(&mut self) -> &mut [Bucket<M>] {
        // SAFETY: as for `deref`, and `&mut self` makes the access unique.
        unsafe { std::slice::from_raw_parts_mut(self.pointer.as_ptr(), self.count) }
    }
}

impl<M: Copy> Clone for Buckets<M> {
    fn clone(&self) -> Self {
        let mut copy = Buckets::zeroed(self.count);
        copy.copy_from_slice(self);
        copy
    }
}

impl<M> Drop for Buckets<M> {
    fn drop(&mut self) {
        let size = std::mem::size_of::<Bucket<M>>() * self.count;
        if self.mapped {
            #[cfg(target_os = "linux")]
            // SAFETY: the mapping made in `zeroed`, with its size, unmapped once.
            unsafe {
                libc::munmap(self.pointer.as_ptr().cast(), size);
            }
        } else {
            let layout = std::alloc::Layout::from_size_align(size, std::mem::align_of::<Bucket<M>>()).expect("layout");
            // SAFETY: allocated in `zeroed` with this same layout.
            unsafe { std::alloc::dealloc(self.pointer.as_ptr().cast(), layout) }
        }
    }
}

impl<M: Copy> TranspositionTable<M> {
    /// The depth recorded for results that hold at every depth.
    pub const PROVEN: u16 = u16::MAX;

    /// A table using about `megabytes` MiB (at least one bucket).
    #[must_use]
    pub fn with_megabytes(megabytes: usize) -> Self {
        let bucket_size = std::mem::size_of::<Bucket<M>>();
        let count = (megabytes.saturating_mul(1 << 20) / bucket_size).max(1);
        TranspositionTable { buckets: Buckets::zeroed(count), generation: 0 }
    }

    /// A table holding at least `entries` entries (rounded up to whole buckets).
    #[must_use]
    pub fn with_entries(entries: usize) -> Self {
        TranspositionTable { buckets: Buckets::zeroed(entries.div_ceil(2).max(1)), generation: 0 }
    }

    /// Number of entries the table can hold.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Memory used by the entries, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket<M>>()
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.buckets.iter_mut().for_each(|bucket| *bucket = Bucket::EMPTY);
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

    /// Asks the processor to start loading the bucket of `key` into its cache; a later
    /// [`TranspositionTable::probe`] or [`TranspositionTable::store`] then waits less.
    /// Only a hint: it changes no result.
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket: *const Bucket<M> = &self.buckets[self.index(key)];
            // SAFETY: SSE is part of x86_64; a prefetch never faults and reads nothing
            // the program sees.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.buckets[self.index(key)].0.iter().find(|slot| slot.key == key && slot.occupied()).map(Slot::entry)
    }

    /// Stores a result for `key`. `value` must already be node-relative.
    pub fn store(&mut self, key: u64, value: Value, depth: u16, bound: Bound, best_move: Option<M>) {
        // Slots keep the generation modulo 64.
        let generation = self.generation % 64;
        let index = self.index(key);
        let bucket = &mut self.buckets[index].0;
        let new = Entry { key, value, depth, bound, best_move, generation };
        for slot in bucket.iter_mut() {
            if slot.occupied() && slot.key == key {
                let old = slot.entry();
                // Same position: keep a deeper exact result from this search.
                if old.generation == generation && old.depth > depth && old.bound == Bound::Exact {
                    return;
                }
                *slot = Slot::new(&Entry { best_move: best_move.or(old.best_move), ..new });
                return;
            }
        }
        let keep_first = bucket[0].occupied() && {
            let old = bucket[0].entry();
            old.generation == generation && old.depth > depth
        };
        if !keep_first {
            bucket[1] = bucket[0];
        }
        bucket[usize::from(keep_first)] = Slot::new(&new);
    }

    /// How full the table is, in permille of a sample of buckets (as UCI's `hashfull`).
    #[must_use]
    pub fn permille_full(&self) -> u32 {
        let sample = self.buckets.len().min(500);
        if sample == 0 {
            return 0;
        }
        let used: usize = self.buckets[..sample].iter().map(|bucket| bucket.0.iter().filter(|slot| slot.occupied()).count()).sum();
        (used * 1000 / (sample * 2)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_moves_make_sixteen_byte_slots() {
        assert_eq!(std::mem::size_of::<Bucket<u8>>(), 32);
        assert_eq!(std::mem::size_of::<Bucket<u16>>(), 32);
    }

    #[test]
    fn every_value_bound_and_move_survives_packing() {
        let mut table: TranspositionTable<u32> = TranspositionTable::with_megabytes(1);
        let values = [Value::win_in(0), Value::loss_in(0), Value::INFINITY, Value::NEG_INFINITY, Value::DRAW, Value::score(-77)];
        for (index, &value) in values.iter().enumerate() {
            for (offset, bound) in [Bound::Exact, Bound::Lower, Bound::Upper].into_iter().enumerate() {
                let key = (index * 3 + offset) as u64 * 0x9E37_79B9_7F4A_7C15;
                let best_move = (offset != 1).then_some(u32::MAX - index as u32);
                table.store(key, value, TranspositionTable::<u32>::PROVEN - offset as u16, bound, best_move);
                let entry = table.probe(key).unwrap();
                assert_eq!((entry.value, entry.bound, entry.best_move), (value, bound, best_move));
                assert_eq!(entry.depth, TranspositionTable::<u32>::PROVEN - offset as u16);
            }
        }
        // Key 0 is a key like any other, not an empty slot; a new search may replace it.
        assert_eq!(table.probe(0).unwrap().value, Value::win_in(0));
        table.new_search();
        table.store(0, Value::DRAW, 1, Bound::Exact, None);
        assert_eq!(table.probe(0).unwrap().value, Value::DRAW);
        table.clear();
        assert!(table.probe(0).is_none());
    }
}
