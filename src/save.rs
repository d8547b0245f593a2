//! Nothing lost: every game autosaved move by move, `--resume`, `--load`,
//! `--record FILE` and the `s` key.
//!
//! Each game gets its own record file in the platform's data directory
//! (`$XDG_DATA_HOME/endodoi/games/` on Linux), rewritten atomically (a
//! temporary file in the same directory, then a rename) after every move,
//! undo, redo and new game. A killed program therefore loses nothing, and
//! `--resume` finds the newest unfinished game there. In a match every game is
//! a file of its own; the `Match`, `Round` and `Score` tags let `--resume`
//! carry on the match.

use std::fs;
use std::io::{Read, Write as _};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use anyhow::{Context, Result, bail};
use time::OffsetDateTime;

use crate::app::{App, Effect, Players, Tone};
use crate::cli::{PlayArgs, PlayerArg};
use crate::record::Record;
use crate::rules::Side;
use crate::ui::Look;

/// Records larger than this are refused before being read whole.
pub const MAX_RECORD_BYTES: u64 = 16 << 20;

/// Reads a record file (`-` for standard input), naming the file in any error.
///
/// # Errors
/// When the file cannot be read, is too large, or is not a valid record.
pub fn read_record(path: &Path) -> Result<Record> {
    let (name, bytes) = read_record_bytes(path)?;
    Record::read_bytes(&bytes).with_context(|| name)
}

/// The bytes of a record file (`-` for standard input) and its name for
/// messages.
///
/// # Errors
/// When the file cannot be read or is larger than [`MAX_RECORD_BYTES`].
pub fn read_record_bytes(path: &Path) -> Result<(String, Vec<u8>)> {
    let name = if path == Path::new("-") {
        "standard input".to_owned()
    } else {
        path.display().to_string()
    };
    let mut bytes = Vec::new();
    let reader: Box<dyn Read> = if path == Path::new("-") {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(path).with_context(|| format!("cannot open {name}"))?)
    };
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
    Ok((name, bytes))
}

/// The directory of autosaved games, if the platform has a data directory.
pub fn games_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "endodoi").map(|dirs| dirs.data_dir().join("games"))
}

/// Writes `text` to `path` atomically: readers see the old file or the new
/// one, never half of one.
///
/// # Errors
/// When the directory cannot be created or the file not written.
pub fn write_atomic(path: &Path, text: &str) -> Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut file = tempfile::NamedTempFile::new_in(dir)
        .with_context(|| format!("cannot write in {}", dir.display()))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.as_file().sync_all())
        .with_context(|| format!("cannot write {}", path.display()))?;
    file.persist(path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// The newest unfinished game among the records in `dir` (by modification
/// time), skipping files that are not readable records.
///
/// # Errors
/// When `dir` exists but cannot be listed.
pub fn latest_unfinished(dir: &Path) -> Result<Option<(PathBuf, Record)>> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error).with_context(|| format!("cannot list {}", dir.display())),
    };
    let mut files: Vec<(SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter(|entry| entry.path().extension().is_some_and(|ext| ext == "ogn"))
        .filter_map(|entry| Some((entry.metadata().ok()?.modified().ok()?, entry.path())))
        .collect();
    files.sort_by(|a, b| b.cmp(a));
    for (_, path) in files {
        if let Ok(record) = read_record(&path)
            && record.game.outcome().is_none()
        {
            return Ok(Some((path, record)));
        }
    }
    Ok(None)
}

/// Where the games of one run are written.
#[derive(Clone, Debug)]
pub struct Store {
    games: Option<PathBuf>,
    current: Option<(u64, PathBuf)>,
    record_file: Option<PathBuf>,
    export_dir: PathBuf,
}

impl Store {
    /// Autosaves into `games` (none: autosave off); `record_file` is
    /// `--record FILE`; `s` without `--record` writes into `export_dir`.
    pub fn new(games: Option<PathBuf>, record_file: Option<PathBuf>, export_dir: PathBuf) -> Store {
        Store {
            games,
            current: None,
            record_file,
            export_dir,
        }
    }

    /// Keeps autosaving game `serial` into `path` (a resumed game's file).
    pub fn continuing(mut self, serial: u64, path: PathBuf) -> Store {
        self.current = Some((serial, path));
        self
    }

    /// The autosave file of the current game, once it has one.
    pub fn current(&self) -> Option<&Path> {
        self.current.as_ref().map(|(_, path)| path.as_path())
    }

    /// Does the file work the app asked for, telling it how that went;
    /// returns the other effects (searches), oldest first.
    pub fn apply(&mut self, app: &mut App) -> Vec<Effect> {
        let mut others = Vec::new();
        for effect in app.take_effects() {
            match effect {
                Effect::Autosave => {
                    if app.record().tag("Date").is_none() {
                        app.set_tag("Date", &today());
                    }
                    // `--record FILE` is kept current too, so that no way of
                    // ending the program (a closed terminal, a kill) loses a move.
                    let text = app.record().to_string();
                    let saved = self
                        .autosave(app, &text)
                        .and_then(|_| self.write_record_file(&text));
                    if let Err(error) = saved {
                        app.notify(Tone::Error, format!("Autosave failed: {error:#}"));
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

    /// Writes the current game's record `text` to its autosave file, choosing
    /// the file when the game is new. Returns the file, or `None` when
    /// autosave is off.
    fn autosave(&mut self, app: &App, text: &str) -> Result<Option<PathBuf>> {
        let Some(games) = &self.games else {
            return Ok(None);
        };
        let path = match &self.current {
            Some((serial, path)) if *serial == app.serial() => path.clone(),
            _ => {
                let path = fresh_path(games, &format!("{}-g{}", stamp(), app.serial() + 1));
                self.current = Some((app.serial(), path.clone()));
                path
            }
        };
        write_atomic(&path, text)?;
        Ok(Some(path))
    }

    /// Writes the record for `s`: to `--record FILE` if given, else to a new
    /// file in the export directory.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn export(&self, app: &App) -> Result<PathBuf> {
        let path = match &self.record_file {
            Some(path) => path.clone(),
            None => fresh_path(&self.export_dir, &format!("endodoi-{}", stamp())),
        };
        write_atomic(&path, &app.record().to_string())?;
        Ok(path)
    }

    /// Writes `text` to `--record FILE`, if given, and returns it.
    fn write_record_file(&self, text: &str) -> Result<Option<PathBuf>> {
        let Some(path) = &self.record_file else {
            return Ok(None);
        };
        write_atomic(path, text).context("cannot write --record")?;
        Ok(Some(path.clone()))
    }

    /// At exit: writes `--record FILE` (if given) and the autosave, and says
    /// what the player should know.
    ///
    /// # Errors
    /// When `--record FILE` cannot be written.
    pub fn finish(&mut self, app: &App) -> Result<Vec<String>> {
        let mut notes = Vec::new();
        let text = app.record().to_string();
        // A record still in the viewer is not a game of this run.
        if app.game().ply() > 0 && app.viewer().is_none() {
            // Normally already written; a failure was reported on screen.
            let _ = self.autosave(app, &text);
        }
        if let Some(path) = self.write_record_file(&text)? {
            notes.push(format!("Record written to {}", path.display()));
        }
        if app.unfinished()
            && let Some(path) = self.current()
        {
            notes.push(format!(
                "Game saved in {}; `endodoi --resume` continues it.",
                path.display()
            ));
        }
        Ok(notes)
    }
}

/// `dir/stem.ogn`, or `dir/stem-2.ogn`, … if taken.
fn fresh_path(dir: &Path, stem: &str) -> PathBuf {
    let mut path = dir.join(format!("{stem}.ogn"));
    let mut n = 1u32;
    while path.exists() {
        n += 1;
        path = dir.join(format!("{stem}-{n}.ogn"));
    }
    path
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
}

impl Session {
    /// Prepares a game from the options: a new one, `loaded` (`--load`,
    /// already read), or the last unfinished one (`--resume`).
    ///
    /// # Errors
    /// When `--resume` finds nothing to resume, the board options are
    /// invalid, or `--record FILE` names a file in a folder that does not exist.
    pub fn open(args: &PlayArgs, loaded: Option<Record>, games: Option<&Path>) -> Result<Session> {
        let missing_folder = (args.record.as_deref().and_then(Path::parent))
            .filter(|folder| !folder.as_os_str().is_empty() && !folder.is_dir());
        if let Some(folder) = missing_folder {
            bail!("--record: the folder {} does not exist", folder.display());
        }
        let export_dir = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        let mut store = Store::new(
            games.map(Path::to_path_buf),
            args.record.clone(),
            export_dir,
        );
        let mut app = if args.resume {
            let Some(dir) = games else {
                bail!("--resume: this system has no data directory for saved games");
            };
            let Some((path, record)) = latest_unfinished(dir)? else {
                bail!(
                    "--resume: no unfinished game in {}; start one with `endodoi`",
                    dir.display()
                );
            };
            let app = App::from_record(record.clone(), named(&Players::from_record(&record), args));
            store = store.continuing(app.serial(), path);
            app
        } else if let Some(record) = loaded {
            App::from_record(record.clone(), named(&Players::from_record(&record), args))
        } else {
            let players = named(&Players::new(None, None, args.first_to), args);
            App::new(args.board.config()?, players)
        };
        if let Some(first_to) = args.first_to
            && (args.resume || args.load.is_some())
        {
            app.set_first_to(first_to);
        }
        app.set_animation(!args.no_animation);
        app.set_think(args.think());
        app.look = Look::from_env(args.ascii);
        Ok(Session { app, store })
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
