//! The menu: its lines, and the page each opens.

use super::{Page, Start};
use crate::{Action, Ask, Keymap, MenuAction, Tone};

/// The lines of the menu.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A new game.
    NewGame,
    /// An unfinished game.
    Continue,
    /// A game to replay.
    Replay,
    /// Each player's results.
    Results,
    /// The lesson.
    Learn,
    /// Quit.
    Quit,
}

impl Entry {
    /// The menu's lines, top down.
    pub const ALL: [Entry; 6] = [
        Entry::NewGame,
        Entry::Continue,
        Entry::Replay,
        Entry::Results,
        Entry::Learn,
        Entry::Quit,
    ];

    /// The action of its shortcut key.
    pub fn action(self) -> Action {
        match self {
            Entry::NewGame => Action::Menu(MenuAction::NewGame),
            Entry::Continue => Action::Menu(MenuAction::Continue),
            Entry::Replay => Action::Menu(MenuAction::Replay),
            Entry::Results => Action::Menu(MenuAction::Results),
            Entry::Learn => Action::Menu(MenuAction::Learn),
            Entry::Quit => Action::Quit,
        }
    }

    pub(super) fn row(self) -> usize {
        Entry::ALL
            .iter()
            .position(|&entry| entry == self)
            .unwrap_or(0)
    }
}

impl Start {
    /// Opens the page of a menu line.
    pub(super) fn enter(&mut self, entry: Entry) -> Vec<Ask> {
        self.row = entry.row();
        match entry {
            Entry::NewGame => self.go_to(Page::NewGame, 0),
            Entry::Continue if self.unfinished().next().is_none() => {
                let key = Keymap::START.key_of(Action::Menu(MenuAction::NewGame));
                return vec![Ask::Say(
                    Tone::Error,
                    format!("No unfinished game: {} starts a new one", key.name(6)),
                )];
            }
            Entry::Continue => self.go_to(Page::Continue, 0),
            // The newest saved game first, else the record file's line.
            Entry::Replay => self.go_to(Page::Replay, usize::from(!self.saved.is_empty())),
            Entry::Results => self.go_to(Page::Results, 0),
            Entry::Learn => return vec![Ask::Learn],
            Entry::Quit => return vec![Ask::Quit],
        }
        Vec::new()
    }
}
