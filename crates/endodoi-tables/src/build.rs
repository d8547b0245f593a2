//! Building the tables level by level: each level's bounds swept to a fixed
//! point over all threads, then its values written to its file at once. A
//! level whose file is there (and sound) is read instead of built, so an
//! interrupted build resumes at the level it was on.

mod sweep;

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, bail};

use super::store::{self, Header, LevelFile, TEMPORARY_PREFIX, level_path};
use super::{MAX_TABLE_SEEDS, Ranking, TableError, check_folder};
use sweep::{Finished, LevelBuild};

/// Seconds of a thread a board takes to build, all its sweeps together:
/// measured on width 6 up to 24 seeds from nothing (release build, 2
/// threads, 1,171 s of CPU for 1.25 billion boards), rounded up.
const SECONDS_PER_BOARD: f64 = 0.95e-6;
/// Memory beyond the tables themselves: the program, buffers.
const SLACK: u64 = 64 << 20;
/// The memory a build sets out to take at most unless told otherwise (3.5
/// GiB, leaving room for the allocator's own within 4 GiB): the links it
/// keeps fill what the levels leave of it.
pub const MEMORY_LIMIT: u64 = 3584 << 20;
/// Bytes of kept links a board of a level takes when every chunk is kept
/// after the first sweep (three quarters of the boards are open then, with
/// 2.7 links each), rounded up: measured on width 6.
const KEPT_PER_BOARD: u64 = 12;

/// A level of `count` boards built over `below` boards held: its peak
/// memory (the lower levels, two bounds a board, then either the links
/// kept or a value a board), and the bytes it may keep links in, within
/// `limit` and the memory `available`.
fn level_memory(below: u64, count: u64, limit: u64, available: Option<u64>) -> (u64, u64) {
    let fixed = below
        .saturating_add(count.saturating_mul(2))
        .saturating_add(SLACK);
    let room = limit
        .min(available.unwrap_or(u64::MAX))
        .saturating_sub(fixed);
    let budget = room.min(count.saturating_mul(KEPT_PER_BOARD));
    (fixed.saturating_add(budget.max(count)), budget)
}

/// What building asks for, worked out before it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Levels to build (the others are there, and sound).
    pub levels: Vec<u8>,
    /// The levels among them whose files are there but damaged, and how:
    /// they are built again.
    pub damaged: Vec<(u8, String)>,
    /// What building them takes.
    pub cost: Cost,
}

/// What building some levels takes, roughly: the one reckoning of it, for
/// [`Builder::estimate`] and for whoever advises a build before it starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    /// Boards to build.
    pub boards: u64,
    /// Peak memory, in bytes.
    pub memory: u64,
    /// Disk space the new files take at most, in bytes.
    pub disk: u64,
    /// Time, roughly, on the build's threads.
    pub time: Duration,
}

/// What a build reports as it goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A level's file was there and sound: read, not built.
    Kept {
        /// The level.
        seeds: u8,
    },
    /// A sweep of a level's bounds is done.
    Sweep {
        /// The level.
        seeds: u8,
        /// Sweeps so far.
        sweep: u32,
        /// Boards whose bounds have not met.
        open: u64,
    },
    /// A level is built and written.
    Built {
        /// The level.
        seeds: u8,
        /// Its boards.
        boards: u64,
        /// Those whose value is not exact.
        estimates: u64,
        /// Time it took.
        elapsed: Duration,
    },
}

/// A build of the tables of one width up to some seeds, in a folder.
#[derive(Clone, Debug)]
pub struct Builder {
    /// Where the level files go.
    pub dir: PathBuf,
    /// Holes in a row.
    pub width: u8,
    /// The most seeds on a board.
    pub max_seeds: u8,
    /// Threads to sweep with.
    pub threads: usize,
    /// The most memory to take, in bytes ([`MEMORY_LIMIT`] unless told).
    pub memory: u64,
}

impl Builder {
    /// What the build will take: the levels whose files are missing or
    /// damaged, and what building them [costs](Builder::cost).
    ///
    /// # Errors
    /// When more seeds are asked than a table holds.
    pub fn estimate(&self) -> Result<Estimate> {
        if self.max_seeds > MAX_TABLE_SEEDS {
            bail!(
                "a table holds at most {MAX_TABLE_SEEDS} seeds, not {}",
                self.max_seeds
            );
        }
        check_folder(&self.dir)?;
        let ranking = Ranking::new(self.width);
        let mut levels = Vec::new();
        let mut damaged = Vec::new();
        for seeds in 0..=self.max_seeds {
            let path = level_path(&self.dir, self.width, seeds);
            if !path.exists() {
                levels.push(seeds);
                continue;
            }
            // A level kept must be a sound one, every checksum of it: a
            // damaged file is named and built again, never taken for a level
            // that is in. What is not a regular file is not ours to replace.
            match check_level(&self.dir, self.width, seeds) {
                Ok(()) => {}
                Err(error @ TableError::Corrupt { .. })
                    if fs::symlink_metadata(&path).is_ok_and(|metadata| metadata.is_file()) =>
                {
                    levels.push(seeds);
                    damaged.push((seeds, error.to_string()));
                }
                Err(error) if fs::symlink_metadata(&path).is_ok_and(|m| m.is_symlink()) => bail!(
                    "{error}; a build never writes through a link: remove the link (or mend \
                     the file it leads to) and build again"
                ),
                Err(error) => return Err(error.into()),
            }
        }
        let all = (0..=self.max_seeds)
            .map(|seeds| ranking.count(seeds))
            .fold(0_u64, u64::saturating_add);
        if all == u64::MAX {
            bail!("too many boards to count");
        }
        let cost = self.cost(levels.iter().copied());
        Ok(Estimate {
            levels,
            damaged,
            cost,
        })
    }

    /// What building `levels` of this width takes, each over every level
    /// below it: their boards; the peak memory (every lower level held, two
    /// bounds a board of the level being built, and the links kept or its
    /// values); the disk their files take at most; and the time on this
    /// build's threads, at the rate measured on this project's machine.
    pub fn cost(&self, levels: impl IntoIterator<Item = u8>) -> Cost {
        let ranking = Ranking::new(self.width);
        let available = available_memory();
        levels.into_iter().fold(Cost::default(), |cost, seeds| {
            let count = ranking.count(seeds);
            let (below, _) = held_below(&ranking, seeds, self.memory, available);
            let memory = level_memory(below, count, self.memory, available).0;
            // The values take 2.6 to 2.8 bits a board coded
            // (docs/tablebase.md): half a byte a board leaves room, with the
            // index's 16 bytes a block and a header, model and page checksums.
            let disk = count / 2 + count / store::BLOCK as u64 * 16 + 8192;
            let time = count as f64 * SECONDS_PER_BOARD / self.threads.max(1) as f64;
            Cost {
                boards: cost.boards.saturating_add(count),
                memory: cost.memory.max(memory),
                disk: cost.disk.saturating_add(disk),
                time: cost
                    .time
                    .saturating_add(Duration::try_from_secs_f64(time).unwrap_or(Duration::MAX)),
            }
        })
    }

    /// Builds every missing level, after checking that memory and disk
    /// will do; `report` hears of each sweep and level.
    ///
    /// # Errors
    /// When memory or disk will not do (with the figures), another build
    /// holds the folder, a level file there is corrupt (named), or a file
    /// cannot be written.
    pub fn build(&self, estimate: &Estimate, mut report: impl FnMut(&Progress)) -> Result<()> {
        check_folder(&self.dir)?;
        check_memory(&estimate.cost, self.memory)?;
        fs::create_dir_all(&self.dir)
            .map_err(|error| endodoi_files::failure("cannot make", &self.dir, &error))?;
        check_disk(&self.dir, &estimate.cost)?;
        let _lock = lock(&self.dir)?;
        remove_temporaries(&self.dir)?;
        let ranking = Ranking::new(self.width);
        let available = available_memory();
        let mut lower: Vec<Finished> = Vec::new();
        for seeds in 0..=self.max_seeds {
            if !estimate.levels.contains(&seeds) {
                lower.push(self.read_level(seeds)?);
                report(&Progress::Kept { seeds });
                continue;
            }
            let started = Instant::now();
            let (below, spared) = held_below(&ranking, seeds, self.memory, available);
            if spared {
                lower[usize::from(seeds - 1)] = Finished::default();
            }
            // A level let go of for the level below this one is met again.
            for (held, level) in (0..).zip(&mut lower) {
                if level.values.is_empty() && !(spared && held + 1 == seeds) {
                    *level = self.read_level(held)?;
                }
            }
            let level = LevelBuild {
                ranking: &ranking,
                seeds,
                lower: &lower,
                threads: self.threads.max(1),
                budget: level_memory(below, ranking.count(seeds), self.memory, available).1,
            };
            let finished = level.build(&mut report);
            let estimates = finished.bounded.len() as u64;
            let header = Header {
                width: self.width,
                seeds,
                count: ranking.count(seeds),
                open: estimates,
            };
            store::write_level(&self.dir, &header, &finished.values, &finished.bounded)?;
            report(&Progress::Built {
                seeds,
                boards: header.count,
                estimates,
                elapsed: started.elapsed(),
            });
            lower.push(finished);
        }
        Ok(())
    }

    /// The level of `seeds` seeds from its file, checked.
    fn read_level(&self, seeds: u8) -> Result<Finished> {
        let file = LevelFile::open(&self.dir, self.width, seeds)?;
        Ok(Finished {
            values: file.read_all()?,
            bounded: file.read_bounds()?,
        })
    }
}

/// Checks every checksum of level `seeds`: its header, the pages of its
/// index, its blocks and its bounds.
///
/// # Errors
/// What is wrong with it.
fn check_level(dir: &Path, width: u8, seeds: u8) -> Result<(), TableError> {
    let file = LevelFile::open(dir, width, seeds)?;
    file.read_all()?;
    file.read_bounds()?;
    Ok(())
}

/// The boards of the levels held while a level of `seeds` seeds is built:
/// every level below it, or, when the links it could keep are short of
/// memory, every level but the one just below. None of the level's moves
/// reaches that one: a move that captures nothing stays in the level, and a
/// capture takes at least 2 seeds (the one that lands, and one facing it or
/// more). It is let go of only when short, since it is read back from its
/// file for the level above.
fn held_below(ranking: &Ranking, seeds: u8, limit: u64, available: Option<u64>) -> (u64, bool) {
    let count = ranking.count(seeds);
    let all = (0..seeds)
        .map(|seeds| ranking.count(seeds))
        .fold(0, u64::saturating_add);
    let short = level_memory(all, count, limit, available).1 < count.saturating_mul(KEPT_PER_BOARD);
    match seeds.checked_sub(1).filter(|_| short) {
        Some(below) => (all - ranking.count(below), true),
        None => (all, false),
    }
}

/// Refuses, with the figures, a build that memory (what is available, or
/// the `limit` it was given) will not hold.
fn check_memory(estimate: &Cost, limit: u64) -> Result<()> {
    if let Some(available) = available_memory()
        && estimate.memory > available
    {
        bail!(
            "the build needs {} of memory at its peak, and {} is available",
            bytes(estimate.memory),
            bytes(available)
        );
    }
    if estimate.memory > limit {
        bail!(
            "the build needs {} of memory at its peak, more than the {} it may take (--memory)",
            bytes(estimate.memory),
            bytes(limit)
        );
    }
    Ok(())
}

/// Refuses, with the figures, a build that the disk of `dir` will not hold.
fn check_disk(dir: &Path, estimate: &Cost) -> Result<()> {
    let stat = rustix::fs::statvfs(dir)
        .with_context(|| format!("cannot see the free space in {}", dir.display()))?;
    let free = stat.f_bavail.saturating_mul(stat.f_frsize);
    if estimate.disk > free {
        bail!(
            "the build needs {} on the disk, and {} has {} free",
            bytes(estimate.disk),
            dir.display(),
            bytes(free)
        );
    }
    Ok(())
}

/// The memory available to a new program, from `/proc/meminfo`.
pub fn available_memory() -> Option<u64> {
    let text = fs::read_to_string("/proc/meminfo").ok()?;
    let line = text
        .lines()
        .find(|line| line.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// `count` bytes in words: "1.3 GiB", "84 MiB", "512 bytes".
pub fn bytes(count: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if count < 1024 {
        return format!("{count} bytes");
    }
    let mut size = count as f64 / 1024.0;
    let mut unit = 0;
    while size >= 1024.0 && unit + 1 < UNITS.len() {
        size /= 1024.0;
        unit += 1;
    }
    if size < 10.0 {
        format!("{size:.1} {}", UNITS[unit])
    } else {
        format!("{size:.0} {}", UNITS[unit])
    }
}

/// Holds the folder's lock file for as long as it is kept: one build at a
/// time in a folder.
fn lock(dir: &Path) -> Result<File> {
    let path = dir.join("build.lock");
    let file = endodoi_files::open_lock(&path)
        .map_err(|error| anyhow::anyhow!("cannot lock {}: {error}", dir.display()))?;
    rustix::fs::flock(&file, rustix::fs::FlockOperation::NonBlockingLockExclusive).map_err(
        |_| {
            anyhow::anyhow!(
                "{}: another build is writing in this folder",
                path.display()
            )
        },
    )?;
    Ok(file)
}

/// Removes the temporary files a killed build left behind.
fn remove_temporaries(dir: &Path) -> Result<()> {
    let listing = fs::read_dir(dir).with_context(|| format!("cannot list {}", dir.display()))?;
    for entry in listing.flatten() {
        if entry
            .file_name()
            .to_string_lossy()
            .starts_with(TEMPORARY_PREFIX)
        {
            fs::remove_file(entry.path())
                .with_context(|| format!("cannot remove {}", entry.path().display()))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_level_short_of_memory_lets_go_of_the_level_just_below() {
        let ranking = Ranking::new(6);
        let all = |seeds: u8| (0..seeds).map(|seeds| ranking.count(seeds)).sum::<u64>();
        // 72 MB: the slack, the lower levels and two bytes a board leave
        // level 9 the links it could keep, level 10 not.
        let limit = 72_000_000;
        assert_eq!(held_below(&ranking, 9, limit, None), (all(9), false));
        assert_eq!(
            held_below(&ranking, 10, limit, None),
            (all(10) - ranking.count(9), true)
        );
        assert_eq!(
            held_below(&ranking, 12, limit, None),
            (all(12) - ranking.count(11), true)
        );
        // Level 0 has no level below it.
        assert_eq!(held_below(&ranking, 0, 0, None), (0, false));
        assert_eq!(
            held_below(&ranking, 12, MEMORY_LIMIT, None),
            (all(12), false)
        );
    }
}
