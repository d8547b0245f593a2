//! The last resort for a game its own files could not keep: its record
//! written into the first folder `s` saves in that can be written, when no
//! terminal is left to print it on (a closed terminal, SIGHUP) or the
//! program ends before it could ([`rescue`]); and what a file the game was
//! written to holds now, read back from the disk ([`holds_now`]), so that
//! the exit summary tells the truth about it.

use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow};

use super::{Farewell, Store, stamp, write_under_free_name};
use crate::app::Snapshot;
use crate::file::{Audience, read_regular};
use crate::record::Record;

/// Writes `text` to a new file `endodoi-STAMP.ogn` (readable by
/// `audience`) in the first of `dirs` where it can be written.
///
/// # Errors
/// When no folder can be written: the first failure.
pub(super) fn write_in_first_folder(
    dirs: &[PathBuf],
    text: &str,
    audience: Audience,
) -> Result<PathBuf> {
    let mut first_failure = None;
    for dir in dirs {
        match write_under_free_name(
            dir,
            &format!("endodoi-{}", stamp()),
            (text, audience),
            |_| Ok(Some(())),
        ) {
            Ok((path, ())) => return Ok(path),
            Err(error) => {
                first_failure.get_or_insert(error);
            }
        }
    }
    Err(first_failure.unwrap_or_else(|| anyhow!("no folder to save in")))
}

/// Keeps `text`, the record of a game kept nowhere, where `s` would: in the
/// first of [`Store::export_dirs`] that can be written (a file of the
/// player's own: the saves folder could not have it).
///
/// # Errors
/// When no folder can be written: the first failure.
pub fn rescue(text: &str) -> Result<PathBuf> {
    write_in_first_folder(&Store::export_dirs(), text, Audience::Private)
}

/// The records of this run's games that no file holds as they are now:
/// what a program ended before its last words must [`rescue`]. Kept up to
/// date after every save ([`Store::bring_up_to_date`]), shared with
/// whatever ends the program early.
#[derive(Debug, Default)]
pub struct LastWords {
    /// The earlier games' records, in the order they were found kept
    /// nowhere.
    earlier: Vec<String>,
    /// How many of `earlier` came from the games left for another screen,
    /// and how many from the store's own.
    copied: (usize, usize),
    /// The game being played, if no file holds it as it is.
    game: Option<Unwritten>,
}

/// A record to be written out only if it is needed (most never are): as the
/// loaded file was written, a continued game's text is made at once.
#[derive(Debug)]
enum Unwritten {
    Text(String),
    Record(Record),
}

impl LastWords {
    /// Every record, leaving none.
    pub fn take(&mut self) -> Vec<String> {
        self.copied = (0, 0);
        let mut records = std::mem::take(&mut self.earlier);
        records.extend(self.game.take().map(|game| match game {
            Unwritten::Text(text) => text,
            Unwritten::Record(record) => record.to_string(),
        }));
        records
    }
}

impl Store {
    /// Brings `words` up to date once `game`, the one being played, is
    /// saved; `left` are the records kept nowhere of games left for another
    /// screen. Neither list of earlier records ever shrinks while games are
    /// played, so only the records added since are copied: a move costs the
    /// same in the hundredth game of a run as in the first.
    pub fn bring_up_to_date(&self, words: &mut LastWords, left: &[String], game: Snapshot) {
        self.add_earlier(words, left);
        let kept = !game.playing || game.record.game.ply() == 0 || self.kept.holds(&game.record);
        words.game = (!kept).then(|| match self.loaded_as(&game) {
            Some(_) => Unwritten::Text(self.record_text(&game)),
            None => Unwritten::Record(game.record),
        });
    }
}

impl Store {
    /// Copies into `words` the records kept nowhere added to `left` and to
    /// this store since they were last brought up to date.
    fn add_earlier(&self, words: &mut LastWords, left: &[String]) {
        let (from_left, from_store) = words.copied;
        words.earlier.extend(left.iter().skip(from_left).cloned());
        words
            .earlier
            .extend(self.unkept.iter().skip(from_store).cloned());
        words.copied = (left.len(), self.unkept.len());
    }

    /// Makes `words` anew, with no game being played, once this store has
    /// replaced the one before it (a game opened on the start screen): what
    /// that one kept nowhere, the game it was left with included, is
    /// `left`'s now.
    pub fn words_anew(&self, words: &mut LastWords, left: &[String]) {
        *words = LastWords::default();
        self.add_earlier(words, left);
    }
}

impl Farewell {
    /// With no terminal to print them on: writes the records kept nowhere
    /// where `s` would ([`rescue`]), and says where each went; those that
    /// cannot be written stay to be printed.
    pub fn rescue_unkept(&mut self) {
        let mut left = Vec::new();
        for text in std::mem::take(&mut self.unkept) {
            match rescue(&text) {
                Ok(path) => self.notes.push(format!(
                    "The record is kept in {} instead; `endodoi --load {0}` continues it.",
                    path.display()
                )),
                Err(error) => {
                    self.failures.push(format!("{error:#}"));
                    left.push(text);
                }
            }
        }
        self.unkept = left;
    }
}

/// How many moves of the game the file `path` holds now, read back from
/// the disk; else what is wrong with it, in words (the file is gone, is a
/// FIFO or a folder now, is no record).
pub(super) fn holds_now(path: &Path) -> Result<usize, String> {
    let bytes = read_regular(path).map_err(|error| format!("{error:#}"))?;
    Record::read(&bytes)
        .map(|record| record.game.ply())
        .map_err(|error| format!("{}: {error}", path.display()))
}
