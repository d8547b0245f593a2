//! The new-game page: its lines and the game they set up.

use crate::Match;
use endodoi_core::clock::TimeControl;
use endodoi_core::rules::{
    BySide, Config, MAX_SEEDS, MAX_WIDTH, MIN_SEEDS, MIN_WIDTH, Side, Variant,
};
use endodoi_engine::Level;

/// The most wins a match may be played to (as `--first-to`).
const MAX_FIRST_TO: u16 = 99;

/// The lines of the new-game page.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SetupField {
    /// Who plays a row in the first game: a person or the computer.
    Player(Side),
    /// Holes in each row.
    Width,
    /// Seeds in each hole at the start.
    Seeds,
    /// The rules.
    Variant,
    /// A single game, or a match to some wins.
    FirstTo,
    /// No clock, or a time control.
    Clock,
    /// Hints and take-backs allowed, or a game without them.
    Assist,
    /// Start the game.
    Play,
}

impl SetupField {
    /// The new-game page's lines, top down.
    pub const ALL: [SetupField; 9] = [
        SetupField::Player(Side::South),
        SetupField::Player(Side::North),
        SetupField::Width,
        SetupField::Seeds,
        SetupField::Variant,
        SetupField::FirstTo,
        SetupField::Clock,
        SetupField::Assist,
        SetupField::Play,
    ];
}

/// A new game as set up on the new-game page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The names given to the people playing each row (kept while the
    /// computer plays it instead); `None`: the default name, after the row
    /// in a single game and `Player 1`, `Player 2` in a match.
    pub names: BySide<Option<String>>,
    /// The level of the computer playing each row, if it does.
    pub computers: BySide<Option<Level>>,
    /// Holes in each row.
    pub width: u8,
    /// Seeds in each hole.
    pub seeds: u8,
    /// The rules.
    pub variant: Variant,
    /// Wins to take a match, or `None` for a single game.
    pub first_to: Option<u16>,
    /// The time control, or `None` for no clock.
    pub clock: Option<TimeControl>,
    /// Whether the game is played without hints and take-backs.
    pub no_assist: bool,
}

impl Setup {
    /// The setup a new game starts from: `config` and `players`.
    pub(crate) fn new(config: Config, players: &Match) -> Setup {
        let unnamed = Match::new(None, None, players.first_to);
        let names = BySide::from_fn(|side| {
            let name = players.name(side);
            (players.computer(side).is_none() && name != unnamed.name(side))
                .then(|| name.to_owned())
        });
        Setup {
            names,
            computers: BySide::from_fn(|side| players.computer(side)),
            width: config.width(),
            seeds: config.seeds(),
            variant: config.variant(),
            first_to: players.first_to,
            clock: players.clock,
            no_assist: players.no_assist,
        }
    }

    /// The board set up.
    ///
    /// # Panics
    /// Never: every setting is kept within the board's limits.
    pub fn config(&self) -> Config {
        Config::new(self.width.into(), self.seeds.into(), self.variant)
            .expect("the setup keeps to the board's limits")
    }

    /// The players set up.
    pub fn players(&self) -> Match {
        let mut players = Match::new(
            self.names.south.clone(),
            self.names.north.clone(),
            self.first_to,
        );
        for side in Side::ALL {
            players.set_computer(side, self.computers[side]);
        }
        players.clock = self.clock;
        players.no_assist = self.no_assist;
        players
    }

    /// Changes `field` one `step` (1 or -1): a person, then the computer's
    /// levels; numbers and clocks within their limits; hints and
    /// take-backs allowed or not, either way.
    pub(crate) fn change(&mut self, field: SetupField, step: i8) {
        let up = step > 0;
        match field {
            SetupField::Player(side) => {
                let number = self.computers[side].map_or(0, Level::number);
                let max = Level::MAX.number();
                let next = if up {
                    (number + 1) % (max + 1)
                } else {
                    (number + max) % (max + 1)
                };
                self.computers[side] = Level::new(next);
            }
            SetupField::Width => self.width = stepped(self.width, up, MIN_WIDTH, MAX_WIDTH),
            SetupField::Seeds => self.seeds = stepped(self.seeds, up, MIN_SEEDS, MAX_SEEDS),
            SetupField::Variant => {
                self.variant = match self.variant {
                    Variant::Classic => Variant::Cross,
                    Variant::Cross => Variant::Classic,
                };
            }
            // A single game, then matches to 2, 3, … wins.
            SetupField::FirstTo => {
                let wins = self.first_to.unwrap_or(1);
                let wins = if up {
                    (wins + 1).min(MAX_FIRST_TO)
                } else {
                    wins.saturating_sub(1)
                };
                self.first_to = Some(wins).filter(|&wins| wins > 1);
            }
            SetupField::Clock => self.clock = next_clock(self.clock, up),
            SetupField::Assist => self.no_assist = !self.no_assist,
            SetupField::Play => {}
        }
    }
}

/// `value` one step up or down, within `min..=max`.
fn stepped(value: u8, up: bool, min: u8, max: u8) -> u8 {
    if up {
        value.saturating_add(1).min(max)
    } else {
        value.saturating_sub(1).max(min)
    }
}

/// The clock one step longer (`up`) or shorter among no clock and
/// [`TimeControl::CHOICES`], staying at either end; a control that is not
/// a choice (given with `--clock`) steps to the nearest choice that way.
fn next_clock(clock: Option<TimeControl>, up: bool) -> Option<TimeControl> {
    let mut choices = std::iter::once(None).chain(TimeControl::CHOICES.map(Some));
    let next = if up {
        choices.find(|&choice| choice > clock)
    } else {
        choices.rev().find(|&choice| choice < clock)
    };
    next.unwrap_or(clock)
}
