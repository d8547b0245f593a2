//! The sowing kernel: one move's relay laps on a bare array of holes.
//!
//! Holes are kept in one array in counterclockwise order: South's holes from
//! South's left, then North's from North's left. Sowing counterclockwise is then
//! "the next index, wrapping round"; the hole opposite index `i` is `2W − 1 − i`.

use super::{Direction, LAP_LIMIT, Variant};

/// Room for the holes of the widest board (20), rounded up to a whole number
/// of SIMD registers so that a lap is a handful of lane-wise additions.
pub(crate) const LANES: usize = 32;

/// The holes of a board in counterclockwise order; only the first `2W` are
/// used, the rest stay 0.
pub(crate) type Pits = [u8; LANES];

/// `UPTO[k]` has a 1 in each of the first `k` lanes: `UPTO[b] − UPTO[a]`
/// marks the holes `a..b`.
const UPTO: [Pits; LANES + 1] = {
    let mut table = [[0; LANES]; LANES + 1];
    let mut k = 1;
    while k <= LANES {
        let mut lane = 0;
        while lane < k {
            table[k][lane] = 1;
            lane += 1;
        }
        k += 1;
    }
    table
};

/// `KEEP_ALL_BUT[i]` is all ones but lane `i`: and-ing it empties hole `i`
/// without a narrow store that would stall the next wide load.
const KEEP_ALL_BUT: [Pits; LANES] = {
    let mut table = [[u8::MAX; LANES]; LANES];
    let mut i = 0;
    while i < LANES {
        table[i][i] = 0;
        i += 1;
    }
    table
};

/// One lap of a sowing, in array indices.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct RawLap {
    /// The hole whose seeds were lifted.
    pub start: u8,
    /// How many seeds were lifted and sown.
    pub seeds: u8,
    /// Which way they went.
    pub direction: Direction,
}

/// How a sowing that ends came to rest.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct SowEnd {
    /// The index of the (previously empty) hole the last seed fell into.
    pub last: u8,
    /// Laps sown, the first included.
    pub laps: u32,
    /// Seeds dropped into holes over all laps.
    pub sown: u32,
}

/// Why a sowing is endless.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Endless {
    /// The sowing state (board, hole, seeds in hand) came back after `period`
    /// laps, so the sowing can never end.
    Cycle {
        /// Laps in one turn of the cycle.
        period: u32,
    },
    /// The sowing had not ended after [`LAP_LIMIT`] laps.
    LapLimit,
}

/// Why a sowing stopped without ending, with the seeds it had sown by then.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct SowEndless {
    pub why: Endless,
    pub sown: u32,
}

/// Sows the seeds of `start` on the first `holes` entries of `pits`, relaying
/// until the last seed lands in an empty hole, at most [`LAP_LIMIT`] laps.
///
/// Every lap is appended to `laps`. `pits` is left as the board after the last
/// lap (before any capture). `pits[start]` must be non-zero.
pub(crate) fn sow(
    pits: &mut Pits,
    holes: usize,
    start: usize,
    variant: Variant,
    laps: &mut Vec<RawLap>,
) -> Result<SowEnd, SowEndless> {
    let mut hole = start;
    let mut lap: u32 = 1;
    let mut sown: u32 = 0;
    // Brent's cycle check on the state at the start of each lap: the board
    // before lifting plus the hole to lift (the seeds in hand follow from them).
    let mut saved = *pits;
    let mut saved_hole = hole;
    let mut power: u32 = 1;
    let mut since_saved: u32 = 0;
    loop {
        let seeds = pits[hole];
        debug_assert!(seeds > 0, "a lap starts from an occupied hole");
        for (pit, keep) in pits.iter_mut().zip(&KEEP_ALL_BUT[hole]) {
            *pit &= keep;
        }
        let direction = variant.direction(seeds);
        laps.push(RawLap {
            start: hole as u8,
            seeds,
            direction,
        });
        let last = sow_lap(pits, holes, hole, seeds, direction);
        sown += u32::from(seeds);
        if pits[last] == 1 {
            return Ok(SowEnd {
                last: last as u8,
                laps: lap,
                sown,
            });
        }
        if lap == LAP_LIMIT {
            return Err(SowEndless {
                why: Endless::LapLimit,
                sown,
            });
        }
        lap += 1;
        hole = last;
        since_saved += 1;
        if hole == saved_hole && *pits == saved {
            return Err(SowEndless {
                why: Endless::Cycle {
                    period: since_saved,
                },
                sown,
            });
        }
        if since_saved == power {
            saved = *pits;
            saved_hole = hole;
            power *= 2;
            since_saved = 0;
        }
    }
}

/// Drops `seeds` seeds one by one into the holes after `from` in `direction`,
/// returning the index of the hole that got the last one.
///
/// Whole turns of the board are added to every hole at once (the emptied
/// starting hole included, as the rules say), then the remainder as one or two
/// runs of holes, each a lane-wise addition of a mask.
#[inline]
fn sow_lap(pits: &mut Pits, holes: usize, from: usize, seeds: u8, direction: Direction) -> usize {
    let seeds = usize::from(seeds);
    // Most laps are shorter than a turn of the board: no division for them.
    let rest = if seeds < holes {
        seeds
    } else {
        let turns = (seeds / holes) as u8;
        for (pit, one) in pits.iter_mut().zip(&UPTO[holes]) {
            *pit += one * turns;
        }
        seeds % holes
    };
    match direction {
        Direction::Counterclockwise => {
            let end = from + 1 + rest;
            if end <= holes {
                add_run(pits, from + 1, end);
                end - 1
            } else {
                add_run(pits, from + 1, holes);
                add_run(pits, 0, end - holes);
                end - holes - 1
            }
        }
        Direction::Clockwise => {
            if rest <= from {
                add_run(pits, from - rest, from);
                from - rest
            } else {
                add_run(pits, 0, from);
                add_run(pits, holes + from - rest, holes);
                holes + from - rest
            }
        }
    }
}

/// Adds a seed to each hole of `start..end`.
#[inline]
fn add_run(pits: &mut Pits, start: usize, end: usize) {
    for ((pit, upto_end), upto_start) in pits.iter_mut().zip(&UPTO[end]).zip(&UPTO[start]) {
        *pit += upto_end - upto_start;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(counts: &[u8]) -> Pits {
        let mut pits = [0; LANES];
        pits[..counts.len()].copy_from_slice(counts);
        pits
    }

    #[test]
    fn lap_wraps_round_and_refills_the_emptied_hole() {
        let mut pits = board(&[0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
        let last = sow_lap(&mut pits, 12, 0, 13, Direction::Counterclockwise);
        assert_eq!(last, 1);
        assert_eq!(pits, board(&[1, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]));
    }

    #[test]
    fn clockwise_lap_wraps_below_index_zero() {
        let mut pits = board(&[0; 12]);
        let last = sow_lap(&mut pits, 12, 1, 3, Direction::Clockwise);
        assert_eq!(last, 10);
        assert_eq!(pits, board(&[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]));
    }
}
