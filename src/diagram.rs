//! A position as a plain-text diagram, for `endodoi replay --print`.
//!
//! North's row is drawn on top from its right to its left, so that facing
//! holes stand in one column, as on a real board seen from South's side.

use std::fmt::Write as _;

use crate::record::{Ending, Reason, Record};
use crate::rules::{EndReason, Hole, Side};

/// The position of `record`'s game as text: both rows with letters,
/// captures, whose turn it is, and how it ended once over.
pub fn diagram(record: &Record) -> String {
    let game = &record.game;
    let config = game.config();
    let position = game.position();
    let width = config.width();
    let cell = |text: String| format!("{text:>4}");
    let north_holes: Vec<Hole> = Hole::row(Side::North, width).rev().collect();
    let south_holes: Vec<Hole> = Hole::row(Side::South, width).collect();
    let letters = |holes: &[Hole]| {
        holes
            .iter()
            .map(|h| cell(h.to_string()))
            .collect::<String>()
    };
    let seeds = |holes: &[Hole]| {
        holes
            .iter()
            .map(|&h| cell(position.seeds(h).to_string()))
            .collect::<String>()
    };
    let captured = position.captured();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}, {} holes a row, {} seeds a hole, after {} move{}",
        config.variant().title(),
        width,
        config.seeds(),
        game.ply(),
        if game.ply() == 1 { "" } else { "s" }
    );
    let _ = writeln!(out);
    let _ = writeln!(out, "       {}", letters(&north_holes));
    let _ = writeln!(
        out,
        "North  {}   captured {}",
        seeds(&north_holes),
        captured.north
    );
    let _ = writeln!(
        out,
        "South  {}   captured {}",
        seeds(&south_holes),
        captured.south
    );
    let _ = writeln!(out, "       {}", letters(&south_holes));
    let _ = writeln!(out);
    for line in status(record) {
        let _ = writeln!(out, "{line}");
    }
    out
}

/// What a position's reader should know last, a line each: whose turn it is
/// and the moves they have, or how the game ended (by the rules or before
/// them, [`Record::verdict`]), the seeds each side has and who won.
pub fn status(record: &Record) -> Vec<String> {
    let game = &record.game;
    let position = game.position();
    let Some(verdict) = record.verdict() else {
        let legal: Vec<String> = game.legal_moves().map(|h| h.to_string()).collect();
        return vec![format!(
            "{} to move; legal: {}",
            position.to_move(),
            legal.join(" ")
        )];
    };
    let (reason, rest) = match verdict.reason {
        Reason::Rules(EndReason::NoMoves) => (
            format!(
                "{} has no legal move; the seeds left go to {}",
                position.to_move(),
                position.to_move().opponent()
            ),
            "taken",
        ),
        Reason::Rules(EndReason::Repetition) => (
            "the position repeated; each player takes their own row".to_owned(),
            "taken",
        ),
        Reason::Ended(Ending::Resigned(side)) => (format!("{side} resigned"), "in the row"),
        Reason::Ended(Ending::DrawAgreed) => ("the players agreed a draw".to_owned(), "in the row"),
        Reason::Ended(Ending::OutOfTime(side)) => (format!("{side} ran out of time"), "in the row"),
    };
    let totals = verdict.totals;
    let captured = position.captured();
    let mut lines = vec![format!("Game over: {reason}.")];
    for side in Side::ALL {
        lines.push(format!(
            "  {side:<5}  {} captured + {} {rest} = {}",
            captured[side],
            totals[side] - captured[side],
            totals[side]
        ));
    }
    lines.push(format!("{}.", verdict.headline(|side| side.to_string())));
    lines
}
