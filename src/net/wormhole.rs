//! Meeting through a magic-wormhole mailbox: the host asks the mailbox for
//! a code (`7-crossover-clockwork`), the joiner gives it, and the protocol's
//! PAKE agrees a key on it; from then on every message is encrypted and
//! authenticated by the wormhole, and carried by the mailbox. Both ends only
//! connect outward. After the first meeting the code is spent: a player
//! takes their seat again at a rendezvous only the two of them can find (a
//! nameplate and password drawn from the seat's secret, new every
//! [`WINDOW`]), where the host always waits.
//!
//! The crate is asynchronous: each meeting and each wormhole runs on a
//! thread of its own (`block_on`); a wormhole's thread carries the
//! connection as its conversation says ([`lines`]), handing the other
//! side's news to the event loop itself and taking what the app sends
//! through a channel. A panic of the crate (it has `todo!()`s for messages
//! it does not know) ends that thread only, and the host's door goes on.
//! Every wait of a meeting has a deadline ([`watch`] tells when the other
//! side first speaks). Each line carries its number, so that a mailbox that
//! drops, repeats or reorders messages is caught, and holds at most
//! [`super::wire::MAX_GAME_LINE`] bytes.

use std::any::Any;
use std::borrow::Cow;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use async_io::Timer;
use futures_lite::future;
use magic_wormhole::{AppConfig, AppID, Code, MailboxConnection, Wormhole, WormholeError};

use crate::meet::rendezvous;
use crate::protocol::{Conversation, Met};

use super::join::{Begin, JoinError, JoinRequest, Joined, Pass};
use super::peer::{Events, ProtocolTimes};
use super::secure::Seat;
use super::wire::VERSION;

mod door;
mod lines;
mod watch;

use door::Door;
use lines::{MailboxLines, key, numbered, open};
use watch::{NO_ONE, Watch};

pub use crate::meet::APP_ID;
pub use crate::meet::rendezvous::WINDOW;

/// The mailbox server used unless told: the public one.
pub const PUBLIC_MAILBOX: &str = magic_wormhole::rendezvous::DEFAULT_RENDEZVOUS_SERVER;

/// Words in a code the mailbox gives (after its number), as the protocol's
/// tools use.
const CODE_WORDS: usize = 2;

/// The wormhole's settings for `mailbox`.
fn config(mailbox: &str) -> AppConfig<serde_json::Value> {
    AppConfig {
        id: AppID::new(APP_ID),
        rendezvous_url: Cow::Owned(mailbox.to_owned()),
        app_version: serde_json::json!({ "endodoi": VERSION }),
    }
}

/// What went wrong with the mailbox or the wormhole, in words.
fn said(error: &WormholeError) -> String {
    match error {
        WormholeError::PakeFailed => "the code did not agree a key (a wrong code)".to_owned(),
        WormholeError::UnclaimedNameplate(nameplate) => {
            format!("no game waits at nameplate {nameplate}")
        }
        other => {
            let mut text = other.to_string();
            let mut source = std::error::Error::source(other);
            while let Some(cause) = source {
                text = format!("{text}: {cause}");
                source = cause.source();
            }
            text
        }
    }
}

/// Runs `work` on a thread of the wormhole's name (the panic hook of the
/// terminal leaves such threads' panics to them: one ends a connection).
fn start<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> std::io::Result<JoinHandle<T>> {
    thread::Builder::new().name(THREAD.to_owned()).spawn(work)
}

/// What a thread of [`start`] came to: a panic of the crate (it has
/// `todo!()`s for messages it does not know) ends that thread only, and is
/// told in words.
fn outcome<T>(thread: std::io::Result<JoinHandle<T>>) -> Result<T, String> {
    let thread = thread.map_err(|error| format!("cannot start a thread: {error}"))?;
    thread.join().map_err(|panic| broke_down(&*panic))
}

/// A panic of the crate, in words.
fn broke_down(panic: &(dyn Any + Send)) -> String {
    let what = panic
        .downcast_ref::<&str>()
        .map(|what| (*what).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    format!("the wormhole library broke down on what came ({what})")
}

/// The name of the wormhole's threads.
pub const THREAD: &str = "endodoi-wormhole";

/// The rendezvous of `seat` in window `window` ([`rendezvous::code`]).
fn rendezvous(seat: &Seat, window: u64) -> Code {
    rendezvous::code(seat, window)
        .parse()
        .expect("a number and 32 hexadecimal digits make a code")
}

/// The window of the clock to meet in ([`rendezvous::window_after`]), when
/// it begins and when it ends.
fn window_after(tried: Option<u64>) -> (u64, Instant, Instant) {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let window = rendezvous::window_after(since, tried);
    let now = Instant::now();
    (window.number, now + window.begins_in, now + window.ends_in)
}

/// Meets the other end at `code` on `mailbox`, claiming its nameplate.
async fn meet_at(mailbox: &str, code: Code) -> Result<MailboxLines, WormholeError> {
    let connection = MailboxConnection::connect(config(mailbox), code, true).await?;
    Wormhole::connect(connection).await.map(numbered)
}

/// Runs `meeting` (a meeting in a mailbox and the handshake after it) on
/// this thread with a deadline on every wait: it is given up at `until` if
/// no one came (never, when none), and `limit` after the other side first
/// spoke if it is not over by then (why, in words, as the error).
async fn bounded<T>(
    meeting: impl Future<Output = T>,
    until: Option<Instant>,
    limit: Duration,
) -> Result<T, String> {
    let watch = Watch::install();
    future::or(async { Ok(meeting.await) }, async {
        Err(watch.deadline(until, limit).await)
    })
    .await
}

/// Hosts through `mailbox` as `name`: with no `seat`, asks the mailbox for a
/// code (returned once it has one) and waits for the first player; then,
/// and from the start with a `seat`, waits at the seat's rendezvous for its
/// player, again and again, until `closed`. The news comes to `events`.
///
/// # Errors
/// When the mailbox cannot be reached or gives no code.
pub fn host(
    mailbox: &str,
    seat: Option<Seat>,
    name: &str,
    limits: ProtocolTimes,
    events: impl Into<Events>,
    closed: Arc<AtomicBool>,
) -> Result<Option<String>, String> {
    let (told, code) = mpsc::channel();
    let door = Door {
        mailbox: mailbox.to_owned(),
        name: name.to_owned(),
        limits,
        events: events.into(),
    };
    let waiting = seat.is_none();
    let _ = start(move || {
        let seat = match seat {
            Some(seat) => seat,
            None => match door.first_meeting(&told) {
                Some(seat) => seat,
                None => return,
            },
        };
        door.wait_at_seat(&seat, &closed);
    });
    if !waiting {
        return Ok(None);
    }
    match code.recv_timeout(limits.hello * 2) {
        Ok(code) => code.map(Some),
        Err(_) => Err(format!("the mailbox {mailbox} gave no code in time")),
    }
}

/// Meets the host waiting at `code` on `mailbox` (at `place`, in words).
async fn meet_with_code(mailbox: &str, code: &str, place: &str) -> Result<MailboxLines, JoinError> {
    let unreachable = |reason: String| JoinError::Unreachable {
        address: place.to_owned(),
        reason,
    };
    let parsed: Code = code.parse().map_err(|error| {
        JoinError::Denied(format!("{code} is not a code the mailbox gives: {error}"))
    })?;
    match MailboxConnection::connect(config(mailbox), parsed, false).await {
        Ok(connection) => Wormhole::connect(connection)
            .await
            .map(numbered)
            .map_err(|error| match error {
                WormholeError::PakeFailed => JoinError::denied(place, &Pass::Code(code.to_owned())),
                other => unreachable(said(&other)),
            }),
        Err(WormholeError::UnclaimedNameplate(_)) => Err(JoinError::Denied(format!(
            "no game waits at that code on {place} (a wrong code, or it was used already)"
        ))),
        Err(error) => Err(unreachable(said(&error))),
    }
}

/// Joins through `mailbox` with `ask`; from then on the host's moves come
/// to `events`.
///
/// # Errors
/// When the mailbox cannot be reached, no host waits, the code is wrong, or
/// the host does not speak the protocol.
pub fn join(
    mailbox: &str,
    ask: JoinRequest<'_>,
    events: impl Into<Events>,
) -> Result<Joined, JoinError> {
    let (joined, begin) = meet(mailbox, ask, events.into())?;
    begin();
    Ok(joined)
}

/// As [`join`], the connection's carrying not begun.
pub(super) fn meet(
    mailbox: &str,
    ask: JoinRequest<'_>,
    events: Events,
) -> Result<(Joined, Begin), JoinError> {
    let JoinRequest {
        pass,
        name,
        ours,
        limits,
    } = ask;
    let place = format!("the mailbox {mailbox}");
    let (mailbox, pass, name) = (mailbox.to_owned(), pass.clone(), name.map(str::to_owned));
    let ours = ours.cloned();
    let liveness = limits.liveness();
    let thread_place = place.clone();
    let meeting = start(move || {
        let place = thread_place;
        let protocol = |reason: String| JoinError::Protocol {
            address: place.clone(),
            reason,
        };
        async_io::block_on(async {
            let (window, begin, end) = window_after(None);
            let until = match &pass {
                // The host waits there already: its message is in the mailbox.
                Pass::Code(_) => Instant::now() + limits.hello,
                Pass::Seat(_) => end,
            };
            let meeting = async {
                let (mut lines, seat, ours) = match &pass {
                    Pass::Code(code) => {
                        let lines = meet_with_code(&mailbox, code, &place).await?;
                        let seat = key(&lines).seat();
                        (lines, seat, None)
                    }
                    Pass::Seat(seat) => {
                        Timer::at(begin).await;
                        let lines = meet_at(&mailbox, rendezvous(seat, window))
                            .await
                            .map_err(|e| JoinError::Absent(format!("{place}: {}", said(&e))))?;
                        (lines, seat.clone(), ours)
                    }
                };
                let (mut conversation, first) =
                    Conversation::join(name, ours.as_ref(), None, liveness, Instant::now());
                let (host, record) = match lines.handshake(&mut conversation, first).await {
                    Ok(Met::Host { name, game }) => (name, *game),
                    Ok(Met::Joiner { .. }) => {
                        return Err(protocol("a joiner where the host belongs".into()));
                    }
                    Err(why) => return Err(protocol(why)),
                };
                Ok((lines, conversation, host, record, seat))
            };
            match bounded(Box::pin(meeting), Some(until), limits.hello).await {
                Ok(met) => met,
                Err(why) if why == NO_ONE => Err(match &pass {
                    Pass::Code(_) => JoinError::Unreachable {
                        address: place.clone(),
                        reason: format!(
                            "no one answered at that code within {} s",
                            limits.hello.as_secs_f32()
                        ),
                    },
                    Pass::Seat(_) => JoinError::Absent(format!(
                        "{place}: the other end is not at the seat's rendezvous (not running, \
                         or started without --resume?)"
                    )),
                }),
                Err(why) => Err(protocol(why)),
            }
        })
    });
    let (lines, conversation, host, record, seat) =
        outcome(meeting).map_err(|reason| JoinError::Protocol {
            address: place,
            reason,
        })??;
    let (peer, carrying) = open(lines, conversation, events);
    let joined = Joined {
        peer,
        host,
        record,
        seat,
    };
    Ok((joined, Box::new(move || carrying.begin())))
}
