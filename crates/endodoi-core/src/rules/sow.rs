//! The sowing kernel: one move's relay laps on the holes of a board.
//!
//! Holes are kept in one array in counterclockwise order: South's holes from
//! South's left, then North's from North's left. Sowing counterclockwise is then
//! "the next index, wrapping round"; the hole opposite index `i` is `2W − 1 − i`.
//!
//! While a move is sown the 32 holes live in two 128-bit registers, one byte a
//! hole ([`Lanes`]): a lap is a couple of additions of precomputed run masks,
//! lifting a hole is a masked `and`, and the cycle check compares two
//! registers. Nothing touches memory until the move has ended. Chosen by
//! measurement over a seed-by-seed loop and lane-wise masks on the array in
//! memory (see docs/performance.md).

use super::{Direction, LAP_LIMIT, Variant};

/// The lap from which a sowing is watched for a cycle: almost every sowing
/// has ended by then, and a cycle is found all the same (with its exact
/// period) once the sowing is in it.
const CYCLE_CHECK_FROM: u32 = 32;

/// Room for the holes of the widest board (20), rounded up to two 128-bit
/// registers.
pub(crate) const LANES: usize = 32;

/// The holes of a board in counterclockwise order; only the first `2W` are
/// used, the rest stay 0.
pub(crate) type Pits = [u8; LANES];

/// The 32 holes as two 128-bit words, hole `i` in byte `i % 16` of `lo` (for
/// `i < 16`) or `hi`. No hole ever holds more than 240 seeds, so byte-wise
/// sums never carry into the next hole.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Lanes {
    lo: u128,
    hi: u128,
}

/// A 1 in each byte of a word.
const ONES: u128 = u128::from_le_bytes([1; 16]);

/// `UPTO[k]` has a 1 in each of the first `k` holes: `UPTO[b] − UPTO[a]`
/// marks the holes `a..b`.
const UPTO: [Lanes; LANES + 1] = {
    let mut table = [Lanes { lo: 0, hi: 0 }; LANES + 1];
    let mut k = 1;
    while k <= LANES {
        table[k] = if k < 16 {
            Lanes {
                lo: ONES & ((1 << (8 * k)) - 1),
                hi: 0,
            }
        } else if k < 32 {
            Lanes {
                lo: ONES,
                hi: ONES & ((1 << (8 * (k - 16))) - 1),
            }
        } else {
            Lanes { lo: ONES, hi: ONES }
        };
        k += 1;
    }
    table
};

impl Lanes {
    #[inline]
    fn load(pits: &Pits) -> Lanes {
        let (lo, hi) = pits.split_at(16);
        Lanes {
            lo: u128::from_le_bytes(lo.try_into().expect("16 bytes")),
            hi: u128::from_le_bytes(hi.try_into().expect("16 bytes")),
        }
    }

    #[inline]
    fn store(self, pits: &mut Pits) {
        pits[..16].copy_from_slice(&self.lo.to_le_bytes());
        pits[16..].copy_from_slice(&self.hi.to_le_bytes());
    }

    // Each operation takes `WIDE`: whether the board has more than 16 holes.
    // A narrower board (widths 6 to 8) lives in `lo` alone, and its sowing
    // is compiled without a single operation on `hi`.

    /// Seeds in hole `i`.
    #[inline]
    fn get<const WIDE: bool>(self, i: usize) -> u8 {
        let word = if WIDE && i >= 16 { self.hi } else { self.lo };
        (word >> (8 * (i % 16))) as u8
    }

    /// Empties hole `i`.
    #[inline]
    fn clear<const WIDE: bool>(&mut self, i: usize) {
        let keep = !(0xff_u128 << (8 * (i % 16)));
        if WIDE && i >= 16 {
            self.hi &= keep;
        } else {
            self.lo &= keep;
        }
    }

    /// Adds `times` seeds to each of the first `holes` holes.
    #[inline]
    fn add_turns<const WIDE: bool>(&mut self, holes: usize, times: u8) {
        let upto = UPTO[holes];
        self.lo += upto.lo * u128::from(times);
        if WIDE {
            self.hi += upto.hi * u128::from(times);
        }
    }

    /// Adds a seed to each hole of `start..end`.
    #[inline]
    fn add_run<const WIDE: bool>(&mut self, start: usize, end: usize) {
        let (upto_end, upto_start) = (UPTO[end], UPTO[start]);
        self.lo += upto_end.lo - upto_start.lo;
        if WIDE {
            self.hi += upto_end.hi - upto_start.hi;
        }
    }
}

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

/// Where the laps of a sowing go: nowhere for a move that is only played
/// (`()`, compiled away), a list for one that is shown or explained.
pub(crate) trait LapSink {
    /// Takes note of one lap, before it is sown.
    fn lap(&mut self, lap: RawLap);
}

impl LapSink for () {
    #[inline]
    fn lap(&mut self, _: RawLap) {}
}

impl LapSink for Vec<RawLap> {
    fn lap(&mut self, lap: RawLap) {
        self.push(lap);
    }
}

/// Sows the seeds of `start` on the first `holes` entries of `pits`, relaying
/// until the last seed lands in an empty hole, at most [`LAP_LIMIT`] laps.
///
/// Every lap is handed to `laps`. `pits` is left as the board after the last
/// lap (before any capture), or unchanged when the sowing never ends.
/// `pits[start]` must be non-zero.
#[inline]
pub(crate) fn sow(
    pits: &mut Pits,
    holes: usize,
    start: usize,
    variant: Variant,
    laps: &mut impl LapSink,
) -> Result<SowEnd, Endless> {
    let mut board = Lanes::load(pits);
    // One copy of the loop for each board size and variant, so that neither
    // is looked at again lap after lap.
    let end = match (holes > 16, variant) {
        (false, Variant::Classic) => sow_lanes::<false, false>(&mut board, holes, start, laps),
        (false, Variant::Cross) => sow_lanes::<false, true>(&mut board, holes, start, laps),
        (true, Variant::Classic) => sow_lanes::<true, false>(&mut board, holes, start, laps),
        (true, Variant::Cross) => sow_lanes::<true, true>(&mut board, holes, start, laps),
    }?;
    board.store(pits);
    Ok(end)
}

#[expect(
    clippy::inline_always,
    reason = "measured: the board stays in registers"
)]
#[inline(always)]
fn sow_lanes<const WIDE: bool, const CROSS: bool>(
    board: &mut Lanes,
    holes: usize,
    start: usize,
    laps: &mut impl LapSink,
) -> Result<SowEnd, Endless> {
    let variant = if CROSS {
        Variant::Cross
    } else {
        Variant::Classic
    };
    let mut hole = start;
    let mut lap: u32 = 1;
    let mut sown: u32 = 0;
    // Brent's cycle check on the state at the start of each lap: the board
    // before lifting plus the hole to lift (the seeds in hand follow from them).
    let mut saved = *board;
    let mut saved_hole = usize::MAX;
    let mut power: u32 = 1;
    let mut since_saved: u32 = 0;
    let mut seeds = board.get::<WIDE>(hole);
    loop {
        debug_assert_eq!(seeds, board.get::<WIDE>(hole), "the seeds in hand");
        debug_assert!(seeds > 0, "a lap starts from an occupied hole");
        board.clear::<WIDE>(hole);
        let direction = variant.direction(seeds);
        laps.lap(RawLap {
            start: hole as u8,
            seeds,
            direction,
        });
        // The seeds now in the last hole are read from the board as it was
        // before this lap's additions, so that the next lap need not wait
        // for them.
        let before = *board;
        let (last, received) = sow_lap::<WIDE>(board, holes, hole, seeds, direction);
        sown += u32::from(seeds);
        let landed = before.get::<WIDE>(last) + received;
        if landed == 1 {
            return Ok(SowEnd {
                last: last as u8,
                laps: lap,
                sown,
            });
        }
        seeds = landed;
        if lap == LAP_LIMIT {
            return Err(Endless::LapLimit);
        }
        lap += 1;
        hole = last;
        if lap < CYCLE_CHECK_FROM {
            continue;
        }
        since_saved += 1;
        if hole == saved_hole && *board == saved {
            return Err(Endless::Cycle {
                period: since_saved,
            });
        }
        if since_saved == power {
            saved = *board;
            saved_hole = hole;
            power *= 2;
            since_saved = 0;
        }
    }
}

/// Drops `seeds` seeds one by one into the holes after `from` in `direction`,
/// returning the index of the hole that got the last one and how many seeds
/// that hole got.
///
/// Whole turns of the board are added to every hole at once (the emptied
/// starting hole included, as the rules say), then the remainder as one or two
/// runs of holes.
#[expect(
    clippy::inline_always,
    reason = "measured: the board stays in registers"
)]
#[inline(always)]
fn sow_lap<const WIDE: bool>(
    board: &mut Lanes,
    holes: usize,
    from: usize,
    seeds: u8,
    direction: Direction,
) -> (usize, u8) {
    let seeds = usize::from(seeds);
    // Most laps are shorter than a turn of the board: no division for them.
    let (turns, rest) = if seeds < holes {
        (0, seeds)
    } else {
        let turns = (seeds / holes) as u8;
        board.add_turns::<WIDE>(holes, turns);
        (turns, seeds % holes)
    };
    // The last hole gets one seed a turn, and one more when the last seed
    // falls past a whole turn (with none left over, the last seed falls
    // back into the emptied starting hole).
    let received = turns + u8::from(rest > 0);
    let last = match direction {
        Direction::Counterclockwise => {
            // Up to the last hole, then round from the first: two runs
            // whether the lap wraps round or not (the second then empty),
            // since which it does is too random to guess.
            let end = from + 1 + rest;
            let wrapped = end.saturating_sub(holes);
            board.add_run::<WIDE>(from + 1, end - wrapped);
            board.add_run::<WIDE>(0, wrapped);
            end - 1 - holes * usize::from(wrapped > 0)
        }
        Direction::Clockwise => {
            if rest <= from {
                board.add_run::<WIDE>(from - rest, from);
                from - rest
            } else {
                board.add_run::<WIDE>(0, from);
                board.add_run::<WIDE>(holes + from - rest, holes);
                holes + from - rest
            }
        }
    };
    (last, received)
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
        let mut lanes = Lanes::load(&board(&[0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]));
        let last = sow_lap::<false>(&mut lanes, 12, 0, 13, Direction::Counterclockwise);
        assert_eq!(last, (1, 2));
        assert_eq!(
            lanes,
            Lanes::load(&board(&[1, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]))
        );
    }

    #[test]
    fn clockwise_lap_wraps_below_index_zero() {
        let mut lanes = Lanes::load(&board(&[0; 12]));
        let last = sow_lap::<false>(&mut lanes, 12, 1, 3, Direction::Clockwise);
        assert_eq!(last, (10, 1));
        assert_eq!(
            lanes,
            Lanes::load(&board(&[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]))
        );
    }
}
