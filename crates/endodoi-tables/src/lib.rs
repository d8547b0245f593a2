//! Perfect endgames: for every board with at most N seeds, the seeds the
//! player to move will still gain over the opponent under perfect play,
//! computed backwards level by level and kept in a few bits a board
//! (coded block by block, see `store`).
//!
//! A **level** is every board holding exactly `n` seeds with South to move
//! (North to move is the same board turned round, [`Ranking::rank_of`]), ranked
//! by the combinatorial number system ([`Ranking`]). A capture drops to a
//! finished lower level; a move that captures nothing stays in the level,
//! and the level's values are found by sweeping lower and upper bounds to a
//! fixed point ([`Builder`]).
//!
//! **Values and the repetition rule.** A game ends when a position repeats
//! one since the last capture, so a value can depend on the positions
//! before it. The bounds are swept as if there were no such rule (a cycle
//! of moves leaves both bounds where they are). Where they meet, each
//! player has a strategy that forces the value and never comes back to a
//! position it has left (each bound was set from bounds set before it), so
//! no repetition can happen from the board on, and the value is exact for
//! the board with nothing before it since the last capture:
//! just after a capture, or at the start of a game (a history that comes
//! back to an earlier position may change it). Where they do not meet, the
//! board keeps its repetition value (each player's row) brought within the
//! bounds, and is marked not exact.

mod build;
mod lookup;
mod rank;
mod reader;
mod store;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// A board's value in the tables: the search's own
/// ([`endodoi_engine::TableValue`]).
pub use endodoi_engine::TableValue;

pub use build::{Builder, Cost, Estimate, MEMORY_LIMIT, Progress, available_memory, bytes};
pub use rank::{MAX_TABLE_SEEDS, Ranking, position_of};
pub use reader::{Reach, Reader};
pub use store::{
    BLOCK, BlockCache, Bounded, Header, LevelFile, Near, SHARED_CACHE_BYTES, checksum, level_path,
    write_level,
};

use endodoi_core::rules::{Config, EndReason, Hole, Position, Side, Variant};

/// The tables' folder when none is given: `tablebase` in the platform's
/// data folder (`~/.local/share/endodoi/tablebase` on Linux), beside the
/// saved games; `None` on a system without one.
pub fn default_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "endodoi").map(|dirs| dirs.data_dir().join("tablebase"))
}

/// A table file that cannot be used, named.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The level's file is not there.
    #[error("{}: no such table file (build it with `endodoi tablebase build`)", .0.display())]
    Missing(PathBuf),
    /// The file is not a whole, untouched level file.
    #[error("{}: corrupt table file: {reason}", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The tables' folder is there but is not a folder.
    #[error("{}: {kind} is not a folder for the tables", path.display())]
    NotFolder {
        /// The path given for the folder.
        path: PathBuf,
        /// What is there instead (`a regular file`, `a FIFO`, …).
        kind: &'static str,
    },
    /// The system refused to read or write it. What the system said is
    /// part of this message, not a cause below it: an error chain printed
    /// whole says it once.
    #[error("{}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
}

/// Refuses `dir` as the tables' folder, named, when something other than a
/// folder is there (a file, a device, a FIFO), or a folder this user may not
/// look into: either would only seem to hold no level. A folder not there
/// yet is no error here.
///
/// # Errors
/// [`TableError::NotFolder`], or [`TableError::Io`] with the system's reason.
pub fn check_folder(dir: &Path) -> Result<(), TableError> {
    match std::fs::metadata(dir) {
        Ok(metadata) if !metadata.is_dir() => Err(TableError::NotFolder {
            path: dir.to_path_buf(),
            kind: endodoi_files::kind_of(&metadata.file_type()),
        }),
        Ok(_) => {
            rustix::fs::access(dir, rustix::fs::Access::EXEC_OK).map_err(|error| TableError::Io {
                path: dir.to_path_buf(),
                error: error.into(),
            })
        }
        Err(_) => Ok(()),
    }
}

/// Boards of a level small enough for [`Tablebase::probe_quick`] to read
/// whole: a sixteenth of the memory the blocks may take.
const QUICK_LEVEL_BOARDS: u64 = (store::SHARED_CACHE_BYTES / 16) as u64;

/// Flag of a byte: the value is exact.
const EXACT: u8 = 0x80;
/// The mover's share of the seeds, in a byte's low bits.
const SHARE: u8 = 0x7f;

/// The value stored as `byte` on a level of `seeds` seeds.
fn decode(byte: u8, seeds: u8) -> TableValue {
    TableValue {
        value: 2 * i32::from(byte & SHARE) - i32::from(seeds),
        exact: byte & EXACT != 0,
    }
}

/// The byte storing `value` on a level of `seeds` seeds.
fn encode(value: i32, seeds: u8, exact: bool) -> u8 {
    i32::midpoint(value, i32::from(seeds)).unsigned_abs() as u8 | if exact { EXACT } else { 0 }
}

/// The repetition's share for the player to move: their row minus the
/// opponent's.
fn repetition_value(position: &Position) -> i32 {
    position
        .outcome(EndReason::Repetition)
        .taken
        .lead(position.to_move())
}

/// What a probe asks that the tables cannot answer.
#[derive(Debug, thiserror::Error)]
pub enum ProbeError {
    /// More seeds on the board than any table may hold.
    #[error("{seeds} seeds on the board: a table of width {width} holds at most {MAX_TABLE_SEEDS}")]
    Beyond {
        /// Seeds on the board.
        seeds: u32,
        /// Width of the tables.
        width: u8,
    },
    /// More seeds on the board than the levels in the folder go up to.
    #[error(
        "{seeds} seeds on the board: the tables in {} hold at most {top} (`endodoi tablebase build --max-seeds {seeds}` builds the levels up to it)",
        dir.display()
    )]
    Above {
        /// Seeds on the board.
        seeds: u8,
        /// The most seeds a board of the levels present holds.
        top: u8,
        /// The tables' folder.
        dir: PathBuf,
    },
    /// Another width, or Cross-Endodoi.
    #[error("the tables are for classic En Dodoi {width} holes wide")]
    Board {
        /// Width of the tables.
        width: u8,
    },
    /// A level's file cannot be used.
    #[error(transparent)]
    Table(#[from] TableError),
}

/// A move and the value it leads to, for the player who plays it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub hole: Hole,
    /// What the mover gains over the opponent from here by it: the capture
    /// minus the value of the position it leads to.
    pub value: i32,
}

/// The tables of one width in a folder: the levels from 0 whose files are
/// there, each opened (its header checked) when first probed, and the
/// block a probe reads checked against its checksum.
#[derive(Debug)]
pub struct Tablebase {
    dir: PathBuf,
    ranking: Ranking,
    levels: Vec<OnceLock<LevelFile>>,
    /// The first level file found unusable by a probe.
    trouble: OnceLock<String>,
}

impl Tablebase {
    /// The tables of width `width` in `dir`: every level from 0 whose file
    /// is there, up to the first missing.
    pub fn open(dir: &Path, width: u8) -> Tablebase {
        let present = (0..=MAX_TABLE_SEEDS)
            .take_while(|&seeds| level_path(dir, width, seeds).exists())
            .count();
        Tablebase {
            dir: dir.to_path_buf(),
            ranking: Ranking::new(width),
            levels: (0..present).map(|_| OnceLock::new()).collect(),
            trouble: OnceLock::new(),
        }
    }

    /// The tables of width `width` in `dir` for the engine: every level from
    /// 0 opened now (its header and block checksums checked), up to the
    /// first that is missing or unusable. The problem is given with them:
    /// a `dir` that is not a folder or may not be looked into (then no
    /// level), a level that is there but cannot be used, or a missing level
    /// below others that are there (a partial build).
    pub fn open_checked(dir: &Path, width: u8) -> (Tablebase, Option<TableError>) {
        let mut tables = Tablebase::open(dir, width);
        if let Err(problem) = check_folder(dir) {
            tables.levels.clear();
            return (tables, Some(problem));
        }
        let mut problem = None;
        for (seeds, level) in tables.levels.iter().enumerate() {
            match LevelFile::open(dir, width, seeds as u8) {
                Ok(file) => {
                    let _ = level.set(file);
                }
                Err(error) => {
                    problem = Some(error);
                    break;
                }
            }
        }
        let usable = tables
            .levels
            .iter()
            .take_while(|level| level.get().is_some());
        let usable = usable.count();
        tables.levels.truncate(usable);
        if problem.is_none() {
            let next = usable as u8;
            let above =
                (next + 1..=MAX_TABLE_SEEDS).any(|seeds| level_path(dir, width, seeds).exists());
            if above {
                problem = Some(TableError::Missing(level_path(dir, width, next)));
            }
        }
        (tables, problem)
    }

    /// The first level file a probe found unusable since the tables were
    /// opened, named with the reason (a probe then answers `None`).
    pub fn trouble(&self) -> Option<&str> {
        self.trouble.get().map(String::as_str)
    }

    /// The most seeds a board may hold to be in the tables (`None` when
    /// there are none).
    pub fn max_seeds(&self) -> Option<u8> {
        (self.levels.len() as u8).checked_sub(1)
    }

    /// The value of `position` for its player to move, when the tables hold
    /// it and its file is sound; `None` otherwise (see
    /// [`probe_checked`](Tablebase::probe_checked) for why).
    pub fn probe(&self, position: &Position) -> Option<TableValue> {
        match self.probe_checked(position) {
            Ok(value) => Some(value),
            Err(ProbeError::Table(error)) => {
                let _ = self.trouble.set(error.to_string());
                None
            }
            Err(_) => None,
        }
    }

    /// The value of `position` for its player to move.
    ///
    /// # Errors
    /// When the position is beyond any table, or its level's file is
    /// missing or corrupt.
    pub fn probe_checked(&self, position: &Position) -> Result<TableValue, ProbeError> {
        let (file, rank) = self.locate(position)?;
        Ok(decode(file.entry(rank)?, file.header().seeds))
    }

    /// The value of `position`, only if it is quick to find: never a wait
    /// for a block of a large level. A search's blocks seen lately are kept
    /// in its `near` and found there with no lock; how much further the
    /// probe goes is `reach`.
    pub fn probe_quick(
        &self,
        position: &Position,
        near: &mut Near,
        reach: Reach<'_>,
    ) -> Option<TableValue> {
        let (file, rank) = self.locate(position).ok()?;
        let header = file.header();
        let byte = match file.entry_near(rank, near, !matches!(reach, Reach::Near)) {
            Some(byte) => byte,
            None => match reach {
                Reach::Held if header.count <= QUICK_LEVEL_BOARDS => file.entry(rank).ok()?,
                Reach::Ask(reader) => {
                    reader.ask(header.seeds, rank);
                    return None;
                }
                Reach::Near | Reach::Held => return None,
            },
        };
        Some(decode(byte, header.seeds))
    }

    /// Reads the block of the board numbered `rank` on level `seeds` into
    /// the cache, if it is not there: what a [`Reader`] does.
    fn read_block(&self, seeds: u8, rank: u64) {
        let Some(Some(file)) = self.levels.get(usize::from(seeds)).map(OnceLock::get) else {
            return;
        };
        if let Err(error) = file.entry(rank) {
            let _ = self.trouble.set(error.to_string());
        }
    }

    /// The level file holding `position` (opened if it was not) and the
    /// position's rank in it.
    fn locate(&self, position: &Position) -> Result<(&LevelFile, u64), ProbeError> {
        let width = self.ranking.width();
        if position.width() != width || position.variant() != Variant::Classic {
            return Err(ProbeError::Board { width });
        }
        let seeds = u32::from(position.row_total(Side::South) + position.row_total(Side::North));
        let Some(seeds) = u8::try_from(seeds)
            .ok()
            .filter(|&seeds| seeds <= MAX_TABLE_SEEDS)
        else {
            return Err(ProbeError::Beyond { seeds, width });
        };
        let Some(level) = self.levels.get(usize::from(seeds)) else {
            // The first level not there is named when levels above it are
            // (a hole in the tables), or when there is none at all.
            let missing = self.levels.len() as u8;
            let hole =
                (missing + 1..=seeds).any(|above| level_path(&self.dir, width, above).exists());
            return Err(match self.max_seeds() {
                Some(top) if !hole => ProbeError::Above {
                    seeds,
                    top,
                    dir: self.dir.clone(),
                },
                _ => TableError::Missing(level_path(&self.dir, width, missing)).into(),
            });
        };
        let file = if let Some(file) = level.get() {
            file
        } else {
            let file = LevelFile::open(&self.dir, width, seeds)?;
            level.get_or_init(|| file)
        };
        Ok((file, self.ranking.rank_of(position)))
    }

    /// Every legal move of `position` with the value it leads to, from the
    /// tables, in hole order.
    ///
    /// # Errors
    /// As [`probe_checked`](Tablebase::probe_checked), for a position a
    /// move leads to.
    pub fn moves(&self, position: &Position) -> Result<Vec<MoveValue>, ProbeError> {
        let side = position.to_move();
        let mut moves = Vec::new();
        for index in (0..position.width()).filter(|&index| position.has_seeds(index)) {
            let Ok(child) = position.child(index) else {
                continue;
            };
            let after = self.probe_checked(&child.position)?;
            moves.push(MoveValue {
                hole: Hole::new(side, index),
                value: i32::from(child.capture) - after.value,
            });
        }
        Ok(moves)
    }
}

/// The tables the engine plays with, for every width, in one folder: each
/// width's opened when a game of that width first asks, and kept.
#[derive(Debug, Default)]
pub struct Shelf {
    dir: Option<PathBuf>,
    /// The folder was given by the player: one without tables is a problem.
    named: bool,
    widths: Mutex<HashMap<u8, Option<Arc<Tablebase>>>>,
}

impl Shelf {
    /// The tables in `dir`; `None` for none at all.
    pub fn new(dir: Option<PathBuf>) -> Shelf {
        Shelf {
            dir,
            named: false,
            widths: Mutex::default(),
        }
    }

    /// The tables in `dir`, a folder the player named: no tables of a
    /// game's width there is a problem told as the others are.
    pub fn named(dir: PathBuf) -> Shelf {
        Shelf {
            named: true,
            ..Shelf::new(Some(dir))
        }
    }

    /// The tables in the [default folder](default_dir).
    pub fn installed() -> Shelf {
        Shelf::new(default_dir())
    }

    /// The tables for a game of `config`, when there are any for its width
    /// (and it is classic En Dodoi), with the problem found opening them, in
    /// one line, the first time they are asked for: a missing level below
    /// others, or a damaged file. The engine plays on with the levels below
    /// the problem, or by search alone.
    pub fn tables(&self, config: &Config) -> (Option<Arc<Tablebase>>, Option<String>) {
        let Some(dir) = self.dir.as_deref() else {
            return (None, None);
        };
        if config.variant() != Variant::Classic {
            return (None, None);
        }
        let width = config.width();
        let mut widths = self
            .widths
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(tables) = widths.get(&width) {
            return (tables.clone(), None);
        }
        let (tables, mut problem) = Tablebase::open_checked(dir, width);
        if self.named && problem.is_none() && tables.max_seeds().is_none() {
            problem = Some(TableError::Missing(level_path(dir, width, 0)));
        }
        // Level 0 alone (an empty board) tells the search nothing.
        let top = tables.max_seeds().filter(|&top| top > 0);
        let problem = problem.map(|problem| match top {
            Some(top) => format!(
                "{problem}; the engine uses the tables up to {top} seed{}",
                if top == 1 { "" } else { "s" }
            ),
            None => format!("{problem}; the engine plays by search alone"),
        });
        let tables = top.is_some().then(|| Arc::new(tables));
        widths.insert(width, tables.clone());
        (tables, problem)
    }
}
