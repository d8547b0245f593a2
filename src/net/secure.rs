//! The join codes of the direct mode: made up by the system's generator,
//! and checked when given by hand (as hard to guess as a made-up one). The
//! cryptography the two ends share (the key agreement, the keys, the seal,
//! the seat) is `endodoi-meet`'s ([`crate::meet::secure`]), which the web
//! page uses too; it is re-exported here. `docs/network-protocol.md` gives
//! the whole schedule.

pub use crate::meet::secure::{
    Agreement, End, KeyPurpose, Opener, Sealer, Seat, SessionKey, fingerprint,
};

/// The letters of a join code made up for the direct mode: no 0/o, 1/l/i
/// to misread.
pub const CODE_LETTERS: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

/// The length of a join code made up for the direct mode.
pub const CODE_LENGTH: usize = 6;

/// The longest join code, in characters.
pub const MAX_CODE: usize = 64;

/// The strength of a made-up code in bits, at random over its letters: a
/// code given by hand must be as strong.
pub fn generated_strength() -> f64 {
    CODE_LENGTH as f64 * (CODE_LETTERS.len() as f64).log2()
}

/// The guesses a pattern guesser (zxcvbn) needs, at least, for a code
/// given by hand: what it needs for a made-up code of [`CODE_LENGTH`]
/// letters with no word, walk or sequence in it (ten a letter).
pub const PATTERN_GUESSES: u64 = 10u64.pow(CODE_LENGTH as u32);

/// `buffer` filled by the system's cryptographic generator.
///
/// # Panics
/// When the system has no generator to give: nothing safe can be done then.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut buffer = [0; N];
    getrandom::fill(&mut buffer).expect("the system's random generator");
    buffer
}

/// A join code made up by the system's cryptographic generator.
pub fn random_code() -> String {
    let letters = CODE_LETTERS.len();
    // The largest multiple of the letters' count a byte holds: no letter
    // comes up more often than another.
    let fair = u8::MAX as usize + 1 - (u8::MAX as usize + 1) % letters;
    loop {
        let mut code = String::with_capacity(CODE_LENGTH);
        while code.len() < CODE_LENGTH {
            for byte in random_bytes::<16>() {
                if (byte as usize) < fair && code.len() < CODE_LENGTH {
                    code.push(char::from(CODE_LETTERS[byte as usize % letters]));
                }
            }
        }
        // A code given back by hand is checked: so is a made-up one.
        if check_code(&code).is_ok() {
            return code;
        }
    }
}

/// How hard `code` is to guess, as each of two guessers sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Strength {
    /// Bits, for a guesser who tries every string of its length over the
    /// smallest alphabet holding its letters and digits (digits, lower
    /// case, upper case: the classes it uses, added; dashes add nothing),
    /// and none at all when more than half of them repeat others.
    pub bits: f64,
    /// The guesses a guesser who knows how people choose (words, names,
    /// keyboard walks, sequences, repeats, dates: zxcvbn) needs.
    pub guesses: u64,
    /// What that guesser found, in words, if anything.
    pub warning: Option<String>,
}

impl Strength {
    /// How hard `code` is to guess.
    pub fn of(code: &str) -> Strength {
        let symbols: Vec<char> = code.chars().filter(|c| *c != '-').collect();
        let class = |test: fn(&char) -> bool, size: f64| {
            if symbols.iter().any(test) { size } else { 0.0 }
        };
        let alphabet = class(char::is_ascii_digit, 10.0)
            + class(char::is_ascii_lowercase, 26.0)
            + class(char::is_ascii_uppercase, 26.0);
        let distinct: std::collections::HashSet<&char> = symbols.iter().collect();
        let bits = if distinct.len() * 2 < symbols.len() || alphabet == 0.0 {
            0.0
        } else {
            symbols.len() as f64 * alphabet.log2()
        };
        let pattern = zxcvbn::zxcvbn(code, &[]);
        Strength {
            bits,
            guesses: pattern.guesses(),
            warning: pattern
                .feedback()
                .and_then(zxcvbn::feedback::Feedback::warning)
                .map(|warning| warning.to_string()),
        }
    }
}

/// Whether `code` can be a join code of the direct mode: ASCII letters,
/// digits and dashes, at most [`MAX_CODE`], and as hard to guess as the
/// codes made up, for both guessers of [`Strength`]: at least
/// [`generated_strength`] bits and [`PATTERN_GUESSES`]; the reason
/// if not.
///
/// # Errors
/// When it cannot, in words: which guesser finds it, and what a made-up
/// code gives.
pub fn check_code(code: &str) -> Result<(), String> {
    if code.is_empty()
        || code.len() > MAX_CODE
        || !code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    {
        return Err(format!(
            "a join code is 1 to {MAX_CODE} letters, digits or dashes"
        ));
    }
    let strength = Strength::of(code);
    let made_up = format!(
        "a code `endodoi host` makes up ({CODE_LENGTH} letters at random, {:.0} bits) has no such pattern",
        generated_strength()
    );
    let pattern = |why: &str| {
        Err(format!(
            "the join code {code:?} is too easy to guess: {why} (found in about {} guesses); {made_up}",
            strength.guesses
        ))
    };
    let found = strength.guesses < PATTERN_GUESSES;
    if let Some(warning) = strength.warning.as_deref().filter(|_| found) {
        return pattern(&warning.trim_end_matches('.').to_lowercase());
    }
    if strength.bits + 1e-9 < generated_strength() {
        return Err(format!(
            "the join code {code:?} is too easy to guess ({:.0} bits): one needs {:.0} bits, as a code \
             `endodoi host` makes up has ({CODE_LENGTH} letters at random)",
            strength.bits,
            generated_strength()
        ));
    }
    if found {
        return pattern("a guesser who knows how people choose tries its words early");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_up_codes_use_every_letter_and_pass_their_own_check() {
        let mut seen = std::collections::HashSet::new();
        for _ in 0..400 {
            let code = random_code();
            assert_eq!(code.len(), CODE_LENGTH);
            assert!(code.bytes().all(|b| CODE_LETTERS.contains(&b)), "{code}");
            seen.extend(code.bytes());
            assert_eq!(check_code(&code), Ok(()), "{code}");
        }
        assert_eq!(seen.len(), CODE_LETTERS.len());
    }

    #[test]
    fn a_code_weaker_than_a_made_up_one_is_refused() {
        for weak in [
            "1",
            "k4p9",
            "12345678",
            "aaaaaaaaa",
            "abcabcabc",
            "ABCDEFGHJK",
        ] {
            let error = check_code(weak).expect_err(weak);
            assert!(error.contains("too easy to guess"), "{weak}: {error}");
        }
        for bad in ["", "k4 p9", "ünïcode", &"x".repeat(65)] {
            assert!(check_code(bad).is_err(), "{bad:?}");
        }
        for strong in ["k4p9xm", "k4p9xk", "correct-horse-battery", "Tr0ub4dor-3x"] {
            assert_eq!(check_code(strong), Ok(()), "{strong}");
        }
    }

    #[test]
    fn a_code_a_pattern_guesser_finds_is_refused_and_told_why() {
        // Each is long enough over its alphabet to pass a count of letters;
        // each is among a pattern guesser's first tries.
        for (weak, why) in [
            (
                "password",
                "this is a top-10 common password (found in about 3 guesses)",
            ),
            (
                "123456789",
                "this is a top-10 common password (found in about 6 guesses)",
            ),
            (
                "qwertyuiop",
                "this is a top-100 common password (found in about 23 guesses)",
            ),
            (
                "iloveyou1",
                "this is a very common password (found in about 4529 guesses)",
            ),
            (
                "abcdefgh",
                "sequences like abc or 6543 are easy to guess (found in about 33 guesses)",
            ),
            (
                "ABCDE",
                "sequences like abc or 6543 are easy to guess (found in about 21 guesses)",
            ),
            ("mnbvcxz7", "this is similar to a commonly used password"),
            // Long enough, with no warning of its own: "bed" is a word.
            (
                "bed2ka",
                "a guesser who knows how people choose tries its words early (found in about 750000 guesses)",
            ),
        ] {
            let error = check_code(weak).expect_err(weak);
            assert!(
                error.starts_with(&format!(
                    "the join code {weak:?} is too easy to guess: {why}"
                )),
                "{weak}: {error}"
            );
            assert!(
                error.ends_with("a code `endodoi host` makes up (6 letters at random, 30 bits) has no such pattern"),
                "{weak}: {error}"
            );
        }
    }

    #[test]
    fn upper_case_letters_alone_count_as_an_alphabet_of_26() {
        assert!((Strength::of("QXZVBNMK").bits - 8.0 * 26f64.log2()).abs() < 1e-9);
        assert!((Strength::of("k4p9xm").bits - 6.0 * 36f64.log2()).abs() < 1e-9);
        assert!((Strength::of("k4-P9").bits - 4.0 * 62f64.log2()).abs() < 1e-9);
    }
}
