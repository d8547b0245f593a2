//! The lesson's screen: the step's title above the board, the board as in
//! a game, what the step says under it, and a status line naming the keys
//! that go on.
//!
//! ```text
//!         Learn to play · step 3 of 7 · Capture
//! ╭ En Dodoi · 6 holes · 4 seeds ─────────── move 0 ╮
//! │   the board, drawn as in a game                 │
//! ╰─────────────────────────────────────────────────╯
//!  message line, or the keys that go on
//! ╭ Capture ──────────────────────────────────────────╮
//! │ What the rule is and which move shows it; once    │
//! │ the move is made, what happened and why.          │
//! ╰───────────────────────────────────────────────────╯
//!  key bar
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Padding, Paragraph, Widget};

use crate::app::{Action, Keymap, Lesson};

use super::{View, key_of, wrap};

/// Rows the lesson's text gets under the board, its frame included.
pub(super) const TEXT_ROWS: u16 = 6;
/// The widest the lesson's text runs, its frame included, so that it reads
/// as a paragraph on a wide screen.
const TEXT_WIDTH: u16 = 90;

/// The line above the board: where the player is in the lesson.
pub(super) fn draw_header(app: &View, lesson: &Lesson, area: Rect, buf: &mut Buffer) {
    let look = app.look;
    let place = match lesson.step() {
        Some(_) => format!("step {} of {}", lesson.page() + 1, Lesson::pages() - 1),
        None => "the end".to_owned(),
    };
    Line::from(vec![
        Span::styled("Learn to play", look.title()),
        Span::styled(look.dot(), look.muted()),
        Span::raw(place),
        Span::styled(look.dot(), look.muted()),
        Span::styled(lesson.title(), look.strong()),
    ])
    .centered()
    .render(area, buf);
}

/// What the step says, in a frame titled with its rule, at the top of
/// `area` (as wide as the screen; the text keeps to [`TEXT_WIDTH`] in its
/// middle, and the frame to the rows it needs, [`TEXT_ROWS`] at least).
/// While its move is sown, the step still shows its task.
pub(super) fn draw_text(app: &View, lesson: &Lesson, area: Rect, buf: &mut Buffer) {
    let look = app.look;
    let width = area.width.min(TEXT_WIDTH);
    let text = match lesson.step() {
        Some(step) if app.sowing().is_some() => step.task,
        _ => lesson.text(),
    };
    let title = match lesson.step() {
        Some(_) if lesson.is_done() && app.sowing().is_none() => "What happened",
        _ => lesson.title(),
    };
    // The frame and a column of padding on each side.
    let lines = wrap(
        &Line::raw(text),
        width.saturating_sub(4),
        area.height.saturating_sub(2),
    );
    let height = (lines.len() as u16 + 2).max(TEXT_ROWS).min(area.height);
    let area = Rect::new(area.x + (area.width - width) / 2, area.y, width, height);
    Paragraph::new(lines)
        .block(
            Block::bordered()
                .border_set(look.frame())
                .border_style(look.muted())
                .title_top(Line::styled(format!(" {title} "), look.title()))
                .padding(Padding::horizontal(1)),
        )
        .render(area, buf);
}

/// The status line of the lesson when no message is shown: how to make the
/// step's move, or the keys that go on.
pub(super) fn status(app: &View, lesson: &Lesson) -> Line<'static> {
    let key = |action| key_of(app, Keymap::Lesson, action);
    let text = match lesson.step() {
        Some(step) if !lesson.is_done() => format!(
            "Select {} (its letter, or {} {}), then {} to sow · {} skips the step",
            step.hole(),
            key(Action::SelectLeft),
            key(Action::SelectRight),
            key(Action::Sow),
            key(Action::StepForward),
        ),
        Some(_) => format!(
            "{} the next step · {} this step again · {} the step before",
            key(Action::Sow),
            key(Action::Undo),
            key(Action::StepBack),
        ),
        None => format!(
            "{} starts the game · {} back to the lesson · {} quits",
            key(Action::Sow),
            key(Action::StepBack),
            key(Action::Quit),
        ),
    };
    Line::styled(text.replace(" · ", app.look.dot()), app.look.muted())
}
