//! The lesson's table of keys ([`Keymap::LESSON`](crate::Keymap::LESSON)):
//! a step's move is chosen and sown as in a game; other keys go from step
//! to step.

use crate::actions::{Action, LessonAction};
use crate::input::KeyCode;
use crate::keys::{
    Binding, FASTER, HELP_KEYS, Help, Key, Keymap, QUIT_KEYS, SLOWER, SPEED, bind, select,
};

/// ← and →: select.
const SELECT: [Binding; 2] = select(
    Action::Lesson(LessonAction::SelectLeft),
    Action::Lesson(LessonAction::SelectRight),
);

impl Keymap {
    /// The lesson's keys.
    pub const LESSON: Keymap = Keymap::new(
        "lesson",
        &[
            bind(
                &[Key::HoleLetters],
                Action::Lesson(LessonAction::Select('a')),
                "",
                Help::Says("select that hole of yours (either case)"),
            ),
            SELECT[0],
            SELECT[1],
            bind(
                &[Key::Code(KeyCode::Enter), Key::Char(' ')],
                Action::Lesson(LessonAction::Sow),
                "sow",
                Help::Says("sow the selected hole, then go on"),
            ),
            bind(
                &[Key::Letter('n')],
                Action::Lesson(LessonAction::Next),
                "next",
                Help::Says("the next step, the step before"),
            ),
            bind(
                &[Key::Letter('p')],
                Action::Lesson(LessonAction::Back),
                "back",
                Help::Joins(Action::Lesson(LessonAction::Next)),
            ),
            bind(
                &[Key::Letter('u'), Key::Code(KeyCode::Backspace)],
                Action::Lesson(LessonAction::Again),
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
                Help::Says("quit the lesson, or back to the menu"),
            ),
        ],
    );
}
