//! What the replay viewer draws beyond the game's screen: the record's tags
//! above the board, what the move shown did, the status and the keys.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

use super::popup::ending_words;
use super::shown_name;
use super::summary::{Tense, move_summary};
use super::theme::{Look, fit};
use super::{Geometry, View, key_of, wrap};
use endodoi_app::analysis::{ExactMark, ExactMove, value_text};
use endodoi_app::start::SetupField;
use endodoi_app::{Action, Keymap, PlayOn, Viewer, ViewerAction, capitalise, counted, seeds_word};
use endodoi_core::record::{Tags, terminal_safe};
use endodoi_core::rules::Side;

/// The fewest columns why a game stopped is cut to when space is short.
const MIN_TERMINATION: usize = 16;

/// Record tags shown above the board, in this order, after the players: the
/// last says why a game that did not end by the rules stopped.
const SHOWN_TAGS: [&str; 5] = [
    Tags::EVENT,
    Tags::SITE,
    Tags::DATE,
    Tags::ROUND,
    Tags::TERMINATION,
];

/// The record's tags on one line: the file, the players, event, site, date,
/// round, why an unfinished game stopped, and the result; the file, the
/// place, the round and the event make room when space is short, then the
/// names are cut short, and last why the game stopped.
pub(super) fn draw_header(app: &View, viewer: &Viewer, area: Rect, buf: &mut Buffer) {
    let look = app.look;
    let players = app.players();
    let names = |columns: usize| {
        vec![
            Span::styled(
                fit(&shown_name(players, Side::South), columns),
                look.name(Side::South, true),
            ),
            Span::styled(" vs ", look.muted()),
            Span::styled(
                fit(&shown_name(players, Side::North), columns),
                look.name(Side::North, true),
            ),
        ]
    };
    let result = match viewer.verdict() {
        None => Span::styled("unfinished", look.muted()),
        Some(verdict) => Span::styled(format!("result {}", verdict.result()), look.strong()),
    };
    let mut items: Vec<(Option<&str>, Vec<Span>)> = vec![
        (
            Some("source"),
            vec![Span::styled(terminal_safe(viewer.source()), look.muted())],
        ),
        (None, names(usize::MAX)),
    ];
    for tag in SHOWN_TAGS {
        if let Some(value) = app.record().tag(tag) {
            items.push((Some(tag), vec![Span::raw(terminal_safe(value))]));
        }
    }
    items.push((None, vec![result]));
    let width = |items: &[(Option<&str>, Vec<Span>)]| -> usize {
        items
            .iter()
            .flat_map(|(_, spans)| spans)
            .map(Span::width)
            .sum::<usize>()
            + look.dot().len() * items.len()
    };
    for droppable in ["source", Tags::SITE, Tags::ROUND, Tags::EVENT] {
        if width(&items) <= usize::from(area.width) {
            break;
        }
        items.retain(|(name, _)| *name != Some(droppable));
    }
    // Names too long for the line share what the rest leaves.
    let excess = width(&items).saturating_sub(usize::from(area.width));
    if excess > 0
        && let Some((_, spans)) = items.iter_mut().find(|(name, _)| name.is_none())
    {
        let room = (spans.iter().map(Span::width).sum::<usize>() - 4).saturating_sub(excess);
        *spans = names((room / 2).max(5));
    }
    // Why an unfinished game stopped (the names are on the board too) is
    // cut short last.
    let excess = width(&items).saturating_sub(usize::from(area.width));
    if excess > 0
        && let Some((_, spans)) = items
            .iter_mut()
            .find(|(name, _)| *name == Some(Tags::TERMINATION))
    {
        let why = spans
            .iter()
            .map(|span| span.content.as_ref())
            .collect::<String>();
        let room = Span::raw(why.as_str()).width().saturating_sub(excess);
        *spans = vec![Span::raw(fit(&why, room.max(MIN_TERMINATION)))];
    }
    let mut spans = Vec::new();
    for (index, (_, item)) in items.into_iter().enumerate() {
        if index > 0 {
            spans.push(Span::styled(look.dot(), look.muted()));
        }
        spans.extend(item);
    }
    Line::from(spans).centered().render(area, buf);
}

/// What the move that led to the position shown did, and who played it.
pub(super) fn explanation(app: &View, width: u16) -> Line<'static> {
    let look = app.look;
    let Some(report) = app.viewer().and_then(Viewer::viewed_move) else {
        return Line::styled(
            format!(
                "The start: {} seeds in every hole",
                app.game().config().seeds()
            ),
            look.strong(),
        );
    };
    let side = report.hole.side();
    let summary = move_summary(look, report, Tense::Past);
    let mut spans = vec![Span::styled(
        format!("{}: ", shown_name(app.players(), side)),
        look.name(side, true),
    )];
    spans.extend(summary.clone());
    let line = Line::from(spans);
    // On a narrow board the name goes first.
    if line.width() < usize::from(width) {
        line
    } else {
        Line::from(summary)
    }
}

/// The lines of help that come first in the viewer of a faulty record
/// when the status line on `screen` does not show the fault whole (too
/// narrow, or a message shown instead): the fault, whole, in `width`
/// columns. Nothing otherwise.
pub(super) fn fault_help_lines(
    app: &View,
    viewer: &Viewer,
    screen: Rect,
    width: u16,
) -> Vec<Line<'static>> {
    let Some(fault) = viewer.fault() else {
        return Vec::new();
    };
    let line = fault_line(app, fault);
    let whole = wrap(&line, screen.width, u16::MAX).len();
    let shown = Geometry::of(app, screen).is_some_and(|geometry| {
        app.desk().message().is_none() && usize::from(geometry.message.height) >= whole
    });
    if shown {
        return Vec::new();
    }
    let mut lines = wrap(&line, width, u16::MAX);
    lines.push(Line::default());
    lines
}

/// `line`, the status line, in the rows of `area`; a faulty record's fault
/// cut there ends naming the key of help, which shows it whole
/// ([`fault_help_lines`]).
pub(super) fn status_rows(app: &View, line: &Line<'static>, area: Rect) -> Vec<Line<'static>> {
    let rows = wrap(line, area.width, area.height);
    let fault = app.viewer().and_then(Viewer::fault);
    let cut = wrap(line, area.width, u16::MAX).len() > rows.len();
    match fault {
        Some(fault) if cut && *line == fault_line(app, fault) => {
            let hint = format!(
                " {} reads it all",
                key_of(app, Keymap::VIEWER, Action::Help)
            );
            let room = area.width.saturating_sub(hint.chars().count() as u16);
            let mut rows = wrap(line, room, area.height);
            if let Some(last) = rows.last_mut() {
                last.spans.push(Span::styled(hint, app.look.key()));
            }
            rows
        }
        _ => rows,
    }
}

/// The status line of a faulty record: why it stops.
fn fault_line(app: &View, fault: &str) -> Line<'static> {
    Line::styled(format!("Faulty record: {fault}"), app.look.error())
}

/// The status line when no message is shown: a number being typed, why a
/// faulty record stops, or who is to move and what the keys do (without
/// the move shown, which the board says too, where `columns` are too few).
pub(super) fn status(app: &View, viewer: &Viewer, columns: u16) -> Line<'static> {
    let look = app.look;
    let players = app.players();
    let plain = |text: String| {
        let text = text.replace(" · ", look.dot());
        if look.ascii {
            text.replace('←', "<-").replace('→', "->")
        } else {
            text
        }
    };
    if let Some(goto) = viewer.goto() {
        return Line::from(vec![
            Span::raw("Go to move "),
            Span::styled(format!("{goto}_"), look.strong()),
            Span::styled(plain("  Enter goes · Esc cancels".to_owned()), look.muted()),
        ]);
    }
    if viewer.play_on().is_some() {
        let text = format!(
            "Play on from move {}: who plays each side? A friend here, or the computer",
            app.game().ply()
        );
        return Line::styled(text, look.muted());
    }
    if let Some(fault) = viewer.fault() {
        return fault_line(app, fault);
    }
    if viewer.autoplaying() {
        let key = |action| key_of(app, Keymap::VIEWER, action);
        let text = format!(
            "Playing the record · {} pauses · {} {} speed",
            key(Action::Viewer(ViewerAction::Autoplay)),
            key(Action::Faster),
            key(Action::Slower)
        );
        return Line::styled(plain(text), look.muted());
    }
    if viewer.analysis_on() {
        return analysis_line(app, viewer);
    }
    let played = app.viewer().and_then(Viewer::viewed_move).map(|report| {
        let side = report.hole.side();
        format!(
            "Move {}: {} sowed {}",
            app.game().ply(),
            shown_name(players, side),
            report.hole
        )
    });
    let next = match (app.game().to_move(), app.game().redo_moves().is_empty()) {
        (None, _) => "the end of the game · ← steps back".to_owned(),
        (Some(side), false) => format!(
            "{} to move · → shows the move played",
            shown_name(players, side)
        ),
        // A record that ended by a resignation, an agreement or a flag
        // says so, not whose move it would be.
        (Some(side), true) => format!(
            "the end of the record: {} · p plays on",
            app.record().ending().map_or_else(
                || format!("{} to move", shown_name(players, side)),
                |ending| ending_words(app, ending).trim_end_matches('.').to_owned()
            )
        ),
    };
    // Before the end, `p` plays on from here too, where the line has room.
    let mut texts = Vec::new();
    if let Some(played) = &played {
        if !app.game().redo_moves().is_empty() {
            texts.push(format!(
                "{played} · {next} · {} plays on",
                key_of(app, Keymap::VIEWER, Action::Viewer(ViewerAction::TakeOver))
            ));
        }
        texts.push(format!("{played} · {next}"));
    }
    let text = texts
        .into_iter()
        .find(|text| Span::raw(text.as_str()).width() <= usize::from(columns))
        .unwrap_or_else(|| capitalise(&next));
    Line::styled(plain(text), look.muted())
}

/// The analysis of the move shown: the evaluations before and after it
/// (South's expected margin; "perfect play" when exact), the engine's move,
/// and whether it was a mistake (certain when perfect play proves it).
fn analysis_line(app: &View, viewer: &Viewer) -> Line<'static> {
    let look = app.look;
    let ply = app.game().ply();
    let waited = viewer
        .analysing()
        .map_or(std::time::Duration::ZERO, |(_, waited)| waited);
    if ply == 0 {
        let (done, total) = (viewer.analysed(), viewer.total());
        let key = key_of(
            app,
            Keymap::VIEWER,
            Action::Viewer(ViewerAction::StepForward),
        );
        if done >= total {
            let proven = viewer
                .analysis_of(1)
                .is_some_and(|judged| judged.proven.is_some());
            let text = format!(
                "{} of the {} ready",
                if proven { "Exact analysis" } else { "Analysis" },
                counted(total, "move")
            );
            return Line::from(vec![
                Span::styled(text, look.strong()),
                Span::styled(look.dot(), look.muted()),
                Span::styled(format!("{key} steps through them"), look.muted()),
            ]);
        }
        return Line::from(vec![
            Span::styled(
                format!("Analysing the game: {done} of {total} moves "),
                look.strong(),
            ),
            Span::styled(look.spinner(waited), look.title()),
        ]);
    }
    let Some(analysis) = app.viewer().and_then(Viewer::viewed_analysis) else {
        return Line::from(vec![
            Span::styled(format!("Analysing move {ply} "), look.strong()),
            Span::styled(look.spinner(waited), look.title()),
        ]);
    };
    let arrow = if look.ascii { "->" } else { "→" };
    if let Some(proven) = &analysis.proven {
        return proven_line(ply, proven, arrow, look);
    }
    let mut spans = vec![
        Span::styled(format!("{ply}. {}: ", analysis.played), look.strong()),
        Span::raw(format!(
            "South {:+} {arrow} {:+}",
            analysis.before, analysis.after
        )),
        Span::styled(look.dot(), look.muted()),
    ];
    if analysis.exact {
        spans.push(Span::styled("perfect play", look.info()));
    } else {
        spans.push(Span::styled("estimated", look.muted()));
    }
    spans.push(Span::styled(look.dot(), look.muted()));
    if analysis.best == analysis.played {
        spans.push(Span::styled("the engine's move too", look.info()));
    } else {
        spans.push(Span::raw(format!("engine: {}", analysis.best)));
        if analysis.mistake {
            spans.push(Span::styled(look.dot(), look.muted()));
            spans.push(Span::styled(
                format!(
                    "{}: gives away {} {}",
                    if analysis.certain {
                        "certain mistake"
                    } else {
                        "mistake"
                    },
                    analysis.loss,
                    seeds_word(analysis.loss.into())
                ),
                look.error(),
            ));
        } else if analysis.loss > 0 {
            spans.push(Span::styled(
                format!(" (this loses {})", analysis.loss),
                look.muted(),
            ));
        }
    }
    Line::from(spans)
}

/// The analysis of the move shown when every value is proven (or bounded):
/// South's values before and after it, `exact` or `bounds`, its exact loss
/// and mark, and a move that kept the value.
fn proven_line(ply: usize, proven: &ExactMove, arrow: &str, look: Look) -> Line<'static> {
    let both = proven.before.exact().is_some() && proven.after.exact().is_some();
    let mut spans = vec![
        Span::styled(format!("{ply}. {}: ", proven.played), look.strong()),
        Span::raw(format!(
            "South {} {arrow} {}",
            value_text(proven.before),
            value_text(proven.after)
        )),
        Span::styled(look.dot(), look.muted()),
        if both {
            Span::styled("exact", look.info())
        } else {
            Span::styled("bounds, not proven", look.muted())
        },
    ];
    let Some(loss) = proven.loss else {
        return Line::from(spans);
    };
    spans.push(Span::styled(look.dot(), look.muted()));
    let kept = proven
        .keeps
        .as_deref()
        .filter(|keeps| *keeps != proven.played);
    let verdict = match proven.mark {
        Some(ExactMark::Outcome) => format!("?? changes the outcome, loses {loss}"),
        Some(ExactMark::Seeds) => format!("? loses {loss}"),
        Some(ExactMark::Only) => "! the only move that keeps the value".to_owned(),
        None => "keeps the value".to_owned(),
    };
    let tone = if loss > 0 { look.error() } else { look.info() };
    spans.push(Span::styled(verdict, tone));
    if let Some(keeps) = kept.filter(|_| loss > 0) {
        spans.push(Span::raw(format!(" ({keeps} kept it)")));
    }
    Line::from(spans)
}

/// The question `p` asks over the board: who plays each side of the game
/// played on, a line a side as on the new-game page, the selected one
/// between arrows.
pub(super) fn draw_play_on(app: &View, play_on: &PlayOn, board: Rect, buf: &mut Buffer) {
    let look = app.look;
    let mut lines = Vec::new();
    for side in Side::ALL {
        let (left, right) = if side == play_on.side() {
            ("‹ ", " ›")
        } else {
            ("  ", "  ")
        };
        let moves = if app.record().to_move() == Some(side) {
            " (to move)"
        } else {
            ""
        };
        lines.push(Line::from(vec![
            Span::raw(format!("{:16}", format!("{side}{moves}"))),
            Span::styled(left, look.title()),
            Span::styled(
                super::start::value_of(play_on.setup(), SetupField::Player(side)),
                look.name(side, true),
            ),
            Span::styled(right, look.title()),
        ]));
    }
    lines.push(Line::default());
    lines.push(super::popup::answers(app).centered());
    let title = format!("Play on from move {}", app.game().ply());
    let area = super::popup::centered(board, board.width.saturating_sub(4).min(60), 7);
    Clear.render(area, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(super::popup::popup(app, &title))
        .render(area, buf);
}
