//! The replay viewer's tables of keys ([`Keymap::VIEWER`], and
//! [`Keymap::GO_TO`] while a move number is typed, [`Keymap::PLAY_ON`] while
//! it asks who plays on).
//!
//! [`Keymap::VIEWER`]: crate::Keymap::VIEWER
//! [`Keymap::GO_TO`]: crate::Keymap::GO_TO
//! [`Keymap::PLAY_ON`]: crate::Keymap::PLAY_ON

use crate::actions::{Action, Replay, Target};
use crate::input::KeyCode;
use crate::keys::{FASTER, HELP_KEYS, Help, Key, Keymap, QUIT_KEYS, SLOWER, SPEED, bind, flip};

impl Keymap {
    /// The replay viewer's keys.
    pub const VIEWER: Keymap = Keymap::new(
        "viewer",
        &[
            bind(
                &[Key::Code(KeyCode::Left), Key::Char('h')],
                Action::Viewer(Replay::StepBack),
                "step",
                Help::Says("step back, forward (any key skips a sowing)"),
            ),
            bind(
                &[Key::Code(KeyCode::Right), Key::Char('l')],
                Action::Viewer(Replay::StepForward),
                "step",
                Help::Joins(Action::Viewer(Replay::StepBack)),
            ),
            bind(
                &[Key::Char('g'), Key::Code(KeyCode::Home)],
                Action::Viewer(Replay::Start),
                "start/end",
                Help::Says("the start, the end"),
            ),
            bind(
                &[Key::Char('G'), Key::Code(KeyCode::End)],
                Action::Viewer(Replay::End),
                "start/end",
                Help::Joins(Action::Viewer(Replay::Start)),
            ),
            bind(
                &[Key::Char(' ')],
                Action::Viewer(Replay::Autoplay),
                "play",
                Help::Says("play the record by itself; Space again pauses"),
            ),
            bind(
                &[Key::Digits],
                Action::Viewer(Replay::Digit(0)),
                "go to",
                Help::Says("the position after move 12 (a sowing is a move)"),
            ),
            bind(
                &[Key::Code(KeyCode::Enter)],
                Action::Viewer(Replay::GoTo),
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
                Action::Viewer(Replay::TakeOver),
                "play on",
                Help::Says("play on from here, with a friend or the computer"),
            ),
            bind(
                &[Key::Letter('a')],
                Action::Viewer(Replay::Analysis),
                "analysis",
                Help::Says("analysis on/off: the engine judges each move"),
            ),
            flip(Action::Viewer(Replay::Flip)),
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
                Action::Viewer(Replay::Skip),
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
                Action::Viewer(Replay::Digit(0)),
                "",
                Help::Unlisted,
            ),
            bind(
                &[Key::Code(KeyCode::Enter)],
                Action::Viewer(Replay::GoTo),
                "go",
                Help::Unlisted,
            ),
            bind(
                &[Key::Code(KeyCode::Backspace)],
                Action::Viewer(Replay::EraseDigit),
                "erase",
                Help::Says("take back a digit, forget the number typed"),
            ),
            bind(
                &[Key::Code(KeyCode::Esc)],
                Action::Viewer(Replay::CancelGoTo),
                "cancel",
                Help::Joins(Action::Viewer(Replay::EraseDigit)),
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
                Action::Viewer(Replay::OtherSide),
                "side",
                Help::Says("play on: the other side's line"),
            ),
            bind(
                &[Key::Code(KeyCode::Left)],
                Action::Viewer(Replay::ChangePlayer(-1)),
                "player",
                Help::Says("play on: a person, or the computer at a level"),
            ),
            bind(
                &[Key::Code(KeyCode::Right)],
                Action::Viewer(Replay::ChangePlayer(1)),
                "player",
                Help::Joins(Action::Viewer(Replay::ChangePlayer(-1))),
            ),
            bind(
                &[Key::Code(KeyCode::Enter)],
                Action::Viewer(Replay::BeginGame),
                "play",
                Help::Says("play on: begin the game, or not"),
            ),
            bind(
                QUIT_KEYS,
                Action::Viewer(Replay::CancelGame),
                "cancel",
                Help::Joins(Action::Viewer(Replay::BeginGame)),
            ),
        ],
    );
}
