//! The page's effect runner: what the terminal's runner does with threads
//! and files, done in slices of the page's time and in the browser's
//! storage. The computer thinks a slice at a time between frames, so a key
//! pressed meanwhile is drawn at the next frame; each game is kept in the
//! page's local storage as its record after every change.

use std::time::Duration;

use endodoi_app::{Answer, App, Effect, Match, OpenTarget, Request, Setting, Snapshot, Tone};
use endodoi_core::record::{Record, Tags};
use endodoi_core::rules::Config;
use endodoi_engine::{Limits, Search};
use ratzilla::web_sys::js_sys::{Date, Math};
use ratzilla::web_sys::{AudioContext, OscillatorType};

use super::analysis::SlicedAnalysis;
use super::files::{self, Arrival};
use super::store::{GAME_KEY, NOT_KEPT, PageStore, RATING_KEY};

/// The most time one slice of a search takes before the page draws again.
pub const SLICE: Duration = Duration::from_millis(12);

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
    analysing: Option<SlicedAnalysis>,
    store: PageStore,
    /// Each game's storage key, by its serial: the first save's time.
    keys: Vec<(u64, String)>,
    /// The bell's sound, made at its first ring.
    bell: Option<AudioContext>,
}

impl PageRunner {
    /// A runner keeping games in the page's local storage, if it has one.
    pub fn new() -> PageRunner {
        PageRunner {
            thinking: None,
            analysing: None,
            store: PageStore::new(),
            keys: Vec::new(),
            bell: None,
        }
    }

    /// Carries out `effects`, in order; returns the answers for the app.
    pub fn run(&mut self, effects: Vec<Effect>) -> Vec<Answer> {
        let mut answers = Vec::new();
        for effect in effects {
            match effect {
                Effect::Think(request) => self.think(request),
                Effect::StopThinking => self.thinking = None,
                Effect::Analyze(request) => self.analysing = Some(SlicedAnalysis::new(request)),
                Effect::Autosave(game) => answers.extend(self.keep(&game)),
                Effect::Export(game) => answers.push(export(&game.record)),
                Effect::RememberPuzzles(rating) => {
                    let kept = self.store.put(RATING_KEY, &rating.to_text());
                    answers.extend(not_kept(kept, "The puzzle rating is not kept"));
                }
                Effect::RememberDisplay { speed, preview } => {
                    let kept = self.store.change_settings(|settings| {
                        settings.speed = speed;
                        settings.preview = preview;
                    });
                    answers.extend(not_kept(kept, "The settings are not kept"));
                }
                Effect::RememberGame { config, players } => {
                    let kept = self
                        .store
                        .change_settings(|settings| settings.remember_game(config, &players));
                    answers.extend(not_kept(kept, "The settings are not kept"));
                }
                Effect::Open { opening, left } => {
                    answers.extend(self.keep(&left));
                    answers.push(self.open(&opening));
                }
                Effect::Bell => self.ring(),
                // The network is not in the page (docs/web.md).
                Effect::Send(_) | Effect::Hangup { .. } => {}
            }
        }
        answers
    }

    /// The start screen: the last game set up ready again, the games kept
    /// listed and counted on its results page with the puzzle rating, the
    /// display as it was left.
    pub fn start_screen(&self) -> App {
        let settings = self.store.settings();
        let (config, players) = settings
            .last_game()
            .unwrap_or_else(|| (Config::default(), Match::default()));
        let mut app = App::start(config, &players, self.store.saved());
        app.set(Setting::Results(self.store.stats()));
        self.set_display(&mut app);
        app
    }

    /// Sets the display kept (the sowing speed, the move preview) in `app`.
    fn set_display(&self, app: &mut App) {
        let settings = self.store.settings();
        app.set(Setting::Display {
            speed: settings.speed,
            preview: settings.preview,
            bell: true,
        });
    }

    /// The viewer on the record that arrived (a file opened or dropped, or
    /// text pasted), `app`'s game kept a last time; a notice naming the
    /// source, the line, the column, the move and the reason when it is no
    /// record.
    pub fn open_arrival(&mut self, app: &App, arrival: &Arrival) -> Vec<Answer> {
        match files::read_record(arrival) {
            Ok(record) => {
                let mut answers: Vec<Answer> = self.keep(&Snapshot::of(app)).into_iter().collect();
                self.drop_work();
                self.keys.clear();
                answers.push(Answer::Opened(Box::new(App::review(
                    record, &arrival.0, None,
                ))));
                answers
            }
            Err(why) => vec![Answer::Notice(Tone::Error, format!("Not opened: {why}"))],
        }
    }

    /// What quitting is in a page, which cannot close itself: `app`'s game
    /// kept a last time, the start screen again, and why.
    pub fn quit(&mut self, app: &App) -> Vec<Answer> {
        let mut answers = self.keep(&Snapshot::of(app));
        answers.push(self.open(&OpenTarget::Menu));
        answers.push(Answer::Notice(
            Tone::Info,
            "Every game is kept in this browser: close its tab to leave".to_owned(),
        ));
        answers
    }

    /// The app that goes on with what the start screen chose: a kept game
    /// continued (kept under its key from now on) or replayed, or the start
    /// screen again; a notice if it cannot be read.
    fn open(&mut self, opening: &OpenTarget) -> Answer {
        self.drop_work();
        let next = match opening {
            OpenTarget::Menu => Some(self.start_screen()),
            OpenTarget::Resume(key) => self.store.record(key).map(|record| {
                let players = Match::from_record(&record);
                App::from_record(record, players)
            }),
            OpenTarget::Replay(path) => {
                let key = path.to_string_lossy();
                self.store
                    .record(&key)
                    .map(|record| App::review(record, &key, None))
            }
        };
        let Some(mut next) = next else {
            return Answer::Notice(
                Tone::Error,
                "That game is no longer kept in this browser".to_owned(),
            );
        };
        self.set_display(&mut next);
        self.keys.clear();
        if let OpenTarget::Resume(key) = opening {
            self.keys.push((Snapshot::of(&next).serial, key.clone()));
        }
        Answer::Opened(Box::new(next))
    }

    /// Drops the work under way: the screen it was for is gone.
    fn drop_work(&mut self) {
        self.thinking = None;
        self.analysing = None;
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

    /// One slice of the work under way (the computer's search first, else
    /// the analysis); its answer once there is one.
    pub fn slice(&mut self) -> Option<Answer> {
        if self.thinking.is_none() {
            let analysing = self.analysing.as_mut()?;
            let (answer, done) = analysing.slice();
            if done {
                self.analysing = None;
            }
            return answer;
        }
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

    /// Keeps `game` in the page's storage under its own key, dated at its
    /// first keeping as the terminal dates a game; a notice, as the
    /// terminal's, whenever it cannot.
    fn keep(&mut self, game: &Snapshot) -> Vec<Answer> {
        let ply = game.record.game.ply();
        if ply == 0 {
            return Vec::new();
        }
        let mut answers = Vec::new();
        let mut record = game.record.clone();
        let known = self.keys.iter().find(|(serial, _)| *serial == game.serial);
        let key = if let Some((_, key)) = known {
            key.clone()
        } else {
            let stamp = String::from(Date::new_0().to_iso_string());
            if game.playing && record.tag(Tags::DATE).is_none() {
                // `2026-12-07T13:17:00.123Z`: the date, as records write it.
                let date = stamp.get(..10).unwrap_or_default().replace('-', ".");
                record.set_tag(Tags::DATE, &date);
                answers.push(Answer::Dated(date));
            }
            let key = format!("{GAME_KEY}{stamp}");
            self.keys.push((game.serial, key.clone()));
            key
        };
        let what = format!("NOT SAVED at move {ply}");
        answers.extend(not_kept(self.store.put(&key, &record.to_string()), &what));
        answers
    }

    /// Rings the bell: a short tone, as the terminal's bell.
    fn ring(&mut self) {
        if self.bell.is_none() {
            self.bell = AudioContext::new().ok();
        }
        let Some(context) = &self.bell else {
            return;
        };
        let Ok(tone) = context.create_oscillator() else {
            return;
        };
        tone.set_type(OscillatorType::Sine);
        tone.frequency().set_value(880.0);
        let sounded = tone
            .connect_with_audio_node(&context.destination())
            .and_then(|_| tone.start())
            .and_then(|()| tone.stop_with_when(context.current_time() + 0.15));
        // A bell the browser does not let sound (no key pressed yet) is
        // not rung: the clock on screen says it all the same.
        drop(sounded);
    }
}

/// `record` offered as a download; what became of it, in words.
fn export(record: &Record) -> Answer {
    let name = files::download_name();
    match files::download(&name, &record.to_string()) {
        Ok(()) => Answer::Notice(Tone::Info, format!("Downloaded as {name}")),
        Err(why) => Answer::Notice(Tone::Error, format!("Not saved: {why}")),
    }
}

/// The notice that `what` failed, when it was not `kept`.
fn not_kept(kept: bool, what: &str) -> Option<Answer> {
    (!kept).then(|| Answer::Notice(Tone::Error, format!("{what}: {NOT_KEPT}")))
}

/// A seed for the computer's random choices, from the page's clock and its
/// random numbers (std has no source of randomness in a page).
fn seed() -> u64 {
    Date::now().to_bits() ^ Math::random().to_bits().rotate_left(32)
}
