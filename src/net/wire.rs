//! The lines of the wire format (`docs/network-protocol.md`), read with a
//! bound on their length so that no peer can make the program hold more
//! than a line's worth of what it sends. The messages themselves, and what
//! may come instead of a line, are the protocol's ([`crate::protocol`]).

use std::io::{self, BufRead};

pub use crate::protocol::{
    MAX_GAME_LINE, MAX_LINE, MAX_NAME, Message, Opening, ReadError, Refusal, Ticket, VERSION,
    WireError,
};

/// Reads lines of at most `limit` bytes from a buffered reader, keeping a
/// line begun when a read times out.
#[derive(Debug)]
pub struct LineReader<R> {
    inner: R,
    partial: Vec<u8>,
    limit: usize,
}

impl<R: BufRead> LineReader<R> {
    /// Lines of at most `limit` bytes (the newline not counted) from `inner`.
    pub fn new(inner: R, limit: usize) -> LineReader<R> {
        LineReader {
            inner,
            partial: Vec::new(),
            limit,
        }
    }

    /// The reader lines are read from.
    pub fn get_ref(&self) -> &R {
        &self.inner
    }

    /// Reads lines of at most `limit` bytes from now on.
    pub fn set_limit(&mut self, limit: usize) {
        self.limit = limit;
    }

    /// The next line, without its newline (`\n` or `\r\n`).
    ///
    /// # Errors
    /// As [`ReadError`] says; after [`ReadError::TimedOut`] the next call
    /// goes on with the same line. Never holds more than `limit` bytes of a
    /// line plus the reader's buffer.
    pub fn read_line(&mut self) -> Result<String, ReadError> {
        loop {
            let available = match self.inner.fill_buf() {
                Ok(available) => available,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error)
                    if matches!(
                        error.kind(),
                        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                    ) =>
                {
                    return Err(ReadError::TimedOut);
                }
                Err(error) => return Err(ReadError::Io(error.to_string())),
            };
            if available.is_empty() {
                return Err(ReadError::Closed);
            }
            let newline = available.iter().position(|&byte| byte == b'\n');
            let content = newline.unwrap_or(available.len());
            if self.partial.len() + content > self.limit {
                return Err(ReadError::TooLong(self.limit));
            }
            self.partial.extend_from_slice(&available[..content]);
            let used = newline.map_or(content, |at| at + 1);
            self.inner.consume(used);
            if newline.is_some() {
                let mut line = std::mem::take(&mut self.partial);
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                let line = String::from_utf8(line).map_err(|_| ReadError::NotText)?;
                if line.chars().any(char::is_control) {
                    return Err(ReadError::NotText);
                }
                return Ok(line);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_over_the_limit_is_refused_before_it_is_read_whole() {
        let input = format!("ping\n{}\nping\n", "x".repeat(100));
        let mut reader = LineReader::new(io::BufReader::with_capacity(16, input.as_bytes()), 50);
        assert_eq!(reader.read_line().expect("a line"), "ping");
        assert!(matches!(reader.read_line(), Err(ReadError::TooLong(50))));
        assert!(reader.partial.len() <= 50);
    }

    #[test]
    fn control_characters_and_broken_utf8_are_not_text() {
        for input in [&b"ping\x1b[2J\n"[..], &b"ping \xff\n"[..]] {
            let mut reader = LineReader::new(input, 50);
            assert!(matches!(reader.read_line(), Err(ReadError::NotText)));
        }
        let mut reader = LineReader::new(&b"ping\r\n"[..], 50);
        assert_eq!(reader.read_line().expect("a line"), "ping");
        assert!(matches!(reader.read_line(), Err(ReadError::Closed)));
    }
}
