//! The seats kept on disk: one file a seat, `seats/ID` in the data folder,
//! readable by its owner only (written as a temporary file of mode 0600,
//! then renamed), holding the secret and how it was made. The game's record
//! names the seat (its `Seat` tag) but never holds the secret, so that a
//! record can be shared.

use std::fs;
use std::os::unix::fs::DirBuilderExt as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};

use crate::file::{read_regular, write_new};

use super::secure::Seat;

/// What a seat's file holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Kept {
    /// The secret, in hexadecimal.
    secret: String,
    /// `host` or `joiner`: the end this program was.
    end: String,
    /// The fingerprint of the command that made it, for the joiner's same
    /// command to find it again.
    made_by: String,
}

/// The folder of seats, if the platform has a data folder.
pub fn seats_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "endodoi").map(|dirs| dirs.data_dir().join("seats"))
}

/// The file of seat `id` in `dir` (an `id` that is not 16 hexadecimal
/// digits has none).
fn path_of(dir: &Path, id: &str) -> Option<PathBuf> {
    (id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit())).then(|| dir.join(id))
}

/// Keeps `seat` in `dir`, made by this program as `end` through the
/// command whose fingerprint is `made_by`.
///
/// # Errors
/// When the folder or the file cannot be written.
pub fn keep(dir: &Path, seat: &Seat, end: &str, made_by: &str) -> Result<()> {
    fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .with_context(|| format!("cannot create {}", dir.display()))?;
    let kept = Kept {
        secret: seat.to_hex(),
        end: end.to_owned(),
        made_by: made_by.to_owned(),
    };
    let text = serde_json::to_string(&kept)?;
    let path = dir.join(seat.id());
    match write_new(&path, &text) {
        // The same seat kept already (a game resumed): nothing to do.
        Err(_) if read(&path).is_some_and(|old| old == kept) => Ok(()),
        written => written,
    }
}

fn read(path: &Path) -> Option<Kept> {
    serde_json::from_slice(&read_regular(path).ok()?).ok()
}

/// The seat `id` kept in `dir`, if it is there and whole, and what made
/// it (for a host: the command the other player typed).
pub fn find(dir: &Path, id: &str) -> Option<(Seat, String)> {
    let kept = read(&path_of(dir, id)?)?;
    let seat = Seat::from_hex(&kept.secret)?;
    (seat.id() == id).then_some((seat, kept.made_by))
}

/// The seat this program kept as a joiner through the command whose
/// fingerprint is `made_by`, if any.
pub fn find_made_by(dir: &Path, made_by: &str) -> Option<Seat> {
    fs::read_dir(dir).ok()?.flatten().find_map(|entry| {
        let kept = read(&entry.path())?;
        let seat = Seat::from_hex(&kept.secret)?;
        (kept.end == "joiner" && kept.made_by == made_by && entry.file_name() == *seat.id())
            .then_some(seat)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::secure::random_bytes;
    use std::os::unix::fs::PermissionsExt as _;

    #[test]
    fn a_seat_is_kept_for_its_owner_only_and_found_by_name_or_command() {
        let dir = tempfile::tempdir().expect("a folder");
        let seats = dir.path().join("seats");
        let seat = Seat::from_secret(random_bytes());
        keep(&seats, &seat, "joiner", "f1").expect("kept");
        keep(&seats, &seat, "joiner", "f1").expect("kept again, the same");
        let path = seats.join(seat.id());
        let mode = fs::metadata(&path).expect("the file").permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        assert_eq!(
            find(&seats, &seat.id()),
            Some((seat.clone(), "f1".to_owned()))
        );
        assert_eq!(find_made_by(&seats, "f1"), Some(seat.clone()));
        assert_eq!(find_made_by(&seats, "f2"), None);
        assert_eq!(find(&seats, "../../etc/passwd"), None);
        // A file that lies about its name is no seat.
        let other = Seat::from_secret(random_bytes());
        fs::copy(&path, seats.join(other.id())).expect("a copy");
        assert_eq!(find(&seats, &other.id()), None);
    }
}
