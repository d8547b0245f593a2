//! Building the tables level by level: each level's bounds swept to a fixed
//! point over all threads, then its values written to its file at once. A
//! level whose file is there (and sound) is read instead of built, so an
//! interrupted build resumes at the level it was on.

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, bail};

use super::store::{self, Bounded, Header, LevelFile, TEMPORARY_PREFIX, level_path};
use super::{MAX_TABLE_SEEDS, Ranking, TableValue, normalised, position_of};
use crate::rules::Position;

/// Boards a thread takes at a time.
const CHUNK: usize = 1 << 12;
/// Seconds of a thread a board takes to build, all its sweeps together:
/// measured on width 6 up to 20 seeds (release build, 2 threads).
const SECONDS_PER_BOARD: f64 = 1.8e-6;
/// Memory beyond the tables themselves: the program, buffers.
const SLACK: u64 = 64 << 20;

/// What building asks for, worked out before it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Levels to build (the others are there).
    pub levels: Vec<u8>,
    /// Boards to build.
    pub boards: u64,
    /// Peak memory, in bytes.
    pub memory: u64,
    /// Disk space the new files take, in bytes.
    pub disk: u64,
    /// Time, roughly.
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
}

impl Builder {
    /// What the build will take: the levels whose files are missing, their
    /// boards, the peak memory (every lower level held, and two bounds and
    /// a value a board of the level being built), the disk and the time.
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
        let ranking = Ranking::new(self.width);
        let mut levels = Vec::new();
        for seeds in 0..=self.max_seeds {
            if level_path(&self.dir, self.width, seeds).exists() {
                // A level kept must be a sound one: a damaged file is named
                // now, not taken for a level that is in.
                LevelFile::open(&self.dir, self.width, seeds)?;
            } else {
                levels.push(seeds);
            }
        }
        let boards = levels
            .iter()
            .map(|&seeds| ranking.count(seeds))
            .sum::<u64>();
        let all = (0..=self.max_seeds)
            .map(|seeds| ranking.count(seeds))
            .fold(0_u64, u64::saturating_add);
        let memory = levels.last().map_or(0, |&top| {
            let below = (0..top).map(|seeds| ranking.count(seeds)).sum::<u64>();
            below + 3 * ranking.count(top) + SLACK
        });
        let disk = boards + boards / store::BLOCK as u64 * 8 + 4096 * levels.len() as u64;
        let time =
            Duration::from_secs_f64(boards as f64 * SECONDS_PER_BOARD / self.threads.max(1) as f64);
        if all == u64::MAX {
            bail!("too many boards to count");
        }
        Ok(Estimate {
            levels,
            boards,
            memory,
            disk,
            time,
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
        if let Ok(metadata) = fs::metadata(&self.dir)
            && !metadata.is_dir()
        {
            bail!(
                "{}: {} is not a folder for the tables",
                self.dir.display(),
                crate::file::kind_of(&metadata.file_type())
            );
        }
        fs::create_dir_all(&self.dir)
            .with_context(|| format!("cannot make {}", self.dir.display()))?;
        check_room(&self.dir, estimate)?;
        let _lock = lock(&self.dir)?;
        remove_temporaries(&self.dir)?;
        let ranking = Ranking::new(self.width);
        let mut lower: Vec<Finished> = Vec::new();
        for seeds in 0..=self.max_seeds {
            let path = level_path(&self.dir, self.width, seeds);
            if path.exists() {
                let file = LevelFile::open(&self.dir, self.width, seeds)?;
                lower.push(Finished {
                    values: file.read_all()?,
                    bounded: file.read_bounds()?,
                });
                report(&Progress::Kept { seeds });
                continue;
            }
            let started = Instant::now();
            let level = Level {
                ranking: &ranking,
                seeds,
                lower: &lower,
                threads: self.threads.max(1),
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
}

/// Refuses, with the figures, a build that memory or disk will not hold.
fn check_room(dir: &Path, estimate: &Estimate) -> Result<()> {
    if let Some(available) = available_memory()
        && estimate.memory > available
    {
        bail!(
            "the build needs {} of memory at its peak, and {} is available",
            bytes(estimate.memory),
            bytes(available)
        );
    }
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
    let file = File::create(&path).with_context(|| format!("cannot write {}", path.display()))?;
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

/// Bounds on a value: the least and the most it can be.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Bounds {
    low: i32,
    high: i32,
}

impl Bounds {
    fn widen(self, other: Bounds) -> Bounds {
        Bounds {
            low: self.low.max(other.low),
            high: self.high.max(other.high),
        }
    }
}

/// A finished level: a byte a board, and the bounds of those not exact.
struct Finished {
    values: Vec<u8>,
    bounded: Vec<Bounded>,
}

impl Finished {
    /// Bounds on the value of the board numbered `rank` on this level of
    /// `seeds` seeds: its value twice when exact.
    fn bounds(&self, rank: usize, seeds: u8) -> Bounds {
        let value = TableValue::decode(self.values[rank], seeds);
        if value.exact {
            return Bounds {
                low: value.value,
                high: value.value,
            };
        }
        let at = self
            .bounded
            .binary_search_by_key(&(rank as u64), |board| board.rank)
            .expect("a board not exact has its bounds");
        Bounds {
            low: i32::from(self.bounded[at].low),
            high: i32::from(self.bounded[at].high),
        }
    }
}

/// A level being built: its boards' bounds, and the finished levels below.
struct Level<'a> {
    ranking: &'a Ranking,
    seeds: u8,
    lower: &'a [Finished],
    threads: usize,
}

/// A level's bounds as they are swept: both in one word a board, so that
/// a board looked up costs one fetch from memory.
struct Swept(Vec<AtomicU16>);

impl Swept {
    fn pack(bounds: Bounds) -> u16 {
        u16::from_le_bytes([
            (bounds.low as i8).cast_unsigned(),
            (bounds.high as i8).cast_unsigned(),
        ])
    }

    fn get(&self, rank: usize) -> Bounds {
        let [low, high] = self.0[rank].load(Ordering::Relaxed).to_le_bytes();
        Bounds {
            low: i32::from(low.cast_signed()),
            high: i32::from(high.cast_signed()),
        }
    }

    fn set(&self, rank: usize, bounds: Bounds) {
        self.0[rank].store(Swept::pack(bounds), Ordering::Relaxed);
    }
}

impl Level<'_> {
    /// The level's values, one byte a board (where the bounds do not meet,
    /// the repetition value brought within them), and the bounds of the
    /// boards not exact.
    fn build(&self, report: &mut impl FnMut(&Progress)) -> Finished {
        let count = self.ranking.count(self.seeds) as usize;
        let n = i32::from(self.seeds);
        let start = Swept::pack(Bounds { low: -n, high: n });
        let swept = Swept((0..count).map(|_| AtomicU16::new(start)).collect());
        for sweep in 1.. {
            let changed = AtomicBool::new(false);
            let open = AtomicU64::new(0);
            self.parallel(count, |start, end| {
                let mut still = 0;
                for rank in start..end {
                    let was = swept.get(rank);
                    if was.low == was.high {
                        continue;
                    }
                    let now = self.bounds(rank as u64, &swept);
                    let now = Bounds {
                        low: now.low.max(was.low),
                        high: now.high.min(was.high),
                    };
                    if now != was {
                        swept.set(rank, now);
                        changed.store(true, Ordering::Relaxed);
                    }
                    still += u64::from(now.low != now.high);
                }
                open.fetch_add(still, Ordering::Relaxed);
            });
            report(&Progress::Sweep {
                seeds: self.seeds,
                sweep,
                open: open.load(Ordering::Relaxed),
            });
            if !changed.load(Ordering::Relaxed) {
                break;
            }
        }
        let mut values = vec![0_u8; count];
        let bounded = Mutex::new(Vec::new());
        let chunks = Mutex::new(values.chunks_mut(CHUNK).enumerate());
        std::thread::scope(|scope| {
            for _ in 0..self.threads {
                scope.spawn(|| {
                    loop {
                        let Some((index, chunk)) = chunks.lock().expect("not poisoned").next()
                        else {
                            break;
                        };
                        let mut open = Vec::new();
                        for (offset, byte) in chunk.iter_mut().enumerate() {
                            let rank = (index * CHUNK + offset) as u64;
                            let bounds = swept.get(rank as usize);
                            let exact = bounds.low == bounds.high;
                            let value = if exact {
                                bounds.low
                            } else {
                                open.push(Bounded {
                                    rank,
                                    low: bounds.low as i8,
                                    high: bounds.high as i8,
                                });
                                super::repetition_value(&self.position(rank))
                                    .clamp(bounds.low, bounds.high)
                            };
                            *byte = TableValue::encode(value, self.seeds, exact);
                        }
                        bounded.lock().expect("not poisoned").extend(open);
                    }
                });
            }
        });
        let mut bounded = bounded.into_inner().expect("not poisoned");
        bounded.sort_unstable_by_key(|board| board.rank);
        Finished { values, bounded }
    }

    /// Runs `work` on the ranges of `0..count`, a chunk at a time, on every
    /// thread.
    fn parallel(&self, count: usize, work: impl Fn(usize, usize) + Sync) {
        let next = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for _ in 0..self.threads {
                scope.spawn(|| {
                    loop {
                        let start = next.fetch_add(CHUNK as u64, Ordering::Relaxed) as usize;
                        if start >= count {
                            break;
                        }
                        work(start, (start + CHUNK).min(count));
                    }
                });
            }
        });
    }

    /// The board numbered `rank`, South to move.
    fn position(&self, rank: u64) -> Position {
        let mut pits = [0_u8; 20];
        self.ranking.unrank(self.seeds, rank, &mut pits);
        position_of(self.ranking.width(), &pits)
    }

    /// Bounds on the value of the board numbered `rank` from its moves and
    /// the bounds now known: a capture's from the level it drops to (its
    /// value, or its bounds when not exact), a move that captures nothing
    /// from the bounds of the board it leads to.
    fn bounds(&self, rank: u64, swept: &Swept) -> Bounds {
        let position = self.position(rank);
        // Every move sown first, then the values looked up: the look-ups,
        // far apart in memory, are then fetched side by side.
        let mut children = [(0_u8, 0_usize); 20];
        let mut count = 0;
        for index in (0..position.width()).filter(|&index| position.has_seeds(index)) {
            if let Ok(child) = position.child(index) {
                let child_rank = self.ranking.rank(&normalised(&child.position)) as usize;
                children[count] = (child.capture, child_rank);
                count += 1;
            }
        }
        let mut bounds: Option<Bounds> = None;
        for &(capture, child_rank) in &children[..count] {
            let gained = if capture > 0 {
                let seeds = self.seeds - capture;
                let after = self.lower[usize::from(seeds)].bounds(child_rank, seeds);
                let capture = i32::from(capture);
                Bounds {
                    low: capture - after.high,
                    high: capture - after.low,
                }
            } else {
                let after = swept.get(child_rank);
                Bounds {
                    low: -after.high,
                    high: -after.low,
                }
            };
            bounds = Some(bounds.map_or(gained, |bounds| bounds.widen(gained)));
        }
        // No move ends: the last mover takes every seed left.
        let end = -i32::from(self.seeds);
        bounds.unwrap_or(Bounds {
            low: end,
            high: end,
        })
    }
}
