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

use std::collections::HashSet;
use std::fmt;

use serde::Serialize;

use crate::rules::{BySide, Config, ConfigError, Game, Hole, MoveError, Side};

/// A game with the tags of its record (players, event, date, …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Tags other than `Variant`, `Width`, `Seeds` and `Result`, in record order;
    /// those four follow from `game` and are written from it.
    pub tags: Vec<(String, String)>,
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
    /// [`excerpt`] quotes it).
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
        /// The value given, as [`excerpt`] quotes it.
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
    /// Something after the final result (as [`excerpt`] quotes it).
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

/// Tags whose values the game itself determines.
const GAME_TAGS: [&str; 4] = ["Variant", "Width", "Seeds", "Result"];

impl Record {
    /// A record of `game` with no tags beyond those the game determines.
    pub fn new(game: Game) -> Record {
        Record {
            tags: Vec::new(),
            game,
        }
    }

    /// The value of a tag other than the four the game determines.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// Sets a tag (other than `Variant`, `Width`, `Seeds` or `Result`),
    /// keeping its place if it is already there. A tag value is one line:
    /// line breaks and other control characters become spaces.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        debug_assert!(!GAME_TAGS.contains(&name), "{name} follows from the game");
        let value: String = value.chars().map(tag_char).collect();
        match self.tags.iter_mut().find(|(tag, _)| tag == name) {
            Some((_, old)) => *old = value,
            None => self.tags.push((name.to_owned(), value)),
        }
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

/// The longest line the writer makes, unless one move is longer.
const LINE_WIDTH: usize = 79;

impl fmt::Display for Record {
    /// Writes the record: the game's tags, then the others, a blank line, and
    /// the moves with numbers and capture counts, closed by the result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let config = self.game.config();
        let result = self.result_token();
        let game_tags = [
            ("Variant", config.variant().title().to_owned()),
            ("Width", config.width().to_string()),
            ("Seeds", config.seeds().to_string()),
        ];
        let tags = game_tags
            .iter()
            .map(|(name, value)| (*name, value.as_str()))
            .chain(self.tags.iter().map(|(n, v)| (n.as_str(), v.as_str())))
            .chain([("Result", result.as_str())]);
        for (name, value) in tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            writeln!(f, "[{name} \"{value}\"]")?;
        }
        writeln!(f)?;
        let mut line = String::new();
        let mut words = self
            .game
            .history()
            .chunks(2)
            .enumerate()
            .map(|(number, pair)| {
                let moves: Vec<String> = pair.iter().map(ToString::to_string).collect();
                format!("{}. {}", number + 1, moves.join(" "))
            });
        for word in words.by_ref().chain([result]) {
            if !line.is_empty() && line.len() + 1 + word.len() > LINE_WIDTH {
                writeln!(f, "{line}")?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        writeln!(f, "{line}")
    }
}

fn utf8(bytes: &[u8]) -> Result<&str, RecordError> {
    std::str::from_utf8(bytes).map_err(|error| {
        let valid = std::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or_default();
        let mut scanner = Scanner::new(without_bom(valid));
        while scanner.bump().is_some() {}
        scanner.error(None, RecordErrorKind::InvalidUtf8)
    })
}

/// The text without the byte-order mark it may start with.
fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Walks the text a character at a time, keeping line and column.
struct Scanner<'a> {
    rest: &'a str,
    line: usize,
    column: usize,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Scanner<'a> {
        Scanner {
            rest: text,
            line: 1,
            column: 1,
        }
    }

    fn peek(&self) -> Option<char> {
        self.rest.chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.rest = &self.rest[c.len_utf8()..];
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// Skips a `{comment}`, the scanner standing on its `{`.
    fn comment(&mut self, ply: Option<usize>) -> Result<(), RecordError> {
        let opened = self.error(ply, RecordErrorKind::UnclosedComment);
        while let Some(c) = self.bump() {
            if c == '}' {
                return Ok(());
            }
        }
        Err(opened)
    }

    /// Takes characters up to white space or the start of a comment or tag.
    fn word(&mut self) -> &'a str {
        let start = self.rest;
        let mut len = 0;
        while let Some(c) = self
            .peek()
            .filter(|c| !c.is_whitespace() && !"{[".contains(*c))
        {
            len += c.len_utf8();
            self.bump();
        }
        &start[..len]
    }

    fn error(&self, ply: Option<usize>, kind: RecordErrorKind) -> RecordError {
        RecordError {
            line: self.line,
            column: self.column,
            ply,
            kind,
        }
    }
}

/// Reads the tag pairs at the head of a record.
fn read_tags(scanner: &mut Scanner<'_>) -> Result<(Config, Vec<(String, String)>), RecordError> {
    let mut tags: Vec<(String, String)> = Vec::new();
    // The names so far, so that each tag is checked for a duplicate in
    // constant time: a record may hold a million tags.
    let mut names: HashSet<&str> = HashSet::new();
    let mut config = Config::default();
    loop {
        scanner.skip_space();
        match scanner.peek() {
            Some('{') => {
                scanner.comment(None)?;
                continue;
            }
            Some('[') => {}
            _ => break,
        }
        let at = scanner.error(None, RecordErrorKind::MalformedTag);
        let (name, value) = read_tag(scanner).ok_or_else(|| at.clone())?;
        // The game's own tags are known whatever their case: `[width "8"]`
        // sets the width rather than passing as an unknown tag.
        let name = GAME_TAGS
            .into_iter()
            .find(|known| known.eq_ignore_ascii_case(name))
            .unwrap_or(name);
        let here = |kind| RecordError { kind, ..at.clone() };
        if !names.insert(name) {
            return Err(here(RecordErrorKind::DuplicateTag(name.to_owned())));
        }
        let (width, seeds, variant) = (
            config.width().into(),
            config.seeds().into(),
            config.variant(),
        );
        let changed = match name {
            "Variant" => value
                .parse()
                .and_then(|variant| Config::new(width, seeds, variant)),
            "Width" => number(&value).and_then(|width| Config::new(width, seeds, variant)),
            "Seeds" => number(&value).and_then(|seeds| Config::new(width, seeds, variant)),
            _ => Ok(config),
        };
        config = changed.map_err(|error| {
            here(RecordErrorKind::BadTagValue {
                name: name.to_owned(),
                value: excerpt(&value),
                reason: match error {
                    ConfigError::NotANumber if is_digits(&value) => "too large a number".to_owned(),
                    error => error.to_string(),
                },
            })
        })?;
        if !GAME_TAGS.contains(&name) {
            tags.push((name.to_owned(), value.chars().map(tag_char).collect()));
        }
    }
    Ok((config, tags))
}

/// A tag's whole number.
fn number(text: &str) -> Result<u32, ConfigError> {
    match text.parse() {
        Ok(number) if is_digits(text) => Ok(number),
        _ => Err(ConfigError::NotANumber),
    }
}

/// Reads one `[Name "Value"]`, the scanner standing on its `[`; the value as
/// written, its `\` escapes undone.
fn read_tag<'a>(scanner: &mut Scanner<'a>) -> Option<(&'a str, String)> {
    scanner.bump();
    scanner.skip_space();
    let start = scanner.rest;
    while scanner
        .peek()
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        scanner.bump();
    }
    let name = &start[..start.len() - scanner.rest.len()];
    scanner.skip_space();
    if name.is_empty() || scanner.bump() != Some('"') {
        return None;
    }
    let mut value = String::new();
    loop {
        match scanner.bump()? {
            '"' => break,
            '\\' => value.push(scanner.bump()?),
            '\n' => return None,
            c => value.push(c),
        }
    }
    scanner.skip_space();
    (scanner.bump() == Some(']')).then_some((name, value))
}

/// A character of a tag value: a value is one line, so control characters
/// become spaces.
fn tag_char(c: char) -> char {
    if c.is_control() { ' ' } else { c }
}

/// One token of movetext. Counts are kept as their digits, so that a number
/// too large for any integer is still a count that does not match.
enum Token<'a> {
    Move { hole: Hole, claim: Option<&'a str> },
    MoveNumber,
    Result(Option<(&'a str, &'a str)>),
    Unknown,
}

fn classify(word: &str) -> (Token<'_>, &str) {
    let digits = word.trim_start_matches(|c: char| c.is_ascii_digit());
    if digits.len() < word.len() && digits.starts_with('.') {
        let after = digits.trim_start_matches('.');
        return (Token::MoveNumber, after);
    }
    if word == "*" {
        return (Token::Result(None), "");
    }
    if let Some((south, north)) = word.split_once('-') {
        let token = if is_digits(south) && is_digits(north) {
            Token::Result(Some((south, north)))
        } else {
            Token::Unknown
        };
        return (token, "");
    }
    let mut chars = word.chars();
    let token = match (chars.next().and_then(Hole::from_letter), chars.as_str()) {
        (Some(hole), "") => Token::Move { hole, claim: None },
        (Some(hole), rest) => match rest.strip_prefix('+') {
            Some(n) if is_digits(n) => Token::Move {
                hole,
                claim: Some(n),
            },
            _ => Token::Unknown,
        },
        (None, _) => Token::Unknown,
    };
    (token, "")
}

fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `digits` (all ASCII digits, however many) make the number `count`.
fn counts(digits: &str, count: impl Into<u32>) -> bool {
    digits.parse::<u32>() == Ok(count.into())
}

/// Plays the movetext on `game`, stopping at the first fault; `tag` is the
/// fault a `[` makes there.
fn read_moves(
    scanner: &mut Scanner,
    game: &mut Game,
    tag: RecordErrorKind,
) -> Result<(), RecordError> {
    let mut result_seen = false;
    loop {
        scanner.skip_space();
        match scanner.peek() {
            None => return Ok(()),
            Some('{') => {
                scanner.comment(Some(game.ply() + 1))?;
                continue;
            }
            Some('[') => return Err(scanner.error(Some(game.ply() + 1), tag)),
            Some(_) => {}
        }
        let (line, column) = (scanner.line, scanner.column);
        let whole = scanner.word();
        let mut word = whole;
        while !word.is_empty() {
            let here = |ply, kind| RecordError {
                line,
                column: column + whole[..whole.len() - word.len()].chars().count(),
                ply,
                kind,
            };
            let ply = Some(game.ply() + 1);
            if result_seen {
                return Err(here(ply, RecordErrorKind::AfterResult(excerpt(word))));
            }
            let (token, rest) = classify(word);
            match token {
                Token::MoveNumber => {}
                Token::Unknown => {
                    return Err(here(ply, RecordErrorKind::UnknownToken(excerpt(word))));
                }
                Token::Move { hole, claim } => {
                    let illegal = |error| here(ply, RecordErrorKind::IllegalMove { hole, error });
                    let report = game.preview(hole).map_err(illegal)?;
                    let actual = report.capture.map_or(0, |capture| capture.seeds);
                    if let Some(claimed) = claim.filter(|claimed| !counts(claimed, actual)) {
                        let kind = RecordErrorKind::CaptureMismatch {
                            hole,
                            claimed: excerpt(claimed),
                            actual,
                        };
                        return Err(here(ply, kind));
                    }
                    game.play(hole).map_err(illegal)?;
                }
                Token::Result(claimed) => {
                    result_seen = true;
                    // The result follows the last move; before any move there is no ply to name.
                    let last = Some(game.ply()).filter(|&ply| ply > 0);
                    check_result(game, claimed, word).map_err(|kind| here(last, kind))?;
                }
            }
            word = rest;
        }
    }
}

/// The most characters of input a message repeats.
pub const EXCERPT_CHARS: usize = 32;

/// Input as every message quotes it: at most [`EXCERPT_CHARS`] characters,
/// `…` when cut short, and [`escaped`].
///
/// ```
/// use endodoi::record::excerpt;
///
/// assert_eq!(excerpt("\u{1b}]0;PWNED\u{7}"), "\\u{1b}]0;PWNED\\u{7}");
/// assert_eq!(excerpt(&"x".repeat(100)), format!("{}…", "x".repeat(32)));
/// ```
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((end, _)) => format!("{}…", escaped(&text[..end])),
        None => escaped(text),
    }
}

/// Text shown as it is, except characters a terminal would act on or hide:
/// control characters and the invisible ones that reorder or mask text (bidi
/// controls, zero-width characters, the byte-order mark) are written as
/// escapes (`\n`, `\t`, `\r`, `\u{1b}`), so that quoted input can neither
/// drive the terminal nor break a one-line message.
pub fn escaped(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => shown.push_str("\\n"),
            '\t' => shown.push_str("\\t"),
            '\r' => shown.push_str("\\r"),
            c if is_hidden(c) => shown.extend(c.escape_unicode()),
            c => shown.push(c),
        }
    }
    shown
}

/// A message for the terminal, line by line as [`escaped`] shows text: its
/// line breaks are kept, and nothing else in it (a file's name, a player's)
/// can drive the terminal.
pub fn terminal_safe(text: &str) -> String {
    text.split('\n').map(escaped).collect::<Vec<_>>().join("\n")
}

/// A character a terminal acts on or shows as nothing.
fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{ad}'
                | '\u{61c}'
                | '\u{180e}'
                | '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{206f}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
        )
}

fn check_result(
    game: &Game,
    claimed: Option<(&str, &str)>,
    word: &str,
) -> Result<(), RecordErrorKind> {
    let Some((south, north)) = claimed else {
        return Ok(());
    };
    let mismatch = |actual: String| RecordErrorKind::ResultMismatch {
        claimed: excerpt(word),
        actual,
    };
    match game.outcome() {
        None => Err(mismatch("the game is not over".to_owned())),
        Some(outcome) => {
            let totals = outcome.totals();
            if counts(south, totals.south) && counts(north, totals.north) {
                Ok(())
            } else {
                Err(mismatch(format!(
                    "it ends {}-{}",
                    totals.south, totals.north
                )))
            }
        }
    }
}

/// The JSON state of a game, as `endodoi replay --json` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct State {
    /// Holes in a row.
    pub width: u8,
    /// Seeds per hole at the start.
    pub seeds: u8,
    /// `classic` or `cross`.
    pub variant: &'static str,
    /// Moves played.
    pub ply: usize,
    /// Each row from its owner's left (before the seeds left are taken at the end).
    pub pits: BySide<Vec<u8>>,
    /// Seeds taken by captures only.
    pub captured: BySide<u16>,
    /// `south`, `north`, or null once the game is over.
    pub to_move: Option<&'static str>,
    /// Legal moves of the player to move, in hole order.
    pub legal: Vec<String>,
    /// `ongoing` or `over`.
    pub status: &'static str,
    /// The result once over.
    pub result: Option<ResultState>,
}

/// The `result` object of [`State`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultState {
    /// South's final total.
    pub south: u16,
    /// North's final total.
    pub north: u16,
    /// `south`, `north` or `draw`.
    pub winner: &'static str,
    /// `no-moves` or `repetition`.
    pub reason: &'static str,
}

impl<T: Serialize> Serialize for BySide<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut state = serializer.serialize_struct("BySide", 2)?;
        state.serialize_field("south", &self.south)?;
        state.serialize_field("north", &self.north)?;
        state.end()
    }
}

impl State {
    /// The state of `game` now.
    pub fn of(game: &Game) -> State {
        let config = game.config();
        let position = game.position();
        State {
            width: config.width(),
            seeds: config.seeds(),
            variant: config.variant().name(),
            ply: game.ply(),
            pits: BySide::from_fn(|side| position.row(side).to_vec()),
            captured: position.captured(),
            to_move: game.to_move().map(Side::name),
            legal: game.legal_moves().map(|hole| hole.to_string()).collect(),
            status: if game.outcome().is_some() {
                "over"
            } else {
                "ongoing"
            },
            result: game.outcome().map(|outcome| {
                let totals = outcome.totals();
                ResultState {
                    south: totals.south,
                    north: totals.north,
                    winner: outcome.winner().map_or("draw", Side::name),
                    reason: outcome.reason.name(),
                }
            }),
        }
    }

    /// The state as one line of JSON.
    ///
    /// # Panics
    /// Never: a `State` is plain data.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a State always serialises")
    }
}
