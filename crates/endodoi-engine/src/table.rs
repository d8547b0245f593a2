//! The transposition table: positions already searched, found again by
//! their Zobrist hash ([`Position::hash`](endodoi_core::rules::Position::hash)): the
//! seeds in every hole and the player to move.
//!
//! Captured seeds are not hashed: the search scores a position by the seeds
//! still to be won from it (the *future* capture difference), which does not
//! depend on what was captured before, so one entry serves every way of
//! reaching the same holes.

/// What a stored score says about the true score.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// The score is the position's value at the stored depth.
    Exact,
    /// The true value is at least the score (the search failed high).
    Lower,
    /// The true value is at most the score (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    /// Future capture difference for the player to move.
    pub score: i16,
    /// Plies searched below the position; [`SOLVED`] when no heuristic leaf
    /// was reached, so any depth may use the score.
    pub depth: u8,
    pub bound: Bound,
    /// Index of the best (or refuting) hole in the mover's row, if any.
    pub best: Option<u8>,
}

/// The depth stored for a score that no evaluation went into.
pub(super) const SOLVED: u8 = u8::MAX;

/// An entry as the table keeps it, in 8 bytes: the upper half of its
/// position's hash (the lower bits chose its slot), and the rest packed.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Slot {
    check: u32,
    score: i16,
    depth: u8,
    /// The bound in bits 0–1 (0 for an empty slot), the best hole + 1 in
    /// bits 4–7 (0 for none).
    packed: u8,
}

impl Slot {
    fn check_of(key: u64) -> u32 {
        (key >> 32) as u32
    }

    fn entry(self, key: u64) -> Option<Entry> {
        let bound = match self.packed & 0b11 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        (self.check == Slot::check_of(key)).then(|| Entry {
            score: self.score,
            depth: self.depth,
            bound,
            best: (self.packed >> 4).checked_sub(1),
        })
    }
}

/// A fixed-size, always-replace hash table of [`Entry`], 8 bytes each, so
/// that as many as possible stay in the processor's caches.
#[derive(Clone, Debug)]
pub(super) struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        Table {
            slots: vec![Slot::default(); 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & self.mask
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[self.index(key)].entry(key)
    }

    /// Stores a result, replacing whatever shared its slot.
    pub fn store(&mut self, key: u64, score: i32, depth: u8, bound: Bound, best: Option<u8>) {
        let index = self.index(key);
        let bound = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        self.slots[index] = Slot {
            check: Slot::check_of(key),
            score: score as i16,
            depth,
            packed: bound | best.map_or(0, |index| (index + 1) << 4),
        };
    }
}
