//! The transposition table: positions already searched, found again by
//! their Zobrist hash ([`Position::hash`](crate::rules::Position::hash)): the
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
    key: u64,
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

/// A fixed-size, always-replace hash table of [`Entry`].
#[derive(Clone, Debug)]
pub(super) struct Table {
    entries: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        Table {
            entries: vec![None; 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.entries.fill(None);
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & self.mask
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[self.index(key)].filter(|entry| entry.key == key)
    }

    /// Stores a result, replacing whatever shared its slot.
    pub fn store(&mut self, key: u64, score: i32, depth: u8, bound: Bound, best: Option<u8>) {
        let index = self.index(key);
        self.entries[index] = Some(Entry {
            key,
            score: score as i16,
            depth,
            bound,
            best,
        });
    }
}
