//! The menu: its lines, and the page each opens.

use super::{Page, Start};
use crate::{Action, Ask, Keymap, MenuAction, Tone};

/// The lines of the menu.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MenuEntry {
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
    /// The puzzles.
    Puzzles,
    /// Quit.
    Quit,
}

impl MenuEntry {
    /// The menu's lines, top down.
    pub const ALL: [MenuEntry; 7] = [
        MenuEntry::NewGame,
        MenuEntry::Continue,
        MenuEntry::Replay,
        MenuEntry::Results,
        MenuEntry::Learn,
        MenuEntry::Puzzles,
        MenuEntry::Quit,
    ];

    /// The action of its shortcut key.
    pub fn action(self) -> Action {
        match self {
            MenuEntry::NewGame => Action::Menu(MenuAction::NewGame),
            MenuEntry::Continue => Action::Menu(MenuAction::Continue),
            MenuEntry::Replay => Action::Menu(MenuAction::Replay),
            MenuEntry::Results => Action::Menu(MenuAction::Results),
            MenuEntry::Learn => Action::Menu(MenuAction::Learn),
            MenuEntry::Puzzles => Action::Menu(MenuAction::Puzzles),
            MenuEntry::Quit => Action::Quit,
        }
    }

    pub(super) fn row(self) -> usize {
        MenuEntry::ALL
            .iter()
            .position(|&entry| entry == self)
            .unwrap_or(0)
    }
}

impl Start {
    /// Opens the page of a menu line.
    pub(super) fn enter(&mut self, entry: MenuEntry) -> Vec<Ask> {
        self.row = entry.row();
        match entry {
            MenuEntry::NewGame => self.go_to(Page::NewGame, 0),
            MenuEntry::Continue if self.unfinished().next().is_none() => {
                let key = Keymap::START.key_of(Action::Menu(MenuAction::NewGame));
                return vec![Ask::Say(
                    Tone::Error,
                    format!("No unfinished game: {} starts a new one", key.name(6)),
                )];
            }
            MenuEntry::Continue => self.go_to(Page::Continue, 0),
            // The newest saved game first, else the record file's line.
            MenuEntry::Replay => self.go_to(Page::Replay, usize::from(!self.saved.is_empty())),
            MenuEntry::Results => self.go_to(Page::Results, 0),
            MenuEntry::Learn => return vec![Ask::Learn],
            MenuEntry::Puzzles => return vec![Ask::Puzzles(self.results().stats().puzzles)],
            MenuEntry::Quit => return vec![Ask::Quit],
        }
        Vec::new()
    }
}
