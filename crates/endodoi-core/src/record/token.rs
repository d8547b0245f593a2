//! A move as records write it: `A`, `b+3`. The one writer of a move's text
//! and the one reader of it.

use std::fmt;
use std::str::FromStr;

use crate::rules::{Hole, Played};

/// A move as a record writes it: the hole's letter, then `+N` when it claims
/// to capture N seeds.
///
/// [`FromStr`] checks the syntax only (any letter `A`–`Z` or `a`–`z`;
/// whether the hole is on the board and the claim true is for the game to
/// judge), and [`Display`](fmt::Display) is its exact inverse: the count is
/// kept as the digits written, so `b+03` writes back as `b+03`, and a count
/// too large for any integer is still a count, one that matches no capture.
/// A [`Played`] move is written through this type (`+N` only when it
/// captured), and the record reader reads every move through it.
///
/// ```
/// use endodoi_core::record::{MoveText, ParseMoveTextError};
/// use endodoi_core::rules::{Hole, Played};
///
/// let text: MoveText = "b+3".parse()?;
/// assert_eq!((text.hole(), text.claim()), ("b".parse()?, Some("3")));
/// assert_eq!(text.to_string(), "b+3");
/// let played = Played { hole: "b".parse()?, captured: 3 };
/// assert_eq!(MoveText::from(played), text);
/// assert_eq!(played.to_string(), "b+3");
/// assert!(matches!("b+".parse::<MoveText>(), Err(ParseMoveTextError(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveText {
    hole: Hole,
    /// The digits after `+`, as written: one or more ASCII digits.
    claim: Option<String>,
}

impl MoveText {
    /// The hole named.
    pub fn hole(&self) -> Hole {
        self.hole
    }

    /// The digits of the `+N` claim as written, if there is one.
    pub fn claim(&self) -> Option<&str> {
        self.claim.as_deref()
    }
}

/// Text that is not a move: a hole letter, optionally followed by `+` and
/// digits.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a move: expected a hole letter such as `A` or `b+3`")]
pub struct ParseMoveTextError(pub String);

impl FromStr for MoveText {
    type Err = ParseMoveTextError;

    fn from_str(text: &str) -> Result<MoveText, ParseMoveTextError> {
        let mut chars = text.chars();
        let hole = chars.next().and_then(Hole::from_letter);
        let claim = match chars.as_str() {
            "" => Some(None),
            rest => rest
                .strip_prefix('+')
                .filter(|digits| is_digits(digits))
                .map(|digits| Some(digits.to_owned())),
        };
        match (hole, claim) {
            (Some(hole), Some(claim)) => Ok(MoveText { hole, claim }),
            _ => Err(ParseMoveTextError(text.to_owned())),
        }
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.hole)?;
        match &self.claim {
            Some(digits) => write!(f, "+{digits}"),
            None => Ok(()),
        }
    }
}

impl From<Played> for MoveText {
    /// The move as the writer puts it: `+N` only when it captured.
    fn from(played: Played) -> MoveText {
        MoveText {
            hole: played.hole,
            claim: (played.captured > 0).then(|| played.captured.to_string()),
        }
    }
}

impl fmt::Display for Played {
    /// The move as records write it, through [`MoveText`]: its hole, then
    /// `+N` if it captured.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        MoveText::from(*self).fmt(f)
    }
}

/// Whether the text is one or more ASCII digits.
pub(super) fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `digits` (all ASCII digits, however many) make the number `count`.
pub(super) fn counts(digits: &str, count: impl Into<u32>) -> bool {
    digits.parse::<u32>() == Ok(count.into())
}
