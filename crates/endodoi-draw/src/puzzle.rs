//! The puzzles' screen: the board as in a game, titled with the puzzle and
//! its rating, the task or the verdict under it, and a status line naming
//! the keys.
//!
//! ```text
//! ╭ Puzzle 12 · rated 1450 ───────────────────── move 23 ╮
//! │   the board, drawn as in a game                     │
//! ╰─────────────────────────────────────────────────────╯
//!  message line, or the keys that go on
//! ╭ South to move ───────────────────────────────────────╮
//! │ Find the move that keeps the best outcome; after the │
//! │ answer, the verdict with its proof, and your rating. │
//! ╰──────────────────────────────────────────────────────╯
//!  key bar
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Padding, Paragraph, Widget};

use endodoi_app::{Action, Keymap, PuzzleAction, Puzzles};

use super::lesson::{TEXT_WIDTH, text_lines};
use super::{View, key_of};

/// The board's title: the puzzle and its rating.
pub(super) fn board_title(app: &View, puzzles: &Puzzles) -> Vec<Span<'static>> {
    let look = app.look;
    let Some(puzzle) = puzzles.puzzle() else {
        return vec![Span::styled(" Puzzles ", look.title())];
    };
    vec![
        Span::styled(format!(" Puzzle {}", puzzle.id), look.title()),
        Span::styled(look.dot(), look.muted()),
        Span::raw(format!(
            "2×{}{}rated {} ",
            puzzle.game.config().width(),
            look.dot(),
            puzzle.rating
        )),
    ]
}

/// The task, or once answered the verdict and the rating, in a frame at
/// the top of `area`.
pub(super) fn draw_text(app: &View, puzzles: &Puzzles, area: Rect, buf: &mut Buffer) {
    let look = app.look;
    let width = area.width.min(TEXT_WIDTH);
    let (title, text) = shown(app, puzzles);
    let (lines, _) = text_lines(&text, width, area.height);
    let height = (lines.len() as u16 + 2).min(area.height);
    let area = Rect::new(area.x + (area.width - width) / 2, area.y, width, height);
    let block = Block::bordered()
        .border_set(look.frame())
        .border_style(look.muted())
        .title_top(Line::styled(format!(" {title} "), look.title()))
        .padding(Padding::horizontal(1));
    Paragraph::new(lines).block(block).render(area, buf);
}

/// The frame's title and text now: the task until the answer is sown,
/// then the verdict and the rating.
fn shown(app: &View, puzzles: &Puzzles) -> (String, String) {
    let Some(puzzle) = puzzles.puzzle() else {
        return ("Puzzles".to_owned(), "The puzzle set is empty.".to_owned());
    };
    let mover = puzzle.mover();
    match puzzles.verdict() {
        Some(verdict) if app.sowing().is_none() => {
            let title = if puzzles.solved() == Some(true) {
                "Solved"
            } else {
                "Not the best move"
            };
            (title.to_owned(), format!("{verdict} {}.", puzzles.rating()))
        }
        _ => (
            format!("{mover} to move"),
            format!(
                "Find the move that keeps the best outcome for {mover}: exactly one does, \
                 proven against every defence. {}.",
                puzzles.rating()
            ),
        ),
    }
}

/// The status line when no message is shown: how to answer, or the keys
/// that go on.
pub(super) fn status(app: &View, puzzles: &Puzzles) -> Line<'static> {
    let key = |action| key_of(app, Keymap::PUZZLE, Action::Puzzle(action));
    let text = if puzzles.is_open() {
        format!(
            "Choose a hole (its letter, or {} {}), then {} to sow{}{} the next puzzle",
            key(PuzzleAction::SelectLeft),
            key(PuzzleAction::SelectRight),
            key(PuzzleAction::Sow),
            app.look.dot(),
            key(PuzzleAction::Next),
        )
    } else {
        format!(
            "{} the next puzzle{}{} this one again",
            key(PuzzleAction::Next),
            app.look.dot(),
            key(PuzzleAction::Again),
        )
    };
    Line::styled(text, app.look.muted())
}
