//! A player in another terminal: the third kind of player beside a person
//! at this keyboard and the computer, without sockets.
//!
//! The app never touches the network. What this player tells the other
//! (a move, a request to take moves back, the answer, the next game) is
//! asked for with [`Effect::Send`]; what arrives, and what happens to the
//! connection, comes back as an [`Answer::Remote`](super::Answer::Remote). Every move that arrives
//! is checked by the rules ([`endodoi_core::rules::Game::play`]) before it is
//! applied: a move out of turn, for the wrong row, at the wrong point of the
//! game or illegal is refused with [`Effect::Hangup`] and never applied.
//! (`endodoi::net` carries these over TCP; tests hand them to
//! [`App::answer`](super::App::answer) directly.)
//!
//! ```
//! use endodoi_app::{Answer, App, Effect, GameMessage, Match, Network, PeerNews, Role, Setting};
//! use endodoi_core::rules::{Config, Hole, Side};
//!
//! let mut app = App::new(Config::default(), Match::default());
//! app.set(Setting::Animation(false));
//! let invite = "endodoi join 7-crossover-clockwork".into();
//! let network = Network::new(Role::Host { invite, options: String::new() });
//! app.set(Setting::Across { network, remote_home: Side::North, name: None });
//! app.answer(Answer::Remote(PeerNews::Joined(Some("Lekishon".into()))));
//! app.answer(Answer::Remote(PeerNews::Said(GameMessage::Move { ply: 0, hole: Hole::new(Side::North, 0), left: None })));
//! assert_eq!(app.record().game.ply(), 0, "North cannot open the game");
//! assert!(app.take_effects().iter().any(|effect| matches!(effect, Effect::Hangup { .. })));
//! ```

use endodoi_core::record::Record;
use endodoi_core::rules::Side;
pub use endodoi_protocol::GameMessage;

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
pub enum PeerNews {
    /// The other player joined (the host hears it), by name if given.
    Joined(Option<String>),
    /// The other side's copy of the game, when a seat is taken again: read
    /// for its moves alone ([`super::Copies`]), never for its tags.
    Resync(Box<Record>),
    /// The other player said something.
    Said(GameMessage),
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
