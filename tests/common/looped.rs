//! An app with its event loop's effects, as the program runs it without a
//! terminal: its news brought in and its effects carried out by the real
//! runner, the answers handed to it, with a connection to the other
//! player, autosaving into a folder of its own.

use std::path::{Path, PathBuf};
use std::thread::sleep;
use std::time::{Duration, Instant};

use endodoi::app::{App, Connection, Effect, Setting, Snapshot};
use endodoi::net::Link;
use endodoi::save::{Farewell, Store};
use endodoi::terminal::{Runner, bring_news};

use super::peer::PATIENCE;

/// An app, its runner and the folder its games are kept in.
pub struct Looped {
    /// The app.
    pub app: App,
    /// Its effects' runner, holding the link.
    pub runner: Runner,
    /// The folder of its autosaves.
    pub dir: tempfile::TempDir,
}

impl Looped {
    /// `app` (moves shown at once) looped over `link`.
    pub fn new(app: App, link: Link) -> Looped {
        Looped::in_dir(app, tempfile::tempdir().expect("a temporary folder"), link)
    }

    /// As [`Looped::new`], its games kept in `dir`'s `games`.
    pub fn in_dir(mut app: App, dir: tempfile::TempDir, link: Link) -> Looped {
        app.set(Setting::Animation(false));
        let store = Store::new(Some(dir.path().join("games")), None, Vec::new());
        Looped {
            app,
            runner: Runner::new(store, None, Some(link)),
            dir,
        }
    }

    /// One turn of the event loop: news to the app, its effects carried out.
    pub fn turn(&mut self) {
        self.pump();
        let effects = self.app.take_effects();
        self.run(effects);
    }

    /// The news that came, handed to the app.
    pub fn pump(&mut self) {
        bring_news(&mut self.runner, &mut self.app);
    }

    /// `effects` carried out, the app told how they went (and what it then
    /// asks for carried out too).
    pub fn run(&mut self, effects: Vec<Effect>) {
        super::effects::run(&mut self.runner, &mut self.app, effects);
    }

    /// The runner's last writes, at exit.
    pub fn finish(&mut self) -> Farewell {
        self.runner.finish(&Snapshot::of(&self.app))
    }

    /// Turns the loop until `done` says so.
    pub fn until(&mut self, what: &str, done: impl Fn(&App) -> bool) {
        let start = Instant::now();
        while !done(&self.app) {
            assert!(start.elapsed() < PATIENCE, "waited for {what}");
            self.turn();
            sleep(Duration::from_millis(5));
        }
        self.turn();
    }

    /// The message line.
    pub fn message(&self) -> String {
        self.app
            .desk()
            .message()
            .map(|m| m.text.clone())
            .unwrap_or_default()
    }

    /// How the connection is.
    pub fn connection(&self) -> Connection {
        self.app
            .table()
            .network()
            .expect("a network game")
            .connection
            .clone()
    }

    /// The text of the only autosave file.
    pub fn saved(&self) -> String {
        let files = ogn_files(&self.dir.path().join("games"));
        assert_eq!(files.len(), 1, "{files:?}");
        std::fs::read_to_string(&files[0]).expect("the autosave")
    }
}

/// The record files in `dir`, by name (no temporary files).
pub fn ogn_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the games folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "ogn"))
        .filter(|path| !path.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect();
    files.sort();
    files
}
