//! `endodoi analyze FILE`: every move of a record judged by the search.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{Context as _, Result};

use crate::analyze::{self, exact};
use crate::cli::AnalyzeArgs;
use crate::file::read_record;
use crate::record::Record;
use crate::search::Limits;
use crate::tablebase::Tablebase;

use super::Console;
use super::tables_needed::{Need, prepare};

/// Judges every move of the record, a row on `out` as each is judged, then
/// the graph of the evaluation and the summary (or with `--json`, one JSON document at the end).
///
/// # Errors
/// When the record cannot be read, or `out` cannot be written.
///
/// # Panics
/// Never: an analysis always serialises.
pub fn run(args: &AnalyzeArgs, console: &mut Console<impl Write, impl Write>) -> Result<()> {
    let record = read_record(&args.file)?;
    if args.exact {
        return run_exact(args, &record, console);
    }
    let shelf = args.tables.shelf();
    let (tables, problem) = shelf.tables(&record.game.config());
    if let Some(problem) = problem {
        out!(&mut console.err, "tables: {problem}")?;
    }
    let out = &mut console.out;
    let limits = match (args.depth, args.movetime) {
        (Some(depth), _) => Limits::depth(depth),
        (None, Some(movetime)) => Limits::movetime(Duration::from_millis(movetime)),
        (None, None) => Limits::nodes(args.nodes),
    };
    // A closed output (say, piped into `head`) ends the printing, not the program.
    let mut written = if args.json {
        Ok(())
    } else {
        writeln!(out, "{}", analyze::HEADER)
    };
    let analysis = analyze::analyze(
        &record.game,
        limits,
        args.threshold,
        tables.clone(),
        |judged| {
            if !args.json && written.is_ok() {
                written = writeln!(out, "{}", analyze::row(judged));
            }
        },
    );
    written
        .and_then(|()| {
            if args.json {
                let json = serde_json::to_string(&analysis).expect("an analysis serialises");
                writeln!(out, "{json}")
            } else {
                write!(out, "\n{}\n", analyze::graph(&analysis.moves))?;
                writeln!(out, "{}", analyze::summary(&analysis))
            }
        })
        .context("writing the analysis")?;
    if let Some(trouble) = tables.as_deref().and_then(Tablebase::trouble) {
        out!(
            &mut console.err,
            "tables: {trouble}; those positions were searched"
        )?;
    }
    Ok(())
}

/// `analyze --exact`: the tables it lacks named (and built when asked) on
/// `console.err`, a progress bar there on a terminal, then the rows, the
/// graph and the summary (or one JSON document).
fn run_exact(
    args: &AnalyzeArgs,
    record: &Record,
    console: &mut Console<impl Write, impl Write>,
) -> Result<()> {
    let need = Need {
        tables: &args.tables,
        build_tables: args.build_tables,
        json: args.json,
        doing: "analysing",
        more: "--budget",
    };
    let (tables, advice) = prepare(&need, record.game.config(), console)?;
    let bar = console.ask;
    let err = &mut console.err;
    let mut shown = Ok(());
    let analysis = exact::analyze_exact(
        &record.game,
        tables.clone(),
        Duration::from_millis(args.budget),
        &AtomicBool::new(false),
        |_, done, total| {
            if bar && shown.is_ok() {
                shown = super::emit(err, format_args!("\r{}", progress(done, total)));
            }
        },
    );
    if bar {
        shown.and_then(|()| super::emit(err, format_args!("\r{:60}\r", "")))?;
    }
    let out = &mut console.out;
    if args.json {
        let json = serde_json::to_string(&analysis).expect("an analysis serialises");
        out!(out, "{json}")?;
    } else {
        let mut text = format!("{}\n", exact::HEADER);
        for judged in &analysis.moves {
            text.push_str(&exact::row(judged));
            text.push('\n');
        }
        out!(
            out,
            "{text}\n{}\n{}",
            exact::graph(&analysis),
            exact::summary(&analysis)
        )?;
    }
    if let Some(advice) = advice.filter(|_| analysis.proven < analysis.positions) {
        out!(&mut console.err, "tables: {advice}")?;
    }
    if let Some(trouble) = tables.as_deref().and_then(Tablebase::trouble) {
        out!(&mut console.err, "tables: {trouble}")?;
    }
    Ok(())
}

/// The progress bar: `proving [#########...........] 12/30` (moves judged,
/// the last first).
fn progress(done: usize, total: usize) -> String {
    const WIDTH: usize = 30;
    let filled = WIDTH * done / total.max(1);
    format!(
        "proving [{}{}] {done}/{total}",
        "#".repeat(filled),
        ".".repeat(WIDTH - filled)
    )
}
