//! The page across the network, with the protocol, keys and seat rules of
//! the terminal's `endodoi host` and `endodoi join`, through a
//! magic-wormhole mailbox. The page is told at its address: `?join=CODE`
//! joins a terminal's game (or a page's), `?host` hosts a new one and
//! shows its code ([`host`]); `&mailbox=URL` names the mailbox (else the
//! public one), `&name=NAME` the player. The meetings and the connections
//! run as futures on the page's one thread ([`wormhole`], [`door`]); their
//! news waits in a queue that each frame hands to the app as the
//! terminal's link does (`endodoi::net::Link`), as [`Answer`]s the app
//! checks with the rules, and what the app asks to send ([`Effect::Send`],
//! [`Effect::Hangup`]) goes out the same way. After the first meeting the
//! code is spent: the seat's secret is kept in the browser's storage
//! (under [`SEAT_KEY`], as the terminal keeps it in its seats folder), and
//! the same address takes the seat again after a reload, with the game
//! kept in the storage, at the seat's rendezvous.

mod door;
mod host;
mod wormhole;

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::Duration;

use endodoi_app::{
    Answer, App, Effect, Match, Network, OpenTarget, PeerNews, Role, SEAT_TAG, Setting, Snapshot,
    Tone,
};
use endodoi_core::record::Record;
use endodoi_core::rules::Side;
use endodoi_meet::ProtocolTimes;
use endodoi_meet::secure::{Seat, fingerprint};
use endodoi_protocol::{GameMessage, Message};
use host::{Hosted, PageHost, host_seat_key};
use ratzilla::web_sys::{self, UrlSearchParams};
use wasm_bindgen_futures::spawn_local;
use wormhole::{Credential, HostMet};

use super::runner::PageRunner;
use super::store::{NOT_KEPT, PageStore};

/// The prefix of the storage keys the seats are kept under.
pub const SEAT_KEY: &str = "endodoi.seat.";

/// The public mailbox, as the terminal's default.
const PUBLIC_MAILBOX: &str = magic_wormhole::rendezvous::DEFAULT_RENDEZVOUS_SERVER;

/// The longest wait between two tries to take the seat again.
const MAX_RETRY: Duration = Duration::from_secs(30);

thread_local! {
    /// The page's link to the other player, once its address asked for one.
    static LINK: RefCell<Option<Held>> = const { RefCell::new(None) };
}

/// What the meetings and the connections tell the page, each connection
/// by its number.
enum News {
    /// The host met: its game, the seat, and the way to it.
    Met(u64, Box<(Record, Seat)>, async_channel::Sender<String>),
    /// The other player said something.
    Said(u64, GameMessage),
    /// The connection is gone, and why.
    Lost(u64, String),
    /// A meeting failed, and why.
    Failed(String),
}

/// The news, in the order it came.
type Queue = Rc<RefCell<VecDeque<News>>>;

/// The page's end of a game across the network.
enum Held {
    /// It joined a host.
    Guest(PageLink),
    /// It hosts.
    Host(PageHost),
}

/// The page's end of a game it joined.
struct PageLink {
    mailbox: String,
    name: Option<String>,
    /// The command a terminal would have typed: `endodoi join CODE`, and
    /// `--mailbox URL` if not the public one.
    command: String,
    /// The seat, once met (kept from a first meeting).
    seat: Option<Seat>,
    /// Whether the game is open on the page yet.
    opened: bool,
    /// The storage key of the game kept here, and the game, when the seat
    /// is taken again after a reload.
    kept: Option<(String, Record)>,
    queue: Queue,
    /// The connection the page speaks on now, and its number.
    current: Option<(u64, async_channel::Sender<String>)>,
    /// The number of the last meeting begun.
    meetings: u64,
    /// The wait before the next try to take the seat again.
    retry: Duration,
}

/// What the page's address asks.
enum Asked {
    /// To join with this code.
    Join(String),
    /// To host: a new game, or the game of this seat again.
    Host(Option<String>),
}

/// What the page's address asks (to host, or to join with a code),
/// through which mailbox (`--mailbox URL` naming it on a command line when
/// not the public one), as whom.
fn asked() -> Option<(Asked, String, String, Option<String>)> {
    let search = web_sys::window()?.location().search().ok()?;
    let params = UrlSearchParams::new_with_str(&search).ok()?;
    let code = match params.get("join").filter(|code| !code.is_empty()) {
        Some(code) => Asked::Join(code),
        None if params.has("host") => {
            Asked::Host(params.get("host").filter(|seat| !seat.is_empty()))
        }
        None => return None,
    };
    let mailbox = params
        .get("mailbox")
        .filter(|mailbox| !mailbox.is_empty())
        .unwrap_or_else(|| PUBLIC_MAILBOX.to_owned());
    let option = if mailbox == PUBLIC_MAILBOX {
        String::new()
    } else {
        format!(" --mailbox {mailbox}")
    };
    Some((code, mailbox, option, params.get("name")))
}

/// The newest unfinished game kept in `store` with seat `id`, and its key.
fn our_copy(store: &PageStore, id: &str) -> Option<(String, Record)> {
    let mut found: Vec<(String, Record)> = store
        .games()
        .into_iter()
        .filter_map(|(key, record)| {
            let record = record?;
            let unfinished = record.verdict().is_none();
            (unfinished && record.tag(SEAT_TAG) == Some(id)).then_some((key, record))
        })
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0));
    found.into_iter().next()
}

/// Starts what the page's address asks: joining a game through a mailbox,
/// as a first meeting with the code, or taking the seat again when this
/// browser keeps it, with the game it kept. Tells `app` (the start screen).
pub fn begin(app: &mut App) {
    let Some((code, mailbox, option, name)) = asked() else {
        return;
    };
    let code = match code {
        Asked::Join(code) => code,
        Asked::Host(seat) => {
            let again = seat.and_then(|id| hosted(&id));
            let told = match &again {
                Some(_) => format!("Waiting through the mailbox {mailbox} for the seat's player…"),
                None => format!("Asking the mailbox {mailbox} for a code…"),
            };
            app.answer(Answer::Notice(Tone::Info, told));
            let host = PageHost::open(mailbox, option, name, again);
            LINK.with_borrow_mut(|held| *held = Some(Held::Host(host)));
            return;
        }
    };
    let command = format!("endodoi join {code}{option}");
    let store = PageStore::new();
    let seat = store
        .get(&seat_key(&command))
        .and_then(|hex| Seat::from_hex(&hex));
    let ours = seat.as_ref().and_then(|seat| our_copy(&store, &seat.id()));
    let mut link = PageLink {
        mailbox: mailbox.clone(),
        name,
        command,
        seat: None,
        opened: false,
        kept: None,
        queue: Queue::default(),
        current: None,
        meetings: 0,
        retry: ProtocolTimes::default().retry,
    };
    let (proof, copy) = match (seat, ours) {
        (Some(seat), Some(kept)) => {
            let record = kept.1.clone();
            link.kept = Some(kept);
            link.seat = Some(seat.clone());
            (Credential::Seat(seat), Some(record))
        }
        _ => (Credential::Code(code), None),
    };
    let told = match proof {
        Credential::Code(_) => format!("Joining through the mailbox {mailbox}…"),
        Credential::Seat(_) => {
            format!("Taking this game's seat again through the mailbox {mailbox}…")
        }
    };
    app.answer(Answer::Notice(Tone::Info, told));
    link.meet(proof, copy, Duration::ZERO);
    LINK.with_borrow_mut(|held| *held = Some(Held::Guest(link)));
}

/// The game of seat `id` this browser hosted, if it keeps the seat and
/// the game unfinished.
fn hosted(id: &str) -> Option<Hosted> {
    let store = PageStore::new();
    let kept = store.get(&host_seat_key(id))?;
    let (secret, invite) = kept.split_once(' ')?;
    let seat = Seat::from_hex(secret).filter(|seat| seat.id() == id)?;
    let (key, _) = our_copy(&store, id)?;
    Some(Hosted {
        seat,
        key,
        invite: invite.to_owned(),
    })
}

/// The storage key of the seat `command` took.
fn seat_key(command: &str) -> String {
    format!("{SEAT_KEY}{}", fingerprint(command))
}

impl PageLink {
    /// Meets the host with `proof` (and `ours`, when taking the seat
    /// again) after `wait`, then carries the connection; the news goes to
    /// the queue.
    fn meet(&mut self, proof: Credential, ours: Option<Record>, wait: Duration) {
        self.meetings += 1;
        let id = self.meetings;
        let (mailbox, name, queue) = (self.mailbox.clone(), self.name.clone(), self.queue.clone());
        spawn_local(async move {
            wormhole::sleep(wait).await;
            let limits = ProtocolTimes::default();
            let met = wormhole::meet(&mailbox, &proof, name, ours.as_ref(), limits).await;
            let HostMet {
                lines,
                conversation,
                record,
                seat,
            } = match met {
                Ok(met) => met,
                Err(why) => return queue.borrow_mut().push_back(News::Failed(why)),
            };
            let (outgoing, from_app) = async_channel::unbounded();
            let met = Box::new((record, seat));
            queue.borrow_mut().push_back(News::Met(id, met, outgoing));
            let said = |said| {
                queue.borrow_mut().push_back(News::Said(id, said));
                true
            };
            let why = wormhole::carry(lines, from_app, conversation, said).await;
            queue.borrow_mut().push_back(News::Lost(id, why));
        });
    }

    /// Whether `id` is the connection the page speaks on.
    fn current(&self, id: u64) -> bool {
        self.current
            .as_ref()
            .is_some_and(|(current, _)| *current == id)
    }

    /// What `news` means for `app` (the start screen, until the host is
    /// met), as the terminal's link hands it; `runner` opens the game kept
    /// here when the seat is taken again. Whether the page should try to
    /// take its seat again.
    fn answers(&mut self, news: News, app: &App, runner: &mut PageRunner) -> (Vec<Answer>, bool) {
        match news {
            News::Met(id, met, outgoing) => {
                let (record, seat) = *met;
                self.current = Some((id, outgoing));
                self.retry = ProtocolTimes::default().retry;
                if self.opened {
                    // The seat taken again after the line dropped.
                    return (
                        vec![Answer::Remote(PeerNews::Resync(Box::new(record)))],
                        false,
                    );
                }
                self.opened = true;
                (self.open(record, seat, app, runner), false)
            }
            News::Said(id, said) if self.current(id) => {
                (vec![Answer::Remote(PeerNews::Said(said))], false)
            }
            News::Lost(id, why) if self.current(id) => {
                self.current = None;
                (vec![Answer::Remote(PeerNews::Lost(why))], true)
            }
            News::Failed(why) if self.seat.is_none() => {
                let told = format!("Cannot join: {why}");
                (vec![Answer::Notice(Tone::Problem, told)], false)
            }
            News::Failed(why) if !self.opened => {
                let told = format!("{why}; trying again");
                (vec![Answer::Notice(Tone::Problem, told)], true)
            }
            News::Failed(why) => {
                let told = format!("{why}; trying again");
                (vec![Answer::Remote(PeerNews::TurnedAway(told))], true)
            }
            // News of a connection given up already.
            News::Said(..) | News::Lost(..) => (Vec::new(), false),
        }
    }

    /// The game met opened on the page, as `endodoi join` opens it: at a
    /// first meeting the host's game whole, its seat kept; taking the seat
    /// again, the game kept here (under its key), the host's copy only
    /// compared with it.
    fn open(
        &mut self,
        record: Record,
        seat: Seat,
        app: &App,
        runner: &mut PageRunner,
    ) -> Vec<Answer> {
        let mut answers = Vec::new();
        let mut unkept = None;
        let (mut opened, host_copy) = if let Some((key, _)) = self.kept.take() {
            let left = Snapshot::of(app);
            let opening = OpenTarget::Resume(key);
            let opened = runner.run(vec![Effect::Open { opening, left }]);
            (opened.into_iter().next(), Some(record))
        } else {
            if !PageStore::new().put(&seat_key(&self.command), &seat.to_hex()) {
                unkept = Some(format!(
                    "{NOT_KEPT}: the seat cannot be taken again after a reload"
                ));
            }
            let players = Match::from_record(&record);
            let app = App::from_record(record, players);
            (Some(Answer::Opened(Box::new(app))), None)
        };
        if let Some(Answer::Opened(next)) = &mut opened {
            let role = Role::Guest {
                place: format!("the mailbox {}", self.mailbox),
                command: self.command.clone(),
            };
            next.set(Setting::Across {
                network: Network::new(role),
                remote_home: Side::South,
                name: None,
            });
        }
        answers.extend(opened);
        answers.push(Answer::Seat(seat.id()));
        if let Some(host_copy) = host_copy {
            answers.push(Answer::Remote(PeerNews::Resync(Box::new(host_copy))));
        }
        if let Some(error) = unkept {
            answers.push(Answer::SeatNotKept(error));
        }
        self.seat = Some(seat);
        answers
    }

    /// Sends `said` to the other player, if connected.
    fn send(&self, said: GameMessage) {
        if let Some((_, outgoing)) = &self.current {
            // A failure is news the carrying brings.
            let _ = outgoing.try_send(Message::Said(said).to_string());
        }
    }

    /// Closes the connection, telling the other player `why`; the page
    /// then takes its seat again with `ours`.
    fn hangup(&mut self, why: String, ours: &Record) {
        if let Some((_, outgoing)) = self.current.take() {
            let _ = outgoing.try_send(Message::Bye(why).to_string());
            outgoing.close();
            self.again(ours);
        }
    }

    /// Tries to take the seat again with `ours`, after a wait that doubles
    /// with each failure (up to [`MAX_RETRY`]).
    fn again(&mut self, ours: &Record) {
        let Some(seat) = self.seat.clone() else {
            return;
        };
        let wait = self.retry;
        self.retry = (self.retry * 2).min(MAX_RETRY);
        self.meet(Credential::Seat(seat), Some(ours.clone()), wait);
    }
}

/// Carries out what of `effects` goes to the other player (a move, a
/// request, a hangup), when the page plays across the network; the rest,
/// in order, for the page's runner.
pub fn carry_out(effects: Vec<Effect>) -> Vec<Effect> {
    LINK.with_borrow_mut(|link| {
        let Some(held) = link else {
            return effects;
        };
        let mut rest = Vec::new();
        for effect in effects {
            match (effect, &mut *held) {
                (Effect::Send(said), Held::Guest(link)) => link.send(said),
                (Effect::Send(said), Held::Host(host)) => host.send(said),
                (Effect::Hangup { why, record }, Held::Guest(link)) => link.hangup(why, &record),
                (Effect::Hangup { why, .. }, Held::Host(host)) => host.hangup(why),
                (effect, _) => rest.push(effect),
            }
        }
        rest
    })
}

/// Hands `app` the other player's news that has come, each piece whole
/// (`runner` opens a kept game), and tries again when the line dropped.
pub fn bring_news(app: &mut App, runner: &mut PageRunner) {
    LINK.with_borrow_mut(|link| {
        let link = match link {
            Some(Held::Guest(link)) => link,
            Some(Held::Host(host)) => {
                while let Some(answers) = host.hear(app, runner) {
                    for answer in answers {
                        app.answer(answer);
                    }
                    host.settle(app.record());
                }
                return;
            }
            None => return,
        };
        loop {
            let Some(news) = link.queue.borrow_mut().pop_front() else {
                return;
            };
            let (answers, again) = link.answers(news, app, runner);
            for answer in answers {
                app.answer(answer);
            }
            if again {
                // Before the game is open, the game kept here.
                let ours = match &link.kept {
                    Some((_, kept)) => kept.clone(),
                    None => app.record().clone(),
                };
                link.again(&ours);
            }
        }
    });
}
