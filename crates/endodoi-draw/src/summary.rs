//! What a move does, in one line: the preview says it of the move
//! selected, the viewer of the move that led to the position shown.

use ratatui::text::Span;

use super::theme::Look;
use endodoi_core::rules::MoveReport;

/// Whether a move summary speaks of a move to come (the preview) or of one
/// played (the viewer).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Tense {
    Future,
    Past,
}

/// What a move does: `A → ends in C · 5 laps · 26 sown · captures 2 (d)`.
pub(super) fn move_summary(look: Look, report: &MoveReport, tense: Tense) -> Vec<Span<'static>> {
    let laps = report.laps.len();
    let (ends, captures) = match tense {
        Tense::Future => ("ends", "captures"),
        Tense::Past => ("ended", "captured"),
    };
    vec![
        Span::styled(format!("{} ", report.hole), look.strong()),
        Span::styled(look.arrow(), look.muted()),
        Span::styled(format!(" {ends} in {}", report.last), look.target()),
        Span::styled(look.dot(), look.muted()),
        Span::raw(format!("{laps} lap{}", if laps == 1 { "" } else { "s" })),
        Span::styled(look.dot(), look.muted()),
        Span::raw(format!("{} sown", report.seeds_sown)),
        Span::styled(look.dot(), look.muted()),
        match report.capture {
            Some(capture) => Span::styled(
                format!("{captures} {} ({})", capture.seeds, capture.opposite),
                look.capture(),
            ),
            None => Span::styled("no capture", look.muted()),
        },
    ]
}
