//! The message line under the board: news and refusals, shown until the
//! player's next key, and a problem the player must not miss, which stays
//! at its head until the player acts. The router keeps it for every screen.

use super::App;

/// How a message on the message line is meant.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tone {
    /// News: a file saved, a move taken back.
    Info,
    /// A refusal: an illegal move, a key that does nothing now.
    Error,
    /// A problem the player must not miss (the endgame tables cannot be
    /// used, and what the engine does instead): it stays until the player
    /// acts, whatever news comes meanwhile.
    Problem,
}

/// A one-line message, shown until the next key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// How it is meant.
    pub tone: Tone,
}

impl App {
    /// The message line.
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    /// Shows a message on the message line. A [`Tone::Problem`] stays
    /// until the player acts: news told meanwhile follows it.
    pub fn notify(&mut self, tone: Tone, text: impl Into<String>) {
        let text = crate::record::terminal_safe(&text.into());
        if tone == Tone::Problem {
            self.problem = Some(text.clone());
        }
        self.message = Some(match &self.problem {
            Some(problem) if tone != Tone::Problem => Message {
                text: format!("{problem} · {text}"),
                tone: Tone::Problem,
            },
            _ => Message { text, tone },
        });
    }
}
