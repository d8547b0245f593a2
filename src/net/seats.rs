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
struct SeatFile {
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

/// Makes sure the seats' secrets are kept in a folder of this user's own,
/// readable by them only: one that others may read or enter is made so
/// (mode 0700); a link, something else than a folder, or another user's
/// folder is refused.
///
/// # Errors
/// When `dir` is refused or its mode cannot be set, saying why.
fn private_folder(dir: &Path) -> Result<()> {
    use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
    let name = dir.display();
    let metadata = fs::symlink_metadata(dir).with_context(|| format!("cannot read {name}"))?;
    if metadata.is_symlink() {
        anyhow::bail!(
            "{name}: a symbolic link, refused: the seats' secrets are kept in a folder of your own"
        );
    }
    if !metadata.is_dir() {
        anyhow::bail!(
            "{name}: {} is not a folder",
            crate::file::kind_of(&metadata.file_type())
        );
    }
    if metadata.uid() != rustix::process::geteuid().as_raw() {
        anyhow::bail!(
            "{name}: another user's folder, refused: the seats' secrets are kept in a folder of your own"
        );
    }
    if metadata.mode() & 0o077 != 0 {
        fs::set_permissions(dir, fs::Permissions::from_mode(0o700))
            .with_context(|| format!("cannot make {name} readable by you only"))?;
    }
    Ok(())
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
        .map_err(|error| crate::file::failure("cannot create", dir, &error))?;
    private_folder(dir)?;
    let kept = SeatFile {
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

fn read(path: &Path) -> Option<SeatFile> {
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

    #[test]
    fn a_seats_folder_others_may_read_is_made_private_and_a_link_is_refused() {
        let dir = tempfile::tempdir().expect("a folder");
        let seats = dir.path().join("seats");
        fs::create_dir(&seats).expect("the folder");
        fs::set_permissions(&seats, fs::Permissions::from_mode(0o777)).expect("0777");
        let seat = Seat::from_secret(random_bytes());
        keep(&seats, &seat, "host", "f1").expect("kept");
        let mode = fs::metadata(&seats)
            .expect("the folder")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o700);
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&seats, &link).expect("a link");
        let error = keep(&link, &seat, "host", "f1").expect_err("a link");
        assert_eq!(
            error.to_string(),
            format!(
                "{}: a symbolic link, refused: the seats' secrets are kept in a folder of your own",
                link.display()
            )
        );
    }
}
