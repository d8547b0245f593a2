//! The page's meetings through a mailbox, over the browser's websockets:
//! the `magic-wormhole` crate as the terminal uses it, its futures run on
//! the page's one thread (`wasm_bindgen_futures::spawn_local`), its timers
//! the browser's (`wasmtimer`). The lines are numbered, the seat drawn from
//! the key and the rendezvous found as the terminal's (`endodoi-meet`); the
//! handshake and the connection are the protocol's [`Conversation`].

use std::borrow::Cow;
use std::time::Duration;

use endodoi_core::record::Record;
use endodoi_meet::secure::{Seat, SessionKey};
use endodoi_meet::{APP_ID, Lines, ProtocolTimes, Wire, rendezvous};
use endodoi_protocol::{Conversation, GameMessage, Met, VERSION};
use futures_lite::future;
use magic_wormhole::{AppConfig, AppID, Code, MailboxConnection, Wormhole, WormholeError};
use web_time::{Instant, SystemTime, UNIX_EPOCH};

/// What a joiner proves: the code, at a first meeting; the seat's secret
/// after it.
#[derive(Clone, Debug)]
pub enum Credential {
    /// The code the host's screen shows.
    Code(String),
    /// The seat kept from the first meeting.
    Seat(Seat),
}

/// The host met: its game and the seat, the connection past the handshake.
pub struct HostMet {
    /// The open wormhole.
    pub lines: Numbered,
    /// The conversation, past its handshake.
    pub conversation: Conversation,
    /// The host's game.
    pub record: Record,
    /// The seat this meeting gave, or the one proved.
    pub seat: Seat,
}

/// The wormhole's settings for `mailbox`, as the terminal's.
pub fn config(mailbox: &str) -> AppConfig<serde_json::Value> {
    AppConfig {
        id: AppID::new(APP_ID),
        rendezvous_url: Cow::Owned(mailbox.to_owned()),
        app_version: serde_json::json!({ "endodoi": VERSION }),
    }
}

/// What went wrong with the mailbox or the wormhole, in words.
pub fn said(error: &WormholeError) -> String {
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        text = format!("{text}: {cause}");
        source = cause.source();
    }
    text
}

/// Waits `time` on the browser's clock.
pub async fn sleep(time: Duration) {
    wasmtimer::tokio::sleep(time).await;
}

/// An open wormhole, as the carrying of `endodoi-meet` sees it.
pub struct PageWormhole(Wormhole);

impl Wire for PageWormhole {
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
pub type Numbered = Lines<PageWormhole>;

/// The lines of `wormhole`, none numbered yet.
pub fn numbered(wormhole: Wormhole) -> Numbered {
    Lines::new(PageWormhole(wormhole))
}

/// The key the wormhole of `lines` agreed, for the seat.
pub fn key(lines: &Numbered) -> SessionKey {
    SessionKey::from_bytes(AsRef::<[u8]>::as_ref(lines.wire().0.key()))
}

/// Meets the host through `mailbox` with `pass`, as `name`, `ours` this
/// side's copy of the game when the seat is taken again; why not, in
/// words, within the protocol's times.
pub async fn meet(
    mailbox: &str,
    pass: &Credential,
    name: Option<String>,
    ours: Option<&Record>,
    limits: ProtocolTimes,
) -> Result<HostMet, String> {
    let place = format!("the mailbox {mailbox}");
    // A host waits at its code already; at a seat's rendezvous, the host is
    // found within its window.
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let window = rendezvous::window_after(since, None);
    let limit = match pass {
        Credential::Code(_) => limits.hello * 3,
        Credential::Seat(_) => window.ends_in + limits.hello,
    };
    let meeting = async {
        let (mut lines, seat) = match pass {
            Credential::Seat(seat) => {
                sleep(window.begins_in).await;
                let code = parsed(&rendezvous::code(seat, window.number))?;
                let wormhole = connect(mailbox, code, true)
                    .await
                    .map_err(|error| format!("{place}: {}", said(&error)))?;
                (numbered(wormhole), seat.clone())
            }
            Credential::Code(code) => {
                let wormhole = connect(mailbox, parsed(code)?, false)
                    .await
                    .map_err(|error| refused(&place, &error))?;
                let lines = numbered(wormhole);
                let seat = key(&lines).seat();
                (lines, seat)
            }
        };
        let (mut conversation, first) =
            Conversation::join(name, ours, None, limits.liveness(), Instant::now());
        match lines.handshake(&mut conversation, first).await {
            Ok(Met::Host { game, .. }) => Ok(HostMet {
                lines,
                conversation,
                record: *game,
                seat,
            }),
            Ok(Met::Joiner { .. }) => Err(format!("{place}: a joiner where the host belongs")),
            Err(why) => Err(format!("{place}: {why}")),
        }
    };
    future::or(meeting, async {
        sleep(limit).await;
        Err(match pass {
            Credential::Code(_) => format!(
                "no one answered at that code on {place} within {} s",
                limit.as_secs()
            ),
            Credential::Seat(_) => format!("{place}: the host is not at the seat's rendezvous"),
        })
    })
    .await
}

/// The code `text` as the mailbox reads it.
pub fn parsed(text: &str) -> Result<Code, String> {
    text.parse()
        .map_err(|error| format!("{text} is not a code the mailbox gives: {error}"))
}

/// Connects to the wormhole at `code` (claiming its nameplate with
/// `allocate`).
pub async fn connect(mailbox: &str, code: Code, allocate: bool) -> Result<Wormhole, WormholeError> {
    let connection = MailboxConnection::connect(config(mailbox), code, allocate).await?;
    Wormhole::connect(connection).await
}

/// Why a first meeting at a code failed, in the terminal's words.
fn refused(place: &str, error: &WormholeError) -> String {
    match error {
        WormholeError::PakeFailed => format!(
            "{place} did not take the code: a wrong code, or another player has taken the seat"
        ),
        WormholeError::UnclaimedNameplate(_) => {
            format!("no game waits at that code on {place} (a wrong code, or it was used already)")
        }
        other => format!("{place}: {}", said(other)),
    }
}

/// Carries `lines` past the handshake as `conversation` says, as the
/// terminal's connection thread does ([`endodoi_meet::carry`]): what the
/// app sends comes on `outgoing`, what the other side says goes to `said`.
/// Why the connection ended.
pub async fn carry(
    lines: Numbered,
    outgoing: async_channel::Receiver<String>,
    conversation: Conversation,
    said: impl FnMut(GameMessage) -> bool,
) -> String {
    let next = || async { outgoing.recv().await.ok() };
    endodoi_meet::carry(lines, next, conversation, sleep, said).await
}
