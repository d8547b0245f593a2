//! What the page keeps in the browser's local storage, as the terminal
//! keeps it in files: each game's record under its own key, the player's
//! puzzle rating, and the settings (the sowing speed and the move preview,
//! and the last game set up on the start screen). Nothing read from the
//! storage is trusted: an entry that is no record, no rating or no settings
//! is passed over.

use std::path::PathBuf;

use endodoi_app::results::Stats;
use endodoi_app::{DEFAULT_SPEED, Match, PuzzleRating, SavedGame};
use endodoi_core::record::Record;
use endodoi_core::rules::{Config, Game};
use ratzilla::web_sys::{self, Storage};
use serde::{Deserialize, Serialize};

/// The prefix of the storage keys games are kept under.
pub const GAME_KEY: &str = "endodoi.game.";

/// The storage key of the player's puzzle rating.
pub const RATING_KEY: &str = "endodoi.puzzles";

/// The storage key of the settings.
pub const SETTINGS_KEY: &str = "endodoi.settings";

/// Why a write to the page's storage fails, for the player.
pub const NOT_KEPT: &str =
    "this browser keeps nothing for the page (its storage is full or turned off)";

/// The settings kept: what the terminal's settings file keeps of the
/// display and of the last game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PageSettings {
    /// The sowing speed.
    pub speed: u8,
    /// Whether the move preview is shown.
    pub preview: bool,
    /// The last game set up: a record of no moves, its tags the board and
    /// the players.
    pub last_game: Option<String>,
}

impl Default for PageSettings {
    fn default() -> PageSettings {
        PageSettings {
            speed: DEFAULT_SPEED,
            preview: true,
            last_game: None,
        }
    }
}

impl PageSettings {
    /// The board and players of the last game set up, if one is kept and
    /// reads as a record.
    pub fn last_game(&self) -> Option<(Config, Match)> {
        let record = Record::read(self.last_game.as_deref()?).ok()?;
        Some((record.game.config(), Match::from_record(&record)))
    }

    /// Takes `config` and `players` as the last game set up.
    pub fn remember_game(&mut self, config: Config, players: &Match) {
        let mut record = Record::new(Game::new(config));
        players.write_tags(&mut record);
        self.last_game = Some(record.to_string());
    }
}

/// The page's local storage, if the browser gives it one.
pub struct PageStore {
    storage: Option<Storage>,
}

impl PageStore {
    /// The page's local storage.
    pub fn new() -> PageStore {
        PageStore {
            storage: web_sys::window().and_then(|window| window.local_storage().ok().flatten()),
        }
    }

    /// The text kept under `key`, if any.
    pub fn get(&self, key: &str) -> Option<String> {
        self.storage.as_ref()?.get_item(key).ok()?
    }

    /// Writes `text` under `key`; whether it could.
    pub fn put(&self, key: &str, text: &str) -> bool {
        self.storage
            .as_ref()
            .is_some_and(|storage| storage.set_item(key, text).is_ok())
    }

    /// The record kept under `key`, if it reads as one.
    pub fn record(&self, key: &str) -> Option<Record> {
        Record::read(&self.get(key)?).ok()
    }

    /// The player's puzzle rating: a new player's if none is kept, or if
    /// what is kept is no rating.
    pub fn rating(&self) -> PuzzleRating {
        self.get(RATING_KEY)
            .and_then(|text| PuzzleRating::parse(&text).ok())
            .unwrap_or_default()
    }

    /// The settings kept: the defaults where none are, or what is kept is
    /// no settings.
    pub fn settings(&self) -> PageSettings {
        self.get(SETTINGS_KEY)
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default()
    }

    /// Changes the settings kept as `change` says; whether they could be
    /// kept.
    pub fn change_settings(&self, change: impl FnOnce(&mut PageSettings)) -> bool {
        let mut settings = self.settings();
        change(&mut settings);
        serde_json::to_string(&settings).is_ok_and(|text| self.put(SETTINGS_KEY, &text))
    }

    /// The games kept, newest first, as the start screen lists them (one
    /// that is no record is left out).
    pub fn saved(&self) -> Vec<SavedGame> {
        let mut saved: Vec<SavedGame> = self
            .games()
            .into_iter()
            .filter_map(|(key, record)| {
                // The key's stamp, `2026-12-07T13:17:00.123Z`, as `2026-12-07 13:17`.
                let stamp = key.strip_prefix(GAME_KEY).unwrap_or_default();
                let when = stamp.get(..16).unwrap_or(stamp).replace('T', " ");
                Some(SavedGame::of(
                    &record?,
                    (key.clone(), PathBuf::from(&key)),
                    when,
                    None,
                ))
            })
            .collect();
        saved.sort_by(|a, b| b.id.cmp(&a.id));
        saved
    }

    /// The results of the games kept, as the results page shows them, the
    /// puzzle rating with them. An entry that is no record is left out, as
    /// the list of games leaves it out (the terminal's advice for a file
    /// it cannot read, `endodoi games`, is no help in a browser).
    pub fn stats(&self) -> Stats {
        let games = self.games();
        let mut stats = Stats::count(
            games
                .iter()
                .filter_map(|(key, record)| Some((key.as_str(), Some(record.as_ref()?)))),
        );
        stats.puzzles = self.rating();
        stats
    }

    /// Every game kept: its key, and its record if it reads as one.
    pub fn games(&self) -> Vec<(String, Option<Record>)> {
        let Some(storage) = &self.storage else {
            return Vec::new();
        };
        (0..storage.length().unwrap_or(0))
            .filter_map(|index| storage.key(index).ok().flatten())
            .filter(|key| key.starts_with(GAME_KEY))
            .map(|key| {
                let record = self.record(&key);
                (key, record)
            })
            .collect()
    }
}
