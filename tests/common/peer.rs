//! The hostile peer of the network tests: a raw connection to the other
//! end, lines typed by hand in the protocol's words, sealed once it agreed a
//! key with the project's own cryptography. It plays a joiner (it knocks)
//! or a host (it answers a knock), honestly or not, as each test needs.

use std::io::{BufRead, BufReader, ErrorKind, Write};
use std::net::{SocketAddr, TcpStream};
use std::thread::sleep;
use std::time::{Duration, Instant};

use endodoi::net::secure::{Agreement, End, KeyPurpose, Opener, Sealer, Seat, SessionKey};
use endodoi::net::wire::{Message, VERSION};
use endodoi::record::Record;

/// How long a peer waits for a line, or for the door to stop saying busy.
pub const PATIENCE: Duration = Duration::from_secs(10);

/// A raw connection, sealed once a key is agreed.
pub struct Peer {
    stream: TcpStream,
    reader: BufReader<TcpStream>,
    sealer: Option<Sealer>,
    opener: Option<Opener>,
    key: Option<SessionKey>,
}

impl Peer {
    /// A connection to `address`.
    pub fn connect(address: SocketAddr) -> Peer {
        Peer::on(TcpStream::connect(address).expect("the other end answers"))
    }

    /// The peer on a connection made (or taken) already.
    pub fn on(stream: TcpStream) -> Peer {
        stream.set_read_timeout(Some(PATIENCE)).expect("a time-out");
        let reader = BufReader::new(stream.try_clone().expect("a copy"));
        Peer {
            stream,
            reader,
            sealer: None,
            opener: None,
            key: None,
        }
    }

    /// Knocks as a joiner (on `password`: the code, or the seat's) and
    /// agrees a key with the host's answer.
    pub fn agree(&mut self, password: &[u8], seat: Option<&Seat>) {
        if let Err(answer) = self.try_agree(password, seat) {
            panic!("an answer, not {answer:?}");
        }
    }

    /// Knocks on `code` at `address` until the host has a key agreed
    /// on it (again while it says busy: a code was tried just now).
    pub fn joining(address: SocketAddr, code: &str) -> Peer {
        let start = Instant::now();
        loop {
            let mut peer = Peer::connect(address);
            match peer.try_agree(code.as_bytes(), None) {
                Ok(()) => return peer,
                Err(line) => assert!(line.starts_with("refused busy "), "{line:?}"),
            }
            assert!(start.elapsed() < PATIENCE, "busy for {PATIENCE:?}");
            sleep(Duration::from_millis(20));
        }
    }

    /// Knocks at `address` on `code`, or taking `seat` again on its
    /// secret, and agrees a key.
    pub fn knock(address: SocketAddr, code: &str, seat: Option<&Seat>) -> Peer {
        match seat {
            Some(seat) => {
                let mut peer = Peer::connect(address);
                peer.agree(&seat.password(), Some(seat));
                peer
            }
            None => Peer::joining(address, code),
        }
    }

    /// As [`Peer::agree`]; the line that came instead of an answer.
    ///
    /// # Errors
    /// The line the host sent instead of its answer.
    pub fn try_agree(&mut self, password: &[u8], seat: Option<&Seat>) -> Result<(), String> {
        let (key, reader) = knock(&self.stream, password, seat, VERSION, PATIENCE)?;
        let (sealer, opener) = key.channel(End::Joiner);
        self.reader = reader;
        (self.sealer, self.opener, self.key) = (Some(sealer), Some(opener), Some(key));
        Ok(())
    }

    /// Answers a joiner's knock as a host agreeing on `password`; the
    /// knock's first words (`knock 4 join` or `knock 4 rejoin SEAT`).
    pub fn answer_knock(&mut self, password: &[u8]) -> String {
        let knock = self.clear_line();
        let (words, message) = knock.rsplit_once(' ').expect("a knock");
        let purpose = if words.contains("rejoin") {
            KeyPurpose::Rejoin
        } else {
            KeyPurpose::Join
        };
        let (agreement, answer) = Agreement::start(password, purpose);
        self.send_clear(&format!("answer {answer}"));
        let key = agreement.finish(message).expect("a key message");
        let (sealer, opener) = key.channel(End::Host);
        (self.sealer, self.opener, self.key) = (Some(sealer), Some(opener), Some(key));
        words.to_owned()
    }

    /// `line` opened with this peer's key, if it opens.
    pub fn open(&mut self, line: &str) -> Option<String> {
        self.opener.as_mut().expect("a key").open(line)
    }

    /// The seat this peer's first meeting gave.
    pub fn seat(&self) -> Seat {
        self.key.as_ref().expect("a key").seat()
    }

    /// Sends `line` as it is, before any key.
    pub fn send_clear(&mut self, line: &str) {
        self.stream
            .write_all(format!("{line}\n").as_bytes())
            .expect("the line is sent");
    }

    /// Sends `line` sealed.
    pub fn send(&mut self, line: &str) {
        let sealed = self.sealer.as_mut().expect("a key").seal(line);
        self.send_clear(&sealed);
    }

    /// Sends `record` as its game.
    pub fn send_game(&mut self, record: &Record) {
        self.send(&Message::Game(record.to_string()).to_string());
    }

    /// The next line as it came; empty once the other end has closed
    /// (nothing in time is a failure: silence is not a close).
    pub fn clear_line(&mut self) -> String {
        let mut line = String::new();
        match self.reader.read_line(&mut line) {
            Ok(_) => line.trim_end().to_owned(),
            Err(error) if error.kind() == ErrorKind::ConnectionReset => String::new(),
            Err(error) => panic!("reading the other end: {error}"),
        }
    }

    /// The next sealed line that is not a ping, opened; empty once the
    /// other end has closed.
    pub fn line(&mut self) -> String {
        loop {
            let line = self.clear_line();
            if line.is_empty() {
                return line;
            }
            let opened = self
                .opener
                .as_mut()
                .expect("a key")
                .open(&line)
                .unwrap_or_else(|| panic!("a sealed line, not {line:?}"));
            if opened != "ping" {
                return opened;
            }
        }
    }

    /// The game the other end sends.
    pub fn game(&mut self) -> Record {
        let Ok(Message::Game(text)) = self.line().parse::<Message>() else {
            panic!("a game");
        };
        Record::read(&text).expect("a record")
    }

    /// Reads the other end's last words and asserts it closed after them.
    pub fn closed_with(&mut self, bye: &str) {
        assert_eq!(self.line(), format!("bye {bye}"));
        assert_eq!(self.line(), "", "the other end closes after its bye");
    }

    /// The connection itself, to read or write past the protocol.
    pub fn stream(&mut self) -> &mut TcpStream {
        &mut self.stream
    }
}

/// Knocks from `stream` as a joiner of protocol `version` on `password`
/// (as the seat's player with `seat`) and agrees a key with the host's
/// answer, each line waited for `patience` at most: the key and the reader
/// of what comes next, or the line that came instead of an answer.
///
/// # Errors
/// The line that came instead of an answer (empty: closed, or nothing).
pub fn knock(
    stream: &TcpStream,
    password: &[u8],
    seat: Option<&Seat>,
    version: u32,
    patience: Duration,
) -> Result<(SessionKey, BufReader<TcpStream>), String> {
    let _ = stream.set_read_timeout(Some(patience));
    let purpose = if seat.is_some() {
        KeyPurpose::Rejoin
    } else {
        KeyPurpose::Join
    };
    let (agreement, message) = Agreement::start(password, purpose);
    let line = match seat {
        Some(seat) => format!("knock {version} rejoin {} {message}\n", seat.id()),
        None => format!("knock {version} join {message}\n"),
    };
    (&*stream)
        .write_all(line.as_bytes())
        .map_err(|error| error.to_string())?;
    let mut reader = BufReader::new(stream.try_clone().map_err(|error| error.to_string())?);
    let answer = first_line(&mut reader);
    let theirs = answer.strip_prefix("answer ").ok_or(answer.clone())?;
    Ok((agreement.finish(theirs)?, reader))
}

/// The next line `reader` gets, trimmed; empty when none comes (closed,
/// reset, or nothing in time): a stranger's view, which asks no more.
pub fn first_line(reader: &mut BufReader<TcpStream>) -> String {
    let mut line = String::new();
    match reader.read_line(&mut line) {
        Ok(_) => line.trim_end().to_owned(),
        Err(_) => String::new(),
    }
}

/// As [`knock`], the key's two halves (the joiner's) for the caller to seal
/// and open with.
///
/// # Errors
/// As [`knock`].
pub fn sealed_knock(
    stream: &TcpStream,
    password: &[u8],
    seat: Option<&Seat>,
    version: u32,
    patience: Duration,
) -> Result<(Sealer, Opener, BufReader<TcpStream>), String> {
    let (key, reader) = knock(stream, password, seat, version, patience)?;
    let (sealer, opener) = key.channel(End::Joiner);
    Ok((sealer, opener, reader))
}

/// A connection to `to` from the loopback address `local` (127.0.0.0/8
/// holds many: a stranger with many addresses, on one machine).
///
/// # Errors
/// When the socket cannot be made, bound or connected.
pub fn bind_and_connect(local: SocketAddr, to: SocketAddr) -> std::io::Result<TcpStream> {
    use rustix::net::{AddressFamily, SocketType, bind, connect, socket};
    let fd = socket(AddressFamily::INET, SocketType::STREAM, None)?;
    bind(&fd, &local)?;
    connect(&fd, &to)?;
    Ok(TcpStream::from(fd))
}
