//! `endodoi`: play En Dodoi in the terminal, replay records, measure the engine.

use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::Parser;

use endodoi::bench;
use endodoi::cli::{BenchArgs, Cli, Command, ReplayArgs};
use endodoi::diagram::diagram;
use endodoi::record::{Record, State};
use endodoi::save::{self, Session};
use endodoi::terminal;

/// Records larger than this are refused before reading them whole.
const MAX_RECORD_BYTES: u64 = 16 << 20;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if error.use_stderr() => {
            eprintln!("endodoi: {}", one_paragraph(&error));
            return ExitCode::from(2);
        }
        Err(help_or_version) => help_or_version.exit(),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("endodoi: {error:#}");
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

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Some(Command::Replay(args)) => replay(&args),
        Some(Command::Bench(args)) => {
            run_bench(&args);
            Ok(())
        }
        None => {
            let loaded = cli.play.load.as_deref().map(read_record).transpose()?;
            let session = Session::open(&cli.play, loaded, save::games_dir().as_deref())?;
            for note in terminal::run(session)? {
                println!("{note}");
            }
            Ok(())
        }
    }
}

fn replay(args: &ReplayArgs) -> Result<()> {
    let record = match (&args.file, &args.moves) {
        (Some(path), _) => {
            if args.board.given() {
                bail!(
                    "--width, --seeds and --variant go with --moves; a record's tags set its board"
                );
            }
            read_record(path)?
        }
        (None, Some(moves)) => Record::read_moves(args.board.config()?, moves)
            .with_context(|| format!("in --moves \"{moves}\""))?,
        (None, None) => unreachable!("clap requires a file or --moves"),
    };
    if args.json {
        println!("{}", State::of(&record.game).to_json());
    } else {
        print!("{}", diagram(&record.game));
    }
    Ok(())
}

/// Reads a record file (`-` for standard input), naming the file in any error.
fn read_record(path: &Path) -> Result<Record> {
    let name = if path == Path::new("-") {
        "standard input".to_owned()
    } else {
        path.display().to_string()
    };
    let mut bytes = Vec::new();
    let reader: Box<dyn Read> = if path == Path::new("-") {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(path).with_context(|| format!("cannot open {name}"))?)
    };
    reader
        .take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {name}"))?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        bail!(
            "{name}: larger than {} MiB; not a game record",
            MAX_RECORD_BYTES >> 20
        );
    }
    Record::read_bytes(&bytes).with_context(|| name)
}

fn run_bench(args: &BenchArgs) {
    if !args.json {
        println!(
            "{:>5} {:>8} {:>12} {:>12} {:>14}",
            "width", "games", "games/s", "moves/s", "seeds/s"
        );
    }
    for (width, games) in bench::PLAN {
        let m = bench::measure(width, games);
        if args.json {
            println!("{}", serde_json::to_string(&m).expect("numbers serialise"));
        } else {
            println!(
                "{:>5} {:>8} {:>12.0} {:>12.0} {:>14.0}",
                m.width, m.games, m.games_per_s, m.moves_per_s, m.seeds_per_s
            );
        }
    }
}
