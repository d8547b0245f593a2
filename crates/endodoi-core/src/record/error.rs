//! What can be wrong with a record, and where.

use crate::rules::{Hole, MoveError};

/// A fault in a record, with where it is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}{}: {kind}", self.ply.map(|ply| format!(", ply {ply}")).unwrap_or_default())]
pub struct RecordError {
    /// 1-based line of the faulty token.
    pub line: usize,
    /// 1-based column (in characters) of the faulty token.
    pub column: usize,
    /// The move number (1-based ply) the fault concerns, if it is in the moves.
    pub ply: Option<usize>,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordErrorKind {
    /// The text is not UTF-8.
    #[error("the record is not valid UTF-8 text")]
    InvalidUtf8,
    /// A token that is not a move, move number, comment or result (as
    /// [`excerpt`](super::excerpt) quotes it).
    #[error(
        "unknown token `{0}`: expected a hole letter such as `A` or `b+3`, a move number, a {{comment}} or a result"
    )]
    UnknownToken(String),
    /// A `{` comment that never closes.
    #[error("a comment opened here is never closed with `}}`")]
    UnclosedComment,
    /// A malformed tag pair.
    #[error("malformed tag: expected [Name \"Value\"]")]
    MalformedTag,
    /// A tag given twice.
    #[error("the tag `{0}` is given twice")]
    DuplicateTag(String),
    /// A tag with a value the rules do not allow.
    #[error("tag `{name}` has a bad value \"{value}\": {reason}")]
    BadTagValue {
        /// The tag's name.
        name: String,
        /// The value given, as [`excerpt`](super::excerpt) quotes it.
        value: String,
        /// Why it is refused.
        reason: String,
    },
    /// A tag pair after the moves began.
    #[error("tags must come before the moves")]
    TagAfterMoves,
    /// A tag pair in bare movetext (`--moves`, the engine's `position … moves`),
    /// which has no tags: its board is given apart.
    #[error("tags are not allowed in a move list, only at the head of a record file")]
    TagInMoveList,
    /// A move that cannot be played.
    #[error("move `{hole}`: {error}")]
    IllegalMove {
        /// The hole named.
        hole: Hole,
        /// Why the rules refuse it.
        error: MoveError,
    },
    /// A `+N` that does not match what the move captured.
    #[error("move `{hole}+{claimed}` claims {claimed} seeds, but it captures {actual}")]
    CaptureMismatch {
        /// The hole played.
        hole: Hole,
        /// Seeds the record claims, as written (digits, however many).
        claimed: String,
        /// Seeds the move really captures.
        actual: u8,
    },
    /// A final `S-N` that does not match the game.
    #[error("the result {claimed} does not match the game: {actual}")]
    ResultMismatch {
        /// The result token as written.
        claimed: String,
        /// What the game says.
        actual: String,
    },
    /// Something after the final result (as [`excerpt`](super::excerpt) quotes it).
    #[error("`{0}` follows the result, which must close the record")]
    AfterResult(String),
}

impl RecordErrorKind {
    /// A one-word class of the fault: `empty`, `wrong-side`, `off-board`,
    /// `after-end`, `bad-capture`, `endless`, `bad-result`, `bad-tag` or `garbage`.
    pub fn class(&self) -> &'static str {
        match self {
            RecordErrorKind::IllegalMove { error, .. } => match error {
                MoveError::GameOver => "after-end",
                MoveError::OffBoard { .. } => "off-board",
                MoveError::NotYourHole { .. } => "wrong-side",
                MoveError::EmptyHole(_) => "empty",
                MoveError::Endless { .. } => "endless",
            },
            RecordErrorKind::CaptureMismatch { .. } => "bad-capture",
            RecordErrorKind::ResultMismatch { .. } => "bad-result",
            RecordErrorKind::MalformedTag
            | RecordErrorKind::DuplicateTag(_)
            | RecordErrorKind::BadTagValue { .. }
            | RecordErrorKind::TagAfterMoves
            | RecordErrorKind::TagInMoveList => "bad-tag",
            RecordErrorKind::InvalidUtf8
            | RecordErrorKind::UnknownToken(_)
            | RecordErrorKind::UnclosedComment
            | RecordErrorKind::AfterResult(_) => "garbage",
        }
    }
}
