//! What moves do and how games end: a move's report lap by lap, the move as
//! a record keeps it, the errors that refuse a move, and the outcome.

use super::sow::{Endless, RawLap};
use super::{BySide, Direction, Hole, LAP_LIMIT, Side};

/// One lap of a sowing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lap {
    /// The hole whose seeds were lifted.
    pub start: Hole,
    /// How many seeds were lifted and sown, one per hole.
    pub seeds: u8,
    /// Which way they went round.
    pub direction: Direction,
}

impl Lap {
    /// The holes sown in this lap, in order, on a board `width` holes wide (the
    /// last is where the lap's last seed fell).
    pub fn holes(self, width: u8) -> impl Iterator<Item = Hole> {
        let holes = 2 * u32::from(width);
        let start = self.start.slot(width) as u32;
        (1..=u32::from(self.seeds)).map(move |step| {
            let slot = match self.direction {
                Direction::Counterclockwise => (start + step) % holes,
                Direction::Clockwise => (start + holes - step % holes) % holes,
            };
            Hole::from_slot(slot as u8, width)
        })
    }

    pub(super) fn from_raw(raw: RawLap, width: u8) -> Lap {
        Lap {
            start: Hole::from_slot(raw.start, width),
            seeds: raw.seeds,
            direction: raw.direction,
        }
    }
}

/// Seeds taken by a capture.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Capture {
    /// The mover's hole where the last seed fell.
    pub hole: Hole,
    /// The enemy hole facing it, emptied by the capture.
    pub opposite: Hole,
    /// Seeds taken: the opposite hole's plus the seed that made the capture.
    pub seeds: u8,
}

/// What a move did, lap by lap: enough to animate it seed by seed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveReport {
    /// The hole the move started from.
    pub hole: Hole,
    /// Every lap, the first being the sowing from `hole`.
    pub laps: Vec<Lap>,
    /// The empty hole where the last seed fell and the move ended.
    pub last: Hole,
    /// Seeds dropped into holes over all laps.
    pub seeds_sown: u32,
    /// The capture, if the move made one.
    pub capture: Option<Capture>,
}

/// Why a move cannot be played; the game is left unchanged.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum MoveError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The letter names a hole beyond the board's width.
    #[error("there is no hole {hole} on a board {width} holes wide")]
    OffBoard {
        /// The hole named.
        hole: Hole,
        /// The board's width.
        width: u8,
    },
    /// The hole belongs to the player not to move.
    #[error("hole {hole} is {owner}'s, but it is {to_move}'s turn", owner = hole.side())]
    NotYourHole {
        /// The hole named.
        hole: Hole,
        /// The player whose turn it is.
        to_move: Side,
    },
    /// The hole has no seeds.
    #[error("hole {0} is empty")]
    EmptyHole(Hole),
    /// The sowing from the hole never ends.
    #[error("the sowing from {hole} never ends ({})", endless_reason(*why))]
    Endless {
        /// The hole named.
        hole: Hole,
        /// How that was found.
        why: Endless,
    },
}

fn endless_reason(why: Endless) -> String {
    match why {
        Endless::Cycle { period } => {
            format!("it returns to the same state every {period} laps")
        }
        Endless::LapLimit => format!("it has not ended after {LAP_LIMIT} laps"),
    }
}

/// Why the game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The player to move had no legal move; the last mover took the seeds left.
    NoMoves,
    /// A position repeated; each player took the seeds in their own row.
    Repetition,
}

impl EndReason {
    /// The name used in JSON: `no-moves` or `repetition`.
    pub fn name(self) -> &'static str {
        match self {
            EndReason::NoMoves => "no-moves",
            EndReason::Repetition => "repetition",
        }
    }
}

/// The result of a finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Seeds taken by captures during the game.
    pub captured: BySide<u16>,
    /// Seeds taken from the board when the game ended.
    pub taken: BySide<u16>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// Final totals: captured plus taken at the end.
    pub fn totals(&self) -> BySide<u16> {
        BySide::from_fn(|side| self.captured[side] + self.taken[side])
    }

    /// The side with more seeds, or `None` for a draw.
    pub fn winner(&self) -> Option<Side> {
        let totals = self.totals();
        match totals.south.cmp(&totals.north) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// A move that was played: its hole and what it captured. It displays as
/// records write it (`A`, `b+3`); that text, and the reading of it, belong to
/// the record module's `MoveText`, the one writer and reader of a move's text.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Played {
    /// The hole sown.
    pub hole: Hole,
    /// Seeds captured (0 when the move captured nothing).
    pub captured: u8,
}

impl MoveReport {
    /// The move as the history keeps it.
    pub fn played(&self) -> Played {
        Played {
            hole: self.hole,
            captured: self.capture.map_or(0, |capture| capture.seeds),
        }
    }
}
