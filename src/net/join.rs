//! The joiner's side of the direct mode's handshake: connect, agree a key
//! on the code (or on the seat's secret, to take the seat again), prove it,
//! and take the host's game once the host has proved it too.

use std::net::{TcpStream, ToSocketAddrs};
use std::time::Instant;

use crate::protocol::{Conversation, Failure, Met};
use crate::record::Record;

use super::direct::{self, SealedIn, SealedOut, spawn_reader};
use super::peer::{Events, Peer, ProtocolTimes};
use super::secure::{Agreement, End, KeyPurpose, Seat};
use super::wire::{MAX_LINE, Opening, Refusal, Ticket, VERSION};

/// What a joiner proves to the host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pass {
    /// The join code, for a first meeting.
    Code(String),
    /// The seat's secret, kept since the first meeting.
    Seat(Seat),
}

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
    /// The host refused before any key, and said why: news, not a verdict,
    /// since nothing proves the host said it.
    #[error("the host at {address} refused: {}", refusal.why())]
    Refused {
        /// The host's address.
        address: String,
        /// The host's reason.
        refusal: Refusal,
    },
    /// The key agreed did not open: the code was wrong or the seat is
    /// taken; or, taking a seat again, the other end is not the host that
    /// holds it.
    #[error("{0}")]
    Denied(String),
    /// Nobody answered where the host should be (at the seat's rendezvous
    /// of a mailbox), and why.
    #[error("{0}")]
    Absent(String),
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
    /// The key did not open: what that means for `pass` at `place`.
    pub(super) fn denied(place: &str, pass: &Pass) -> JoinError {
        JoinError::Denied(match pass {
            Pass::Code(_) => format!(
                "{place} did not take the code: a wrong code, or another player has taken the seat"
            ),
            Pass::Seat(_) => format!(
                "{place} could not prove it holds this game's seat (another program answers there?)"
            ),
        })
    }
}

/// The host joined: the connection, the host's name, its game and the seat.
#[derive(Debug)]
pub struct Joined {
    /// The connection to the host.
    pub peer: Peer,
    /// The host's name.
    pub host: String,
    /// The host's game.
    pub record: Record,
    /// The seat: made at a first meeting, the one proved after.
    pub seat: Seat,
}

/// What starts the reading of a connection just joined: called once the
/// news that it was made is told, so that nothing it reads comes first.
pub(super) type Begin = Box<dyn FnOnce() + Send>;

impl Joined {
    /// The host joined on `peer` (`host`'s name, its game, the seat): its
    /// lines come from `inbox`, read once begun as `conversation` says and
    /// handed to `events`.
    fn reading(
        (peer, inbox, conversation): (Peer, SealedIn, Conversation),
        (host, record, seat): (String, Record, Seat),
        events: &Events,
    ) -> (Joined, Begin) {
        let (reader, events) = (peer.clone(), events.clone());
        let begin = move || spawn_reader(reader, inbox, conversation, events, || {});
        let joined = Joined {
            peer,
            host,
            record,
            seat,
        };
        (joined, Box::new(begin))
    }
}

/// What a joiner comes with, whichever way it meets the host.
#[derive(Clone, Copy, Debug)]
pub struct JoinRequest<'a> {
    /// The code, or the seat's secret.
    pub pass: &'a Pass,
    /// The joiner's name, if given.
    pub name: Option<&'a str>,
    /// The game as this side has it, when taking the seat again.
    pub ours: Option<&'a Record>,
    /// The protocol's times.
    pub limits: ProtocolTimes,
}

/// Joins the host at `address` with `ask`; once begun, the host's moves
/// and requests come to `events`.
///
/// # Errors
/// When the host cannot be reached, refuses, does not take the pass or
/// prove its own, or does not speak the protocol.
pub(super) fn join(
    address: &str,
    ask: JoinRequest<'_>,
    events: &Events,
) -> Result<(Joined, Begin), JoinError> {
    let JoinRequest {
        pass,
        name,
        ours,
        limits,
    } = ask;
    let unreachable = |reason: String| JoinError::Unreachable {
        address: address.to_owned(),
        reason,
    };
    let protocol = |reason: String| JoinError::Protocol {
        address: address.to_owned(),
        reason,
    };
    let stream = connect(address, limits)?;
    let deadline = Instant::now() + limits.hello;
    let mut lines = direct::lines(&stream, MAX_LINE).map_err(|e| unreachable(e.to_string()))?;
    let (password, purpose, ticket) = match pass {
        Pass::Code(code) => (code.as_bytes().to_vec(), KeyPurpose::Join, Ticket::Join),
        Pass::Seat(seat) => (
            seat.password().to_vec(),
            KeyPurpose::Rejoin,
            Ticket::Rejoin(seat.id()),
        ),
    };
    let (agreement, message) = Agreement::start(&password, purpose);
    let knock = Opening::Knock {
        version: VERSION,
        ticket,
        message,
    };
    direct::write_line(&stream, &knock.to_string()).map_err(|e| unreachable(e.to_string()))?;
    let answer = direct::line_before(&mut lines, deadline).map_err(|e| protocol(e.to_string()))?;
    let key = match answer.parse::<Opening>() {
        Ok(Opening::Answer(message)) => agreement.finish(&message).map_err(protocol)?,
        Ok(Opening::Refused(refusal)) => {
            return Err(JoinError::Refused {
                address: address.to_owned(),
                refusal,
            });
        }
        Ok(other) => return Err(protocol(format!("{other:?} where its key belongs"))),
        Err(error) => return Err(protocol(error.to_string())),
    };
    let (sealer, opener) = key.channel(End::Joiner);
    let outbox =
        SealedOut::new(&stream, sealer, limits.silence).map_err(|e| unreachable(e.to_string()))?;
    let peer = Peer::new(Box::new(outbox));
    // The copy goes only with the seat's secret: a first meeting takes the host's game.
    let ours = ours.filter(|_| matches!(pass, Pass::Seat(_)));
    let (mut conversation, first) = Conversation::join(
        name.map(str::to_owned),
        ours,
        Some(deadline),
        limits.liveness(),
        Instant::now(),
    );
    for message in first {
        peer.send(&message)
            .map_err(|error| unreachable(error.to_string()))?;
    }
    let mut inbox = SealedIn::new(lines, opener);
    let (host, record) = match direct::handshake(&mut conversation, &mut inbox) {
        Ok(Met::Host { name, game }) => (name, *game),
        Ok(Met::Joiner { .. }) => return Err(protocol("a joiner where the host belongs".into())),
        Err(Failure::Unopened) => {
            return Err(JoinError::denied(&format!("the host at {address}"), pass));
        }
        Err(failure) => return Err(protocol(failure.to_string())),
    };
    let seat = match pass {
        Pass::Code(_) => key.seat(),
        Pass::Seat(kept) => kept.clone(),
    };
    Ok(Joined::reading(
        (peer, inbox, conversation),
        (host, record, seat),
        events,
    ))
}

/// A connection to `address`, the first of its addresses that answers.
fn connect(address: &str, limits: ProtocolTimes) -> Result<TcpStream, JoinError> {
    let unreachable = |reason: String| JoinError::Unreachable {
        address: address.to_owned(),
        reason,
    };
    let targets = address
        .to_socket_addrs()
        .map_err(|error| unreachable(error.to_string()))?;
    let mut last = "no address".to_owned();
    for target in targets {
        match TcpStream::connect_timeout(&target, limits.hello) {
            Ok(stream) => {
                let _ = stream.set_nodelay(true);
                return Ok(stream);
            }
            Err(error) => last = error.to_string(),
        }
    }
    Err(unreachable(last))
}
