//! Game records: the PGN-like text format of `docs/rules.md`, and the JSON
//! state that `endodoi replay --json` prints.
//!
//! A record is read in two stages, like the rest of the notation: the text is
//! cut into tokens (syntax only), then the moves are played on a [`Game`] one
//! by one, so every fault is reported with its line, column, ply and reason.
//!
//! ```
//! use endodoi::record::Record;
//!
//! let record = Record::read("[Width \"6\"]\n\n1. A+2 b+3 *\n")?;
//! assert_eq!(record.game.ply(), 2);
//! assert_eq!(Record::read(&record.to_string())?, record);
//! # Ok::<(), endodoi::record::RecordError>(())
//! ```

mod error;
mod escape;
mod read;
mod state;
mod tags;
mod write;

pub use error::{RecordError, RecordErrorKind};
pub use escape::{EXCERPT_CHARS, escaped, excerpt, terminal_safe};
pub use state::{ResultState, State};
pub use tags::Tags;

use crate::rules::{Config, Game};
use read::{Scanner, read_moves, read_tags, utf8, without_bom};

/// A game with the tags of its record (players, event, date, …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Tags other than `Variant`, `Width`, `Seeds` and `Result`, in record order;
    /// those four follow from `game` and are written from it.
    pub tags: Tags,
    /// The game, replayed from its moves.
    pub game: Game,
}

/// A record read as far as its first faulty move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartialRecord {
    /// The record up to (not including) the fault.
    pub record: Record,
    /// The fault that stopped the reading, if any.
    pub error: Option<RecordError>,
}

impl Record {
    /// A record of `game` with no tags beyond those the game determines.
    pub fn new(game: Game) -> Record {
        Record {
            tags: Tags::default(),
            game,
        }
    }

    /// The value of a tag: shorthand for [`Tags::get`].
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name)
    }

    /// Sets a tag: shorthand for [`Tags::set`].
    pub fn set_tag(&mut self, name: &str, value: &str) {
        self.tags.set(name, value);
    }

    /// Reads a whole record.
    ///
    /// # Errors
    /// The first fault, with its line, column, ply and reason.
    pub fn read(text: &str) -> Result<Record, RecordError> {
        let partial = Record::read_partial(text)?;
        match partial.error {
            Some(error) => Err(error),
            None => Ok(partial.record),
        }
    }

    /// Reads raw bytes as a record, reporting text that is not UTF-8 as a fault.
    ///
    /// # Errors
    /// As [`read`](Record::read), and [`RecordErrorKind::InvalidUtf8`].
    pub fn read_bytes(bytes: &[u8]) -> Result<Record, RecordError> {
        Record::read(utf8(bytes)?)
    }

    /// Reads a record as far as its first faulty move, keeping the moves
    /// before it. A byte-order mark at the start (as editors on Windows write
    /// it) is skipped; lines and columns count from after it.
    ///
    /// # Errors
    /// A fault in the tags, which leaves no game to keep.
    pub fn read_partial(text: &str) -> Result<PartialRecord, RecordError> {
        let mut scanner = Scanner::new(without_bom(text));
        let (config, tags) = read_tags(&mut scanner)?;
        let mut record = Record {
            tags,
            game: Game::new(config),
        };
        let error = read_moves(
            &mut scanner,
            &mut record.game,
            RecordErrorKind::TagAfterMoves,
        )
        .err();
        Ok(PartialRecord { record, error })
    }

    /// [`read_partial`](Record::read_partial) for raw bytes.
    ///
    /// # Errors
    /// As `read_partial`, and [`RecordErrorKind::InvalidUtf8`].
    pub fn read_partial_bytes(bytes: &[u8]) -> Result<PartialRecord, RecordError> {
        Record::read_partial(utf8(bytes)?)
    }

    /// Reads bare movetext (as typed after `--moves`) on a board of `config`.
    ///
    /// # Errors
    /// The first fault, with its column, ply and reason.
    pub fn read_moves(config: Config, movetext: &str) -> Result<Record, RecordError> {
        let partial = Record::read_moves_partial(config, movetext);
        match partial.error {
            Some(error) => Err(error),
            None => Ok(partial.record),
        }
    }

    /// Reads bare movetext as far as its first faulty move, keeping the moves before it.
    pub fn read_moves_partial(config: Config, movetext: &str) -> PartialRecord {
        let mut scanner = Scanner::new(movetext);
        let mut game = Game::new(config);
        let error = read_moves(&mut scanner, &mut game, RecordErrorKind::TagInMoveList).err();
        PartialRecord {
            record: Record::new(game),
            error,
        }
    }

    /// The result token that closes the record: `S-N` when over, else `*`.
    pub fn result_token(&self) -> String {
        match self.game.outcome() {
            Some(outcome) => {
                let totals = outcome.totals();
                format!("{}-{}", totals.south, totals.north)
            }
            None => "*".to_owned(),
        }
    }
}
