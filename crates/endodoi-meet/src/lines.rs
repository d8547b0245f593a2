//! The lines of a wormhole: each message carries its number, so that a
//! mailbox that drops, repeats or reorders messages is caught, and holds at
//! most [`MAX_GAME_LINE`] bytes of text.

use endodoi_protocol::{MAX_GAME_LINE, ReadError};

/// The numbers of the lines one end has sent and received on a wormhole.
#[derive(Debug, Default)]
pub struct Numbering {
    sent: u64,
    received: u64,
}

impl Numbering {
    /// The message that carries `line`, the next sent: its number, then
    /// the line.
    pub fn outgoing(&mut self, line: &str) -> Vec<u8> {
        let message = format!("{} {line}", self.sent).into_bytes();
        self.sent += 1;
        message
    }

    /// The line `message` carries, if it is the next the other end sent.
    ///
    /// # Errors
    /// A message too long, not text (or with a control character), or out
    /// of its place ([`ReadError::Unsealed`]).
    pub fn incoming(&mut self, message: Vec<u8>) -> Result<String, ReadError> {
        if message.len() > MAX_GAME_LINE {
            return Err(ReadError::TooLong(MAX_GAME_LINE));
        }
        let text = String::from_utf8(message).map_err(|_| ReadError::NotText)?;
        let (number, line) = text.split_once(' ').unwrap_or((&text, ""));
        if number.parse() != Ok(self.received) {
            return Err(ReadError::Unsealed);
        }
        self.received += 1;
        if line.chars().any(char::is_control) {
            return Err(ReadError::NotText);
        }
        Ok(line.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_dropped_too_long_or_not_text_is_refused() {
        let mut theirs = Numbering::default();
        assert_eq!(
            theirs.incoming(b"1 ping".to_vec()),
            Err(ReadError::Unsealed)
        );
        assert_eq!(theirs.incoming(b"0 ping".to_vec()).as_deref(), Ok("ping"));
        assert_eq!(
            theirs.incoming(b"1 ping\x1b[2J".to_vec()),
            Err(ReadError::NotText)
        );
        let long = format!("2 {}", "x".repeat(MAX_GAME_LINE));
        assert_eq!(
            theirs.incoming(long.into_bytes()),
            Err(ReadError::TooLong(MAX_GAME_LINE))
        );
    }
}
