//! The board's vocabulary: sides, holes and their letters, the board shape
//! and the variant.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

use super::{
    DEFAULT_SEEDS, DEFAULT_WIDTH, MAX_SEEDS, MAX_SEEDS_ON_BOARD, MAX_WIDTH, MIN_SEEDS, MIN_WIDTH,
};

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

impl BySide<u16> {
    /// Both values added up.
    pub fn total(self) -> u16 {
        self.south + self.north
    }

    /// How far `side`'s value is ahead of the opponent's (negative when
    /// behind): a margin of seeds.
    pub fn lead(self, side: Side) -> i32 {
        i32::from(self[side]) - i32::from(self[side.opponent()])
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

impl FromStr for Variant {
    type Err = ConfigError;

    /// A variant by its short name (`classic`, `cross`) or its title (`En
    /// Dodoi`, `Cross-Endodoi`), in any case.
    fn from_str(text: &str) -> Result<Variant, ConfigError> {
        match text.to_ascii_lowercase().as_str() {
            "classic" | "en dodoi" | "endodoi" => Ok(Variant::Classic),
            "cross" | "cross-endodoi" | "cross endodoi" => Ok(Variant::Cross),
            _ => Err(ConfigError::Variant),
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
/// position (see [`MoveError::OffBoard`](super::MoveError::OffBoard)).
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

    pub(super) fn slot(self, width: u8) -> usize {
        usize::from(self.index)
            + match self.side {
                Side::South => 0,
                Side::North => usize::from(width),
            }
    }

    pub(super) fn from_slot(slot: u8, width: u8) -> Hole {
        // Without a branch: which row a sowing ends in is too random to guess.
        let north = slot >= width;
        let side = if north { Side::North } else { Side::South };
        Hole::new(side, slot - width * u8::from(north))
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
    pub(super) width: u8,
    pub(super) seeds: u8,
    pub(super) variant: Variant,
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
