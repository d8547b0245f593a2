//! The popups the router shows over any screen that take keys: help, and
//! a question that `y` answers. Each is a [`Component`] with its table of
//! keys beside it; what the answer does to the game is the game's
//! ([`Ask::Answer`]).

use super::component::{Ask, Component, Lent};
use super::keys::{Action, Binding, Help, Key, Keymap, bind};
use crate::app::input::KeyCode;
use crate::rules::Side;

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

/// The keys of the help popup.
pub(super) const HELP: &[Binding] = &[
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
];

impl Component for HelpPopup {
    fn keymap(&self) -> Keymap {
        Keymap::Help
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

/// What a confirmation question is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// Quit with the game unfinished.
    Quit,
    /// Abandon the unfinished game for a new one.
    NewGame,
    /// The other player, across the network, asks to take the game back to
    /// its first so many moves.
    Undo(usize),
    /// The player of this side, at this keyboard, resigns the game.
    Resign(Side),
    /// The player of this side, at this keyboard, offers a draw (one key
    /// next to another must not end a game).
    OfferDraw(Side),
    /// The player of this side offers a draw: the other player (at this
    /// keyboard or across the network) accepts or declines.
    Draw(Side),
}

/// The keys of a question.
pub(super) const CONFIRM: &[Binding] = &[
    bind(&[Key::Letter('y')], Action::Yes, "yes", Help::Says("yes")),
    bind(&[Key::Any], Action::No, "no", Help::Says("no")),
];

/// The keys of a request from the other player (across the network, to
/// take moves back; a draw offered, there or at this keyboard): only `y`
/// and `n` answer it, so that a key meant for the board answers nothing.
pub(super) const ANSWER: &[Binding] = &[
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
];

impl Component for Confirm {
    fn keymap(&self) -> Keymap {
        match self {
            Confirm::Undo(_) | Confirm::Draw(_) => Keymap::Answer,
            _ => Keymap::Confirm,
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
