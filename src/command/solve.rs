//! `endodoi solve`: the start's value and every first move's, proven down to
//! the tables, printed a move at a time. Before it starts, the levels of
//! the tables it lacks are named with what building them takes and the
//! command that builds them; on a terminal it offers to build the quick
//! ones.

use std::fmt::Write as _;
use std::io::{BufRead as _, Write};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, Result};

use super::Console;
use super::tablebase::{build_tables, builder, cost_text, folder};
use crate::cli::SolveArgs;
use crate::record::terminal_safe;
use crate::rules::{Config, Game, Variant};
use crate::solve::{MoveBounds, Solution, solve};
use crate::tablebase::{
    Builder, Cost, MAX_TABLE_SEEDS, MEMORY_LIMIT, Shelf, Tablebase, bytes, check_folder,
};

/// The tables the figures of docs/solve.md were measured with: width 6, up
/// to 22 seeds.
const FIGURES: (u8, u8) = (6, 22);

/// The longest build `solve` offers to run before it starts: the levels
/// that build within it from none shorten a search the most for their cost.
const QUICK_BUILD: Duration = Duration::from_secs(60);

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
    let (tables, advice) = prepare(args, config, console)?;
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

/// The tables the solve looks into, and, when levels are still missing, the
/// advice its end line gives if the time runs out: told on `console.err`
/// first, with the tables' problem, and built first when asked.
fn prepare(
    args: &SolveArgs,
    config: Config,
    console: &mut Console<impl Write, impl Write>,
) -> Result<(Option<Arc<Tablebase>>, Option<String>)> {
    let err = &mut console.err;
    if args.tables.no_tables {
        return Ok((None, None));
    }
    let dir = match folder(args.tables.tables.as_deref(), "--tables") {
        Ok(dir) => dir,
        Err(error) if args.build_tables.is_none() => {
            out!(err, "tables: {error:#}")?;
            return Ok((None, None));
        }
        Err(error) => return Err(error),
    };
    // What the solve's builds share; each sets its own most seeds.
    let builder = builder(dir, config.width(), 0, None, MEMORY_LIMIT);
    let mut tables = open(&builder.dir, config, err)?;
    let named = args.tables.tables.as_deref();
    let plan = SolvePlan::new(&builder, named, top(tables.as_ref()));
    plan.tell(err)?;
    let most = match args.build_tables {
        Some(most) => Some(most.unwrap_or(plan.quick)),
        None => match plan.offer() {
            Some(step) if console.ask && !args.json => {
                let yes = ask(step, err)?;
                if !yes {
                    out!(err, "tables: not built; {}", plan.without())?;
                }
                yes.then_some(step.most)
            }
            Some(_) => {
                out!(
                    err,
                    "tables: not built (--build-tables builds them first, without asking); {}",
                    plan.without()
                )?;
                None
            }
            None => None,
        },
    };
    let Some(most) = most else {
        return Ok((tables, plan.advice()));
    };
    build_tables(
        &Builder {
            max_seeds: most,
            ..builder.clone()
        },
        err,
    )?;
    tables = open(&builder.dir, config, err)?;
    let advice = SolvePlan::new(&builder, named, top(tables.as_ref())).advice();
    Ok((tables, advice))
}

/// The tables in `dir` for `config`, opened afresh, a problem with them
/// told on `err` in one line. Missing levels are no problem here, even in a
/// folder the player named: [`SolvePlan::tell`] names them, with how to build
/// them.
fn open(dir: &Path, config: Config, err: &mut impl Write) -> Result<Option<Arc<Tablebase>>> {
    let (tables, problem) = Shelf::new(Some(dir.to_path_buf())).tables(&config);
    if let Some(problem) = problem {
        out!(err, "tables: {problem}")?;
    }
    Ok(tables)
}

/// The most seeds of the levels the search can use.
fn top(tables: Option<&Arc<Tablebase>>) -> Option<u8> {
    tables.and_then(|tables| tables.max_seeds())
}

/// Puts the question on `err` and reads the answer from standard input:
/// whether it is yes.
fn ask(step: &SolveBuild, err: &mut impl Write) -> Result<bool> {
    super::emit(
        err,
        format_args!(
            "Build the tables up to {} seeds now (about {} s, {} on disk)? [y/N] ",
            step.most,
            step.cost.time.as_secs().max(1),
            bytes(step.cost.disk)
        ),
    )?;
    let mut answer = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut answer)
        .context("reading the answer from standard input")?;
    if answer.is_empty() {
        // The input ended (Ctrl-D): what follows starts a line of its own.
        out!(err, "")?;
    }
    Ok(matches!(answer.trim().to_lowercase().as_str(), "y" | "yes"))
}

/// A build the solve lacks: the missing levels up to `most` seeds.
struct SolveBuild {
    /// The most seeds it builds.
    most: u8,
    /// What it takes.
    cost: Cost,
}

/// The levels of the tables a solve lacks, and the builds that would give
/// them: the quick one and the one of the figures of docs/solve.md.
struct SolvePlan<'a> {
    /// The build's width, folder, threads and memory.
    builder: &'a Builder,
    /// The folder as the player named it (`--tables`), or `None` for the
    /// data folder's.
    named: Option<&'a Path>,
    /// The most seeds of the levels the search can use.
    top: Option<u8>,
    /// The most seeds of the levels that build from none in [`QUICK_BUILD`]
    /// here.
    quick: u8,
    /// The builds of the missing levels, the quickest first; none when
    /// nothing is missing (or the folder cannot hold the tables: that is
    /// told as the tables' problem).
    steps: Vec<SolveBuild>,
}

impl SolvePlan<'_> {
    /// What `builder`'s folder lacks over the levels up to `top`.
    fn new<'a>(builder: &'a Builder, named: Option<&'a Path>, top: Option<u8>) -> SolvePlan<'a> {
        let quick = (1..=MAX_TABLE_SEEDS)
            .take_while(|&most| {
                let cost = builder.cost(0..=most);
                cost.time <= QUICK_BUILD && cost.memory <= builder.memory
            })
            .last()
            .unwrap_or(1);
        let from = top.map_or(0, |top| top + 1);
        let mut targets = vec![quick];
        if builder.width == FIGURES.0 && quick < FIGURES.1 {
            targets.push(FIGURES.1);
        }
        let steps = if check_folder(&builder.dir).is_ok() {
            targets
                .into_iter()
                .filter(|&most| most >= from)
                .map(|most| SolveBuild {
                    most,
                    cost: builder.cost(from..=most),
                })
                .collect()
        } else {
            Vec::new()
        };
        SolvePlan {
            builder,
            named,
            top,
            quick,
            steps,
        }
    }

    /// The quick build, when its levels are missing.
    fn offer(&self) -> Option<&SolveBuild> {
        self.steps.first().filter(|step| step.most == self.quick)
    }

    /// Tells on `err` which levels are missing, what each build of them
    /// takes and the command that runs it; nothing when none is.
    fn tell(&self, err: &mut impl Write) -> Result<()> {
        let Some(last) = self.steps.last() else {
            return Ok(());
        };
        let held = self.top.map_or_else(String::new, |top| {
            format!(" (it holds them up to {top} seeds)")
        });
        out!(
            err,
            "tables: levels {} to {} of width {} are not in {}{held}; the search ends sooner with them:",
            self.top.map_or(0, |top| top + 1),
            last.most,
            self.builder.width,
            terminal_safe(&self.builder.dir.display().to_string()),
        )?;
        for step in &self.steps {
            let figures = if self.builder.width == FIGURES.0 && step.most >= FIGURES.1 {
                " (the figures of docs/solve.md)"
            } else {
                ""
            };
            out!(
                err,
                "  up to {} seeds{figures}, {}:\n    {}",
                step.most,
                cost_text(&step.cost, self.builder.threads),
                self.command(step.most)
            )?;
        }
        Ok(())
    }

    /// The command that builds the levels up to `most` seeds.
    fn command(&self, most: u8) -> String {
        let mut command = format!(
            "endodoi tablebase build --width {} --max-seeds {most}",
            self.builder.width
        );
        if let Some(dir) = self.named {
            let _ = write!(command, " --dir {}", shell_word(&dir.display().to_string()));
        }
        terminal_safe(&command)
    }

    /// How the solve goes on without the build.
    fn without(&self) -> String {
        self.top.map_or_else(
            || "solving by search alone".to_owned(),
            |top| format!("solving with the tables up to {top} seeds"),
        )
    }

    /// What the end line says when the time ran out: the first build still
    /// missing, or more time.
    fn advice(&self) -> Option<String> {
        self.steps.first().map(|step| {
            format!(
                "build the tables with `{}`, about {} s, or give more --time",
                self.command(step.most),
                step.cost.time.as_secs().max(1)
            )
        })
    }
}

/// `text` as one word for a shell: as it is when it holds nothing a shell
/// reads otherwise, else in single quotes.
fn shell_word(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+,:=@%".contains(c));
    if plain {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
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
