//! The options of `endodoi arena` (see `crate::arena`).

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};

use super::between;
use crate::arena::{EngineSpec, SpecError};
use crate::rules::{MAX_WIDTH, MIN_WIDTH};

/// Options of `endodoi arena`.
#[derive(Debug, Args)]
#[command(
    after_help = "Engines: every --engine is a program that speaks the engine protocol \
                  (docs/engine-protocol.md), started afresh for every game in a child process. \
                  The contenders are the built-in level 5 (at --movetime) and the engines, and \
                  every contender plays every other one. To measure another build of endodoi:\n\n  \
                  endodoi arena --engine \"../old/target/release/endodoi engine\" --movetime 50 \
                  --engine-go \"movetime 150\"\n\n\
                  An engine that cannot be started, exits, answers late, sends a line that is not \
                  of the protocol or an illegal move forfeits that game; the arena goes on and \
                  says why on standard error.\n\n\
                  Records: with --records DIR every game is kept, to be replayed (endodoi replay \
                  DIR/p1-w06-o001-a.ogn) or judged move by move (endodoi analyze)."
)]
pub struct ArenaArgs {
    /// Games a pairing plays at each width (rounded up to an even number: each opening twice).
    #[arg(long, value_name = "N", default_value_t = 68, value_parser = between::<u32>(2, 100_000))]
    pub games: u32,
    /// Level 5's thinking time a move, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 200, value_parser = between::<u64>(1, 600_000))]
    pub movetime: u64,
    /// The built-in pairings to play (all when neither this nor --engine is given); repeat
    /// the option for several.
    #[arg(long, value_enum, value_name = "PAIRING")]
    pub pairing: Vec<PairingArg>,
    /// An engine to play: its command line, split at spaces ("PATH ARGS…", e.g.
    /// "../old/target/release/endodoi engine"); repeat for several.
    #[arg(long, value_name = "COMMAND")]
    pub engine: Vec<String>,
    /// The limits each engine gets with every `go` of the protocol, e.g. "movetime 150",
    /// "depth 8", "level 5 movetime 50" (default: "movetime" and --movetime). Given once, for
    /// every engine; repeated, the first for the first --engine, and so on.
    #[arg(long, value_name = "LIMITS")]
    pub engine_go: Vec<String>,
    /// How long an engine may answer after its `go` movetime (the whole wait when its limits
    /// have no movetime), in milliseconds, before it forfeits the game.
    #[arg(long, value_name = "MS", default_value_t = 2000, value_parser = between::<u64>(1, 86_400_000))]
    pub timeout: u64,
    /// Leave the built-in level 5 out: the engines play each other only.
    #[arg(long, requires = "engine")]
    pub no_builtin: bool,
    /// Board widths to play on, e.g. 6,8,10 (the default); repeat or separate with commas.
    #[arg(long, visible_alias = "width", value_delimiter = ',', value_parser = between::<u8>(i64::from(MIN_WIDTH), i64::from(MAX_WIDTH)))]
    pub widths: Vec<u8>,
    /// Seed of the random openings.
    #[arg(long, default_value_t = crate::arena::SEED)]
    pub seed: u64,
    /// Games played at once (each with its own engine processes).
    #[arg(long, default_value_t = 1, value_parser = between::<u16>(1, 256))]
    pub threads: u16,
    /// Print every game's result on standard error as it ends.
    #[arg(long)]
    pub verbose: bool,
    /// One JSON object a line instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Keep every game as a record file in DIR (made if missing), written as the game ends:
    /// pP-wWW-oOOO-G.ogn, P the pairing's number in the run, WW the width, OOO the opening
    /// pair, G `a` when the pairing's first contender plays South and `b` when it plays North
    /// (e.g. p1-w06-o001-a.ogn; numbers padded so that names sort by pairing, width, opening).
    /// Tags: Event (the pairing), Round (the name), South and North (the contenders); a game
    /// lost by a forfeit ends unfinished (`*`), with a Termination tag saying who and why.
    /// Refused before any game when DIR already holds a file the run would write.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
}

impl ArenaArgs {
    /// The engines of `--engine`, each with its `--engine-go` limits (by
    /// default `movetime` and `--movetime`) and `--timeout`.
    ///
    /// # Errors
    /// An empty command, limits that `go` does not take, or more
    /// `--engine-go` than `--engine`.
    pub fn engine_specs(&self) -> Result<Vec<EngineSpec>, SpecError> {
        if self.engine_go.len() > 1 && self.engine_go.len() != self.engine.len() {
            return Err(SpecError::TooManyLimits {
                engines: self.engine.len(),
                limits: self.engine_go.len(),
            });
        }
        let default = format!("movetime {}", self.movetime);
        let grace = Duration::from_millis(self.timeout);
        self.engine
            .iter()
            .enumerate()
            .map(|(index, command)| {
                let go = match self.engine_go.as_slice() {
                    [] => &default,
                    [go] => go,
                    all => &all[index],
                };
                EngineSpec::new(command, go, grace)
            })
            .collect()
    }
}

/// The pairings of `endodoi arena`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PairingArg {
    /// Level 5 against the full-width minimax.
    Minimax,
    /// Level 5 against level 4.
    #[value(name = "5v4")]
    Level5,
    /// Level 4 against level 3.
    #[value(name = "4v3")]
    Level4,
    /// Level 3 against level 2.
    #[value(name = "3v2")]
    Level3,
    /// Level 2 against level 1.
    #[value(name = "2v1")]
    Level2,
}

#[cfg(test)]
mod tests {
    use clap::Parser as _;

    use super::*;
    use crate::cli::{Cli, Command};

    fn arena(args: &[&str]) -> ArenaArgs {
        let cli = Cli::try_parse_from([["endodoi", "arena"].as_slice(), args].concat())
            .expect("valid arena options");
        match cli.command {
            Some(Command::Arena(args)) => args,
            other => panic!("not the arena: {other:?}"),
        }
    }

    #[test]
    fn engine_limits_go_to_every_engine_or_one_each() {
        let args = arena(&["--engine", "a b  c", "--engine", "d", "--movetime", "70"]);
        let specs = args.engine_specs().expect("valid engines");
        assert_eq!(specs[0].command, ["a", "b", "c"]);
        assert_eq!(specs[0].label, "a b c");
        assert_eq!(
            (specs[0].go.as_str(), specs[1].go.as_str()),
            ("movetime 70", "movetime 70")
        );
        let args = arena(&["--engine", "a", "--engine", "d", "--engine-go", "depth  3"]);
        let specs = args.engine_specs().expect("valid engines");
        assert_eq!(
            (specs[0].go.as_str(), specs[1].go.as_str()),
            ("depth 3", "depth 3")
        );
        let args = arena(&[
            "--engine",
            "a",
            "--engine",
            "d",
            "--engine-go",
            "depth 3",
            "--engine-go",
            "level 5",
        ]);
        let specs = args.engine_specs().expect("valid engines");
        assert_eq!(
            (specs[0].go.as_str(), specs[1].go.as_str()),
            ("depth 3", "level 5")
        );
        assert_eq!(specs[1].grace, Duration::from_secs(2));
    }

    #[test]
    fn faulty_engine_options_are_refused_with_the_reason() {
        let error = |args: &[&str]| arena(args).engine_specs().unwrap_err().to_string();
        assert_eq!(
            error(&[
                "--engine",
                "a",
                "--engine-go",
                "depth 3",
                "--engine-go",
                "depth 4"
            ]),
            "2 --engine-go for 1 --engine: give one for all, or one for each"
        );
        assert_eq!(
            error(&["--engine", "a", "--engine-go", "depth deep"]),
            "--engine-go `depth deep`: go: `depth` needs a whole number from 1 to 64, not `deep`"
        );
        assert_eq!(
            error(&["--engine", "a", "--engine-go", "infinite"]),
            "--engine-go `infinite`: the arena needs a search that ends (movetime, depth, nodes or level)"
        );
        assert_eq!(
            error(&[
                "--engine",
                "a",
                "--engine",
                "b",
                "--engine",
                "c",
                "--engine-go",
                "depth 3",
                "--engine-go",
                "depth 4"
            ]),
            "2 --engine-go for 3 --engine: give one for all, or one for each"
        );
        assert_eq!(
            error(&["--engine", " "]),
            "--engine needs a command, not an empty string"
        );
        let refused = Cli::try_parse_from(["endodoi", "arena", "--no-builtin"]).unwrap_err();
        assert_eq!(
            refused.kind(),
            clap::error::ErrorKind::MissingRequiredArgument
        );
    }

    #[test]
    fn arena_widths_take_commas_and_repeats() {
        assert_eq!(arena(&["--widths", "6,10"]).widths, [6, 10]);
        assert_eq!(arena(&["--width", "8", "--width", "6"]).widths, [8, 6]);
    }

    #[test]
    fn arena_records_take_a_folder_and_are_off_by_default() {
        assert_eq!(arena(&[]).records, None);
        assert_eq!(
            arena(&["--records", "runs/tables"]).records,
            Some(PathBuf::from("runs/tables"))
        );
        let error =
            Cli::try_parse_from(["endodoi", "arena", "--records"]).expect_err("a folder is needed");
        assert_eq!(error.kind(), clap::error::ErrorKind::InvalidValue);
    }
}
