//! The start screen's tables of keys, and what they ask for ([`MenuAction`]).

use crate::actions::{Action, MenuAction, Target};
use crate::input::KeyCode;
use crate::keys::{HELP_KEYS, Help, Key, Keymap, bind};

impl Keymap {
    /// The start screen's keys (its menu, the new game's settings, the saved
    /// games).
    pub const START: Keymap = Keymap::new(
        "start",
        &[
            bind(
                &[Key::Code(KeyCode::Up), Key::Char('k')],
                Action::Menu(MenuAction::Up),
                "move",
                Help::Says("the line above, below"),
            ),
            bind(
                &[Key::Code(KeyCode::Down), Key::Char('j')],
                Action::Menu(MenuAction::Down),
                "move",
                Help::Joins(Action::Menu(MenuAction::Up)),
            ),
            bind(
                &[Key::Code(KeyCode::Left)],
                Action::Menu(MenuAction::Less),
                "change",
                Help::Says("change the value of the line: down, up"),
            ),
            bind(
                &[Key::Code(KeyCode::Right)],
                Action::Menu(MenuAction::More),
                "change",
                Help::Joins(Action::Menu(MenuAction::Less)),
            ),
            bind(
                &[Key::Code(KeyCode::Enter)],
                Action::Menu(MenuAction::Choose),
                "choose",
                Help::Says("choose the line; on a player: type the name"),
            ),
            bind(
                &[Key::Letter('n')],
                Action::Menu(MenuAction::NewGame),
                "",
                Help::Says("new game: the players, the board, a match"),
            ),
            bind(
                &[Key::Letter('c')],
                Action::Menu(MenuAction::Continue),
                "",
                Help::Says("continue an unfinished game"),
            ),
            bind(
                &[Key::Letter('r')],
                Action::Menu(MenuAction::Replay),
                "",
                Help::Says("replay a saved game or a record file"),
            ),
            bind(
                &[Key::Letter('t')],
                Action::Menu(MenuAction::Results),
                "",
                Help::Says("results: each player's games, wins, draws, losses"),
            ),
            bind(
                &[Key::Letter('l')],
                Action::Menu(MenuAction::Learn),
                "",
                Help::Says("learn to play"),
            ),
            bind(
                &[Key::Letter('z')],
                Action::Menu(MenuAction::Puzzles),
                "",
                Help::Says("puzzles: find the best move, proven"),
            ),
            bind(
                &[Key::Letter('s')],
                Action::Menu(MenuAction::Play),
                "start",
                Help::Says("start the new game set up"),
            ),
            bind(
                &[Key::Letter('o')],
                Action::Menu(MenuAction::OpenFile),
                "open file",
                Help::Says("replay a record file: type its path"),
            ),
            bind(
                &[Key::Click],
                Action::Click(Target::Elsewhere),
                "",
                Help::Says("a line: choose it (a setting: change it)"),
            ),
            bind(
                &[Key::Code(KeyCode::Esc)],
                Action::Menu(MenuAction::Back),
                "back",
                Help::Says("back to the menu (on the menu: quit)"),
            ),
            bind(
                HELP_KEYS,
                Action::Help,
                "help",
                Help::Says("help: the keys"),
            ),
            bind(
                &[Key::Letter('q')],
                Action::Quit,
                "quit",
                Help::Says("quit"),
            ),
        ],
    );
}

impl Keymap {
    /// The keys while a name or a path is typed on the start screen.
    pub const TYPING: Keymap = Keymap::new(
        "typing",
        &[
            bind(
                &[Key::Text],
                Action::Menu(MenuAction::Type('a')),
                "",
                Help::Says("typed into the name or the path"),
            ),
            bind(
                &[Key::Code(KeyCode::Backspace)],
                Action::Menu(MenuAction::Erase),
                "erase",
                Help::Says("take back a character"),
            ),
            bind(
                &[Key::Code(KeyCode::Enter)],
                Action::Menu(MenuAction::Done),
                "done",
                Help::Says("keep what is typed, forget it"),
            ),
            bind(
                &[Key::Code(KeyCode::Esc)],
                Action::Menu(MenuAction::Cancel),
                "cancel",
                Help::Joins(Action::Menu(MenuAction::Done)),
            ),
        ],
    );
}
