//! `endodoi bench`: the speed of the rules and of the search, as a table
//! or as JSON lines.

use std::io::Write;

use anyhow::Result;

use crate::bench;
use crate::cli::BenchArgs;

/// Measures every row of the plan, printing each as soon as it is known.
///
/// # Errors
/// When `out` cannot be written.
pub fn run(args: &BenchArgs, out: &mut impl Write) -> Result<()> {
    if !args.json {
        out!(out, "{}", bench::Measurement::HEADER)?;
    }
    for (width, games) in bench::PLAN {
        row(out, args.json, &bench::measure(width, games))?;
    }
    if !args.json {
        out!(out, "\n{}", bench::SearchMeasurement::HEADER)?;
    }
    for (width, depth, positions) in bench::SEARCH_PLAN {
        row(
            out,
            args.json,
            &bench::measure_search(width, depth, &positions),
        )?;
    }
    Ok(())
}

/// One row of a table, or with `--json` one JSON object.
///
/// # Errors
/// When `out` cannot be written.
pub(super) fn row<T: serde::Serialize + std::fmt::Display>(
    out: &mut impl Write,
    json: bool,
    row: &T,
) -> Result<()> {
    if json {
        out!(
            out,
            "{}",
            serde_json::to_string(row).expect("a row serialises")
        )
    } else {
        out!(out, "{row}")
    }
}
