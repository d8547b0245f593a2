//! The players of a game or a match: names, computers, wins, and the rows
//! they change after every game of a match; written to and read from a
//! record's tags.
//!
//! A [`Match`] keeps each player under the row they play in the match's
//! first game (and every odd one), so that a player's name and wins never
//! move; [`Match::home`] says whose they are in the game being played.
//!
//! ```
//! use endodoi_app::Match;
//! use endodoi_core::rules::Side;
//!
//! let mut players = Match::new(Some("Naserian".into()), Some("Lekishon".into()), Some(3));
//! players.round = 2;
//! assert_eq!(players.name(Side::South), "Lekishon");
//! assert_eq!(players.home(Side::South), Side::North);
//! ```

use endodoi_core::clock::TimeControl;
use endodoi_core::record::{Record, Tags};
use endodoi_core::rules::{BySide, Side};
use endodoi_engine::Level;

/// The two players of a game or match and the match state; every per-player
/// value is kept under the player's row in the first game (see [`Match::home`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// The players' names.
    pub names: BySide<String>,
    /// The level of each player the computer plays (`None`: a person).
    pub computers: BySide<Option<Level>>,
    /// Wins needed to take the match, or `None` for a single game.
    pub first_to: Option<u16>,
    /// Wins of each player in the match's finished games.
    pub wins: BySide<u16>,
    /// The number of the current game in the match, from 1.
    pub round: u16,
    /// The first-game row of the player in another terminal, in a game
    /// across the network (see [`crate::Network`]).
    pub remote: Option<Side>,
    /// The time control of every game of the match, `None` for no clock.
    pub clock: Option<TimeControl>,
    /// Whether every game of the match is played without hints and
    /// take-backs.
    pub no_assist: bool,
}

impl Default for Match {
    fn default() -> Match {
        Match::new(None, None, None)
    }
}

impl Match {
    /// Players for a new game or match; unnamed players are called after
    /// their row in a single game and "Player 1"/"Player 2" in a match, where
    /// they change rows.
    pub fn new(south: Option<String>, north: Option<String>, first_to: Option<u16>) -> Match {
        let default = |row: &str, number: u8| match first_to {
            Some(_) => format!("Player {number}"),
            None => row.to_owned(),
        };
        Match {
            names: BySide {
                south: south.unwrap_or_else(|| default("South", 1)),
                north: north.unwrap_or_else(|| default("North", 2)),
            },
            computers: BySide::default(),
            first_to,
            wins: BySide::default(),
            round: 1,
            remote: None,
            clock: None,
            no_assist: false,
        }
    }

    /// The players and match state a record's tags describe (names, `Match`,
    /// `Round`, `Score`, `TimeControl`, `Assist`), as [`Match::write_tags`]
    /// writes them.
    pub fn from_record(record: &Record) -> Match {
        let first_to = record
            .tag(Tags::MATCH)
            .and_then(|n| n.parse().ok())
            .filter(|&n| n > 0);
        let round: u16 = record
            .tag(Tags::ROUND)
            .and_then(|n| n.parse().ok())
            .filter(|&n| n > 0)
            .unwrap_or(1);
        let score = record.tag(Tags::SCORE).and_then(|score| {
            let (south, north) = score.split_once('-')?;
            Some(BySide {
                south: south.trim().parse().ok()?,
                north: north.trim().parse().ok()?,
            })
        });
        // The tags name the rows of this game; the match keeps first-game rows.
        let mut players = Match::new(
            record.tag(Tags::SOUTH).map(str::to_owned),
            record.tag(Tags::NORTH).map(str::to_owned),
            first_to,
        );
        players.round = if first_to.is_some() { round } else { 1 };
        players.wins = score.unwrap_or_default();
        players.computers = players.names.clone().map(|name| level_of_name(&name));
        players.clock = record.time_control();
        players.no_assist = record.assist_off();
        if players.home(Side::South) == Side::North {
            players.swap_rows();
        }
        players
    }

    /// Swaps every per-player value between the rows.
    pub(super) fn swap_rows(&mut self) {
        std::mem::swap(&mut self.names.south, &mut self.names.north);
        std::mem::swap(&mut self.wins.south, &mut self.wins.north);
        std::mem::swap(&mut self.computers.south, &mut self.computers.north);
        self.remote = self.remote.map(Side::opponent);
    }

    /// Writes the players, match state, time control and a game without
    /// hints and take-backs into `record`'s tags.
    pub fn write_tags(&self, record: &mut Record) {
        record.set_tag(Tags::SOUTH, self.name(Side::South));
        record.set_tag(Tags::NORTH, self.name(Side::North));
        if let Some(first_to) = self.first_to {
            let score = format!(
                "{}-{}",
                self.wins[self.home(Side::South)],
                self.wins[self.home(Side::North)]
            );
            record.set_tag(Tags::MATCH, &first_to.to_string());
            record.set_tag(Tags::ROUND, &self.round.to_string());
            record.set_tag(Tags::SCORE, &score);
        }
        if let Some(clock) = self.clock {
            record.set_time_control(clock);
        }
        if self.no_assist {
            record.set_assist_off();
        }
    }

    /// Makes whoever plays `side` in the current game the computer at
    /// `level` (named after it), or a person again (`None`, keeping the name).
    /// Two computers are numbered (`Computer 1 (level 3)`, `Computer 2 …`,
    /// by their rows in the first game), so that they can be told apart.
    pub fn set_computer(&mut self, side: Side, level: Option<Level>) {
        let home = self.home(side);
        self.computers[home] = level;
        let both = self.all_computers();
        for (player, number) in [(Side::South, 1), (Side::North, 2)] {
            // A computer given a name of its own keeps it.
            let named_by_level = player == home || level_of_name(&self.names[player]).is_some();
            if let Some(level) = self.computers[player]
                && named_by_level
            {
                self.names[player] = computer_name(level, both.then_some(number));
            }
        }
    }

    /// Names whoever plays `side` in the current game.
    pub fn set_name(&mut self, side: Side, name: &str) {
        let home = self.home(side);
        name.clone_into(&mut self.names[home]);
    }

    /// The level of the computer playing `side`, or `None` for a person.
    pub fn computer(&self, side: Side) -> Option<Level> {
        self.computers[self.home(side)]
    }

    /// Whether the player in another terminal plays `side` in the current game.
    pub fn remote(&self, side: Side) -> bool {
        self.remote == Some(self.home(side))
    }

    /// The side the player in another terminal plays in the current game,
    /// if one does.
    pub fn remote_side(&self) -> Option<Side> {
        Side::ALL.into_iter().find(|&side| self.remote(side))
    }

    /// Whether the computer plays both sides.
    pub fn all_computers(&self) -> bool {
        self.computers.south.is_some() && self.computers.north.is_some()
    }

    /// The row in the first game of whoever plays `side` in the current game:
    /// the players change rows after every game of a match.
    pub fn home(&self, side: Side) -> Side {
        if self.round.is_multiple_of(2) {
            side.opponent()
        } else {
            side
        }
    }

    /// The name of whoever plays `side` in the current game.
    pub fn name(&self, side: Side) -> &str {
        &self.names[self.home(side)]
    }

    /// Each player's wins, those of the match's finished games and the
    /// current game's, if it has ended with `winner` (the side).
    pub fn tally(&self, winner: Option<Side>) -> BySide<u16> {
        let mut wins = self.wins;
        if let Some(winner) = winner {
            // The score may come from a record's `Score` tag: any number.
            let home = self.home(winner);
            wins[home] = wins[home].saturating_add(1);
        }
        wins
    }

    /// The player (by first-game row) who has taken the match with `tally`.
    pub fn champion(&self, tally: BySide<u16>) -> Option<Side> {
        let first_to = self.first_to?;
        Side::ALL.into_iter().find(|&home| tally[home] >= first_to)
    }

    /// After a finished game of a match: a new match if it is decided, else
    /// the next game, the players changing rows. Returns whether a new match
    /// began.
    pub fn next_game(&mut self, tally: BySide<u16>) -> bool {
        if self.champion(tally).is_some() {
            self.wins = BySide::default();
            self.round = 1;
            true
        } else {
            self.wins = tally;
            // The round may come from a record's `Round` tag: any number.
            self.round = self.round.saturating_add(1);
            false
        }
    }
}

/// The name a computer player goes by: `Computer (level 3)`, or with two
/// computers playing each other `Computer 1 (level 3)` and `Computer 2 …`.
pub fn computer_name(level: Level, number: Option<u8>) -> String {
    match number {
        Some(number) => format!("Computer {number} (level {level})"),
        None => format!("Computer (level {level})"),
    }
}

/// The level a player's name says the computer plays at, if it is a
/// computer's name (so that a resumed game goes on against the computer).
pub fn level_of_name(name: &str) -> Option<Level> {
    Level::all().find(|&level| {
        [None, Some(1), Some(2)]
            .into_iter()
            .any(|number| computer_name(level, number) == name)
    })
}
