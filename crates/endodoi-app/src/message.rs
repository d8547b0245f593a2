//! The message line under the board: news and refusals, shown until the
//! player's next key, and a problem the player must not miss, which stays
//! at its head until the player acts. The router keeps it for every screen.

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
pub struct StatusMessage {
    /// The text.
    pub text: String,
    /// How it is meant.
    pub tone: Tone,
}

/// The message line: the message shown, and the problem that stays at
/// its head until the player acts.
#[derive(Clone, Debug, Default)]
pub(super) struct MessageLine {
    message: Option<StatusMessage>,
    /// A [`Tone::Problem`] told since the player last acted: it stays at
    /// the head of the message line, news following it.
    problem: Option<String>,
}

impl MessageLine {
    /// The message shown, if any.
    pub(super) fn shown(&self) -> Option<&StatusMessage> {
        self.message.as_ref()
    }

    /// Shows a message. A [`Tone::Problem`] stays until the player acts:
    /// news told meanwhile follows it.
    pub(super) fn notify(&mut self, tone: Tone, text: impl Into<String>) {
        let text = endodoi_core::record::terminal_safe(&text.into());
        if tone == Tone::Problem {
            self.problem = Some(text.clone());
        }
        self.message = Some(match &self.problem {
            Some(problem) if tone != Tone::Problem => StatusMessage {
                text: format!("{problem} · {text}"),
                tone: Tone::Problem,
            },
            _ => StatusMessage { text, tone },
        });
    }

    /// The player acted: the line is cleared, the problem too.
    pub(super) fn clear(&mut self) {
        self.message = None;
        self.problem = None;
    }
}
