//! A game: the moves' reports, the errors, the outcome, and [`Game`] itself,
//! which classifies every candidate move of the position to move once.

use std::fmt;

use super::sow::{self, Endless, Pits, RawLap, SowEndless};
use super::{BySide, Config, Direction, Hole, LAP_LIMIT, MAX_WIDTH, Position, Side, Variant};

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

    fn from_raw(raw: RawLap, width: u8) -> Lap {
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

/// A move that was played: its hole and what it captured.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Played {
    /// The hole sown.
    pub hole: Hole,
    /// Seeds captured (0 when the move captured nothing).
    pub captured: u8,
}

impl fmt::Display for Played {
    /// The move as records write it: its hole, then `+N` if it captured.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.captured {
            0 => write!(f, "{}", self.hole),
            seeds => write!(f, "{}+{seeds}", self.hole),
        }
    }
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

/// How the sowing from one of the mover's holes turns out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Candidate {
    Empty,
    Endless(Endless),
    Ends {
        /// The board after the move, capture applied.
        pits: Pits,
        last: u8,
        capture: u8,
        sown: u32,
        /// The laps' range in `Analysis::laps`.
        laps: (u32, u32),
    },
}

/// Every candidate move of one position, simulated once. The laps of the
/// sowings that end are kept in the game's lap store, at the end of it.
#[derive(Copy, Clone, Debug)]
struct Analysis {
    candidates: [Candidate; MAX_WIDTH as usize],
    /// Seeds sown while classifying, endless sowings included.
    sown: u64,
    /// Where this position's laps end in the lap store.
    laps_end: u32,
}

impl Analysis {
    /// The classification of a position whose moves were not simulated
    /// (the game ended on it by repetition), its laps ending at `laps_end`.
    fn none(laps_end: u32) -> Analysis {
        Analysis {
            candidates: [Candidate::Empty; MAX_WIDTH as usize],
            sown: 0,
            laps_end,
        }
    }

    /// Simulates every move of the player to move in `position`, appending
    /// the laps of those that end to `laps`.
    fn run(&mut self, position: &Position, variant: Variant, laps: &mut Vec<RawLap>) {
        let holes = position.holes();
        let width = usize::from(position.width);
        let base = match position.to_move {
            Side::South => 0,
            Side::North => width,
        };
        for index in 0..width {
            let start = base + index;
            self.candidates[index] = if position.pits[start] == 0 {
                Candidate::Empty
            } else {
                let mut pits = position.pits;
                let first_lap = laps.len() as u32;
                match sow::sow(&mut pits, holes, start, variant, laps) {
                    Ok(end) => {
                        self.sown += u64::from(end.sown);
                        let last = usize::from(end.last);
                        let opposite = holes - 1 - last;
                        let capture = if (base..base + width).contains(&last) && pits[opposite] > 0
                        {
                            let seeds = pits[opposite] + 1;
                            pits[opposite] = 0;
                            pits[last] = 0;
                            seeds
                        } else {
                            0
                        };
                        Candidate::Ends {
                            pits,
                            last: end.last,
                            capture,
                            sown: end.sown,
                            laps: (first_lap, laps.len() as u32),
                        }
                    }
                    Err(SowEndless { why, sown }) => {
                        self.sown += u64::from(sown);
                        laps.truncate(first_lap as usize);
                        Candidate::Endless(why)
                    }
                }
            };
        }
        self.laps_end = laps.len() as u32;
    }
}

/// Positions a new game makes room for at once: most games are shorter.
const ANALYSES_RESERVED: usize = 128;

/// A game of En Dodoi from its start: position, history, and the moves to redo.
///
/// The history is the game record: replaying its moves from the start gives
/// the same game. A failed [`play`](Game::play) leaves the game unchanged.
/// Two games are equal when their boards, histories and redo moves are: the
/// classification of each position follows from the position.
#[derive(Clone, Debug)]
pub struct Game {
    config: Config,
    start: Position,
    position: Position,
    /// Positions before each move played, oldest first.
    before: Vec<Position>,
    history: Vec<Played>,
    redo: Vec<Hole>,
    outcome: Option<Outcome>,
    /// The classification of the position reached at each ply, the current
    /// one last: undo goes back to one without sowing again.
    analyses: Vec<Analysis>,
    /// The laps of every classified sowing that ends, ply after ply.
    laps: Vec<RawLap>,
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        (
            self.config,
            &self.start,
            &self.before,
            &self.history,
            &self.redo,
        ) == (
            other.config,
            &other.start,
            &other.before,
            &other.history,
            &other.redo,
        ) && (self.position, self.outcome) == (other.position, other.outcome)
    }
}

impl Eq for Game {}

impl Game {
    /// A new game from the standard start: every hole holds `config.seeds()`.
    pub fn new(config: Config) -> Game {
        Game::from_position(config.variant(), Position::start(config), config.seeds())
    }

    /// A game from any position (for tests and puzzles). `seeds` is the
    /// nominal seeds per hole that a record of this game would state.
    pub fn from_position(variant: Variant, position: Position, seeds: u8) -> Game {
        let mut game = Game {
            config: Config {
                width: position.width,
                seeds,
                variant,
            },
            start: position,
            position,
            before: Vec::new(),
            history: Vec::new(),
            redo: Vec::new(),
            outcome: None,
            analyses: Vec::with_capacity(ANALYSES_RESERVED),
            laps: Vec::new(),
        };
        game.settle();
        game
    }

    /// The board shape and variant.
    pub fn config(&self) -> Config {
        self.config
    }

    /// The position now (when the game is over: before the seeds left were taken).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position before the `ply`-th move (1-based); `ply` one past the
    /// last move gives the position now.
    pub fn position_before(&self, ply: usize) -> Option<&Position> {
        match ply.checked_sub(1)? {
            index if index < self.before.len() => Some(&self.before[index]),
            index if index == self.before.len() => Some(&self.position),
            _ => None,
        }
    }

    /// Moves played so far, oldest first.
    pub fn history(&self) -> &[Played] {
        &self.history
    }

    /// Moves played so far.
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// Whose turn it is, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Side> {
        match self.outcome {
            Some(_) => None,
            None => Some(self.position.to_move),
        }
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Seeds sown while classifying the current position's moves (endless
    /// sowings included): the work the engine did for this position.
    pub fn seeds_simulated(&self) -> u64 {
        self.analysis().sown
    }

    /// The legal moves of the player to move, in hole order (none once over).
    pub fn legal_moves(&self) -> impl Iterator<Item = Hole> + '_ {
        let side = self.position.to_move;
        let width = if self.outcome.is_some() {
            0
        } else {
            self.position.width
        };
        Hole::row(side, width).filter(|hole| {
            matches!(
                self.analysis().candidates[usize::from(hole.index())],
                Candidate::Ends { .. }
            )
        })
    }

    /// Whether `hole` may be played now.
    pub fn is_legal(&self, hole: Hole) -> bool {
        self.check(hole).is_ok()
    }

    /// Why `hole` may not be played now, if it may not; this is the only
    /// legality test, shared by [`is_legal`](Game::is_legal), [`preview`](Game::preview) and [`play`](Game::play).
    ///
    /// # Errors
    /// The [`MoveError`] that `play` would return.
    pub fn check(&self, hole: Hole) -> Result<(), MoveError> {
        self.candidate(hole).map(|_| ())
    }

    /// What playing `hole` would do, without playing it.
    ///
    /// # Errors
    /// The [`MoveError`] that `play` would return.
    pub fn preview(&self, hole: Hole) -> Result<MoveReport, MoveError> {
        let candidate = self.candidate(hole)?;
        Ok(self.report(hole, &candidate))
    }

    /// Seeds playing `hole` would capture (0 when none): what [`preview`](Game::preview)
    /// tells of the capture, without building the report (for a search).
    ///
    /// # Errors
    /// The [`MoveError`] that `play` would return.
    pub fn capture_seeds(&self, hole: Hole) -> Result<u8, MoveError> {
        match self.candidate(hole)? {
            Candidate::Ends { capture, .. } => Ok(capture),
            Candidate::Empty | Candidate::Endless(_) => {
                unreachable!("candidate() returns only sowings that end")
            }
        }
    }

    /// Plays `hole` for the player to move and reports what happened.
    ///
    /// Clears the moves that [`redo`](Game::redo) could have replayed.
    ///
    /// # Errors
    /// A [`MoveError`] when the move is not legal; the game is then unchanged.
    pub fn play(&mut self, hole: Hole) -> Result<MoveReport, MoveError> {
        let report = self.play_keeping_redo(hole)?;
        self.redo.clear();
        Ok(report)
    }

    /// Takes back the last move, if any, and returns its hole.
    pub fn undo(&mut self) -> Option<Hole> {
        let played = self.history.pop()?;
        self.position = self.before.pop()?;
        self.redo.push(played.hole);
        // A move was played from this position, so it was not over, and its
        // classification is the one before the last.
        self.outcome = None;
        self.analyses.pop();
        Some(played.hole)
    }

    /// Plays again the last move taken back, if any.
    pub fn redo(&mut self) -> Option<MoveReport> {
        let hole = self.redo.pop()?;
        let report = self.play_keeping_redo(hole);
        debug_assert!(report.is_ok(), "a move taken back is legal again");
        report.ok()
    }

    /// Forgets the moves [`redo`](Game::redo) could replay, as playing a new
    /// move does: the game goes on from here.
    pub fn forget_redo(&mut self) {
        self.redo.clear();
    }

    /// Moves that [`redo`](Game::redo) can replay, the next one last.
    pub fn redo_moves(&self) -> &[Hole] {
        &self.redo
    }

    fn candidate(&self, hole: Hole) -> Result<Candidate, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        let width = self.position.width;
        if hole.index() >= width {
            return Err(MoveError::OffBoard { hole, width });
        }
        let to_move = self.position.to_move;
        if hole.side() != to_move {
            return Err(MoveError::NotYourHole { hole, to_move });
        }
        match self.analysis().candidates[usize::from(hole.index())] {
            Candidate::Empty => Err(MoveError::EmptyHole(hole)),
            Candidate::Endless(why) => Err(MoveError::Endless { hole, why }),
            ends @ Candidate::Ends { .. } => Ok(ends),
        }
    }

    fn report(&self, hole: Hole, candidate: &Candidate) -> MoveReport {
        let Candidate::Ends {
            last,
            capture,
            sown,
            laps: (from, to),
            ..
        } = *candidate
        else {
            unreachable!("only a sowing that ends is reported")
        };
        let width = self.position.width;
        let last = Hole::from_slot(last, width);
        MoveReport {
            hole,
            laps: self.laps[from as usize..to as usize]
                .iter()
                .map(|&raw| Lap::from_raw(raw, width))
                .collect(),
            last,
            seeds_sown: sown,
            capture: (capture > 0).then(|| Capture {
                hole: last,
                opposite: last.opposite(width),
                seeds: capture,
            }),
        }
    }

    fn play_keeping_redo(&mut self, hole: Hole) -> Result<MoveReport, MoveError> {
        let candidate = self.candidate(hole)?;
        let report = self.report(hole, &candidate);
        let Candidate::Ends { pits, capture, .. } = candidate else {
            unreachable!("candidate() returns only sowings that end")
        };
        let mover = self.position.to_move;
        self.before.push(self.position);
        self.history.push(Played {
            hole,
            captured: capture,
        });
        self.position.pits = pits;
        self.position.captured[mover] += u16::from(capture);
        self.position.to_move = mover.opponent();
        self.settle();
        Ok(report)
    }

    /// The classification of the current position's moves.
    fn analysis(&self) -> &Analysis {
        self.analyses
            .last()
            .expect("every position reached is classified")
    }

    /// Decides whether the game is over in the current position and, if not,
    /// classifies the moves of the player to move.
    fn settle(&mut self) {
        let position = self.position;
        let laps_start = self.analyses.last().map_or(0, |earlier| earlier.laps_end);
        self.laps.truncate(laps_start as usize);
        let repeated = self
            .before
            .iter()
            .rev()
            .take_while(|earlier| earlier.captured == position.captured)
            .any(|earlier| earlier.repeats(&position));
        if repeated {
            self.analyses.push(Analysis::none(laps_start));
            self.finish(EndReason::Repetition);
            return;
        }
        self.analyses.push(Analysis::none(laps_start));
        let analysis = self.analyses.last_mut().expect("just pushed");
        analysis.run(&position, self.config.variant(), &mut self.laps);
        if self.legal_moves().next().is_none() {
            self.finish(EndReason::NoMoves);
        }
    }

    fn finish(&mut self, reason: EndReason) {
        let position = &self.position;
        let taken = match reason {
            EndReason::Repetition => BySide::from_fn(|side| position.row_total(side)),
            EndReason::NoMoves => {
                let left = position.row_total(Side::South) + position.row_total(Side::North);
                let mut taken = BySide::default();
                taken[position.to_move.opponent()] = left;
                taken
            }
        };
        self.outcome = Some(Outcome {
            captured: position.captured,
            taken,
            reason,
        });
    }
}
