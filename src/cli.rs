//! The command line, as clap types: playing is the default, `replay` and
//! `bench` are subcommands.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::clock::TimeControl;
use crate::options::{BoardChoice, Drawing, GameOptions, Player};
use crate::rules::{self, BySide, Config, ConfigError, MAX_SEEDS, MAX_WIDTH, MIN_SEEDS, MIN_WIDTH};

mod arena;
mod net;
mod puzzle;
mod tablebase;

pub use arena::{ArenaArgs, PairingArg};
pub use net::{DEFAULT_PORT, HostArgs, JoinArgs, RowChoice};
pub use puzzle::{PuzzleArgs, PuzzleCommand, PuzzleGenerateArgs};
pub use tablebase::{
    EngineTablesArgs, SideArg, TablebaseBuildArgs, TablebaseCommand, TablebaseProbeArgs, TablesArgs,
};

/// En Dodoi, the Maasai two-row mancala, for two players at one keyboard.
///
/// Without a subcommand, starts a game in the terminal.
#[derive(Debug, Parser)]
#[command(name = "endodoi", version, about, long_about = None)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// What to do; playing a game when none is given.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Options of a game.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Replay a game record (or a move list) and show or print the position.
    Replay(ReplayArgs),
    /// Measure the engine on a fixed set of seeded random games.
    Bench(BenchArgs),
    /// Speak the engine protocol on standard input and output (see docs/engine-protocol.md).
    Engine(EngineArgs),
    /// Replay a game record and judge every move: evaluations, the engine's choice, mistakes.
    Analyze(AnalyzeArgs),
    /// Measure the computer's strength: its levels against each other, a plain minimax, and
    /// other engines (--engine) in child processes.
    Arena(ArenaArgs),
    /// List the saved games, unfinished first, newest first, with the ID that `--resume ID` takes.
    Games,
    /// Each player's results in the saved games: games, wins, draws, losses and average
    /// margin, in all, against people and against each computer level.
    Stats(StatsArgs),
    /// Learn to play: a guided lesson, a rule a step, then a first game against the computer.
    Learn(LearnArgs),
    /// Host a game for a player in another terminal (another machine, anywhere): shows the
    /// code to give them, and waits.
    Host(HostArgs),
    /// Join a game hosted in another terminal: `endodoi join CODE` (or, in the direct mode,
    /// `endodoi join ADDR:PORT --code CODE`).
    Join(JoinArgs),
    /// Perfect endgames: build the tables of every board with few seeds, or look one up.
    #[command(subcommand)]
    Tablebase(TablebaseCommand),
    /// Prove the value of a game's start and of every first move, searching down to the
    /// tables of perfect endgames (see docs/solve.md).
    Solve(SolveArgs),
    /// Puzzles: find the one move that keeps the best outcome, proven (see docs/puzzles.md).
    Puzzle(PuzzleArgs),
}

/// How a command that opens the terminal draws the board.
#[derive(Copy, Clone, Debug, Default, Args)]
pub struct DrawArgs {
    /// Show moves at once instead of sowing them seed by seed.
    #[arg(long)]
    pub no_animation: bool,
    /// Draw with plain ASCII only: no box-drawing or dot glyphs.
    #[arg(long)]
    pub ascii: bool,
}

impl From<DrawArgs> for Drawing {
    fn from(draw: DrawArgs) -> Drawing {
        Drawing {
            animate: !draw.no_animation,
            ascii: draw.ascii,
        }
    }
}

/// Options of `endodoi learn`.
#[derive(Debug, Args)]
pub struct LearnArgs {
    /// How the board is drawn.
    #[command(flatten)]
    pub draw: DrawArgs,
}

/// The board: width, seeds per hole, variant.
#[derive(Debug, Clone, Copy, Args)]
pub struct BoardArgs {
    /// Holes in each row.
    #[arg(long, value_parser = between::<u8>(i64::from(MIN_WIDTH), i64::from(MAX_WIDTH)))]
    pub width: Option<u8>,
    /// Seeds in every hole at the start.
    #[arg(long, value_parser = between::<u8>(i64::from(MIN_SEEDS), i64::from(MAX_SEEDS)))]
    pub seeds: Option<u8>,
    /// The rules: classic En Dodoi, or Cross-Endodoi (odd laps sown clockwise).
    #[arg(long, value_enum)]
    pub variant: Option<VariantArg>,
}

impl BoardArgs {
    /// The board chosen, defaults filling the gaps.
    ///
    /// # Errors
    /// Never in practice: clap has checked the ranges.
    pub fn config(&self) -> Result<Config, ConfigError> {
        self.choice().config()
    }

    /// The board these options choose, the parts left out left open.
    pub fn choice(&self) -> BoardChoice {
        BoardChoice {
            width: self.width,
            seeds: self.seeds,
            variant: self.variant.map(rules::Variant::from),
        }
    }
}

/// The variants, as the command line names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VariantArg {
    /// En Dodoi: every lap counterclockwise.
    Classic,
    /// Cross-Endodoi: a lap of an odd number of seeds goes clockwise.
    Cross,
}

impl From<VariantArg> for rules::Variant {
    fn from(variant: VariantArg) -> rules::Variant {
        match variant {
            VariantArg::Classic => rules::Variant::Classic,
            VariantArg::Cross => rules::Variant::Cross,
        }
    }
}

/// Options of a game in the terminal. Where one is left out, the settings
/// file gives it ([`crate::settings::Settings::fill`]).
#[derive(Debug, Clone, Args)]
pub struct PlayArgs {
    /// The board.
    #[command(flatten)]
    pub board: BoardArgs,
    /// Who starts in the South row (bottom; moves first): a player's name, or
    /// `computer[:LEVEL]` for the computer at level 1 (gentle) to 5 (strongest), default 3.
    #[arg(long, value_name = "NAME|computer[:LEVEL]")]
    pub south: Option<Player>,
    /// Who starts in the North row (top): a name, or `computer[:LEVEL]`.
    #[arg(long, value_name = "NAME|computer[:LEVEL]")]
    pub north: Option<Player>,
    /// The computer's thinking time a move, in milliseconds (at most 1000).
    #[arg(long, value_name = "MS", value_parser = between::<u64>(1, 1000))]
    pub think: Option<u64>,
    /// Play a match: games until one player has N wins, changing rows after every game.
    #[arg(long, value_name = "N", value_parser = between::<u16>(1, 99))]
    pub first_to: Option<u16>,
    /// Play on the clock: MINUTES each (1 to 180), and SECONDS more after each move (0 to 60),
    /// e.g. 5+3; a continued game keeps its own.
    #[arg(long, value_name = "MINUTES+SECONDS", conflicts_with_all = ["resume", "load"])]
    pub clock: Option<TimeControl>,
    /// Play without hints, take-backs and move preview: `t` and `u` are refused, `p` shows no
    /// preview, and the record says so; a continued game keeps its own choice.
    #[arg(long, conflicts_with_all = ["resume", "load"])]
    pub no_assist: bool,
    /// How the board is drawn.
    #[command(flatten)]
    pub draw: DrawArgs,
    /// Continue a saved game (every move is saved as it is played): the newest
    /// unfinished one, or the one `endodoi games` lists as ID.
    #[arg(long, value_name = "ID", num_args = 0..=1, conflicts_with_all = ["load", "width", "seeds", "variant"])]
    pub resume: Option<Option<String>>,
    /// Continue the game of a record file (its tags set the board).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["width", "seeds", "variant"])]
    pub load: Option<PathBuf>,
    /// Keep the game's record in FILE, written after every move and at exit (and on `s`):
    /// a new file, or this game's own record (`--load FILE --record FILE`).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

impl PlayArgs {
    /// The game these options choose, the settings file left to fill the
    /// rest.
    pub fn options(&self) -> GameOptions {
        GameOptions {
            board: self.board.choice(),
            players: BySide {
                south: self.south.clone(),
                north: self.north.clone(),
            },
            think: self.think.map(std::time::Duration::from_millis),
            first_to: self.first_to,
            clock: self.clock,
            no_assist: self.no_assist,
            drawing: self.draw.into(),
            resume: self.resume.clone(),
            load: self.load.clone(),
            record: self.record.clone(),
        }
    }
}

/// What `endodoi replay` reads and how it shows it.
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("source").required(true).args(["file", "moves"]))]
#[command(group = clap::ArgGroup::new("still").multiple(false).args(["json", "print", "svg"]))]
#[command(
    after_help = "Without --json or --print, the record opens in the replay viewer when standard \
                  output is a terminal (step with the arrow keys, ? for help), and the diagram of \
                  --print is printed when it is not."
)]
// Each is a switch of its own on the command line, not a state.
#[allow(clippy::struct_excessive_bools)]
pub struct ReplayArgs {
    /// The record to read; `-` reads standard input.
    pub file: Option<PathBuf>,
    /// A move list instead of a file, e.g. "A e C b" (with --width, --seeds, --variant).
    #[arg(long, allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// The board of a --moves list.
    #[command(flatten)]
    pub board: BoardArgs,
    /// Print the final position as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Print the final position as a text diagram.
    #[arg(long)]
    pub print: bool,
    /// Draw the final position as a picture, as the board is drawn, into FILE (SVG; `-`: standard
    /// output); a file of that name is replaced, a link or a FIFO never written through.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// With --json, --print or --svg: the position after the first N moves, not the last.
    #[arg(long, value_name = "N")]
    #[arg(requires = "still")]
    pub ply: Option<usize>,
    /// Read a faulty record up to its first faulty move and show that (the
    /// viewer says why it stops), instead of refusing it.
    #[arg(long)]
    pub until_error: bool,
    /// How the board is drawn.
    #[command(flatten)]
    pub draw: DrawArgs,
}

/// Options of `endodoi stats`.
#[derive(Debug, Args)]
#[command(
    after_help = "Only finished games count; the first line says how many unfinished games and \
                  unreadable saves were left out. A computer is named by its level, e.g. \
                  `Computer (level 3)`. Games in which a player was helped by a hint or a \
                  take-back count against each opponent on a row of their own (`…, helped`)."
)]
pub struct StatsArgs {
    /// Print one JSON document instead of a table (described in docs/settings.md).
    #[arg(long)]
    pub json: bool,
}

/// Options of `endodoi bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// One JSON object per width instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Options of `endodoi analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The record to analyse; `-` reads standard input.
    pub file: PathBuf,
    /// Print the analysis as one JSON document.
    #[arg(long)]
    pub json: bool,
    /// Positions to search for each position of the record: the same verdicts
    /// on every run and machine.
    #[arg(long, value_name = "N", default_value_t = crate::analyze::DEFAULT_NODES, value_parser = between::<u64>(1, 1_000_000_000_000))]
    pub nodes: u64,
    /// Search each position this many plies deep instead.
    #[arg(long, value_name = "N", conflicts_with = "movetime", value_parser = between::<u32>(1, i64::from(crate::search::MAX_DEPTH)))]
    pub depth: Option<u32>,
    /// Think this long about each position instead (milliseconds; the verdicts
    /// then depend on the machine's speed).
    #[arg(long, value_name = "MS", value_parser = between::<u64>(1, 600_000))]
    pub movetime: Option<u64>,
    /// A move that loses more than N seeds against the engine's choice is a mistake.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub threshold: u32,
    /// Prove each position's value with perfect play instead of estimating it, and judge
    /// each move by its exact loss (see docs/analysis.md).
    #[arg(long, conflicts_with_all = ["depth", "movetime"])]
    pub exact: bool,
    /// With --exact: the time each position's proof may take, in milliseconds; what is
    /// not proven in it is shown as bounds.
    #[arg(long, value_name = "MS", default_value_t = 2000, requires = "exact", value_parser = between::<u64>(1, 3_600_000))]
    pub budget: u64,
    /// With --exact: build the missing levels of the tables first, without asking: up to N
    /// seeds, or those that build in about a minute here.
    #[arg(long, value_name = "N", num_args = 0..=1, requires = "exact", conflicts_with = "no_tables", value_parser = between::<u8>(1, i64::from(crate::tablebase::MAX_TABLE_SEEDS)))]
    pub build_tables: Option<Option<u8>>,
    /// The tables of perfect endgames.
    #[command(flatten)]
    pub tables: EngineTablesArgs,
}

/// Options of `endodoi solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Holes in each row.
    #[arg(long, default_value_t = rules::DEFAULT_WIDTH, value_parser = between::<u8>(i64::from(MIN_WIDTH), i64::from(MAX_WIDTH)))]
    pub width: u8,
    /// Seeds in each hole at the start.
    #[arg(long, default_value_t = rules::DEFAULT_SEEDS, value_parser = between::<u8>(i64::from(MIN_SEEDS), i64::from(MAX_SEEDS)))]
    pub seeds: u8,
    /// Seconds to search in all, shared by the first moves.
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = between::<u64>(1, 604_800))]
    pub time: u64,
    /// Print the result as one JSON document.
    #[arg(long)]
    pub json: bool,
    /// The tables of perfect endgames.
    #[command(flatten)]
    pub tables: EngineTablesArgs,
    /// Build the missing levels of the tables first, without asking: up to N seeds, or
    /// those that build in about a minute here (what `solve` offers on a terminal).
    #[arg(long, value_name = "N", num_args = 0..=1, conflicts_with = "no_tables", value_parser = between::<u8>(1, i64::from(crate::tablebase::MAX_TABLE_SEEDS)))]
    pub build_tables: Option<Option<u8>>,
}

/// Options of `endodoi engine`.
#[derive(Debug, Args)]
pub struct EngineArgs {
    /// The tables of perfect endgames.
    #[command(flatten)]
    pub tables: EngineTablesArgs,
}

/// A parser of a whole number from `low` to `high` for an option, whose
/// refusal says so in words ("11 is not from 6 to 10").
fn between<T>(low: i64, high: i64) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: TryFrom<i64>,
{
    move |text| {
        let number: i64 = text
            .parse()
            .map_err(|_| format!("not a whole number from {low} to {high}"))?;
        if (low..=high).contains(&number) {
            T::try_from(number).map_err(|_| format!("{number} is not from {low} to {high}"))
        } else {
            Err(format!("{number} is not from {low} to {high}"))
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;
    use crate::search::Level;

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn computer_players_parse_with_and_without_a_level() {
        let cli = Cli::try_parse_from(["endodoi", "--south", "computer:5", "--north", "Computer"])
            .expect("valid players");
        assert_eq!(cli.play.south, Some(Player::Computer(Level::MAX)));
        assert_eq!(cli.play.north, Some(Player::Computer(Level::DEFAULT)));
        let cli = Cli::try_parse_from(["endodoi", "--south", "Naserian"]).expect("a name");
        assert_eq!(cli.play.south, Some(Player::Human("Naserian".into())));
        assert_eq!(cli.play.options().think(), crate::search::DEFAULT_THINK);
    }

    #[test]
    fn a_computer_level_outside_1_to_5_is_refused_with_the_range() {
        let error = Cli::try_parse_from(["endodoi", "--north", "computer:9"]).unwrap_err();
        assert_eq!(error.kind(), clap::error::ErrorKind::ValueValidation);
        assert!(
            error
                .to_string()
                .contains("the level must be 1 to 5, not `9`"),
            "{error}"
        );
    }

    #[test]
    fn thinking_time_is_at_most_a_second() {
        let error = Cli::try_parse_from(["endodoi", "--think", "1001"]).unwrap_err();
        assert_eq!(error.kind(), clap::error::ErrorKind::ValueValidation);
        let cli = Cli::try_parse_from(["endodoi", "--think", "100"]).expect("100 ms");
        assert_eq!(
            cli.play.options().think(),
            std::time::Duration::from_millis(100)
        );
    }

    #[test]
    fn a_clock_goes_to_the_game_options_and_with_the_board_and_a_match() {
        let cli = Cli::try_parse_from([
            "endodoi",
            "--clock",
            "5+3",
            "--width",
            "8",
            "--first-to",
            "2",
        ])
        .expect("a clock on a new board");
        assert_eq!(cli.play.options().clock, "5+3".parse().ok());
        let cli = Cli::try_parse_from(["endodoi", "host", "--clock", "10+5"]).expect("a clock");
        let Some(Command::Host(host)) = cli.command else {
            panic!("host");
        };
        assert_eq!(host.options().clock, "10+5".parse().ok());
        let cli = Cli::try_parse_from(["endodoi"]).expect("no option");
        assert_eq!(cli.play.options().clock, None);
    }

    #[test]
    fn a_game_without_hints_goes_to_the_game_options_on_endodoi_and_host() {
        let cli = Cli::try_parse_from(["endodoi", "--no-assist", "--width", "8"])
            .expect("a game without hints on a new board");
        assert!(cli.play.options().no_assist);
        assert!(!cli.play.options().choose_no_game());
        let cli = Cli::try_parse_from(["endodoi", "host", "--no-assist"]).expect("a host");
        let Some(Command::Host(host)) = cli.command else {
            panic!("host");
        };
        assert!(host.options().no_assist);
        let cli = Cli::try_parse_from(["endodoi"]).expect("no option");
        assert!(!cli.play.options().no_assist);
        assert!(cli.play.options().choose_no_game());
    }

    #[test]
    fn width_out_of_range_is_refused() {
        let error = Cli::try_parse_from(["endodoi", "--width", "11"]).unwrap_err();
        assert_eq!(error.kind(), clap::error::ErrorKind::ValueValidation);
    }
}
