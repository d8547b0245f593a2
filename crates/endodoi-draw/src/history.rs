//! The move history panel, in record notation, and clicks on it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::evaluation;
use super::theme::Look;
use super::{Geometry, View, shown_ply};

fn history_block(look: Look) -> Block<'static> {
    Block::bordered()
        .border_set(look.frame())
        .border_style(look.muted())
}

/// Where the moves go inside the history panel `area`.
fn history_inner(look: Look, area: Rect) -> Rect {
    history_block(look)
        .inner(area)
        .inner(ratatui::layout::Margin::new(1, 0))
}

/// The move list laid out in lines, scrolled so that the current move shows
/// (or as far back as the player scrolled it).
struct HistoryLayout {
    /// The lines in view.
    lines: Vec<Line<'static>>,
    /// The moves in view and all of them, when they do not all show.
    shown: Option<(usize, usize, usize)>,
    /// Whether lines above those in view are hidden: the list can scroll
    /// further back.
    more_above: bool,
    /// Where each move in view is: the line, its first column and width (in
    /// the panel), and the number of moves played once it is.
    spots: Vec<(usize, u16, u16, usize)>,
}

/// What the list never breaks across lines: a pair of moves (South's and
/// North's, as records pair them) or the result. Each span comes with the
/// number of moves played once its move is (for clicks), if it is a move's.
type Word = Vec<(Span<'static>, Option<usize>)>;

/// The history in words: every move numbered (a sowing is a move, as the
/// title, `12 Enter` and `analyze` count them), moves in pairs, moves still
/// to be redone after a muted `redo:` (`next:` in the viewer), then the result.
/// In the viewer with analysis on, a mistake is marked `?`, a certain one `??`.
fn history_words(app: &View) -> Vec<Word> {
    let look = app.look;
    let game = app.game();
    // While a move is sown, the list is as it was before it: its capture
    // and the game's result are told when the sowing is over.
    let ply = shown_ply(app);
    let sowing = app.sowing().is_some();
    let moves: Vec<String> = if let Some(viewer) = app.viewer() {
        viewer
            .moves()
            .iter()
            .zip(1..)
            .map(|(report, ply)| format!("{}{}", report.played(), viewer.mark(ply)))
            .collect()
    } else {
        // A game knows its redo moves by hole only: replayed on a copy,
        // they show their captures too.
        let mut ahead = game.clone();
        game.history()[..ply]
            .iter()
            .map(ToString::to_string)
            .chain(std::iter::from_fn(|| {
                ahead.redo().map(|report| report.played().to_string())
            }))
            .collect()
    };
    let ahead = if app.viewer().is_some() {
        "next:"
    } else {
        "redo:"
    };
    let mut words: Vec<Word> = Vec::new();
    for (index, text) in moves.into_iter().enumerate() {
        let played = index + 1;
        let style = match played.cmp(&ply) {
            std::cmp::Ordering::Less => Style::new(),
            std::cmp::Ordering::Equal => look.current_move(),
            std::cmp::Ordering::Greater => look.redo_move(),
        };
        if index % 2 == 0 {
            words.push(Vec::new());
        }
        let word = words.last_mut().expect("a word for the pair");
        if !word.is_empty() {
            word.push((Span::raw(" "), None));
        }
        if index == ply {
            word.push((Span::styled(format!("{ahead} "), look.muted()), None));
        }
        word.push((
            Span::styled(format!("{played}."), look.muted()),
            Some(played),
        ));
        word.push((Span::styled(text, style), Some(played)));
    }
    let result = match app.viewer() {
        Some(viewer) => Some(Span::styled(
            viewer.result().to_owned(),
            if game.redo_moves().is_empty() {
                look.strong()
            } else {
                look.redo_move()
            },
        )),
        None => app
            .record()
            .verdict()
            .filter(|_| !sowing)
            .map(|verdict| Span::styled(verdict.result(), look.strong())),
    };
    if let Some(result) = result {
        words.push(vec![(result, None)]);
    }
    words
}

fn history_layout(app: &View, inner: Rect) -> HistoryLayout {
    let words = history_words(app);
    if words.iter().flatten().all(|(_, played)| played.is_none()) {
        return HistoryLayout {
            lines: vec![Line::styled("no moves yet", app.look.muted())],
            shown: None,
            more_above: false,
            spots: Vec::new(),
        };
    }
    let ply = shown_ply(app);
    let mut lines: Vec<Line> = vec![Line::default()];
    let mut spots: Vec<(usize, u16, u16, usize)> = Vec::new();
    let mut current_line = 0;
    let mut used = 0usize;
    for word in words {
        let len: usize = word.iter().map(|(span, _)| span.width()).sum();
        if used > 0 && used + 1 + len > usize::from(inner.width) {
            lines.push(Line::default());
            used = 0;
        }
        let line = lines.len() - 1;
        if used > 0 {
            lines[line].push_span(Span::raw(" "));
            used += 1;
        }
        for (span, played) in word {
            let width = span.width();
            if let Some(played) = played {
                match spots.last_mut() {
                    Some(spot) if spot.0 == line && spot.3 == played => spot.2 += width as u16,
                    _ => spots.push((line, used as u16, width as u16, played)),
                }
                if played == ply {
                    current_line = line;
                }
            }
            used += width;
            lines[line].push_span(span);
        }
    }
    let height = usize::from(inner.height);
    let first = (current_line + 1)
        .saturating_sub(height)
        .min(lines.len().saturating_sub(height));
    let first = if lines.len() > height && current_line >= first + height {
        current_line + 1 - height
    } else {
        first
    };
    let first = first.saturating_sub(app.desk().view().moves_scrolled_back(app.game()));
    let all = spots.last().map_or(0, |spot| spot.3);
    let spots: Vec<(usize, u16, u16, usize)> = spots
        .into_iter()
        .filter(|&(line, ..)| line >= first && line < first + height)
        .map(|(line, x, width, played)| (line - first, x, width, played))
        .collect();
    let shown = (lines.len() > height)
        .then(|| Some((spots.first()?.3, spots.last()?.3, all)))
        .flatten();
    HistoryLayout {
        lines: lines.into_iter().skip(first).take(height).collect(),
        shown,
        more_above: first > 0,
        spots,
    }
}

pub(super) fn draw_history(app: &View, area: Rect, buf: &mut Buffer) {
    let (area, graph) = evaluation::panels(app, area);
    if let (Some(graph), Some(viewer)) = (graph, app.viewer()) {
        evaluation::draw(app, viewer, graph, buf);
    }
    let inner = history_inner(app.look, area);
    let look = app.look;
    if inner.width == 0 || inner.height == 0 {
        history_block(look)
            .title_top(Line::styled(" Moves ", look.muted()))
            .render(area, buf);
        return;
    }
    let layout = history_layout(app, inner);
    let title = match layout.shown {
        Some((first, last, all)) => format!(" Moves · {first}–{last} of {all} "),
        None => " Moves ".to_owned(),
    };
    history_block(look)
        .title_top(Line::styled(title, look.muted()))
        .render(area, buf);
    Paragraph::new(layout.lines).render(inner, buf);
}

/// Whether the screen cell (`column`, `row`) is on the move list's panel,
/// for the mouse wheel. `screen` is the area the app is drawn in.
pub fn over_moves(app: &View, screen: Rect, column: u16, row: u16) -> bool {
    Geometry::of(app, screen).is_some_and(|geometry| {
        evaluation::panels(app, geometry.history)
            .0
            .contains(ratatui::layout::Position::new(column, row))
    })
}

/// Whether the move list, as drawn on `screen`, hides older lines: a
/// scroll back that would show nothing new is not asked for, so that the
/// first scroll on shows the next line.
pub fn scrolls_back(app: &View, screen: Rect) -> bool {
    Geometry::of(app, screen).is_some_and(|geometry| {
        let inner = history_inner(app.look, evaluation::panels(app, geometry.history).0);
        inner.height > 0 && history_layout(app, inner).more_above
    })
}

/// The move drawn at a screen cell of the history panel, as the number of
/// moves played once it is (for mouse clicks). `screen` is the area the app
/// is drawn in.
pub fn move_at(app: &View, screen: Rect, column: u16, row: u16) -> Option<usize> {
    let geometry = Geometry::of(app, screen)?;
    let (area, graph) = evaluation::panels(app, geometry.history);
    if let (Some(graph), Some(viewer)) = (graph, app.viewer())
        && let Some(ply) = evaluation::move_at(app, viewer, graph, column, row)
    {
        return Some(ply);
    }
    let inner = history_inner(app.look, area);
    let point = ratatui::layout::Position::new(column, row);
    if !inner.contains(point) {
        return None;
    }
    history_layout(app, inner)
        .spots
        .into_iter()
        .find(|&(line, x, width, _)| {
            Rect::new(inner.x + x, inner.y + line as u16, width, 1).contains(point)
        })
        .map(|(.., played)| played)
}
