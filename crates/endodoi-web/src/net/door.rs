//! The page's door when it hosts, as the terminal's (`endodoi host`): a
//! code from the mailbox, the first player who gives it (a wrong code, or
//! a meeting that breaks, spends it: a new one is asked for), then the
//! seat's rendezvous, a meeting a window, for its player only.

use std::time::Duration;

use endodoi_core::record::Record;
use endodoi_meet::secure::Seat;
use endodoi_meet::{ProtocolTimes, rendezvous};
use endodoi_protocol::{Conversation, Met};
use futures_lite::future;
use magic_wormhole::{MailboxConnection, Wormhole};
use web_time::{Instant, SystemTime, UNIX_EPOCH};

use super::wormhole::{Numbered, config, connect, key, numbered, parsed, said, sleep};

/// Words in a code the mailbox gives (after its number), as the terminal's.
const CODE_WORDS: usize = 2;

/// What the door tells the page.
pub enum DoorNews {
    /// The mailbox gave this code to show.
    Code(String),
    /// A player came in: their name, the seat (at a first meeting), their
    /// copy of the game (taking the seat again), the connection.
    LetIn(Box<LetIn>),
    /// Someone was turned away, and why.
    TurnedAway(String),
    /// The door is shut: the mailbox cannot be reached, or gives no code.
    Shut(String),
}

/// A player let in.
pub struct LetIn {
    /// The connection, past `welcome`.
    pub lines: Numbered,
    /// Its conversation.
    pub conversation: Conversation,
    /// The player's name, if given.
    pub name: Option<String>,
    /// The seat a first meeting gave.
    pub seat: Option<Seat>,
    /// The player's copy of the game, when they took their seat again.
    pub copy: Option<Box<Record>>,
}

/// The door on `mailbox` for the host `name`: first meetings until one
/// succeeds (unless the `seat` is taken already), then the seat's
/// rendezvous for ever; each piece of news goes to `tell`.
pub async fn open(
    (mailbox, name): (String, String),
    seat: Option<Seat>,
    limits: ProtocolTimes,
    mut tell: impl FnMut(DoorNews),
) {
    let seat = if let Some(seat) = seat {
        seat
    } else {
        first_meeting(&mailbox, &name, limits, &mut tell).await
    };
    wait_at_seat(&mailbox, &name, &seat, limits, &mut tell).await;
}

/// Asks the mailbox for codes and lets in the first player who gives one;
/// the seat of that meeting (never, when the mailbox cannot be reached).
async fn first_meeting(
    mailbox: &str,
    name: &str,
    limits: ProtocolTimes,
    tell: &mut impl FnMut(DoorNews),
) -> Seat {
    loop {
        let created = future::or(
            async { Some(MailboxConnection::create(config(mailbox), CODE_WORDS).await) },
            async {
                sleep(limits.hello).await;
                None
            },
        )
        .await;
        let reach = format!("cannot reach the mailbox {mailbox}");
        let connection = match created {
            Some(Ok(connection)) => connection,
            Some(Err(error)) => {
                tell(DoorNews::Shut(format!("{reach}: {}", said(&error))));
                return future::pending().await;
            }
            None => {
                tell(DoorNews::Shut(format!("{reach}: no answer in time")));
                return future::pending().await;
            }
        };
        let code = connection.code().to_string();
        tell(DoorNews::Code(code.clone()));
        // The first player may take as long as they like; the handshake
        // after the key, no longer than the protocol's time.
        let met = match Wormhole::connect(connection).await {
            Ok(wormhole) => {
                let lines = numbered(wormhole);
                let seat = key(&lines).seat();
                let_in(lines, Some(seat), name, limits).await
            }
            Err(error) => Err(said(&error)),
        };
        match met {
            Ok(came) => {
                let seat = came.seat.clone();
                tell(DoorNews::LetIn(Box::new(came)));
                if let Some(seat) = seat {
                    return seat;
                }
            }
            Err(why) => tell(DoorNews::TurnedAway(format!(
                "Turned away a player at {code}: {why}; the code is spent"
            ))),
        }
    }
}

/// Waits at the rendezvous of `seat` for its player, a meeting a window,
/// for ever.
async fn wait_at_seat(
    mailbox: &str,
    name: &str,
    seat: &Seat,
    limits: ProtocolTimes,
    tell: &mut impl FnMut(DoorNews),
) {
    let mut tried = None;
    loop {
        let since = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        let window = rendezvous::window_after(since, tried);
        sleep(window.begins_in).await;
        let meeting = async {
            let code = parsed(&rendezvous::code(seat, window.number))?;
            let wormhole = connect(mailbox, code, true)
                .await
                .map_err(|error| said(&error))?;
            let_in(numbered(wormhole), None, name, limits).await
        };
        let left = window.ends_in.saturating_sub(window.begins_in);
        let met = future::or(async { Some(meeting.await) }, async {
            sleep(left + limits.hello).await;
            None
        })
        .await;
        match met {
            Some(Ok(came)) => {
                tell(DoorNews::LetIn(Box::new(came)));
                tried = None;
            }
            Some(Err(why)) => {
                tell(DoorNews::TurnedAway(format!(
                    "A try to take the seat again failed: {why}"
                )));
                tried = Some(window.number);
            }
            None => tried = Some(window.number),
        }
        // Never a busy loop, whatever the clock says.
        sleep(Duration::from_millis(100)).await;
    }
}

/// Reads the player's `hello` (and their copy of the game, when they take
/// the seat again: `seat` none) and says `welcome`, within the protocol's
/// time.
async fn let_in(
    mut lines: Numbered,
    seat: Option<Seat>,
    name: &str,
    limits: ProtocolTimes,
) -> Result<LetIn, String> {
    let meeting = async {
        let mut conversation =
            Conversation::host(seat.is_none(), None, limits.liveness(), Instant::now());
        let (joiner, copy) = match lines.handshake(&mut conversation, Vec::new()).await? {
            Met::Joiner { name, copy } => (name, copy),
            Met::Host { .. } => return Err("a host where a joiner belongs".to_owned()),
        };
        let welcome = conversation
            .welcome(name.to_owned(), Instant::now())
            .ok_or("the joiner was not met")?;
        lines.send(&welcome.to_string()).await?;
        Ok((conversation, joiner, copy))
    };
    let met = future::or(async { Some(meeting.await) }, async {
        sleep(limits.hello).await;
        None
    })
    .await;
    match met {
        Some(Ok((conversation, joiner, copy))) => Ok(LetIn {
            lines,
            conversation,
            name: joiner,
            seat,
            copy,
        }),
        Some(Err(why)) => Err(why),
        None => Err(format!(
            "the other side did not finish the handshake within {} s",
            limits.hello.as_secs()
        )),
    }
}
