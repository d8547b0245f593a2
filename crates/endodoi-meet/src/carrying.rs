//! A wormhole's lines carried as the protocol's [`Conversation`] says,
//! the same in the terminal (a thread that blocks on it) and in the page
//! (a future on its one thread): each front end hands in its [`Wire`] (the
//! mailbox crate's wormhole), what the app sends and a timer, and hears
//! what the other side said. The I/O is the wire's; this module only
//! orders it.

use std::future::Future;
use std::time::Duration;

use endodoi_protocol::{Conversation, GameMessage, Message, Met, Parting, ReadError, Step};
use futures_lite::future;
use web_time::Instant;

use crate::Numbering;

/// A channel of whole messages, each sealed by the channel itself (an
/// open wormhole); errors in words.
pub trait Wire {
    /// Sends `message`.
    fn send(&mut self, message: Vec<u8>) -> impl Future<Output = Result<(), String>>;
    /// The next message.
    fn receive(&mut self) -> impl Future<Output = Result<Vec<u8>, String>>;
    /// Closes the channel.
    fn close(self) -> impl Future<Output = ()>;
}

/// An open wire, its lines numbered both ways ([`Numbering`]).
pub struct Lines<W> {
    wire: W,
    numbering: Numbering,
}

impl<W: Wire> Lines<W> {
    /// The open `wire`, no line numbered yet.
    pub fn new(wire: W) -> Lines<W> {
        Lines {
            wire,
            numbering: Numbering::default(),
        }
    }

    /// The wire the lines go on.
    pub fn wire(&self) -> &W {
        &self.wire
    }

    /// Sends `line`, numbered.
    ///
    /// # Errors
    /// When the wire fails, in words.
    pub async fn send(&mut self, line: &str) -> Result<(), String> {
        let message = self.numbering.outgoing(line);
        self.wire.send(message).await
    }

    /// The next line: a message out of its place, or not text, ends it.
    ///
    /// # Errors
    /// As [`Numbering::incoming`], or the wire's failure.
    pub async fn receive(&mut self) -> Result<String, ReadError> {
        let message = self.wire.receive().await.map_err(ReadError::Io)?;
        self.numbering.incoming(message)
    }

    /// Carries the handshake of `conversation` to its end, `first` sent
    /// first: who it met. The caller bounds it in time.
    ///
    /// # Errors
    /// Why it failed, in words.
    pub async fn handshake(
        &mut self,
        conversation: &mut Conversation,
        first: Vec<Message>,
    ) -> Result<Met, String> {
        for message in first {
            self.send(&message.to_string()).await?;
        }
        loop {
            let line = self.receive().await;
            for step in conversation.read(line, Instant::now()) {
                match step {
                    Step::Met(met) => return Ok(met),
                    Step::Failed(failure) => return Err(failure.to_string()),
                    // Every message is sealed whole by the wire; the rest
                    // comes past the handshake only.
                    Step::Trust | Step::Send(_) | Step::Said(_) | Step::Parted(_) => {}
                }
            }
        }
    }
}

/// What the carrying does next.
enum Next {
    /// The app sends this line, or closed the connection (none).
    Out(Option<String>),
    /// The other side's line came, or why none did.
    In(Result<String, ReadError>),
    /// The conversation's time to look at the line (a ping, the silence).
    Tick,
}

/// Carries `lines` past the handshake as `conversation` says: what the app
/// sends comes from `outgoing` (none once it closed the connection), a
/// quiet line is pinged and a silent one dropped on the times of `sleep`,
/// and what the other side says goes to `said` (which answers whether
/// anyone still listens). Why the connection ended, in words. Never
/// touches the wire again after it failed to bring a line (the mailbox
/// crate panics then).
pub async fn carry<W: Wire, O, S>(
    mut lines: Lines<W>,
    mut outgoing: impl FnMut() -> O,
    mut conversation: Conversation,
    sleep: impl Fn(Duration) -> S,
    mut said: impl FnMut(GameMessage) -> bool,
) -> String
where
    O: Future<Output = Option<String>>,
    S: Future<Output = ()>,
{
    loop {
        // Never a busy loop, whatever the times.
        let wait = conversation
            .wait(Instant::now())
            .max(Duration::from_millis(1));
        let next = future::or(
            async { Next::Out(outgoing().await) },
            future::or(async { Next::In(lines.receive().await) }, async {
                sleep(wait).await;
                Next::Tick
            }),
        )
        .await;
        let (steps, healthy) = match next {
            Next::Out(Some(line)) => match lines.send(&line).await {
                Ok(()) => continue,
                Err(why) => return Parting::Broke(why).to_string(),
            },
            Next::Out(None) => {
                lines.wire.close().await;
                return Parting::Left.to_string();
            }
            Next::In(line) => {
                let healthy = line.is_ok();
                (conversation.read(line, Instant::now()), healthy)
            }
            Next::Tick => (conversation.tick(Instant::now()), true),
        };
        for step in steps {
            match step {
                Step::Send(message) => {
                    if let Err(why) = lines.send(&message.to_string()).await {
                        return Parting::Broke(why).to_string();
                    }
                }
                Step::Said(news) => {
                    if !said(news) {
                        return "the game has ended".to_owned();
                    }
                }
                Step::Parted(parting) => {
                    let why = parting.to_string();
                    if healthy {
                        if parting.tells() {
                            let _ = lines.send(&Message::Bye(why.clone()).to_string()).await;
                        }
                        lines.wire.close().await;
                    }
                    return why;
                }
                // The handshake's: over before the connection is carried.
                Step::Trust | Step::Met(_) | Step::Failed(_) => {}
            }
        }
    }
}
