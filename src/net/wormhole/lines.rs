//! An open wormhole past its key: its lines numbered both ways, the
//! handshake carried on them, then one thread that carries the connection
//! as its [`Conversation`] says (what the app sends, what the other side
//! says, pings and silence), handing the news to the event loop itself.

use std::panic::{self, AssertUnwindSafe};

use async_io::Timer;
use magic_wormhole::Wormhole;

use crate::meet::Wire;
use crate::net::peer::{Event, Events, Outbox, Peer};
use crate::net::secure::SessionKey;
use crate::protocol::{Conversation, Parting};

use super::{broke_down, said, start};

/// An open wormhole, as the carrying of `endodoi-meet` sees it.
pub(super) struct Mailboxed(Wormhole);

impl Wire for Mailboxed {
    async fn send(&mut self, message: Vec<u8>) -> Result<(), String> {
        self.0.send(message).await.map_err(|e| said(&e))
    }

    async fn receive(&mut self) -> Result<Vec<u8>, String> {
        self.0.receive().await.map_err(|e| said(&e))
    }

    async fn close(self) {
        let _ = self.0.close().await;
    }
}

/// An open wormhole, its lines numbered both ways.
pub(super) type MailboxLines = crate::meet::Lines<Mailboxed>;

/// The lines of `wormhole`, none numbered yet.
pub(super) fn numbered(wormhole: Wormhole) -> MailboxLines {
    MailboxLines::new(Mailboxed(wormhole))
}

/// The key the wormhole of `lines` agreed, for the seat.
pub(super) fn key(lines: &MailboxLines) -> SessionKey {
    SessionKey::from_bytes(AsRef::<[u8]>::as_ref(lines.wire().0.key()))
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

/// Carries `lines` past the handshake as `conversation` says
/// ([`crate::meet::carry`]), for the connection `id`: what the app sends
/// comes on `outgoing`, what the other side says goes to `events`. Why the
/// connection ended.
async fn carry(
    lines: MailboxLines,
    outgoing: &async_channel::Receiver<String>,
    conversation: Conversation,
    (id, events): (u64, &Events),
) -> String {
    let next = || async { outgoing.recv().await.ok() };
    let sleep = |wait| async move {
        Timer::after(wait).await;
    };
    let said = |said| events.send(Event::Said { id, said });
    crate::meet::carry(lines, next, conversation, sleep, said).await
}

/// A connection past its handshake whose thread has not begun: its news
/// must not come before the news that it was made.
pub(super) struct Carrying {
    lines: MailboxLines,
    from_app: async_channel::Receiver<String>,
    conversation: Conversation,
    events: Events,
    peer: Peer,
}

/// The connection on `lines` past the handshake, carried as `conversation`
/// says, its news going to `events` once [`Carrying::begin`] is called.
pub(super) fn open(
    lines: MailboxLines,
    conversation: Conversation,
    events: Events,
) -> (Peer, Carrying) {
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
                async_io::block_on(carry(lines, &from_app, conversation, (id, &events)))
            }));
            let why =
                carried.unwrap_or_else(|panic| Parting::Broke(broke_down(&*panic)).to_string());
            peer.shut();
            events.send(Event::Lost { id, why });
        });
    }
}
