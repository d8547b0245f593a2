//! The direct mode's connection: TCP, a line in clear text each way to
//! agree a key, then every line sealed ([`super::secure`]) and in base64;
//! the handshake after the key and, past it, a thread that reads the
//! other side's lines, both as the connection's conversation says.

use std::io::{self, BufReader, Write};
use std::net::{Shutdown, TcpStream};
use std::thread;
use std::time::{Duration, Instant};

use crate::protocol::{Conversation, Failure, Met, Parting, Step};

use super::peer::{Event, Events, Outbox, Peer};
use super::secure::{Opener, Sealer};
use super::wire::{LineReader, MAX_GAME_LINE, ReadError};

/// The lines of a TCP connection, read with a bound on their length.
pub(super) type TcpLines = LineReader<BufReader<TcpStream>>;

/// The lines of `stream`, each at most `limit` bytes.
pub(super) fn lines(stream: &TcpStream, limit: usize) -> io::Result<TcpLines> {
    Ok(LineReader::new(BufReader::new(stream.try_clone()?), limit))
}

/// Writes `line` and its newline to `stream` in one write.
pub(super) fn write_line(mut stream: &TcpStream, line: &str) -> io::Result<()> {
    stream.write_all(format!("{line}\n").as_bytes())?;
    stream.flush()
}

/// The next line of `lines`, before `deadline`: the whole handshake has one
/// deadline, however slowly its bytes come.
pub(super) fn line_before(lines: &mut TcpLines, deadline: Instant) -> Result<String, ReadError> {
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Err(ReadError::TimedOut);
    }
    lines
        .get_ref()
        .get_ref()
        .set_read_timeout(Some(left))
        .map_err(|error| ReadError::Io(error.to_string()))?;
    lines.read_line()
}

/// Carries the handshake of `conversation` on `inbox` to its end, within
/// the conversation's deadline: who it met, or why it failed. What it
/// sends first was sent already.
pub(super) fn handshake(
    conversation: &mut Conversation,
    inbox: &mut SealedIn,
) -> Result<Met, Failure> {
    loop {
        let mut steps = conversation.tick(Instant::now());
        if steps.is_empty() {
            let line = inbox.next_line(conversation.wait(Instant::now()));
            steps = conversation.read(line, Instant::now());
        }
        for step in steps {
            match step {
                Step::Trust => inbox.trust(),
                Step::Met(met) => return Ok(met),
                Step::Failed(failure) => return Err(failure),
                // Past the handshake only.
                Step::Send(_) | Step::Said(_) | Step::Parted(_) => {}
            }
        }
    }
}

/// The sending half: each line sealed, then written as base64 text.
#[derive(Debug)]
pub(super) struct SealedOut {
    stream: TcpStream,
    sealer: Sealer,
}

impl SealedOut {
    /// Seals what goes out on `stream` with `sealer`; a write blocked for
    /// `patience` fails.
    pub(super) fn new(
        stream: &TcpStream,
        sealer: Sealer,
        patience: Duration,
    ) -> io::Result<SealedOut> {
        let stream = stream.try_clone()?;
        stream.set_write_timeout(Some(patience))?;
        Ok(SealedOut { stream, sealer })
    }
}

impl Outbox for SealedOut {
    fn send_line(&mut self, line: &str) -> io::Result<()> {
        write_line(&self.stream, &self.sealer.seal(line))
    }

    fn shut(&mut self) {
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}

/// The receiving half: each line opened with the session's key.
#[derive(Debug)]
pub(super) struct SealedIn {
    lines: TcpLines,
    opener: Opener,
}

impl SealedIn {
    /// Opens the lines still to come on `lines` (what was read ahead is
    /// kept) with `opener`, each as short as `lines` reads them until
    /// [`SealedIn::trust`].
    pub(super) fn new(lines: TcpLines, opener: Opener) -> SealedIn {
        SealedIn { lines, opener }
    }

    /// The other end proved the key: its lines may hold a whole game.
    pub(super) fn trust(&mut self) {
        self.lines.set_limit(MAX_GAME_LINE);
    }
}

impl SealedIn {
    /// The next line opened, waiting at most `wait`
    /// ([`ReadError::TimedOut`] then, keeping what came of a line).
    pub(super) fn next_line(&mut self, wait: Duration) -> Result<String, ReadError> {
        self.lines
            .get_ref()
            .get_ref()
            .set_read_timeout(Some(wait.max(Duration::from_millis(1))))
            .map_err(|error| ReadError::Io(error.to_string()))?;
        let sealed = self.lines.read_line()?;
        let line = self.opener.open(&sealed).ok_or(ReadError::Unsealed)?;
        if line.chars().any(char::is_control) {
            return Err(ReadError::NotText);
        }
        Ok(line)
    }
}

/// Reads `peer`'s lines from `inbox` on a thread of its own until the
/// connection ends, as `conversation` (past its handshake) says, handing
/// each move or request on to `events`; `on_end` runs when it has ended.
pub(super) fn spawn_reader(
    peer: Peer,
    inbox: SealedIn,
    conversation: Conversation,
    events: Events,
    on_end: impl FnOnce() + Send + 'static,
) {
    thread::spawn(move || {
        let why = read_until_end(&peer, inbox, conversation, &events);
        peer.shut();
        on_end();
        events.send(Event::Lost { id: peer.id(), why });
    });
}

/// Reads lines until the connection ends; returns why it ended.
fn read_until_end(
    peer: &Peer,
    mut inbox: SealedIn,
    mut conversation: Conversation,
    events: &Events,
) -> String {
    loop {
        let steps = conversation.tick(Instant::now());
        if let Some(why) = carry_out(peer, steps, events) {
            return why;
        }
        let line = inbox.next_line(conversation.wait(Instant::now()));
        let steps = conversation.read(line, Instant::now());
        if let Some(why) = carry_out(peer, steps, events) {
            return why;
        }
    }
}

/// Carries out the `steps` of a conversation past its handshake; why the
/// connection ended, if it did.
fn carry_out(peer: &Peer, steps: Vec<Step>, events: &Events) -> Option<String> {
    for step in steps {
        match step {
            Step::Send(message) => {
                if peer.send(&message).is_err() {
                    return Some(Parting::Unsent.to_string());
                }
            }
            Step::Said(said) => {
                if !events.send(Event::Said {
                    id: peer.id(),
                    said,
                }) {
                    return Some("the game has ended".to_owned());
                }
            }
            Step::Parted(parting) => {
                let why = parting.to_string();
                if parting.tells() {
                    peer.close(&why);
                }
                return Some(why);
            }
            // The handshake's: over before the reading thread begins.
            Step::Trust | Step::Met(_) | Step::Failed(_) => {}
        }
    }
    None
}
