//! The popups the router shows over a screen that take keys: help, a
//! question that `y` answers, and a sowing shown (any key ends it). Each
//! is a [`Component`] with its table of keys beside it; what the answer to
//! a question does to the game is the game's ([`Ask::Answer`]).

use super::actions::Action;
use super::component::{Ask, Component, Lent};
use super::input::KeyCode;
use super::keys::{FASTER, Help, Key, Keymap, SLOWER, SPEED, bind};
use super::question::Confirm;
use super::sowing::Sowing;

/// The help popup: its page, from 0 (the drawing wraps it round the pages
/// the screen has room for).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct HelpPopup {
    page: u16,
}

impl HelpPopup {
    /// The page of help asked for since help opened, from 0.
    pub fn page(self) -> u16 {
        self.page
    }
}

impl Keymap {
    /// The keys of the help popup.
    pub const HELP: Keymap = Keymap::new(
        "help",
        &[
            // Not Space: the footer of a help of one page says any key closes it.
            bind(
                &[Key::Code(KeyCode::Down), Key::Code(KeyCode::PageDown)],
                Action::HelpPage,
                "",
                Help::Says("the next page of help, when it has more"),
            ),
            bind(
                &[Key::Any],
                Action::CloseHelp,
                "closes help",
                Help::Says("close help"),
            ),
        ],
    );
}

impl Component for HelpPopup {
    fn keymap(&self) -> Keymap {
        Keymap::HELP
    }

    fn update(&mut self, action: Action, _lent: Lent<'_>) -> Vec<Ask> {
        match action {
            Action::HelpPage => {
                self.page = self.page.wrapping_add(1);
                Vec::new()
            }
            Action::CloseHelp => vec![Ask::Close],
            _ => Vec::new(),
        }
    }
}

impl Keymap {
    /// The keys of a question.
    pub const CONFIRM: Keymap = Keymap::new(
        "confirm",
        &[
            bind(&[Key::Letter('y')], Action::Yes, "yes", Help::Says("yes")),
            bind(&[Key::Any], Action::No, "no", Help::Says("no")),
        ],
    );
}

impl Keymap {
    /// The keys of a request from the other player (across the network, to
    /// take moves back; a draw offered, there or at this keyboard): only `y`
    /// and `n` answer it, so that a key meant for the board answers nothing.
    pub const ANSWER: Keymap = Keymap::new(
        "answer",
        &[
            bind(
                &[Key::Letter('y')],
                Action::Yes,
                "accept",
                Help::Says("accept"),
            ),
            bind(
                &[Key::Letter('n')],
                Action::No,
                "decline",
                Help::Says("decline"),
            ),
        ],
    );
}

impl Component for Confirm {
    fn keymap(&self) -> Keymap {
        match self {
            Confirm::Undo(_) | Confirm::Draw(_) => Keymap::ANSWER,
            _ => Keymap::CONFIRM,
        }
    }

    /// The answer: the question closes, then the game hears it (quitting
    /// is the router's).
    fn update(&mut self, action: Action, _lent: Lent<'_>) -> Vec<Ask> {
        let yes = match action {
            Action::Yes => true,
            Action::No => false,
            _ => return Vec::new(),
        };
        match *self {
            Confirm::Quit if yes => vec![Ask::Close, Ask::Quit],
            question => vec![Ask::Close, Ask::Answer(question, yes)],
        }
    }
}

impl Keymap {
    /// The keys while a move is sown in a game (or in the lesson).
    pub const SOWING: Keymap = Keymap::new(
        "sowing",
        &[
            bind(
                &[Key::Any],
                Action::Skip,
                "skip",
                Help::Says("skip to the end of the sowing"),
            ),
            bind(FASTER, Action::Faster, "speed", SPEED),
            bind(SLOWER, Action::Slower, "speed", Help::Joins(Action::Faster)),
        ],
    );
}

/// A sowing shown over a game or the lesson takes the keys: any key ends it.
impl Component for Sowing {
    fn keymap(&self) -> Keymap {
        Keymap::SOWING
    }

    fn update(&mut self, action: Action, _lent: Lent<'_>) -> Vec<Ask> {
        match action {
            Action::Skip => vec![Ask::Still],
            _ => Vec::new(),
        }
    }
}
