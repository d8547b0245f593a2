//! The page hosting a game (`?host`): a new game on the start screen's
//! board, the page's player on South; the code the mailbox gives is shown
//! as the terminal's host shows it (`endodoi join CODE`), the player who
//! comes is told the game, and what they say goes to the app as the
//! terminal's link hands it.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use endodoi_app::{Answer, App, Match, Network, PeerNews, Role, Setting, Tone};
use endodoi_core::rules::{Config, Side};
use endodoi_meet::ProtocolTimes;
use endodoi_protocol::{GameMessage, Message};
use wasm_bindgen_futures::spawn_local;

use super::door::{self, DoorNews};
use super::wormhole;

/// What the door and the connections tell the page, each connection by
/// its number.
enum News {
    /// The door's news, and the number given to a connection it made.
    Door(DoorNews, u64),
    /// The other player said something.
    Said(u64, GameMessage),
    /// The connection is gone, and why.
    Lost(u64, String),
}

/// The page's end of a game it hosts.
pub struct PageHost {
    /// `--mailbox URL` when not the public mailbox, with a space before.
    option: String,
    name: Option<String>,
    opened: bool,
    queue: Rc<RefCell<VecDeque<News>>>,
    /// The connection the page speaks on now, and its number.
    current: Option<(u64, async_channel::Sender<String>)>,
    /// A player who came in on this connection, to be sent the game.
    welcome: Option<(u64, async_channel::Sender<String>)>,
}

impl PageHost {
    /// Opens the door on `mailbox` (`option` naming it on a command line)
    /// for the host `name`.
    pub fn open(mailbox: String, option: String, name: Option<String>) -> PageHost {
        let queue: Rc<RefCell<VecDeque<News>>> = Rc::default();
        let told = Rc::clone(&queue);
        let host_name = name.clone().unwrap_or_else(|| "South".to_owned());
        spawn_local(async move {
            let mut connections = 0;
            door::open(mailbox, host_name, ProtocolTimes::default(), move |news| {
                let id = match &news {
                    DoorNews::Came(_) => {
                        connections += 1;
                        connections
                    }
                    _ => 0,
                };
                told.borrow_mut().push_back(News::Door(news, id));
            })
            .await;
        });
        PageHost {
            option,
            name,
            opened: false,
            queue,
            current: None,
            welcome: None,
        }
    }

    /// The next piece of news, as answers for the app (the start screen
    /// until the mailbox gives a code); none when nothing has come.
    pub fn hear(&mut self) -> Option<Vec<Answer>> {
        let news = self.queue.borrow_mut().pop_front()?;
        Some(match news {
            News::Door(DoorNews::Code(code), _) => {
                let invite = format!("endodoi join {code}{}", self.option);
                if self.opened {
                    vec![Answer::Remote(PeerNews::Invite(invite))]
                } else {
                    self.opened = true;
                    vec![Answer::Opened(Box::new(self.game(invite)))]
                }
            }
            News::Door(DoorNews::Came(came), id) => {
                let door::Came {
                    lines,
                    conversation,
                    name,
                    seat,
                    copy,
                } = *came;
                let (outgoing, from_app) = async_channel::unbounded();
                self.welcome = Some((id, outgoing));
                let queue = Rc::clone(&self.queue);
                spawn_local(async move {
                    let said = |said| {
                        queue.borrow_mut().push_back(News::Said(id, said));
                        true
                    };
                    let why = wormhole::carry(lines, from_app, conversation, said).await;
                    queue.borrow_mut().push_back(News::Lost(id, why));
                });
                let mut answers: Vec<Answer> = seat
                    .map(|seat| Answer::Seat(seat.id()))
                    .into_iter()
                    .collect();
                answers.push(Answer::Remote(PeerNews::Joined(name)));
                answers.extend(copy.map(|copy| Answer::Remote(PeerNews::Resync(copy))));
                answers
            }
            News::Door(DoorNews::TurnedAway(why), _) => {
                vec![Answer::Remote(PeerNews::TurnedAway(why))]
            }
            News::Door(DoorNews::Shut(why), _) if !self.opened => {
                vec![Answer::Notice(Tone::Problem, format!("Cannot host: {why}"))]
            }
            News::Door(DoorNews::Shut(why), _) => vec![Answer::Remote(PeerNews::GaveUp(why))],
            News::Said(id, said) if self.current(id) => {
                vec![Answer::Remote(PeerNews::Said(said))]
            }
            News::Lost(id, why) if self.current(id) => {
                self.current = None;
                vec![Answer::Remote(PeerNews::Lost(why))]
            }
            News::Said(..) | News::Lost(..) => Vec::new(),
        })
    }

    /// Whether `id` is the connection the page speaks on.
    fn current(&self, id: u64) -> bool {
        self.current
            .as_ref()
            .is_some_and(|(current, _)| *current == id)
    }

    /// The game hosted: a new one on the usual board, the page's player
    /// on South, waiting for the player who types `invite`.
    fn game(&self, invite: String) -> App {
        let mut app = App::new(Config::default(), Match::new(self.name.clone(), None, None));
        app.set(Setting::Across {
            network: Network::new(Role::Host {
                invite,
                options: self.option.clone(),
            }),
            remote_home: Side::North,
            name: self.name.clone(),
        });
        app
    }

    /// Once the app took the news, with its game as it now is (`ours`): a
    /// player who came in is sent it, after the host's `welcome`.
    pub fn settle(&mut self, ours: &endodoi_core::record::Record) {
        if let Some((id, outgoing)) = self.welcome.take() {
            if outgoing
                .try_send(Message::Game(ours.to_string()).to_string())
                .is_ok()
            {
                if let Some((_, old)) = self.current.replace((id, outgoing)) {
                    let why = "the seat's player connected again".to_owned();
                    let _ = old.try_send(Message::Bye(why).to_string());
                    old.close();
                }
            } else {
                outgoing.close();
            }
        }
    }

    /// Tells the other player `said`, if connected.
    pub fn send(&self, said: GameMessage) {
        if let Some((_, outgoing)) = &self.current {
            let _ = outgoing.try_send(Message::Said(said).to_string());
        }
    }

    /// Closes the connection, telling the other player `why`; the door
    /// stays open for the seat's player.
    pub fn hangup(&mut self, why: String) {
        if let Some((_, outgoing)) = self.current.take() {
            let _ = outgoing.try_send(Message::Bye(why).to_string());
            outgoing.close();
        }
    }
}
