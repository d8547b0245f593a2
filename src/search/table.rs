//! The transposition table: positions already searched, found again by a
//! Zobrist hash of the seeds in every hole and the player to move.
//!
//! Captured seeds are not hashed: the search scores a position by the seeds
//! still to be won from it (the *future* capture difference), which does not
//! depend on what was captured before, so one entry serves every way of
//! reaching the same holes.

use crate::rules::{Position, Side, Variant};

/// Holes on the widest board.
const SLOTS: usize = 2 * crate::rules::MAX_WIDTH as usize;

/// A pseudo-random key for every (hole, seed count), plus the player to move
/// and the board shape, fixed at compile time so hashes are reproducible.
struct Keys {
    holes: [[u64; 256]; SLOTS],
    north_to_move: u64,
    shape: [u64; 32],
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

static KEYS: Keys = {
    let mut state = 0x00e1_d0d0_5ea5_c0de;
    let mut holes = [[0; 256]; SLOTS];
    let mut slot = 0;
    while slot < SLOTS {
        let mut seeds = 0;
        while seeds < 256 {
            holes[slot][seeds] = splitmix(&mut state);
            seeds += 1;
        }
        slot += 1;
    }
    let north_to_move = splitmix(&mut state);
    let mut shape = [0; 32];
    let mut i = 0;
    while i < 32 {
        shape[i] = splitmix(&mut state);
        i += 1;
    }
    Keys {
        holes,
        north_to_move,
        shape,
    }
};

/// The hash of `position` under `variant`: every hole's seeds, the player to
/// move, the width and the variant (captured seeds left out on purpose).
pub(super) fn hash(position: &Position, variant: Variant) -> u64 {
    let width = usize::from(position.width());
    let mut key = KEYS.shape[2 * width + usize::from(variant == Variant::Cross)];
    for (offset, side) in [(0, Side::South), (width, Side::North)] {
        for (index, &seeds) in position.row(side).iter().enumerate() {
            key ^= KEYS.holes[offset + index][usize::from(seeds)];
        }
    }
    if position.to_move() == Side::North {
        key ^= KEYS.north_to_move;
    }
    key
}

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
