//! The puzzles' table of keys ([`Keymap::PUZZLE`](crate::Keymap::PUZZLE)):
//! the answer is chosen and sown as a move in a game; other keys go from
//! puzzle to puzzle.

use crate::actions::{Action, PuzzleAction};
use crate::input::KeyCode;
use crate::keys::{
    Binding, FASTER, HELP_KEYS, Help, Key, Keymap, QUIT_KEYS, SLOWER, SPEED, bind, select,
};

/// ← and →: select.
const SELECT: [Binding; 2] = select(
    Action::Puzzle(PuzzleAction::SelectLeft),
    Action::Puzzle(PuzzleAction::SelectRight),
);

impl Keymap {
    /// The puzzles' keys.
    pub const PUZZLE: Keymap = Keymap::new(
        "puzzle",
        &[
            bind(
                &[Key::HoleLetters],
                Action::Puzzle(PuzzleAction::Select('a')),
                "",
                Help::Says("select that hole of the player to move (either case)"),
            ),
            SELECT[0],
            SELECT[1],
            bind(
                &[Key::Code(KeyCode::Enter), Key::Char(' ')],
                Action::Puzzle(PuzzleAction::Sow),
                "sow",
                Help::Says("sow the selected hole: your answer"),
            ),
            bind(
                &[Key::Letter('n')],
                Action::Puzzle(PuzzleAction::Next),
                "next",
                Help::Says("the next puzzle, rated nearest yours"),
            ),
            bind(
                &[Key::Letter('u'), Key::Code(KeyCode::Backspace)],
                Action::Puzzle(PuzzleAction::Again),
                "again",
                Help::Says("this puzzle again from its start (not rated again)"),
            ),
            bind(FASTER, Action::Faster, "", SPEED),
            bind(SLOWER, Action::Slower, "", Help::Joins(Action::Faster)),
            bind(
                HELP_KEYS,
                Action::Help,
                "help",
                Help::Says("help: the keys and the rules in brief"),
            ),
            bind(
                QUIT_KEYS,
                Action::Quit,
                "quit",
                Help::Says("quit the puzzles, or back to the menu"),
            ),
        ],
    );
}
