//! Input quoted in messages: cut short and escaped, so that it can neither
//! drive the terminal nor break a one-line message.

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
