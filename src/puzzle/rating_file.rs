//! The player's puzzle rating on disk: `puzzles.json` in the data folder,
//! read when the puzzles or the results open, rewritten atomically after
//! each puzzle rated. A file that is not a sound rating (not a regular
//! file, too long, not JSON of its fields, numbers out of range) is named
//! with the reason, and the rating starts fresh; it is replaced at the next
//! puzzle rated.

use std::path::{Path, PathBuf};

use anyhow::Result;

use crate::app::PuzzleRating;

/// The rating file's path: in the data folder, beside `games`, the saved
/// games' folder (none: nowhere, the rating is not kept).
pub fn rating_path(games: Option<&Path>) -> Option<PathBuf> {
    games.map(|games| games.parent().unwrap_or(games).join("puzzles.json"))
}

/// The rating kept at `path` (a new player's where there is none), and
/// what is wrong with the file, if anything.
pub fn read_rating(path: Option<&Path>) -> (PuzzleRating, Option<String>) {
    let Some(path) = path else {
        return (PuzzleRating::default(), None);
    };
    if std::fs::symlink_metadata(path).is_err() {
        return (PuzzleRating::default(), None);
    }
    let named = |reason: String| format!("{}: {reason}", path.display());
    let problem = match crate::file::read_regular(path) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => match PuzzleRating::parse(&text) {
                Ok(rating) => return (rating, None),
                Err(reason) => named(reason),
            },
            Err(_) => named("not UTF-8 text".to_owned()),
        },
        // The error names the file.
        Err(error) => format!("{error:#}"),
    };
    (
        PuzzleRating::default(),
        Some(format!("puzzle rating: {problem}; the rating starts fresh")),
    )
}

/// Keeps `rating` at `path`, atomically.
///
/// # Errors
/// When the folder cannot be made or the file written.
pub fn write_rating(path: &Path, rating: &PuzzleRating) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|error| crate::file::failure("cannot create", dir, &error))?;
    }
    crate::file::write_atomic(path, &rating.to_text())
}
