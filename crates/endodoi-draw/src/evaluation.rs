//! The viewer's evaluation graph, once analysis is on: the graph `analyze`
//! prints ([`endodoi_app::analysis::Chart`]), one column a move, scrolled to keep
//! the move shown in view (the title then says which moves it shows); the
//! move shown is the column picked out, and a click on a column goes to its
//! move. It shares the move list's panel: beside it on a short panel, under
//! it on a tall one.
//!
//! ```text
//! ╭ Moves ─────────────────╮╭ Evaluation · 1–18 of 27 ─╮
//! │ 1.A+2 2.b+3 3.A+2 …    ││ S +8 ┤▄▄▄▄▄▄▄▄▄          │
//! │                        ││   ±0 ┼────?───────────── │
//! │                        ││ N -8 ┤         █████████ │
//! │                        ││ move  1        10        │
//! ╰────────────────────────╯╰──────────────────────────╯
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Direction, Layout, Margin, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Widget};

use endodoi_app::Viewer;
use endodoi_app::analysis::{CellTone, Chart, Point, Window};

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

/// The graph of `viewer`'s analyses for a panel's `inner` area: its
/// window (one column a move, following the move shown) and its lines;
/// none where it does not fit.
fn chart(app: &View, viewer: &Viewer, inner: Rect) -> Option<(Window, Chart)> {
    let total = viewer.total();
    let points: Vec<Point> = (1..=total)
        .map(|ply| viewer.analysis_of(ply).map(Point::from).unwrap_or_default())
        .collect();
    // The scale's labels, a space and its line.
    let width = usize::from(inner.width).checked_sub(Chart::label_width(&points) + 2)?;
    if total == 0 || width == 0 || inner.height < 4 {
        return None;
    }
    let window = Window::following(total, width, app.game().ply());
    let half = usize::from(inner.height - 2) / 2;
    Some((window, Chart::new(&points, window, half, app.look.ascii)))
}

fn block(app: &View, title: String) -> Block<'static> {
    let look = app.look;
    Block::bordered()
        .border_set(look.frame())
        .border_style(look.muted())
        .title_top(Line::styled(title, look.muted()))
}

fn inner(app: &View, area: Rect) -> Rect {
    block(app, String::new())
        .inner(area)
        .inner(Margin::new(1, 0))
}

/// Draws the graph of `viewer`'s analyses in `area`, with the moves it
/// shows in its title when they are not all of them.
pub(super) fn draw(app: &View, viewer: &Viewer, area: Rect, buf: &mut Buffer) {
    let inner = inner(app, area);
    let chart = chart(app, viewer, inner);
    let title = match &chart {
        Some((window, _)) if window.shown() != (1..=window.total) => format!(
            " Evaluation · {}–{} of {} ",
            window.shown().start(),
            window.shown().end(),
            window.total
        ),
        _ => " Evaluation ".to_owned(),
    };
    block(app, title).render(area, buf);
    let Some((window, chart)) = chart else {
        return;
    };
    let look = app.look;
    let shown = app.game().ply();
    for (row, y) in chart.rows.iter().zip(inner.y..inner.bottom()) {
        let label = format!("{:>width$} ", row.label, width = chart.label_width);
        buf.set_string(inner.x, y, &label, look.muted());
        let x = inner.x + label.chars().count() as u16;
        for (cell, x) in row.cells.iter().zip(x..inner.right()) {
            let mut style = match cell.tone {
                CellTone::Bar(side) => look.name(side, false),
                CellTone::Mark => look.strong(),
                CellTone::Frame | CellTone::Number => look.muted(),
            };
            if cell
                .column
                .is_some_and(|column| window.moves_of(column).contains(&shown))
            {
                style = style.patch(look.current_move());
            }
            buf.set_string(x, y, cell.glyph.to_string(), style);
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
    let (window, chart) = chart(app, viewer, inner)?;
    // Right of the labels, the space and the scale's line.
    let x = usize::from(column - inner.x).checked_sub(chart.label_width + 2)?;
    window
        .column_at(x)
        .map(|column| *window.moves_of(column).end())
}
