//! Words the app writes to the player: plurals, a capital letter.

/// `seed` or `seeds`, as a count of `count` (of either sign) needs.
pub fn seeds_word(count: i64) -> &'static str {
    if count.abs() == 1 { "seed" } else { "seeds" }
}

/// `count` and `noun`, made plural (by an `s`) unless the count is 1:
/// `1 game`, `3 games`.
pub fn counted(count: usize, noun: &str) -> String {
    format!("{count} {noun}{}", if count == 1 { "" } else { "s" })
}

/// `text` with its first letter in upper case.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
