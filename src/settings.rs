//! Settings remembered between runs, in `settings.toml` in the platform's
//! config folder (`$XDG_CONFIG_HOME/endodoi/`, else `~/.config/endodoi/` on
//! Linux): the players' names, the last board, opponents and clock, and
//! how the game is shown. The keys are [`Field`]s; docs/settings.md lists them all.
//!
//! Reading never fails and never blocks: a file that is not a regular file
//! (a FIFO, a device, a folder), cannot be read, is not TOML, or has an
//! unknown key or a bad value gives a [`Warning`] naming the file, the line
//! and the key, and the default takes that setting's place.
//!
//! Saving changes only the keys it is given and keeps the rest of the file
//! (other keys, comments) as it was; it is atomic, so a reader (or another
//! program saving at the same moment) sees the old file or the new one,
//! never half of one. A file that is not valid TOML is never saved over,
//! so that nothing the player wrote in it is lost.
//!
//! Command-line options always win: [`Settings::fill`] gives the settings'
//! values only to the options left out, and the last game's board and
//! opponents only when the command line chooses no game.

mod field;

use std::fmt;
use std::fs;
use std::io::Read as _;
use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow};
use toml_edit::{DocumentMut, Item, Table};

use crate::app::{DEFAULT_SPEED, Match};
use crate::clock::TimeControl;
use crate::file::{failure, folder_of, kind_of, open_without_waiting, write_atomic_through_link};
use crate::options::{BoardChoice, Drawing, GameOptions, Player};
use crate::rules::{BySide, Config, Side, Variant};
use crate::search::Level;
pub use field::Field;

/// The settings file's name in the config folder.
pub const FILE_NAME: &str = "settings.toml";

/// A settings file larger than this is not read.
pub const MAX_BYTES: u64 = 64 << 10;

/// The first lines of a new settings file.
const HEADER: &str = "# endodoi's settings: `endodoi` remembers the last new game here;\n\
                      # docs/settings.md lists every key. Command-line options win over these.\n";

/// The settings file, if the platform has a config folder: on Linux
/// `$XDG_CONFIG_HOME/endodoi/settings.toml`, else `$HOME/.config/…`.
pub fn path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "endodoi").map(|dirs| dirs.config_dir().join(FILE_NAME))
}

/// Everything the settings file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
// Each is a key of the file of its own, true or false, not a state.
#[allow(clippy::struct_excessive_bools)]
pub struct Settings {
    /// The name of the person who last took each row in a new game (the
    /// first game's rows in a match); `None`: the program's name for it.
    pub names: BySide<Option<String>>,
    /// Holes in each row of the last new game.
    pub width: u8,
    /// Seeds in every hole at the start of the last new game.
    pub seeds: u8,
    /// The variant of the last new game.
    pub variant: Variant,
    /// Who played each row in the last new game: the computer at a level,
    /// or a person (`None`).
    pub opponents: BySide<Option<Level>>,
    /// The time control of the last new game, `None` for no clock.
    pub clock: Option<TimeControl>,
    /// Whether the last new game allowed hints and take-backs.
    pub assist: bool,
    /// Whether moves are sown seed by seed.
    pub animation: bool,
    /// The sowing speed, [`crate::app::MIN_SPEED`] to [`crate::app::MAX_SPEED`].
    pub speed: u8,
    /// Whether the move preview is shown.
    pub preview: bool,
    /// Whether to draw with plain ASCII only.
    pub ascii: bool,
    /// Whether the terminal bell rings once when a clock of a player at
    /// this keyboard falls under [`crate::app::LOW_TIME`].
    pub bell: bool,
    /// The magic-wormhole mailbox server to meet through, when not the
    /// public one.
    pub mailbox: Option<String>,
}

impl Default for Settings {
    fn default() -> Settings {
        let board = Config::default();
        Settings {
            names: BySide::default(),
            width: board.width(),
            seeds: board.seeds(),
            variant: board.variant(),
            opponents: BySide::default(),
            clock: None,
            assist: true,
            animation: true,
            speed: DEFAULT_SPEED,
            preview: true,
            ascii: false,
            bell: true,
            mailbox: None,
        }
    }
}

/// A setting that could not be read, and what is used instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The settings file.
    pub path: PathBuf,
    /// The line of the fault, from 1, where there is one.
    pub line: Option<usize>,
    /// The key at fault (`board.width`), if one is.
    pub key: Option<String>,
    /// What is wrong, and what is used instead.
    pub reason: String,
}

impl fmt::Display for Warning {
    /// `FILE:LINE: KEY: REASON`, without the parts there are not.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if let Some(key) = &self.key {
            write!(f, ": {key}")?;
        }
        write!(f, ": {}", self.reason)
    }
}

impl Settings {
    /// The settings in the file at `path`, and a warning for everything in
    /// it that cannot be used (each such setting takes its default). No
    /// file: the defaults, without a warning.
    pub fn load(path: &Path) -> (Settings, Vec<Warning>) {
        let mut settings = Settings::default();
        let mut warnings = Vec::new();
        let warning = |line, key, reason| Warning {
            path: path.to_path_buf(),
            line,
            key,
            reason,
        };
        let text = match read_text(path) {
            Ok(Some(text)) => text,
            Ok(None) => return (settings, warnings),
            Err(reason) => {
                let reason = format!("{reason}; every setting takes its default");
                warnings.push(warning(None, None, reason));
                return (settings, warnings);
            }
        };
        let document = match toml_edit::Document::parse(text.as_str()) {
            Ok(document) => document,
            Err(error) => {
                let line = error.span().map(|span| line_of(&text, span.start));
                let reason = format!(
                    "not valid TOML: {}; every setting takes its default, and the file is not \
                     saved over until it is fixed",
                    error.message().trim()
                );
                warnings.push(warning(line, None, reason));
                return (settings, warnings);
            }
        };
        let root = document.as_table();
        for (table_name, item) in root {
            let line = root
                .key(table_name)
                .and_then(toml_edit::Key::span)
                .map(|span| line_of(&text, span.start));
            let fields: Vec<Field> = Field::ALL
                .into_iter()
                .filter(|field| field.path().0 == table_name)
                .collect();
            if fields.is_empty() {
                let reason = "unknown key, ignored (docs/settings.md lists the keys)".to_owned();
                warnings.push(warning(line, Some(table_name.to_owned()), reason));
                continue;
            }
            let Some(table) = item.as_table_like() else {
                let reason = format!(
                    "must be a table, [{table_name}], not {}; its settings take their defaults",
                    item.type_name()
                );
                warnings.push(warning(line, Some(table_name.to_owned()), reason));
                continue;
            };
            for (key, item) in table.iter() {
                let name = format!("{table_name}.{key}");
                let line = table
                    .key(key)
                    .and_then(toml_edit::Key::span)
                    .map(|span| line_of(&text, span.start));
                let reason = match fields.iter().find(|field| field.path().1 == key) {
                    None => "unknown key, ignored (docs/settings.md lists the keys)".to_owned(),
                    Some(field) => match field.read(&mut settings, item) {
                        Ok(()) => continue,
                        Err(reason) => {
                            format!("{reason}; the default, {}, is used", field.default_text())
                        }
                    },
                };
                warnings.push(warning(line, Some(name), reason));
            }
        }
        (settings, warnings)
    }

    /// Writes the keys `fields` of these settings into the file at `path`
    /// (made with its folder if need be), keeping everything else in it as
    /// it is, its line endings (CRLF too) and a byte-order mark included. The file is replaced
    /// atomically; through a symbolic link the user made, its target is.
    ///
    /// # Errors
    /// When the file is not a regular file, cannot be read, is not valid
    /// TOML, is read-only or a link to nothing (it is then left as it is),
    /// or cannot be written.
    pub fn save(&self, path: &Path, fields: &[Field]) -> Result<()> {
        let old = read_text(path).map_err(|reason| anyhow!("{}: {reason}", path.display()))?;
        let crlf = old.as_deref().is_some_and(|text| text.contains("\r\n"));
        // A byte-order mark the editor wrote stays: the parser drops it.
        let bom = old
            .as_deref()
            .is_some_and(|text| text.starts_with('\u{feff}'));
        let mut document = match old {
            None => DocumentMut::new(),
            Some(text) => text.parse::<DocumentMut>().map_err(|error| {
                let line = error
                    .span()
                    .map(|span| format!(":{}", line_of(&text, span.start)))
                    .unwrap_or_default();
                anyhow!(
                    "{}{line}: not valid TOML, so it is left as it is: fix or remove it",
                    path.display()
                )
            })?,
        };
        let new = document.is_empty();
        for field in fields {
            write_field(&mut document, *field, self);
        }
        if new && let Some((_, Item::Table(first))) = document.iter_mut().next() {
            first.decor_mut().set_prefix(HEADER);
        }
        let folder = folder_of(path);
        fs::create_dir_all(folder)
            .map_err(|error| failure("cannot create the folder", folder, &error))?;
        let mut text = document.to_string();
        if crlf {
            text = text.replace("\r\n", "\n").replace('\n', "\r\n");
        }
        if bom && !text.starts_with('\u{feff}') {
            text.insert(0, '\u{feff}');
        }
        write_atomic_through_link(path, &text)
    }

    /// `drawing` with these settings given to the options left out: no
    /// animation or ASCII drawing when either asks for it.
    pub fn draw(&self, drawing: Drawing) -> Drawing {
        Drawing {
            animate: drawing.animate && self.animation,
            ascii: drawing.ascii || self.ascii,
        }
    }

    /// `options` with these settings given to what they leave out: the
    /// animation and ASCII drawing always, and the name of each person
    /// playing a row. When the options choose no game at all, the last game
    /// again: its board, its clock, hints and take-backs allowed or not,
    /// and each row's player (the computer at its level, else the person).
    /// An option that chooses the game (a player, the board, a match, a
    /// clock, `--no-assist`, `--record`) makes it the game the command line
    /// says, the rest as by default: `--north computer` is a person against
    /// the computer on the standard board without a clock, hints and
    /// take-backs allowed, whatever was played last.
    /// `--resume` and `--load` keep their game's own board and players.
    pub fn fill(&self, options: &GameOptions) -> GameOptions {
        let mut filled = options.clone();
        filled.drawing = self.draw(options.drawing);
        if options.continues() {
            return filled;
        }
        let again = options.choose_no_game();
        if again {
            filled.board = BoardChoice {
                width: Some(self.width),
                seeds: Some(self.seeds),
                variant: Some(self.variant),
            };
            filled.clock = self.clock;
            filled.no_assist = !self.assist;
        }
        for side in [Side::South, Side::North] {
            if filled.players[side].is_none() {
                filled.players[side] = match self.opponents[side] {
                    Some(level) if again => Some(Player::Computer(level)),
                    _ => self.names[side].clone().map(Player::Human),
                };
            }
        }
        filled
    }

    /// Takes what `options` (as [`Settings::fill`] made them) choose for a
    /// new game as the last one: the board, who plays each row, the name of
    /// each person named (a computer leaves the row's name as it was), the
    /// clock, and whether hints and take-backs are allowed.
    pub fn remember(&mut self, options: &GameOptions) {
        self.assist = !options.no_assist;
        let mut names = BySide::default();
        let mut opponents = BySide::default();
        for side in [Side::South, Side::North] {
            match &options.players[side] {
                Some(Player::Computer(level)) => opponents[side] = Some(*level),
                Some(Player::Human(name)) => names[side] = Some(name.as_str()),
                None => {}
            }
        }
        let config = options.board.config().unwrap_or_default();
        self.remember_game(config, names, opponents, options.clock);
    }

    /// Takes a game set up in the program as the last one: its board and
    /// `players` (a row left with its default name has no name to
    /// remember), with their clock and whether they allow hints and
    /// take-backs.
    pub fn remember_match(&mut self, config: Config, players: &Match) {
        self.assist = !players.no_assist;
        let defaults = Match::new(None, None, players.first_to).names;
        let given =
            |side: Side| Some(players.names[side].as_str()).filter(|name| *name != defaults[side]);
        let names = BySide {
            south: given(Side::South),
            north: given(Side::North),
        };
        self.remember_game(config, names, players.computers, players.clock);
    }

    /// Takes a new game as the last one: its board, who plays each row (a
    /// computer at a level, or a person), the name of each person named
    /// (`None`, or a computer: the row's name stays as it was) and its
    /// clock.
    pub fn remember_game(
        &mut self,
        config: Config,
        names: BySide<Option<&str>>,
        opponents: BySide<Option<Level>>,
        clock: Option<TimeControl>,
    ) {
        self.clock = clock;
        self.width = config.width();
        self.seeds = config.seeds();
        self.variant = config.variant();
        for side in [Side::South, Side::North] {
            self.opponents[side] = opponents[side];
            if let (None, Some(name)) = (opponents[side], names[side]) {
                self.names[side] = Some(name.to_owned());
            }
        }
    }
}

/// Sets `field` in `document` to its value in `settings` (or removes it),
/// keeping the spaces and comment around the value it replaces; a table of
/// the wrong type is replaced.
fn write_field(document: &mut DocumentMut, field: Field, settings: &Settings) {
    let (table_name, key) = field.path();
    let root = document.as_table_mut();
    if !root.get(table_name).is_some_and(Item::is_table_like) {
        root.insert(table_name, Item::Table(Table::new()));
    }
    let Some(table) = root.get_mut(table_name).and_then(Item::as_table_like_mut) else {
        return;
    };
    match field.value(settings) {
        None => {
            table.remove(key);
        }
        Some(mut value) => {
            if let Some(old) = table.get(key).and_then(Item::as_value) {
                *value.decor_mut() = old.decor().clone();
            }
            table.insert(key, Item::Value(value));
        }
    }
}

/// The line, from 1, of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset)
        .map_or(0, |before| before.matches('\n').count())
        + 1
}

/// The text of the settings file, `None` if there is none. Only a regular
/// file is read (a symbolic link to one too), and without waiting: a FIFO is
/// opened non-blocking and refused.
///
/// # Errors
/// Why it cannot be read, in words.
fn read_text(path: &Path) -> Result<Option<String>, String> {
    let not_regular =
        |metadata: &fs::Metadata| format!("{}, not a regular file", kind_of(&metadata.file_type()));
    let metadata = match fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(format!("cannot be read: {error}")),
    };
    if !metadata.is_file() {
        return Err(not_regular(&metadata));
    }
    let file =
        open_without_waiting(path, true).map_err(|error| format!("cannot be read: {error}"))?;
    let metadata = file
        .metadata()
        .map_err(|error| format!("cannot be read: {error}"))?;
    if !metadata.is_file() {
        return Err(not_regular(&metadata));
    }
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| format!("cannot be read: {error}"))?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(format!(
            "larger than {} KiB, not a settings file",
            MAX_BYTES >> 10
        ));
    }
    String::from_utf8(bytes).map(Some).map_err(|error| {
        format!(
            "not UTF-8 text (at byte {})",
            error.utf8_error().valid_up_to()
        )
    })
}
