//! `endodoi tablebase build` and `endodoi tablebase probe`: the tables of
//! perfect endgames, built into a folder and looked up.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context as _, Result, bail};

use super::Console;
use crate::cli::{TablebaseBuildArgs, TablebaseCommand, TablebaseProbeArgs};
use crate::record::terminal_safe;
use crate::rules::{Position, Side};
use crate::tablebase::{Builder, Cost, Progress, Tablebase, bytes, check_folder};

/// Runs `endodoi tablebase …`: the build's estimate and progress go to
/// `console.err`, a probe's answer to `console.out`.
///
/// # Errors
/// When the build cannot run (memory, disk, a corrupt level file), or the
/// probe's position is unreadable or beyond the tables.
pub fn run(action: &TablebaseCommand, console: &mut Console<impl Write, impl Write>) -> Result<()> {
    match action {
        TablebaseCommand::Build(args) => build(args, &mut console.err),
        TablebaseCommand::Probe(args) => probe(args, &mut console.out),
    }
}

/// The tables' folder: `dir` as given (by `option`), or `tablebase` in the
/// data folder.
pub(super) fn folder(dir: Option<&Path>, option: &str) -> Result<PathBuf> {
    match dir {
        Some(dir) => Ok(dir.to_path_buf()),
        None => crate::tablebase::default_dir()
            .with_context(|| format!("this system has no data folder: give one with {option}")),
    }
}

/// A build of the tables of `width` up to `max_seeds` in `dir`, on
/// `threads` (one a processor unless told), within `memory` bytes.
pub(super) fn builder(
    dir: PathBuf,
    width: u8,
    max_seeds: u8,
    threads: Option<u16>,
    memory: u64,
) -> Builder {
    Builder {
        dir,
        width,
        max_seeds,
        threads: threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            usize::from,
        ),
        memory,
    }
}

/// What a build takes, in words: `about 41 s on 2 threads, 620 MiB of
/// memory, 41 MiB on disk`.
pub(super) fn cost_text(cost: &Cost, threads: usize) -> String {
    format!(
        "about {} s on {threads} thread{}, {} of memory, {} on disk",
        cost.time.as_secs().max(1),
        if threads == 1 { "" } else { "s" },
        bytes(cost.memory),
        bytes(cost.disk),
    )
}

fn build(args: &TablebaseBuildArgs, err: &mut impl Write) -> Result<()> {
    let builder = builder(
        folder(args.tables.dir.as_deref(), "--dir")?,
        args.tables.width,
        args.max_seeds,
        args.threads,
        args.memory_bytes,
    );
    build_tables(&builder, err)
}

/// Builds the levels `builder` asks for that are missing or damaged, telling
/// on `err` what the build will take before it starts, then each level as
/// it is done: `tablebase build`, and `solve` when it builds the tables.
///
/// # Errors
/// When the build cannot run (memory, disk, a corrupt level file, a
/// folder that is not one), or `err` cannot be written.
pub(super) fn build_tables(builder: &Builder, err: &mut impl Write) -> Result<()> {
    let estimate = builder.estimate()?;
    for (seeds, damage) in &estimate.damaged {
        out!(
            err,
            "level {seeds} is damaged, and is built again: {}",
            terminal_safe(damage)
        )?;
    }
    if estimate.levels.is_empty() {
        out!(
            err,
            "tables of width {} up to {} seeds: every level is in {}",
            builder.width,
            builder.max_seeds,
            terminal_safe(&builder.dir.display().to_string())
        )?;
        return Ok(());
    }
    out!(
        err,
        "building {} levels of width {} ({} boards) in {}: {}",
        estimate.levels.len(),
        builder.width,
        estimate.cost.boards,
        terminal_safe(&builder.dir.display().to_string()),
        cost_text(&estimate.cost, builder.threads),
    )?;
    let started = Instant::now();
    let mut failed = Ok(());
    builder.build(&estimate, |step| {
        let line = match step {
            Progress::Kept { seeds } => format!("level {seeds:2}: kept (its file is there)"),
            Progress::Sweep { seeds, sweep, open } => format!("level {seeds:2}: sweep {sweep}, {open} open"),
            Progress::Built {
                seeds,
                boards,
                estimates,
                elapsed,
            } => format!(
                "level {seeds:2}/{}: {boards} boards, {estimates} not exact, {:.1} s ({:.1} s in all)",
                builder.max_seeds,
                elapsed.as_secs_f64(),
                started.elapsed().as_secs_f64()
            ),
        };
        if failed.is_ok() {
            failed = out!(err, "{line}");
        }
    })?;
    failed
}

/// The board `--pits` gives: South's row, a slash, North's row.
fn parse_pits(text: &str, width: u8, to_move: Side) -> Result<Position> {
    let Some((south, north)) = text.split_once('/') else {
        bail!("--pits `{text}`: give South's row, a slash, then North's row");
    };
    let row = |side: Side, part: &str| -> Result<Vec<u8>> {
        let row = part
            .split_whitespace()
            .map(|seeds| {
                seeds.parse::<u8>().with_context(|| {
                    format!("--pits: `{seeds}` in {side}'s row is not a number of seeds")
                })
            })
            .collect::<Result<Vec<u8>>>()?;
        if row.len() != usize::from(width) {
            bail!(
                "--pits: {side}'s row has {} holes, the board {width}",
                row.len()
            );
        }
        Ok(row)
    };
    let (south, north) = (row(Side::South, south)?, row(Side::North, north)?);
    Position::from_rows(&south, &north, to_move).context("--pits")
}

fn probe(args: &TablebaseProbeArgs, out: &mut impl Write) -> Result<()> {
    let width = args.tables.width;
    let position = parse_pits(&args.pits, width, args.to_move.into())?;
    let dir = folder(args.tables.dir.as_deref(), "--dir")?;
    check_folder(&dir)?;
    let tables = Tablebase::open(&dir, width);
    let value = tables.probe_checked(&position)?;
    let moves = tables.moves(&position)?;
    let best: Vec<String> = moves
        .iter()
        .filter(|played| played.value == value.value)
        .map(|played| played.hole.to_string())
        .collect();
    if args.json {
        /// The answer in JSON, its fields in this order.
        #[derive(serde::Serialize)]
        struct JsonAnswer<'a> {
            value: i32,
            exact: bool,
            best: &'a [String],
        }
        let answer = JsonAnswer {
            value: value.value,
            exact: value.exact,
            best: &best,
        };
        return out!(out, "{}", serde_json::to_string(&answer)?);
    }
    let side = position.to_move();
    out!(
        out,
        "{side} to move gains {:+} seeds over {} from here with perfect play ({})",
        value.value,
        side.opponent(),
        if value.exact {
            "exact"
        } else {
            "not exact: the repetition value within proven bounds"
        }
    )?;
    let listed: Vec<String> = moves
        .iter()
        .map(|played| format!("{} {:+}", played.hole, played.value))
        .collect();
    out!(
        out,
        "best: {}\nmoves: {}",
        if best.is_empty() {
            "none (no move)".to_owned()
        } else {
            best.join(" ")
        },
        if listed.is_empty() {
            "none".to_owned()
        } else {
            listed.join(", ")
        }
    )
}
