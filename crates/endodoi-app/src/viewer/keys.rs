//! The replay viewer's tables of keys ([`Keymap::VIEWER`], and
//! [`Keymap::GO_TO`] while a move number is typed, [`Keymap::PLAY_ON`] while
//! it asks who plays on).
//!
//! [`Keymap::VIEWER`]: crate::Keymap::VIEWER
//! [`Keymap::GO_TO`]: crate::Keymap::GO_TO
//! [`Keymap::PLAY_ON`]: crate::Keymap::PLAY_ON

use crate::actions::{Action, Target, ViewerAction};
use crate::input::KeyCode;
use crate::keys::{FASTER, HELP_KEYS, Help, Key, Keymap, QUIT_KEYS, SLOWER, SPEED, bind, flip};

impl Keymap {
    /// The replay viewer's keys.
    pub const VIEWER: Keymap = Keymap::new(
        "viewer",
        &[
            bind(
                &[Key::Code(KeyCode::Left), Key::Char('h')],
                Action::Viewer(ViewerAction::StepBack),
                "step",
                Help::Says("step back, forward (any key skips a sowing)"),
            ),
            bind(
                &[Key::Code(KeyCode::Right), Key::Char('l')],
                Action::Viewer(ViewerAction::StepForward),
                "step",
                Help::Joins(Action::Viewer(ViewerAction::StepBack)),
            ),
            bind(
                &[Key::Char('g'), Key::Code(KeyCode::Home)],
                Action::Viewer(ViewerAction::Start),
                "start/end",
                Help::Says("the start, the end"),
            ),
            bind(
                &[Key::Char('G'), Key::Code(KeyCode::End)],
                Action::Viewer(ViewerAction::End),
                "start/end",
                Help::Joins(Action::Viewer(ViewerAction::Start)),
            ),
            bind(
                &[Key::Char(' ')],
                Action::Viewer(ViewerAction::Autoplay),
                "play",
                Help::Says("play the record by itself; Space again pauses"),
            ),
            bind(
                &[Key::Digits],
                Action::Viewer(ViewerAction::Digit(0)),
                "go to",
                Help::Says("the position after move 12 (a sowing is a move)"),
            ),
            bind(
                &[Key::Code(KeyCode::Enter)],
                Action::Viewer(ViewerAction::GoTo),
                "",
                Help::Unlisted,
            ),
            bind(
                &[Key::Click],
                Action::Click(Target::Elsewhere),
                "",
                Help::Says("a move in the list goes to it"),
            ),
            bind(
                &[Key::Letter('p')],
                Action::Viewer(ViewerAction::TakeOver),
                "play on",
                Help::Says("play on from here, with a friend or the computer"),
            ),
            bind(
                &[Key::Letter('a')],
                Action::Viewer(ViewerAction::Analysis),
                "analysis",
                Help::Says("analysis on/off: the engine judges each move"),
            ),
            flip(Action::Viewer(ViewerAction::Flip)),
            bind(FASTER, Action::Faster, "speed", SPEED),
            bind(SLOWER, Action::Slower, "speed", Help::Joins(Action::Faster)),
            bind(
                HELP_KEYS,
                Action::Help,
                "help",
                Help::Says("help: the keys"),
            ),
            bind(
                QUIT_KEYS,
                Action::Quit,
                "quit",
                Help::Says("quit or back to the menu (the record is never changed)"),
            ),
            bind(
                &[Key::Any],
                Action::Viewer(ViewerAction::Skip),
                "skip",
                Help::Unlisted,
            ),
        ],
    );
}

impl Keymap {
    /// The keys while a move number is typed in the viewer; other keys act as
    /// in the viewer.
    pub const GO_TO: Keymap = Keymap::new(
        "go to",
        &[
            bind(
                &[Key::Digits],
                Action::Viewer(ViewerAction::Digit(0)),
                "",
                Help::Unlisted,
            ),
            bind(
                &[Key::Code(KeyCode::Enter)],
                Action::Viewer(ViewerAction::GoTo),
                "go",
                Help::Unlisted,
            ),
            bind(
                &[Key::Code(KeyCode::Backspace)],
                Action::Viewer(ViewerAction::EraseDigit),
                "erase",
                Help::Says("take back a digit, forget the number typed"),
            ),
            bind(
                &[Key::Code(KeyCode::Esc)],
                Action::Viewer(ViewerAction::CancelGoTo),
                "cancel",
                Help::Joins(Action::Viewer(ViewerAction::EraseDigit)),
            ),
        ],
    )
    .falling_back(&Keymap::VIEWER);
}

impl Keymap {
    /// The keys while the viewer asks who plays each side of the game played on
    /// (`p`); other keys do nothing then.
    pub const PLAY_ON: Keymap = Keymap::new(
        "play on",
        &[
            bind(
                &[Key::Code(KeyCode::Up), Key::Code(KeyCode::Down)],
                Action::Viewer(ViewerAction::OtherSide),
                "side",
                Help::Says("play on: the other side's line"),
            ),
            bind(
                &[Key::Code(KeyCode::Left)],
                Action::Viewer(ViewerAction::ChangePlayer(-1)),
                "player",
                Help::Says("play on: a person, or the computer at a level"),
            ),
            bind(
                &[Key::Code(KeyCode::Right)],
                Action::Viewer(ViewerAction::ChangePlayer(1)),
                "player",
                Help::Joins(Action::Viewer(ViewerAction::ChangePlayer(-1))),
            ),
            bind(
                &[Key::Code(KeyCode::Enter)],
                Action::Viewer(ViewerAction::BeginGame),
                "play",
                Help::Says("play on: begin the game, or not"),
            ),
            bind(
                QUIT_KEYS,
                Action::Viewer(ViewerAction::CancelGame),
                "cancel",
                Help::Joins(Action::Viewer(ViewerAction::BeginGame)),
            ),
        ],
    );
}
