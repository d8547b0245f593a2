//! Text from outside (file names, tags, players' names, engine and peer
//! lines, paths) as the terminal is shown it: escaped and cut to a bound, so
//! that it can neither drive the terminal, nor reorder what is around it,
//! nor break a one-line message, nor fill the screen. [`terminal_safe`] is
//! the one way such text reaches the terminal; [`excerpt`] is the same, cut
//! shorter, for input quoted inside a message.

/// The most characters of input a message repeats.
pub const EXCERPT_CHARS: usize = 32;

/// The most characters of one piece of outside text the terminal is shown:
/// more than any message line holds (it wraps onto 3 rows at most), far
/// less than a name or a line from a peer may bring.
pub const SHOWN_CHARS: usize = 1000;

/// Input as every message quotes it: at most [`EXCERPT_CHARS`] characters,
/// `…` when cut short, and its hidden characters escaped (`\u{1b}`).
///
/// ```
/// use endodoi_core::record::excerpt;
///
/// assert_eq!(excerpt("\u{1b}]0;PWNED\u{7}"), "\\u{1b}]0;PWNED\\u{7}");
/// assert_eq!(excerpt(&"x".repeat(100)), format!("{}…", "x".repeat(32)));
/// ```
pub fn excerpt(text: &str) -> String {
    cut_and_escaped(text, EXCERPT_CHARS)
}

/// Outside text as the terminal is shown it, on one line: at most
/// [`SHOWN_CHARS`] characters, `…` when cut short, and every character a
/// terminal would act on or hide written as an escape (`\n`, `\t`, `\r`,
/// `\u{1b}`, `\u{202e}`): control characters, and the invisible ones that
/// reorder or mask text (bidi controls, zero-width characters, the
/// byte-order mark).
///
/// ```
/// use endodoi_core::record::{SHOWN_CHARS, terminal_safe};
///
/// assert_eq!(
///     terminal_safe("\u{1b}]0;PWNED\u{7}\nforged"),
///     "\\u{1b}]0;PWNED\\u{7}\\nforged"
/// );
/// assert_eq!(terminal_safe("\u{202e}Lekishon"), "\\u{202e}Lekishon");
/// assert_eq!(terminal_safe(&"x".repeat(200_000)).chars().count(), SHOWN_CHARS + 1);
/// ```
pub fn terminal_safe(text: &str) -> String {
    cut_and_escaped(text, SHOWN_CHARS)
}

/// At most `limit` characters of `text`, `…` when cut short, [`escaped`].
fn cut_and_escaped(text: &str, limit: usize) -> String {
    match text.char_indices().nth(limit) {
        Some((end, _)) => format!("{}…", escaped(&text[..end])),
        None => escaped(text),
    }
}

/// A JSON document (as `serde_json` writes it) with every character a
/// terminal would act on or hide written as a JSON escape (`\u202e`): the
/// same strings to a program that reads it, nothing hidden on a screen that
/// shows it. `serde_json` escapes only the C0 controls.
///
/// ```
/// use endodoi_core::record::json_safe;
///
/// let json = serde_json::json!({ "player": "Evil\u{202e}lived" }).to_string();
/// assert_eq!(json_safe(&json), r#"{"player":"Evil\u202elived"}"#);
/// ```
pub fn json_safe(json: &str) -> String {
    use std::fmt::Write as _;
    let mut safe = String::with_capacity(json.len());
    for c in json.chars() {
        if is_hidden(c) && !c.is_ascii() {
            let mut units = [0; 2];
            for unit in c.encode_utf16(&mut units) {
                let _ = write!(safe, "\\u{unit:04x}");
            }
        } else {
            safe.push(c);
        }
    }
    safe
}

/// Text shown as it is, except characters a terminal would act on or hide,
/// written as escapes.
fn escaped(text: &str) -> String {
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
