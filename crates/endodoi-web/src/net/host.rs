//! The page hosting a game (`?host`): a new game on the start screen's
//! board, the page's player on South; the code the mailbox gives is shown
//! as the terminal's host shows it (`endodoi join CODE`), the player who
//! comes is told the game, and what they say goes to the app as the
//! terminal's link hands it.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use endodoi_app::{
    Answer, App, Effect, Match, Network, OpenTarget, PeerNews, Role, Setting, Snapshot, Tone,
};
use endodoi_core::record::Record;
use endodoi_core::rules::{Config, Side};
use endodoi_meet::ProtocolTimes;
use endodoi_meet::secure::Seat;
use endodoi_protocol::{GameMessage, Message};
use ratzilla::web_sys::{self, wasm_bindgen::JsValue};
use wasm_bindgen_futures::spawn_local;

use super::door::{self, DoorNews};

use super::super::store::{NOT_KEPT, PageStore};
use super::{PageRunner, SEAT_KEY, wormhole};

/// A game this browser hosted, to host again after a reload: its seat,
/// the storage key it is kept under, the command its player typed.
pub struct Hosted {
    /// The seat its player took.
    pub seat: Seat,
    /// The storage key of the game.
    pub key: String,
    /// The command the player typed, shown again.
    pub invite: String,
}

/// The storage key of the seat `id` this browser hosts.
pub fn host_seat_key(id: &str) -> String {
    format!("{SEAT_KEY}host.{id}")
}

/// What the door and the connections tell the page, each connection by
/// its number.
enum HostNews {
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
    /// The game hosted again, until it is open.
    again: Option<Hosted>,
    /// The command the other player types.
    invite: String,
    queue: Rc<RefCell<VecDeque<HostNews>>>,
    /// The connection the page speaks on now, and its number.
    current: Option<(u64, async_channel::Sender<String>)>,
    /// A player who came in on this connection, to be sent the game.
    welcome: Option<(u64, async_channel::Sender<String>)>,
}

impl PageHost {
    /// Opens the door on `mailbox` (`option` naming it on a command line)
    /// for the host `name`: for a new game, or for the player of a game
    /// hosted `again`.
    pub fn open(
        mailbox: String,
        option: String,
        name: Option<String>,
        again: Option<Hosted>,
    ) -> PageHost {
        let seat = again.as_ref().map(|hosted| hosted.seat.clone());
        let queue: Rc<RefCell<VecDeque<HostNews>>> = Rc::default();
        let told = Rc::clone(&queue);
        let host_name = name.clone().unwrap_or_else(|| "South".to_owned());
        spawn_local(async move {
            let mut connections = 0;
            let ends = (mailbox, host_name);
            door::open(ends, seat, ProtocolTimes::default(), move |news| {
                let id = match &news {
                    DoorNews::LetIn(_) => {
                        connections += 1;
                        connections
                    }
                    _ => 0,
                };
                told.borrow_mut().push_back(HostNews::Door(news, id));
            })
            .await;
        });
        PageHost {
            option,
            name,
            opened: false,
            again,
            invite: String::new(),
            queue,
            current: None,
            welcome: None,
        }
    }

    /// The next piece of news, as answers for `app` (the start screen
    /// until the mailbox gives a code, or `runner` opens the game hosted
    /// again); none when nothing has come.
    pub fn hear(&mut self, app: &App, runner: &mut PageRunner) -> Option<Vec<Answer>> {
        if let Some(hosted) = self.again.take() {
            self.opened = true;
            return Some(self.reopen(hosted, app, runner));
        }
        let news = self.queue.borrow_mut().pop_front()?;
        Some(match news {
            HostNews::Door(DoorNews::Code(code), _) => {
                let invite = format!("endodoi join {code}{}", self.option);
                self.invite.clone_from(&invite);
                if self.opened {
                    vec![Answer::Remote(PeerNews::Invite(invite))]
                } else {
                    self.opened = true;
                    vec![Answer::Opened(Box::new(self.game(invite)))]
                }
            }
            HostNews::Door(DoorNews::LetIn(came), id) => {
                let door::LetIn {
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
                        queue.borrow_mut().push_back(HostNews::Said(id, said));
                        true
                    };
                    let why = wormhole::carry(lines, from_app, conversation, said).await;
                    queue.borrow_mut().push_back(HostNews::Lost(id, why));
                });
                let mut answers = Vec::new();
                let mut unkept = None;
                if let Some(seat) = seat {
                    unkept = self.keep(&seat);
                    once_more(&seat);
                    answers.push(Answer::Seat(seat.id()));
                }
                answers.push(Answer::Remote(PeerNews::Joined(name)));
                // Said after the news of the join, which would hide it.
                answers.extend(unkept.map(Answer::SeatNotKept));
                answers.extend(copy.map(|copy| Answer::Remote(PeerNews::Resync(copy))));
                answers
            }
            HostNews::Door(DoorNews::TurnedAway(why), _) => {
                vec![Answer::Remote(PeerNews::TurnedAway(why))]
            }
            HostNews::Door(DoorNews::Shut(why), _) if !self.opened => {
                vec![Answer::Notice(Tone::Problem, format!("Cannot host: {why}"))]
            }
            HostNews::Door(DoorNews::Shut(why), _) => vec![Answer::Remote(PeerNews::GaveUp(why))],
            HostNews::Said(id, said) if self.current(id) => {
                vec![Answer::Remote(PeerNews::Said(said))]
            }
            HostNews::Lost(id, why) if self.current(id) => {
                self.current = None;
                vec![Answer::Remote(PeerNews::Lost(why))]
            }
            HostNews::Said(..) | HostNews::Lost(..) => Vec::new(),
        })
    }

    /// Keeps `seat` in the browser, with the command its player typed;
    /// why not, if it cannot.
    fn keep(&self, seat: &Seat) -> Option<String> {
        let value = format!("{} {}", seat.to_hex(), self.invite);
        let kept = PageStore::new().put(&host_seat_key(&seat.id()), &value);
        (!kept).then(|| format!("{NOT_KEPT}: the game cannot be hosted again after a reload"))
    }

    /// The game `hosted` opened again from the browser's storage, its
    /// door waiting at the seat's rendezvous.
    fn reopen(&self, hosted: Hosted, app: &App, runner: &mut PageRunner) -> Vec<Answer> {
        let opening = OpenTarget::Resume(hosted.key);
        let left = Snapshot::of(app);
        let mut answers = runner.run(vec![Effect::Open { opening, left }]);
        if let Some(Answer::Opened(next)) = answers.first_mut() {
            next.set(Setting::Across {
                network: Network::new(Role::Host {
                    invite: hosted.invite,
                    options: self.option.clone(),
                }),
                remote_home: Side::North,
                name: self.name.clone(),
            });
        }
        answers.push(Answer::Seat(hosted.seat.id()));
        answers
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
    pub fn settle(&mut self, ours: &Record) {
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

/// The page's address from now on names the seat, so that a reload hosts
/// the game again for its player (`?host=ID`).
fn once_more(seat: &Seat) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let search = window.location().search().unwrap_or_default();
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
        return;
    };
    params.set("host", &seat.id());
    if let Ok(history) = window.history() {
        let address = format!("?{}", String::from(params.to_string()));
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&address));
    }
}
