//! The transposition table: bounded memory, exact/lower/upper bounds, two-way buckets,
//! shareable between the threads of a parallel search.

use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::Arc;

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
/// [`TranspositionTable::share`] gives a second handle on the same entries for another
/// thread (the helpers of a parallel search); shared handles lock each bucket they read
/// or write (one of 4,096 spin locks), unshared ones need no lock. `clone` copies the
/// entries into a new, unshared table.
///
/// ```
/// use gametree_engine::{Bound, TranspositionTable, Value};
/// let mut table: TranspositionTable<u8> = TranspositionTable::with_megabytes(1);
/// table.store(42, Value::DRAW, 3, Bound::Exact, Some(7));
/// let entry = table.probe(42).unwrap();
/// assert_eq!((entry.value, entry.depth, entry.best_move), (Value::DRAW, 3, Some(7)));
/// assert!(table.probe(43).is_none());
///
/// // Another thread's handle sees the same entries.
/// let mut other = table.share();
/// std::thread::spawn(move || other.store(43, Value::DRAW, 1, Bound::Lower, None)).join().unwrap();
/// assert_eq!(table.probe(43).unwrap().bound, Bound::Lower);
/// ```
pub struct TranspositionTable<M> {
    storage: Arc<Storage<M>>,
    /// Whether another handle may reach `storage` (see [`TranspositionTable::share`]):
    /// then every access takes its bucket's lock.
    concurrent: bool,
}

/// The entries of a table and what its handles share besides.
struct Storage<M> {
    buckets: Buckets<M>,
    /// Spin locks, bucket `i` taking lock `i % LOCKS`.
    locks: Box<[AtomicBool]>,
    generation: AtomicU8,
}

/// Spin locks of a table (a power of two).
const LOCKS: usize = 4096;

/// Holds a bucket's lock until dropped.
struct LockGuard<'a>(Option<&'a AtomicBool>);

impl Drop for LockGuard<'_> {
    fn drop(&mut self) {
        if let Some(lock) = self.0 {
            lock.store(false, Ordering::Release);
        }
    }
}

impl<M: Copy> Storage<M> {
    fn new(buckets: Buckets<M>) -> Storage<M> {
        Storage { buckets, locks: (0..LOCKS).map(|_| AtomicBool::new(false)).collect(), generation: AtomicU8::new(0) }
    }
}

impl<M: Copy> Clone for TranspositionTable<M> {
    fn clone(&self) -> Self {
        let copy = Storage::new(Buckets::zeroed(self.storage.buckets.count));
        for index in 0..copy.buckets.count {
            let _guard = self.lock(index);
            // SAFETY: `index` is in range, the source bucket is locked when shared, and
            // the copy is not reachable from anywhere else yet.
            unsafe { *copy.buckets.pointer.as_ptr().add(index) = *self.bucket(index) };
        }
        copy.generation.store(self.storage.generation.load(Ordering::Relaxed), Ordering::Relaxed);
        TranspositionTable { storage: Arc::new(copy), concurrent: false }
    }
}

impl<M> std::fmt::Debug for TranspositionTable<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("buckets", &self.storage.buckets.count)
            .field("generation", &self.storage.generation.load(Ordering::Relaxed))
            .field("shared", &self.concurrent)
            .finish()
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
// SAFETY: the only shared access is through `TranspositionTable`, which reads without a
// lock only through an unshared handle (`&self` there excludes writers) and otherwise
// reads and writes a bucket only while holding its lock.
unsafe impl<M: Send> Sync for Buckets<M> {}

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
        TranspositionTable::with_buckets(count)
    }

    /// A table holding at least `entries` entries (rounded up to whole buckets).
    #[must_use]
    pub fn with_entries(entries: usize) -> Self {
        TranspositionTable::with_buckets(entries.div_ceil(2).max(1))
    }

    fn with_buckets(count: usize) -> Self {
        TranspositionTable { storage: Arc::new(Storage::new(Buckets::zeroed(count))), concurrent: false }
    }

    /// Another handle on this table's entries, for another thread: what either stores,
    /// both find. Both handles lock each bucket they touch from now on (the few
    /// nanoseconds of an uncontended lock), and so does this one after the other is gone.
    #[must_use]
    pub fn share(&mut self) -> Self {
        self.concurrent = true;
        TranspositionTable { storage: Arc::clone(&self.storage), concurrent: true }
    }

    /// Whether the entries are shared with another handle (see [`TranspositionTable::share`]).
    #[must_use]
    pub fn is_shared(&self) -> bool {
        self.concurrent
    }

    /// Number of entries the table can hold.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.storage.buckets.count * 2
    }

    /// Memory used by the entries, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.storage.buckets.count * std::mem::size_of::<Bucket<M>>()
    }

    /// Forgets every entry (of every handle on the table).
    pub fn clear(&mut self) {
        for index in 0..self.storage.buckets.count {
            let _guard = self.lock(index);
            // SAFETY: in range, and locked when shared (`&mut self` excludes other users
            // of an unshared table).
            unsafe { *self.bucket(index) = Bucket::EMPTY };
        }
        self.storage.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: entries of older searches become the first to be replaced.
    pub fn new_search(&mut self) {
        self.storage.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn index(&self, key: u64) -> usize {
        // Multiply-shift maps the key onto the bucket range without a division.
        ((u128::from(key) * self.storage.buckets.count as u128) >> 64) as usize
    }

    /// The bucket at `index`, which must be below the bucket count. The caller must hold
    /// its lock if the table is shared, and must not write through an unshared table's
    /// pointer from a `&self` method.
    fn bucket(&self, index: usize) -> *mut Bucket<M> {
        debug_assert!(index < self.storage.buckets.count);
        // SAFETY: `index` is within the allocation of `count` buckets.
        unsafe { self.storage.buckets.pointer.as_ptr().add(index) }
    }

    /// Takes the lock of the bucket at `index` if the table is shared.
    fn lock(&self, index: usize) -> LockGuard<'_> {
        if !self.concurrent {
            return LockGuard(None);
        }
        let lock = &self.storage.locks[index % LOCKS];
        while lock.compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed).is_err() {
            std::hint::spin_loop();
        }
        LockGuard(Some(lock))
    }

    /// Asks the processor to start loading the bucket of `key` into its cache; a later
    /// [`TranspositionTable::probe`] or [`TranspositionTable::store`] then waits less.
    /// Only a hint: it changes no result.
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket = self.bucket(self.index(key));
            // SAFETY: SSE is part of x86_64; a prefetch never faults and reads nothing
            // the program sees.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(bucket.cast_const().cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let index = self.index(key);
        let _guard = self.lock(index);
        // SAFETY: in range; locked when shared, and an unshared table is only written
        // through `&mut self`, which cannot coexist with this `&self`.
        let bucket = unsafe { &*self.bucket(index) };
        bucket.0.iter().find(|slot| slot.key == key && slot.occupied()).map(Slot::entry)
    }

    /// Stores a result for `key`. `value` must already be node-relative.
    pub fn store(&mut self, key: u64, value: Value, depth: u16, bound: Bound, best_move: Option<M>) {
        // Slots keep the generation modulo 64.
        let generation = self.storage.generation.load(Ordering::Relaxed) % 64;
        let index = self.index(key);
        let _guard = self.lock(index);
        // SAFETY: in range; locked when shared, and `&mut self` is the only user of an
        // unshared table.
        let bucket = unsafe { &mut (*self.bucket(index)).0 };
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
        let sample = self.storage.buckets.count.min(500);
        let used: usize = (0..sample)
            .map(|index| {
                let _guard = self.lock(index);
                // SAFETY: in range; locked when shared, only read.
                let bucket = unsafe { &*self.bucket(index) };
                bucket.0.iter().filter(|slot| slot.occupied()).count()
            })
            .sum();
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
