//! A record file read with `--load`, kept with its text so that the game is
//! written back as the file was written.

use std::fmt::Write as _;
use std::fs;
use std::os::unix::fs::MetadataExt as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::file::read_record_bytes;
use crate::record::Record;
use crate::rules::Game;

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
    /// Its device and inode, if it is a file.
    pub(super) identity: Option<(u64, u64)>,
}

impl Loaded {
    /// Reads the record file `path` (`-` for standard input).
    ///
    /// # Errors
    /// As [`crate::file::read_record`].
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

    /// Whether `path` names this very file (not standard input).
    pub fn is_at(&self, path: &Path) -> bool {
        self.identity.is_some() && self.identity == identity(path)
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
pub(super) fn identity(path: &Path) -> Option<(u64, u64)> {
    fs::metadata(path)
        .ok()
        .map(|metadata| (metadata.dev(), metadata.ino()))
}
