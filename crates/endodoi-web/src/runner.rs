//! The page's effect runner: what the terminal's runner does with threads
//! and files, done in slices of the page's time and in the browser's
//! storage. The computer thinks a slice at a time between frames, so a key
//! pressed meanwhile is drawn at the next frame; each game is kept in the
//! page's local storage as its record after every change.

use std::time::Duration;

use std::path::PathBuf;

use endodoi_app::results::Stats;
use endodoi_app::{
    Answer, App, Effect, Match, OpenTarget, PuzzleRating, Request, SavedGame, Setting, Snapshot,
    Tone,
};
use endodoi_core::record::Record;
use endodoi_core::rules::Config;
use endodoi_engine::{Limits, Search};
use ratzilla::web_sys::js_sys::{Date, Math};
use ratzilla::web_sys::{self, Storage};

/// The most time one slice of a search takes before the page draws again.
pub const SLICE: Duration = Duration::from_millis(12);

/// The prefix of the storage keys games are kept under.
pub const GAME_KEY: &str = "endodoi.game.";

/// The storage key of the player's puzzle rating.
pub const RATING_KEY: &str = "endodoi.puzzles";

/// A search under way, a slice at a time.
struct SlicedSearch {
    request: Request,
    search: Search,
    limits: Limits,
    spent: Duration,
}

/// Carries out the app's effects in the page, and answers.
pub struct PageRunner {
    thinking: Option<SlicedSearch>,
    storage: Option<Storage>,
    /// Each game's storage key, by its serial: the first save's time.
    keys: Vec<(u64, String)>,
}

/// Why a write to the page's storage fails, for the player.
const NOT_KEPT: &str =
    "this browser keeps nothing for the page (its storage is full or turned off)";

impl PageRunner {
    /// A runner keeping games in the page's local storage, if it has one.
    pub fn new() -> PageRunner {
        PageRunner {
            thinking: None,
            storage: web_sys::window().and_then(|window| window.local_storage().ok().flatten()),
            keys: Vec::new(),
        }
    }

    /// Carries out `effects`, in order; returns the answers for the app.
    pub fn run(&mut self, effects: Vec<Effect>) -> Vec<Answer> {
        let mut answers = Vec::new();
        for effect in effects {
            match effect {
                Effect::Think(request) => self.think(request),
                Effect::StopThinking => self.thinking = None,
                Effect::Autosave(game) => answers.extend(self.keep(&game)),
                Effect::RememberPuzzles(rating) => {
                    let kept = self.put(RATING_KEY, &rating.to_text());
                    answers.extend((!kept).then(|| {
                        let why = format!("The puzzle rating is not kept: {NOT_KEPT}");
                        Answer::Notice(Tone::Error, why)
                    }));
                }
                Effect::Open { opening, left } => {
                    answers.extend(self.keep(&left));
                    answers.push(self.open(&opening));
                }
                // Not in a page yet: a file saved with `s`, an analysis,
                // the settings, the network, the bell.
                _ => {}
            }
        }
        answers
    }

    /// The start screen: a new game set up, the games kept listed, the
    /// puzzle rating kept (a new player's if none is, or if what is kept is
    /// no rating) on its results page.
    pub fn start_screen(&self) -> App {
        let mut app = App::start(Config::default(), &Match::default(), self.saved());
        let rating = self
            .storage
            .as_ref()
            .and_then(|storage| storage.get_item(RATING_KEY).ok().flatten())
            .and_then(|text| PuzzleRating::parse(&text).ok())
            .unwrap_or_default();
        app.set(Setting::Results(Stats {
            puzzles: rating,
            ..Stats::default()
        }));
        app
    }

    /// The games kept in the page's storage, newest first, as the start
    /// screen lists them (one that is no record is left out).
    pub fn saved(&self) -> Vec<SavedGame> {
        let mut saved: Vec<SavedGame> = self
            .kept()
            .into_iter()
            .filter_map(|key| {
                let record = Record::read(&self.storage.as_ref()?.get_item(&key).ok()??).ok()?;
                // The key's stamp, `2026-12-07T13:17:00.123Z`, as `2026-12-07 13:17`.
                let stamp = key.strip_prefix(GAME_KEY).unwrap_or_default();
                let when = stamp.get(..16).unwrap_or(stamp).replace('T', " ");
                Some(SavedGame::of(
                    &record,
                    (key.clone(), PathBuf::from(&key)),
                    when,
                    None,
                ))
            })
            .collect();
        saved.sort_by(|a, b| b.id.cmp(&a.id));
        saved
    }

    /// The storage's keys of kept games.
    fn kept(&self) -> Vec<String> {
        let Some(storage) = &self.storage else {
            return Vec::new();
        };
        (0..storage.length().unwrap_or(0))
            .filter_map(|index| storage.key(index).ok().flatten())
            .filter(|key| key.starts_with(GAME_KEY))
            .collect()
    }

    /// The app that goes on with what the start screen chose: a kept game
    /// continued (kept under its key from now on) or replayed, or the start
    /// screen again; a notice if it cannot be read.
    fn open(&mut self, opening: &OpenTarget) -> Answer {
        self.thinking = None;
        let read = |key: &str| -> Option<Record> {
            let text = self.storage.as_ref()?.get_item(key).ok()??;
            Record::read(&text).ok()
        };
        let next = match opening {
            OpenTarget::Menu => Some(self.start_screen()),
            OpenTarget::Resume(key) => read(key).map(|record| {
                let players = Match::from_record(&record);
                App::from_record(record, players)
            }),
            OpenTarget::Replay(path) => {
                let key = path.to_string_lossy();
                read(&key).map(|record| App::review(record, &key, None))
            }
        };
        let Some(next) = next else {
            return Answer::Notice(
                Tone::Error,
                "That game is no longer kept in this browser".to_owned(),
            );
        };
        self.keys.clear();
        if let OpenTarget::Resume(key) = opening {
            self.keys.push((Snapshot::of(&next).serial, key.clone()));
        }
        Answer::Opened(Box::new(next))
    }

    /// Starts the search `request` asks for, in place of any under way.
    fn think(&mut self, request: Request) {
        let limits = request.level.limits(request.think);
        let search = Search::with_seed(limits, seed());
        self.thinking = Some(SlicedSearch {
            request,
            search,
            limits,
            spent: Duration::ZERO,
        });
    }

    /// One slice of the search under way; its answer once it is done.
    pub fn slice(&mut self) -> Option<Answer> {
        let thinking = self.thinking.as_mut()?;
        let left = thinking
            .limits
            .movetime
            .map_or(SLICE, |time| time.saturating_sub(thinking.spent));
        thinking.search.set_limits(Limits {
            movetime: Some(left.min(SLICE)),
            ..thinking.limits
        });
        let stop = std::sync::atomic::AtomicBool::new(false);
        let result = thinking.search.run(&thinking.request.game, &stop, |_| {});
        thinking.spent += result.elapsed;
        let deep_enough = thinking
            .limits
            .depth
            .is_some_and(|depth| result.depth >= depth);
        let done = result.exact || deep_enough || left <= SLICE;
        if !done {
            return None;
        }
        let purpose = thinking.request.purpose;
        self.thinking = None;
        purpose.answer(result)
    }

    /// Keeps `game` in the page's storage under its own key; a notice, as
    /// the terminal's, whenever it cannot.
    fn keep(&mut self, game: &Snapshot) -> Option<Answer> {
        let ply = game.record.game.ply();
        if ply == 0 {
            return None;
        }
        let known = self.keys.iter().find(|(serial, _)| *serial == game.serial);
        let key = if let Some((_, key)) = known {
            key.clone()
        } else {
            let stamp = String::from(Date::new_0().to_iso_string());
            let key = format!("{GAME_KEY}{stamp}");
            self.keys.push((game.serial, key.clone()));
            key
        };
        (!self.put(&key, &game.record.to_string()))
            .then(|| Answer::Notice(Tone::Error, format!("NOT SAVED at move {ply}: {NOT_KEPT}")))
    }

    /// Writes `text` under `key` in the page's storage; whether it could.
    fn put(&self, key: &str, text: &str) -> bool {
        self.storage
            .as_ref()
            .is_some_and(|storage| storage.set_item(key, text).is_ok())
    }
}

/// A seed for the computer's random choices, from the page's clock and its
/// random numbers (std has no source of randomness in a page).
fn seed() -> u64 {
    Date::now().to_bits() ^ Math::random().to_bits().rotate_left(32)
}
