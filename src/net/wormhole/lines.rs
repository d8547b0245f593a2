//! An open wormhole past its key: its lines numbered both ways, the
//! handshake carried on them, then one thread that carries the connection
//! as its [`Conversation`] says (what the app sends, what the other side
//! says, pings and silence), handing the news to the event loop itself.

use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

use async_io::Timer;
use futures_lite::future;
use magic_wormhole::Wormhole;

use crate::meet::Numbering;
use crate::net::peer::{Event, Events, Outbox, Peer};
use crate::net::secure::SessionKey;
use crate::net::wire::{Message, ReadError};
use crate::protocol::{Conversation, Met, Parting, Step};

use super::{broke_down, said, start};

/// An open wormhole, its lines numbered both ways.
pub(super) struct Lines {
    wormhole: Wormhole,
    numbering: Numbering,
}

impl Lines {
    pub(super) fn new(wormhole: Wormhole) -> Lines {
        Lines {
            wormhole,
            numbering: Numbering::default(),
        }
    }

    /// The key the wormhole agreed, for the seat.
    pub(super) fn key(&self) -> SessionKey {
        SessionKey::from_bytes(AsRef::<[u8]>::as_ref(self.wormhole.key()))
    }

    pub(super) async fn send(&mut self, line: &str) -> Result<(), String> {
        let message = self.numbering.outgoing(line);
        self.wormhole.send(message).await.map_err(|e| said(&e))
    }

    /// The next line: a message out of its place, or not text, ends it.
    async fn receive(&mut self) -> Result<String, ReadError> {
        let message = self
            .wormhole
            .receive()
            .await
            .map_err(|error| ReadError::Io(said(&error)))?;
        self.numbering.incoming(message)
    }

    /// Carries the handshake of `conversation` to its end, `first` sent
    /// first: who it met, or why it failed, in words. The meeting's
    /// deadline bounds it ([`super::bounded`]).
    pub(super) async fn handshake(
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
                    // Every message is sealed whole by the wormhole; the rest
                    // comes past the handshake only.
                    Step::Trust | Step::Send(_) | Step::Said(_) | Step::Parted(_) => {}
                }
            }
        }
    }
}

/// The sending half: lines go to the wormhole's thread.
struct WormholeOut {
    outgoing: async_channel::Sender<String>,
}

impl Outbox for WormholeOut {
    fn send_line(&mut self, line: &str) -> std::io::Result<()> {
        self.outgoing
            .send_blocking(line.to_owned())
            .map_err(|_| std::io::Error::other("the wormhole is closed"))
    }

    fn shut(&mut self) {
        self.outgoing.close();
    }
}

/// What the carrying thread does next.
enum Next {
    /// The app sends this line, or closed the connection (none).
    Out(Option<String>),
    /// The other side's line came, or why none did.
    In(Result<String, ReadError>),
    /// The conversation's time to look at the line (a ping, the silence).
    Tick,
}

/// Carries `lines` past the handshake as `conversation` says, for the
/// connection `id`: what the app sends comes on `outgoing`, what the other
/// side says goes to `events`. Why the connection ended. Never touches the
/// wormhole again after it failed to bring a line: the crate panics then.
async fn carry(
    mut lines: Lines,
    outgoing: async_channel::Receiver<String>,
    mut conversation: Conversation,
    (id, events): (u64, &Events),
) -> String {
    loop {
        // Never a busy loop, whatever the times.
        let wait = conversation
            .wait(Instant::now())
            .max(Duration::from_millis(1));
        let next = future::or(
            async { Next::Out(outgoing.recv().await.ok()) },
            future::or(async { Next::In(lines.receive().await) }, async {
                Timer::after(wait).await;
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
                let _ = lines.wormhole.close().await;
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
                Step::Said(said) => {
                    if !events.send(Event::Said { id, said }) {
                        return "the game has ended".to_owned();
                    }
                }
                Step::Parted(parting) => {
                    let why = parting.to_string();
                    if healthy {
                        if parting.tells() {
                            let _ = lines.send(&Message::Bye(why.clone()).to_string()).await;
                        }
                        let _ = lines.wormhole.close().await;
                    }
                    return why;
                }
                // The handshake's: over before the connection is carried.
                Step::Trust | Step::Met(_) | Step::Failed(_) => {}
            }
        }
    }
}

/// A connection past its handshake whose thread has not begun: its news
/// must not come before the news that it was made.
pub(super) struct Carrying {
    lines: Lines,
    from_app: async_channel::Receiver<String>,
    conversation: Conversation,
    events: Events,
    peer: Peer,
}

/// The connection on `lines` past the handshake, carried as `conversation`
/// says, its news going to `events` once [`Carrying::begin`] is called.
pub(super) fn open(lines: Lines, conversation: Conversation, events: Events) -> (Peer, Carrying) {
    let (outgoing, from_app) = async_channel::unbounded();
    let peer = Peer::new(Box::new(WormholeOut { outgoing }));
    let carrying = Carrying {
        lines,
        from_app,
        conversation,
        events,
        peer: peer.clone(),
    };
    (peer, carrying)
}

impl Carrying {
    /// Starts the thread that carries the connection. A panic of the crate
    /// ends that connection only, and is told as why.
    pub(super) fn begin(self) {
        let Carrying {
            lines,
            from_app,
            conversation,
            events,
            peer,
        } = self;
        let _ = start(move || {
            let id = peer.id();
            let carried = panic::catch_unwind(AssertUnwindSafe(|| {
                async_io::block_on(carry(lines, from_app, conversation, (id, &events)))
            }));
            let why =
                carried.unwrap_or_else(|panic| Parting::Broke(broke_down(&*panic)).to_string());
            peer.shut();
            events.send(Event::Lost { id, why });
        });
    }
}
