//! `endodoi analyze FILE`: every move of a record judged by the search.

use std::io::Write;
use std::time::Duration;

use anyhow::{Context as _, Result};

use crate::analyze;
use crate::cli::AnalyzeArgs;
use crate::file::read_record;
use crate::search::Limits;
use crate::tablebase::Tablebase;

use super::Console;

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
