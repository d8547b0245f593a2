//! The glue between the connection threads and the app: their news goes to
//! [`App::remote`], and the app's [`Effect::Send`] and [`Effect::Hangup`]
//! go out on the connection. The joiner connects again by itself after the
//! line drops.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread;

use crate::app::{App, Effect, Remote};

use super::host::Host;
use super::join::{Joined, join};
use super::peer::{Event, Limits, Peer};
use super::wire::Message;

/// Where the joiner finds the host again.
#[derive(Clone, Debug)]
struct Door {
    address: String,
    code: String,
    name: Option<String>,
    limits: Limits,
}

/// The end of the connection the event loop holds.
#[derive(Debug)]
enum End {
    Host(Host),
    Guest(Door),
}

/// A game's connection to the other player, as the event loop sees it.
#[derive(Debug)]
pub struct Link {
    end: End,
    events: Receiver<Event>,
    sender: Sender<Event>,
    peer: Option<Peer>,
    /// Set when the link is dropped: the joiner stops trying to connect.
    closed: Arc<AtomicBool>,
}

impl Drop for Link {
    fn drop(&mut self) {
        self.closed.store(true, Ordering::Relaxed);
        if let Some(peer) = self.peer.take() {
            peer.close("the other player quit; the game is saved");
        }
    }
}

impl Link {
    /// The host's link: `host` and the news of its door.
    pub fn host(host: Host, events: Receiver<Event>) -> Link {
        let (sender, _) = mpsc::channel();
        Link {
            end: End::Host(host),
            events,
            sender,
            peer: None,
            closed: Arc::default(),
        }
    }

    /// Joins the host at `address` with `code` as `name`; the link and the
    /// host's game.
    ///
    /// # Errors
    /// As [`join`].
    pub fn join(
        address: &str,
        code: &str,
        name: Option<&str>,
        limits: Limits,
    ) -> Result<(Link, Joined), super::JoinError> {
        let (sender, events) = mpsc::channel();
        let joined = join(address, code, name, limits, &sender)?;
        let link = Link {
            end: End::Guest(Door {
                address: address.to_owned(),
                code: code.to_owned(),
                name: name.map(str::to_owned),
                limits,
            }),
            events,
            sender,
            peer: Some(joined.peer.clone()),
            closed: Arc::default(),
        };
        Ok((link, joined))
    }

    /// Hands the news that has come to `app`; returns whether any had.
    pub fn pump(&mut self, app: &mut App) -> bool {
        let mut any = false;
        loop {
            let event = match self.events.try_recv() {
                Ok(event) => event,
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return any,
            };
            any = true;
            self.hear(event, app);
        }
    }

    fn current(&self, id: u64) -> bool {
        self.peer.as_ref().is_some_and(|peer| peer.id() == id)
    }

    fn hear(&mut self, event: Event, app: &mut App) {
        match event {
            Event::Joined { peer, name } => {
                app.remote(Remote::Joined(name));
                // The host keeps the game: the joiner goes on from it.
                if peer.send(&Message::Game(app.record().to_string())).is_ok() {
                    self.peer = Some(peer);
                } else {
                    peer.shut();
                }
            }
            Event::Rejoined { peer, record } => {
                self.peer = Some(peer);
                app.remote(Remote::Resync(record));
            }
            Event::Said { id, said } if self.current(id) => app.remote(Remote::Said(said)),
            Event::Lost { id, why } if self.current(id) => {
                self.peer = None;
                app.remote(Remote::Lost(why));
                self.after_loss();
            }
            Event::TurnedAway(why) => app.remote(Remote::TurnedAway(why)),
            Event::GaveUp(why) => app.remote(Remote::GaveUp(why)),
            // News of a connection given up already.
            Event::Said { .. } | Event::Lost { .. } => {}
        }
    }

    /// Carries out `effect`, if it is the link's: a message to send, or a
    /// connection to close.
    pub fn carry_out(&mut self, effect: &Effect) {
        match effect {
            Effect::Send(said) => {
                if let Some(peer) = &self.peer {
                    // A failure is news the reading thread brings.
                    let _ = peer.send(&Message::Said(*said));
                }
            }
            Effect::Hangup(why) => {
                if let Some(peer) = self.peer.take() {
                    peer.close(why);
                    if let End::Host(host) = &self.end {
                        // The door opens at once, not when the reading thread notices.
                        host.release(peer.id());
                    }
                    self.after_loss();
                }
            }
            _ => {}
        }
    }

    /// The connection is gone: the host's door opens again; the joiner
    /// tries to connect again until it can or the host says no.
    fn after_loss(&mut self) {
        match &self.end {
            End::Host(_) => {}
            End::Guest(door) => {
                let door = door.clone();
                let events = self.sender.clone();
                let closed = Arc::clone(&self.closed);
                thread::spawn(move || reconnect(&door, &events, &closed));
            }
        }
    }
}

/// Tries to join again through `door` until it works (the news is
/// [`Event::Rejoined`]), the host refuses ([`Event::GaveUp`]), or the link
/// is `closed`.
fn reconnect(door: &Door, events: &Sender<Event>, closed: &AtomicBool) {
    while !closed.load(Ordering::Relaxed) {
        thread::sleep(door.limits.retry);
        match join(
            &door.address,
            &door.code,
            door.name.as_deref(),
            door.limits,
            events,
        ) {
            Ok(joined) => {
                let _ = events.send(Event::Rejoined {
                    peer: joined.peer,
                    record: Box::new(joined.record),
                });
                return;
            }
            Err(error) if error.is_final() => {
                let _ = events.send(Event::GaveUp(error.to_string()));
                return;
            }
            Err(_) => {}
        }
    }
}
