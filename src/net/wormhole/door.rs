//! The host's door through a mailbox: the first meeting on a code, then
//! the seat's rendezvous, a meeting a window, each on a thread of its own.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::time::Instant;

use async_io::Timer;
use magic_wormhole::{MailboxConnection, Wormhole};

use crate::net::peer::{Event, Events, ProtocolTimes};
use crate::net::secure::Seat;
use crate::protocol::{Conversation, Met};

use super::watch::NO_ONE;
use super::{
    CODE_WORDS, MailboxLines, bounded, config, key, meet_at, numbered, open, outcome, rendezvous,
    said, start, window_after,
};

/// The host's door: each meeting runs on a thread of its own, so that
/// whatever the crate does with what a stranger sends ends that meeting
/// only, and the door goes on.
#[derive(Clone)]
pub(super) struct Door {
    pub(super) mailbox: String,
    pub(super) name: String,
    pub(super) limits: ProtocolTimes,
    pub(super) events: Events,
}

impl Door {
    fn tell(&self, event: Event) {
        self.events.send(event);
    }

    /// Asks the mailbox for a code (told on `told`) and waits for the
    /// player who gives it; a wrong code spends it, and so does one whose
    /// meeting broke or was not over in time: a new one is asked for and
    /// told as news. The seat of the meeting, or `None` when the mailbox
    /// gives no code.
    pub(super) fn first_meeting(&self, told: &Sender<Result<String, String>>) -> Option<Seat> {
        let mut first = true;
        loop {
            let (given, code) = mpsc::channel();
            let door = self.clone();
            let meeting = start(move || async_io::block_on(door.meet_first(&given)));
            let Ok(code) = code.recv() else {
                let why = outcome(meeting)
                    .and_then(|met| met)
                    .err()
                    .unwrap_or_default();
                if first {
                    let _ = told.send(Err(why));
                } else {
                    self.tell(Event::GaveUp(why));
                }
                return None;
            };
            if first {
                let _ = told.send(Ok(code.clone()));
                first = false;
            } else {
                self.tell(Event::NewCode(code.clone()));
            }
            match outcome(meeting).and_then(|met| met) {
                Ok(seat) => return Some(seat),
                Err(why) => {
                    self.tell(Event::TurnedAway(format!(
                        "Turned away a player at {code}: {why}; the code is spent"
                    )));
                }
            }
        }
    }

    /// One first meeting: a code from the mailbox (given on `given`, and
    /// as news when it is not the first), then the player who comes with
    /// it, the handshake bounded from their first message.
    async fn meet_first(&self, given: &Sender<String>) -> Result<Seat, String> {
        let reach = format!("cannot reach the mailbox {}", self.mailbox);
        let created = bounded(
            MailboxConnection::create(config(&self.mailbox), CODE_WORDS),
            Some(Instant::now() + self.limits.hello),
            self.limits.hello,
        )
        .await
        .map_err(|_| format!("{reach}: no answer in time"))?;
        let connection = created.map_err(|error| format!("{reach}: {}", said(&error)))?;
        let code = connection.code().to_string();
        if given.send(code.clone()).is_err() {
            return Err("the door is closed".to_owned());
        }
        let meeting = async {
            let wormhole = Wormhole::connect(connection).await.map_err(|e| said(&e))?;
            let lines = numbered(wormhole);
            let seat = key(&lines).seat();
            self.let_in(lines, Some(seat.clone())).await?;
            Ok(seat)
        };
        bounded(meeting, None, self.limits.hello)
            .await
            .and_then(|met| met)
    }

    /// Waits at the seat's rendezvous for its player, a meeting a window,
    /// until `closed`; a meeting that failed is told, and the next is at
    /// the next window.
    pub(super) fn wait_at_seat(&self, seat: &Seat, closed: &AtomicBool) {
        let mut tried = None;
        while !closed.load(Ordering::Relaxed) {
            let (window, begin, end) = window_after(tried);
            let door = self.clone();
            let at = seat.clone();
            let meeting = start(move || {
                async_io::block_on(async {
                    Timer::at(begin).await;
                    let meeting = async {
                        let lines = meet_at(&door.mailbox, rendezvous(&at, window))
                            .await
                            .map_err(|e| said(&e))?;
                        door.let_in(lines, None).await
                    };
                    bounded(meeting, Some(end), door.limits.hello)
                        .await
                        .and_then(|met| met)
                })
            });
            match outcome(meeting).and_then(|met| met) {
                Ok(()) => tried = None,
                Err(why) => {
                    if why != NO_ONE {
                        self.tell(Event::TurnedAway(format!(
                            "A try to take the seat again failed: {why}"
                        )));
                    }
                    tried = Some(window);
                }
            }
        }
    }

    /// Reads the player's `hello` (and their copy of the game, when they
    /// take the seat again: `seat` none), says `welcome`, and hands the
    /// connection on.
    async fn let_in(&self, mut lines: MailboxLines, seat: Option<Seat>) -> Result<(), String> {
        let liveness = self.limits.liveness();
        let mut conversation = Conversation::host(seat.is_none(), None, liveness, Instant::now());
        let (joiner, record) = match lines.handshake(&mut conversation, Vec::new()).await? {
            Met::Joiner { name, copy } => (name, copy),
            Met::Host { .. } => return Err("a host where a joiner belongs".to_owned()),
        };
        let welcome = conversation
            .welcome(self.name.clone(), Instant::now())
            .ok_or("the joiner was not met")?;
        lines.send(&welcome.to_string()).await?;
        let (peer, carrying) = open(lines, conversation, self.events.clone());
        self.tell(Event::Joined {
            peer,
            name: joiner,
            seat,
            record,
        });
        carrying.begin();
        Ok(())
    }
}
