//! A game's time in its record: the control in the `TimeControl` tag (PGN's
//! form, `300+3`), and the time each player has left in the `Clock` tag
//! (South's first, to tenths of a second: `4:12.3 3:58.0`), so that an
//! unfinished game resumes with the time it had. Neither is checked by the
//! reader: a value this program cannot use stays a plain tag, and the game
//! has no clock (a `Clock` it cannot read: the control's full time; one
//! above what the control allows after the moves: that most).

use std::time::Duration;

use super::{Record, Tags};
use crate::clock::{Clocks, TimeControl};
use crate::rules::{BySide, Side};

impl Record {
    /// The game's time control: its `TimeControl` tag, if that is one this
    /// program plays (whole minutes, see [`TimeControl::from_tag`]).
    pub fn time_control(&self) -> Option<TimeControl> {
        TimeControl::from_tag(self.tag(Tags::TIME_CONTROL)?).ok()
    }

    /// Sets the game's time control (its `TimeControl` tag).
    pub fn set_time_control(&mut self, control: TimeControl) {
        self.set_tag(Tags::TIME_CONTROL, &control.to_tag());
    }

    /// The game's clocks, if it has a time control: each player's time left
    /// as the `Clock` tag keeps it (never more than the control allows after
    /// their moves: [`Record::most_left`]), or the full time when there is
    /// no such tag or it cannot be read.
    ///
    /// ```
    /// use std::time::Duration;
    /// use endodoi_core::record::Record;
    /// use endodoi_core::rules::Side;
    ///
    /// let record = Record::read("[TimeControl \"300+3\"]\n[Clock \"4:12.3 0:09.8\"]\n\n1. A *")?;
    /// let clocks = record.clocks().expect("a control");
    /// assert_eq!(clocks.left(Side::South), Duration::from_millis(252_300));
    /// assert_eq!(clocks.left(Side::North), Duration::from_millis(9_800));
    /// # Ok::<(), endodoi_core::record::RecordError>(())
    /// ```
    pub fn clocks(&self) -> Option<Clocks> {
        let control = self.time_control()?;
        Some(match self.tag(Tags::CLOCK).and_then(left_from_tag) {
            // No reading above what the control allows after the moves.
            Some(left) => Clocks::resumed(
                control,
                BySide {
                    south: left.south.min(self.most_left(control, Side::South)),
                    north: left.north.min(self.most_left(control, Side::North)),
                },
            ),
            None => Clocks::new(control),
        })
    }

    /// The most time `side` can have left under `control` after the moves
    /// of the game: the base time and an increment for each of their moves.
    pub fn most_left(&self, control: TimeControl, side: Side) -> Duration {
        let moves = self
            .game
            .history()
            .iter()
            .filter(|played| played.hole.side() == side)
            .count();
        control.base() + control.increment() * u32::try_from(moves).unwrap_or(u32::MAX)
    }

    /// Keeps `clocks` in the record: their control in the `TimeControl`
    /// tag, each player's time left in the `Clock` tag (cut down to tenths
    /// of a second).
    pub fn set_clocks(&mut self, clocks: &Clocks) {
        self.set_time_control(clocks.control());
        let left = clocks.all_left();
        let value = format!("{} {}", to_tenths(left.south), to_tenths(left.north));
        self.set_tag(Tags::CLOCK, &value);
    }
}

/// A time left as the `Clock` tag writes it: minutes, `:`, two digits of
/// seconds, `.`, tenths (`4:12.3`), cut down, never rounded up.
fn to_tenths(left: Duration) -> String {
    let tenths = left.as_millis() / 100;
    format!("{}:{:02}.{}", tenths / 600, tenths / 10 % 60, tenths % 10)
}

/// Both times left of a `Clock` tag, South's first, or `None` when it is
/// not two such times.
fn left_from_tag(value: &str) -> Option<BySide<Duration>> {
    let mut times = value.split(' ').map(from_tenths);
    let left = BySide {
        south: times.next()??,
        north: times.next()??,
    };
    times.next().is_none().then_some(left)
}

/// A time as [`to_tenths`] writes it.
fn from_tenths(text: &str) -> Option<Duration> {
    let (minutes, rest) = text.split_once(':')?;
    let (seconds, tenths) = rest.split_once('.')?;
    let digits = |text: &str, len: Option<usize>| {
        (!text.is_empty()
            && len.is_none_or(|len| text.len() == len)
            && text.bytes().all(|byte| byte.is_ascii_digit()))
        .then(|| text.parse::<u32>().ok().map(u64::from))
        .flatten()
    };
    let minutes = digits(minutes, None)?;
    let seconds = digits(seconds, Some(2)).filter(|&seconds| seconds < 60)?;
    let tenths = digits(tenths, Some(1))?;
    Some(Duration::from_millis(
        (minutes * 60 + seconds) * 1000 + tenths * 100,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_left_is_written_to_tenths_and_read_back() {
        for (millis, text) in [
            (0, "0:00.0"),
            (99, "0:00.0"),
            (9_800, "0:09.8"),
            (252_349, "4:12.3"),
            (10_800_000, "180:00.0"),
            (10_859_900, "180:59.9"),
        ] {
            assert_eq!(to_tenths(Duration::from_millis(millis)), text);
            let tenths = Duration::from_millis(millis / 100 * 100);
            assert_eq!(from_tenths(text), Some(tenths), "{text}");
        }
    }

    #[test]
    fn a_clock_tag_above_what_the_control_allows_is_cut_down_to_it() {
        let record = Record::read(
            "[TimeControl \"300+3\"]\n[Clock \"4000000:00.0 4:00.0\"]\n\n1. A e 2. C *",
        )
        .expect("a record");
        let left = record.clocks().expect("a control").all_left();
        // South has made 2 moves, North 1: 5 minutes and 2 or 1 increments.
        assert_eq!(
            left,
            BySide {
                south: Duration::from_secs(306),
                north: Duration::from_secs(240),
            }
        );
    }

    #[test]
    fn a_clock_tag_that_is_not_two_times_is_not_read() {
        for value in [
            "",
            "4:12.3",
            "4:12.3 3:58.0 1:00.0",
            "4:12.3  3:58.0",
            " 4:12.3 3:58.0",
            "4:12.3\t3:58.0",
            "4:12 3:58",
            "4:60.0 3:58.0",
            "4:1.0 3:58.0",
            "4:12.34 3:58.0",
            "-4:12.3 3:58.0",
            ":12.3 3:58.0",
            "99999999999:00.0 3:58.0",
            "4:12.3 3:58.\u{1b}",
            "garbage",
        ] {
            assert_eq!(left_from_tag(value), None, "{value:?}");
        }
        assert_eq!(
            left_from_tag("4294967295:59.9 0:00.0"),
            Some(BySide {
                south: Duration::from_millis(4_294_967_295 * 60_000 + 59_900),
                north: Duration::ZERO,
            })
        );
    }
}
