//! Reading a record: the text cut into tokens, then the moves played one by
//! one on a [`Game`], each fault located by line, column and ply.

use std::collections::HashSet;

use super::token::{MoveText, counts, is_digits};
use super::{Ending, Form, PartialRecord, Record, RecordError, RecordErrorKind, Tags, excerpt};
use crate::rules::{BySide, Config, ConfigError, Game};

impl Record {
    /// Reads `input` (text or raw bytes) as far as its first fault, keeping
    /// the moves before it: the one reader of records and movetext, which
    /// [`read`](Record::read) and [`read_moves`](Record::read_moves) wrap.
    ///
    /// ```
    /// use endodoi_core::record::{Form, Record, RecordErrorKind};
    /// use endodoi_core::rules::{Config, MoveError};
    ///
    /// let partial = Record::read_until_fault("1. A+2 b+3 2. b", Form::Moves(Config::default()))?;
    /// assert_eq!(partial.record.game.ply(), 2);
    /// let fault = partial.error.expect("North's hole on South's turn");
    /// assert!(matches!(
    ///     fault.kind,
    ///     RecordErrorKind::IllegalMove { error: MoveError::NotYourHole { .. }, .. }
    /// ));
    /// # Ok::<(), endodoi_core::record::RecordError>(())
    /// ```
    ///
    /// # Errors
    /// A fault that leaves no game to keep: input that is not UTF-8
    /// ([`RecordErrorKind::InvalidUtf8`]) or a fault in a file's tags, such
    /// as a `Termination` tag with an [`Ending`] (`South resigned`) on a game
    /// the moves end by the rules (a [`RecordErrorKind::BadTagValue`] at the
    /// tag). A fault in the moves is the [`PartialRecord`]'s `error`
    /// instead.
    pub fn read_until_fault(
        input: &(impl AsRef<[u8]> + ?Sized),
        form: Form,
    ) -> Result<PartialRecord, RecordError> {
        let text = utf8(input.as_ref(), form)?;
        let mut scanner = Scanner::new(text);
        let (config, tags, ending_at, tag_fault) = match form {
            Form::File => {
                let (config, tags, ending_at) = read_tags(&mut scanner)?;
                (config, tags, ending_at, RecordErrorKind::TagAfterMoves)
            }
            Form::Moves(config) => (
                config,
                Tags::default(),
                None,
                RecordErrorKind::TagInMoveList,
            ),
        };
        let mut record = Record {
            tags,
            game: Game::new(config),
        };
        let error = read_moves(&mut scanner, &mut record.game, tag_fault).err();
        if let (Some(at), Some(outcome)) = (ending_at, record.game.outcome()) {
            return Err(ended_twice(&at, &record, outcome.totals()));
        }
        Ok(PartialRecord { record, error })
    }
}

/// The bytes as text (a file's without the byte-order mark it may start
/// with), or where they stop being UTF-8.
fn utf8(bytes: &[u8], form: Form) -> Result<&str, RecordError> {
    let text = |text| match form {
        Form::File => without_bom(text),
        Form::Moves(_) => text,
    };
    match std::str::from_utf8(bytes) {
        Ok(whole) => Ok(text(whole)),
        Err(error) => {
            let valid = std::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or_default();
            let mut scanner = Scanner::new(text(valid));
            while scanner.bump().is_some() {}
            Err(scanner.error(None, RecordErrorKind::InvalidUtf8))
        }
    }
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

/// The fault of a record whose moves end the game by the rules though its
/// `Termination` tag, `at`, says it ended otherwise.
fn ended_twice(at: &RecordError, record: &Record, totals: BySide<u16>) -> RecordError {
    let value = record.tag(Tags::TERMINATION).unwrap_or_default();
    RecordError {
        kind: RecordErrorKind::BadTagValue {
            name: Tags::TERMINATION.to_owned(),
            value: excerpt(value),
            reason: format!(
                "the moves end the game by the rules, {}-{}",
                totals.south, totals.north
            ),
        },
        ..*at
    }
}

/// Reads the tag pairs at the head of a record: the board, the tags, and
/// where the `Termination` tag stands if it is an [`Ending`] (which the
/// moves must not contradict by ending the game by the rules).
fn read_tags(
    scanner: &mut Scanner<'_>,
) -> Result<(Config, Tags, Option<RecordError>), RecordError> {
    let mut tags = Tags::default();
    let mut termination = None;
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
        let name = Tags::GAME
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
        if name == Tags::TERMINATION {
            termination = Some(at);
        }
        if !Tags::GAME.contains(&name) {
            tags.push_new(name, &value);
        }
    }
    // The value as kept (one line), as `Record::ending` reads it.
    let ending_at = termination.filter(|_| {
        tags.get(Tags::TERMINATION)
            .is_some_and(|value| value.parse::<Ending>().is_ok())
    });
    Ok((config, tags, ending_at))
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

/// One token of movetext. Result totals are kept as their digits, so that a
/// number too large for any integer is still a total that does not match.
enum Token<'a> {
    Move(MoveText),
    MoveNumber,
    Result(Option<(&'a str, &'a str)>),
    Unknown,
}

/// The token at the start of `word`, and what follows it in the word (a
/// move number may be followed by a move without a space: `1.A`).
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
    let token = word.parse().map_or(Token::Unknown, Token::Move);
    (token, "")
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
                Token::Move(text) => {
                    let hole = text.hole();
                    let illegal = |error| here(ply, RecordErrorKind::IllegalMove { hole, error });
                    let report = game.preview(hole).map_err(illegal)?;
                    let actual = report.capture.map_or(0, |capture| capture.seeds);
                    if let Some(claimed) = text.claim().filter(|claimed| !counts(claimed, actual)) {
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
