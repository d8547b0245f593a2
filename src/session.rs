//! Opening a game for the terminal: a new one, one resumed from the saved
//! games (`--resume [ID]`), or a record read with `--load`; the players the
//! command line names, the settings file giving what it leaves out; and
//! `--record FILE` claimed before a move is played.
//! Everything that can fail is done here, before the terminal is taken over,
//! so that every failure is an ordinary error message.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::app::{Answer, App, Match, OpenTarget, SEAT_TAG, SavedGame, Setting, Tone, counted};
use crate::file::{folder_of, is_read_only, kind_of, read_regular};
use crate::options::{GameOptions, Player};
use crate::record::{Form, Record, Tags};
use crate::rules::Side;
use crate::save::lock::{GameLock, Guard, LockError};
use crate::save::{self, Loaded, Opened, Store, games};
use crate::settings::{Field, Settings};
use crate::stats::{self, Stats};
use crate::ui::Look;

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
    /// How the game is drawn (`--ascii`, `NO_COLOR`, the settings).
    pub look: Look,
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
    pub fn open(
        options: &GameOptions,
        loaded: Option<Loaded>,
        games: Option<&Path>,
    ) -> Result<Session> {
        let mut opened = Opened::default();
        let mut warnings = Vec::new();
        let mut app = if let Some(id) = &options.resume {
            let Some(dir) = games else {
                bail!("--resume: this system has no data directory for saved games");
            };
            let (path, record, lock) = resume(dir, id.as_deref(), &mut warnings)?;
            let app =
                App::from_record(record.clone(), named(&Match::from_record(&record), options));
            opened.resumed = Some((path, app.record().clone(), lock));
            app
        } else if let Some(loaded) = loaded {
            let record = loaded.record.clone();
            opened.loaded = Some(loaded);
            App::from_record(record.clone(), named(&Match::from_record(&record), options))
        } else {
            App::new(options.board.config()?, new_players(options))
        };
        if let Some(first_to) = options.first_to
            && options.continues()
        {
            app.set(Setting::FirstTo(first_to));
        }
        if let Some(path) = &options.record {
            opened.record_file = Some(claim_record_file(
                path,
                app.record(),
                opened.loaded.as_ref(),
            )?);
        }
        let store = Store::open(games.map(Path::to_path_buf), opened, app.record());
        Ok(Session::ready(app, store, warnings, options).told_refused_locks())
    }

    /// This session, the player told on screen of each lock that could not
    /// be taken (the file it guards is not written).
    fn told_refused_locks(mut self) -> Session {
        for refused in self.store.refused_locks() {
            self.app.answer(Answer::Notice(Tone::Error, refused));
        }
        self
    }

    /// A game received from elsewhere (the host's, across the network), kept
    /// as a new game is: autosaved into `games`, and in `--record FILE`
    /// (which may hold this game already: the same command joins again).
    ///
    /// # Errors
    /// When `--record FILE` cannot be this game's record.
    pub fn received(
        record: Record,
        options: &GameOptions,
        games: Option<&Path>,
    ) -> Result<Session> {
        let players = Match::from_record(&record);
        let app = App::from_record(record, players);
        let mut opened = Opened {
            resumed: games.and_then(|dir| earlier_save(dir, app.record())),
            ..Opened::default()
        };
        if let Some(path) = &options.record {
            opened.record_file = Some(claim_record_file(path, app.record(), None)?);
        }
        let store = Store::open(games.map(Path::to_path_buf), opened, app.record());
        Ok(Session::ready(app, store, Vec::new(), options).told_refused_locks())
    }

    /// The start screen (`endodoi` in a terminal without a game option):
    /// the saved games in `games` are listed, and a new game is set up as
    /// the options and the defaults give it.
    ///
    /// # Errors
    /// When the board options are invalid.
    pub fn start_screen(options: &GameOptions, games: Option<&Path>) -> Result<Session> {
        let (saved, mut stats, mut warnings) = match games.map(games::list).transpose() {
            Ok(saves) => {
                let saves = saves.unwrap_or_default();
                let warnings = games::unreadable(&saves);
                (saved_games(&saves), stats::of(&saves), warnings)
            }
            Err(error) => (Vec::new(), Stats::default(), vec![format!("{error:#}")]),
        };
        let (rating, problem) =
            crate::puzzle::read_rating(crate::puzzle::rating_path(games).as_deref());
        stats.puzzles = rating;
        warnings.extend(problem);
        let mut app = App::start(options.board.config()?, &new_players(options), saved);
        app.set(Setting::Results(stats));
        let store = Store::open(
            games.map(Path::to_path_buf),
            Opened::default(),
            app.record(),
        );
        Ok(Session::ready(app, store, warnings, options))
    }

    /// The session of `app` and `store`, the player told of the `warnings`
    /// and the app set as the options say.
    fn ready(mut app: App, store: Store, warnings: Vec<String>, options: &GameOptions) -> Session {
        if !warnings.is_empty() {
            app.answer(Answer::Notice(
                Tone::Error,
                format!(
                    "{} cannot be read: `endodoi games` names them",
                    counted(warnings.len(), "saved game")
                ),
            ));
        }
        app.set(Setting::Animation(options.drawing.animate));
        app.set(Setting::Think(options.think()));
        Session {
            app,
            store,
            warnings,
            look: Look::from_env(options.drawing.ascii),
        }
    }

    /// Prepares a game as [`Session::open`] does (or, with `menu`, the start
    /// screen as [`Session::start_screen`] does), the settings in
    /// `settings_file` giving the options left out ([`Settings::fill`]); a
    /// new game's board and players are then remembered there as the last
    /// ones (the file is written only when they change). Returns the warnings about the settings: what could not be read
    /// (the default is used) or saved (the game goes on).
    ///
    /// # Errors
    /// As [`Session::open`]; a settings file is never the cause.
    pub fn open_with_settings(
        options: &GameOptions,
        menu: bool,
        loaded: Option<Loaded>,
        games: Option<&Path>,
        settings_file: Option<&Path>,
    ) -> Result<(Session, Vec<String>)> {
        let (mut settings, warnings) =
            settings_file.map_or_else(|| (Settings::default(), Vec::new()), Settings::load);
        let mut warnings: Vec<String> = warnings.iter().map(ToString::to_string).collect();
        let filled = settings.fill(options);
        let mut session = if menu {
            Session::start_screen(&filled, games)?
        } else {
            Session::open(&filled, loaded, games)?
        };
        session.app.set(Setting::Display {
            speed: settings.speed,
            preview: settings.preview,
            bell: settings.bell,
        });
        if let Some(file) = settings_file
            && !menu
            && !options.continues()
        {
            let before = settings.clone();
            settings.remember(&filled);
            if settings != before
                && let Err(error) = settings.save(file, &Field::LAST_GAME)
            {
                warnings.push(format!("settings not saved: {error:#}"));
            }
        }
        if !warnings.is_empty() && session.warnings.is_empty() {
            session.app.answer(Answer::Notice(
                Tone::Error,
                format!(
                    "{} with the settings file; they are listed when the game ends",
                    counted(warnings.len(), "problem")
                ),
            ));
        }
        Ok((session, warnings))
    }

    /// A screen that opens no game (a record in the replay viewer, the
    /// lesson), drawn in `look`: `s` saves a copy, and a game played on from
    /// it is autosaved.
    pub fn viewing(app: App, look: Look) -> Session {
        Session {
            app,
            store: Store::new(save::games_dir(), None, Store::export_dirs()),
            warnings: Vec::new(),
            look,
        }
    }
}

/// The start screen's list of `saves`: those that can be read, newest first.
fn saved_games(saves: &[games::Save]) -> Vec<SavedGame> {
    let mut saves: Vec<&games::Save> = saves.iter().filter(|save| save.record.is_ok()).collect();
    saves.sort_by_key(|save| std::cmp::Reverse(save.modified));
    saves
        .into_iter()
        .filter_map(|save| {
            let record = save.record.as_ref().ok()?;
            let when = time::OffsetDateTime::from(save.modified);
            let when = format!(
                "{:04}-{:02}-{:02} {:02}:{:02}",
                when.year(),
                u8::from(when.month()),
                when.day(),
                when.hour(),
                when.minute()
            );
            Some(SavedGame::of(
                record,
                (save.id.clone(), save.path.clone()),
                when,
                save.holder.map(|holder| holder.to_string()),
            ))
        })
        .collect()
}

/// Opens what the app asked for (its [`crate::app::Effect::Open`]), the
/// saved games being in `games`: a saved game chosen on the start screen,
/// continued as `--resume ID` would, a record file shown in the replay
/// viewer, or the start screen again (its new game set up as the settings
/// file `settings` says, as when `endodoi` opens on it). Returns the app
/// that goes on with it and the store that keeps it (the locks it could not
/// take are in [`Store::refused_locks`]).
///
/// # Errors
/// When it cannot be opened: the saved game is gone, unreadable or in use,
/// the record file cannot be read. The start screen stays, and says why.
pub fn open_chosen(
    opening: &OpenTarget,
    games: Option<PathBuf>,
    settings: Option<&Path>,
) -> Result<(App, Store)> {
    match opening {
        OpenTarget::Resume(id) => resume_chosen(games, id),
        OpenTarget::Replay(path) => replay_chosen(games, path),
        OpenTarget::Menu => menu_again(games.as_deref(), settings),
    }
}

/// The start screen again: the saved games in `games` and their results
/// read anew (the game just left among them), a new game set up as the
/// settings file says (what could not be read of it was told at the start).
fn menu_again(games: Option<&Path>, settings: Option<&Path>) -> Result<(App, Store)> {
    let settings = settings.map_or_else(Settings::default, |path| Settings::load(path).0);
    let session = Session::start_screen(&settings.fill(&GameOptions::default()), games)?;
    Ok((session.app, session.store))
}

/// The saved game `id` in `games`, locked, and the store that keeps it.
fn resume_chosen(games: Option<PathBuf>, id: &str) -> Result<(App, Store)> {
    let Some(dir) = games else {
        bail!("this system has no data directory for saved games");
    };
    let (path, record, lock) = resume(&dir, Some(id), &mut Vec::new())?;
    let app = App::from_record(record.clone(), Match::from_record(&record));
    let opened = Opened {
        resumed: Some((path, app.record().clone(), lock)),
        ..Opened::default()
    };
    let store = Store::open(Some(dir), opened, app.record());
    Ok((app, store))
}

/// The record file `path` in the replay viewer (as far as it can be read,
/// its fault told), and a store that never writes it.
fn replay_chosen(games: Option<PathBuf>, path: &Path) -> Result<(App, Store)> {
    // A leading `~/` is the home folder, as a shell would read it.
    let path = match (path.strip_prefix("~"), directories::BaseDirs::new()) {
        (Ok(rest), Some(dirs)) => dirs.home_dir().join(rest),
        _ => path.to_path_buf(),
    };
    let name = path.display().to_string();
    let bytes = read_regular(&path)?;
    let partial = Record::read_until_fault(&bytes, Form::File).with_context(|| name.clone())?;
    let label = path
        .file_name()
        .map_or(name, |file| file.to_string_lossy().into_owned());
    let fault = partial.error.map(|error| error.to_string());
    let app = App::review(partial.record, &label, fault);
    Ok((app, Store::new(games, None, Store::export_dirs())))
}

/// The saved game `--resume [ID]` continues (without an ID, the newest
/// unfinished game with a move), read again once locked. Saves that cannot
/// be read are added to `warnings`.
fn resume(
    dir: &Path,
    id: Option<&str>,
    warnings: &mut Vec<String>,
) -> Result<(PathBuf, Record, Guard)> {
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
    // A lock that cannot be made (a FIFO in its place, say) stops the save
    // being written: the game is played and told as not saved.
    let lock = match GameLock::acquire(&chosen.path) {
        Err(held @ LockError::Held { .. }) => {
            bail!("--resume: {held}; `endodoi games` lists the other saved games")
        }
        lock => lock,
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

/// The unfinished save in `games` of the game `received` (the host's,
/// across the network) as it stood earlier, locked: the same board, players
/// and date, and moves that `received` goes on from (none, in the game of
/// the same seat). A joiner that joins again goes on in that file rather
/// than leaving it behind unfinished.
fn earlier_save(games: &Path, received: &Record) -> Option<(PathBuf, Record, Guard)> {
    let same_tags = |record: &Record| {
        [Tags::SOUTH, Tags::NORTH, Tags::DATE]
            .iter()
            .all(|tag| record.tag(tag) == received.tag(tag))
    };
    let goes_on = |record: &Record| {
        let history = record.game.history();
        record.game.config() == received.game.config()
            && received.game.history().starts_with(history)
            && (!history.is_empty()
                || record
                    .tag(SEAT_TAG)
                    .is_some_and(|seat| received.tag(SEAT_TAG) == Some(seat)))
    };
    games::list(games).ok()?.into_iter().find_map(|save| {
        let record = save.record.as_ref().ok()?;
        if !save.unfinished() || save.holder.is_some() || !same_tags(record) || !goes_on(record) {
            return None;
        }
        let lock = GameLock::acquire(&save.path).ok()?;
        Some((save.path.clone(), record.clone(), Ok(lock)))
    })
}

/// Checks that `--record FILE` may hold the game that starts as `start`, and
/// locks it: a new file, or this game's own record (the loaded file, an
/// empty file, or a record of this very game). Anything else is refused
/// before a move is played, so that no file is ever lost to `--record`.
fn claim_record_file(
    path: &Path,
    start: &Record,
    loaded: Option<&Loaded>,
) -> Result<(PathBuf, Guard)> {
    let shown = path.display();
    let folder = folder_of(path);
    if !folder.is_dir() {
        bail!("--record: the folder {} does not exist", folder.display());
    }
    // The record is never written through a link (to nothing or not):
    // refused now, not at every move.
    if fs::symlink_metadata(path).is_ok_and(|metadata| metadata.is_symlink()) {
        bail!(
            "--record {shown}: a symbolic link, refused: the record is never written through \
             one; name the file itself"
        );
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
    if let Some(metadata) = &metadata
        && is_read_only(path, metadata)
    {
        bail!("--record {shown}: the file is read-only; name another file, or make it writable");
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
        Err(held @ LockError::Held { .. }) => bail!("--record {shown}: {held}"),
        lock => lock,
    };
    let is_loaded = loaded.is_some_and(|loaded| loaded.is_at(path));
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

/// The players of a new game as `options` set it up: names, computers, a
/// match, a clock, a game without hints and take-backs.
fn new_players(options: &GameOptions) -> Match {
    let mut players = named(&Match::new(None, None, options.first_to), options);
    players.clock = options.clock;
    players.no_assist = options.no_assist;
    players
}

/// `players` with the names and computers given on the command line, if any.
fn named(players: &Match, options: &GameOptions) -> Match {
    let mut players = players.clone();
    for side in [Side::South, Side::North] {
        match &options.players[side] {
            Some(Player::Human(name)) => {
                players.set_computer(side, None);
                players.set_name(side, name);
            }
            Some(Player::Computer(level)) => players.set_computer(side, Some(*level)),
            None => {}
        }
    }
    players
}
