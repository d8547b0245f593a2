//! Files read and written with care: read only when they are regular
//! files of a sane size (never a FIFO that would block, nor a file of
//! gigabytes), written atomically so that a reader never sees half of one.
//! Every file the program creates or writes goes through here: a lock
//! ([`open_lock`]), a new file ([`write_new`]) or one replaced
//! ([`write_atomic`], [`write_atomic_through_link`]). None is ever opened
//! through a symbolic link the program did not expect, none waits on a FIFO
//! or a device, and a file the user made read-only is left as it is.
//! Messages name the file and say what the system said.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write as _};
use std::os::unix::fs::{MetadataExt as _, OpenOptionsExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};

pub use endodoi_core::record::MAX_RECORD_BYTES;
use endodoi_core::record::Record;

/// Reads a record file (`-` for standard input), naming the file in any error.
///
/// # Errors
/// When the file cannot be read, is too large, or is not a valid record.
pub fn read_record(path: &Path) -> Result<Record> {
    let (name, bytes) = read_record_bytes(path)?;
    Record::read(&bytes).with_context(|| name)
}

/// The bytes of a record file the player names (`-` for standard input)
/// and its name for messages. As every file the program reads, it must be
/// a regular file: a FIFO or a device is refused at once, never waited for
/// (a record from a pipe comes on standard input). A symbolic link the
/// player gives is followed: reading through one harms nothing, unlike
/// writing, which never does.
///
/// # Errors
/// When the file cannot be read, is no regular file, or is larger than
/// [`MAX_RECORD_BYTES`].
pub fn read_record_bytes(path: &Path) -> Result<(String, Vec<u8>)> {
    if path == Path::new("-") {
        let name = "standard input".to_owned();
        let bytes = read_capped(std::io::stdin(), &name)?;
        return Ok((name, bytes));
    }
    let name = path.display().to_string();
    let file =
        open_without_waiting(path, true).map_err(|error| failure("cannot open", path, &error))?;
    Ok((
        name.clone(),
        read_opened(
            file,
            &name,
            " (a record from a pipe comes on standard input: `-`)",
        )?,
    ))
}

/// The bytes of `path`, if it is a regular file of at most
/// [`MAX_RECORD_BYTES`]; a FIFO, a device or a link is never read (nor
/// waited for).
///
/// # Errors
/// When it is something else, or cannot be read.
pub fn read_regular(path: &Path) -> Result<Vec<u8>> {
    let name = path.display().to_string();
    let file =
        open_without_waiting(path, false).map_err(|error| failure("cannot open", path, &error))?;
    read_opened(file, &name, "")
}

/// The bytes of `file` (named `name`), opened without waiting, if it is a
/// regular file of at most [`MAX_RECORD_BYTES`]; else why not, and `hint`.
fn read_opened(file: fs::File, name: &str, hint: &str) -> Result<Vec<u8>> {
    let metadata = file
        .metadata()
        .with_context(|| format!("cannot read {name}"))?;
    if !metadata.is_file() {
        bail!(
            "{name}: {} is not a regular file{hint}",
            kind_of(&metadata.file_type())
        );
    }
    read_capped(file, name)
}

/// `path` opened for reading without waiting: a FIFO with no writer opens
/// at once (rather than hanging), so that the caller can see what it is and
/// refuse it. A symbolic link is followed only if `follow_links`.
///
/// # Errors
/// When it cannot be opened (a link, with `follow_links` false).
pub fn open_without_waiting(path: &Path, follow_links: bool) -> std::io::Result<fs::File> {
    let mut flags = rustix::fs::OFlags::NONBLOCK;
    if !follow_links {
        flags |= rustix::fs::OFlags::NOFOLLOW;
    }
    OpenOptions::new()
        .read(true)
        .custom_flags(flags.bits().cast_signed())
        .open(path)
}

/// Reads at most [`MAX_RECORD_BYTES`] from `reader`, refusing more.
fn read_capped(reader: impl Read, name: &str) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {name}"))?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        bail!("{name}: {}; not a game record", too_large());
    }
    Ok(bytes)
}

/// What is said of a file larger than [`MAX_RECORD_BYTES`].
pub fn too_large() -> String {
    format!("larger than {} MiB", MAX_RECORD_BYTES >> 20)
}

/// What the player reads of `error`, met `doing` something to `path`:
/// "cannot open PATH: REASON", the file named and the reason in words
/// ([`reason`]). Every I/O error the program shows is said so.
pub fn failure(doing: &str, path: &Path, error: &io::Error) -> anyhow::Error {
    anyhow::Error::new(io::Error::new(error.kind(), reason(path, error)))
        .context(format!("{doing} {}", path.display()))
}

/// Why `error` happened at `path`, in words: what the system said, but
/// for a symbolic link refused on purpose ("a symbolic link: refused", not
/// "too many levels of symbolic links"), a link to nothing where a folder
/// or file was to be made (not "file exists"), and an error that `tempfile`
/// stripped of the system's words.
pub fn reason(path: &Path, error: &io::Error) -> String {
    let link = fs::symlink_metadata(path).is_ok_and(|metadata| metadata.is_symlink());
    match error.raw_os_error() {
        Some(code) if link && code == rustix::io::Errno::LOOP.raw_os_error() => {
            "a symbolic link: refused".to_owned()
        }
        Some(code) if link && code == rustix::io::Errno::EXIST.raw_os_error() => {
            match (fs::metadata(path), fs::read_link(path)) {
                (Err(_), Ok(to)) => {
                    format!("a symbolic link to {}, which does not exist", to.display())
                }
                _ => error.to_string(),
            }
        }
        _ => plain(io::Error::new(error.kind(), error.to_string())).to_string(),
    }
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

/// The folder of `path` (`.` for a bare file name).
pub fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Who may read a file the program writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Its owner only (mode 0600): saves, seats, settings.
    Private,
    /// Whoever the user's umask lets (mode 0666 less the umask): a record
    /// or a picture the player names, made to be shared.
    Shared,
}

impl Audience {
    /// The mode a new file of this audience is made with, before the umask.
    fn mode(self) -> u32 {
        match self {
            Audience::Private => 0o600,
            Audience::Shared => 0o666,
        }
    }
}

/// `text` in a new temporary file in `dir` of mode 0600, flushed to the
/// disk.
///
/// # Errors
/// When the file cannot be made or written, naming `dir`.
pub fn temporary(dir: &Path, text: &str) -> Result<tempfile::NamedTempFile> {
    temporary_for(dir, text, Audience::Private)
}

/// `text` in a new temporary file in `dir`, readable by `audience`,
/// flushed to the disk. Every file the program writes comes through here,
/// so that none is larger than the program reads back
/// ([`MAX_RECORD_BYTES`]): a save that `--resume` would refuse is never
/// written, and never offered.
///
/// # Errors
/// When `text` is larger than [`MAX_RECORD_BYTES`], or the file cannot be
/// made or written, naming `dir`.
pub fn temporary_for(
    dir: &Path,
    text: &str,
    audience: Audience,
) -> Result<tempfile::NamedTempFile> {
    use std::os::unix::fs::PermissionsExt as _;
    if text.len() as u64 > MAX_RECORD_BYTES {
        bail!(
            "cannot write in {}: {}, more than the program reads back",
            dir.display(),
            too_large()
        );
    }
    let file = tempfile::Builder::new()
        .permissions(fs::Permissions::from_mode(audience.mode()))
        .tempfile_in(dir)
        .map_err(|error| failure("cannot write in", dir, &plain(error)))?;
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
/// (" at path …", which says nothing to the player): what the system said.
pub fn plain(error: std::io::Error) -> std::io::Error {
    let said = error.to_string();
    match said.split_once(" at path ") {
        Some((said, _)) if error.raw_os_error().is_none() => io::Error::new(error.kind(), said),
        _ => error,
    }
}

/// Makes sure that `dir` is a folder that files can be written in: made,
/// with its parents, when missing, and tried with a temporary file (removed
/// at once), so that a fault is told before any work that would be lost.
///
/// # Errors
/// When `dir` is something other than a folder (named: a regular file, a
/// FIFO, …), cannot be made, or cannot be written in, with what the system
/// said.
pub fn writable_folder(dir: &Path) -> Result<()> {
    match fs::metadata(dir) {
        Ok(metadata) if !metadata.is_dir() => bail!(
            "{}: {}, not a folder",
            dir.display(),
            kind_of(&metadata.file_type())
        ),
        Ok(_) => {}
        Err(_) => {
            fs::create_dir_all(dir).map_err(|error| failure("cannot create", dir, &error))?;
        }
    }
    temporary(dir, "")?;
    Ok(())
}

/// Writes `text` to the new file `path` atomically (a temporary file beside
/// it, then a rename), never replacing a file: one already there, even one
/// made a moment ago by another program, is an error.
///
/// # Errors
/// When `path` exists, or cannot be written: the message names `path` and
/// says what the system said.
pub fn write_new(path: &Path, text: &str) -> Result<()> {
    let cannot =
        |error: &dyn std::fmt::Display| anyhow!("cannot write {}: {error}", path.display());
    let file = temporary(folder_of(path), text).map_err(|error| cannot(error.root_cause()))?;
    file.persist_noclobber(path).map_err(|error| {
        let error = plain(error.error);
        if error.kind() == std::io::ErrorKind::AlreadyExists {
            cannot(&"it already exists, and is never replaced")
        } else {
            cannot(&error)
        }
    })?;
    Ok(())
}

/// Writes `text` to `path`, a file of the program's own (an autosave, a
/// record it was given), atomically: readers see the old file or the new
/// one, never half of one. Only a regular file is replaced, keeping its
/// permissions and, where the system allows, its owner; a symbolic link
/// there is refused (someone else put it there), and so is a file made
/// read-only.
///
/// # Errors
/// When `path` is not a regular file, is read-only, or cannot be written.
pub fn write_atomic(path: &Path, text: &str) -> Result<()> {
    replace(path, text, false, Audience::Private)
}

/// As [`write_atomic`], for a file the player names to share (a record, a
/// picture): made new, it follows the umask ([`Audience::Shared`]); one
/// replaced keeps its permissions.
///
/// # Errors
/// As [`write_atomic`].
pub fn write_atomic_shared(path: &Path, text: &str) -> Result<()> {
    replace(path, text, false, Audience::Shared)
}

/// Writes `text` to `path`, a file the user may have made a symbolic link
/// (the settings file), as [`write_atomic`] does: through a link, its
/// target is replaced if that is a regular file; a link to nothing is
/// refused rather than replaced by a file.
///
/// # Errors
/// As [`write_atomic`]; and when `path` is a link to nothing.
pub fn write_atomic_through_link(path: &Path, text: &str) -> Result<()> {
    replace(path, text, true, Audience::Private)
}

/// [`write_atomic`], following a link at `path` only if `follow_link`, a
/// new file readable by `audience`.
fn replace(path: &Path, text: &str, follow_link: bool, audience: Audience) -> Result<()> {
    let cannot = || format!("cannot write {}", path.display());
    let refuse = |why: &dyn std::fmt::Display| anyhow!("cannot write {}: {why}", path.display());
    let target = match fs::symlink_metadata(path) {
        Ok(metadata) if metadata.is_symlink() => {
            if !follow_link {
                return Err(refuse(&"a symbolic link, never followed"));
            }
            resolve_link(path).map_err(|why| refuse(&why))?
        }
        Ok(_) => path.to_path_buf(),
        Err(error) if error.kind() == io::ErrorKind::NotFound => path.to_path_buf(),
        Err(error) => return Err(error).with_context(cannot),
    };
    let existing = match fs::symlink_metadata(&target) {
        Ok(metadata) => Some(metadata),
        Err(error) if error.kind() == io::ErrorKind::NotFound => None,
        Err(error) => return Err(error).with_context(cannot),
    };
    if let Some(metadata) = &existing {
        if !metadata.is_file() {
            let kind = kind_of(&metadata.file_type());
            return Err(refuse(&format_args!("{kind} is not a regular file")));
        }
        if is_read_only(&target, metadata) {
            return Err(refuse(&"it is read-only, so it is left as it is"));
        }
    }
    let file = temporary_for(folder_of(&target), text, audience)?;
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
    // A rename replaces whatever is at `target` by then, a link included,
    // and never writes through one.
    file.persist(&target)
        .map_err(|error| plain(error.error))
        .with_context(cannot)?;
    Ok(())
}

/// The file the symbolic link `path` leads to, if there is one.
///
/// # Errors
/// In words: a link to nothing, or what the system said.
fn resolve_link(path: &Path) -> Result<PathBuf, String> {
    fs::canonicalize(path).map_err(|error| match fs::read_link(path) {
        Ok(to) if error.kind() == io::ErrorKind::NotFound => format!(
            "a symbolic link to {}, which does not exist, so it is left as it is",
            to.display()
        ),
        _ => error.to_string(),
    })
}

/// Whether the user made the file `path` (of `metadata`) read-only: no
/// write permission for anyone (which stops the superuser here too), or
/// none for this user, or a read-only file system.
pub fn is_read_only(path: &Path, metadata: &fs::Metadata) -> bool {
    metadata.permissions().mode() & 0o222 == 0
        || matches!(
            rustix::fs::access(path, rustix::fs::Access::WRITE_OK),
            Err(rustix::io::Errno::ACCESS | rustix::io::Errno::ROFS)
        )
}

/// The lock file `path`, opened for reading and writing (made, empty, if
/// missing): only a regular file of one name, never through a symbolic
/// link, never waiting on a FIFO or a device. A lock file that is
/// something else is refused, for a lock that cannot be trusted must not
/// be taken for one.
///
/// # Errors
/// When something else is at `path` (in words: "PATH is a FIFO, not a
/// regular file"), or it cannot be made (what the system said, with
/// `path`).
pub fn open_lock(path: &Path) -> io::Result<File> {
    use rustix::fs::OFlags;
    let flags = OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY;
    let opened = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o644)
        .custom_flags(flags.bits().cast_signed())
        .open(path);
    let file = opened.map_err(|error| match fs::symlink_metadata(path) {
        Ok(metadata) if !metadata.is_file() => not_regular(path, metadata.file_type()),
        _ => io::Error::new(error.kind(), format!("{}: {error}", path.display())),
    })?;
    let metadata = file.metadata()?;
    if !metadata.is_file() {
        return Err(not_regular(path, metadata.file_type()));
    }
    if metadata.nlink() > 1 {
        // A hard link: writing the lock would write another file too.
        return Err(io::Error::other(format!(
            "{} has other names (hard links), so it is not used",
            path.display()
        )));
    }
    Ok(file)
}

/// The lock file `path` opened for reading, if it is a regular file; a
/// link, a FIFO or a device is never opened (nor waited for).
pub fn open_lock_to_read(path: &Path) -> Option<File> {
    let file = open_without_waiting(path, false).ok()?;
    file.metadata().ok()?.is_file().then_some(file)
}

/// The error for `path`, of `file_type`, where a regular file should be.
fn not_regular(path: &Path, file_type: fs::FileType) -> io::Error {
    let shown = path.display();
    io::Error::other(if file_type.is_symlink() {
        format!("{shown} is a symbolic link, never followed")
    } else {
        format!("{shown} is {}, not a regular file", kind_of(&file_type))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_file_is_written_whole_and_never_replaces_one_written_meanwhile() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("p1-w06-o001-a.ogn");
        write_new(&path, "first\n").expect("a new file");
        let error = write_new(&path, "second\n").expect_err("the name is taken");
        assert_eq!(
            error.to_string(),
            format!(
                "cannot write {}: it already exists, and is never replaced",
                path.display()
            )
        );
        assert_eq!(fs::read_to_string(&path).expect("the file"), "first\n");
        let names: Vec<_> = fs::read_dir(dir.path())
            .expect("the folder")
            .map(|entry| entry.expect("an entry").file_name())
            .collect();
        assert_eq!(names, ["p1-w06-o001-a.ogn"], "no temporary file left");
    }

    #[test]
    fn every_io_error_names_the_file_and_the_reason_in_words() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let target = dir.path().join("target.ogn");
        fs::write(&target, "").expect("a file");
        let link = dir.path().join("link.ogn");
        std::os::unix::fs::symlink(&target, &link).expect("a link");
        let dangling = dir.path().join("dangl");
        std::os::unix::fs::symlink(dir.path().join("nothing"), &dangling).expect("a link");
        let missing = dir.path().join("nodir");
        let said = |error: anyhow::Error| format!("{error:#}");
        assert_eq!(
            said(read_regular(&link).expect_err("a link is refused")),
            format!("cannot open {}: a symbolic link: refused", link.display())
        );
        assert_eq!(
            said(writable_folder(&dangling).expect_err("a link to nothing")),
            format!(
                "cannot create {}: a symbolic link to {}, which does not exist",
                dangling.display(),
                dir.path().join("nothing").display()
            )
        );
        assert_eq!(
            said(temporary(&missing, "").expect_err("no such folder")),
            format!(
                "cannot write in {}: No such file or directory (os error 2)",
                missing.display()
            )
        );
    }
}
