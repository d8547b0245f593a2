//! A position as a plain-text diagram, for `endodoi replay --print`.
//!
//! North's row is drawn on top from its right to its left, so that facing
//! holes stand in one column, as on a real board seen from South's side.

use std::fmt::Write as _;

use crate::rules::{EndReason, Game, Hole, Side};

/// The position of `game` as text: both rows with letters, captures, whose
/// turn it is, and the result once over.
pub fn diagram(game: &Game) -> String {
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
    for line in status(game) {
        let _ = writeln!(out, "{line}");
    }
    out
}

/// What a position's reader should know last, a line each: whose turn it is
/// and the moves they have, or how the game ended, each side's total and
/// the result.
pub fn status(game: &Game) -> Vec<String> {
    let position = game.position();
    match (game.to_move(), game.outcome()) {
        (Some(side), _) => {
            let legal: Vec<String> = game.legal_moves().map(|h| h.to_string()).collect();
            vec![format!("{side} to move; legal: {}", legal.join(" "))]
        }
        (None, Some(outcome)) => {
            let totals = outcome.totals();
            let reason = match outcome.reason {
                EndReason::NoMoves => format!(
                    "{} has no legal move; the seeds left go to {}",
                    position.to_move(),
                    position.to_move().opponent()
                ),
                EndReason::Repetition => {
                    "the position repeated; each player takes their own row".to_owned()
                }
            };
            let mut lines = vec![format!("Game over: {reason}.")];
            for side in Side::ALL {
                lines.push(format!(
                    "  {side:<5}  {} captured + {} taken = {}",
                    outcome.captured[side], outcome.taken[side], totals[side]
                ));
            }
            lines.push(match outcome.winner() {
                Some(side) => format!("{side} wins {}-{}.", totals[side], totals[side.opponent()]),
                None => format!("A draw, {}-{}.", totals.south, totals.north),
            });
            lines
        }
        (None, None) => unreachable!("a game without a player to move is over"),
    }
}
