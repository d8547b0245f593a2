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
use crate::search::Level;

/// The plan from the options, the engines checked, then every game; each
/// line of results on `out`, forfeits (and with `--verbose` every game) on
/// `err`. A signal, or an output that cannot be written, stops the engines
/// and ends the program.
///
/// # Errors
/// When an engine is named wrongly, cannot start or does not answer, or
/// signals cannot be caught.
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
    // Standard error failing leaves nowhere to tell that.
    arena::run(&plan, |event| match event {
        arena::Event::Game(report) if report.forfeit.is_some() => {
            let _ = writeln!(err, "endodoi: {report}");
        }
        arena::Event::Game(report) if args.verbose => {
            let _ = writeln!(err, "{report}");
        }
        arena::Event::Game(_) => {}
        arena::Event::Line(line) => {
            if let Err(error) = row(out, args.json, line) {
                arena::stop_all_and_exit(super::status(Err(error), err).into());
            }
        }
    });
    Ok(())
}
