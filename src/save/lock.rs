//! Advisory locks on the games being played, so that two programs never
//! write one record: the second is told which process has the game.
//!
//! A record is rewritten by renaming a new file over it, so the lock cannot
//! sit on the record itself: it is a hidden file beside it, `.NAME.lock`,
//! locked with `flock` and holding the player's process id. The lock ends with
//! the process however it ends; a clean exit also removes the file. A lock
//! file is only ever a regular file of the program's: a link, a FIFO or a
//! folder in its place is refused ([`crate::file::open_lock`]), never
//! followed nor waited on.

use std::fs::{self, File};
use std::io::{self, Read as _, Seek as _, Write as _};
use std::os::unix::fs::MetadataExt as _;
use std::path::{Path, PathBuf};

use rustix::fs::{FlockOperation, flock};

use crate::file::{open_lock, open_lock_to_read};

/// Why a game could not be locked.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another program is playing the game.
    #[error("{} is in use by {holder}", game.display())]
    Held {
        /// The game's record.
        game: PathBuf,
        /// The process that has it.
        holder: Holder,
    },
    /// The lock file cannot be made (an unwritable folder, say), or
    /// something else is in its place (a link, a FIFO, a folder): the game's
    /// file is then not written.
    #[error("cannot lock {}: {source}", game.display())]
    Io {
        /// The game's record.
        game: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
}

/// A game's lock, or why it could not be taken: the game's file is then
/// not written, for two programs must never write one file unlocked.
pub type Guard = Result<GameLock, LockError>;

/// The process that holds a game: its id, if it has written it yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holder(pub Option<u32>);

impl std::fmt::Display for Holder {
    /// "process 1234", or "another process" when its id is unknown.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(pid) => write!(f, "process {pid}"),
            None => f.write_str("another process"),
        }
    }
}

/// The holder named in a locked lock file.
fn read_holder(file: &mut File) -> Holder {
    let mut text = String::new();
    Holder(
        file.read_to_string(&mut text)
            .ok()
            .and_then(|_| text.trim().parse().ok()),
    )
}

/// A game this process holds; dropping it releases the game.
#[derive(Debug)]
pub struct GameLock {
    file: File,
    path: PathBuf,
}

impl GameLock {
    /// Locks the game recorded in `game` (which need not exist yet).
    ///
    /// # Errors
    /// [`LockError::Held`] when another process has it; [`LockError::Io`]
    /// when the lock file cannot be made.
    pub fn acquire(game: &Path) -> Result<GameLock, LockError> {
        let path = lock_path(game);
        let io = |source| LockError::Io {
            game: game.to_path_buf(),
            source,
        };
        loop {
            let mut file = open_lock(&path).map_err(io)?;
            match flock(&file, FlockOperation::NonBlockingLockExclusive) {
                Ok(()) => {}
                Err(rustix::io::Errno::WOULDBLOCK) => {
                    return Err(LockError::Held {
                        game: game.to_path_buf(),
                        holder: read_holder(&mut file),
                    });
                }
                Err(error) => return Err(io(error.into())),
            }
            // The last holder removes the file as it lets go: a lock taken on
            // a file that is no longer there locks nothing, so start again.
            let ours = file.metadata().map_err(io)?;
            let there = fs::symlink_metadata(&path);
            if !there.is_ok_and(|there| there.dev() == ours.dev() && there.ino() == ours.ino()) {
                continue;
            }
            file.set_len(0)
                .and_then(|()| file.rewind())
                .and_then(|()| writeln!(file, "{}", std::process::id()))
                .map_err(io)?;
            return Ok(GameLock { file, path });
        }
    }

    /// Who has the game recorded in `game`, if another process has it;
    /// looks without taking the lock, and without opening a lock file that
    /// is not a regular file.
    pub fn holder(game: &Path) -> Option<Holder> {
        let mut file = open_lock_to_read(&lock_path(game))?;
        match flock(&file, FlockOperation::NonBlockingLockShared) {
            Err(rustix::io::Errno::WOULDBLOCK) => Some(read_holder(&mut file)),
            Ok(()) | Err(_) => None,
        }
    }
}

impl Drop for GameLock {
    fn drop(&mut self) {
        // Removed while still locked, so no one else can be holding it.
        let _ = fs::remove_file(&self.path);
        let _ = flock(&self.file, FlockOperation::Unlock);
    }
}

/// `dir/.NAME.lock` for the record `dir/NAME`.
fn lock_path(game: &Path) -> PathBuf {
    let name = game.file_name().unwrap_or_default().to_string_lossy();
    game.with_file_name(format!(".{name}.lock"))
}
