//! A player in another terminal: the third kind of player beside a person
//! at this keyboard and the computer, without sockets.
//!
//! The app never touches the network. What this player tells the other
//! (a move, a request to take moves back, the answer, the next game) is
//! asked for with [`Effect::Send`]; what arrives, and what happens to the
//! connection, comes back through [`App::remote`]. Every move that arrives
//! is checked by the rules ([`crate::rules::Game::play`]) before it is
//! applied: a move out of turn, for the wrong row, at the wrong point of the
//! game or illegal is refused with [`Effect::Hangup`] and never applied.
//! (`crate::net` carries these over TCP; tests call [`App::remote`] directly.)
//!
//! ```
//! use endodoi::app::{App, Effect, Match, Network, Remote, Role, Said};
//! use endodoi::rules::{Config, Hole, Side};
//!
//! let mut app = App::new(Config::default(), Match::default());
//! app.set_animation(false);
//! app.play_across(Network::new(Role::Host { invite: "endodoi join 7-crossover-clockwork".into(), options: String::new() }), Side::North, None);
//! app.remote(Remote::Joined(Some("Lekishon".into())));
//! app.remote(Remote::Said(Said::Move { ply: 0, hole: Hole::new(Side::North, 0), left: None }));
//! assert_eq!(app.game().ply(), 0, "North cannot open the game");
//! assert!(app.take_effects().iter().any(|effect| matches!(effect, Effect::Hangup(_))));
//! ```

use super::board::Board;
use super::{App, Ask, Effect, Table, Theirs, Tone};
pub use crate::protocol::Said;
use crate::record::Record;
use crate::rules::{BySide, Hole, Side};

/// The tag that names a game's seat in its record.
pub const SEAT_TAG: &str = "Seat";

/// The tag that names the row the host plays in a game across the network.
pub const HOST_TAG: &str = "Host";

/// The tag that numbers the games played at one seat: the first game the
/// two players play is 1, and each game the host begins after it one more.
pub const GAME_TAG: &str = "Game";

/// The number of `record`'s game at its seat ([`GAME_TAG`]; 1 in a record
/// without it, as every game was before the tag).
pub fn game_number(record: &Record) -> u32 {
    record
        .tag(GAME_TAG)
        .and_then(|number| number.parse().ok())
        .unwrap_or(1)
}

/// The row the host plays in `record`'s game ([`HOST_TAG`]), if it says.
pub fn host_row(record: &Record) -> Option<Side> {
    Side::ALL
        .into_iter()
        .find(|side| record.tag(HOST_TAG) == Some(side.to_string().as_str()))
}

/// What happens to the other player and the connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Remote {
    /// The other player joined (the host hears it), by name if given.
    Joined(Option<String>),
    /// The other side's copy of the game, when a seat is taken again: read
    /// for its moves alone ([`super::Copies`]), never for its tags.
    Resync(Box<Record>),
    /// The other player said something.
    Said(Said),
    /// Someone was turned away at the door (a wrong code, a second player).
    TurnedAway(String),
    /// The connection was lost, and why.
    Lost(String),
    /// The joiner stopped trying to connect again: the host said no.
    GaveUp(String),
    /// The host has a new invitation for the other player (`endodoi join
    /// CODE`): a wrong code spent the last.
    Invite(String),
}

/// Which end of the connection this program is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// It keeps the game, and waits for the player who types `invite`.
    Host {
        /// The command the other player types: `endodoi join CODE`, or
        /// `endodoi join ADDR:PORT --code CODE` in the direct mode.
        invite: String,
        /// The options after `endodoi host --resume [ID]` that host this
        /// game again (the address listened at, the mailbox), each with a
        /// space before it.
        options: String,
    },
    /// It joined the host at `place` with `command`.
    Guest {
        /// Where the host is, in words: its address, or the mailbox.
        place: String,
        /// The command that joined, which also joins again.
        command: String,
    },
}

/// The state of the connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Connection {
    /// Nobody has joined yet.
    Waiting,
    /// The other player is there.
    Connected,
    /// The connection was lost, and why: the host waits for the player to
    /// join again, the joiner tries again.
    Lost(String),
    /// The joiner stopped trying: the host said no, and why.
    Closed(String),
}

/// A game played across the network: who we are and how the line is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// Host or guest.
    pub role: Role,
    /// The connection now.
    pub connection: Connection,
    /// The moves kept by the take-back this player asked for, while the
    /// other has not answered.
    pub(super) asked: Option<usize>,
    /// Whether this player offered a draw that the other has not answered.
    pub(super) offered: bool,
    /// The public name of the seat, once a player has taken it: the
    /// `Seat` tag of the game's record.
    pub(super) seat: Option<String>,
    /// The number of the game at the seat: the `Game` tag of its record.
    pub(super) game: u32,
    /// The last stranger a waiting host turned away, and why: shown after
    /// the command to give the other player, never in its place.
    pub(super) turned_away: Option<String>,
    /// Whether the seat's secret could not be kept on disk: the game can
    /// then not be played across the network again, only at one keyboard.
    pub(super) seat_unkept: bool,
}

impl Network {
    /// A network game in `role`, before the other player is there (a guest
    /// is connected already when the game opens).
    pub fn new(role: Role) -> Network {
        let connection = match role {
            Role::Host { .. } => Connection::Waiting,
            Role::Guest { .. } => Connection::Connected,
        };
        Network {
            role,
            connection,
            asked: None,
            offered: false,
            seat: None,
            game: 1,
            turned_away: None,
            seat_unkept: false,
        }
    }
}

impl App {
    /// Makes this a game across the network: the player whose row in the
    /// first game is `remote_home` plays in another terminal, this one
    /// (named `name`, if given) at this keyboard; no computer plays. A
    /// game whose record names the host's row ([`HOST_TAG`]: hosted or
    /// joined again, or the host's game at the first meeting) keeps it.
    pub fn play_across(&mut self, network: Network, remote_home: Side, name: Option<&str>) {
        self.table
            .play_across(&mut self.board, network, remote_home, name);
        let asks = self.table.take_asks();
        self.ask(asks);
    }

    /// The seat a player took, by its public name: from now on the record
    /// names it (its `Seat` tag), and the game is kept.
    pub fn set_seat(&mut self, id: &str) {
        if let Some(network) = &mut self.table.network {
            network.seat = Some(id.to_owned());
            self.table.write_tags();
            self.effects.push(Effect::Autosave);
        }
    }

    /// The seat's secret could not be kept on disk (`why`): says so where
    /// it is seen, and from now on offers to continue the game at one
    /// keyboard ([`App::resume_command`]), for neither player could take
    /// the seat again.
    pub fn seat_not_kept(&mut self, why: &str) {
        if let Some(network) = &mut self.table.network {
            network.seat_unkept = true;
        }
        self.answer(super::Answer::Notice(
            super::Tone::Error,
            format!(
                "The seat cannot be kept ({why}): this game cannot be joined again; \
                 `endodoi --resume` plays it on here"
            ),
        ));
    }

    /// The game across the network, if this is one.
    pub fn network(&self) -> Option<&Network> {
        self.table.network.as_deref()
    }

    /// Whether the player in the other terminal is to move.
    pub fn remote_to_move(&self) -> bool {
        self.record()
            .to_move()
            .is_some_and(|side| self.players().remote(side))
    }

    /// The status of the connection, for the line under the board:
    /// waiting (and how to join), connected and whose turn, lost.
    pub fn network_status(&self) -> Option<String> {
        let network = self.network()?;
        let other = self.table.remote_name();
        let turned_away = network
            .turned_away
            .as_ref()
            .map_or_else(String::new, |why| format!(" · {why}"));
        Some(match (&network.connection, &network.role) {
            (Connection::Waiting, Role::Host { invite, .. }) if network.seat.is_some() => {
                format!("Waiting for {other} to take their seat again: {invite}{turned_away}")
            }
            (Connection::Waiting, Role::Host { invite, .. }) => {
                format!("Waiting for the other player: {invite}{turned_away}")
            }
            (Connection::Waiting, Role::Guest { place, .. }) => {
                format!("Connecting to {place}…")
            }
            (Connection::Connected, _) if self.remote_to_move() => {
                format!("Connected to {other} · {other} is thinking")
            }
            (Connection::Connected, _) if self.record().is_over() => {
                format!("Connected to {other} · the game is over")
            }
            (Connection::Connected, _) => format!("Connected to {other} · your move"),
            (Connection::Lost(why), Role::Host { invite, .. }) => {
                format!("Connection lost ({why}) · waiting for {other}: {invite}{turned_away}")
            }
            (Connection::Lost(why), Role::Guest { place, .. }) => {
                format!("Connection lost ({why}) · reconnecting to {place}…")
            }
            (Connection::Closed(why), _) => {
                format!("Connection closed: {why} · the game is kept; `endodoi join` again")
            }
        })
    }

    /// The command that continues this game once the program has ended
    /// (the saved game `id`, if known): `endodoi --resume`, across the
    /// network `endodoi host --resume` with the same options, or the same
    /// `endodoi join` command; at one keyboard when the seat could not be
    /// kept ([`App::seat_not_kept`]).
    pub fn resume_command(&self, id: Option<&str>) -> String {
        let id = id.map_or_else(String::new, |id| format!(" {id}"));
        let network = self.network().filter(|network| !network.seat_unkept);
        match network.map(|network| &network.role) {
            None => format!("endodoi --resume{id}"),
            Some(Role::Host { options, .. }) => format!("endodoi host --resume{id}{options}"),
            Some(Role::Guest { command, .. }) => command.clone(),
        }
    }

    /// What happened across the network. What the other player does to
    /// the game (their name, a move, a request, an answer, their copy of
    /// the game) becomes the game's action from their side ([`Theirs`]),
    /// which checks it before it changes anything; the rest is the
    /// connection's.
    pub fn remote(&mut self, event: Remote) {
        self.table.remote(&mut self.board, event);
        let asks = self.table.take_asks();
        self.ask(asks);
    }
}

impl Table {
    /// Makes this a game across the network, as [`App::play_across`] says.
    fn play_across(
        &mut self,
        view: &mut Board,
        network: Network,
        remote_home: Side,
        name: Option<&str>,
    ) {
        let remote_home = host_row(&self.record).map_or(remote_home, |row| {
            let remote_row = match network.role {
                Role::Host { .. } => row.opponent(),
                Role::Guest { .. } => row,
            };
            self.players.home(remote_row)
        });
        self.players.remote = Some(remote_home);
        self.players.computers = BySide::default();
        if let Some(name) = name {
            let local = remote_home.opponent();
            let side = if self.players.home(Side::South) == local {
                Side::South
            } else {
                Side::North
            };
            self.players.set_name(side, name);
        }
        self.network = Some(Box::new(Network {
            game: game_number(&self.record),
            ..network
        }));
        self.face_own_row(view);
        self.write_tags();
        // A game that comes with moves (the host's, a resumed one) is kept at once.
        if self.game().ply() > 0 {
            self.effect(Effect::Autosave);
        }
    }

    /// Across the network, turns the board so that this terminal's row is
    /// at the bottom (the rows change sides between a match's games).
    pub(super) fn face_own_row(&self, view: &mut Board) {
        if self.network.is_some()
            && let Some(own) = Side::ALL
                .into_iter()
                .find(|&side| !self.players.remote(side))
        {
            view.bottom = own;
        }
    }

    /// Whether the other player is there to hear a move or a request.
    pub(super) fn connected(&self) -> bool {
        self.network
            .as_ref()
            .is_some_and(|network| network.connection == Connection::Connected)
    }

    /// The name of the player in the other terminal.
    pub(super) fn remote_name(&self) -> String {
        self.players
            .remote_side()
            .map_or_else(String::new, |side| self.players.name(side).to_owned())
    }

    /// What happened across the network, as [`App::remote`] says.
    fn remote(&mut self, view: &mut Board, event: Remote) {
        if self.network.is_none() {
            return;
        }
        match event {
            Remote::Joined(name) => {
                if let Some(name) = name {
                    self.their_act(view, Theirs::Named(name));
                }
                self.set_connection(Connection::Connected);
                if let Some(network) = self.network.as_deref_mut() {
                    network.turned_away = None;
                }
                let news = format!("{} joined", self.remote_name());
                self.say(Tone::Info, news);
            }
            Remote::Resync(record) => self.their_act(view, Theirs::Copy(record)),
            Remote::Said(said) => {
                if self.connected() {
                    self.their_act(view, Theirs::Said(said));
                }
            }
            Remote::TurnedAway(why) => match self.network.as_deref_mut() {
                // While the seat waits, the command to give stays on screen.
                Some(Network {
                    role: Role::Host { .. },
                    connection: Connection::Waiting | Connection::Lost(_),
                    turned_away,
                    ..
                }) => *turned_away = Some(why),
                _ => self.say(Tone::Error, why),
            },
            Remote::Lost(why) => self.disconnected(why),
            Remote::Invite(invite) => {
                if let Some(Network {
                    role: Role::Host { invite: old, .. },
                    ..
                }) = self.network.as_deref_mut()
                {
                    old.clone_from(&invite);
                }
                self.say(
                    Tone::Info,
                    format!("The other player now joins with: {invite}"),
                );
            }
            Remote::GaveUp(why) => {
                self.say(Tone::Error, format!("{why}; not trying again"));
                self.set_connection(Connection::Closed(why));
            }
        }
    }

    pub(super) fn set_connection(&mut self, connection: Connection) {
        if let Some(network) = &mut self.network {
            network.connection = connection;
        }
    }

    /// Refuses what the other player sent: it is not applied, and the
    /// connection is closed with `why`.
    pub(super) fn refuse(&mut self, why: String) {
        self.effect(Effect::Hangup(why.clone()));
        self.disconnected(why);
    }

    /// The connection is gone (`why`): the game is kept, a question from
    /// the other player is forgotten (a draw this player offered stands,
    /// and is offered again when the line is back).
    fn disconnected(&mut self, why: String) {
        self.push(Ask::Withdrawn);
        if let Some(network) = &mut self.network {
            network.asked = None;
        }
        self.say(
            Tone::Error,
            format!("Disconnected: {why}; the game is kept"),
        );
        self.set_connection(Connection::Lost(why));
    }

    /// Whether this player may move now across the network (the other is
    /// there); tells the player why not.
    pub(super) fn may_send(&mut self) -> bool {
        if self.network.is_none() || self.connected() {
            return true;
        }
        let news = format!("{} is not connected: the game waits", self.remote_name());
        self.say(Tone::Error, news);
        false
    }

    /// Tells the other player the move just played (`ply` moves before it).
    pub(super) fn send_move(&mut self, ply: usize, hole: Hole) {
        if self.network.is_some() {
            let left = self.left_to_send(hole.side());
            self.effect(Effect::Send(Said::Move { ply, hole, left }));
        }
    }

    /// The undo key across the network: asks the other player to take the
    /// game back to before this player's last move.
    pub(super) fn ask_undo(&mut self) {
        if !self.may_send() {
            return;
        }
        let mine = self
            .game()
            .history()
            .iter()
            .rposition(|played| !self.players.remote(played.hole.side()));
        let Some(keep) = mine else {
            self.say(Tone::Error, "Nothing to undo");
            return;
        };
        if let Some(network) = &mut self.network {
            network.asked = Some(keep);
        }
        self.effect(Effect::Send(Said::UndoAsked(keep)));
        let other = self.remote_name();
        self.say(
            Tone::Info,
            format!("Asked {other} to take back your last move…"),
        );
    }
}
