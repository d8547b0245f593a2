//! What the player asks of a game ([`Play`]), and the game's table of keys
//! ([`Keymap::GAME`](crate::Keymap::GAME)).

use crate::actions::{Action, Play};
use crate::input::KeyCode;
use crate::keys::{
    Binding, FASTER, HELP_KEYS, Help, Key, Keymap, QUIT_KEYS, SLOWER, SPEED, bind, flip, select,
};

/// ← and →: select.
const SELECT: [Binding; 2] = select(
    Action::Game(Play::SelectLeft),
    Action::Game(Play::SelectRight),
);

impl Keymap {
    /// The game's keys.
    pub const GAME: Keymap = Keymap::new(
        "game",
        &[
            bind(
                &[Key::HoleLetters],
                Action::Game(Play::Select('a')),
                "",
                Help::Says("select that hole of the mover (either case)"),
            ),
            SELECT[0],
            SELECT[1],
            bind(
                &[Key::Code(KeyCode::Enter), Key::Char(' ')],
                Action::Game(Play::Sow),
                "sow",
                Help::Says("sow the selected hole (mouse: click it twice)"),
            ),
            bind(
                &[Key::Letter('u'), Key::Code(KeyCode::Backspace)],
                Action::Game(Play::Undo),
                "undo",
                Help::Says("undo, redo a move (vs the computer: to your turn)"),
            ),
            bind(
                &[Key::Letter('r')],
                Action::Game(Play::Redo),
                "redo",
                Help::Joins(Action::Game(Play::Undo)),
            ),
            bind(
                &[Key::Letter('t')],
                Action::Game(Play::Hint),
                "hint",
                Help::Says("hint: the engine's move and its margin"),
            ),
            bind(FASTER, Action::Faster, "", SPEED),
            bind(SLOWER, Action::Slower, "", Help::Joins(Action::Faster)),
            bind(
                &[Key::Letter('n')],
                Action::Game(Play::NewGame),
                "new",
                Help::Says("new game (next in a match); save the record"),
            ),
            bind(
                &[Key::Letter('s')],
                Action::Game(Play::Save),
                "save",
                Help::Joins(Action::Game(Play::NewGame)),
            ),
            bind(
                &[Key::Letter('w')],
                Action::Game(Play::Rematch),
                "rematch",
                Help::Says("after a game: rematch, board, menu, review"),
            ),
            bind(
                &[Key::Letter('p')],
                Action::Game(Play::TogglePreview),
                "preview",
                Help::Says("move preview on or off; scroll the move list"),
            ),
            flip(Action::Game(Play::Flip)),
            bind(
                &[Key::Code(KeyCode::Up)],
                Action::Game(Play::OlderMoves),
                "",
                Help::Joins(Action::Game(Play::TogglePreview)),
            ),
            bind(
                &[Key::Code(KeyCode::Down)],
                Action::Game(Play::NewerMoves),
                "",
                Help::Joins(Action::Game(Play::TogglePreview)),
            ),
            bind(
                &[Key::Code(KeyCode::Tab)],
                Action::Game(Play::ToggleResult),
                "board",
                Help::Joins(Action::Game(Play::Rematch)),
            ),
            bind(
                &[Key::Letter('x')],
                Action::Game(Play::Resign),
                "resign",
                Help::Says("resign (asks first); offer a draw"),
            ),
            bind(
                &[Key::Letter('o')],
                Action::Game(Play::OfferDraw),
                "draw",
                Help::Joins(Action::Game(Play::Resign)),
            ),
            bind(
                HELP_KEYS,
                Action::Help,
                "help",
                Help::Says("help: the keys and the rules in brief"),
            ),
            bind(
                &[Key::Letter('m')],
                Action::Game(Play::Menu),
                "menu",
                Help::Joins(Action::Game(Play::Rematch)),
            ),
            bind(
                &[Key::Letter('l')],
                Action::Game(Play::Review),
                "review",
                Help::Joins(Action::Game(Play::Rematch)),
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
