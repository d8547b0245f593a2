//! `endodoi`: play En Dodoi in the terminal, replay records, measure the engine.

use std::io::{IsTerminal as _, Write as _};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use clap::Parser;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

use endodoi::analyze;
use endodoi::app::App;
use endodoi::arena;
use endodoi::bench;
use endodoi::cli::{AnalyzeArgs, ArenaArgs, BenchArgs, Cli, Command, ReplayArgs};
use endodoi::diagram::diagram;
use endodoi::engine;
use endodoi::record::{Form, Record, State, terminal_safe};
use endodoi::save::{self, Loaded, Session, Store};
use endodoi::search::{Level, Limits};
use endodoi::terminal;
use endodoi::ui::Look;

/// `println!` that never panics: see [`emit`].
macro_rules! out {
    ($($arg:tt)*) => {
        emit(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// The exit code when standard output's reader has gone away: 128 + SIGPIPE,
/// as the shell reports it for other programs.
const EXIT_CLOSED_PIPE: u8 = 141;

/// Whether `error` comes from writing to a reader that has gone away.
fn closed_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Writes to standard output. A reader that has gone away (`endodoi bench |
/// head`) ends the program quietly, as a closed pipe ends other command-line
/// tools; any other failure (a full disk) ends it with a message.
fn emit(text: std::fmt::Arguments) {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_fmt(text).and_then(|()| stdout.flush()) {
        Ok(()) => {}
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => {
            std::process::exit(EXIT_CLOSED_PIPE.into())
        }
        Err(error) => {
            eprintln!("endodoi: cannot write to standard output: {error}");
            std::process::exit(1)
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if error.use_stderr() => {
            eprintln!("endodoi: {}", one_paragraph(&error));
            return ExitCode::from(2);
        }
        Err(help_or_version) => help_or_version.exit(),
    };
    // A file that reaches the size limit (ulimit -f) is then an error to
    // report, not a signal that ends the program and loses the game.
    let _ = signal_hook::flag::register(
        signal_hook::consts::SIGXFSZ,
        std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
    );
    match run(cli) {
        Ok(status) => ExitCode::from(status),
        Err(error) if closed_pipe(&error) => ExitCode::from(EXIT_CLOSED_PIPE),
        Err(error) => {
            eprintln!("endodoi: {}", terminal_safe(&format!("{error:#}")));
            ExitCode::FAILURE
        }
    }
}

/// A command-line error as one paragraph: clap's lines joined, without the
/// usage block and the "for more information" hint.
fn one_paragraph(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    let lines: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|line| !line.starts_with("Usage:") && !line.starts_with("For more information"))
        .filter(|line| !line.is_empty())
        .collect();
    let text = lines.join(" ");
    let text = text.strip_prefix("error: ").unwrap_or(&text);
    format!("{text} (see endodoi --help)")
}

/// Runs the command; returns the exit status.
fn run(cli: Cli) -> Result<u8> {
    match cli.command {
        Some(Command::Replay(args)) => replay(&args),
        Some(Command::Bench(args)) => {
            run_bench(&args);
            Ok(0)
        }
        Some(Command::Engine) => engine::run(std::io::stdin().lock(), std::io::stdout())
            .context("reading standard input")
            .map(|()| 0),
        Some(Command::Analyze(args)) => run_analyze(&args).map(|()| 0),
        Some(Command::Arena(args)) => run_arena(&args).map(|()| 0),
        Some(Command::Games) => {
            let Some(dir) = save::games_dir() else {
                bail!("this system has no data directory for saved games");
            };
            emit(format_args!("{}", save::games::listing(&dir)?));
            Ok(0)
        }
        None => {
            let loaded = cli.play.load.as_deref().map(Loaded::read).transpose()?;
            let session = Session::open(&cli.play, loaded, save::games_dir().as_deref())?;
            for warning in &session.warnings {
                eprintln!("endodoi: cannot be read: {}", terminal_safe(warning));
            }
            play(session)
        }
    }
}

/// Plays `session` in the terminal, then says where the games are, what
/// could not be written and, as a last resort, prints the record of a game
/// kept nowhere; returns the exit status.
fn play(session: Session) -> Result<u8> {
    let ending = terminal::run(session)?;
    let farewell = &ending.farewell;
    for note in &farewell.notes {
        out!("{}", terminal_safe(note));
    }
    for failure in &farewell.failures {
        eprintln!("endodoi: {}", terminal_safe(failure));
    }
    if !farewell.unkept.is_empty() {
        eprintln!(
            "endodoi: the record follows; save it in a file and `endodoi --load FILE` continues it"
        );
        for record in &farewell.unkept {
            out!("\n{record}");
        }
    }
    Ok(ending.status())
}

fn replay(args: &ReplayArgs) -> Result<u8> {
    let (record, name, label, fault) = match (&args.file, &args.moves) {
        (Some(path), _) => {
            if args.board.given() {
                bail!(
                    "--width, --seeds and --variant go with --moves; a record's tags set its board"
                );
            }
            let (name, bytes) = save::read_record_bytes(path)?;
            let (record, fault) = if args.until_error {
                let partial =
                    Record::read_until_fault(&bytes, Form::File).with_context(|| name.clone())?;
                (partial.record, partial.error)
            } else {
                (Record::read(&bytes).with_context(|| name.clone())?, None)
            };
            let label = path
                .file_name()
                .filter(|_| path != Path::new("-"))
                .map_or_else(|| name.clone(), |file| file.to_string_lossy().into_owned());
            (record, name, label, fault)
        }
        (None, Some(moves)) => {
            let config = args.board.config()?;
            let context = || format!("in --moves \"{}\"", endodoi::record::excerpt(moves));
            let partial =
                Record::read_until_fault(moves, Form::Moves(config)).with_context(context)?;
            let fault = match partial.error {
                Some(error) if !args.until_error => return Err(error).with_context(context),
                fault => fault,
            };
            let record = partial.record;
            (record, "--moves".to_owned(), "--moves".to_owned(), fault)
        }
        (None, None) => unreachable!("clap requires a file or --moves"),
    };
    let fault = fault.map(|error| error.to_string());
    let viewer = !args.json && !args.print && std::io::stdout().is_terminal();
    if let Some(fault) = &fault
        && !viewer
    {
        eprintln!(
            "endodoi: {}: {fault}; the moves before it are shown",
            terminal_safe(&name)
        );
    }
    if args.json {
        out!("{}", State::of(&record.game).to_json());
    } else if !viewer {
        emit(format_args!("{}", diagram(&record.game)));
    } else {
        let mut app = App::review(record, &label, fault);
        app.set_animation(!args.no_animation);
        app.look = Look::from_env(args.ascii);
        let store = Store::new(save::games_dir(), None, Store::export_dirs());
        let warnings = Vec::new();
        return play(Session {
            app,
            store,
            warnings,
        });
    }
    Ok(0)
}

fn run_bench(args: &BenchArgs) {
    if !args.json {
        out!("{}", bench::Measurement::HEADER);
    }
    for (width, games) in bench::PLAN {
        print_row(args.json, &bench::measure(width, games));
    }
    if !args.json {
        out!("\n{}", bench::SearchMeasurement::HEADER);
    }
    for (width, depth, positions) in bench::SEARCH_PLAN {
        print_row(args.json, &bench::measure_search(width, depth, &positions));
    }
}

/// One row of a table, or with `--json` one JSON object.
fn print_row<T: serde::Serialize + std::fmt::Display>(json: bool, row: &T) {
    if json {
        out!("{}", serde_json::to_string(row).expect("a row serialises"));
    } else {
        out!("{row}");
    }
}

fn run_analyze(args: &AnalyzeArgs) -> Result<()> {
    let record = save::read_record(&args.file)?;
    let limits = match (args.depth, args.movetime) {
        (Some(depth), _) => Limits::depth(depth),
        (None, Some(movetime)) => Limits::movetime(Duration::from_millis(movetime)),
        (None, None) => Limits::nodes(args.nodes),
    };
    let mut out = std::io::stdout().lock();
    // A closed output (say, piped into `head`) ends the printing, not the program.
    let mut written = if args.json {
        Ok(())
    } else {
        writeln!(out, "{}", analyze::HEADER)
    };
    let analysis = analyze::analyze(&record.game, limits, args.threshold, |judged| {
        if !args.json && written.is_ok() {
            written = writeln!(out, "{}", analyze::row(judged));
        }
    });
    written
        .and_then(|()| {
            if args.json {
                let json = serde_json::to_string(&analysis).expect("an analysis serialises");
                writeln!(out, "{json}")
            } else {
                writeln!(out, "{}", analyze::summary(&analysis))
            }
        })
        .context("writing the analysis")
}

/// `endodoi arena`: the plan from the options, the engines checked, then
/// every game; forfeits (and with `--verbose` every game) on standard error.
fn run_arena(args: &ArenaArgs) -> Result<()> {
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
    arena::run(&plan, |event| match event {
        arena::Event::Game(report) if report.forfeit.is_some() => eprintln!("endodoi: {report}"),
        arena::Event::Game(report) if args.verbose => eprintln!("{report}"),
        arena::Event::Game(_) => {}
        arena::Event::Line(line) => print_row(args.json, line),
    });
    Ok(())
}
