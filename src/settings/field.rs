//! The keys of the settings file, one [`Field`] each: its name, what it
//! means, its default, how its value is read and written. The table of keys
//! in docs/settings.md is checked against [`Field::ALL`].

use toml_edit::{Item, Value};

use super::Settings;
use crate::app::{MAX_SPEED, MIN_SPEED};
use crate::options::Player;
use crate::record::excerpt;
use crate::rules::{MAX_SEEDS, MAX_WIDTH, MIN_SEEDS, MIN_WIDTH, Side, Variant};
use crate::search::Level;

/// One key of the settings file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// `players.south`: the name of the person who last took the South row.
    SouthName,
    /// `players.north`: the name of the person who last took the North row.
    NorthName,
    /// `board.width`: holes in each row.
    Width,
    /// `board.seeds`: seeds in every hole at the start.
    Seeds,
    /// `board.variant`: classic or cross.
    Variant,
    /// `opponents.south`: a person or the computer at a level.
    SouthOpponent,
    /// `opponents.north`: a person or the computer at a level.
    NorthOpponent,
    /// `game.clock`: the time control, or none.
    Clock,
    /// `game.assist`: hints and take-backs allowed, or a game without them.
    Assist,
    /// `display.animation`: sow seed by seed or show moves at once.
    Animation,
    /// `display.speed`: the sowing speed.
    Speed,
    /// `display.preview`: the move preview on or off.
    Preview,
    /// `display.ascii`: plain ASCII drawing.
    Ascii,
    /// `display.bell`: the terminal bell when a player's clock runs low.
    Bell,
    /// `network.mailbox`: the mailbox server to meet through.
    Mailbox,
}

impl Field {
    /// Every key, in the order a new file lists them.
    pub const ALL: [Field; 15] = [
        Field::SouthName,
        Field::NorthName,
        Field::Width,
        Field::Seeds,
        Field::Variant,
        Field::SouthOpponent,
        Field::NorthOpponent,
        Field::Clock,
        Field::Assist,
        Field::Animation,
        Field::Speed,
        Field::Preview,
        Field::Ascii,
        Field::Bell,
        Field::Mailbox,
    ];

    /// The keys a new game remembers: the names, the board, the opponents,
    /// the clock and whether hints and take-backs are allowed.
    pub const LAST_GAME: [Field; 9] = [
        Field::SouthName,
        Field::NorthName,
        Field::Width,
        Field::Seeds,
        Field::Variant,
        Field::SouthOpponent,
        Field::NorthOpponent,
        Field::Clock,
        Field::Assist,
    ];

    /// The keys of how the game is shown.
    pub const DISPLAY: [Field; 5] = [
        Field::Animation,
        Field::Speed,
        Field::Preview,
        Field::Ascii,
        Field::Bell,
    ];

    /// The table and the key in it: `("board", "width")`.
    pub fn path(self) -> (&'static str, &'static str) {
        match self {
            Field::SouthName => ("players", "south"),
            Field::NorthName => ("players", "north"),
            Field::Width => ("board", "width"),
            Field::Seeds => ("board", "seeds"),
            Field::Variant => ("board", "variant"),
            Field::SouthOpponent => ("opponents", "south"),
            Field::NorthOpponent => ("opponents", "north"),
            Field::Clock => ("game", "clock"),
            Field::Assist => ("game", "assist"),
            Field::Animation => ("display", "animation"),
            Field::Speed => ("display", "speed"),
            Field::Preview => ("display", "preview"),
            Field::Ascii => ("display", "ascii"),
            Field::Bell => ("display", "bell"),
            Field::Mailbox => ("network", "mailbox"),
        }
    }

    /// The dotted name: `board.width`.
    pub fn name(self) -> String {
        let (table, key) = self.path();
        format!("{table}.{key}")
    }

    /// What the key means, for docs/settings.md.
    pub fn meaning(self) -> &'static str {
        match self {
            Field::SouthName => {
                "The name of the person who took the South row (moves first) in the last new game"
            }
            Field::NorthName => {
                "The name of the person who took the North row in the last new game"
            }
            Field::Width => "Holes in each row, 6 to 10 (`--width`)",
            Field::Seeds => "Seeds in every hole at the start, 3 to 6 (`--seeds`)",
            Field::Variant => "`\"classic\"` or `\"cross\"` (`--variant`)",
            Field::SouthOpponent => {
                "Who played South: `\"human\"`, or `\"computer:LEVEL\"` with LEVEL 1 to 5 (`--south`)"
            }
            Field::NorthOpponent => "Who played North, as `opponents.south` (`--north`)",
            Field::Clock => {
                "`\"none\"`, or the time control `\"MINUTES+SECONDS\"` with 1 to 180 minutes each and 0 to 60 seconds more a move, e.g. `\"5+3\"` (`--clock`)"
            }
            Field::Assist => {
                "Hints and take-backs allowed; `false` plays without them (`--no-assist`)"
            }
            Field::Animation => {
                "Sow moves seed by seed; `false` shows them at once (`--no-animation`)"
            }
            Field::Speed => "The sowing speed, 1 (slowest) to 6 (the `+` and `-` keys)",
            Field::Preview => "Show where the selected move's seeds go (the `p` key)",
            Field::Ascii => "Draw with plain ASCII only (`--ascii`)",
            Field::Bell => {
                "Ring the terminal bell once when a clock of a player at this keyboard falls under 10 seconds"
            }
            Field::Mailbox => {
                "The magic-wormhole mailbox server `host` and `join` meet through, `\"ws://HOST:PORT/v1\"` (`--mailbox`); absent: the public one"
            }
        }
    }

    /// The default as the file would hold it, or `(none)` for a key that
    /// is absent by default.
    pub fn default_text(self) -> String {
        self.value(&Settings::default())
            .map_or_else(|| "(none)".to_owned(), |value| shown(&value))
    }

    fn side(self) -> Side {
        match self {
            Field::NorthName | Field::NorthOpponent => Side::North,
            _ => Side::South,
        }
    }

    /// The value of this key in `settings`; `None` when the key is left out.
    pub(super) fn value(self, settings: &Settings) -> Option<Value> {
        Some(match self {
            Field::SouthName | Field::NorthName => {
                return settings.names[self.side()].as_deref().map(Value::from);
            }
            Field::Width => i64::from(settings.width).into(),
            Field::Seeds => i64::from(settings.seeds).into(),
            Field::Variant => settings.variant.name().into(),
            Field::SouthOpponent | Field::NorthOpponent => match settings.opponents[self.side()] {
                None => HUMAN.into(),
                Some(level) => format!("computer:{level}").into(),
            },
            Field::Assist => settings.assist.into(),
            Field::Animation => settings.animation.into(),
            Field::Speed => i64::from(settings.speed).into(),
            Field::Preview => settings.preview.into(),
            Field::Ascii => settings.ascii.into(),
            Field::Bell => settings.bell.into(),
            Field::Mailbox => return settings.mailbox.as_deref().map(Value::from),
            Field::Clock => settings
                .clock
                .map_or_else(|| NO_CLOCK.to_owned(), |clock| clock.to_string())
                .into(),
        })
    }

    /// Reads this key's `item` into `settings`.
    ///
    /// # Errors
    /// Why the value cannot be this key's, in words.
    pub(super) fn read(self, settings: &mut Settings, item: &Item) -> Result<(), String> {
        let found = found(item);
        let text = item.as_str();
        match self {
            Field::SouthName | Field::NorthName => {
                let name = text.ok_or_else(|| format!("must be a name in quotes, not {found}"))?;
                if name.trim().is_empty() {
                    return Err("must be a name, not an empty string".to_owned());
                }
                settings.names[self.side()] = Some(name.to_owned());
            }
            Field::Width => settings.width = number(item, MIN_WIDTH, MAX_WIDTH)?,
            Field::Seeds => settings.seeds = number(item, MIN_SEEDS, MAX_SEEDS)?,
            Field::Speed => settings.speed = number(item, MIN_SPEED, MAX_SPEED)?,
            Field::Variant => {
                settings.variant = match text {
                    Some("classic") => Variant::Classic,
                    Some("cross") => Variant::Cross,
                    _ => return Err(format!("must be \"classic\" or \"cross\", not {found}")),
                }
            }
            Field::SouthOpponent | Field::NorthOpponent => {
                let computer = text.and_then(|text| match text.parse() {
                    Ok(Player::Computer(level)) => Some(level),
                    Ok(Player::Human(_)) | Err(_) => None,
                });
                settings.opponents[self.side()] = match (text, computer) {
                    (Some(HUMAN), _) => None,
                    (_, Some(level)) => Some(level),
                    _ => {
                        return Err(format!(
                            "must be \"human\" or \"computer:LEVEL\" with LEVEL {} to {}, not {found}",
                            Level::MIN,
                            Level::MAX
                        ));
                    }
                };
            }
            Field::Clock => {
                let text = text.ok_or_else(|| {
                    format!("must be \"none\" or \"MINUTES+SECONDS\" such as \"5+3\", not {found}")
                })?;
                settings.clock = match text {
                    NO_CLOCK => None,
                    text => Some(
                        text.parse()
                            .map_err(|error| format!("{error}, not {found}"))?,
                    ),
                };
            }
            Field::Mailbox => {
                let url = text.ok_or_else(|| format!("must be a URL in quotes, not {found}"))?;
                settings.mailbox = Some(crate::protocol::check_mailbox(url)?);
            }
            Field::Assist | Field::Animation | Field::Preview | Field::Ascii | Field::Bell => {
                let value = item
                    .as_bool()
                    .ok_or_else(|| format!("must be true or false, not {found}"))?;
                match self {
                    Field::Assist => settings.assist = value,
                    Field::Animation => settings.animation = value,
                    Field::Preview => settings.preview = value,
                    Field::Bell => settings.bell = value,
                    _ => settings.ascii = value,
                }
            }
        }
        Ok(())
    }
}

/// An opponent's value for a person.
const HUMAN: &str = "human";

/// The clock's value for a game without one.
const NO_CLOCK: &str = "none";

/// A whole number from `min` to `max`.
fn number(item: &Item, min: u8, max: u8) -> Result<u8, String> {
    item.as_integer()
        .and_then(|number| u8::try_from(number).ok())
        .filter(|number| (min..=max).contains(number))
        .ok_or_else(|| {
            format!(
                "must be a whole number from {min} to {max}, not {}",
                found(item)
            )
        })
}

/// A value as its TOML text, without the spaces and comments around it.
fn shown(value: &Value) -> String {
    let mut value = value.clone();
    value.decor_mut().clear();
    value.to_string()
}

/// What `item` is, for a message: its TOML text (cut if long), or "a table".
fn found(item: &Item) -> String {
    match item.as_value() {
        Some(value) => format!("`{}`", excerpt(&shown(value))),
        None => "a table".to_owned(),
    }
}
