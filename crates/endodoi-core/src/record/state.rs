//! The JSON state of a game, as `endodoi replay --json` prints it.

use serde::Serialize;

use super::{Record, Verdict};
use crate::rules::{BySide, Game, Side};

/// The JSON state of a game, as `endodoi replay --json` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct State {
    /// Holes in a row.
    pub width: u8,
    /// Seeds per hole at the start.
    pub seeds: u8,
    /// `classic` or `cross`.
    pub variant: &'static str,
    /// Moves played.
    pub ply: usize,
    /// Each row from its owner's left (before the seeds left are taken at the end).
    pub pits: BySide<Vec<u8>>,
    /// Seeds taken by captures only.
    pub captured: BySide<u16>,
    /// `south`, `north`, or null once the game is over.
    pub to_move: Option<&'static str>,
    /// Legal moves of the player to move, in hole order.
    pub legal: Vec<String>,
    /// `ongoing` or `over`.
    pub status: &'static str,
    /// The result once over.
    pub result: Option<ResultState>,
}

/// The `result` object of [`State`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultState {
    /// South's final total (for an early end, the seeds South holds).
    pub south: u16,
    /// North's final total (for an early end, the seeds North holds).
    pub north: u16,
    /// `south`, `north` or `draw`.
    pub winner: &'static str,
    /// `no-moves` or `repetition` (the rules' ends), `resignation`,
    /// `agreement` or `time` (an [`Ending`](super::Ending)'s).
    pub reason: &'static str,
}

impl<T: Serialize> Serialize for BySide<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut state = serializer.serialize_struct("BySide", 2)?;
        state.serialize_field("south", &self.south)?;
        state.serialize_field("north", &self.north)?;
        state.end()
    }
}

impl State {
    /// The state of `game` now, as the rules have it.
    pub fn of(game: &Game) -> State {
        State::judged(game, game.outcome().map(Verdict::from))
    }

    /// The state of `record`'s game now: as [`State::of`], and a game ended
    /// before the rules end it ([`Record::ending`]) is over, its `result`
    /// the seeds each side holds with `reason` `resignation`, `agreement`
    /// or `time`.
    pub fn of_record(record: &Record) -> State {
        State::judged(&record.game, record.verdict())
    }

    /// The state of `game`, over when there is a `verdict`.
    fn judged(game: &Game, verdict: Option<Verdict>) -> State {
        let config = game.config();
        let position = game.position();
        let over = verdict.is_some();
        State {
            width: config.width(),
            seeds: config.seeds(),
            variant: config.variant().name(),
            ply: game.ply(),
            pits: BySide::from_fn(|side| position.row(side).to_vec()),
            captured: position.captured(),
            to_move: game.to_move().filter(|_| !over).map(Side::name),
            legal: if over {
                Vec::new()
            } else {
                game.legal_moves().map(|hole| hole.to_string()).collect()
            },
            status: if over { "over" } else { "ongoing" },
            result: verdict.map(|verdict| ResultState {
                south: verdict.totals.south,
                north: verdict.totals.north,
                winner: verdict.winner.map_or("draw", Side::name),
                reason: verdict.reason.name(),
            }),
        }
    }

    /// The state as one line of JSON.
    ///
    /// # Panics
    /// Never: a `State` is plain data.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a State always serialises")
    }
}
