//! The one place where the app's [`Effect`]s are carried out. The
//! [`Runner`] owns what does the work: the [`Store`] that keeps the games'
//! files, the settings file (a speed, a preview or a new game remembered),
//! the workers (a search thread, an analysis thread and the shelf of
//! endgame tables) and the [`Link`] to the other player. It tells the app
//! how things went, and what the workers and the other player bring, with
//! [`Answer`]s, each handed to [`App::answer`] as soon as it is known, so
//! that the next effect is carried out on the app as it then is.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use crate::app::{Answer, App, Effect, Opening, Role, Tone};
use crate::net::Link;
use crate::save::{Exported, Farewell, Store};
use crate::session::open_chosen;
use crate::settings::{Field, Settings};

use super::workers::Workers;

/// Carries out the app's effects, and hands it the answers.
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

/// The records of the games no file holds as they are now, shared with
/// whatever ends the program before [`Runner::finish`] can run (a closed
/// terminal, a signal unanswered, a panic), to write them where `s` would
/// ([`crate::save::rescue`]).
pub type KeptNowhere = Arc<Mutex<Vec<String>>>;

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

    /// Carries out `effects` (taken from `app` with [`App::take_effects`]):
    /// first what the other player is told, so that a move reaches them
    /// before this side's autosave is written (what comes after a hangup
    /// or an opening keeps its place), then the files' work in the order
    /// the app asked for it, so that a search is handed the game as it is
    /// kept (dated), then the rest in order. Each answer reaches `app`
    /// before the next effect is carried out; what a game opened from the
    /// start screen asks for is carried out before the rest.
    pub fn run(&mut self, effects: Vec<Effect>, app: &mut App) {
        let mut told = Vec::new();
        let mut files = Vec::new();
        let mut others = Vec::new();
        let mut held = false;
        for effect in effects {
            held |= matches!(effect, Effect::Hangup(_) | Effect::Open(_));
            match effect {
                Effect::Send(_) if !held => told.push(effect),
                effect if effect.is_file() => files.push(effect),
                effect => others.push(effect),
            }
        }
        let saved = !files.is_empty();
        for effect in told.into_iter().chain(files).chain(others) {
            self.carry_out(effect, app);
        }
        if saved {
            let mut records = self.left.unkept.clone();
            records.extend(self.store.kept_nowhere(app));
            *self
                .kept_nowhere
                .lock()
                .unwrap_or_else(PoisonError::into_inner) = records;
        }
    }

    /// Hands `app` what has come meanwhile: the search's answer, the moves
    /// analysed, the other player's news (each piece taken whole, and what
    /// waits for the game as the app then has it done, before the next).
    /// Returns whether the other player had any.
    pub fn pump(&mut self, app: &mut App) -> bool {
        for answer in self.workers.answers() {
            app.answer(answer);
        }
        let Some(link) = &mut self.link else {
            return false;
        };
        let mut any = false;
        while let Some(answers) = link.hear(invite(app)) {
            any = true;
            for answer in answers {
                app.answer(answer);
            }
            link.settle(app.record());
        }
        any
    }

    /// At exit: the store's last writes, and what the player should read
    /// of them ([`Store::finish`]), after what could not be kept of the
    /// games left earlier.
    pub fn finish(&mut self, app: &App) -> Farewell {
        let mut farewell = std::mem::take(&mut self.left);
        let mut last = self.store.finish(app);
        farewell.notes = std::mem::take(&mut last.notes);
        add_problems(&mut farewell, last);
        farewell
    }

    /// Carries out one effect, `app`'s answers told as they come.
    fn carry_out(&mut self, effect: Effect, app: &mut App) {
        match effect {
            Effect::Autosave => {
                if let Some(date) = self.store.date(app) {
                    app.answer(Answer::Dated(date));
                }
                tell(app, Tone::Error, self.store.keep(app).err());
            }
            Effect::Export => {
                let notice = match self.store.export(app) {
                    Ok(Exported::Written(path)) => {
                        Answer::Notice(Tone::Info, format!("Saved to {}", path.display()))
                    }
                    Ok(Exported::AlreadyKept(path)) => Answer::Notice(
                        Tone::Info,
                        format!("Already saved after every move, in {}", path.display()),
                    ),
                    Err(error) => Answer::Notice(Tone::Error, format!("Not saved: {error:#}")),
                };
                app.answer(notice);
            }
            Effect::RememberGame => {
                let failure = self.settings.save(&Field::LAST_GAME, |path| {
                    let (mut settings, _) = Settings::load(path);
                    settings.remember_match(app.record().game.config(), app.players());
                    settings
                });
                tell(app, Tone::Error, failure);
            }
            Effect::RememberDisplay => {
                let display = Settings {
                    speed: app.desk().view().speed(),
                    preview: app.desk().view().preview_shown(app.players()),
                    ..Settings::default()
                };
                let failure = self
                    .settings
                    .save(&[Field::Speed, Field::Preview], |_| display);
                tell(app, Tone::Error, failure);
            }
            Effect::Think(request) => tell(app, Tone::Problem, self.workers.think(request)),
            Effect::StopThinking => self.workers.stop_thinking(),
            Effect::Analyze(request) => tell(app, Tone::Problem, self.workers.analyze(request)),
            Effect::Open(opening) => self.open(&opening, app),
            Effect::Send(said) => {
                if let Some(link) = &self.link {
                    link.send(said);
                }
            }
            Effect::Hangup(why) => {
                if let Some(link) = &mut self.link {
                    link.hangup(&why, app.record());
                }
            }
            Effect::Bell => {
                // BEL moves nothing on screen: it may come between frames.
                let mut out = std::io::stdout();
                let _ = out.write_all(b"\x07").and_then(|()| out.flush());
            }
        }
    }

    /// Opens what the app asked for (a game or a record chosen on the start
    /// screen, the start screen again): the app goes on with it, kept by
    /// the store it came with, and what it asks for is carried out. The
    /// store of the screen left first writes its game a last time and lets
    /// its files go (their locks released, so that the start screen lists
    /// the game free to continue); what could not be kept of it is told at
    /// exit (where it is kept, the start screen shows). What cannot be
    /// opened is told on the screen, which stays.
    fn open(&mut self, opening: &Opening, app: &mut App) {
        let games = self.store.games().map(Path::to_path_buf);
        let fresh = Store::new(games.clone(), None, Store::export_dirs());
        let left = std::mem::replace(&mut self.store, fresh).finish(app);
        add_problems(&mut self.left, left);
        match open_chosen(opening, games, self.settings.path.as_deref()) {
            Ok((next, store)) => {
                self.workers.drop_work();
                self.store = store;
                app.answer(Answer::Opened(Box::new(next)));
                for refused in self.store.refused_locks() {
                    app.answer(Answer::Notice(Tone::Error, refused));
                }
            }
            Err(error) => app.answer(Answer::Notice(Tone::Error, format!("{error:#}"))),
        }
        self.run(app.take_effects(), app);
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

/// The command the other player types to join `app`'s game, at the host.
fn invite(app: &App) -> Option<&str> {
    match &app.table().network()?.role {
        Role::Host { invite, .. } => Some(invite),
        Role::Guest { .. } => None,
    }
}

/// Tells `app` the notice `text` in `tone`, if there is one.
fn tell(app: &mut App, tone: Tone, text: Option<String>) {
    if let Some(text) = text {
        app.answer(Answer::Notice(tone, text));
    }
}
