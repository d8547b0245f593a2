//! The joiner's side of the handshake: connect, say `hello` with the code,
//! and take the host's game; again after the line drops.

use std::io::BufReader;
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::mpsc::Sender;

use crate::record::Record;

use super::peer::{Event, Limits, Peer, spawn_reader};
use super::wire::{BUSY, LineReader, MAX_GAME_LINE, Message, VERSION};

/// Why a joiner could not join.
#[derive(Debug, thiserror::Error)]
pub enum JoinError {
    /// No connection could be made.
    #[error("cannot reach {address}: {reason}")]
    Unreachable {
        /// The host's address.
        address: String,
        /// Why, in words.
        reason: String,
    },
    /// The host refused, and said why.
    #[error("the host at {address} refused: {reason}")]
    Refused {
        /// The host's address.
        address: String,
        /// The host's reason.
        reason: String,
    },
    /// The host did not speak the protocol.
    #[error("the host at {address} does not answer as an endodoi host: {reason}")]
    Protocol {
        /// The host's address.
        address: String,
        /// What was wrong.
        reason: String,
    },
}

impl JoinError {
    /// Whether trying again cannot help: the host said no, other than
    /// because its player is still in the game.
    pub fn is_final(&self) -> bool {
        matches!(self, JoinError::Refused { reason, .. } if reason != BUSY)
    }
}

/// The host joined: the connection, the host's name and its game.
#[derive(Debug)]
pub struct Joined {
    /// The connection to the host.
    pub peer: Peer,
    /// The host's name.
    pub host: String,
    /// The host's game.
    pub record: Record,
}

/// Joins the host at `address` with `code` as `name`; from then on the
/// host's moves and requests come to `events`.
///
/// # Errors
/// When the host cannot be reached, refuses, or does not speak the protocol.
pub fn join(
    address: &str,
    code: &str,
    name: Option<&str>,
    limits: Limits,
    events: &Sender<Event>,
) -> Result<Joined, JoinError> {
    let unreachable = |reason: String| JoinError::Unreachable {
        address: address.to_owned(),
        reason,
    };
    let protocol = |reason: String| JoinError::Protocol {
        address: address.to_owned(),
        reason,
    };
    let targets = address
        .to_socket_addrs()
        .map_err(|error| unreachable(error.to_string()))?;
    let mut last = "no address".to_owned();
    let mut connected = None;
    for target in targets {
        match TcpStream::connect_timeout(&target, limits.hello) {
            Ok(stream) => {
                connected = Some(stream);
                break;
            }
            Err(error) => last = error.to_string(),
        }
    }
    let stream = connected.ok_or_else(|| unreachable(last))?;
    let _ = stream.set_nodelay(true);
    stream
        .set_read_timeout(Some(limits.hello))
        .map_err(|error| unreachable(error.to_string()))?;
    let peer = Peer::new(&stream, limits).map_err(|error| unreachable(error.to_string()))?;
    peer.send(&Message::Hello {
        version: VERSION,
        code: code.to_owned(),
        name: name.map(str::to_owned),
    })
    .map_err(|error| unreachable(error.to_string()))?;
    let copy = stream
        .try_clone()
        .map_err(|error| unreachable(error.to_string()))?;
    let mut reader = LineReader::new(BufReader::new(copy), MAX_GAME_LINE);
    let mut next = || -> Result<Message, JoinError> {
        let line = reader
            .read_line()
            .map_err(|error| protocol(error.to_string()))?;
        line.parse().map_err(|error| protocol(format!("{error}")))
    };
    let host = match next()? {
        Message::Welcome(host) => host,
        Message::Refused(reason) => {
            return Err(JoinError::Refused {
                address: address.to_owned(),
                reason,
            });
        }
        other => return Err(protocol(format!("{other:?} before welcome"))),
    };
    let record = match next()? {
        Message::Game(text) => {
            Record::read(&text).map_err(|error| protocol(format!("its game: {error}")))?
        }
        other => return Err(protocol(format!("{other:?} where its game belongs"))),
    };
    spawn_reader(peer.clone(), reader, limits, events.clone(), || {});
    Ok(Joined { peer, host, record })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_busy_host_is_worth_trying_again() {
        let refused = |reason: &str| JoinError::Refused {
            address: "127.0.0.1:7557".into(),
            reason: reason.into(),
        };
        assert!(!refused(BUSY).is_final());
        assert!(refused("wrong code").is_final());
        let unreachable = JoinError::Unreachable {
            address: "127.0.0.1:7557".into(),
            reason: "Connection refused (os error 111)".into(),
        };
        assert!(!unreachable.is_final());
    }
}
