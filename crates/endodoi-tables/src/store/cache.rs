//! Decoded, checked blocks of the level files kept in memory, so that a
//! search probing the same neighbourhood again and again reads and decodes
//! each block once. The memory is bounded over all levels: when full, a
//! block not used since the clock hand last passed it makes room (the clock
//! algorithm, close to least recently used at a fraction of the cost).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};

/// Bytes the cache every level file shares by default may hold.
pub const SHARED_CACHE_BYTES: usize = 64 << 20;

/// Blocks of level files kept decoded in memory, at most a given number of
/// bytes of them over all the files that share it; safe to share between
/// threads.
pub struct BlockCache {
    /// The most bytes of blocks held.
    capacity: usize,
    clock: Mutex<Clock>,
}

/// A block in the cache: which file (its [`BlockCache::file_id`]) and
/// which block of it.
type BlockKey = (u64, u64);

#[derive(Default)]
struct Clock {
    /// Where each block is in `slots`.
    places: HashMap<BlockKey, usize, BuildHasherDefault<KeyHasher>>,
    slots: Vec<CacheSlot>,
    /// Bytes of the blocks in `slots`.
    held: usize,
    /// The slot the next search for room starts from.
    hand: usize,
}

struct CacheSlot {
    key: BlockKey,
    block: Arc<[u8]>,
    /// Used since the hand last passed.
    used: bool,
}

/// The hash of a key: its two numbers mixed by a multiplication (the keys
/// are ours, not an adversary's, so a keyed hash buys nothing).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(26) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

impl KeyHasher {
    fn of(key: BlockKey) -> u64 {
        let mut hasher = KeyHasher::default();
        hasher.write_u64(key.0);
        hasher.write_u64(key.1);
        hasher.finish()
    }
}

/// Blocks one search looked at lately, each in a place its key decides:
/// found again with no lock (the shared [`BlockCache`] is locked for every
/// look), and kept alive, all of them the same bytes as the cache's.
#[derive(Clone)]
pub struct Near {
    slots: Box<[Option<NearBlock>]>,
}

/// A block in a [`Near`], with its key.
type NearBlock = (BlockKey, Arc<[u8]>);

/// Bits of a block's place in a [`Near`].
const NEAR_BITS: u32 = 10;
/// Blocks a [`Near`] holds (at most 4 MiB of them).
const NEAR_BLOCKS: usize = 1 << NEAR_BITS;

impl Default for Near {
    fn default() -> Near {
        Near {
            slots: vec![None; NEAR_BLOCKS].into_boxed_slice(),
        }
    }
}

impl std::fmt::Debug for Near {
    /// How many blocks it holds, not the blocks.
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let held = self.slots.iter().flatten().count();
        formatter.debug_struct("Near").field("held", &held).finish()
    }
}

impl BlockCache {
    /// A cache holding at most `capacity` bytes of blocks.
    pub fn new(capacity: usize) -> BlockCache {
        BlockCache {
            capacity,
            clock: Mutex::new(Clock::default()),
        }
    }

    /// The cache level files share unless given their own: at most
    /// [`SHARED_CACHE_BYTES`].
    pub fn shared() -> Arc<BlockCache> {
        static SHARED: OnceLock<Arc<BlockCache>> = OnceLock::new();
        Arc::clone(SHARED.get_or_init(|| Arc::new(BlockCache::new(SHARED_CACHE_BYTES))))
    }

    /// A number no other file opened by this process has: the blocks of a
    /// file replaced on disk are never taken for the new one's.
    pub(super) fn file_id() -> u64 {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        NEXT.fetch_add(1, Ordering::Relaxed)
    }

    /// The byte at `offset` of block `index` of file `file`, if held.
    pub(super) fn byte(&self, file: u64, index: u64, offset: usize) -> Option<u8> {
        let mut clock = self.lock();
        let &place = clock.places.get(&(file, index))?;
        let slot = &mut clock.slots[place];
        slot.used = true;
        slot.block.get(offset).copied()
    }

    /// Block `index` of file `file`, if held, shared.
    fn block(&self, file: u64, index: u64) -> Option<Arc<[u8]>> {
        let mut clock = self.lock();
        let &place = clock.places.get(&(file, index))?;
        let slot = &mut clock.slots[place];
        slot.used = true;
        Some(Arc::clone(&slot.block))
    }

    /// The byte at `offset` of block `index` of file `file`, from `near`
    /// or, if `shared` and the block is held here, from here (the block
    /// then kept in `near` too).
    pub(super) fn byte_near(
        &self,
        file: u64,
        index: u64,
        offset: usize,
        near: &mut Near,
        shared: bool,
    ) -> Option<u8> {
        let key = (file, index);
        let slot = &mut near.slots[(KeyHasher::of(key) >> (64 - NEAR_BITS)) as usize];
        match slot {
            Some((held, block)) if *held == key => block.get(offset).copied(),
            _ if shared => {
                let block = self.block(file, index)?;
                let byte = block.get(offset).copied();
                *slot = Some((key, block));
                byte
            }
            _ => None,
        }
    }

    /// Keeps `block` as block `index` of file `file`, making room if need
    /// be; a block larger than the whole cache is not kept.
    pub(super) fn insert(&self, file: u64, index: u64, block: Arc<[u8]>) {
        if block.len() > self.capacity {
            return;
        }
        let mut clock = self.lock();
        let clock = &mut *clock;
        let key = (file, index);
        if clock.places.contains_key(&key) {
            return;
        }
        let len = block.len();
        let slot = CacheSlot {
            key,
            block,
            used: false,
        };
        // Room is made a block at a time; where the new block is larger
        // than the one it replaces, the next is given up too.
        while clock.held + len > self.capacity {
            let place = clock.victim();
            let old = &clock.slots[place];
            clock.held -= old.block.len();
            clock.places.remove(&old.key);
            if clock.held + len <= self.capacity {
                clock.slots[place] = slot;
                clock.places.insert(key, place);
                clock.held += len;
                return;
            }
            clock.slots.swap_remove(place);
            if place < clock.slots.len() {
                let moved = clock.slots[place].key;
                clock.places.insert(moved, place);
            }
        }
        clock.places.insert(key, clock.slots.len());
        clock.slots.push(slot);
        clock.held += len;
    }

    /// The clock, locked: a thread that panicked holding it left it whole
    /// (every change is made before the lock is let go).
    fn lock(&self) -> MutexGuard<'_, Clock> {
        self.clock.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Blocks held now.
    pub fn blocks_held(&self) -> usize {
        self.lock().slots.len()
    }

    /// Bytes of the blocks held now.
    pub fn bytes_held(&self) -> usize {
        self.lock().held
    }
}

impl std::fmt::Debug for BlockCache {
    /// Its bound and what it holds, not the blocks.
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("BlockCache")
            .field("capacity", &self.capacity)
            .field("blocks_held", &self.blocks_held())
            .field("bytes_held", &self.bytes_held())
            .finish_non_exhaustive()
    }
}

impl Clock {
    /// The slot to give up: the first from the hand not used since the hand
    /// last passed it, clearing the marks it passes.
    ///
    /// # Panics
    /// When there is no slot (never: the cache is full when asked).
    fn victim(&mut self) -> usize {
        assert!(!self.slots.is_empty(), "a full cache holds a block");
        loop {
            if self.hand >= self.slots.len() {
                self.hand = 0;
            }
            let slot = &mut self.slots[self.hand];
            self.hand += 1;
            if !std::mem::take(&mut slot.used) {
                return self.hand - 1;
            }
        }
    }
}
