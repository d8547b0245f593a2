//! The sowing animation: a move shown seed by seed, lap by lap, at one of
//! [`MIN_SPEED`] to [`MAX_SPEED`], driven by the time passed in.

use std::time::Duration;

use endodoi_core::rules::{BySide, Hole, MoveReport, Position};

/// The slowest animation speed.
pub const MIN_SPEED: u8 = 1;
/// The fastest animation speed.
pub const MAX_SPEED: u8 = 6;
/// The animation speed at start: 80 ms a seed.
pub const DEFAULT_SPEED: u8 = 3;
/// Time per seed at the slowest speed; each speed step halves it.
const SLOWEST_SEED: Duration = Duration::from_millis(320);
/// A sowing never takes longer than this many seeds' time at its speed
/// (3.2 s at the default speed): longer moves are sown faster.
pub const MAX_STEPS_OF_TIME: u32 = 40;

/// A move being shown seed by seed.
///
/// The board starts as it was before the move and follows the move's laps
/// ([`MoveReport::laps`], [`endodoi_core::rules::Lap::holes`]): lift a hole, drop one
/// seed per hole; then the capture flashes. The final board is the game's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sowing {
    /// What the move did.
    pub report: MoveReport,
    /// The position before the move.
    pub before: Position,
    /// Seeds shown in each hole now, each row from its owner's left.
    pub rows: BySide<Vec<u8>>,
    /// The lap being sown, 0-based (equal to the number of laps when done).
    pub lap: usize,
    /// Seeds still in hand.
    pub in_hand: u8,
    /// The hole that last received a seed, or the hole just lifted.
    pub current: Option<Hole>,
    /// Where the animation is.
    pub phase: Phase,
    lap_holes: Vec<Hole>,
    dropped: usize,
    clock: Duration,
    step: Duration,
    flash: Duration,
}

/// The stages of a sowing animation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// About to lift the seeds of the next lap's hole.
    Lift,
    /// Dropping seeds one by one.
    Sow,
    /// The capture is shown.
    Capture,
    /// Finished.
    Done,
}

impl Sowing {
    /// The animation of `report`, played from `before`, at `speed`.
    pub fn new(before: Position, report: MoveReport, speed: u8) -> Sowing {
        let rows = BySide::from_fn(|side| before.row(side).to_vec());
        let mut sowing = Sowing {
            report,
            before,
            rows,
            lap: 0,
            in_hand: 0,
            current: None,
            phase: Phase::Lift,
            lap_holes: Vec::new(),
            dropped: 0,
            clock: Duration::ZERO,
            step: Duration::ZERO,
            flash: Duration::ZERO,
        };
        sowing.set_speed(speed);
        sowing
    }

    /// Steps the animation shows: a seed dropped, or a hole lifted.
    fn steps(&self) -> u32 {
        self.report.seeds_sown + self.report.laps.len() as u32
    }

    /// Changes the pace; a long move is sown faster so that it never takes
    /// more than [`MAX_STEPS_OF_TIME`] seeds' time at `speed`.
    pub fn set_speed(&mut self, speed: u8) {
        let per_seed = seed_time(speed);
        let steps = self.steps();
        self.step = if steps > MAX_STEPS_OF_TIME {
            per_seed * MAX_STEPS_OF_TIME / steps
        } else {
            per_seed
        }
        .max(Duration::from_nanos(1));
        self.flash = (per_seed * 6).clamp(Duration::from_millis(250), Duration::from_millis(900));
    }

    /// How long the whole animation takes from its start.
    pub fn duration(&self) -> Duration {
        let steps = self.steps();
        let flash = match self.report.capture {
            Some(_) => self.flash,
            None => Duration::ZERO,
        };
        self.step * steps + flash
    }

    /// Lets `elapsed` time pass.
    pub fn advance(&mut self, elapsed: Duration) {
        self.clock += elapsed;
        while matches!(self.phase, Phase::Lift | Phase::Sow) && self.clock >= self.step {
            self.clock -= self.step;
            self.step_once();
        }
        if self.phase == Phase::Capture && self.clock >= self.flash {
            self.phase = Phase::Done;
        }
    }

    /// Whether the animation has finished.
    pub fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// The lap being shown, 1-based, and the number of laps.
    pub fn lap_count(&self) -> (usize, usize) {
        let laps = self.report.laps.len();
        ((self.lap + 1).min(laps), laps)
    }

    fn step_once(&mut self) {
        let width = self.before.width();
        match self.phase {
            Phase::Lift => {
                let lap = self.report.laps[self.lap];
                self.rows[lap.start.side()][usize::from(lap.start.index())] = 0;
                self.in_hand = lap.seeds;
                self.current = Some(lap.start);
                self.lap_holes = lap.holes(width).collect();
                self.dropped = 0;
                self.phase = Phase::Sow;
            }
            Phase::Sow => {
                let hole = self.lap_holes[self.dropped];
                self.rows[hole.side()][usize::from(hole.index())] += 1;
                self.in_hand -= 1;
                self.dropped += 1;
                self.current = Some(hole);
                if self.dropped == self.lap_holes.len() {
                    self.lap += 1;
                    self.phase = if self.lap < self.report.laps.len() {
                        Phase::Lift
                    } else if self.report.capture.is_some() {
                        Phase::Capture
                    } else {
                        Phase::Done
                    };
                }
            }
            Phase::Capture | Phase::Done => {}
        }
    }
}

/// Time per seed at `speed`.
pub fn seed_time(speed: u8) -> Duration {
    SLOWEST_SEED / (1 << (speed.clamp(MIN_SPEED, MAX_SPEED) - 1))
}
