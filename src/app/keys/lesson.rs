//! The lesson's table of keys ([`super::Keymap::Lesson`]): a step's move is
//! chosen and sown as in a game; other keys go from step to step.

use ratatui::crossterm::event::KeyCode;

use super::{
    Action, Binding, FASTER, HELP_KEYS, Help, Key, QUIT_KEYS, SELECT_LEFT, SELECT_RIGHT, SLOWER,
    SPEED, bind,
};

/// The lesson's keys.
pub(super) const LESSON: &[Binding] = &[
    bind(
        &[Key::HoleLetters],
        Action::Select('a'),
        "",
        Help::Says("select that hole of yours (either case)"),
    ),
    SELECT_LEFT,
    SELECT_RIGHT,
    bind(
        &[Key::Code(KeyCode::Enter), Key::Char(' ')],
        Action::Sow,
        "sow",
        Help::Says("sow the selected hole, then go on"),
    ),
    bind(
        &[Key::Letter('n')],
        Action::StepForward,
        "next",
        Help::Says("the next step, the step before"),
    ),
    bind(
        &[Key::Letter('p')],
        Action::StepBack,
        "back",
        Help::Joins(Action::StepForward),
    ),
    bind(
        &[Key::Letter('u'), Key::Code(KeyCode::Backspace)],
        Action::Undo,
        "again",
        Help::Says("this step again from its start"),
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
        Help::Says("quit the lesson"),
    ),
];
