//! What the player asks of a game ([`GameAction`]), and the game's table of keys
//! ([`Keymap::GAME`](crate::Keymap::GAME)).

use crate::actions::{Action, GameAction};
use crate::input::KeyCode;
use crate::keys::{
    Binding, FASTER, HELP_KEYS, Help, Key, Keymap, QUIT_KEYS, SLOWER, SPEED, bind, flip, select,
};

/// ← and →: select.
const SELECT: [Binding; 2] = select(
    Action::Game(GameAction::SelectLeft),
    Action::Game(GameAction::SelectRight),
);

impl Keymap {
    /// The game's keys.
    pub const GAME: Keymap = Keymap::new(
        "game",
        &[
            bind(
                &[Key::HoleLetters],
                Action::Game(GameAction::Select('a')),
                "",
                Help::Says("select that hole of the mover (either case)"),
            ),
            SELECT[0],
            SELECT[1],
            bind(
                &[Key::Code(KeyCode::Enter), Key::Char(' ')],
                Action::Game(GameAction::Sow),
                "sow",
                Help::Says("sow the selected hole (mouse: click it twice)"),
            ),
            bind(
                &[Key::Letter('u'), Key::Code(KeyCode::Backspace)],
                Action::Game(GameAction::Undo),
                "undo",
                Help::Says("undo, redo a move (vs the computer: to your turn)"),
            ),
            bind(
                &[Key::Letter('r')],
                Action::Game(GameAction::Redo),
                "redo",
                Help::Joins(Action::Game(GameAction::Undo)),
            ),
            bind(
                &[Key::Letter('t')],
                Action::Game(GameAction::Hint),
                "hint",
                Help::Says("hint: the engine's move and its margin"),
            ),
            bind(FASTER, Action::Faster, "", SPEED),
            bind(SLOWER, Action::Slower, "", Help::Joins(Action::Faster)),
            bind(
                &[Key::Letter('n')],
                Action::Game(GameAction::NewGame),
                "new",
                Help::Says("new game (next in a match); save the record"),
            ),
            bind(
                &[Key::Letter('s')],
                Action::Game(GameAction::Save),
                "save",
                Help::Joins(Action::Game(GameAction::NewGame)),
            ),
            bind(
                &[Key::Letter('w')],
                Action::Game(GameAction::Rematch),
                "rematch",
                Help::Says("after a game: rematch, board, menu, review"),
            ),
            bind(
                &[Key::Letter('p')],
                Action::Game(GameAction::TogglePreview),
                "preview",
                Help::Says("move preview on or off; scroll the move list"),
            ),
            flip(Action::Game(GameAction::Flip)),
            bind(
                &[Key::Code(KeyCode::Up)],
                Action::Game(GameAction::OlderMoves),
                "",
                Help::Joins(Action::Game(GameAction::TogglePreview)),
            ),
            bind(
                &[Key::Code(KeyCode::Down)],
                Action::Game(GameAction::NewerMoves),
                "",
                Help::Joins(Action::Game(GameAction::TogglePreview)),
            ),
            bind(
                &[Key::Code(KeyCode::Tab)],
                Action::Game(GameAction::ToggleResult),
                "board",
                Help::Joins(Action::Game(GameAction::Rematch)),
            ),
            bind(
                &[Key::Letter('x')],
                Action::Game(GameAction::Resign),
                "resign",
                Help::Says("resign (asks first); offer a draw"),
            ),
            bind(
                &[Key::Letter('o')],
                Action::Game(GameAction::OfferDraw),
                "draw",
                Help::Joins(Action::Game(GameAction::Resign)),
            ),
            bind(
                HELP_KEYS,
                Action::Help,
                "help",
                Help::Says("help: the keys and the rules in brief"),
            ),
            bind(
                &[Key::Letter('m')],
                Action::Game(GameAction::Menu),
                "menu",
                Help::Joins(Action::Game(GameAction::Rematch)),
            ),
            bind(
                &[Key::Letter('l')],
                Action::Game(GameAction::Review),
                "review",
                Help::Joins(Action::Game(GameAction::Rematch)),
            ),
            bind(
                QUIT_KEYS,
                Action::Quit,
                "quit",
                Help::Says("quit or back to the menu (every move is saved)"),
            ),
        ],
    );
}
