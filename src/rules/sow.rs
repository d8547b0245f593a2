//! The sowing kernel: one move's relay laps on a bare array of holes.
//!
//! Holes are kept in one array in counterclockwise order: South's holes from
//! South's left, then North's from North's left. Sowing counterclockwise is then
//! "the next index, wrapping round"; the hole opposite index `i` is `2W − 1 − i`.

use super::{Direction, LAP_LIMIT, Variant};

/// The most holes a board can have (two rows of the widest board).
pub(crate) const MAX_HOLES: usize = 20;

/// The holes of a board in counterclockwise order; only the first `2W` are used.
pub(crate) type Pits = [u8; MAX_HOLES];

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
        pits[hole] = 0;
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
/// starting hole included, as the rules say), then the remainder hole by hole.
fn sow_lap(pits: &mut Pits, holes: usize, from: usize, seeds: u8, direction: Direction) -> usize {
    let seeds = usize::from(seeds);
    // Most laps are shorter than a turn of the board: no division for them.
    let rest = if seeds < holes {
        seeds
    } else {
        let turns = (seeds / holes) as u8;
        for pit in &mut pits[..holes] {
            *pit += turns;
        }
        seeds % holes
    };
    match direction {
        Direction::Counterclockwise => {
            let first = from + 1;
            if first + rest <= holes {
                increment(&mut pits[first..first + rest]);
                from + rest
            } else {
                increment(&mut pits[first..holes]);
                increment(&mut pits[..first + rest - holes]);
                first + rest - holes - 1
            }
        }
        Direction::Clockwise => {
            if rest <= from {
                increment(&mut pits[from - rest..from]);
                from - rest
            } else {
                increment(&mut pits[..from]);
                increment(&mut pits[holes + from - rest..holes]);
                holes + from - rest
            }
        }
    }
}

fn increment(pits: &mut [u8]) {
    for pit in pits {
        *pit += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(counts: &[u8]) -> Pits {
        let mut pits = [0; MAX_HOLES];
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
