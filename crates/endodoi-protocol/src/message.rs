//! The messages past the key agreement, each written on a line of
//! printable UTF-8 (`docs/network-protocol.md`), and what may come
//! instead of a line.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use endodoi_core::rules::{Hole, Side};

use crate::GameMessage;

/// The version of the protocol this program speaks (the second word of `knock`).
/// Version 4 numbered the games of a seat and named the rows in `next`,
/// gave refusals a word, and lets a player resign on either turn, which a
/// version 3 peer would refuse; version 3 added resigning and offering a
/// draw, which a version 2 peer would take for garbage.
pub const VERSION: u32 = 4;

/// The longest line read before the two ends agreed a key, in bytes: a
/// `knock` or its answer never needs more.
pub const MAX_LINE: usize = 512;

/// The longest sealed line read, in bytes: room for the record of any game
/// in its `game` line, sealed and in base64.
pub const MAX_GAME_LINE: usize = 400 * 1024;

/// The longest name a player may give, in characters.
pub const MAX_NAME: usize = 40;

/// One message past the key agreement: what a sealed line says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// The joiner's first sealed line, its name if given: that it opens
    /// proves the joiner agreed the key on the right code or seat.
    Hello(Option<String>),
    /// The host lets the joiner in, and says its own name: that it opens
    /// proves the same of the host.
    Welcome(String),
    /// The host's game as it stands: the text of its record.
    Game(String),
    /// A move, a request to take moves back or its answer, the next game.
    Said(GameMessage),
    /// Nothing to say: the line is alive.
    Ping,
    /// The sender closes the connection, and says why.
    Bye(String),
}

/// Why a line is not a message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    /// The first word names no message.
    #[error("unknown message {0:?}")]
    Unknown(String),
    /// The message's words are not what it takes.
    #[error("{0:?} takes {1}")]
    Malformed(String, &'static str),
}

impl fmt::Display for Message {
    /// The line, without its newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::Hello(Some(name)) => write!(f, "hello {name}"),
            Message::Hello(None) => write!(f, "hello"),
            Message::Welcome(name) => write!(f, "welcome {name}"),
            Message::Game(text) => {
                let json = serde_json::to_string(text).map_err(|_| fmt::Error)?;
                write!(f, "game {json}")
            }
            Message::Said(GameMessage::Move { ply, hole, left }) => {
                write!(f, "move {ply} {}", hole.letter())?;
                match left {
                    Some(left) => write!(f, " {}", left.as_millis()),
                    None => Ok(()),
                }
            }
            Message::Said(GameMessage::Flag(ply)) => write!(f, "flag {ply}"),
            Message::Said(GameMessage::UndoAsked(keep)) => write!(f, "undo {keep}"),
            Message::Said(GameMessage::UndoAccepted(keep)) => write!(f, "undo-yes {keep}"),
            Message::Said(GameMessage::UndoDeclined(keep)) => write!(f, "undo-no {keep}"),
            Message::Said(GameMessage::HintAsked(ply)) => write!(f, "hint {ply}"),
            Message::Said(GameMessage::NextGame { game, row }) => {
                write!(f, "next {game} {}", row_word(*row))
            }
            Message::Said(GameMessage::Resigned) => write!(f, "resign"),
            Message::Said(GameMessage::DrawOffered) => write!(f, "draw"),
            Message::Said(GameMessage::DrawAccepted) => write!(f, "draw-yes"),
            Message::Said(GameMessage::DrawDeclined) => write!(f, "draw-no"),
            Message::Ping => write!(f, "ping"),
            Message::Bye(why) => write!(f, "bye {why}"),
        }
    }
}

impl FromStr for Message {
    type Err = WireError;

    /// Reads a line (without its newline); the exact inverse of `Display`.
    fn from_str(line: &str) -> Result<Message, WireError> {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let malformed = |takes| WireError::Malformed(word.to_owned(), takes);
        let number = |text: &str, takes| text.parse::<usize>().map_err(|_| malformed(takes));
        let text = |takes| {
            if rest.is_empty() {
                Err(malformed(takes))
            } else {
                Ok(rest.to_owned())
            }
        };
        Ok(match word {
            "hello" if rest.is_empty() => Message::Hello(None),
            "hello" => Message::Hello(Some(rest.to_owned())),
            "welcome" => Message::Welcome(text("a name")?),
            "bye" => Message::Bye(text("a reason")?),
            "game" => Message::Game(
                serde_json::from_str(rest).map_err(|_| malformed("a record as a JSON string"))?,
            ),
            "move" => {
                const TAKES: &str = "the number of moves before it, a hole letter, \
                                     and with clocks the milliseconds left";
                let words: Vec<&str> = rest.split(' ').collect();
                let (ply, letter, left) = match words[..] {
                    [ply, letter] => (ply, letter, None),
                    [ply, letter, left] => (ply, letter, Some(left)),
                    _ => return Err(malformed(TAKES)),
                };
                let mut letters = letter.chars();
                let hole = match (letters.next(), letters.next()) {
                    (Some(letter), None) => Hole::from_letter(letter),
                    _ => None,
                }
                .ok_or_else(|| malformed(TAKES))?;
                let left = match left {
                    Some(millis) if millis.bytes().all(|byte| byte.is_ascii_digit()) => Some(
                        Duration::from_millis(millis.parse().map_err(|_| malformed(TAKES))?),
                    ),
                    Some(_) => return Err(malformed(TAKES)),
                    None => None,
                };
                Message::Said(GameMessage::Move {
                    ply: number(ply, TAKES)?,
                    hole,
                    left,
                })
            }
            "flag" => Message::Said(GameMessage::Flag(number(rest, "a number of moves")?)),
            "undo" => Message::Said(GameMessage::UndoAsked(number(rest, "a number of moves")?)),
            "undo-yes" => Message::Said(GameMessage::UndoAccepted(number(
                rest,
                "a number of moves",
            )?)),
            "undo-no" => Message::Said(GameMessage::UndoDeclined(number(
                rest,
                "a number of moves",
            )?)),
            "hint" => Message::Said(GameMessage::HintAsked(number(rest, "a number of moves")?)),
            "next" => {
                const TAKES: &str = "the next game's number and the sender's row in it";
                let Some((game, row)) = rest.split_once(' ') else {
                    return Err(malformed(TAKES));
                };
                let row = Side::ALL
                    .into_iter()
                    .find(|&side| row_word(side) == row)
                    .ok_or_else(|| malformed(TAKES))?;
                let game = u32::try_from(number(game, TAKES)?).map_err(|_| malformed(TAKES))?;
                Message::Said(GameMessage::NextGame { game, row })
            }
            "resign" if rest.is_empty() => Message::Said(GameMessage::Resigned),
            "draw" if rest.is_empty() => Message::Said(GameMessage::DrawOffered),
            "draw-yes" if rest.is_empty() => Message::Said(GameMessage::DrawAccepted),
            "draw-no" if rest.is_empty() => Message::Said(GameMessage::DrawDeclined),
            "ping" if rest.is_empty() => Message::Ping,
            "resign" | "draw" | "draw-yes" | "draw-no" | "ping" => {
                return Err(malformed("nothing more"));
            }
            _ => return Err(WireError::Unknown(shorten(word))),
        })
    }
}

/// How a message names a row: `south` or `north`.
fn row_word(row: Side) -> &'static str {
    match row {
        Side::South => "south",
        Side::North => "north",
    }
}

/// At most 40 characters of `text`, for a message about it.
pub fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

/// Why no line came: what a driver hands the [`crate::Conversation`]
/// instead of a line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// The peer closed the connection.
    #[error("the connection was closed")]
    Closed,
    /// Nothing came within the read time-out (what was read is kept).
    #[error("nothing came in time")]
    TimedOut,
    /// The line is longer than the limit; it was not read to its end.
    #[error("a line longer than {0} bytes")]
    TooLong(usize),
    /// The line is not printable UTF-8 text.
    #[error("a line that is not printable text")]
    NotText,
    /// The line does not open with the session's key: altered, injected,
    /// replayed, out of order, or not from the other player at all.
    #[error("a line that does not open with the session's key (altered or not theirs)")]
    Unsealed,
    /// The connection failed, in words.
    #[error("{0}")]
    Io(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_reads_back_as_written() {
        let messages = [
            Message::Hello(Some("Naserian ole Sankale".into())),
            Message::Hello(None),
            Message::Welcome("Lekishon".into()),
            Message::Game("[South \"A\"]\n\n1. A b *\n".into()),
            Message::Said(GameMessage::Move {
                ply: 12,
                hole: Hole::new(Side::North, 3),
                left: None,
            }),
            Message::Said(GameMessage::Move {
                ply: 0,
                hole: Hole::new(Side::South, 0),
                left: Some(Duration::from_millis(10_859_900)),
            }),
            Message::Said(GameMessage::Move {
                ply: 7,
                hole: Hole::new(Side::South, 9),
                left: Some(Duration::ZERO),
            }),
            Message::Said(GameMessage::Flag(0)),
            Message::Said(GameMessage::Flag(31)),
            Message::Said(GameMessage::UndoAsked(4)),
            Message::Said(GameMessage::UndoAccepted(4)),
            Message::Said(GameMessage::UndoDeclined(4)),
            Message::Said(GameMessage::HintAsked(7)),
            Message::Said(GameMessage::NextGame {
                game: 2,
                row: Side::North,
            }),
            Message::Said(GameMessage::NextGame {
                game: u32::MAX,
                row: Side::South,
            }),
            Message::Said(GameMessage::Resigned),
            Message::Said(GameMessage::DrawOffered),
            Message::Said(GameMessage::DrawAccepted),
            Message::Said(GameMessage::DrawDeclined),
            Message::Ping,
            Message::Bye("a move out of turn".into()),
        ];
        for message in messages {
            let line = message.to_string();
            assert!(!line.contains('\n'), "{line:?}");
            assert_eq!(line.parse::<Message>(), Ok(message), "{line:?}");
        }
    }

    #[test]
    fn a_line_that_is_no_message_says_what_is_wrong() {
        assert_eq!(
            "launch missiles".parse::<Message>(),
            Err(WireError::Unknown("launch".into()))
        );
        assert_eq!(
            "move 3 AB".parse::<Message>().unwrap_err().to_string(),
            "\"move\" takes the number of moves before it, a hole letter, \
             and with clocks the milliseconds left"
        );
        assert_eq!(
            "ping now".parse::<Message>().unwrap_err().to_string(),
            "\"ping\" takes nothing more"
        );
        assert_eq!(
            "draw-yes 3".parse::<Message>().unwrap_err().to_string(),
            "\"draw-yes\" takes nothing more"
        );
        assert_eq!(
            "draw?".parse::<Message>(),
            Err(WireError::Unknown("draw?".into()))
        );
    }

    #[test]
    fn a_hostile_time_or_flag_is_no_message() {
        for line in [
            "move 3 A -5",
            "move 3 A +5",
            "move 3 A 1.5",
            "move 3 A 1e9",
            "move 3 A ",
            "move 3 A  5",
            "move 3 A 5 6",
            "move 3 A 99999999999999999999999",
            "move 3 A ５",
            "move  3 A",
            "flag",
            "flag -1",
            "flag 3 4",
            "flag x",
            "flag 99999999999999999999999",
        ] {
            assert!(
                matches!(line.parse::<Message>(), Err(WireError::Malformed(..))),
                "{line:?}"
            );
        }
        assert_eq!(
            "move 3 a 18446744073709551615".parse::<Message>(),
            Ok(Message::Said(GameMessage::Move {
                ply: 3,
                hole: Hole::new(Side::North, 0),
                left: Some(Duration::from_millis(u64::MAX)),
            }))
        );
    }

    #[test]
    fn a_next_game_names_its_number_and_the_senders_row() {
        for line in [
            "next",
            "next 2",
            "next north",
            "next 2 North",
            "next 2 east",
            "next 2 north 3",
            "next -2 north",
            "next 4294967296 south",
            "next  2 north",
        ] {
            assert!(
                matches!(line.parse::<Message>(), Err(WireError::Malformed(..))),
                "{line:?}"
            );
        }
        assert_eq!(
            "next 3 south".parse::<Message>(),
            Ok(Message::Said(GameMessage::NextGame {
                game: 3,
                row: Side::South,
            }))
        );
    }
}
