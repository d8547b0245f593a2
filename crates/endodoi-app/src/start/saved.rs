//! The saved games as the start screen lists them, to continue or replay.

use std::path::PathBuf;

use endodoi_core::record::Record;
use endodoi_core::rules::BySide;

use crate::Match;

/// A saved game as the start screen lists it; the session reads them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// What `--resume ID` calls it.
    pub id: String,
    /// Its file.
    pub path: PathBuf,
    /// The players' names, by the rows of the game saved.
    pub names: BySide<String>,
    /// Moves played.
    pub moves: usize,
    /// The board, in words: `8 holes, 4 seeds, classic`.
    pub board: String,
    /// When it was last played: `2026-12-01 05:10` (UTC).
    pub when: String,
    /// The result of a game that is over (`29-19`: South's seeds, then
    /// North's; `0-1`, `1-0`, `1/2-1/2` for a game ended before the rules
    /// end it, see `Verdict::result`); `None` while it goes on.
    pub result: Option<String>,
    /// The program playing it now, in words (`process 1234`), if one is.
    pub in_use: Option<String>,
}

impl SavedGame {
    /// The game of `record`, kept at `path` under `id`, last played `when`
    /// (`2026-12-01 05:10`, UTC), in use by `in_use` if anyone.
    pub fn of(
        record: &Record,
        (id, path): (String, PathBuf),
        when: String,
        in_use: Option<String>,
    ) -> SavedGame {
        let config = record.game.config();
        let players = Match::from_record(record);
        SavedGame {
            id,
            path,
            names: BySide::from_fn(|side| players.name(side).to_owned()),
            moves: record.game.ply(),
            board: format!(
                "{} holes, {} seeds, {}",
                config.width(),
                config.seeds(),
                config.variant().name()
            ),
            when,
            result: record.verdict().map(|verdict| verdict.result()),
            in_use,
        }
    }
}
