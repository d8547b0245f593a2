//! `endodoi arena`: the strength benchmark, between levels of the built-in
//! search and external engines.

use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, Result, anyhow, bail};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

use super::bench::row;
use crate::arena;
use crate::cli::ArenaArgs;
use crate::record::terminal_safe;
use crate::search::Level;

/// The plan from the options, the records' folder and the engines checked,
/// then every game; each line of results on `out`, forfeits (and with
/// `--verbose` every game) on `err`, each game's record in the `--records`
/// folder as it ends (one that cannot be written named on `err`, and the run
/// goes on). A signal, or an output that cannot be written, stops the engines
/// and ends the program.
///
/// # Errors
/// When an engine is named wrongly, cannot start or does not answer, the
/// records' folder will not do, signals cannot be caught, or (after the
/// results) a game's record could not be written.
pub fn run(args: &ArenaArgs, out: &mut impl Write, err: &mut impl Write) -> Result<()> {
    let movetime = Duration::from_millis(args.movetime);
    let standard = arena::Plan::standard(movetime);
    let mut pairings: Vec<_> = args
        .pairing
        .iter()
        .map(|&pairing| standard[pairing as usize].clone())
        .collect();
    let engines = args.engine_specs()?;
    if engines.is_empty() {
        if pairings.is_empty() {
            pairings = standard;
        }
    } else {
        let mut contenders = Vec::new();
        if !args.no_builtin {
            contenders.push(arena::Contender::Level {
                level: Level::MAX,
                movetime,
            });
        }
        contenders.extend(
            engines
                .into_iter()
                .map(|spec| arena::Contender::Engine(Arc::new(spec))),
        );
        if contenders.len() < 2 {
            bail!("--no-builtin needs two --engine or more: one engine has no one to play");
        }
        pairings.extend(arena::Plan::round_robin(&contenders));
    }
    let plan = arena::Plan {
        pairings,
        widths: if args.widths.is_empty() {
            vec![6, 8, 10]
        } else {
            args.widths.clone()
        },
        pairs: args.games.div_ceil(2),
        seed: args.seed,
        threads: args.threads.into(),
    };
    let records = args
        .records
        .as_deref()
        .map(|dir| arena::Records::open(dir, &plan))
        .transpose()
        .context("--records")?;
    // Engines run in process groups of their own, out of reach of the
    // terminal's Ctrl-C: a signal stops them, then the arena.
    let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP]).context("catching signals")?;
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            arena::stop_all_and_exit(128 + signal);
        }
    });
    plan.check_engines()
        .map_err(|(label, fault)| anyhow!("engine `{label}` {fault}"))?;
    let mut unwritten = 0;
    // Standard error failing leaves nowhere to tell that.
    arena::run(&plan, |event| match event {
        arena::ArenaEvent::Game(report) => {
            if report.forfeit.is_some() {
                let _ = writeln!(err, "endodoi: {}", terminal_safe(&report.to_string()));
            } else if args.verbose {
                let _ = writeln!(err, "{}", terminal_safe(&report.to_string()));
            }
            if let Some(records) = &records
                && let Err(error) = records.write(report)
            {
                let _ = writeln!(err, "endodoi: {}", terminal_safe(&format!("{error:#}")));
                unwritten += 1;
            }
        }
        arena::ArenaEvent::Line(line) => {
            if let Err(error) = row(out, args.json, line) {
                arena::stop_all_and_exit(super::status(Err(error), err).into());
            }
        }
    });
    if let Some(records) = &records
        && unwritten > 0
    {
        let records_word = if unwritten == 1 { "record" } else { "records" };
        bail!(
            "{unwritten} game {records_word} could not be written in {} (named above)",
            records.dir().display()
        );
    }
    Ok(())
}
