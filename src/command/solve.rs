//! `endodoi solve`: the start's value and every first move's, proven down to
//! the tables, printed a move at a time. Before it starts, the levels of
//! the tables it lacks are named with what building them takes and the
//! command that builds them; on a terminal it offers to build the quick
//! ones.

use std::io::Write;
use std::time::Duration;

use anyhow::{Context as _, Result};

use super::Console;
use super::tables_needed::{Need, prepare};
use crate::cli::SolveArgs;
use crate::rules::{Config, Game, Variant};
use crate::solve::{MoveBounds, Solution, solve};

/// Proves what it can in `--time`, a line a first move on `console.out` as
/// each is done, then the start's (or with `--json`, one JSON document).
/// What is wrong with the tables, which levels are missing and how to
/// build them go to `console.err` first; `--build-tables` builds them, and
/// so does a yes to the question asked when `console.ask`.
///
/// # Errors
/// When the output cannot be written, or a build asked for fails.
///
/// # Panics
/// Never: a solution always serialises.
pub fn run(args: &SolveArgs, console: &mut Console<impl Write, impl Write>) -> Result<()> {
    let config =
        Config::new(args.width.into(), args.seeds.into(), Variant::Classic).context("the board")?;
    let need = Need {
        tables: &args.tables,
        build_tables: args.build_tables,
        json: args.json,
        doing: "solving",
        more: "--time",
    };
    let (tables, advice) = prepare(&need, config, console)?;
    let out = &mut console.out;
    let mut written = Ok(());
    if !args.json {
        let with = tables
            .as_ref()
            .and_then(|tables| tables.max_seeds())
            .map_or_else(
                || "no tables".to_owned(),
                |most| format!("tables up to {most} seeds"),
            );
        written = out!(
            out,
            "2×{} with {} seeds a hole, {with}, {} s: South's final margin after each first move\nmove      value   depths   nodes  table hits    time",
            config.width(),
            config.seeds(),
            args.time
        );
    }
    let solution = solve(
        &Game::new(config),
        tables.as_ref(),
        Duration::from_secs(args.time),
        |bounds| {
            if !args.json && written.is_ok() {
                written = out!(out, "{}", row(bounds));
            }
        },
    );
    written?;
    if args.json {
        let json = serde_json::to_string(&solution).expect("a solution serialises");
        out!(out, "{json}")?;
    } else {
        out!(out, "{}", summary(&solution, advice.as_deref()))?;
    }
    Ok(())
}

/// A value or the bounds on it: `+4`, or `-2..+6`.
fn value(lower: i32, upper: i32) -> String {
    if lower == upper {
        format!("{lower:+}")
    } else {
        format!("{lower:+}..{upper:+}")
    }
}

/// One first move's line.
fn row(bounds: &MoveBounds) -> String {
    format!(
        "{:<4} {:>10}  {:>3} {:>3} {:>8} {:>11} {:>6.1} s",
        bounds.hole.to_string(),
        value(bounds.lower, bounds.upper),
        bounds.depths[0],
        bounds.depths[1],
        bounds.nodes,
        bounds.table_hits,
        bounds.elapsed.as_secs_f64()
    )
}

/// The start's line; when it is not solved, with `advice` on the tables.
fn summary(solution: &Solution, advice: Option<&str>) -> String {
    let best: Vec<String> = solution
        .moves
        .iter()
        .filter(|bounds| bounds.exact() && bounds.lower == solution.upper)
        .map(|bounds| bounds.hole.to_string())
        .collect();
    let verdict = if solution.lower == solution.upper {
        format!(
            "the start is worth {:+} for South (exact; best: {})",
            solution.lower,
            best.join(" ")
        )
    } else {
        format!(
            "the start is worth {} for South (bounds: not solved in the time{})",
            value(solution.lower, solution.upper),
            advice.map_or_else(String::new, |advice| format!("; {advice}"))
        )
    };
    format!(
        "{verdict}; {} nodes in {:.1} s",
        solution.nodes,
        solution.elapsed.as_secs_f64()
    )
}
