//! Who plays which row across the network, game after game. The host
//! begins every game at a seat: it numbers the game and says its own row
//! in it (`next GAME ROW`); the joiner's `n` or `w` only asks it to. The
//! rows of a game number are fixed when the host begins it, and each side
//! checks them against its own (the game over, the number the next one,
//! the rows those `n` or `w` give) before it applies them; at a
//! reconnection, the later game wins. So a line dropped as the rows change
//! can never seat both players on one row.

use super::super::board::BoardView;
use super::super::component::{Ask, Tell};
use super::super::{
    Connection, Effect, GAME_TAG, GameInPlay, GameMessage, HOST_TAG, Match, Role, Tone,
};
use super::super::{game_number, host_row};
use endodoi_core::record::Record;
use endodoi_core::rules::Side;

impl GameInPlay {
    /// Whether this terminal hosts the game across the network.
    fn hosts(&self) -> bool {
        matches!(
            self.network.as_deref().map(|network| &network.role),
            Some(Role::Host { .. })
        )
    }

    /// The number of the game at its seat (1 without the network).
    fn game_number(&self) -> u32 {
        self.network.as_ref().map_or(1, |network| network.game)
    }

    /// The row the player in the other terminal plays for `players`.
    fn remote_row(players: &Match) -> Side {
        players.remote_side().unwrap_or(Side::South)
    }

    /// The row the host plays for `players`.
    fn host_row_of(&self, players: &Match) -> Side {
        let remote = GameInPlay::remote_row(players);
        if self.hosts() {
            remote.opponent()
        } else {
            remote
        }
    }

    /// The row the host plays in the game being played, across the network.
    fn host_row(&self) -> Option<Side> {
        self.network.as_ref()?;
        Some(self.host_row_of(&self.players))
    }

    /// Writes the game's number at its seat and the host's row in it into
    /// the record's tags.
    pub(super) fn write_rows(&mut self) {
        if let Some(host) = self.host_row() {
            let game = self.game_number().to_string();
            self.record.set_tag(GAME_TAG, &game);
            self.record.set_tag(HOST_TAG, &host.to_string());
        }
    }

    /// The players of the next game as `n` gives them (in a match, the rows
    /// changed or a new match; otherwise the same rows), or with `rematch`
    /// as `w` does (the rows changed).
    fn players_after(&self, rematch: bool) -> Match {
        let mut players = self.players.clone();
        if rematch {
            players.swap_rows();
        } else if players.first_to.is_some() {
            players.next_game(self.tally());
        }
        players
    }

    /// The `n` and `w` keys across the network, once the game is over: the
    /// host begins the next game and tells the other player its number and
    /// the host's row in it; the joiner asks the host to begin it.
    pub(super) fn next_across(&mut self, view: &mut BoardView, rematch: bool, out: &mut Vec<Ask>) {
        if !self.record.is_over() {
            let news = format!(
                "A game across the network is played to its end; {} quits, and it stays saved",
                self.key_name(super::Action::Quit)
            );
            out.say(Tone::Error, news);
            return;
        }
        if !self.may_send(out) {
            return;
        }
        let game = self.game_number().saturating_add(1);
        let row = GameInPlay::remote_row(&self.players_after(rematch)).opponent();
        out.effect(Effect::Send(GameMessage::NextGame { game, row }));
        if self.hosts() {
            self.begin_game(view, game, rematch, out);
        } else {
            let what = if rematch {
                "a rematch"
            } else {
                "the next game"
            };
            let news = format!("Asked {} for {what}…", self.remote_name());
            out.say(Tone::Info, news);
        }
    }

    /// Begins game `game` at the seat, the rows as `n` (or with `rematch`,
    /// `w`) gives them.
    fn begin_game(&mut self, view: &mut BoardView, game: u32, rematch: bool, out: &mut Vec<Ask>) {
        if let Some(network) = &mut self.network {
            network.game = game;
            // A take-back asked in the last game is no question in this one.
            network.asked = None;
        }
        if rematch {
            self.begin_rematch(view, out);
        } else {
            self.start_next_game(view, out);
        }
    }

    /// Whether game `game`, the other player on `row`, follows the game
    /// being played: whether it is a rematch (the rows changed in a single
    /// game), or why it cannot follow (this game goes on, another number,
    /// rows a match does not give).
    fn follows(&self, game: u32, row: Side) -> Result<bool, String> {
        let other = self.remote_name();
        let ours = self.game_number();
        if !self.record.is_over() {
            return Err(format!(
                "{other} began game {game} in the middle of game {ours}"
            ));
        }
        if Some(game) != ours.checked_add(1) {
            return Err(format!("{other} began game {game} after game {ours}"));
        }
        let next = GameInPlay::remote_row(&self.players_after(false));
        if row == next {
            Ok(false)
        } else if self.players.first_to.is_none() {
            Ok(true)
        } else {
            Err(format!(
                "{other} would play {row} in game {game} of the match, where they play {next}"
            ))
        }
    }

    /// The other player's `next`: from the host, game `game` begins here
    /// with the host on `row`; from the joiner, the host begins it (an
    /// older one crossed the host's own on the line). Refused when it does
    /// not follow this game.
    pub(super) fn their_next(
        &mut self,
        view: &mut BoardView,
        game: u32,
        row: Side,
        out: &mut Vec<Ask>,
    ) {
        if self.hosts() && game <= self.game_number() {
            return;
        }
        match self.follows(game, row) {
            Ok(rematch) => {
                if self.hosts() {
                    let row = row.opponent();
                    out.effect(Effect::Send(GameMessage::NextGame { game, row }));
                }
                self.begin_game(view, game, rematch, out);
            }
            Err(why) => self.refuse(why, out),
        }
    }

    /// At a reconnection, the game number of the other side's copy against
    /// ours: the later game wins. The host keeps a later game of its own
    /// (the joiner missed its `next`); the joiner begins the host's next
    /// game as the `next` would have. A copy that seats the players
    /// otherwise (the host on another row, another round or score of the
    /// match), or of any other number, is refused. Returns whether the
    /// copies are to be compared, now of one game.
    pub(super) fn settle_game(
        &mut self,
        view: &mut BoardView,
        theirs: &Record,
        out: &mut Vec<Ask>,
    ) -> bool {
        let other = self.remote_name();
        let (game, ours) = (game_number(theirs), self.game_number());
        if game < ours && self.hosts() {
            out.say(
                Tone::Info,
                format!(
                    "Reconnected: {other}'s copy is of game {game}, ours of game {ours}: ours is kept"
                ),
            );
            self.set_connection(Connection::Connected);
            return false;
        }
        // The joiner's finished game, and the host's next one in the copy.
        let next = match host_row(theirs) {
            Some(row) if game > ours && !self.hosts() => match self.follows(game, row) {
                Ok(rematch) => Some(rematch),
                Err(why) => {
                    self.refuse(why, out);
                    return false;
                }
            },
            _ => None,
        };
        let players = next.map_or_else(
            || self.players.clone(),
            |rematch| self.players_after(rematch),
        );
        let host = self.host_row_of(&players);
        let copy = Match::from_record(theirs);
        let why = if next.is_none() && game != ours {
            format!("{other}'s copy is of game {game}, ours of game {ours}")
        } else if let Some(row) = host_row(theirs).filter(|&row| row != host) {
            format!(
                "{other}'s copy of game {game} has the host on the {row} row, ours on the {host} row"
            )
        } else if (copy.first_to, copy.round, copy.wins)
            != (players.first_to, players.round, players.wins)
        {
            format!("{other}'s copy of game {game} counts the match otherwise than ours")
        } else {
            if let Some(rematch) = next {
                self.begin_game(view, game, rematch, out);
            }
            return true;
        };
        self.refuse(why, out);
        false
    }
}
