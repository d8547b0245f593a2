//! The rules of En Dodoi: board state, relay sowing, capture and the end of the
//! game, exactly as `docs/rules.md` states them, house rules included.
//!
//! This module is pure: no terminal, no files, no clock. A [`Game`] holds the
//! position, the history (which is the game record) and, for the player to
//! move, every candidate sowing already simulated, so that [`Game::legal_moves`],
//! [`Game::is_legal`], [`Game::preview`] and [`Game::play`] all read one
//! classification and no sowing is ever simulated twice.
//!
//! ```
//! use endodoi::rules::{Config, Game, Hole, Side};
//!
//! let mut game = Game::new(Config::default());
//! let report = game.play("A".parse()?)?;
//! assert_eq!(report.laps.len(), 5);
//! assert_eq!(report.capture.map(|c| c.seeds), Some(2));
//! assert_eq!(game.to_move(), Some(Side::North));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod sow;

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

pub use sow::Endless;
use sow::{LANES, Pits, RawLap, SowEndless};

/// The narrowest board: holes in a row.
pub const MIN_WIDTH: u8 = 6;
/// The widest board: holes in a row.
pub const MAX_WIDTH: u8 = 10;
/// The board width when none is chosen.
pub const DEFAULT_WIDTH: u8 = 6;
/// The fewest seeds a hole may start with.
pub const MIN_SEEDS: u8 = 3;
/// The most seeds a hole may start with.
pub const MAX_SEEDS: u8 = 6;
/// Seeds per hole at the start when none is chosen.
pub const DEFAULT_SEEDS: u8 = 4;
/// A sowing that has not ended within this many laps (the sowing from the
/// chosen hole is lap 1) is endless, and the move that starts it is not legal.
pub const LAP_LIMIT: u32 = 10_000;
/// The most seeds a position built with [`Position::from_rows`] may hold, so
/// that no hole can overflow while sowing.
pub const MAX_SEEDS_ON_BOARD: u32 = 240;

/// One of the two players.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The first player, owner of the bottom row (holes `A`, `B`, …).
    South,
    /// The second player, owner of the top row (holes `a`, `b`, …).
    North,
}

impl Side {
    /// Both sides, South first.
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// The other player.
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// The side's name in lower case, as records and JSON write it.
    pub fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::South => "South",
            Side::North => "North",
        })
    }
}

/// One value for each side, indexed by [`Side`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySide<T> {
    /// South's value.
    pub south: T,
    /// North's value.
    pub north: T,
}

impl<T> BySide<T> {
    /// Builds both values from a function of the side.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> BySide<T> {
        BySide {
            south: f(Side::South),
            north: f(Side::North),
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            south: f(self.south),
            north: f(self.north),
        }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }
}

/// The two games of the rules page.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// En Dodoi: every lap is sown counterclockwise.
    #[default]
    Classic,
    /// Cross-Endodoi: a lap of an odd number of seeds is sown clockwise.
    Cross,
}

impl Variant {
    /// The direction of a lap of `seeds` seeds.
    pub fn direction(self, seeds: u8) -> Direction {
        match self {
            Variant::Cross if seeds % 2 == 1 => Direction::Clockwise,
            Variant::Classic | Variant::Cross => Direction::Counterclockwise,
        }
    }

    /// The short name used in JSON and on the command line: `classic` or `cross`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Cross => "cross",
        }
    }

    /// The name written in a record's `Variant` tag.
    pub fn title(self) -> &'static str {
        match self {
            Variant::Classic => "En Dodoi",
            Variant::Cross => "Cross-Endodoi",
        }
    }
}

/// The way a lap goes round the board, seen from above with South at the bottom.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// South's row left to right, then North's row (right to left as seen from South).
    Counterclockwise,
    /// The other way.
    Clockwise,
}

/// A hole, named by its owner and its place from the owner's left (0-based).
///
/// A move is named by the hole it starts from, so `Hole` is also the move type.
/// Its text form is one letter: `A`… for South, `a`… for North. Parsing checks
/// only the syntax; whether the hole is on the board is a question for a
/// position (see [`MoveError::OffBoard`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole {
    side: Side,
    index: u8,
}

impl Hole {
    /// The `index`-th hole (0-based) from `side`'s left.
    ///
    /// # Panics
    /// If `index` is 26 or more: no letter names it.
    pub fn new(side: Side, index: u8) -> Hole {
        assert!(index < 26, "hole index {index} has no letter");
        Hole { side, index }
    }

    /// The hole a letter names (`A`–`Z` South, `a`–`z` North), if it is a letter.
    pub fn from_letter(letter: char) -> Option<Hole> {
        match letter {
            'A'..='Z' => Some(Hole::new(Side::South, letter as u8 - b'A')),
            'a'..='z' => Some(Hole::new(Side::North, letter as u8 - b'a')),
            _ => None,
        }
    }

    /// The letter that names this hole.
    pub fn letter(self) -> char {
        let base = match self.side {
            Side::South => b'A',
            Side::North => b'a',
        };
        char::from(base + self.index)
    }

    /// The owner of the hole.
    pub fn side(self) -> Side {
        self.side
    }

    /// The place from the owner's left, 0-based.
    pub fn index(self) -> u8 {
        self.index
    }

    /// The enemy hole facing this one on a board `width` holes wide:
    /// South's k-th faces North's (W+1−k)-th.
    pub fn opposite(self, width: u8) -> Hole {
        Hole::new(self.side.opponent(), width - 1 - self.index)
    }

    /// Every hole of `side`'s row on a board `width` holes wide, from its left.
    pub fn row(side: Side, width: u8) -> impl DoubleEndedIterator<Item = Hole> {
        (0..width).map(move |index| Hole::new(side, index))
    }

    fn slot(self, width: u8) -> usize {
        usize::from(self.index)
            + match self.side {
                Side::South => 0,
                Side::North => usize::from(width),
            }
    }

    fn from_slot(slot: u8, width: u8) -> Hole {
        if slot < width {
            Hole::new(Side::South, slot)
        } else {
            Hole::new(Side::North, slot - width)
        }
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Text that is not a single hole letter.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a hole letter (A–J for South, a–j for North)")]
pub struct ParseHoleError(pub String);

impl FromStr for Hole {
    type Err = ParseHoleError;
    fn from_str(text: &str) -> Result<Hole, ParseHoleError> {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(letter), None) => Hole::from_letter(letter),
            _ => None,
        }
        .ok_or_else(|| ParseHoleError(text.to_owned()))
    }
}

/// A board shape or position the rules do not allow.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The width is outside 6–10.
    #[error("the board must be {MIN_WIDTH} to {MAX_WIDTH} holes wide, not {0}")]
    Width(u32),
    /// The seeds per hole are outside 3–6.
    #[error("each hole starts with {MIN_SEEDS} to {MAX_SEEDS} seeds, not {0}")]
    Seeds(u32),
    /// The two rows given differ in length.
    #[error("the rows differ in length: South has {south} holes, North {north}")]
    Rows {
        /// South's row length.
        south: usize,
        /// North's row length.
        north: usize,
    },
    /// A width or seed count that is not a whole number.
    #[error("not a whole number")]
    NotANumber,
    /// A variant name that is not one of the rules' two.
    #[error("the variant must be \"En Dodoi\" (classic) or \"Cross-Endodoi\" (cross)")]
    Variant,
    /// More seeds than a position may hold.
    #[error("a position may hold at most {MAX_SEEDS_ON_BOARD} seeds, not {0}")]
    TooManySeeds(u32),
}

/// The board shape and variant of a game: validated, so any `Config` is playable.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    width: u8,
    seeds: u8,
    variant: Variant,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            width: DEFAULT_WIDTH,
            seeds: DEFAULT_SEEDS,
            variant: Variant::Classic,
        }
    }
}

impl Config {
    /// A board `width` holes a row with `seeds` seeds in every hole.
    ///
    /// # Errors
    /// [`ConfigError::Width`] or [`ConfigError::Seeds`] when out of range.
    pub fn new(width: u32, seeds: u32, variant: Variant) -> Result<Config, ConfigError> {
        let width = u8::try_from(width)
            .ok()
            .filter(|w| (MIN_WIDTH..=MAX_WIDTH).contains(w))
            .ok_or(ConfigError::Width(width))?;
        let seeds = u8::try_from(seeds)
            .ok()
            .filter(|s| (MIN_SEEDS..=MAX_SEEDS).contains(s))
            .ok_or(ConfigError::Seeds(seeds))?;
        Ok(Config {
            width,
            seeds,
            variant,
        })
    }

    /// Holes in a row.
    pub fn width(self) -> u8 {
        self.width
    }

    /// Seeds in every hole at the start.
    pub fn seeds(self) -> u8 {
        self.seeds
    }

    /// Classic or Cross-Endodoi.
    pub fn variant(self) -> Variant {
        self.variant
    }
}

/// Seeds in every hole, seeds captured so far, and whose turn it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    width: u8,
    pits: Pits,
    captured: BySide<u16>,
    to_move: Side,
}

impl Position {
    fn start(config: Config) -> Position {
        let mut pits = [0; LANES];
        pits[..2 * usize::from(config.width)].fill(config.seeds);
        Position {
            width: config.width,
            pits,
            captured: BySide::default(),
            to_move: Side::South,
        }
    }

    /// Any position: each row listed from its owner's left, nothing captured yet.
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
            pits,
            captured: BySide::default(),
            to_move,
        })
    }

    /// Holes in a row.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// `side`'s row, from its owner's left.
    pub fn row(&self, side: Side) -> &[u8] {
        let width = usize::from(self.width);
        match side {
            Side::South => &self.pits[..width],
            Side::North => &self.pits[width..2 * width],
        }
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

    fn holes(&self) -> usize {
        2 * usize::from(self.width)
    }

    /// Same seeds in every hole and the same player to move: the repetition test.
    fn repeats(&self, other: &Position) -> bool {
        self.to_move == other.to_move && self.pits == other.pits
    }
}

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

/// Every candidate move of the position to move, simulated once.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Analysis {
    candidates: [Candidate; MAX_WIDTH as usize],
    laps: Vec<RawLap>,
    /// Seeds sown while classifying, endless sowings included.
    sown: u64,
}

impl Analysis {
    fn new() -> Analysis {
        Analysis {
            candidates: [Candidate::Empty; MAX_WIDTH as usize],
            laps: Vec::new(),
            sown: 0,
        }
    }

    /// Simulates every move of the player to move in `position`.
    fn run(&mut self, position: &Position, variant: Variant) {
        self.laps.clear();
        self.sown = 0;
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
                let first_lap = self.laps.len() as u32;
                match sow::sow(&mut pits, holes, start, variant, &mut self.laps) {
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
                            laps: (first_lap, self.laps.len() as u32),
                        }
                    }
                    Err(SowEndless { why, sown }) => {
                        self.sown += u64::from(sown);
                        self.laps.truncate(first_lap as usize);
                        Candidate::Endless(why)
                    }
                }
            };
        }
    }
}

/// A game of En Dodoi from its start: position, history, and the moves to redo.
///
/// The history is the game record: replaying its moves from the start gives
/// the same game. A failed [`play`](Game::play) leaves the game unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    config: Config,
    start: Position,
    position: Position,
    /// Positions before each move played, oldest first.
    before: Vec<Position>,
    history: Vec<Played>,
    redo: Vec<Hole>,
    outcome: Option<Outcome>,
    analysis: Analysis,
}

impl Game {
    /// A new game from the standard start: every hole holds `config.seeds()`.
    pub fn new(config: Config) -> Game {
        Game::from_position(config.variant, Position::start(config), config.seeds)
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
            analysis: Analysis::new(),
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
        self.analysis.sown
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
                self.analysis.candidates[usize::from(hole.index())],
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
        self.outcome = None;
        self.settle();
        Some(played.hole)
    }

    /// Plays again the last move taken back, if any.
    pub fn redo(&mut self) -> Option<MoveReport> {
        let hole = self.redo.pop()?;
        let report = self.play_keeping_redo(hole);
        debug_assert!(report.is_ok(), "a move taken back is legal again");
        report.ok()
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
        match self.analysis.candidates[usize::from(hole.index())] {
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
            laps: self.analysis.laps[from as usize..to as usize]
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

    /// Decides whether the game is over in the current position and, if not,
    /// classifies the moves of the player to move.
    fn settle(&mut self) {
        let position = self.position;
        let repeated = self
            .before
            .iter()
            .rev()
            .take_while(|earlier| earlier.captured == position.captured)
            .any(|earlier| earlier.repeats(&position));
        if repeated {
            self.finish(EndReason::Repetition);
            return;
        }
        self.analysis.run(&position, self.config.variant);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hole_letters_round_trip_on_every_width() {
        for width in MIN_WIDTH..=MAX_WIDTH {
            for side in Side::ALL {
                for hole in Hole::row(side, width) {
                    assert_eq!(hole.to_string().parse::<Hole>(), Ok(hole));
                    assert_eq!(Hole::from_slot(hole.slot(width) as u8, width), hole);
                }
            }
        }
    }
}
