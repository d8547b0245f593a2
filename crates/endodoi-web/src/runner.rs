//! The page's effect runner: what the terminal's runner does with threads
//! and files, done in slices of the page's time and in the browser's
//! storage. The computer thinks a slice at a time between frames, so a key
//! pressed meanwhile is drawn at the next frame; each game is kept in the
//! page's local storage as its record after every change.

use std::time::Duration;

use endodoi_app::{Answer, Effect, Request, Snapshot, Tone};
use endodoi_engine::{Limits, Search};
use ratzilla::web_sys::js_sys::{Date, Math};
use ratzilla::web_sys::{self, Storage};

/// The most time one slice of a search takes before the page draws again.
pub const SLICE: Duration = Duration::from_millis(12);

/// The prefix of the storage keys games are kept under.
pub const GAME_KEY: &str = "endodoi.game.";

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
    /// Why the games cannot be kept, once said.
    told: bool,
}

impl PageRunner {
    /// A runner keeping games in the page's local storage, if it has one.
    pub fn new() -> PageRunner {
        PageRunner {
            thinking: None,
            storage: web_sys::window().and_then(|window| window.local_storage().ok().flatten()),
            keys: Vec::new(),
            told: false,
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
                // Not in a page yet: a file saved with `s`, a game opened
                // from the list, an analysis, the network, the bell.
                _ => {}
            }
        }
        answers
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

    /// Keeps `game` in the page's storage under its own key; a notice the
    /// first time it cannot.
    fn keep(&mut self, game: &Snapshot) -> Option<Answer> {
        if game.record.game.ply() == 0 {
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
        let kept = self
            .storage
            .as_ref()
            .is_some_and(|storage| storage.set_item(&key, &game.record.to_string()).is_ok());
        if kept || std::mem::replace(&mut self.told, true) {
            return None;
        }
        Some(Answer::Notice(
            Tone::Error,
            "NOT SAVED: this browser keeps nothing for the page (storage full or turned off)"
                .to_owned(),
        ))
    }
}

/// A seed for the computer's random choices, from the page's clock and its
/// random numbers (std has no source of randomness in a page).
fn seed() -> u64 {
    Date::now().to_bits() ^ Math::random().to_bits().rotate_left(32)
}
