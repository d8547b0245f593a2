//! Time controls and the players' clocks, pure: no clock of its own. The
//! caller measures the time that passes and hands it in ([`Clocks::tick`]),
//! so the clocks run the same in a test as in a game.
//!
//! A [`TimeControl`] is written as lichess writes it, the minutes each
//! player starts with, then the seconds added after each of their moves:
//! `5+3`. A record keeps it as PGN does, in seconds (`300+3`).
//!
//! ```
//! use std::time::Duration;
//! use endodoi_core::clock::{Clocks, TimeControl, shown};
//! use endodoi_core::rules::Side;
//!
//! let control: TimeControl = "5+3".parse()?;
//! let mut clocks = Clocks::new(control);
//! clocks.tick(Side::South, Duration::from_secs(12));
//! clocks.moved(Side::South);
//! assert_eq!(shown(clocks.left(Side::South)), "4:51");
//! clocks.tick(Side::North, Duration::from_secs(600));
//! assert_eq!(clocks.fallen(), Some(Side::North));
//! assert_eq!(shown(clocks.left(Side::North)), "0.0");
//! # Ok::<(), endodoi_core::clock::TimeControlError>(())
//! ```

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::rules::{BySide, Side};

/// The fewest minutes a player may start with.
pub const MIN_MINUTES: u8 = 1;
/// The most minutes a player may start with (three hours).
pub const MAX_MINUTES: u8 = 180;
/// The most seconds added after a move.
pub const MAX_INCREMENT: u8 = 60;

/// How long each player has: `minutes` at the start, and `increment`
/// seconds more after each of their moves. Valid by construction: whole
/// minutes from [`MIN_MINUTES`] to [`MAX_MINUTES`], whole seconds from 0 to
/// [`MAX_INCREMENT`].
///
/// [`FromStr`] reads lichess's form, `5+3`, and [`Display`](fmt::Display)
/// writes it back exactly; [`TimeControl::from_tag`] and
/// [`TimeControl::to_tag`] are PGN's form, in seconds, `300+3`. Controls
/// order by their minutes, then their increment.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TimeControl {
    minutes: u8,
    increment: u8,
}

/// Why a text is not a time control.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// No `+` between the two numbers.
    #[error("a time control is MINUTES+SECONDS, such as 5+3")]
    Malformed,
    /// The minutes are not a whole number in range.
    #[error("the minutes must be a whole number from {MIN_MINUTES} to {MAX_MINUTES}")]
    Minutes,
    /// The increment is not a whole number of seconds in range.
    #[error("the increment must be a whole number of seconds from 0 to {MAX_INCREMENT}")]
    Increment,
    /// A tag's base time is not whole minutes in range.
    #[error(
        "the time at the start must be whole minutes, {} to {} seconds",
        u32::from(MIN_MINUTES) * 60,
        u32::from(MAX_MINUTES) * 60
    )]
    TagSeconds,
}

impl TimeControl {
    /// The controls the new-game page offers, shortest first: lichess's
    /// bullet, blitz, rapid and classical ones.
    pub const CHOICES: [TimeControl; 9] = [
        TimeControl::exact(1, 0),
        TimeControl::exact(3, 0),
        TimeControl::exact(3, 2),
        TimeControl::exact(5, 0),
        TimeControl::exact(5, 3),
        TimeControl::exact(10, 0),
        TimeControl::exact(10, 5),
        TimeControl::exact(15, 10),
        TimeControl::exact(30, 0),
    ];

    /// A control from numbers known to be in range (the choices above).
    const fn exact(minutes: u8, increment: u8) -> TimeControl {
        TimeControl { minutes, increment }
    }

    /// `minutes` at the start and `increment` seconds after each move.
    ///
    /// # Errors
    /// When either is out of range.
    pub fn new(minutes: u32, increment: u32) -> Result<TimeControl, TimeControlError> {
        let minutes = u8::try_from(minutes)
            .ok()
            .filter(|minutes| (MIN_MINUTES..=MAX_MINUTES).contains(minutes))
            .ok_or(TimeControlError::Minutes)?;
        let increment = u8::try_from(increment)
            .ok()
            .filter(|increment| *increment <= MAX_INCREMENT)
            .ok_or(TimeControlError::Increment)?;
        Ok(TimeControl { minutes, increment })
    }

    /// Each player's time at the start.
    pub fn base(self) -> Duration {
        Duration::from_secs(u64::from(self.minutes) * 60)
    }

    /// The time added after each move.
    pub fn increment(self) -> Duration {
        Duration::from_secs(self.increment.into())
    }

    /// Reads PGN's `TimeControl` tag: seconds at the start, `+`, seconds a
    /// move (`300+3`).
    ///
    /// ```
    /// use endodoi_core::clock::{TimeControl, TimeControlError};
    ///
    /// assert_eq!(TimeControl::from_tag("300+3")?.to_string(), "5+3");
    /// assert_eq!(TimeControl::from_tag("30+0"), Err(TimeControlError::TagSeconds));
    /// # Ok::<(), TimeControlError>(())
    /// ```
    ///
    /// # Errors
    /// When it is not that form, or not a control this program plays (whole
    /// minutes in range).
    pub fn from_tag(value: &str) -> Result<TimeControl, TimeControlError> {
        let (seconds, increment) = numbers(value)?;
        let seconds = seconds.ok_or(TimeControlError::TagSeconds)?;
        if seconds % 60 != 0 {
            return Err(TimeControlError::TagSeconds);
        }
        TimeControl::new(seconds / 60, increment.ok_or(TimeControlError::Increment)?).map_err(
            |error| match error {
                TimeControlError::Minutes => TimeControlError::TagSeconds,
                error => error,
            },
        )
    }

    /// The `TimeControl` tag's value: seconds at the start, `+`, seconds a
    /// move (`300+3`).
    pub fn to_tag(self) -> String {
        format!("{}+{}", self.base().as_secs(), self.increment)
    }
}

/// The two whole numbers of `A+B`, each `None` when it is not one (or too
/// large for any count of seconds this program keeps).
fn numbers(text: &str) -> Result<(Option<u32>, Option<u32>), TimeControlError> {
    let (first, second) = text.split_once('+').ok_or(TimeControlError::Malformed)?;
    let number = |digits: &str| {
        digits
            .bytes()
            .all(|byte| byte.is_ascii_digit())
            .then(|| digits.parse().ok())
            .flatten()
    };
    Ok((number(first), number(second)))
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads lichess's form: minutes, `+`, seconds a move (`5+3`).
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let (minutes, increment) = numbers(text)?;
        TimeControl::new(
            minutes.ok_or(TimeControlError::Minutes)?,
            increment.ok_or(TimeControlError::Increment)?,
        )
    }
}

impl fmt::Display for TimeControl {
    /// Lichess's form: minutes, `+`, seconds a move (`5+3`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.minutes, self.increment)
    }
}

/// Both players' clocks under one control. Time is handed in: a player's
/// clock runs down by what [`Clocks::tick`] is given, never below zero, and
/// gains the increment when [`Clocks::moved`] says they moved. Once a flag
/// has fallen the clocks stand still.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    control: TimeControl,
    left: BySide<Duration>,
}

impl Clocks {
    /// Clocks at the start of a game: each player has the control's base time.
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            left: BySide::from_fn(|_| control.base()),
        }
    }

    /// Clocks of a game already begun, each player with `left` (as a
    /// record's `Clock` tag keeps it).
    pub fn resumed(control: TimeControl, left: BySide<Duration>) -> Clocks {
        Clocks { control, left }
    }

    /// The control they run under.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The time `side` has left.
    pub fn left(&self, side: Side) -> Duration {
        self.left[side]
    }

    /// Both players' time left.
    pub fn all_left(&self) -> BySide<Duration> {
        self.left
    }

    /// `elapsed` passed on `side`'s clock (the player to move's): it runs
    /// down, stopping at zero. Nothing happens once a flag has fallen.
    pub fn tick(&mut self, side: Side, elapsed: Duration) {
        if self.fallen().is_none() {
            self.left[side] = self.left[side].saturating_sub(elapsed);
        }
    }

    /// `side` has moved: their clock gains the increment, unless a flag has
    /// fallen (a move made after the flag fell does not bring it back).
    pub fn moved(&mut self, side: Side) {
        if self.fallen().is_none() {
            self.left[side] = self.left[side].saturating_add(self.control.increment());
        }
    }

    /// The side whose time has run out, if one has (South if both have, as
    /// only a tampered record can say).
    pub fn fallen(&self) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&side| self.left[side].is_zero())
    }
}

/// A time left as a clock shows it, as lichess does: `m:ss` (minutes as
/// many as there are: `180:00`), and from under ten seconds `s.t` with
/// tenths (`9.8`); each cut down, never rounded up, so that a clock that
/// shows time left has some.
///
/// ```
/// use std::time::Duration;
/// use endodoi_core::clock::shown;
///
/// assert_eq!(shown(Duration::from_secs(300)), "5:00");
/// assert_eq!(shown(Duration::from_millis(10_999)), "0:10");
/// assert_eq!(shown(Duration::from_millis(9_999)), "9.9");
/// assert_eq!(shown(Duration::from_millis(99)), "0.0");
/// ```
pub fn shown(left: Duration) -> String {
    let seconds = left.as_secs();
    if seconds < 10 {
        format!("{seconds}.{}", left.subsec_millis() / 100)
    } else {
        format!("{}:{:02}", seconds / 60, seconds % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(text: &str) -> TimeControl {
        text.parse().expect("a time control")
    }

    #[test]
    fn lichess_form_reads_minutes_and_seconds_a_move() {
        let five_three = control("5+3");
        assert_eq!(
            (five_three.base(), five_three.increment()),
            (Duration::from_secs(300), Duration::from_secs(3))
        );
        assert_eq!(five_three.to_string(), "5+3");
        assert_eq!(five_three.to_tag(), "300+3");
        assert_eq!(TimeControl::from_tag("300+3"), Ok(five_three));
        assert_eq!(control("180+60").to_tag(), "10800+60");
    }

    #[test]
    fn each_bad_time_control_says_which_part_is_wrong() {
        for (text, error) in [
            ("5", TimeControlError::Malformed),
            ("", TimeControlError::Malformed),
            ("5+", TimeControlError::Increment),
            ("+3", TimeControlError::Minutes),
            ("-1+0", TimeControlError::Minutes),
            ("0+0", TimeControlError::Minutes),
            ("0.5+0", TimeControlError::Minutes),
            ("181+0", TimeControlError::Minutes),
            ("99999999999+1", TimeControlError::Minutes),
            (" 5+3", TimeControlError::Minutes),
            ("5+61", TimeControlError::Increment),
            ("5+-1", TimeControlError::Increment),
            ("5+3+1", TimeControlError::Increment),
            ("５+3", TimeControlError::Minutes),
        ] {
            assert_eq!(text.parse::<TimeControl>(), Err(error), "{text:?}");
        }
    }

    #[test]
    fn a_tag_of_seconds_not_whole_minutes_is_not_a_control_played_here() {
        for (value, error) in [
            ("30+0", TimeControlError::TagSeconds),
            ("0+1", TimeControlError::TagSeconds),
            ("10860+0", TimeControlError::TagSeconds),
            ("301+3", TimeControlError::TagSeconds),
            ("99999999999+1", TimeControlError::TagSeconds),
            ("300+61", TimeControlError::Increment),
            ("300", TimeControlError::Malformed),
            ("40/9000:300", TimeControlError::Malformed),
            ("-", TimeControlError::Malformed),
        ] {
            assert_eq!(TimeControl::from_tag(value), Err(error), "{value:?}");
        }
    }

    #[test]
    fn the_choices_are_valid_and_shortest_first() {
        for choice in TimeControl::CHOICES {
            assert_eq!(choice.to_string().parse(), Ok(choice));
        }
        assert!(TimeControl::CHOICES.is_sorted());
    }

    #[test]
    fn a_clock_runs_down_only_on_the_side_ticked_and_stops_at_zero() {
        let mut clocks = Clocks::new(control("1+2"));
        clocks.tick(Side::North, Duration::from_millis(1500));
        assert_eq!(
            clocks.all_left(),
            BySide {
                south: Duration::from_secs(60),
                north: Duration::from_millis(58_500),
            }
        );
        assert_eq!(clocks.fallen(), None);
        clocks.tick(Side::South, Duration::from_secs(61));
        assert_eq!(
            clocks.all_left(),
            BySide {
                south: Duration::ZERO,
                north: Duration::from_millis(58_500),
            }
        );
        assert_eq!(clocks.fallen(), Some(Side::South));
    }

    #[test]
    fn the_increment_comes_after_a_move_and_never_after_a_fall() {
        let mut clocks = Clocks::new(control("3+2"));
        clocks.tick(Side::South, Duration::from_secs(5));
        clocks.moved(Side::South);
        assert_eq!(
            clocks.all_left(),
            BySide {
                south: Duration::from_secs(177),
                north: Duration::from_secs(180),
            }
        );
        clocks.tick(Side::North, Duration::from_secs(200));
        clocks.moved(Side::North);
        clocks.tick(Side::South, Duration::from_secs(1));
        assert_eq!(
            clocks.all_left(),
            BySide {
                south: Duration::from_secs(177),
                north: Duration::ZERO,
            }
        );
        assert_eq!(clocks.fallen(), Some(Side::North));
    }

    #[test]
    fn a_clock_shows_minutes_and_seconds_then_tenths_under_ten_seconds() {
        for (millis, text) in [
            (0, "0.0"),
            (50, "0.0"),
            (9_950, "9.9"),
            (10_000, "0:10"),
            (59_999, "0:59"),
            (60_000, "1:00"),
            (252_300, "4:12"),
            (10_800_000, "180:00"),
        ] {
            assert_eq!(shown(Duration::from_millis(millis)), text, "{millis} ms");
        }
    }
}
