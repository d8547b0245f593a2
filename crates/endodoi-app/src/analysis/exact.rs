//! The judgement of a game's moves by proven values: each position's value
//! with perfect play (South's final margin, [`Bounds`] where the proof ran
//! out of budget), each move's exact loss, its mark, the move where the
//! outcome changed and each player's accuracy. Only proven values are
//! judged: a move next to a position with bounds only gets no loss and no
//! mark. The proving itself is the program's (`endodoi::analyze::exact`).
//!
//! The marks, from the mover's side (the outcome is the sign of the value:
//! a win, a draw or a loss):
//! - `??` the outcome after the move is worse than before it;
//! - `?` the move loses seeds (an exact loss above 0) and keeps the outcome;
//! - `!` the move keeps the value and every other move is proven to lose.

use std::fmt::Write as _;

use endodoi_core::rules::{BySide, Hole, Side};
use endodoi_engine::Bounds;
use serde::Serialize;

/// A move's mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ExactMark {
    /// `??`: the outcome is worse after it (a win made a draw or a loss, a
    /// draw a loss).
    #[serde(rename = "??")]
    Outcome,
    /// `?`: it loses seeds without changing the outcome.
    #[serde(rename = "?")]
    Seeds,
    /// `!`: the only move that keeps the value.
    #[serde(rename = "!")]
    Only,
}

impl ExactMark {
    /// `??`, `?` or `!`.
    pub fn text(self) -> &'static str {
        match self {
            ExactMark::Outcome => "??",
            ExactMark::Seeds => "?",
            ExactMark::Only => "!",
        }
    }
}

/// One move judged by proven values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExactMove {
    /// The move's number, from 1 (every sowing is a move).
    pub ply: usize,
    /// Who played it.
    #[serde(serialize_with = "side_name")]
    pub side: Side,
    /// The hole played.
    #[serde(rename = "move")]
    pub played: String,
    /// Seeds it captured.
    pub captured: u8,
    /// What is proven of South's final margin before the move.
    #[serde(serialize_with = "bounds")]
    pub before: Bounds,
    /// And after it.
    #[serde(serialize_with = "bounds")]
    pub after: Bounds,
    /// A move that keeps the value before, when one is known.
    pub keeps: Option<String>,
    /// Whether every other move is proven to lose (so that this one, when it
    /// keeps the value, is the only one that does).
    pub only: bool,
    /// What the move gave away, in seeds from the mover's side, when both
    /// values are proven.
    pub loss: Option<i32>,
    /// Its mark, when it has one.
    pub mark: Option<ExactMark>,
}

impl ExactMove {
    /// The move's loss and mark from the values before and after it (South's
    /// margin, proven or bounds), `only` when every other move is proven to
    /// lose: none unless both values are proven.
    pub fn judge(&mut self) {
        let (Some(before), Some(after)) = (
            self.before.for_side(self.side).exact(),
            self.after.for_side(self.side).exact(),
        ) else {
            self.loss = None;
            self.mark = None;
            return;
        };
        let loss = before - after;
        self.loss = Some(loss);
        self.mark = if after.signum() < before.signum() {
            Some(ExactMark::Outcome)
        } else if loss > 0 {
            Some(ExactMark::Seeds)
        } else if self.only {
            Some(ExactMark::Only)
        } else {
            None
        };
    }
}

#[allow(clippy::trivially_copy_pass_by_ref, reason = "serde hands a reference")]
fn side_name<S: serde::Serializer>(side: &Side, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(side.name())
}

/// Bounds as JSON: `{"lower": 2, "upper": 6, "exact": false}`.
///
/// # Errors
/// The serializer's.
#[allow(clippy::trivially_copy_pass_by_ref, reason = "serde hands a reference")]
pub fn bounds<S: serde::Serializer>(bounds: &Bounds, serializer: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeStruct as _;
    let mut value = serializer.serialize_struct("Bounds", 3)?;
    value.serialize_field("lower", &bounds.lower)?;
    value.serialize_field("upper", &bounds.upper)?;
    value.serialize_field("exact", &bounds.exact().is_some())?;
    value.end()
}

/// A proven value as text, `+8`, or bounds on it, `+2..+6`: never one for
/// the other.
pub fn value_text(bounds: Bounds) -> String {
    match bounds.exact() {
        Some(value) => format!("{value:+}"),
        None => format!("{:+}..{:+}", bounds.lower, bounds.upper),
    }
}

/// A player's accuracy over the moves whose values are both proven.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Accuracy {
    /// Moves judged (both values proven).
    pub judged: u32,
    /// Of them, those that kept the value.
    pub kept: u32,
    /// Seeds lost over them in all.
    pub lost: i32,
    /// Moves not judged: a value next to them is only bounded.
    pub unproven: u32,
}

impl Accuracy {
    /// Each side's accuracy over `moves`.
    pub fn of(moves: &[ExactMove]) -> BySide<Accuracy> {
        let mut accuracy = BySide::<Accuracy>::default();
        for judged in moves {
            let side = &mut accuracy[judged.side];
            match judged.loss {
                Some(loss) => {
                    side.judged += 1;
                    side.kept += u32::from(loss == 0);
                    side.lost += loss;
                }
                None => side.unproven += 1,
            }
        }
        accuracy
    }

    /// `12 of 15 moves kept the value (80%), mean loss 0.7 seeds`.
    pub fn text(&self) -> String {
        if self.judged == 0 {
            return format!("no move judged ({} not proven)", self.unproven);
        }
        let mut text = format!(
            "{} of {} moves kept the value ({:.0}%), mean loss {:.1} seeds",
            self.kept,
            self.judged,
            100.0 * f64::from(self.kept) / f64::from(self.judged),
            f64::from(self.lost) / f64::from(self.judged)
        );
        if self.unproven > 0 {
            let _ = write!(text, " ({} not proven)", self.unproven);
        }
        text
    }
}

/// How `side` stands at a value (South's margin): `winning by 2`, `drawing`,
/// `losing by 6`.
fn standing(side: Side, south: i32) -> String {
    let margin = match side {
        Side::South => south,
        Side::North => -south,
    };
    match margin.signum() {
        1 => format!("winning by {margin}"),
        0 => "drawing".to_owned(),
        _ => format!("losing by {}", -margin),
    }
}

/// The first move that changed the outcome, in a sentence: `the game was
/// lost at move 14, e: North was winning by 2 before it, losing by 6 after
/// it; c kept the value`. `None` when no proven move changed it.
pub fn turning_point(moves: &[ExactMove]) -> Option<String> {
    let turn = moves
        .iter()
        .find(|judged| judged.mark == Some(ExactMark::Outcome))?;
    let (before, after) = (turn.before.exact()?, turn.after.exact()?);
    let lost = match turn.side {
        Side::South => after < 0,
        Side::North => after > 0,
    };
    let mut sentence = format!(
        "the {} at move {}, {}: {} was {} before it, {} after it",
        if lost {
            "game was lost"
        } else {
            "win was let go"
        },
        turn.ply,
        turn.played,
        turn.side,
        standing(turn.side, before),
        standing(turn.side, after)
    );
    if let Some(keeps) = &turn.keeps {
        let _ = write!(sentence, "; {keeps} kept the value");
    }
    Some(sentence)
}

/// The hint perfect play gives, from each legal move's proof (South's final
/// margin after it, or bounds; all of one side's moves): the best move and
/// `Hint: C keeps +8; every other move loses at least 4 seeds`. `None`
/// unless the best move's value is proven and every other move is proven
/// to keep it or to lose.
pub fn proven_hint(moves: &[(Hole, Bounds)]) -> Option<(Hole, String)> {
    let side = moves.first()?.0.side();
    let (best, value) = moves
        .iter()
        .filter_map(|&(hole, bounds)| Some((hole, bounds.for_side(side).exact()?)))
        .max_by_key(|&(hole, value)| (value, std::cmp::Reverse(hole.index())))?;
    let mut keep = Vec::new();
    let mut most_of_the_rest = None;
    for &(hole, bounds) in moves.iter().filter(|(hole, _)| *hole != best) {
        let bounds = bounds.for_side(side);
        if bounds.exact() == Some(value) {
            keep.push(hole.to_string());
        } else if bounds.upper < value {
            most_of_the_rest = most_of_the_rest.max(Some(bounds.upper));
        } else {
            return None;
        }
    }
    let mut text = format!("Hint: {best} keeps {value:+}");
    if !keep.is_empty() {
        let _ = write!(text, " (so does {})", keep.join(", "));
    }
    match most_of_the_rest {
        Some(upper) => {
            let _ = write!(
                text,
                "; every other move loses at least {} (perfect play)",
                value - upper
            );
        }
        None if keep.is_empty() => text.push_str(", the only move (perfect play)"),
        None => text.push_str(", as every move does (perfect play)"),
    }
    Some((best, text))
}
