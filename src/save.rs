//! Nothing lost: every game autosaved move by move, `--resume [ID]`,
//! `--load`, `--record FILE` and the `s` key.
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
//! each game is kept and up to which move, tells the player at once and at
//! exit, keeps trying on later moves, lets `s` save elsewhere, and hands back
//! the record of a game kept nowhere so that it can be printed.

pub mod games;
pub mod lock;

use std::fmt::Write as _;
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write as _};
use std::os::unix::fs::{MetadataExt as _, OpenOptionsExt as _};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use time::OffsetDateTime;

use crate::app::{App, Effect, Players, Tone};
use crate::cli::{PlayArgs, PlayerArg};
use crate::record::Record;
use crate::rules::{Game, Side};
use crate::ui::Look;
use lock::{GameLock, LockError};

/// Records larger than this are refused before being read whole.
pub const MAX_RECORD_BYTES: u64 = 16 << 20;

/// How many names `stem.ogn`, `stem-2.ogn`, … a new file tries.
const MAX_NAMES: u32 = 1000;

/// Reads a record file (`-` for standard input), naming the file in any error.
///
/// # Errors
/// When the file cannot be read, is too large, or is not a valid record.
pub fn read_record(path: &Path) -> Result<Record> {
    let (name, bytes) = read_record_bytes(path)?;
    Record::read(&bytes).with_context(|| name)
}

/// The bytes of a record file (`-` for standard input) and its name for
/// messages.
///
/// # Errors
/// When the file cannot be read or is larger than [`MAX_RECORD_BYTES`].
pub fn read_record_bytes(path: &Path) -> Result<(String, Vec<u8>)> {
    if path == Path::new("-") {
        let name = "standard input".to_owned();
        let bytes = read_capped(std::io::stdin(), &name)?;
        return Ok((name, bytes));
    }
    let name = path.display().to_string();
    let file = File::open(path).with_context(|| format!("cannot open {name}"))?;
    Ok((name.clone(), read_capped(file, &name)?))
}

/// The bytes of `path`, if it is a regular file of at most
/// [`MAX_RECORD_BYTES`]; a FIFO, a device or a link is never read (nor
/// waited for).
///
/// # Errors
/// When it is something else, or cannot be read.
pub fn read_regular(path: &Path) -> Result<Vec<u8>> {
    let name = path.display().to_string();
    let flags = rustix::fs::OFlags::NONBLOCK | rustix::fs::OFlags::NOFOLLOW;
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(flags.bits().cast_signed())
        .open(path)
        .with_context(|| format!("cannot open {name}"))?;
    let metadata = file
        .metadata()
        .with_context(|| format!("cannot read {name}"))?;
    if !metadata.is_file() {
        bail!(
            "{name}: {} is not a regular file",
            kind_of(&metadata.file_type())
        );
    }
    read_capped(file, &name)
}

/// Reads at most [`MAX_RECORD_BYTES`] from `reader`, refusing more.
fn read_capped(reader: impl Read, name: &str) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {name}"))?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        bail!(
            "{name}: larger than {} MiB; not a game record",
            MAX_RECORD_BYTES >> 20
        );
    }
    Ok(bytes)
}

/// What kind of file `file_type` is, in words: "a FIFO", "a folder", …
pub fn kind_of(file_type: &fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt as _;
    if file_type.is_dir() {
        "a folder"
    } else if file_type.is_symlink() {
        "a symbolic link"
    } else if file_type.is_fifo() {
        "a FIFO"
    } else if file_type.is_char_device() {
        "a character device"
    } else if file_type.is_block_device() {
        "a block device"
    } else if file_type.is_socket() {
        "a socket"
    } else {
        "a regular file"
    }
}

/// The directory of autosaved games, if the platform has a data directory.
pub fn games_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "endodoi").map(|dirs| dirs.data_dir().join("games"))
}

/// The folder of `path` (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// `text` in a new temporary file in `dir`, flushed to the disk.
fn temporary(dir: &Path, text: &str) -> Result<tempfile::NamedTempFile> {
    let file = tempfile::NamedTempFile::new_in(dir)
        .map_err(plain)
        .with_context(|| format!("cannot write in {}", dir.display()))?;
    // Through the `File`: its errors say what the system said, without the
    // temporary name.
    let mut written = file.as_file();
    written
        .write_all(text.as_bytes())
        .and_then(|()| written.sync_all())
        .with_context(|| format!("cannot write in {}", dir.display()))?;
    Ok(file)
}

/// `error` without the temporary file's name that `tempfile` adds to it
/// (which says nothing to the player): what the system said, or its kind.
fn plain(error: std::io::Error) -> std::io::Error {
    if error.raw_os_error().is_none() && error.get_ref().is_some() {
        std::io::Error::from(error.kind())
    } else {
        error
    }
}

/// Writes `text` to `path` atomically: readers see the old file or the new
/// one, never half of one. Only a regular file is replaced (through a
/// symbolic link, the file it points to), keeping its permissions and, where
/// the system allows, its owner.
///
/// # Errors
/// When `path` is not a regular file, or cannot be written.
pub fn write_atomic(path: &Path, text: &str) -> Result<()> {
    let cannot = || format!("cannot write {}", path.display());
    let existing = match fs::metadata(path) {
        Ok(metadata) => Some(metadata),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => None,
        Err(error) => return Err(error).with_context(cannot),
    };
    let target = match &existing {
        Some(metadata) if !metadata.is_file() => bail!(
            "cannot write {}: {} is not a regular file",
            path.display(),
            kind_of(&metadata.file_type())
        ),
        Some(_) => fs::canonicalize(path).with_context(cannot)?,
        None => path.to_path_buf(),
    };
    let file = temporary(folder_of(&target), text)?;
    if let Some(metadata) = existing {
        file.as_file()
            .set_permissions(metadata.permissions())
            .with_context(cannot)?;
        let mine = file.as_file().metadata().with_context(cannot)?;
        if (mine.uid(), mine.gid()) != (metadata.uid(), metadata.gid()) {
            // Only the superuser may give a file away; others write their own.
            let _ = rustix::fs::fchown(
                file.as_file(),
                Some(rustix::fs::Uid::from_raw(metadata.uid())),
                Some(rustix::fs::Gid::from_raw(metadata.gid())),
            );
        }
    }
    file.persist(&target)
        .map_err(|error| plain(error.error))
        .with_context(cannot)?;
    Ok(())
}

/// Writes `text` to a new file `dir/stem.ogn` (or `stem-2.ogn`, …), never
/// replacing a file, even one made at the same moment by another program.
/// With `lock`, the name is locked first and the lock handed back.
///
/// # Errors
/// When the folder cannot be made or written.
fn write_new(
    dir: &Path,
    stem: &str,
    text: &str,
    lock: bool,
) -> Result<(PathBuf, Option<GameLock>)> {
    fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut file = temporary(dir, text)?;
    for n in 1..=MAX_NAMES {
        let path = match n {
            1 => dir.join(format!("{stem}.ogn")),
            n => dir.join(format!("{stem}-{n}.ogn")),
        };
        let held = if lock {
            match GameLock::acquire(&path) {
                Ok(held) => Some(held),
                Err(LockError::Held { .. }) => continue,
                // Unlocked is better than unsaved.
                Err(LockError::Io { .. }) => None,
            }
        } else {
            None
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

/// A record file read with `--load`: its text is kept so that writing the
/// game back keeps what the file had (comments, layout).
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The file (`-`: standard input).
    pub path: PathBuf,
    /// Its text.
    pub text: String,
    /// Its record.
    pub record: Record,
    identity: Option<(u64, u64)>,
}

impl Loaded {
    /// Reads the record file `path` (`-` for standard input).
    ///
    /// # Errors
    /// As [`read_record`].
    pub fn read(path: &Path) -> Result<Loaded> {
        let (name, bytes) = read_record_bytes(path)?;
        let record = Record::read(&bytes).with_context(|| name.clone())?;
        let text = String::from_utf8(bytes).with_context(|| name)?;
        Ok(Loaded {
            path: path.to_path_buf(),
            text,
            record,
            identity: identity(path),
        })
    }

    /// The record `now` written as this file was, keeping its comments and
    /// layout: the tags written anew, the file's moves as they were, and the
    /// moves played since before its result. `None` unless `now` is this
    /// file's game with moves added (or none), or when the text cannot be
    /// made so that it reads back as `now`.
    pub fn annotated(&self, now: &Record) -> Option<String> {
        /// Where a result may stand, from the end: the few last `*`.
        const RESULTS_TRIED: usize = 8;
        let before = &self.record;
        let config = before.game.config();
        let (old, new) = (before.game.history(), now.game.history());
        if now.game.config() != config || !new.starts_with(old) {
            return None;
        }
        let text = &self.text;
        // The moves begin where the tags end: at the first `]` before which
        // the text reads as all the file's tags and no move.
        let bare = Record {
            tags: before.tags.clone(),
            game: Game::new(config),
        };
        let start = std::iter::once(0)
            .chain(text.match_indices(']').map(|(at, _)| at + 1))
            .find(|&end| Record::read(&text[..end]).is_ok_and(|head| head == bare))?;
        let movetext = &text[start..];
        let mut added = String::new();
        for (ply, played) in new.iter().enumerate().skip(old.len()) {
            if ply % 2 == 0 {
                let _ = write!(added, "{}. ", ply / 2 + 1);
            }
            let _ = write!(added, "{played} ");
        }
        added.push_str(&now.result_token());
        let end = format!("{} {added}\n", movetext.trim_end());
        let header = now.to_string();
        let (header, _) = header.split_once("\n\n")?;
        movetext
            .rmatch_indices('*')
            .take(RESULTS_TRIED)
            .map(|(at, _)| format!("{}{added}{}", &movetext[..at], &movetext[at + 1..]))
            .chain([end])
            .map(|moves| format!("{header}\n\n{}", moves.trim_start()))
            .find(|whole| Record::read(whole).is_ok_and(|read| read == *now))
    }
}

/// The device and inode of the file at `path`, which tell two names of one
/// file apart from two files.
fn identity(path: &Path) -> Option<(u64, u64)> {
    fs::metadata(path)
        .ok()
        .map(|metadata| (metadata.dev(), metadata.ino()))
}

/// The autosave file of the game being played.
#[derive(Debug)]
struct Autosave {
    serial: u64,
    path: PathBuf,
    _lock: Option<GameLock>,
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

/// Where the games of one run are written.
#[derive(Debug)]
pub struct Store {
    games: Option<PathBuf>,
    current: Option<Autosave>,
    record_file: Option<PathBuf>,
    record_lock: Option<GameLock>,
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

    /// The autosave file of the current game, once it has one.
    pub fn current(&self) -> Option<&Path> {
        self.current
            .as_ref()
            .map(|autosave| autosave.path.as_path())
    }

    /// The text of the current game's record: as the loaded file was
    /// written, if this is its game.
    fn record_text(&self, app: &App) -> String {
        self.loaded
            .as_ref()
            .filter(|_| app.serial() == 0)
            .and_then(|loaded| loaded.annotated(app.record()))
            .unwrap_or_else(|| app.record().to_string())
    }

    /// Does the file work the app asked for, telling it how that went;
    /// returns the other effects (searches), oldest first.
    pub fn apply(&mut self, app: &mut App) -> Vec<Effect> {
        let mut others = Vec::new();
        for effect in app.take_effects() {
            match effect {
                Effect::Autosave => {
                    if app.serial() != self.kept.serial {
                        self.leave_game(app.serial());
                    }
                    // A loaded record keeps what its file had, date or none.
                    let loaded = self.loaded.is_some() && app.serial() == 0;
                    if !loaded && app.record().tag("Date").is_none() {
                        app.set_tag("Date", &today());
                    }
                    self.kept.last = Some(app.record().clone());
                    // `--record FILE` is kept current too, so that no way of
                    // ending the program (a closed terminal, a kill) loses a move.
                    let failures: Vec<anyhow::Error> =
                        [self.autosave(app), self.write_record_file(app)]
                            .into_iter()
                            .filter_map(Result::err)
                            .collect();
                    if let Some(error) = failures.first() {
                        self.kept.failure = Some(format!("{error:#}"));
                        let what = if self.kept.holds(app.record()) {
                            "Not every copy written"
                        } else {
                            "NOT SAVED"
                        };
                        app.notify(
                            Tone::Error,
                            format!(
                                "{what} at move {}: {}; s saves elsewhere",
                                app.game().ply(),
                                error.root_cause()
                            ),
                        );
                    }
                }
                Effect::Export => match self.export(app) {
                    Ok(path) => app.notify(Tone::Info, format!("Saved to {}", path.display())),
                    Err(error) => app.notify(Tone::Error, format!("Not saved: {error:#}")),
                },
                Effect::Think(_) | Effect::StopThinking | Effect::Analyze(_) => others.push(effect),
            }
        }
        others
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
                Some(games) => write_new(games, &autosave_stem(left.serial), &text, false),
                None => Err(anyhow::anyhow!("no data directory")),
            };
            if saved.is_err() {
                self.unkept.push(text);
            }
        }
    }

    /// Writes the current game's record to its autosave file, choosing the
    /// file when the game has its first move. Does nothing when autosave is
    /// off.
    fn autosave(&mut self, app: &App) -> Result<()> {
        let Some(games) = &self.games else {
            return Ok(());
        };
        let record = app.record();
        let text = record.to_string();
        let path = match &self.current {
            Some(autosave) if autosave.serial == app.serial() => {
                write_atomic(&autosave.path, &text)?;
                autosave.path.clone()
            }
            // A game without a move is nothing to resume.
            _ if record.game.ply() == 0 => return Ok(()),
            _ => {
                let (path, lock) = write_new(games, &autosave_stem(app.serial()), &text, true)?;
                self.current = Some(Autosave {
                    serial: app.serial(),
                    path: path.clone(),
                    _lock: lock,
                });
                path
            }
        };
        self.kept.wrote(&path, record);
        Ok(())
    }

    /// Writes `--record FILE`, if given.
    fn write_record_file(&mut self, app: &App) -> Result<()> {
        let Some(path) = &self.record_file else {
            return Ok(());
        };
        write_atomic(path, &self.record_text(app))?;
        let path = path.clone();
        self.kept.wrote(&path, app.record());
        Ok(())
    }

    /// Writes the record for `s`: to `--record FILE` if given, else to a new
    /// file in the first export folder that works.
    ///
    /// # Errors
    /// When no place can be written: the first failure.
    pub fn export(&mut self, app: &App) -> Result<PathBuf> {
        let mut first_failure = None;
        if let Some(path) = self.record_file.clone() {
            match self.write_record_file(app) {
                Ok(()) => return Ok(path),
                Err(error) => first_failure = Some(error),
            }
        }
        let text = self.record_text(app);
        for dir in &self.export_dirs {
            match write_new(dir, &format!("endodoi-{}", stamp()), &text, false) {
                Ok((path, _)) => {
                    self.kept.wrote(&path, app.record());
                    return Ok(path);
                }
                Err(error) => {
                    first_failure.get_or_insert(error);
                }
            }
        }
        Err(first_failure.unwrap_or_else(|| anyhow::anyhow!("no folder to save in")))
    }

    /// At exit: writes the autosave and `--record FILE` (if given) once more,
    /// and says exactly what is kept where and what is not.
    pub fn finish(&mut self, app: &App) -> Farewell {
        let mut farewell = Farewell {
            unkept: std::mem::take(&mut self.unkept),
            ..Farewell::default()
        };
        if !farewell.unkept.is_empty() {
            farewell
                .failures
                .push("an earlier game of this run could not be saved".to_owned());
        }
        // A record still in the viewer is not a game of this run.
        if app.viewer().is_some() {
            return farewell;
        }
        let record = app.record();
        let in_game = app.game().ply() > 0;
        let autosaved = |store: &Store| {
            store
                .current()
                .is_some_and(|path| store.kept.holds_at(path, record))
        };
        if in_game
            && !autosaved(self)
            && let Err(error) = self.autosave(app)
        {
            self.kept.failure = Some(format!("{error:#}"));
        }
        if let Some(path) = self.record_file.clone() {
            match self.write_record_file(app) {
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
            .filter(|_| app.unfinished() && autosaved(self))
        {
            let id = path.file_stem().unwrap_or_default().to_string_lossy();
            farewell.notes.push(format!(
                "Game saved in {}; `endodoi --resume {id}` continues it.",
                path.display()
            ));
        } else if let Some((path, _)) = elsewhere.filter(|_| app.unfinished()) {
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
            if let Some((path, kept)) = self.kept.best() {
                let _ = write!(
                    failure,
                    "; {} holds it only up to move {} of {}",
                    path.display(),
                    kept.game.ply(),
                    record.game.ply()
                );
            }
            farewell.failures.push(failure);
            farewell.unkept.push(self.record_text(app));
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

/// Everything a game in the terminal needs, prepared before the terminal is
/// taken over so that every failure is an ordinary error message.
#[derive(Debug)]
pub struct Session {
    /// The game, ready to play.
    pub app: App,
    /// Where it is saved.
    pub store: Store,
    /// What the player should read before the game starts (saves that
    /// cannot be read).
    pub warnings: Vec<String>,
}

impl Session {
    /// Prepares a game from the options: a new one, `loaded` (`--load`,
    /// already read), or a saved one (`--resume [ID]`).
    ///
    /// # Errors
    /// When `--resume` finds nothing to resume or the game is in use, the
    /// board options are invalid, or `--record FILE` cannot be this game's
    /// record (not a regular file, another record, in use, in a folder that
    /// does not exist).
    pub fn open(args: &PlayArgs, loaded: Option<Loaded>, games: Option<&Path>) -> Result<Session> {
        let mut store = Store::new(games.map(Path::to_path_buf), None, Store::export_dirs());
        let mut warnings = Vec::new();
        let mut app = if let Some(id) = &args.resume {
            let Some(dir) = games else {
                bail!("--resume: this system has no data directory for saved games");
            };
            let (path, record, lock) = resume(dir, id.as_deref(), &mut warnings)?;
            let app = App::from_record(record.clone(), named(&Players::from_record(&record), args));
            store.kept.wrote(&path, app.record());
            store.current = Some(Autosave {
                serial: 0,
                path,
                _lock: lock,
            });
            app
        } else if let Some(loaded) = loaded {
            let record = loaded.record.clone();
            store.loaded = Some(loaded);
            App::from_record(record.clone(), named(&Players::from_record(&record), args))
        } else {
            let players = named(&Players::new(None, None, args.first_to), args);
            App::new(args.board.config()?, players)
        };
        if let Some(first_to) = args.first_to
            && (args.resume.is_some() || args.load.is_some())
        {
            app.set_first_to(first_to);
        }
        store.kept.last = Some(app.record().clone());
        if let Some(path) = &args.record {
            let (path, lock) = claim_record_file(path, app.record(), store.loaded.as_ref())?;
            store.record_file = Some(path);
            store.record_lock = lock;
        }
        // The loaded file holds the game, unless `--record` is to replace it.
        if let Some(loaded) = &store.loaded
            && store.record_file.as_deref().and_then(identity) != loaded.identity
        {
            store.kept.wrote(&loaded.path, app.record());
        }
        if !warnings.is_empty() {
            app.notify(
                Tone::Error,
                format!(
                    "{} saved game(s) cannot be read: `endodoi games` names them",
                    warnings.len()
                ),
            );
        }
        app.set_animation(!args.no_animation);
        app.set_think(args.think());
        app.look = Look::from_env(args.ascii);
        Ok(Session {
            app,
            store,
            warnings,
        })
    }
}

/// The saved game `--resume [ID]` continues (without an ID, the newest
/// unfinished game with a move), read again once locked. Saves that cannot
/// be read are added to `warnings`.
fn resume(
    dir: &Path,
    id: Option<&str>,
    warnings: &mut Vec<String>,
) -> Result<(PathBuf, Record, Option<GameLock>)> {
    let saves = games::list(dir)?;
    let unreadable = games::unreadable(&saves);
    let chosen = if let Some(id) = id {
        let id = id.strip_suffix(".ogn").unwrap_or(id);
        let Some(save) = saves.iter().find(|save| save.id == id) else {
            bail!(
                "--resume {id}: no such saved game in {}; `endodoi games` lists them",
                dir.display()
            );
        };
        if let Err(reason) = &save.record {
            bail!(
                "--resume {id}: {} cannot be read: {reason}",
                save.path.display()
            );
        }
        save
    } else {
        {
            let found = saves.iter().find(|save| {
                save.unfinished() && save.record.as_ref().is_ok_and(|r| r.game.ply() > 0)
            });
            let Some(save) = found else {
                let mut message = format!(
                    "--resume: no unfinished game in {}; start one with `endodoi`",
                    dir.display()
                );
                if !unreadable.is_empty() {
                    let _ = write!(
                        message,
                        "; these saves cannot be read: {}",
                        unreadable.join("; ")
                    );
                }
                bail!(message);
            };
            save
        }
    };
    let lock = match GameLock::acquire(&chosen.path) {
        Ok(lock) => Some(lock),
        Err(held @ LockError::Held { .. }) => {
            bail!("--resume: {held}; `endodoi games` lists the other saved games")
        }
        Err(LockError::Io { .. }) => None,
    };
    let record = games::read_save(&chosen.path).map_err(|reason| {
        anyhow::anyhow!(
            "--resume: {} cannot be read: {reason}",
            chosen.path.display()
        )
    })?;
    warnings.extend(unreadable);
    Ok((chosen.path.clone(), record, lock))
}

/// Checks that `--record FILE` may hold the game that starts as `start`, and
/// locks it: a new file, or this game's own record (the loaded file, an
/// empty file, or a record of this very game). Anything else is refused
/// before a move is played, so that no file is ever lost to `--record`.
fn claim_record_file(
    path: &Path,
    start: &Record,
    loaded: Option<&Loaded>,
) -> Result<(PathBuf, Option<GameLock>)> {
    let shown = path.display();
    let folder = folder_of(path);
    if !folder.is_dir() {
        bail!("--record: the folder {} does not exist", folder.display());
    }
    let metadata = match fs::metadata(path) {
        Ok(metadata) => Some(metadata),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => None,
        Err(error) => return Err(error).with_context(|| format!("--record {shown}")),
    };
    if let Some(metadata) = metadata.as_ref().filter(|metadata| !metadata.is_file()) {
        bail!(
            "--record {shown}: {} is not a regular file; name a file for the record",
            kind_of(&metadata.file_type())
        );
    }
    // One name for the file however it is given, so that one lock guards it.
    let canonical = match &metadata {
        Some(_) => fs::canonicalize(path),
        None => {
            fs::canonicalize(folder).map(|folder| folder.join(path.file_name().unwrap_or_default()))
        }
    }
    .with_context(|| format!("--record {shown}"))?;
    let lock = match GameLock::acquire(&canonical) {
        Ok(lock) => Some(lock),
        Err(held @ LockError::Held { .. }) => bail!("--record {shown}: {held}"),
        Err(LockError::Io { .. }) => None,
    };
    let is_loaded =
        loaded.is_some_and(|loaded| loaded.identity.is_some() && loaded.identity == identity(path));
    if metadata.is_some()
        && !is_loaded
        && let Err(why) = own_record(path, start)
    {
        bail!(
            "--record {shown}: the file exists and is not this game's record ({why}); \
             `endodoi --load {shown} --record {shown}` continues it, or name another file"
        );
    }
    Ok((canonical, lock))
}

/// Whether the regular file `path` may be replaced by the game that starts
/// as `start`: it is empty, or a record of the same moves on the same board.
fn own_record(path: &Path, start: &Record) -> Result<(), String> {
    let bytes = read_regular(path).map_err(|error| format!("{error:#}"))?;
    if bytes.is_empty() {
        return Ok(());
    }
    let record = Record::read(&bytes).map_err(|error| format!("not a record: {error}"))?;
    if record.game.config() == start.game.config() && record.game.history() == start.game.history()
    {
        Ok(())
    } else {
        Err(format!(
            "it records another game, of {} moves",
            record.game.ply()
        ))
    }
}

/// `players` with the names and computers given on the command line, if any.
fn named(players: &Players, args: &PlayArgs) -> Players {
    let mut players = players.clone();
    for (side, given) in [(Side::South, &args.south), (Side::North, &args.north)] {
        match given {
            Some(PlayerArg::Human(name)) => {
                players.set_computer(side, None);
                let player = players.player(side);
                players.names[player].clone_from(name);
            }
            Some(PlayerArg::Computer(level)) => players.set_computer(side, Some(*level)),
            None => {}
        }
    }
    players
}
