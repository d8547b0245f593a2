//! The viewer's evaluation graph, once analysis is on: a bar a move (or a
//! few moves a column in a long game), up while South is ahead, down while
//! North is, in half rows; the move shown is the column picked out, and a
//! click on a column goes to its move. It shares the move list's panel:
//! beside it on a short panel, under it on a tall one.
//!
//! ```text
//! ╭ Moves ─────────────────╮╭ Evaluation ────────────╮
//! │ 1.A+2? 2.b+3 3.A+2 …   ││    ▄█ █▄               │
//! │                        ││ ▀█▀      ▀             │
//! ╰────────────────────────╯╰────────────────────────╯
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Direction, Layout, Margin, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Widget};

use crate::app::Viewer;
use crate::rules::Side;

use super::View;

/// The narrowest panel split in two side by side, and the lowest split one
/// above the other.
const SPLIT_WIDTH: u16 = 50;
const SPLIT_HEIGHT: u16 = 12;

/// Where the move list and the graph go in the history panel `area`: the
/// graph only in the viewer with analysis on, and only where both fit.
pub(super) fn panels(app: &View, area: Rect) -> (Rect, Option<Rect>) {
    if !app.viewer().is_some_and(Viewer::analysis_on) {
        return (area, None);
    }
    let direction = if area.height >= SPLIT_HEIGHT {
        Direction::Vertical
    } else if area.width >= SPLIT_WIDTH {
        Direction::Horizontal
    } else {
        return (area, None);
    };
    let [moves, graph] = Layout::new(direction, [Constraint::Fill(1); 2]).areas(area);
    (moves, Some(graph))
}

/// The columns of a graph `width` wide for `moves` moves: how many moves a
/// column holds, and how many columns there are.
fn columns(moves: usize, width: u16) -> (usize, usize) {
    let per_column = moves.div_ceil(usize::from(width).max(1)).max(1);
    (per_column, moves.div_ceil(per_column))
}

fn block(app: &View) -> Block<'static> {
    let look = app.look;
    Block::bordered()
        .border_set(look.frame())
        .border_style(look.muted())
        .title_top(Line::styled(" Evaluation ", look.muted()))
}

fn inner(app: &View, area: Rect) -> Rect {
    block(app).inner(area).inner(Margin::new(1, 0))
}

/// Draws the graph of `viewer`'s analyses in `area`.
pub(super) fn draw(app: &View, viewer: &Viewer, area: Rect, buf: &mut Buffer) {
    block(app).render(area, buf);
    let inner = inner(app, area);
    let moves = viewer.total();
    if inner.width == 0 || inner.height < 2 || moves == 0 {
        return;
    }
    let look = app.look;
    let (per_column, count) = columns(moves, inner.width);
    let values: Vec<Option<i32>> = (0..count)
        .map(|column| {
            let first = column * per_column + 1;
            let last = (first + per_column - 1).min(moves);
            (first..=last)
                .rev()
                .find_map(|ply| viewer.analysis_of(ply).map(|judged| judged.after))
        })
        .collect();
    let scale = values
        .iter()
        .flatten()
        .map(|value| value.unsigned_abs())
        .max()
        .unwrap_or(0)
        .max(1);
    let up = inner.height / 2;
    let down = inner.height - up;
    let shown = app.game().ply();
    for (column, value) in (0u16..).zip(&values) {
        let Some(value) = *value else { continue };
        let x = inner.x + column;
        let rows = if value >= 0 { up } else { down };
        // Half rows: a bar of `half` halves from the middle line out.
        let half = (u64::from(value.unsigned_abs()) * u64::from(rows) * 2)
            .div_ceil(u64::from(scale)) as u16;
        let side = if value >= 0 { Side::South } else { Side::North };
        let mut style = look.name(side, false);
        let first = column as usize * per_column + 1;
        if (first..first + per_column).contains(&shown) {
            style = style.patch(look.current_move());
        }
        for step in 0..rows {
            let filled = half.saturating_sub(step * 2).min(2);
            let glyph = match (filled, value >= 0, look.ascii) {
                (0, _, _) if value == 0 && step == 0 => {
                    if look.ascii {
                        "-"
                    } else {
                        "─"
                    }
                }
                (0, _, _) => continue,
                (2, _, true) => "#",
                (2, _, false) => "█",
                (_, true, true) => ".",
                (_, true, false) => "▄",
                (_, false, true) => "'",
                (_, false, false) => "▀",
            };
            let y = if value >= 0 {
                inner.y + up - 1 - step
            } else {
                inner.y + up + step
            };
            buf.set_string(x, y, glyph, style);
        }
    }
}

/// The move whose column is at the screen cell (`column`, `row`) of the
/// graph drawn in `area`, if any.
pub(super) fn move_at(
    app: &View,
    viewer: &Viewer,
    area: Rect,
    column: u16,
    row: u16,
) -> Option<usize> {
    let inner = inner(app, area);
    if !inner.contains(ratatui::layout::Position::new(column, row)) {
        return None;
    }
    let (per_column, count) = columns(viewer.total(), inner.width);
    let index = usize::from(column - inner.x);
    (index < count).then(|| ((index + 1) * per_column).min(viewer.total()))
}
