//! One conversation between the two ends, from the first sealed line to
//! the last, as a state machine with no I/O. The joiner says `hello` (and,
//! taking its seat again, sends its copy of the game); the host, once it
//! has them, lets the joiner in with `welcome` and its game; then both say
//! the game's messages, ping a quiet line and give up on a silent one.
//!
//! A driver hands it each line that came, or why none did ([`ReadError`]),
//! and the time ([`Conversation::tick`] when nothing came), and carries out
//! the [`Step`]s it returns: a message to send, news for the app, a
//! connection to end. [`Conversation::wait`] says how long the driver may
//! wait for a line before the conversation has something to do.

use std::fmt;
use std::time::Duration;

// std's `Instant` natively; in a web page, the page's (std's has no clock
// there). The conversation only holds the times its driver hands in.
use web_time::Instant;

use endodoi_core::record::Record;

use crate::{GameMessage, MAX_NAME, Message, ReadError, WireError, shorten};

#[cfg(test)]
mod tests;

/// How a conversation keeps a quiet line alive, and when it gives up on it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Liveness {
    /// A peer that sends nothing (not even `ping`) this long is disconnected.
    pub silence: Duration,
    /// How often a line is pinged.
    pub ping: Duration,
}

/// What the driver does next, as the conversation says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Send this message.
    Send(Message),
    /// The other end proved the key: its lines may be as long as a game's
    /// ([`crate::MAX_GAME_LINE`]) from now on.
    Trust,
    /// This side's part of the handshake is over: who came, with what.
    Met(Met),
    /// The other player said this: news for the app.
    Said(GameMessage),
    /// The handshake failed, and why: the connection is closed without a
    /// word.
    Failed(Failure),
    /// The connection ends, and why; with a `bye` first when
    /// [`Parting::tells`] says so.
    Parted(Parting),
}

/// Who the handshake met.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Met {
    /// The host met a joiner: its name, if given, and its copy of the game
    /// when it takes its seat again. The host lets it in with
    /// [`Conversation::welcome`].
    Joiner {
        /// The joiner's name.
        name: Option<String>,
        /// The joiner's copy of the game.
        copy: Option<Box<Record>>,
    },
    /// The joiner met the host: its name and its game.
    Host {
        /// The host's name.
        name: String,
        /// The host's game.
        game: Box<Record>,
    },
}

/// What a handshake waits for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Awaited {
    /// The joiner's `hello` (at the host).
    Hello,
    /// The joiner's copy of the game, when it takes its seat again (at the
    /// host).
    Copy,
    /// The host's `welcome` (at the joiner).
    Welcome,
    /// The host's game (at the joiner).
    Game,
}

/// Why a handshake fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The other side's first sealed line does not open with the key
    /// agreed, or the host closed before it sent one: a wrong code, a seat
    /// taken, not the seat's secret. The driver says it in its own words
    /// (it knows what the key was agreed on).
    Unopened,
    /// No line came where the awaited one belongs, and why.
    Unread(Awaited, ReadError),
    /// A line that is no message.
    Garbled(WireError),
    /// Another message where the awaited one belongs.
    Misplaced(Awaited, Message),
    /// A name longer than [`MAX_NAME`] characters.
    LongName,
    /// A game whose record does not read, and why.
    Unreadable(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Unopened => write!(f, "{}", ReadError::Unsealed),
            Failure::Unread(Awaited::Hello, error) => write!(f, "no hello: {error}"),
            Failure::Unread(Awaited::Copy, error) => write!(f, "no game: {error}"),
            Failure::Unread(_, error) => write!(f, "{error}"),
            Failure::Garbled(error) => write!(f, "{error}"),
            Failure::Misplaced(Awaited::Hello, message) => {
                write!(f, "{message:?} where hello belongs")
            }
            Failure::Misplaced(Awaited::Welcome, message) => {
                write!(f, "{message:?} before welcome")
            }
            Failure::Misplaced(Awaited::Copy | Awaited::Game, message) => {
                write!(f, "{message:?} where its game belongs")
            }
            Failure::LongName => write!(f, "a name has at most {MAX_NAME} characters"),
            Failure::Unreadable(error) => write!(f, "its game: {error}"),
        }
    }
}

/// Why a connection past its handshake ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parting {
    /// Nothing came for this long.
    Silence(Duration),
    /// The other side closed the connection.
    Left,
    /// The other side sent what no line may be: too long, not text, not
    /// sealed with the session's key.
    Sent(ReadError),
    /// The connection failed, in words.
    Broke(String),
    /// A message could not be sent.
    Unsent,
    /// The other side said `bye`, and why.
    Bye(String),
    /// A message that has no place past the handshake (shortened).
    OutOfPlace(String),
    /// A line that is no message: why, and the line (shortened).
    Garbled(WireError, String),
}

impl Parting {
    /// Whether the other side is told why with a `bye` before the
    /// connection is closed: when it sent something wrong, or nothing.
    pub fn tells(&self) -> bool {
        matches!(
            self,
            Parting::Silence(_) | Parting::Sent(_) | Parting::OutOfPlace(_) | Parting::Garbled(..)
        )
    }
}

impl fmt::Display for Parting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Parting::Silence(silence) => {
                write!(f, "nothing came for {} s", silence.as_secs_f32())
            }
            Parting::Left => write!(f, "the other player left"),
            Parting::Sent(error) => write!(f, "the other side sent {error}"),
            Parting::Broke(error) => write!(f, "the connection broke: {error}"),
            Parting::Unsent => write!(f, "the connection broke"),
            Parting::Bye(why) => write!(f, "the other side left: {why}"),
            Parting::OutOfPlace(line) => write!(f, "the other side sent {line:?} out of place"),
            Parting::Garbled(error, line) => write!(
                f,
                "the other side sent something that is not the protocol ({error}): {line:?}"
            ),
        }
    }
}

/// Where a conversation is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Stage {
    /// The host waits for the joiner's `hello`, then (`rejoin`) its copy.
    Hello { rejoin: bool },
    /// The host waits for the copy of the joiner named `name`.
    Copy { name: Option<String> },
    /// The joiner waits for the host's `welcome`.
    Welcome,
    /// The joiner waits for the game of the host named `host`.
    Game { host: String },
    /// The host met the joiner, and has not let it in yet.
    Met,
    /// Past the handshake: the game's messages.
    Open,
    /// The conversation is over.
    Over,
}

/// One conversation with the other end past the key agreement.
#[derive(Clone, Debug)]
pub struct Conversation {
    state: Stage,
    /// The handshake's one deadline, however slowly its lines come (none:
    /// the driver bounds it).
    deadline: Option<Instant>,
    liveness: Liveness,
    /// When the other end last said anything.
    heard: Instant,
    /// When this end last pinged.
    pinged: Instant,
}

impl Conversation {
    fn new(state: Stage, deadline: Option<Instant>, liveness: Liveness, now: Instant) -> Self {
        Conversation {
            state,
            deadline,
            liveness,
            heard: now,
            pinged: now,
        }
    }

    /// The joiner's conversation, begun at `now`: its name, if given, and
    /// its copy of the game (`ours`) when it takes its seat again; the
    /// messages to send first (`hello`, the copy).
    pub fn join(
        name: Option<String>,
        ours: Option<&Record>,
        deadline: Option<Instant>,
        liveness: Liveness,
        now: Instant,
    ) -> (Conversation, Vec<Message>) {
        let mut first = vec![Message::Hello(name)];
        first.extend(ours.map(|ours| Message::Game(ours.to_string())));
        let conversation = Conversation::new(Stage::Welcome, deadline, liveness, now);
        (conversation, first)
    }

    /// The host's conversation with a joiner, begun at `now`; `rejoin`:
    /// the joiner takes its seat again, and sends its copy after `hello`.
    pub fn host(
        rejoin: bool,
        deadline: Option<Instant>,
        liveness: Liveness,
        now: Instant,
    ) -> Conversation {
        Conversation::new(Stage::Hello { rejoin }, deadline, liveness, now)
    }

    /// The host lets in the joiner it met, as `name`: the `welcome` to
    /// send (the host's game follows it). None before the joiner was met.
    pub fn welcome(&mut self, name: String, now: Instant) -> Option<Message> {
        if self.state != Stage::Met {
            return None;
        }
        self.open(now);
        Some(Message::Welcome(name))
    }

    /// Whether the handshake is over and the conversation goes on.
    pub fn is_open(&self) -> bool {
        matches!(self.state, Stage::Met | Stage::Open)
    }

    /// How long the driver may wait for a line at `now` before the
    /// conversation has something to do ([`Conversation::tick`]).
    pub fn wait(&self, now: Instant) -> Duration {
        let due = match self.state {
            Stage::Over => return Duration::ZERO,
            Stage::Met | Stage::Open => {
                (self.pinged + self.liveness.ping).min(self.heard + self.liveness.silence)
            }
            _ => match self.deadline {
                Some(deadline) => deadline,
                None => return self.liveness.silence,
            },
        };
        due.saturating_duration_since(now)
    }

    /// The time is `now` and nothing came: a ping to send, a handshake or a
    /// silent connection given up.
    pub fn tick(&mut self, now: Instant) -> Vec<Step> {
        match &self.state {
            Stage::Over => Vec::new(),
            Stage::Met | Stage::Open => {
                let mut steps = Vec::new();
                if now >= self.pinged + self.liveness.ping {
                    self.pinged = now;
                    steps.push(Step::Send(Message::Ping));
                }
                if now >= self.heard + self.liveness.silence {
                    steps.push(self.part(Parting::Silence(self.liveness.silence)));
                }
                steps
            }
            waiting => {
                let awaited = awaited(waiting);
                if self.deadline.is_some_and(|deadline| now >= deadline) {
                    vec![self.fail(Failure::Unread(awaited, ReadError::TimedOut))]
                } else {
                    Vec::new()
                }
            }
        }
    }

    /// What came at `now`: a line (opened, without its newline), or why
    /// none did.
    pub fn read(&mut self, line: Result<String, ReadError>, now: Instant) -> Vec<Step> {
        match (line, &self.state) {
            (_, Stage::Over) => Vec::new(),
            (Err(ReadError::TimedOut), _) => self.tick(now),
            (Ok(line), Stage::Met | Stage::Open) => {
                self.heard = now;
                match line.parse::<Message>() {
                    Ok(Message::Ping) => Vec::new(),
                    Ok(Message::Said(said)) => vec![Step::Said(said)],
                    Ok(Message::Bye(why)) => vec![self.part(Parting::Bye(why))],
                    Ok(other) => vec![self.part(Parting::OutOfPlace(shorten(&other.to_string())))],
                    Err(error) => vec![self.part(Parting::Garbled(error, shorten(&line)))],
                }
            }
            (Err(error), Stage::Met | Stage::Open) => vec![self.part(match error {
                ReadError::Closed => Parting::Left,
                ReadError::Io(why) => Parting::Broke(why),
                other => Parting::Sent(other),
            })],
            (Err(ReadError::Unsealed), Stage::Hello { .. })
            | (Err(ReadError::Unsealed | ReadError::Closed), Stage::Welcome) => {
                vec![self.fail(Failure::Unopened)]
            }
            (Err(error), waiting) => {
                let awaited = awaited(waiting);
                vec![self.fail(Failure::Unread(awaited, error))]
            }
            (Ok(line), _) => match line.parse::<Message>() {
                Ok(message) => self.handshake(message, now),
                Err(error) => vec![self.fail(Failure::Garbled(error))],
            },
        }
    }

    /// A message of the handshake, in its state.
    fn handshake(&mut self, message: Message, now: Instant) -> Vec<Step> {
        let state = std::mem::replace(&mut self.state, Stage::Over);
        match (state, message) {
            (Stage::Hello { .. }, Message::Hello(Some(name)))
                if name.chars().count() > MAX_NAME =>
            {
                vec![self.fail(Failure::LongName)]
            }
            (Stage::Hello { rejoin: true }, Message::Hello(name)) => {
                self.state = Stage::Copy { name };
                vec![Step::Trust]
            }
            (Stage::Hello { rejoin: false }, Message::Hello(name)) => {
                self.state = Stage::Met;
                vec![Step::Trust, Step::Met(Met::Joiner { name, copy: None })]
            }
            (Stage::Copy { name }, Message::Game(text)) => match Record::read(&text) {
                Ok(copy) => {
                    self.state = Stage::Met;
                    let copy = Some(Box::new(copy));
                    vec![Step::Met(Met::Joiner { name, copy })]
                }
                Err(error) => vec![self.fail(Failure::Unreadable(error.to_string()))],
            },
            (Stage::Welcome, Message::Welcome(host)) => {
                self.state = Stage::Game { host };
                vec![Step::Trust]
            }
            (Stage::Game { host }, Message::Game(text)) => match Record::read(&text) {
                Ok(game) => {
                    self.open(now);
                    let game = Box::new(game);
                    vec![Step::Met(Met::Host { name: host, game })]
                }
                Err(error) => vec![self.fail(Failure::Unreadable(error.to_string()))],
            },
            (state, other) => vec![self.fail(Failure::Misplaced(awaited(&state), other))],
        }
    }

    /// The handshake is over: the game's messages from `now` on.
    fn open(&mut self, now: Instant) {
        self.state = Stage::Open;
        self.heard = now;
        self.pinged = now;
    }

    fn fail(&mut self, failure: Failure) -> Step {
        self.state = Stage::Over;
        Step::Failed(failure)
    }

    fn part(&mut self, parting: Parting) -> Step {
        self.state = Stage::Over;
        Step::Parted(parting)
    }
}

/// What a handshake in `state` waits for.
fn awaited(state: &Stage) -> Awaited {
    match state {
        Stage::Hello { .. } => Awaited::Hello,
        Stage::Copy { .. } => Awaited::Copy,
        Stage::Welcome => Awaited::Welcome,
        _ => Awaited::Game,
    }
}
