//! Game records: the PGN-like text format of `docs/rules.md`, and the JSON
//! state that `endodoi replay --json` prints.
//!
//! A record is read in two stages, like the rest of the notation: the text is
//! cut into tokens (syntax only), then the moves are played on a [`Game`] one
//! by one, so every fault is reported with its line, column, ply and reason.
//!
//! - [`Record::read_until_fault`] is the one reader: a record file or a bare
//!   move list ([`Form`]), text or bytes, read as far as its first fault;
//!   [`Record::read`] and [`Record::read_moves`] take only a whole one.
//! - [`MoveText`] is a move's text (`A`, `b+3`): the reader reads every move
//!   through it, and a played move is written through it.
//! - [`Tags`] are the record's tags, in order; the writer is `Record`'s
//!   `Display`.
//! - [`Ending`] is an end put to a game before the rules end it
//!   (resigned, draw agreed, out of time), kept in the `Termination` tag;
//!   [`Record::verdict`] says how any game that is over ended.
//! - The time control and the clocks' time left are tags too
//!   ([`Record::clocks`]).
//! - [`State`] is the JSON state; [`excerpt`] and [`terminal_safe`] quote input in
//!   messages.
//!
//! ```
//! use endodoi_core::record::Record;
//!
//! let record = Record::read("[Width \"6\"]\n\n1. A+2 b+3 *\n")?;
//! assert_eq!(record.game.ply(), 2);
//! assert_eq!(Record::read(&record.to_string())?, record);
//! # Ok::<(), endodoi_core::record::RecordError>(())
//! ```

mod assist;
mod ending;
mod error;
mod escape;
mod read;
mod state;
mod tags;
mod timing;
mod token;
mod write;

pub use ending::{EndError, Ending, ParseEndingError, Reason, Verdict};
pub use error::{RecordError, RecordErrorKind};
pub use escape::{EXCERPT_CHARS, SHOWN_CHARS, excerpt, json_safe, terminal_safe};
pub use state::{ResultState, State};
pub use tags::Tags;

/// Records larger than this are refused before being read whole.
pub const MAX_RECORD_BYTES: u64 = 16 << 20;
pub use token::{MoveText, ParseMoveTextError};

use crate::rules::{Config, Game};

/// A game with the tags of its record (players, event, date, …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Tags other than `Variant`, `Width`, `Seeds` and `Result`, in record order;
    /// those four follow from `game` and are written from it.
    pub tags: Tags,
    /// The game, replayed from its moves.
    pub game: Game,
}

/// A record read as far as its first faulty move, as
/// [`Record::read_until_fault`] reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartialRecord {
    /// The record up to (not including) the fault.
    pub record: Record,
    /// The fault that stopped the reading, if any.
    pub error: Option<RecordError>,
}

impl PartialRecord {
    /// The record if it was read whole, else the fault that stopped it.
    ///
    /// # Errors
    /// The fault, when there is one.
    pub fn whole(self) -> Result<Record, RecordError> {
        match self.error {
            Some(error) => Err(error),
            None => Ok(self.record),
        }
    }
}

/// What a text given to [`Record::read_until_fault`] holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Form {
    /// A record file: tags, then the moves. A byte-order mark at the start (as
    /// editors on Windows write it) is skipped; lines and columns count from
    /// after it.
    File,
    /// Bare movetext, with no tags (as typed after `--moves`, or the engine's
    /// `position … moves`), on a board of this shape.
    Moves(Config),
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

    /// Reads a whole record file, text or raw bytes:
    /// [`read_until_fault`](Record::read_until_fault) with [`Form::File`],
    /// its fault an error.
    ///
    /// # Errors
    /// The first fault, with its line, column, ply and reason.
    pub fn read(input: &(impl AsRef<[u8]> + ?Sized)) -> Result<Record, RecordError> {
        Record::read_until_fault(input, Form::File).and_then(PartialRecord::whole)
    }

    /// Reads whole bare movetext on a board of `config`:
    /// [`read_until_fault`](Record::read_until_fault) with [`Form::Moves`],
    /// its fault an error.
    ///
    /// # Errors
    /// The first fault, with its column, ply and reason.
    pub fn read_moves(config: Config, movetext: &str) -> Result<Record, RecordError> {
        Record::read_until_fault(movetext, Form::Moves(config)).and_then(PartialRecord::whole)
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
