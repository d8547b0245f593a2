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
use endodoi_meet::{APP_ID, Numbering, ProtocolTimes, rendezvous};
use endodoi_protocol::{Conversation, Message, Met, Parting, ReadError, Step, VERSION};
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

/// An open wormhole, its lines numbered both ways.
pub struct Numbered {
    wormhole: Wormhole,
    numbering: Numbering,
}

impl Numbered {
    /// The open `wormhole`, no line numbered yet.
    pub fn new(wormhole: Wormhole) -> Numbered {
        Numbered {
            wormhole,
            numbering: Numbering::default(),
        }
    }

    /// The key the wormhole agreed, for the seat.
    pub fn key(&self) -> SessionKey {
        SessionKey::from_bytes(AsRef::<[u8]>::as_ref(self.wormhole.key()))
    }

    /// Sends `line`, numbered.
    pub async fn send(&mut self, line: &str) -> Result<(), String> {
        let message = self.numbering.outgoing(line);
        self.wormhole.send(message).await.map_err(|e| said(&e))
    }

    async fn receive(&mut self) -> Result<String, ReadError> {
        let message = self
            .wormhole
            .receive()
            .await
            .map_err(|error| ReadError::Io(said(&error)))?;
        self.numbering.incoming(message)
    }
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
                (Numbered::new(wormhole), seat.clone())
            }
            Credential::Code(code) => {
                let wormhole = connect(mailbox, parsed(code)?, false)
                    .await
                    .map_err(|error| refused(&place, &error))?;
                let lines = Numbered::new(wormhole);
                let seat = lines.key().seat();
                (lines, seat)
            }
        };
        let (mut conversation, first) =
            Conversation::join(name, ours, None, limits.liveness(), Instant::now());
        match handshake(&mut lines, &mut conversation, first).await {
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

/// Carries the handshake of `conversation` to its end, `first` sent
/// first: who it met, or why it failed, in words (as the terminal's).
pub async fn handshake(
    lines: &mut Numbered,
    conversation: &mut Conversation,
    first: Vec<Message>,
) -> Result<Met, String> {
    for message in first {
        lines.send(&message.to_string()).await?;
    }
    loop {
        let line = lines.receive().await;
        for step in conversation.read(line, Instant::now()) {
            match step {
                Step::Met(met) => return Ok(met),
                Step::Failed(failure) => return Err(failure.to_string()),
                Step::Trust | Step::Send(_) | Step::Said(_) | Step::Parted(_) => {}
            }
        }
    }
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

/// What the carrying loop does next.
enum Coming {
    /// The app sends this line, or closed the connection (none).
    Out(Option<String>),
    /// The other side's line came, or why none did.
    In(Result<String, ReadError>),
    /// The conversation's time to look at the line (a ping, the silence).
    Tick,
}

/// Carries `lines` past the handshake as `conversation` says, as the
/// terminal's connection thread does: what the app sends comes on
/// `outgoing`, what the other side says goes to `said` (which answers
/// whether the page still listens). Why the connection ended.
pub async fn carry(
    mut lines: Numbered,
    outgoing: async_channel::Receiver<String>,
    mut conversation: Conversation,
    mut said: impl FnMut(endodoi_protocol::GameMessage) -> bool,
) -> String {
    loop {
        let wait = conversation
            .wait(Instant::now())
            .max(Duration::from_millis(1));
        let next = future::or(
            async { Coming::Out(outgoing.recv().await.ok()) },
            future::or(async { Coming::In(lines.receive().await) }, async {
                sleep(wait).await;
                Coming::Tick
            }),
        )
        .await;
        let (steps, healthy) = match next {
            Coming::Out(Some(line)) => match lines.send(&line).await {
                Ok(()) => continue,
                Err(why) => return Parting::Broke(why).to_string(),
            },
            Coming::Out(None) => {
                let _ = lines.wormhole.close().await;
                return Parting::Left.to_string();
            }
            Coming::In(line) => {
                let healthy = line.is_ok();
                (conversation.read(line, Instant::now()), healthy)
            }
            Coming::Tick => (conversation.tick(Instant::now()), true),
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
                        let _ = lines.wormhole.close().await;
                    }
                    return why;
                }
                Step::Trust | Step::Met(_) | Step::Failed(_) => {}
            }
        }
    }
}
