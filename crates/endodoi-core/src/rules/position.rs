//! A position (seeds in every hole, captures, whose turn, the variant) and
//! the one way a move is played on it: copy-make, with no allocation and no
//! record of laps unless a caller asks for them.

use super::Variant;
use super::moves::{Capture, EndReason, Lap, MoveError, MoveReport, Outcome};
use super::sow::{self, Endless, LANES, LapSink, Pits, RawLap};
use super::zobrist;
use super::{
    BySide, Config, ConfigError, Direction, Hole, MAX_SEEDS_ON_BOARD, MAX_WIDTH, MIN_WIDTH, Side,
};

/// Seeds in every hole, seeds captured so far, whose turn it is, and which
/// variant's laps the seeds follow: 40 bytes, copied to play a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) width: u8,
    pub(super) variant: Variant,
    pub(super) to_move: Side,
    pub(super) captured: BySide<u16>,
    pub(super) pits: Pits,
}

/// A move played on a position: the position after it and what it took.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Child {
    /// The position after the move, capture applied, the opponent to move.
    pub position: Position,
    /// The empty hole where the last seed fell.
    pub last: Hole,
    /// Seeds captured (0 when none).
    pub capture: u8,
    /// Seeds dropped into holes over all laps.
    pub sown: u32,
}

impl Position {
    pub(super) fn start(config: Config) -> Position {
        let mut pits = [0; LANES];
        pits[..2 * usize::from(config.width)].fill(config.seeds);
        Position {
            width: config.width,
            variant: config.variant,
            to_move: Side::South,
            captured: BySide::default(),
            pits,
        }
    }

    /// Any position of the classic game: each row listed from its owner's
    /// left, nothing captured yet (see [`with_variant`](Position::with_variant)).
    ///
    /// # Errors
    /// When the rows differ in length, are not 6–10 long, or hold more than
    /// [`MAX_SEEDS_ON_BOARD`] seeds.
    pub fn from_rows(south: &[u8], north: &[u8], to_move: Side) -> Result<Position, ConfigError> {
        if south.len() != north.len() {
            return Err(ConfigError::Rows {
                south: south.len(),
                north: north.len(),
            });
        }
        let width = u8::try_from(south.len())
            .ok()
            .filter(|w| (MIN_WIDTH..=MAX_WIDTH).contains(w))
            .ok_or(ConfigError::Width(south.len() as u32))?;
        let total: u32 = south.iter().chain(north).map(|&s| u32::from(s)).sum();
        if total > MAX_SEEDS_ON_BOARD {
            return Err(ConfigError::TooManySeeds(total));
        }
        let mut pits = [0; LANES];
        pits[..south.len()].copy_from_slice(south);
        pits[south.len()..2 * south.len()].copy_from_slice(north);
        Ok(Position {
            width,
            variant: Variant::Classic,
            to_move,
            captured: BySide::default(),
            pits,
        })
    }

    /// The same seeds, sown by `variant`'s laps.
    pub fn with_variant(self, variant: Variant) -> Position {
        Position { variant, ..self }
    }

    /// Holes in a row.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Classic or Cross-Endodoi.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// `side`'s row, from its owner's left.
    pub fn row(&self, side: Side) -> &[u8] {
        let width = usize::from(self.width);
        let start = width * side as usize;
        &self.pits[start..start + width]
    }

    /// Seeds in one hole.
    ///
    /// # Panics
    /// If the hole is off the board.
    pub fn seeds(&self, hole: Hole) -> u8 {
        self.row(hole.side())[usize::from(hole.index())]
    }

    /// Seeds each side has taken by captures.
    pub fn captured(&self) -> BySide<u16> {
        self.captured
    }

    /// Whose turn it is in this position (also once the game is over: the
    /// player who could not move, or whose turn the repetition came on).
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Seeds still on the board in `side`'s row.
    pub fn row_total(&self, side: Side) -> u16 {
        self.row(side).iter().map(|&s| u16::from(s)).sum()
    }

    /// A Zobrist hash of the seeds in every hole, the player to move, the
    /// width and the variant (captured seeds are left out: they do not change
    /// what can happen from here).
    pub fn hash(&self) -> u64 {
        zobrist::hash(
            &self.pits[..self.holes()],
            self.to_move,
            self.width,
            self.variant,
        )
    }

    /// Same seeds in every hole and the same player to move: a repetition.
    pub fn repeats(&self, other: &Position) -> bool {
        self.to_move == other.to_move && self.pits == other.pits
    }

    /// Whether the player to move has an `index`-th hole (from their left)
    /// on this board, with seeds in it.
    #[inline]
    pub fn has_seeds(&self, index: u8) -> bool {
        index < self.width && self.pits[self.slot_of(index)] > 0
    }

    /// Whether some move of the player to move surely ends on its first lap:
    /// fewer seeds than holes whose last one falls into an empty hole. A
    /// cheap proof, with no sowing, that the mover has a legal move (when it
    /// says no, they may still have one).
    pub fn surely_has_move(&self) -> bool {
        let holes = self.holes();
        let first = self.slot_of(0);
        (first..first + usize::from(self.width)).any(|start| {
            let seeds = usize::from(self.pits[start]);
            let last = match self.variant.direction(self.pits[start]) {
                Direction::Counterclockwise => (start + seeds) % holes,
                Direction::Clockwise => (start + holes - seeds % holes) % holes,
            };
            seeds > 0 && seeds < holes && self.pits[last] == 0
        })
    }

    /// Plays the player to move's `index`-th hole (from their left), which
    /// must be on the board and hold seeds: the lean move of searches and
    /// random games.
    ///
    /// # Errors
    /// [`Endless`] when the sowing never ends.
    #[inline]
    pub fn child(&self, index: u8) -> Result<Child, Endless> {
        debug_assert!(self.has_seeds(index));
        self.sow_from(self.slot_of(index), &mut ())
    }

    /// Plays `hole` for the player to move, if the rules allow it here.
    ///
    /// # Errors
    /// [`MoveError::OffBoard`], [`MoveError::NotYourHole`],
    /// [`MoveError::EmptyHole`] or [`MoveError::Endless`]. Whether the game is
    /// already over is a question for the [`Game`](super::Game).
    pub fn play(&self, hole: Hole) -> Result<Child, MoveError> {
        self.sow_checked(hole, &mut ())
    }

    /// What playing `hole` does, lap by lap: the sowing is simulated again,
    /// this time keeping its laps, for a screen that shows or explains it.
    ///
    /// # Errors
    /// The [`MoveError`] that [`play`](Position::play) returns.
    pub fn report(&self, hole: Hole) -> Result<MoveReport, MoveError> {
        let mut raw: Vec<RawLap> = Vec::new();
        let child = self.sow_checked(hole, &mut raw)?;
        let width = self.width;
        Ok(MoveReport {
            hole,
            laps: raw
                .into_iter()
                .map(|lap| Lap::from_raw(lap, width))
                .collect(),
            last: child.last,
            seeds_sown: child.sown,
            capture: (child.capture > 0).then(|| Capture {
                hole: child.last,
                opposite: child.last.opposite(width),
                seeds: child.capture,
            }),
        })
    }

    /// The result when the game ends here for `reason`: with no moves the
    /// last mover (not the player to move) takes the seeds left; on a
    /// repetition each player takes their own row.
    pub fn outcome(&self, reason: EndReason) -> Outcome {
        let taken = match reason {
            EndReason::Repetition => BySide::from_fn(|side| self.row_total(side)),
            EndReason::NoMoves => {
                let left = self.row_total(Side::South) + self.row_total(Side::North);
                let mut taken = BySide::default();
                taken[self.to_move.opponent()] = left;
                taken
            }
        };
        Outcome {
            captured: self.captured,
            taken,
            reason,
        }
    }

    /// Whether `hole` is one of the player to move's holes on this board.
    pub(super) fn is_movers(&self, hole: Hole) -> bool {
        hole.side() == self.to_move && hole.index() < self.width
    }

    /// Sows `hole` if the rules allow it here, handing its laps to `laps`.
    fn sow_checked(&self, hole: Hole, laps: &mut impl LapSink) -> Result<Child, MoveError> {
        self.check_hole(hole)?;
        self.sow_from(self.slot_of(hole.index()), laps)
            .map_err(|why| MoveError::Endless { hole, why })
    }

    fn check_hole(&self, hole: Hole) -> Result<(), MoveError> {
        let width = self.width;
        if hole.index() >= width {
            return Err(MoveError::OffBoard { hole, width });
        }
        let to_move = self.to_move;
        if hole.side() != to_move {
            return Err(MoveError::NotYourHole { hole, to_move });
        }
        if !self.has_seeds(hole.index()) {
            return Err(MoveError::EmptyHole(hole));
        }
        Ok(())
    }

    pub(super) fn holes(&self) -> usize {
        2 * usize::from(self.width)
    }

    /// The array slot of the player to move's `index`-th hole.
    #[inline]
    fn slot_of(&self, index: u8) -> usize {
        usize::from(index)
            + match self.to_move {
                Side::South => 0,
                Side::North => usize::from(self.width),
            }
    }

    /// Sows from `start` (the mover's, occupied), captures, and passes the turn.
    #[inline]
    fn sow_from(&self, start: usize, laps: &mut impl LapSink) -> Result<Child, Endless> {
        let mut position = *self;
        let effect = position.sow_in_place(start, laps)?;
        Ok(Child {
            position,
            last: effect.last,
            capture: effect.capture,
            sown: effect.sown,
        })
    }

    /// Plays the mover's `index`-th hole (on the board, with seeds) on this
    /// position itself, which is left as it was when the sowing never ends.
    /// For a caller that keeps the position where it will stay: no copy of
    /// the board is made after the sowing.
    #[inline]
    pub(super) fn play_in_place(&mut self, index: u8) -> Result<MoveEffect, Endless> {
        debug_assert!(self.has_seeds(index));
        self.sow_in_place(self.slot_of(index), &mut ())
    }

    #[expect(
        clippy::inline_always,
        reason = "measured: the move's result stays in registers"
    )]
    #[inline(always)]
    fn sow_in_place(
        &mut self,
        start: usize,
        laps: &mut impl LapSink,
    ) -> Result<MoveEffect, Endless> {
        // Read before any field is written: read after, the width comes
        // with its neighbour the player to move, just written, and the
        // load waits for the store.
        let width = self.width;
        let holes = self.holes();
        let end = sow::sow(&mut self.pits, holes, start, self.variant, laps)?;
        let last = usize::from(end.last);
        let opposite = holes - 1 - last;
        let mover = self.to_move;
        let own = match mover {
            Side::South => last < usize::from(width),
            Side::North => last >= usize::from(width),
        };
        // Whether a capture happens is too random to guess: both holes are
        // written either way.
        let facing = self.pits[opposite];
        let takes = own && facing > 0;
        let capture = if takes { facing + 1 } else { 0 };
        self.pits[opposite] = if takes { 0 } else { facing };
        self.pits[last] = u8::from(!takes);
        self.captured[mover] += u16::from(capture);
        self.to_move = mover.opponent();
        Ok(MoveEffect {
            last: Hole::from_slot(end.last, width),
            capture,
            sown: end.sown,
        })
    }
}

/// What a move played in place did, besides the position it left.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct MoveEffect {
    /// The empty hole where the last seed fell.
    pub last: Hole,
    /// Seeds captured (0 when none).
    pub capture: u8,
    /// Seeds dropped into holes over all laps.
    pub sown: u32,
}
