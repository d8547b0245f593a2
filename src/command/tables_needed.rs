//! The tables of perfect endgames a proof needs (`solve`, `analyze
//! --exact`): before it starts, the levels it lacks are named with what
//! building them takes here and the command that builds them; on a terminal
//! the quick build is offered, `--build-tables` runs it unasked, and a
//! proof left with bounds says what would finish it.

use std::fmt::Write as _;
use std::io::{BufRead as _, Write};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, Result};

use super::Console;
use super::tablebase::{build_tables, builder, cost_text, folder};
use crate::cli::EngineTablesArgs;
use crate::record::terminal_safe;
use crate::rules::Config;
use crate::tablebase::{
    Builder, Cost, MAX_TABLE_SEEDS, MEMORY_LIMIT, Shelf, Tablebase, bytes, check_folder,
};

/// What a command that proves asks of the tables, and the words it goes on
/// with.
pub(super) struct Need<'a> {
    /// `--tables`, `--no-tables`.
    pub tables: &'a EngineTablesArgs,
    /// `--build-tables [N]`: not given, given alone, or with the most seeds.
    #[allow(
        clippy::option_option,
        reason = "clap's three cases of `--build-tables [N]`"
    )]
    pub build_tables: Option<Option<u8>>,
    /// `--json`: no question is asked.
    pub json: bool,
    /// What the command does without the tables: `solving`.
    pub doing: &'static str,
    /// The option that gives a proof more time: `--time`.
    pub more: &'static str,
}

/// The tables the figures of docs/solve.md were measured with: width 6, up
/// to 22 seeds.
const FIGURES: (u8, u8) = (6, 22);

/// The longest build a proof offers to run before it starts: the levels
/// that build within it from none shorten a search the most for their cost.
const QUICK_BUILD: Duration = Duration::from_secs(60);

/// The tables the proof looks into, and, when levels are still missing, the
/// advice its end line gives if the time runs out: told on `console.err`
/// first, with the tables' problem, and built first when asked.
///
/// # Errors
/// When `console.err` cannot be written, the answer cannot be read, or a
/// build asked for fails.
pub(super) fn prepare(
    args: &Need,
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
    // What the builds share; each sets its own most seeds.
    let builder = builder(dir, config.width(), 0, None, MEMORY_LIMIT);
    let mut tables = open(&builder.dir, config, err)?;
    let named = args.tables.tables.as_deref();
    let plan = TablesPlan::new(&builder, named, top(tables.as_ref()), args);
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
    let advice = TablesPlan::new(&builder, named, top(tables.as_ref()), args).advice();
    Ok((tables, advice))
}

/// The tables in `dir` for `config`, opened afresh, a problem with them
/// told on `err` in one line. Missing levels are no problem here, even in a
/// folder the player named: [`TablesPlan::tell`] names them, with how to build
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
fn ask(step: &TablesBuild, err: &mut impl Write) -> Result<bool> {
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

/// A build the proof lacks: the missing levels up to `most` seeds.
struct TablesBuild {
    /// The most seeds it builds.
    most: u8,
    /// What it takes.
    cost: Cost,
}

/// The levels of the tables a proof lacks, and the builds that would give
/// them: the quick one and the one of the figures of docs/solve.md.
struct TablesPlan<'a> {
    /// The build's width, folder, threads and memory.
    builder: &'a Builder,
    /// What the command goes on with.
    need: &'a Need<'a>,
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
    steps: Vec<TablesBuild>,
}

impl TablesPlan<'_> {
    /// What `builder`'s folder lacks over the levels up to `top`.
    fn new<'a>(
        builder: &'a Builder,
        named: Option<&'a Path>,
        top: Option<u8>,
        need: &'a Need<'a>,
    ) -> TablesPlan<'a> {
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
                .map(|most| TablesBuild {
                    most,
                    cost: builder.cost(from..=most),
                })
                .collect()
        } else {
            Vec::new()
        };
        TablesPlan {
            builder,
            need,
            named,
            top,
            quick,
            steps,
        }
    }

    /// The quick build, when its levels are missing.
    fn offer(&self) -> Option<&TablesBuild> {
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

    /// How the command goes on without the build.
    fn without(&self) -> String {
        let doing = self.need.doing;
        self.top.map_or_else(
            || format!("{doing} by search alone"),
            |top| format!("{doing} with the tables up to {top} seeds"),
        )
    }

    /// What the end line says when the time ran out: the first build still
    /// missing, or more time.
    fn advice(&self) -> Option<String> {
        self.steps.first().map(|step| {
            format!(
                "build the tables with `{}`, about {} s, or give more {}",
                self.command(step.most),
                step.cost.time.as_secs().max(1),
                self.need.more
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
