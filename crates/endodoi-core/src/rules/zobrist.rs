//! Zobrist keys: a pseudo-random number for every (hole, seed count), for
//! the player to move and for the board shape, fixed at compile time so that
//! hashes are the same on every run and machine.

use super::{MAX_WIDTH, Side, Variant};

/// Holes on the widest board.
const SLOTS: usize = 2 * MAX_WIDTH as usize;

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

/// The hash of the holes `pits` (in counterclockwise order) with `to_move`
/// to play, on a board `width` holes wide sown by `variant`'s laps.
#[inline]
pub(super) fn hash(pits: &[u8], to_move: Side, width: u8, variant: Variant) -> u64 {
    let mut key = KEYS.shape[2 * usize::from(width) + usize::from(variant == Variant::Cross)];
    for (keys, &seeds) in KEYS.holes.iter().zip(pits) {
        key ^= keys[usize::from(seeds)];
    }
    if to_move == Side::North {
        key ^= KEYS.north_to_move;
    }
    key
}
