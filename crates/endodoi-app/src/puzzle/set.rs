//! The puzzle set: positions from real games where exactly one move keeps
//! the best outcome, every legal move's value proven (see docs/puzzles.md).
//!
//! A set is text, one puzzle a line in JSON ([`PuzzleEntry`]), so that a set being
//! made is valid after every line and a change reads line by line. A puzzle
//! is stored as the game it came from (the board, and the moves from the
//! start), not as a bare board: a position's history since the last capture
//! decides a repetition, so its value depends on it. Reading a set
//! ([`PuzzleSet::parse`]) replays every game and checks every claim that
//! needs no search (the moves are legal, the solution is the only best, each
//! reply is legal and captures what it says, the rating is the difficulty's);
//! that the values are right is proven again by the tests.

use std::collections::BTreeSet;
use std::fmt;

use endodoi_core::rules::{Config, Game, Hole, Side, Variant};
use serde::{Deserialize, Serialize};

/// The set that ships with the program.
pub const SHIPPED: &str = include_str!("../../puzzles/puzzles.jsonl");

/// One line of a set, as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleEntry {
    /// The puzzle's number: its line in the set, from 1.
    pub id: u32,
    /// Holes in a row.
    pub width: u8,
    /// Seeds a hole at the start.
    pub seeds: u8,
    /// `classic` or `cross`.
    pub variant: String,
    /// The moves from the start to the puzzle, separated by spaces.
    pub moves: String,
    /// The one move that keeps the best outcome.
    pub solution: String,
    /// Every legal move, in hole order, with what it is worth.
    pub values: Vec<EntryMove>,
    /// Wrong moves that a shallow search rates within [`TEMPTING_MARGIN`]
    /// of the solution.
    pub tempting: u8,
    /// Whether the shallow search's own choice is a wrong move.
    pub misled: bool,
    /// Plies of the deepest proof of the puzzle's moves.
    pub depth: u32,
    /// The puzzle's rating ([`rating_of`] the three above).
    pub rating: u32,
    /// Where the game came from.
    pub source: String,
}

/// One legal move of a puzzle, as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryMove {
    /// The move.
    #[serde(rename = "move")]
    pub hole: String,
    /// The mover's final margin after it, with perfect play by both.
    pub value: i32,
    /// The opponent's best reply after a wrong move (none after the
    /// solution, or when the move ends the game).
    pub reply: Option<String>,
    /// Seeds the reply captures.
    pub captures: u8,
}

/// Plies of the shallow search that rates how tempting the wrong moves
/// are.
pub const SHALLOW_DEPTH: u32 = 3;

/// A wrong move the shallow search rates within this many seeds of the
/// solution is tempting.
pub const TEMPTING_MARGIN: i32 = 2;

/// A puzzle's rating from its difficulty: each tempting wrong move, a
/// shallow search misled and the depth of the proof make it harder.
pub fn rating_of(tempting: u8, misled: bool, depth: u32) -> u32 {
    let rating =
        1000 + 150 * u32::from(tempting) + if misled { 300 } else { 0 } + 10 * depth.min(60);
    rating.min(3000)
}

/// One legal move of a puzzle, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleMove {
    /// The move.
    pub hole: Hole,
    /// The mover's final margin after it, with perfect play by both.
    pub value: i32,
    /// The opponent's best reply and the seeds it captures, after a wrong
    /// move that does not end the game.
    pub reply: Option<(Hole, u8)>,
}

/// A puzzle, checked: its game replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Its number in the set, from 1.
    pub id: u32,
    /// The game up to the puzzle: its player to move has the puzzle.
    pub game: Game,
    /// The one best move.
    pub solution: Hole,
    /// Every legal move, in hole order.
    pub values: Vec<PuzzleMove>,
    /// How hard it is: the rating of [`rating_of`].
    pub rating: u32,
    /// Plies of the deepest proof.
    pub depth: u32,
    /// The line as written.
    pub entry: PuzzleEntry,
}

impl Puzzle {
    /// The player to move: the one who has the puzzle.
    pub fn mover(&self) -> Side {
        self.game.to_move().unwrap_or(Side::South)
    }

    /// The value of `hole`, if it is a legal move.
    pub fn value(&self, hole: Hole) -> Option<&PuzzleMove> {
        self.values.iter().find(|value| value.hole == hole)
    }

    /// The verdict on `hole`, with the proof of every move: "C keeps +4,
    /// the only move that does. D gives -2: North's reply e captures 6."
    /// after the solution; after a wrong move, that move first, then the
    /// solution, then the other wrong moves.
    pub fn verdict(&self, hole: Hole) -> String {
        let best = self.value(self.solution).map_or(0, |value| value.value);
        let Some(chosen) = self.value(hole) else {
            return format!("{hole} is not a legal move here.");
        };
        let kept = format!("{} keeps {best:+}", self.solution);
        let mut sentences = if hole == self.solution {
            vec![format!("{kept}, the only move that does")]
        } else {
            vec![self.refuted(chosen), kept]
        };
        sentences.extend(
            self.values
                .iter()
                .filter(|value| value.hole != self.solution && value.hole != hole)
                .map(|value| self.refuted(value)),
        );
        sentences.join(". ") + "."
    }

    /// What a wrong move gives, and the reply that proves it.
    fn refuted(&self, wrong: &PuzzleMove) -> String {
        let opponent = self.mover().opponent();
        let why = match wrong.reply {
            Some((reply, 0)) => format!(": {opponent}'s reply {reply}"),
            Some((reply, seeds)) => format!(": {opponent}'s reply {reply} captures {seeds}"),
            None => ": the game ends".to_owned(),
        };
        format!("{} gives {:+}{why}", wrong.hole, wrong.value)
    }
}

/// What is wrong with a line of a set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("puzzle set, line {line}: {reason}")]
pub struct SetError {
    /// The line, from 1.
    pub line: usize,
    /// Why.
    pub reason: String,
}

/// Every puzzle of a set, in the set's order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PuzzleSet {
    puzzles: Vec<Puzzle>,
}

impl PuzzleSet {
    /// The set that ships with the program.
    ///
    /// # Errors
    /// When the shipped file is not a sound set (a test checks it is).
    pub fn shipped() -> Result<PuzzleSet, SetError> {
        PuzzleSet::parse(SHIPPED)
    }

    /// Reads a set: one [`PuzzleEntry`] a line, numbered from 1 in order; blank
    /// lines are skipped.
    ///
    /// # Errors
    /// The first line that is not a sound puzzle, and why.
    pub fn parse(text: &str) -> Result<PuzzleSet, SetError> {
        let mut puzzles = Vec::new();
        for (index, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let error = |reason: String| SetError {
                line: index + 1,
                reason,
            };
            let entry: PuzzleEntry =
                serde_json::from_str(line).map_err(|e| error(e.to_string()))?;
            let expected = u32::try_from(puzzles.len() + 1).unwrap_or(u32::MAX);
            if entry.id != expected {
                return Err(error(format!("id {} where {expected} was due", entry.id)));
            }
            puzzles.push(Puzzle::check(entry).map_err(error)?);
        }
        Ok(PuzzleSet { puzzles })
    }

    /// The puzzles, in order.
    pub fn puzzles(&self) -> &[Puzzle] {
        &self.puzzles
    }

    /// The puzzle numbered `id`.
    pub fn get(&self, id: u32) -> Option<&Puzzle> {
        let index = usize::try_from(id.checked_sub(1)?).ok()?;
        self.puzzles.get(index)
    }

    /// Text lines of the whole set, as [`PuzzleSet::parse`] reads it.
    pub fn to_text(&self) -> String {
        self.puzzles
            .iter()
            .map(|puzzle| serde_json::to_string(&puzzle.entry).unwrap_or_default() + "\n")
            .collect()
    }

    /// Adds a puzzle (its id renumbered to follow the others).
    ///
    /// # Errors
    /// Why the entry is not a sound puzzle.
    pub fn push(&mut self, mut entry: PuzzleEntry) -> Result<(), String> {
        entry.id = u32::try_from(self.puzzles.len() + 1).unwrap_or(u32::MAX);
        self.puzzles.push(Puzzle::check(entry)?);
        Ok(())
    }

    /// The puzzle rated nearest `rating`, leaving out those in `seen`
    /// (the first of equals).
    pub fn nearest(&self, rating: f64, seen: &BTreeSet<u32>) -> Option<u32> {
        let distance = |puzzle: &&Puzzle| (f64::from(puzzle.rating) - rating).abs();
        self.puzzles
            .iter()
            .filter(|puzzle| !seen.contains(&puzzle.id))
            .min_by(|a, b| distance(a).total_cmp(&distance(b)))
            .map(|puzzle| puzzle.id)
    }

    /// The daily puzzle of the day `days` after 1970-01-01 (UTC): the
    /// same for everyone, spread over the set from day to day.
    pub fn daily(&self, days: i64) -> Option<&Puzzle> {
        let count = u64::try_from(self.puzzles.len()).ok().filter(|&n| n > 0)?;
        let index = mix(days.cast_unsigned()) % count;
        self.puzzles.get(usize::try_from(index).ok()?)
    }
}

/// `SplitMix64`'s finaliser: near days land far apart.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

fn hole(text: &str, what: &str) -> Result<Hole, String> {
    text.parse::<Hole>().map_err(|e| format!("{what}: {e}"))
}

impl Puzzle {
    /// Checks an entry: replays its game and every claim a search is not
    /// needed for.
    fn check(entry: PuzzleEntry) -> Result<Puzzle, String> {
        let variant: Variant = entry.variant.parse().map_err(|e| format!("variant: {e}"))?;
        let config = Config::new(entry.width.into(), entry.seeds.into(), variant)
            .map_err(|e| format!("board: {e}"))?;
        let mut game = Game::new(config);
        for (ply, text) in entry.moves.split_whitespace().enumerate() {
            let what = format!("move {} ({text})", ply + 1);
            game.play(hole(text, &what)?)
                .map_err(|e| format!("{what}: {e}"))?;
        }
        if game.to_move().is_none() {
            return Err("the game is over at the puzzle".to_owned());
        }
        let legal: Vec<Hole> = game.legal_moves().collect();
        let mut values = Vec::new();
        for written in &entry.values {
            values.push(check_move(&game, written, written.hole == entry.solution)?);
        }
        let listed: Vec<Hole> = values.iter().map(|value| value.hole).collect();
        if listed != legal {
            return Err(format!(
                "the moves valued are {} but the legal moves are {}",
                letters(&listed),
                letters(&legal)
            ));
        }
        let solution = hole(&entry.solution, "solution")?;
        let best = values
            .iter()
            .find(|value| value.hole == solution)
            .ok_or_else(|| format!("the solution {solution} is not a legal move"))?;
        if let Some(rival) = values
            .iter()
            .find(|value| value.hole != solution && value.value >= best.value)
        {
            return Err(format!(
                "{} ({:+}) is as good as the solution {solution} ({:+})",
                rival.hole, rival.value, best.value
            ));
        }
        if best.reply.is_some() {
            return Err("the solution has a refutation".to_owned());
        }
        let due = rating_of(entry.tempting, entry.misled, entry.depth);
        if entry.rating != due {
            return Err(format!("rating {} where {due} was due", entry.rating));
        }
        Ok(Puzzle {
            id: entry.id,
            game,
            solution,
            values,
            rating: entry.rating,
            depth: entry.depth,
            entry,
        })
    }
}

/// Checks one move's line: legal, and its reply legal after it and
/// capturing what it says.
fn check_move(game: &Game, written: &EntryMove, solution: bool) -> Result<PuzzleMove, String> {
    let moved = hole(&written.hole, "move")?;
    let mut after = game.clone();
    after
        .play(moved)
        .map_err(|e| format!("move {moved}: {e}"))?;
    let reply = match &written.reply {
        None if !solution && after.outcome().is_none() => {
            return Err(format!("the wrong move {moved} has no refutation"));
        }
        None => None,
        Some(text) => {
            let reply = hole(text, &format!("the reply to {moved}"))?;
            let report = after
                .preview(reply)
                .map_err(|e| format!("the reply {reply} to {moved}: {e}"))?;
            let seeds = report.capture.map_or(0, |capture| capture.seeds);
            if seeds != written.captures {
                return Err(format!(
                    "the reply {reply} to {moved} captures {seeds}, not {}",
                    written.captures
                ));
            }
            Some((reply, seeds))
        }
    };
    Ok(PuzzleMove {
        hole: moved,
        value: written.value,
        reply,
    })
}

fn letters(holes: &[Hole]) -> String {
    holes
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "puzzle {} (2×{}, rating {})",
            self.id,
            self.game.config().width(),
            self.rating
        )
    }
}
