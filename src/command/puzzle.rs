//! `endodoi puzzle`: the puzzles in the terminal; `endodoi puzzle
//! generate`: making a set.

use std::collections::BTreeSet;
use std::io::Write;
use std::time::Duration;

use anyhow::{Context as _, Result, bail};

use super::Console;
use super::tables_needed::{Need, prepare};
use crate::app::puzzle::PuzzleSet;
use crate::app::{Answer, Setting, Tone};
use crate::cli::{PuzzleArgs, PuzzleCommand, PuzzleGenerateArgs};
use crate::puzzle::{PuzzlePlan, PuzzleTally, generate, generate_from, rating_path, read_rating};
use crate::rules::{Config, Game, Variant};
use crate::session::Session;
use crate::ui::Look;

/// Opens the puzzles, or makes a set; returns the exit status.
///
/// # Errors
/// When the terminal or a file fails, or the output cannot be written.
pub fn run(args: &PuzzleArgs, console: &mut Console<impl Write, impl Write>) -> Result<u8> {
    match &args.action {
        Some(PuzzleCommand::Generate(generate)) => run_generate(generate, console).map(|()| 0),
        None => open(args, console),
    }
}

/// Opens the puzzles in the terminal: puzzle `--id`, the daily one, or the
/// one rated nearest the player.
fn open(args: &PuzzleArgs, console: &mut Console<impl Write, impl Write>) -> Result<u8> {
    let set = PuzzleSet::shipped().context("the shipped puzzle set")?;
    let count = set.puzzles().len();
    if let Some(id) = args.id
        && set.get(id).is_none()
    {
        bail!("there is no puzzle {id}: the set holds puzzles 1 to {count}");
    }
    if !console.terminal {
        bail!("the puzzles need a terminal: run `endodoi puzzle` in one");
    }
    let (rating, problem) =
        read_rating(rating_path(crate::save::games_dir().as_deref()).as_deref());
    let id = match (args.daily, args.id) {
        (_, Some(id)) => Some(id),
        (true, None) => set.daily(today()).map(|puzzle| puzzle.id),
        (false, None) => set.nearest(rating.rating, &BTreeSet::new()),
    };
    let mut app = crate::app::puzzle::app(set, id.unwrap_or(1), rating);
    app.set(Setting::Animation(!args.draw.no_animation));
    if let Some(problem) = problem {
        app.answer(Answer::Notice(Tone::Problem, problem));
    }
    super::play::play(
        Session::viewing(app, Look::from_env(args.draw.ascii)),
        console,
    )
}

/// The games of `--records` on the board `config`, each with its file's
/// name; the others are named on `err` and left out.
///
/// # Errors
/// When a file cannot be read as a record, or `err` cannot be written.
fn records(
    args: &PuzzleGenerateArgs,
    config: Config,
    err: &mut impl Write,
) -> Result<Vec<(Game, String)>> {
    let mut games = Vec::new();
    for path in &args.records {
        let record = crate::file::read_record(path)?;
        let game = record.game;
        let name = path.display();
        if game.config() != config || game.start() != Game::new(config).start() {
            out!(
                err,
                "{name}: left out, not a game from the start of 2×{} with {} seeds a hole",
                config.width(),
                config.seeds()
            )?;
            continue;
        }
        games.push((game, format!("the game {name}")));
    }
    Ok(games)
}

/// Days since 1970-01-01, today in UTC: the daily puzzle's date.
fn today() -> i64 {
    let epoch = time::Date::from_calendar_date(1970, time::Month::January, 1)
        .map_or(2_440_588, time::Date::to_julian_day);
    i64::from(time::OffsetDateTime::now_utc().date().to_julian_day() - epoch)
}

/// Makes the set `--out` names, rewriting it after each puzzle found, a
/// line of progress on `console.err` for each, and the figures at the end
/// on `console.out`.
fn run_generate(
    args: &PuzzleGenerateArgs,
    console: &mut Console<impl Write, impl Write>,
) -> Result<()> {
    let config =
        Config::new(args.width.into(), args.seeds.into(), Variant::Classic).context("the board")?;
    // The proofs need the tables: the levels missing are named, offered
    // on a terminal and built with --build-tables, as for `solve`.
    let need = Need {
        tables: &args.tables,
        build_tables: args.build_tables,
        json: false,
        doing: "generating",
        more: "--budget",
    };
    let (tables, _) = prepare(&need, config, console)?;
    let mut set = if args.append && args.out.exists() {
        let bytes = crate::file::read_regular(&args.out)?;
        let text = String::from_utf8(bytes)
            .with_context(|| format!("{}: not UTF-8 text", args.out.display()))?;
        PuzzleSet::parse(&text).with_context(|| args.out.display().to_string())?
    } else {
        PuzzleSet::default()
    };
    let plan = PuzzlePlan {
        config,
        games: args.games,
        count: args.count,
        seed: args.seed,
        budget: Duration::from_millis(args.budget),
        per_game: args.per_game,
        tables: tables.clone(),
    };
    let with = tables
        .as_ref()
        .and_then(|tables| tables.max_seeds())
        .map_or_else(
            || "no tables".to_owned(),
            |top| format!("tables up to {top} seeds"),
        );
    out!(
        &mut console.err,
        "puzzles on 2×{} with {} seeds a hole, {with}, {} ms a move's proof, seed {}",
        config.width(),
        config.seeds(),
        args.budget,
        args.seed
    )?;
    let records = records(args, config, &mut console.err)?;
    let err = &mut console.err;
    let on_found = |set: &PuzzleSet, tally: &PuzzleTally| {
        crate::file::write_atomic(&args.out, &set.to_text())?;
        if let Some(puzzle) = set.puzzles().last() {
            out!(
                err,
                "{puzzle}: {}; {} found, {} positions tried, {} games, {:.0} s",
                puzzle.entry.source,
                tally.found,
                tally.tried,
                tally.games,
                tally.elapsed.as_secs_f64()
            )?;
        }
        anyhow::Ok(())
    };
    let tally = if args.records.is_empty() {
        generate(&plan, &mut set, on_found)?
    } else {
        generate_from(&plan, records, &mut set, on_found)?
    };
    let hours = tally.elapsed.as_secs_f64() / 3600.0;
    out!(
        &mut console.out,
        "{} puzzles from {} games ({} positions tried) in {:.0} s: {:.0} an hour; {} in {}{}",
        tally.found,
        tally.games,
        tally.tried,
        tally.elapsed.as_secs_f64(),
        if hours > 0.0 {
            tally.found as f64 / hours
        } else {
            0.0
        },
        set.puzzles().len(),
        args.out.display(),
        if tally.rejected > 0 {
            format!("; {} refused by the set's check (a bug)", tally.rejected)
        } else {
            String::new()
        }
    )?;
    Ok(())
}
