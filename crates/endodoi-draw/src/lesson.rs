//! The lesson's screen: the board as in a game, titled with the step the
//! player is at, what the step says under it, and a status line naming the keys
//! that go on.
//!
//! ```text
//! ╭ Learn to play · step 3 of 7 ───────────── move 0 ╮
//! │   the board, drawn as in a game                 │
//! ╰─────────────────────────────────────────────────╯
//!  message line, or the keys that go on
//! ╭ Capture ──────────────────────────────────────────╮
//! │ What the rule is and which move shows it; once    │
//! │ the move is made, what happened and why.          │
//! ╰───────────────────────────────────────────────────╯
//!  key bar
//! ```

use std::fmt::Write as _;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Padding, Paragraph, Widget};

use endodoi_app::{Action, Goal, Keymap, Lesson, LessonAction};
use endodoi_core::rules::Variant;

use super::{Geometry, View, key_of, wrap};

/// Rows the lesson's text gets under the board, its frame included.
pub(super) const TEXT_ROWS: u16 = 6;
/// The widest the lesson's text runs, its frame included, so that it reads
/// as a paragraph on a wide screen.
pub(super) const TEXT_WIDTH: u16 = 90;

/// The board's title in the lesson: where the player is in it (the
/// positions are the lesson's own, not a board's start, so the board's
/// holes and seeds are not its title).
pub(super) fn board_title(app: &View, lesson: &Lesson) -> Vec<Span<'static>> {
    let look = app.look;
    let place = match lesson.step() {
        Some(_) => format!("step {} of {} ", lesson.page() + 1, Lesson::pages() - 1),
        None => "the end ".to_owned(),
    };
    let mut title = vec![
        Span::styled(" Learn to play", look.title()),
        Span::styled(look.dot(), look.muted()),
        Span::raw(place),
    ];
    if app.game().config().variant() == Variant::Cross {
        title.extend([
            Span::styled(look.dot().trim_start().to_owned(), look.muted()),
            Span::styled("Cross-Endodoi ", look.title()),
        ]);
    }
    title
}

/// What the step says, in a frame titled with its rule, at the top of
/// `area` (as wide as the screen; the text keeps to [`TEXT_WIDTH`] in its
/// middle, and the frame to the rows it needs, [`TEXT_ROWS`] at least).
/// While its move is sown, the step still shows its task. On a screen too
/// short for all of it, the frame's bottom edge names the key of help,
/// which then begins with the whole text ([`help_lines`]).
pub(super) fn draw_text(app: &View, lesson: &Lesson, area: Rect, buf: &mut Buffer) {
    let look = app.look;
    let width = area.width.min(TEXT_WIDTH);
    let (title, text) = shown(app, lesson);
    let (lines, cut) = text_lines(text, width, area.height);
    let height = (lines.len() as u16 + 2).max(TEXT_ROWS).min(area.height);
    let area = Rect::new(area.x + (area.width - width) / 2, area.y, width, height);
    let mut block = Block::bordered()
        .border_set(look.frame())
        .border_style(look.muted())
        .title_top(Line::styled(format!(" {title} "), look.title()))
        .padding(Padding::horizontal(1));
    if cut {
        let key = key_of(app, Keymap::LESSON, Action::Help);
        block = block.title_bottom(
            Line::styled(format!(" {key} reads it all "), look.key()).right_aligned(),
        );
    }
    Paragraph::new(lines).block(block).render(area, buf);
}

/// Whether the step's text is cut in the room the lesson's screen leaves it
/// on `screen`, so that help shows it whole.
pub(super) fn text_is_cut(app: &View, lesson: &Lesson, screen: Rect) -> bool {
    Geometry::of(app, screen).is_some_and(|geometry| {
        let (_, text) = shown(app, lesson);
        text_lines(text, screen.width.min(TEXT_WIDTH), geometry.history.height).1
    })
}

/// The lines of help that come first in the lesson when its text is cut on
/// screen: the step's title and its text, whole, in `width` columns.
pub(super) fn help_lines(app: &View, lesson: &Lesson, width: u16) -> Vec<Line<'static>> {
    let (title, text) = shown(app, lesson);
    let mut lines = vec![Line::styled(title, app.look.strong())];
    lines.extend(wrap(&Line::raw(text), width, u16::MAX));
    lines.push(Line::default());
    lines
}

/// The title and the text the step shows now: while its move is sown, its
/// task; once made, what happened.
fn shown(app: &View, lesson: &Lesson) -> (&'static str, &'static str) {
    match lesson.step() {
        Some(step) if app.sowing().is_some() => (lesson.title(), step.task),
        Some(_) if lesson.is_done() => ("What happened", lesson.text()),
        _ => (lesson.title(), lesson.text()),
    }
}

/// `text` in a frame `width` columns wide and at most `height` rows high
/// (a column of padding on each side): its lines, and whether it is cut.
pub(super) fn text_lines(text: &str, width: u16, height: u16) -> (Vec<Line<'static>>, bool) {
    let columns = width.saturating_sub(4);
    let rows = height.saturating_sub(2);
    let whole = wrap(&Line::raw(text), columns, u16::MAX);
    if whole.len() <= usize::from(rows) {
        (whole, false)
    } else {
        (wrap(&Line::raw(text), columns, rows), true)
    }
}

/// The status line of the lesson when no message is shown: how to make the
/// step's move, or the keys that go on.
pub(super) fn status(app: &View, lesson: &Lesson) -> Line<'static> {
    let key = |action| key_of(app, Keymap::LESSON, action);
    let text = match lesson.step() {
        // ← and → pass over a hole that cannot be sown: an endless one is
        // selected by its letter alone.
        Some(step) if !lesson.is_done() && matches!(step.goal, Goal::TryEndless(_)) => format!(
            "Select {} (its letter), then {} to sow · {} skips the step",
            step.hole(),
            key(Action::Lesson(LessonAction::Sow)),
            key(Action::Lesson(LessonAction::Next)),
        ),
        Some(step) if !lesson.is_done() => format!(
            "Select {} (its letter, or {} {}), then {} to sow · {} skips the step",
            step.hole(),
            key(Action::Lesson(LessonAction::SelectLeft)),
            key(Action::Lesson(LessonAction::SelectRight)),
            key(Action::Lesson(LessonAction::Sow)),
            key(Action::Lesson(LessonAction::Next)),
        ),
        Some(_) => {
            let mut text = format!(
                "{} the next step · {} this step again",
                key(Action::Lesson(LessonAction::Sow)),
                key(Action::Lesson(LessonAction::Again)),
            );
            if lesson.offers(LessonAction::Back) {
                let _ = write!(
                    text,
                    " · {} the step before",
                    key(Action::Lesson(LessonAction::Back))
                );
            }
            text
        }
        None => format!(
            "{} starts the game · {} back to the lesson · {}",
            key(Action::Lesson(LessonAction::Sow)),
            key(Action::Lesson(LessonAction::Back)),
            super::popup::quit_key(app, Keymap::LESSON),
        ),
    };
    Line::styled(text.replace(" · ", app.look.dot()), app.look.muted())
}

/// `line`, the status line, in the rows of `area`: the lesson's own, where
/// it does not fit, loses its last clauses (the key bar names their keys
/// too) rather than being cut mid-word; a message is wrapped as it is.
pub(super) fn status_rows(
    app: &View,
    lesson: &Lesson,
    line: &Line<'static>,
    area: Rect,
) -> Vec<Line<'static>> {
    let rows = |line: &Line<'static>, height| wrap(line, area.width, height);
    if *line != status(app, lesson) {
        return rows(line, area.height);
    }
    let dot = app.look.dot();
    let text: String = line
        .spans
        .iter()
        .map(|span| span.content.as_ref())
        .collect();
    let mut clauses: Vec<&str> = text.split(dot).collect();
    while clauses.len() > 1
        && rows(&Line::raw(clauses.join(dot)), u16::MAX).len() > usize::from(area.height)
    {
        clauses.pop();
    }
    let style = line
        .spans
        .first()
        .map_or(line.style, |span| line.style.patch(span.style));
    rows(&Line::styled(clauses.join(dot), style), area.height)
}
