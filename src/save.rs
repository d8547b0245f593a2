//! Nothing lost: every game autosaved move by move, `--resume [ID]`,
//! `--load`, `--record FILE` and the `s` key. (Opening a game is
//! [`crate::session`]'s work; reading and writing one file, [`crate::file`]'s.)
//!
//! Each game gets its own record file in the platform's data directory
//! (`$XDG_DATA_HOME/endodoi/games/` on Linux), made under a new name that no
//! other program can take at the same time, then rewritten atomically (a
//! temporary file in the same directory, then a rename) after every move,
//! undo, redo and new game. A killed program therefore loses nothing. A game
//! being played is locked ([`lock`]), and [`games`] lists the saves for
//! `endodoi games` and `--resume`. In a match every game is a file of its own;
//! the `Match`, `Round` and `Score` tags let `--resume` carry on the match.
//!
//! A write that fails is never taken for a save: the [`Store`] knows where
//! each game is kept and up to which move, says what the player must be
//! told at once (the event loop's effect runner tells it) and at exit,
//! keeps trying on later moves, lets `s` save elsewhere, and hands back the
//! record of a game kept nowhere so that it can be printed. The store only
//! keeps files: which effect of the app calls for which of its methods is
//! the runner's to say.

pub mod games;
mod last_resort;
mod loaded;
pub mod lock;

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use time::OffsetDateTime;

use crate::app::{SEAT_TAG, Snapshot};
use crate::file::{Audience, failure, plain, temporary_for, write_atomic, write_atomic_shared};
use crate::record::{Record, Tags};
pub use last_resort::{LastWords, rescue};
use last_resort::{holds_now, write_in_first_folder};
pub use loaded::Loaded;
use loaded::identity;
use lock::{GameLock, Guard, LockError};

/// How many names `stem.ogn`, `stem-2.ogn`, … a new file tries.
const MAX_NAMES: u32 = 1000;

/// The directory of autosaved games, if the platform has a data directory.
pub fn games_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "endodoi").map(|dirs| dirs.data_dir().join("games"))
}

/// Writes `text` to a new file `dir/stem.ogn` (or `stem-2.ogn`, …), readable
/// by `audience`, never replacing a file, even one made at the same moment
/// by another program.
/// Each name is first `claim`ed (locked, say): `None` passes it by (another
/// program has it), and what a claim hands back is handed back.
///
/// # Errors
/// When the folder cannot be made or written, or a claim fails.
fn write_under_free_name<T>(
    dir: &Path,
    stem: &str,
    (text, audience): (&str, Audience),
    mut claim: impl FnMut(&Path) -> Result<Option<T>>,
) -> Result<(PathBuf, T)> {
    fs::create_dir_all(dir).map_err(|error| failure("cannot create", dir, &error))?;
    let mut file = temporary_for(dir, text, audience)?;
    for n in 1..=MAX_NAMES {
        let path = match n {
            1 => dir.join(format!("{stem}.ogn")),
            n => dir.join(format!("{stem}-{n}.ogn")),
        };
        let Some(held) = claim(&path)? else {
            continue;
        };
        match file.persist_noclobber(&path) {
            Ok(_) => return Ok((path, held)),
            Err(error) if error.error.kind() == std::io::ErrorKind::AlreadyExists => {
                file = error.file;
            }
            Err(error) => {
                return Err(plain(error.error))
                    .with_context(|| format!("cannot write {}", path.display()));
            }
        }
    }
    bail!("cannot write in {}: {MAX_NAMES} names taken", dir.display())
}

/// A name locked for the game; one whose lock cannot be made stops the
/// save, for a file written unlocked could be another program's too.
fn locked_name(path: &Path) -> Result<Option<GameLock>> {
    match GameLock::acquire(path) {
        Ok(held) => Ok(Some(held)),
        Err(LockError::Held { .. }) => Ok(None),
        Err(refused) => bail!("{refused}"),
    }
}

/// What the player reads of a lock that could not be taken.
fn not_written(refused: &LockError) -> String {
    format!("{refused}; the game is not written there (s saves elsewhere)")
}

/// The autosave file of the game being played.
#[derive(Debug)]
struct Autosave {
    serial: u64,
    path: PathBuf,
    lock: Guard,
}

/// Where `s` kept the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exported {
    /// Written to this file just now.
    Written(PathBuf),
    /// Already in this file, the autosave, written after every move:
    /// nothing written again.
    AlreadyKept(PathBuf),
}

/// Where one game is kept: each file written and the state of the game it
/// holds.
#[derive(Debug, Default)]
struct Kept {
    serial: u64,
    places: Vec<(PathBuf, Record)>,
    failure: Option<String>,
    last: Option<Record>,
}

impl Kept {
    fn wrote(&mut self, path: &Path, record: &Record) {
        self.places.retain(|(place, _)| place != path);
        self.places.push((path.to_path_buf(), record.clone()));
    }

    /// Whether `record` is written somewhere.
    fn holds(&self, record: &Record) -> bool {
        self.places.iter().any(|(_, kept)| kept == record)
    }

    /// Whether `record` is written in `path`.
    fn holds_at(&self, path: &Path, record: &Record) -> bool {
        self.places
            .iter()
            .any(|(place, kept)| place == path && kept == record)
    }

    /// Where the game is kept with the most of its moves, if anywhere.
    fn best(&self) -> Option<&(PathBuf, Record)> {
        self.places.iter().max_by_key(|(_, kept)| kept.game.ply())
    }
}

/// What the player should read once the terminal is back, and how the
/// program ends.
#[derive(Debug, Default)]
pub struct Farewell {
    /// News for standard output: where the game is.
    pub notes: Vec<String>,
    /// What could not be written, for standard error; the exit status is then 1.
    pub failures: Vec<String>,
    /// The records of games kept nowhere, to print as a last resort.
    pub unkept: Vec<String>,
}

impl Farewell {
    /// Whether every game of the run is kept and every file asked for written.
    pub fn all_kept(&self) -> bool {
        self.failures.is_empty() && self.unkept.is_empty()
    }
}

/// Where a game opened from the command line is kept already, for
/// [`Store::open`].
#[derive(Debug, Default)]
pub struct Opened {
    /// The saved game resumed (`--resume`): its file, the record it holds,
    /// and its lock, or why none could be taken (the file is then not
    /// written).
    pub resumed: Option<(PathBuf, Record, Guard)>,
    /// The record file read with `--load`.
    pub loaded: Option<Loaded>,
    /// `--record FILE`, claimed: its name and its lock (or why none could
    /// be taken).
    pub record_file: Option<(PathBuf, Guard)>,
}

/// Where the games of one run are written.
#[derive(Debug)]
pub struct Store {
    games: Option<PathBuf>,
    current: Option<Autosave>,
    record_file: Option<PathBuf>,
    record_lock: Option<Guard>,
    export_dirs: Vec<PathBuf>,
    loaded: Option<Loaded>,
    kept: Kept,
    unkept: Vec<String>,
}

impl Store {
    /// Autosaves into `games` (none: autosave off); `record_file` is
    /// `--record FILE`; `s` without `--record` writes into the first of
    /// `export_dirs` that can be written.
    pub fn new(
        games: Option<PathBuf>,
        record_file: Option<PathBuf>,
        export_dirs: Vec<PathBuf>,
    ) -> Store {
        Store {
            games,
            current: None,
            record_file,
            record_lock: None,
            export_dirs,
            loaded: None,
            kept: Kept::default(),
            unkept: Vec::new(),
        }
    }

    /// The store of a game opened from the command line, which starts as
    /// `start`: autosaved into `games` (none: autosave off), and known to be
    /// kept where `opened` says.
    pub fn open(games: Option<PathBuf>, opened: Opened, start: &Record) -> Store {
        let mut store = Store::new(games, None, Store::export_dirs());
        if let Some((path, record, lock)) = opened.resumed {
            store.kept.wrote(&path, &record);
            store.current = Some(Autosave {
                serial: 0,
                path,
                lock,
            });
        }
        store.kept.last = Some(start.clone());
        if let Some((path, lock)) = opened.record_file {
            store.record_file = Some(path);
            store.record_lock = Some(lock);
        }
        // The loaded file holds the game, unless `--record` is to replace it.
        if let Some(loaded) = &opened.loaded
            && store.record_file.as_deref().and_then(identity) != loaded.identity
        {
            store.kept.wrote(&loaded.path, start);
        }
        store.loaded = opened.loaded;
        store
    }

    /// The locks of the game's files that could not be taken, in words for
    /// the player: those files are not written.
    pub fn refused_locks(&self) -> Vec<String> {
        let autosave = self.current.as_ref().map(|autosave| &autosave.lock);
        [autosave, self.record_lock.as_ref()]
            .into_iter()
            .flatten()
            .filter_map(|lock| lock.as_ref().err().map(not_written))
            .collect()
    }

    /// The folders `s` tries in turn: the current one, home, the temporary one.
    pub fn export_dirs() -> Vec<PathBuf> {
        let mut dirs: Vec<PathBuf> = [
            std::env::current_dir().ok(),
            directories::BaseDirs::new().map(|dirs| dirs.home_dir().to_path_buf()),
            Some(std::env::temp_dir()),
        ]
        .into_iter()
        .flatten()
        .collect();
        dirs.dedup();
        dirs
    }

    /// The folder of autosaved games, if autosave is on.
    pub fn games(&self) -> Option<&Path> {
        self.games.as_deref()
    }

    /// The autosave file of the current game, once it has one.
    pub fn current(&self) -> Option<&Path> {
        self.current
            .as_ref()
            .map(|autosave| autosave.path.as_path())
    }

    /// The text of the game's record: as the loaded file was written, if
    /// this is its game.
    fn record_text(&self, game: &Snapshot) -> String {
        self.loaded_as(game)
            .and_then(|loaded| loaded.annotated(&game.record))
            .unwrap_or_else(|| game.record.to_string())
    }

    /// The file `game` was loaded from, if it is that file's game.
    fn loaded_as(&self, game: &Snapshot) -> Option<&Loaded> {
        self.loaded.as_ref().filter(|_| game.serial == 0)
    }

    /// The date `game` is to be kept under, when its record has none yet:
    /// today's. A loaded record keeps what its file had, date or none.
    pub fn date(&self, game: &Snapshot) -> Option<String> {
        let loaded = self.loaded.is_some() && game.serial == 0;
        (!loaded && game.record.tag(Tags::DATE).is_none()).then(today)
    }

    /// Keeps `game`, the game being played as it is now: in its autosave
    /// file (the first move of a game chooses the file; a game left behind
    /// is kept in a file of its own) and in `--record FILE`, so that no way
    /// of ending the program (a closed terminal, a kill) loses a move.
    ///
    /// # Errors
    /// When a file cannot be written: what the player reads of it, with
    /// the move and whether the game is kept anywhere.
    pub fn keep(&mut self, game: &Snapshot) -> Result<(), String> {
        if game.serial != self.kept.serial {
            self.leave_game(game.serial);
        }
        self.kept.last = Some(game.record.clone());
        let failures: Vec<anyhow::Error> = [self.autosave(game), self.write_record_file(game)]
            .into_iter()
            .filter_map(Result::err)
            .collect();
        let Some(error) = failures.first() else {
            return Ok(());
        };
        self.kept.failure = Some(format!("{error:#}"));
        let what = if self.kept.holds(&game.record) {
            "Not every copy written"
        } else {
            "NOT SAVED"
        };
        Err(format!(
            "{what} at move {}: {error:#}; s saves elsewhere",
            game.record.game.ply()
        ))
    }

    /// The app has gone on to game `serial`: the game left behind is kept in
    /// a file of its own if it is not yet (a loaded record about to be
    /// replaced in `--record FILE`, say), and released.
    fn leave_game(&mut self, serial: u64) {
        let left = std::mem::take(&mut self.kept);
        self.kept.serial = serial;
        self.current = None;
        // `--record FILE` goes on with the new game: it keeps nothing of this one.
        let elsewhere = |(place, kept): &(PathBuf, Record)| {
            Some(place) != self.record_file.as_ref() && left.last.as_ref() == Some(kept)
        };
        let kept = left.places.iter().any(elsewhere);
        if let Some(record) = left.last.filter(|record| record.game.ply() > 0 && !kept) {
            let text = record.to_string();
            let saved = match &self.games {
                Some(games) => write_under_free_name(
                    games,
                    &autosave_stem(left.serial),
                    (&text, Audience::Private),
                    |_| Ok(Some(())),
                ),
                None => Err(anyhow::anyhow!("no data directory")),
            };
            if saved.is_err() {
                self.unkept.push(text);
            }
        }
    }

    /// Writes `game`'s record to its autosave file, choosing the file when
    /// the game has its first move. Does nothing when autosave is off.
    fn autosave(&mut self, game: &Snapshot) -> Result<()> {
        let Some(games) = &self.games else {
            return Ok(());
        };
        let record = &game.record;
        let text = record.to_string();
        let path = match &self.current {
            Some(autosave) if autosave.serial == game.serial => {
                if let Err(refused) = &autosave.lock {
                    bail!("{refused}");
                }
                write_atomic(&autosave.path, &text)?;
                autosave.path.clone()
            }
            // A game without a move is nothing to resume, but for one a
            // player across the network took a seat in: the same command
            // takes it again, and needs the game to compare copies.
            _ if record.game.ply() == 0 && record.tag(SEAT_TAG).is_none() => return Ok(()),
            _ => {
                let (path, lock) = write_under_free_name(
                    games,
                    &autosave_stem(game.serial),
                    (&text, Audience::Private),
                    locked_name,
                )?;
                self.current = Some(Autosave {
                    serial: game.serial,
                    path: path.clone(),
                    lock: Ok(lock),
                });
                path
            }
        };
        self.kept.wrote(&path, record);
        Ok(())
    }

    /// Writes `game` to `--record FILE`, if given.
    fn write_record_file(&mut self, game: &Snapshot) -> Result<()> {
        let Some(path) = &self.record_file else {
            return Ok(());
        };
        if let Some(Err(refused)) = &self.record_lock {
            bail!("{refused}");
        }
        write_atomic_shared(path, &self.record_text(game))?;
        let path = path.clone();
        self.kept.wrote(&path, &game.record);
        Ok(())
    }

    /// Keeps `game`'s record for `s`: writes `--record FILE` if given;
    /// else, when the autosave already holds the game as it is, writes
    /// nothing and says where it is; else writes a new file in the first
    /// export folder that works (the game is kept nowhere yet, or is a
    /// record viewed).
    ///
    /// # Errors
    /// When no place can be written: the first failure.
    pub fn export(&mut self, game: &Snapshot) -> Result<Exported> {
        let mut first_failure = None;
        if let Some(path) = self.record_file.clone() {
            match self.write_record_file(game) {
                Ok(()) => return Ok(Exported::Written(path)),
                Err(error) => first_failure = Some(error),
            }
        } else if let Some(path) = self.current()
            && self.kept.holds_at(path, &game.record)
        {
            return Ok(Exported::AlreadyKept(path.to_path_buf()));
        }
        let text = self.record_text(game);
        match write_in_first_folder(&self.export_dirs, &text, Audience::Shared) {
            Ok(path) => {
                self.kept.wrote(&path, &game.record);
                Ok(Exported::Written(path))
            }
            Err(error) => Err(first_failure.unwrap_or(error)),
        }
    }

    /// At exit, `last` the game as the app has it then: writes the autosave
    /// and `--record FILE` (if given) once more, and says exactly what is
    /// kept where and what is not.
    pub fn finish(&mut self, last: &Snapshot) -> Farewell {
        let mut farewell = Farewell {
            unkept: std::mem::take(&mut self.unkept),
            ..Farewell::default()
        };
        if !farewell.unkept.is_empty() {
            farewell
                .failures
                .push("an earlier game of this run could not be saved".to_owned());
        }
        // A record still in the viewer, or the lesson, is not a game of this run.
        if !last.playing {
            return farewell;
        }
        let record = &last.record;
        let in_game = record.game.ply() > 0;
        let autosaved = |store: &Store| {
            store
                .current()
                .is_some_and(|path| store.kept.holds_at(path, record))
        };
        if in_game
            && !autosaved(self)
            && let Err(error) = self.autosave(last)
        {
            self.kept.failure = Some(format!("{error:#}"));
        }
        if let Some(path) = self.record_file.clone() {
            match self.write_record_file(last) {
                Ok(()) => farewell
                    .notes
                    .push(format!("Record written to {}", path.display())),
                Err(error) => farewell.failures.push(format!("{error:#}")),
            }
        }
        let elsewhere = self
            .kept
            .places
            .iter()
            .find(|(place, kept)| kept == record && Some(place) != self.record_file.as_ref());
        if let Some(path) = self
            .current()
            .filter(|_| last.unfinished && autosaved(self))
        {
            let id = path.file_stem().unwrap_or_default().to_string_lossy();
            farewell.notes.push(format!(
                "Game saved in {}; `{}` continues it.",
                path.display(),
                last.resume_command(&id)
            ));
        } else if let Some((path, _)) = elsewhere.filter(|_| last.unfinished) {
            farewell.notes.push(format!(
                "Game saved in {}; `endodoi --load {0}` continues it.",
                path.display()
            ));
        }
        if in_game && !self.kept.holds(record) {
            let reason = self
                .kept
                .failure
                .clone()
                .unwrap_or_else(|| "autosave is off (no data directory)".to_owned());
            let mut failure = format!("the game was not saved: {reason}");
            if let Some((path, _)) = self.kept.best() {
                let _ = match holds_now(path) {
                    Ok(moves) => write!(
                        failure,
                        "; {} holds it only up to move {moves} of {}",
                        path.display(),
                        record.game.ply()
                    ),
                    Err(why) => write!(failure, "; no earlier copy is left ({why})"),
                };
            }
            farewell.failures.push(failure);
            farewell.unkept.push(self.record_text(last));
        }
        farewell
    }
}

/// The name of game `serial` of this run, started now.
fn autosave_stem(serial: u64) -> String {
    format!("{}-g{}", stamp(), serial + 1)
}

/// Today's date as records write it: `2026.03.21` (UTC).
fn today() -> String {
    let now = OffsetDateTime::now_utc();
    format!(
        "{:04}.{:02}.{:02}",
        now.year(),
        u8::from(now.month()),
        now.day()
    )
}

/// Now as a file name part: `20260321-153012` (UTC).
fn stamp() -> String {
    let now = OffsetDateTime::now_utc();
    format!(
        "{:04}{:02}{:02}-{:02}{:02}{:02}",
        now.year(),
        u8::from(now.month()),
        now.day(),
        now.hour(),
        now.minute(),
        now.second()
    )
}
