//! The saved games: `endodoi games` lists them and `--resume [ID]` opens one.
//!
//! Only regular files are ever opened (a FIFO or a device named `*.ogn` is
//! named, never read), and every save that cannot be read is named with the
//! reason, so that no game hides behind a damaged file.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use anyhow::{Context as _, Result};

use super::lock::{GameLock, Holder};
use crate::app::Match;
use crate::file::{kind_of, read_regular};
use crate::record::{Reason, Record, Verdict, terminal_safe};
use crate::rules::Side;
use crate::table::{Align, table};
use crate::ui::shown_name;

/// The extension of saved games.
const EXTENSION: &str = "ogn";

/// One file in the games folder.
#[derive(Debug)]
pub struct Save {
    /// What `--resume ID` calls it: the file name without `.ogn`.
    pub id: String,
    /// The file.
    pub path: PathBuf,
    /// When it was last written.
    pub modified: SystemTime,
    /// The game, or why it cannot be read.
    pub record: Result<Record, String>,
    /// The process playing it now, if any.
    pub holder: Option<Holder>,
}

impl Save {
    /// Whether it holds a game that is not over (by the rules, or ended
    /// before them: a resigned game is over).
    pub fn unfinished(&self) -> bool {
        self.record
            .as_ref()
            .is_ok_and(|record| record.verdict().is_none())
    }

    /// The cells of this save's row in `endodoi games`: whatever the
    /// file's name and the game's tags hold, escaped, the names cut as the
    /// board cuts them; a save that cannot be read has the reason in one
    /// cell across the rest.
    fn row(&self) -> Vec<String> {
        let mut row = vec![terminal_safe(&self.id)];
        match &self.record {
            Ok(record) => {
                let game = &record.game;
                let result = match record.verdict() {
                    None => format!("{} to move", game.position().to_move()),
                    Some(verdict) => verdict_words(verdict),
                };
                let players = Match::from_record(record);
                let config = game.config();
                let mut board = format!(
                    "{} holes, {} seeds, {}",
                    config.width(),
                    config.seeds(),
                    config.variant().name(),
                );
                if let Some(holder) = self.holder {
                    let _ = write!(board, "  (in use by {holder})");
                }
                row.extend([
                    game.ply().to_string(),
                    result,
                    shown_name(&players, Side::South),
                    shown_name(&players, Side::North),
                    board,
                ]);
            }
            Err(reason) => {
                let mut note = format!("cannot be read: {}", terminal_safe(reason));
                if let Some(holder) = self.holder {
                    let _ = write!(note, "  (in use by {holder})");
                }
                row.push(note);
            }
        }
        row
    }
}

/// How a game ended, in the past tense of `endodoi games`: `South won
/// 29-19`, `drawn 24-24`, and for a game ended before the rules end it, why
/// (`North won (South resigned)`, `drawn by agreement`).
fn verdict_words(verdict: Verdict) -> String {
    let totals = verdict.totals;
    match (verdict.winner, verdict.reason) {
        (Some(side), Reason::Rules(_)) => {
            format!("{side} won {}-{}", totals[side], totals[side.opponent()])
        }
        (None, Reason::Rules(_)) => format!("drawn {}-{}", totals.south, totals.north),
        (Some(side), Reason::Ended(ending)) => format!("{side} won ({ending})"),
        (None, Reason::Ended(_)) => "drawn by agreement".to_owned(),
    }
}

/// The saved games in `dir`: unfinished games first, newest first, then the
/// others (finished or unreadable), newest first. No folder: no games.
///
/// # Errors
/// When `dir` exists but cannot be listed.
pub fn list(dir: &Path) -> Result<Vec<Save>> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(error).with_context(|| format!("cannot list {}", dir.display())),
    };
    let mut saves = Vec::new();
    for entry in entries {
        let entry = entry.with_context(|| format!("cannot list {}", dir.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(id) = name.strip_suffix(&format!(".{EXTENSION}")) else {
            continue;
        };
        if id.starts_with('.') {
            continue;
        }
        let path = entry.path();
        let metadata = fs::symlink_metadata(&path);
        let modified = metadata
            .as_ref()
            .ok()
            .and_then(|metadata| metadata.modified().ok())
            .unwrap_or(SystemTime::UNIX_EPOCH);
        let record = match metadata {
            Ok(metadata) if !metadata.is_file() => Err(format!(
                "{} is not a regular file",
                kind_of(&metadata.file_type())
            )),
            _ => read_save(&path),
        };
        saves.push(Save {
            id: id.to_owned(),
            holder: GameLock::holder(&path),
            path,
            modified,
            record,
        });
    }
    saves.sort_by_key(|save| (!save.unfinished(), std::cmp::Reverse(save.modified)));
    Ok(saves)
}

/// Reads a saved game, opening nothing but a regular file, and checks that it
/// is whole: a save always ends with its result and a line break.
///
/// # Errors
/// Why it cannot be read, in words.
pub fn read_save(path: &Path) -> Result<Record, String> {
    let bytes = read_regular(path).map_err(|error| format!("{error:#}"))?;
    let record = Record::read(&bytes).map_err(|error| error.to_string())?;
    let ending = format!("{}\n", record.result_token());
    if !bytes.ends_with(ending.as_bytes()) {
        return Err(format!(
            "cut short: it does not end with the result `{}`",
            record.result_token()
        ));
    }
    Ok(record)
}

/// The saves that cannot be read, one `ID: reason` each.
pub fn unreadable(saves: &[Save]) -> Vec<String> {
    saves
        .iter()
        .filter_map(|save| {
            let reason = save.record.as_ref().err()?;
            Some(terminal_safe(&format!("{}: {reason}", save.path.display())))
        })
        .collect()
}

/// `endodoi games`: the saved games in `dir`, one a line.
///
/// # Errors
/// When `dir` exists but cannot be listed.
pub fn listing(dir: &Path) -> Result<String> {
    let saves = list(dir)?;
    if saves.is_empty() {
        return Ok(format!(
            "No saved games in {}\n",
            terminal_safe(&dir.display().to_string())
        ));
    }
    let mut text = format!(
        "Saved games in {}, unfinished first, newest first; `endodoi --resume ID` continues one:\n",
        terminal_safe(&dir.display().to_string())
    );
    let rows: Vec<Vec<String>> = saves.iter().map(Save::row).collect();
    text.push_str(&table(
        &[
            ("ID", Align::Left),
            ("Moves", Align::Right),
            ("Result", Align::Left),
            ("South", Align::Left),
            ("North", Align::Left),
            ("Board", Align::Left),
        ],
        &rows,
    ));
    Ok(text)
}
