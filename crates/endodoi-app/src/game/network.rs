//! The game across the network at the table: the connection's state as
//! the other player's news changes it ([`PeerNews`]), what this player sends
//! ([`GameMessage`], asked for as [`Effect::Send`]), and the seat the game is
//! kept under. What the other player does to the game is in
//! [`theirs`](super::theirs).

use super::super::board::BoardView;
use super::super::component::{Ask, Tell};
use super::super::remote::{
    Connection, GameMessage, Network, PeerNews, Role, game_number, host_row,
};
use super::super::{Effect, GameInPlay, TheirAction, Tone};
use endodoi_core::rules::{BySide, Hole, Side};

impl GameInPlay {
    /// The game across the network, if this is one.
    pub fn network(&self) -> Option<&Network> {
        self.network.as_deref()
    }

    /// The status of the connection, for the line under the board:
    /// waiting (and how to join), connected and whose turn, lost.
    pub fn network_status(&self) -> Option<String> {
        let network = self.network()?;
        let other = self.remote_name();
        let turned_away = network
            .turned_away
            .as_ref()
            .map_or_else(String::new, |why| format!(" · {why}"));
        let remote_to_move = self
            .record
            .to_move()
            .is_some_and(|side| self.players.remote(side));
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
            (Connection::Connected, _) if remote_to_move => {
                format!("Connected to {other} · {other} is thinking")
            }
            (Connection::Connected, _) if self.record.is_over() => {
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
    /// kept ([`Answer::SeatNotKept`](super::super::Answer::SeatNotKept)).
    pub fn resume_command(&self, id: Option<&str>) -> String {
        resume_command(self.network(), id)
    }

    /// The seat a player took, by its public name: from now on the record
    /// names it (its `Seat` tag), and the game is kept.
    pub(crate) fn set_seat(&mut self, id: &str) -> Vec<Ask> {
        let Some(network) = &mut self.network else {
            return Vec::new();
        };
        network.seat = Some(id.to_owned());
        self.write_tags();
        vec![Ask::Autosave]
    }

    /// The seat's secret could not be kept on disk (`why`): says so where
    /// it is seen, and from now on offers to continue the game at one
    /// keyboard ([`GameInPlay::resume_command`]), for neither player could take
    /// the seat again.
    pub(crate) fn seat_not_kept(&mut self, why: &str) -> Vec<Ask> {
        if let Some(network) = &mut self.network {
            network.seat_unkept = true;
        }
        let text = format!(
            "The seat cannot be kept ({why}): this game cannot be joined again; \
             `endodoi --resume` plays it on here"
        );
        vec![Ask::Say(Tone::Error, text)]
    }

    /// Makes this a game across the network: the player whose row in the
    /// first game is `remote_home` plays in another terminal, this one
    /// (named `name`, if given) at this keyboard; no computer plays. A
    /// game whose record names the host's row ([`HOST_TAG`](super::super::HOST_TAG): hosted or
    /// joined again, or the host's game at the first meeting) keeps it.
    pub(crate) fn play_across(
        &mut self,
        view: &mut BoardView,
        network: Network,
        remote_home: Side,
        name: Option<&str>,
    ) -> Vec<Ask> {
        let mut out = Vec::new();
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
            out.push(Ask::Autosave);
        }
        out
    }

    /// Across the network, turns the board so that this terminal's row is
    /// at the bottom (the rows change sides between a match's games).
    pub(crate) fn face_own_row(&self, view: &mut BoardView) {
        if self.network.is_some()
            && let Some(own) = Side::ALL
                .into_iter()
                .find(|&side| !self.players.remote(side))
        {
            view.bottom = own;
        }
    }

    /// Whether the other player is there to hear a move or a request.
    pub(crate) fn connected(&self) -> bool {
        self.network
            .as_ref()
            .is_some_and(|network| network.connection == Connection::Connected)
    }

    /// The name of the player in the other terminal.
    pub(crate) fn remote_name(&self) -> String {
        self.players
            .remote_side()
            .map_or_else(String::new, |side| self.players.name(side).to_owned())
    }

    /// What happened across the network. What the other player does to
    /// the game (their name, a move, a request, an answer, their copy of
    /// the game) becomes the game's action from their side ([`TheirAction`]),
    /// which checks it before it changes anything; the rest is the
    /// connection's.
    pub(crate) fn remote(&mut self, view: &mut BoardView, event: PeerNews) -> Vec<Ask> {
        let mut out = Vec::new();
        if self.network.is_none() {
            return out;
        }
        match event {
            PeerNews::Joined(name) => {
                if let Some(name) = name {
                    self.their_act(view, TheirAction::Named(name), &mut out);
                }
                self.set_connection(Connection::Connected);
                if let Some(network) = self.network.as_deref_mut() {
                    network.turned_away = None;
                }
                let news = format!("{} joined", self.remote_name());
                out.say(Tone::Info, news);
            }
            PeerNews::Resync(record) => self.their_act(view, TheirAction::Copy(record), &mut out),
            PeerNews::Said(said) => {
                if self.connected() {
                    self.their_act(view, TheirAction::Said(said), &mut out);
                }
            }
            PeerNews::TurnedAway(why) => match self.network.as_deref_mut() {
                // While the seat waits, the command to give stays on screen.
                Some(Network {
                    role: Role::Host { .. },
                    connection: Connection::Waiting | Connection::Lost(_),
                    turned_away,
                    ..
                }) => *turned_away = Some(why),
                _ => out.say(Tone::Error, why),
            },
            PeerNews::Lost(why) => self.disconnected(why, &mut out),
            PeerNews::Invite(invite) => {
                if let Some(Network {
                    role: Role::Host { invite: old, .. },
                    ..
                }) = self.network.as_deref_mut()
                {
                    old.clone_from(&invite);
                }
                out.say(
                    Tone::Info,
                    format!("The other player now joins with: {invite}"),
                );
            }
            PeerNews::GaveUp(why) => {
                out.say(Tone::Error, format!("{why}; not trying again"));
                self.set_connection(Connection::Closed(why));
            }
        }
        out
    }

    pub(crate) fn set_connection(&mut self, connection: Connection) {
        if let Some(network) = &mut self.network {
            network.connection = connection;
        }
    }

    /// Refuses what the other player sent: it is not applied, and the
    /// connection is closed with `why`.
    pub(crate) fn refuse(&mut self, why: String, out: &mut Vec<Ask>) {
        out.push(Ask::Hangup(why.clone()));
        self.disconnected(why, out);
    }

    /// The connection is gone (`why`): the game is kept, a question from
    /// the other player is forgotten (a draw this player offered stands,
    /// and is offered again when the line is back).
    fn disconnected(&mut self, why: String, out: &mut Vec<Ask>) {
        out.push(Ask::Withdrawn);
        if let Some(network) = &mut self.network {
            network.asked = None;
        }
        out.say(
            Tone::Error,
            format!("Disconnected: {why}; the game is kept"),
        );
        self.set_connection(Connection::Lost(why));
    }

    /// Whether this player may move now across the network (the other is
    /// there); tells the player why not.
    pub(crate) fn may_send(&mut self, out: &mut Vec<Ask>) -> bool {
        if self.network.is_none() || self.connected() {
            return true;
        }
        let news = format!("{} is not connected: the game waits", self.remote_name());
        out.say(Tone::Error, news);
        false
    }

    /// Tells the other player the move just played (`ply` moves before it).
    pub(crate) fn send_move(&mut self, ply: usize, hole: Hole, out: &mut Vec<Ask>) {
        if self.network.is_some() {
            let left = self.left_to_send(hole.side());
            out.effect(Effect::Send(GameMessage::Move { ply, hole, left }));
        }
    }

    /// The undo key across the network: asks the other player to take the
    /// game back to before this player's last move.
    pub(crate) fn ask_undo(&mut self, out: &mut Vec<Ask>) {
        if !self.may_send(out) {
            return;
        }
        let mine = self
            .game()
            .history()
            .iter()
            .rposition(|played| !self.players.remote(played.hole.side()));
        let Some(keep) = mine else {
            out.say(Tone::Error, "Nothing to undo");
            return;
        };
        if let Some(network) = &mut self.network {
            network.asked = Some(keep);
        }
        out.effect(Effect::Send(GameMessage::UndoAsked(keep)));
        let other = self.remote_name();
        out.say(
            Tone::Info,
            format!("Asked {other} to take back your last move…"),
        );
    }
}

/// The command that continues a game played across `network` (none: at
/// one keyboard), as [`GameInPlay::resume_command`] says.
pub(crate) fn resume_command(network: Option<&Network>, id: Option<&str>) -> String {
    let id = id.map_or_else(String::new, |id| format!(" {id}"));
    let network = network.filter(|network| !network.seat_unkept);
    match network.map(|network| &network.role) {
        None => format!("endodoi --resume{id}"),
        Some(Role::Host { options, .. }) => format!("endodoi host --resume{id}{options}"),
        Some(Role::Guest { command, .. }) => command.clone(),
    }
}
