//! The lines before a key is agreed, the only ones in clear text: the
//! joiner's `knock`, the host's `answer`, or its refusal, which is news and
//! never a verdict.

use std::fmt;
use std::str::FromStr;

use crate::{VERSION, WireError, shorten};

/// What a joiner comes with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ticket {
    /// A first meeting: the key is agreed on the join code.
    Join,
    /// A player taking their seat again: the key is agreed on the seat's
    /// secret, and this is the seat's public name.
    Rejoin(String),
}

/// The lines before a key is agreed: the only ones in clear text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opening {
    /// The joiner's first line: the version it speaks, what it comes with,
    /// and its key agreement message.
    Knock {
        /// The protocol version.
        version: u32,
        /// A first meeting or a seat taken again.
        ticket: Ticket,
        /// The SPAKE2 message, in base64.
        message: String,
    },
    /// The host's key agreement message, in base64.
    Answer(String),
    /// The host turns the joiner away before any key, and says why; it
    /// then closes.
    Refused(Refusal),
}

/// Why a host turns a joiner away before any key. Nothing proves who sent
/// it (anyone at the host's address can), so it is news for the joiner,
/// never a verdict: the joiner tries again, slower. On the wire a word
/// names the kind, and words for a person follow: `refused busy …`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Come back later: a code was tried too recently (from this address,
    /// or from anywhere). No code was tested.
    Busy(String),
    /// The knock's version of the protocol is not spoken here.
    Version(String),
    /// No game of the knock's seat here.
    NoSeat(String),
    /// The first line was no knock (nothing in time, too long, garbage).
    NotKnock(String),
    /// A reason with no kind this program knows (another version's host).
    Other(String),
}

impl Refusal {
    /// The host's reason, in words for a person.
    pub fn why(&self) -> &str {
        match self {
            Refusal::Busy(why)
            | Refusal::Version(why)
            | Refusal::NoSeat(why)
            | Refusal::NotKnock(why)
            | Refusal::Other(why) => why,
        }
    }
}

impl fmt::Display for Refusal {
    /// As on the wire after `refused`: the kind's word, then the reason.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = match self {
            Refusal::Busy(_) => "busy ",
            Refusal::Version(_) => "version ",
            Refusal::NoSeat(_) => "no-seat ",
            Refusal::NotKnock(_) => "not-knock ",
            Refusal::Other(_) => "",
        };
        write!(f, "{word}{}", self.why())
    }
}

impl FromStr for Refusal {
    type Err = WireError;

    /// Reads what follows `refused`: a kind's word and a reason, or a
    /// reason alone (a [`Refusal::Other`]).
    fn from_str(text: &str) -> Result<Refusal, WireError> {
        if text.is_empty() {
            return Err(WireError::Malformed("refused".to_owned(), "a reason"));
        }
        let (word, why) = text.split_once(' ').unwrap_or((text, ""));
        let why = why.to_owned();
        Ok(match word {
            _ if why.is_empty() => Refusal::Other(text.to_owned()),
            "busy" => Refusal::Busy(why),
            "version" => Refusal::Version(why),
            "no-seat" => Refusal::NoSeat(why),
            "not-knock" => Refusal::NotKnock(why),
            _ => Refusal::Other(text.to_owned()),
        })
    }
}

impl Opening {
    /// What a host makes of a joiner's first line: the knock's ticket and
    /// key message, or the refusal to answer with (another version, not a
    /// knock). A version 1 joiner began with `hello 1 CODE`: it is told
    /// which version is spoken here.
    ///
    /// # Errors
    /// The refusal, when the line is no knock of this version.
    pub fn knocked(line: &str) -> Result<(Ticket, String), Refusal> {
        let version = |version: u32| {
            Refusal::Version(format!(
                "protocol version {version} is not spoken here (this host speaks {VERSION})"
            ))
        };
        match line.parse::<Opening>() {
            Ok(Opening::Knock { version: v, .. }) if v != VERSION => Err(version(v)),
            Ok(Opening::Knock {
                ticket, message, ..
            }) => Ok((ticket, message)),
            Ok(other) => Err(Refusal::NotKnock(format!(
                "the first line must be knock, not {:?}",
                shorten(&other.to_string())
            ))),
            Err(WireError::Unknown(word)) if word == "hello" => Err(version(1)),
            Err(error) => Err(Refusal::NotKnock(format!("not a knock: {error}"))),
        }
    }
}

impl fmt::Display for Opening {
    /// The line, without its newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Opening::Knock {
                version,
                ticket: Ticket::Join,
                message,
            } => write!(f, "knock {version} join {message}"),
            Opening::Knock {
                version,
                ticket: Ticket::Rejoin(seat),
                message,
            } => write!(f, "knock {version} rejoin {seat} {message}"),
            Opening::Answer(message) => write!(f, "answer {message}"),
            Opening::Refused(why) => write!(f, "refused {why}"),
        }
    }
}

impl FromStr for Opening {
    type Err = WireError;

    /// Reads a line (without its newline); the exact inverse of `Display`.
    fn from_str(line: &str) -> Result<Opening, WireError> {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let malformed = |takes| WireError::Malformed(word.to_owned(), takes);
        let word_of = |text: &str| !text.is_empty() && !text.contains(' ');
        match word {
            "knock" => {
                const TAKES: &str = "a version, join or rejoin SEAT, and a key message";
                let words: Vec<&str> = rest.split(' ').collect();
                let version = words
                    .first()
                    .and_then(|v| v.parse().ok())
                    .ok_or_else(|| malformed(TAKES))?;
                let (ticket, message) = match words[1..] {
                    ["join", message] => (Ticket::Join, message),
                    ["rejoin", seat, message] if word_of(seat) => {
                        (Ticket::Rejoin(seat.to_owned()), message)
                    }
                    // Another version may say more: its version is what matters.
                    _ if version != VERSION => (Ticket::Join, ""),
                    _ => return Err(malformed(TAKES)),
                };
                Ok(Opening::Knock {
                    version,
                    ticket,
                    message: message.to_owned(),
                })
            }
            "answer" if word_of(rest) => Ok(Opening::Answer(rest.to_owned())),
            "answer" => Err(malformed("a key message")),
            "refused" => Ok(Opening::Refused(rest.parse()?)),
            _ => Err(WireError::Unknown(shorten(word))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opening_line_reads_back_as_written() {
        let openings = [
            Opening::Knock {
                version: VERSION,
                ticket: Ticket::Join,
                message: "cGFrZQ==".into(),
            },
            Opening::Knock {
                version: VERSION,
                ticket: Ticket::Rejoin("0123456789abcdef".into()),
                message: "cGFrZQ==".into(),
            },
            Opening::Answer("cGFrZQ==".into()),
            Opening::Refused(Refusal::Version(
                "protocol version 1 is not spoken here".into(),
            )),
            Opening::Refused(Refusal::Busy("a code was tried here just now".into())),
            Opening::Refused(Refusal::NoSeat("no game of seat 01 here".into())),
            Opening::Refused(Refusal::NotKnock("nothing came in time".into())),
            Opening::Refused(Refusal::Other("protocol version 9 is not spoken".into())),
        ];
        for opening in openings {
            let line = opening.to_string();
            assert_eq!(line.parse::<Opening>(), Ok(opening), "{line:?}");
        }
        // A version 1 joiner's first line names its version, so that it
        // can be told which this host speaks.
        assert!(matches!(
            "hello 1 k4p9 Lekishon".parse::<Opening>(),
            Err(WireError::Unknown(_))
        ));
        let later = VERSION + 1;
        assert!(matches!(
            format!("knock {later} whatever comes in version {later}").parse::<Opening>(),
            Ok(Opening::Knock { version, .. }) if version == later
        ));
        assert!(format!("knock {VERSION} join").parse::<Opening>().is_err());
        assert!("refused".parse::<Opening>().is_err());
        // A word with no reason after it is a reason of its own.
        assert_eq!(
            "refused busy".parse::<Opening>(),
            Ok(Opening::Refused(Refusal::Other("busy".into())))
        );
        assert!(
            format!("knock {VERSION} rejoin x")
                .parse::<Opening>()
                .is_err()
        );
    }

    #[test]
    fn a_host_answers_a_knock_of_its_version_only() {
        assert_eq!(
            Opening::knocked(&format!("knock {VERSION} rejoin 0123456789abcdef cGFrZQ==")),
            Ok((Ticket::Rejoin("0123456789abcdef".into()), "cGFrZQ==".into()))
        );
        let refusals = [
            (
                format!("knock {} join cGFrZQ==", VERSION + 1),
                format!(
                    "version protocol version {} is not spoken here (this host speaks {VERSION})",
                    VERSION + 1
                ),
            ),
            (
                "hello 1 k4p9xm Lekishon".to_owned(),
                format!(
                    "version protocol version 1 is not spoken here (this host speaks {VERSION})"
                ),
            ),
            (
                "answer cGFrZQ==".to_owned(),
                "not-knock the first line must be knock, not \"answer cGFrZQ==\"".to_owned(),
            ),
            (
                "launch missiles".to_owned(),
                "not-knock not a knock: unknown message \"launch\"".to_owned(),
            ),
        ];
        for (line, refusal) in refusals {
            assert_eq!(
                Opening::knocked(&line).map_err(|refusal| refusal.to_string()),
                Err(refusal),
                "{line:?}"
            );
        }
    }
}
