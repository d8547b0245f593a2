//! The one place where the app's [`Effect`]s are carried out. The
//! [`Runner`] owns what does the work: the [`Store`] that keeps the games'
//! files, the settings file (a speed, a preview or a new game remembered),
//! the workers (a search thread, an analysis thread and the shelf of
//! endgame tables) and the [`Link`] to the other player. Each effect
//! carries what it needs of the app; the runner never reads the app. It
//! tells how things went, and what the workers and the other player bring,
//! as [`Answer`]s it returns, which the event loop hands to the app.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use crate::app::{Answer, Effect, OpenTarget, Snapshot, Tone};
use crate::net::Link;
use crate::record::{Record, Tags};
use crate::save::{Exported, Farewell, LastWords, Store};
use crate::session::open_chosen;
use crate::settings::{Field, Settings};

use super::workers::Workers;

/// Carries out the app's effects, and answers.
pub struct Runner {
    store: Store,
    /// What the player must read at exit of the games left for another
    /// screen: what could not be written, the records kept nowhere.
    left: Farewell,
    settings: SettingsFile,
    workers: Workers,
    link: Option<Link>,
    /// The records of the games no file holds as they are now, for a
    /// program ended before its last words ([`Runner::kept_nowhere`]).
    kept_nowhere: KeptNowhere,
}

/// What the effects carried out at once have done so far.
#[derive(Default)]
struct Done {
    /// The answers for the app, in the order they came.
    answers: Vec<Answer>,
    /// The date a game was given ([`Answer::Dated`]), with its serial:
    /// the app's game has it once it has the answers, and so has a later
    /// snapshot of the game being played, taken before.
    dated: Option<(u64, String)>,
    /// The game last saved, as kept.
    saved: Option<Snapshot>,
}

impl Done {
    /// `game` as the app has it once it has the answers.
    fn dated(&self, mut game: Snapshot) -> Snapshot {
        if let Some((serial, date)) = &self.dated
            && *serial == game.serial
            && game.playing
            && game.record.tag(Tags::DATE).is_none()
        {
            game.record.set_tag(Tags::DATE, date);
        }
        game
    }

    /// Adds the notice `text` in `tone`, if there is one.
    fn tell(&mut self, tone: Tone, text: Option<String>) {
        if let Some(text) = text {
            self.answers.push(Answer::Notice(tone, text));
        }
    }
}

/// The records of the games no file holds as they are now, shared with
/// whatever ends the program before [`Runner::finish`] can run (a closed
/// terminal, a signal unanswered, a panic), to write them where `s` would
/// ([`crate::save::rescue`]).
pub type KeptNowhere = Arc<Mutex<LastWords>>;

impl Runner {
    /// The runner of a game kept by `store`, remembering a changed speed,
    /// preview or new game in `settings` (the settings file; none: not
    /// remembered), across the network through `link` when there is one.
    pub fn new(store: Store, settings: Option<PathBuf>, link: Option<Link>) -> Runner {
        Runner {
            store,
            left: Farewell::default(),
            settings: SettingsFile {
                path: settings,
                told: None,
            },
            workers: Workers::new(),
            link,
            kept_nowhere: KeptNowhere::default(),
        }
    }

    /// The records of the games no file holds as they are now, kept up to
    /// date after every save.
    pub fn kept_nowhere(&self) -> KeptNowhere {
        Arc::clone(&self.kept_nowhere)
    }

    /// Where the games are kept: the store of the game being played (the
    /// one a game opened on the start screen came with, once it is open).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// From now on, `ring` is called whenever the other player's news
    /// comes ([`Link::wake_with`]): the event loop waits for it.
    pub fn wake_with(&self, ring: Box<dyn Fn() + Send + Sync>) {
        if let Some(link) = &self.link {
            link.wake_with(ring);
        }
    }

    /// Carries out `effects` (as the app asked for them, oldest first):
    /// first what the other player is told, so that a move reaches them
    /// before this side's autosave is written (what comes after a hangup
    /// or an opening keeps its place), then the files' work in the order
    /// the app asked for it, then the rest in order. Returns the answers,
    /// in the order they came, for the app: what an opened game asks for
    /// is the app's to ask once it has them.
    pub fn run(&mut self, effects: Vec<Effect>) -> Vec<Answer> {
        let mut told = Vec::new();
        let mut files = Vec::new();
        let mut others = Vec::new();
        let mut held = false;
        for effect in effects {
            held |= matches!(effect, Effect::Hangup { .. } | Effect::Open { .. });
            match effect {
                Effect::Send(_) if !held => told.push(effect),
                effect if effect.is_file() => files.push(effect),
                effect => others.push(effect),
            }
        }
        let mut done = Done::default();
        for effect in told.into_iter().chain(files).chain(others) {
            self.carry_out(effect, &mut done);
        }
        if let Some(game) = done.saved {
            let mut words = self
                .kept_nowhere
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            self.store
                .bring_up_to_date(&mut words, &self.left.unkept, game);
        }
        done.answers
    }

    /// What the workers have brought meanwhile: the search's answer, the
    /// moves analysed.
    pub fn pump(&mut self) -> Vec<Answer> {
        self.workers.answers()
    }

    /// The next piece of the other player's news, whole, as answers for
    /// the app (none when nothing has come, or no other player); once the
    /// app has them, [`Runner::settle`] is called with its game. `invite`
    /// is the command the other player types to join, at the host
    /// ([`Link::hear`]).
    pub fn hear(&mut self, invite: Option<&str>) -> Option<Vec<Answer>> {
        self.link.as_mut()?.hear(invite)
    }

    /// Does what waits for the game as the app has it once it has taken a
    /// piece of news, `ours` ([`Link::settle`]).
    pub fn settle(&mut self, ours: &Record) {
        if let Some(link) = &mut self.link {
            link.settle(ours);
        }
    }

    /// At exit, `last` the game as the app then has it: the store's last
    /// writes, and what the player should read of them
    /// ([`Store::finish`]), after what could not be kept of the games left
    /// earlier.
    pub fn finish(&mut self, last: &Snapshot) -> Farewell {
        let mut farewell = std::mem::take(&mut self.left);
        let mut last = self.store.finish(last);
        farewell.notes = std::mem::take(&mut last.notes);
        add_problems(&mut farewell, last);
        farewell
    }

    /// Carries out one effect, adding to what is `done`.
    fn carry_out(&mut self, effect: Effect, done: &mut Done) {
        match effect {
            Effect::Autosave(game) => {
                let mut game = done.dated(game);
                if let Some(date) = self.store.date(&game) {
                    game.record.set_tag(Tags::DATE, &date);
                    done.dated = Some((game.serial, date.clone()));
                    done.answers.push(Answer::Dated(date));
                }
                done.tell(Tone::Error, self.store.keep(&game).err());
                done.saved = Some(game);
            }
            Effect::Export(game) => {
                let game = done.dated(game);
                let notice = match self.store.export(&game) {
                    Ok(Exported::Written(path)) => {
                        Answer::Notice(Tone::Info, format!("Saved to {}", path.display()))
                    }
                    Ok(Exported::AlreadyKept(path)) => Answer::Notice(
                        Tone::Info,
                        format!("Already saved after every move, in {}", path.display()),
                    ),
                    Err(error) => Answer::Notice(Tone::Error, format!("Not saved: {error:#}")),
                };
                done.answers.push(notice);
                done.saved = Some(game);
            }
            Effect::RememberGame { config, players } => {
                let failure = self.settings.save(&Field::LAST_GAME, |path| {
                    let (mut settings, _) = Settings::load(path);
                    settings.remember_match(config, &players);
                    settings
                });
                done.tell(Tone::Error, failure);
            }
            Effect::RememberDisplay { speed, preview } => {
                let display = Settings {
                    speed,
                    preview,
                    ..Settings::default()
                };
                let failure = self
                    .settings
                    .save(&[Field::Speed, Field::Preview], |_| display);
                done.tell(Tone::Error, failure);
            }
            Effect::Think(request) => done.tell(Tone::Problem, self.workers.think(request)),
            Effect::StopThinking => self.workers.stop_thinking(),
            Effect::Analyze(request) => done.tell(Tone::Problem, self.workers.analyze(request)),
            Effect::Open { opening, left } => {
                let left = done.dated(left);
                self.open(&opening, &left, &mut done.answers);
            }
            Effect::Send(said) => {
                if let Some(link) = &self.link {
                    link.send(said);
                }
            }
            Effect::Hangup { why, record } => {
                if let Some(link) = &mut self.link {
                    link.hangup(&why, &record);
                }
            }
            Effect::RememberPuzzles(rating) => {
                let failure = crate::puzzle::rating_path(self.store.games()).and_then(|path| {
                    crate::puzzle::write_rating(&path, &rating)
                        .err()
                        .map(|error| format!("The puzzle rating is not kept: {error:#}"))
                });
                done.tell(Tone::Error, failure);
            }
            Effect::Bell => {
                // BEL moves nothing on screen: it may come between frames.
                let mut out = std::io::stdout();
                let _ = out.write_all(b"\x07").and_then(|()| out.flush());
            }
        }
    }

    /// Opens what the app asked for (a game or a record chosen on the start
    /// screen, the start screen again), leaving `left`, the game of the
    /// screen it was asked on: the app goes on with what is opened
    /// ([`Answer::Opened`]), kept by the store it came with. The store of
    /// the screen left first writes its game a last time and lets its files
    /// go (their locks released, so that the start screen lists the game
    /// free to continue); what could not be kept of it is told at exit
    /// (where it is kept, the start screen shows). What cannot be opened is
    /// told on the screen, which stays.
    fn open(&mut self, opening: &OpenTarget, left: &Snapshot, answers: &mut Vec<Answer>) {
        let games = self.store.games().map(Path::to_path_buf);
        let fresh = Store::new(games.clone(), None, Store::export_dirs());
        let finished = std::mem::replace(&mut self.store, fresh).finish(left);
        add_problems(&mut self.left, finished);
        match open_chosen(opening, games, self.settings.path.as_deref()) {
            Ok((next, store)) => {
                self.workers.drop_work();
                self.store = store;
                answers.push(Answer::Opened(Box::new(next)));
                for refused in self.store.refused_locks() {
                    answers.push(Answer::Notice(Tone::Error, refused));
                }
            }
            Err(error) => answers.push(Answer::Notice(Tone::Error, format!("{error:#}"))),
        }
        // The store is another: what the last kept nowhere is the left's now.
        self.store.words_anew(
            &mut self
                .kept_nowhere
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
            &self.left.unkept,
        );
    }
}

/// The settings file where a changed speed, preview or new game is
/// remembered.
struct SettingsFile {
    /// None: nothing is remembered.
    path: Option<PathBuf>,
    /// The last failure to save the settings told, so that it is told once.
    told: Option<String>,
}

impl SettingsFile {
    /// Saves the `fields` of the settings `settings` makes from the file's
    /// path, keeping the rest of the file; returns what to tell the player
    /// when they cannot be saved, unless that was the last thing told of
    /// them (a read-only file is said once).
    fn save(
        &mut self,
        fields: &[Field],
        settings: impl FnOnce(&Path) -> Settings,
    ) -> Option<String> {
        let path = self.path.as_deref()?;
        let error = settings(path).save(path, fields).err()?;
        let text = format!("Settings not saved: {error:#}");
        if self.told.as_ref() == Some(&text) {
            return None;
        }
        self.told = Some(text.clone());
        Some(text)
    }
}

/// Adds to `farewell` what `later` could not keep (its notes, where the
/// games are, are not kept: a game left for the start screen is listed
/// there).
fn add_problems(farewell: &mut Farewell, later: Farewell) {
    farewell.failures.extend(later.failures);
    farewell.unkept.extend(later.unkept);
}
