//! What the player asks of a game ([`Play`]), and the game's table of keys
//! ([`Keymap::Game`](crate::app::Keymap::Game)).

use crate::app::input::KeyCode;
use crate::app::keys::{
    Action, Binding, FASTER, HELP_KEYS, Help, Key, QUIT_KEYS, SLOWER, SPEED, bind, flip, select,
};

/// What the player asks of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Play {
    /// Select the mover's hole of this letter (either case).
    Select(char),
    /// Select the next hole that can be sown to the left, as seen on screen.
    SelectLeft,
    /// Select the next hole that can be sown to the right, as seen on screen.
    SelectRight,
    /// Sow the selected hole (or, after a game of a match, start the next).
    Sow,
    /// Take back the last move.
    Undo,
    /// Play the last move taken back again.
    Redo,
    /// Ask the engine for a move.
    Hint,
    /// Turn the move preview on or off.
    TogglePreview,
    /// Once the game is over, put the game-over box aside to see the final
    /// board, or show it again.
    ToggleResult,
    /// Once the game is over, open it in the replay viewer at its last
    /// move; quitting the viewer comes back to the game.
    Review,
    /// Turn the board round, as the player across the table sees it (the
    /// other row at the bottom), or back: a view only, the game unchanged.
    Flip,
    /// Scroll the move list a line back, to older moves.
    OlderMoves,
    /// Scroll the move list a line on, to newer moves.
    NewerMoves,
    /// Start a new game.
    NewGame,
    /// Once a game (not of a match) is over, play it again on the same
    /// board, the players changing rows.
    Rematch,
    /// Once the game is over, go to the start screen.
    Menu,
    /// Save the record where the player can find it.
    Save,
    /// Resign the game, asking first: the player to move, if at this keyboard.
    Resign,
    /// Offer the other player (or the computer) a draw.
    OfferDraw,
}

/// ← and →: select.
const SELECT: [Binding; 2] = select(
    Action::Game(Play::SelectLeft),
    Action::Game(Play::SelectRight),
);

/// The game's keys.
pub(in crate::app) const GAME: &[Binding] = &[
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
];
