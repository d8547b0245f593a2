//! The game in a real terminal: the binary runs in tmux (a private server per
//! test, its socket inside the test's temporary directory, 80×24), keys are typed into it and the screen is read back. HOME,
//! `XDG_DATA_HOME` and `XDG_CONFIG_HOME` point into a temporary directory, so the real data directory
//! is never touched. Skipped, with a message, when tmux is not installed,
//! except in CI (`CI=true`), where that fails ([`tmux::available`]).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

use endodoi::app::STEPS;
use endodoi::record::Record;
use moves::letters;

use crate::common::{moves, tmux};

const BINARY: &str = env!("CARGO_BIN_EXE_endodoi");
const PATIENCE: Duration = Duration::from_secs(10);

/// A private tmux server running one session, `game`.
struct Tmux {
    server: tmux::Server,
}

impl Tmux {
    /// A server for the test `name`, or `None` (after saying so) without tmux.
    fn new(name: &str) -> Option<Tmux> {
        tmux::Server::new(name).map(|server| Tmux { server })
    }

    fn tmux(&self, args: &[&str]) -> Output {
        self.server.tmux(args)
    }

    fn home(&self) -> &Path {
        self.server.root()
    }

    fn games(&self) -> PathBuf {
        self.home().join("data/endodoi/games")
    }

    /// Starts `endodoi ARGS` in a new session; `exec` makes the pane's
    /// process the game itself, otherwise a shell prints its exit status.
    fn start(&self, args: &str, exec: bool) {
        self.start_in("game", "", args, exec);
    }

    /// Starts `PREFIX endodoi ARGS` (PREFIX: `prlimit …`, `setpriv …` or
    /// nothing) in a new session named `session`.
    fn start_in(&self, session: &str, prefix: &str, args: &str, exec: bool) {
        let command = if exec {
            format!("exec {prefix} {BINARY} {args}")
        } else {
            format!("{prefix} {BINARY} {args}; echo EXITED $?; sleep 30")
        };
        self.server.start(session, (80, 24), &command);
    }

    fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.tmux(&["send-keys", "-t", "game", key]);
        }
    }

    /// Waits until the screen shows `text`, and returns the screen.
    fn wait_for(&self, text: &str) -> String {
        self.server.wait_for("game", text, PATIENCE)
    }

    fn has_session(&self) -> bool {
        self.tmux(&["has-session", "-t", "game"]).status.success()
    }

    /// Waits until the game's session has ended.
    fn wait_for_exit(&self) {
        self.server.wait_for_exit("game", PATIENCE);
    }

    fn pane_pid(&self) -> String {
        self.server.pane_pid("game")
    }

    fn signal(&self, signal: &str) {
        let status = Command::new("kill")
            .args([format!("-{signal}"), self.pane_pid()])
            .status()
            .expect("kill runs");
        assert!(status.success());
    }

    /// Plays `moves` (hole letters), waiting for each to be counted.
    fn play(&self, moves: &[&str], from_ply: usize) {
        for (n, hole) in moves.iter().enumerate() {
            self.keys(&[hole, "Enter"]);
            self.wait_for(&format!("move {} ╮", from_ply + n + 1));
        }
    }

    /// The only autosaved record.
    fn autosaved(&self) -> Record {
        read(&self.autosaved_path())
    }

    /// The file of the only autosaved record.
    fn autosaved_path(&self) -> PathBuf {
        let files = saves(&self.games());
        assert_eq!(files.len(), 1, "{files:?}");
        files[0].clone()
    }
}

/// The saved games in `dir`: its `*.ogn` files, not the hidden lock files.
fn saves(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            name.ends_with(".ogn") && !name.starts_with('.')
        })
        .collect();
    files.sort();
    files
}

fn read(path: &Path) -> Record {
    let text = std::fs::read_to_string(path).expect("the record exists");
    Record::read(&text).expect("a valid record")
}

fn moves(record: &Record) -> String {
    letters(&record.game)
}

#[test]
fn a_game_typed_by_keys_with_undo_and_redo_is_saved_on_quit() {
    let Some(tmux) = Tmux::new("typed") else {
        return;
    };
    tmux.start(
        "--no-animation --south Naserian --north Lekishon --record game.ogn",
        false,
    );
    tmux.wait_for("Naserian to move");
    tmux.play(&["c", "a", "b"], 0);
    tmux.keys(&["u"]);
    tmux.wait_for("Took back B");
    tmux.keys(&["u"]);
    tmux.wait_for("Took back a");
    tmux.keys(&["r"]);
    let screen = tmux.wait_for("Played a again");
    assert!(
        screen.contains("1.C+7 2.a redo: 3.B+2"),
        "history with redo move:\n{screen}"
    );
    assert!(screen.contains("▶ Naserian"), "{screen}");
    tmux.keys(&["q"]);
    tmux.wait_for("Quit?");
    tmux.keys(&["y"]);
    let screen = tmux.wait_for("EXITED 0");
    assert!(
        !screen.contains("En Dodoi ·"),
        "the game screen is gone:\n{screen}"
    );
    assert!(screen.contains("Record written to"), "{screen}");
    assert!(screen.contains("--resume"), "{screen}");
    let record = read(&tmux.home().join("game.ogn"));
    assert_eq!(moves(&record), "C a");
    assert_eq!(record.tag("South"), Some("Naserian"));
    assert_eq!(record.tag("North"), Some("Lekishon"));
    assert_eq!(moves(&tmux.autosaved()), "C a");
}

#[test]
fn a_game_killed_with_sigkill_resumes_with_every_move() {
    let Some(tmux) = Tmux::new("sigkill") else {
        return;
    };
    tmux.start("--no-animation --width 6", true);
    tmux.wait_for("South to move");
    tmux.play(&["c", "a"], 0);
    tmux.signal("KILL");
    tmux.wait_for_exit();
    assert_eq!(moves(&tmux.autosaved()), "C a");
    tmux.start("--resume --no-animation", true);
    let screen = tmux.wait_for("1.C+7 2.a");
    assert!(screen.contains("move 2 ╮"), "{screen}");
    tmux.play(&["b"], 2);
    assert_eq!(moves(&tmux.autosaved()), "C a B", "the same file goes on");
}

#[test]
fn sigterm_writes_the_record_and_the_game_resumes() {
    let Some(tmux) = Tmux::new("sigterm") else {
        return;
    };
    tmux.start("--no-animation --record out.ogn", false);
    tmux.wait_for("South to move");
    tmux.play(&["d"], 0);
    let game = std::fs::read_to_string(format!("/proc/{0}/task/{0}/children", tmux.pane_pid()))
        .expect("the shell's children");
    let status = Command::new("kill")
        .args(["-TERM", game.trim()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    tmux.wait_for("EXITED 143");
    tmux.tmux(&["kill-session", "-t", "game"]);
    tmux.wait_for_exit();
    assert_eq!(moves(&read(&tmux.home().join("out.ogn"))), "D");
    tmux.start("--resume", true);
    tmux.wait_for("move 1 ╮");
    tmux.keys(&["C-c"]);
    tmux.wait_for_exit();
}

#[test]
fn closing_the_terminal_ends_the_program_and_keeps_every_move() {
    let Some(tmux) = Tmux::new("hangup") else {
        return;
    };
    tmux.start("--no-animation --record out.ogn", true);
    tmux.wait_for("South to move");
    tmux.play(&["d"], 0);
    let pid = tmux.pane_pid();
    // The terminal goes away under the running game, as when a window closes.
    tmux.tmux(&["kill-server"]);
    let start = Instant::now();
    while Path::new(&format!("/proc/{pid}/stat")).exists() && !is_zombie(&pid) {
        assert!(
            start.elapsed() < PATIENCE,
            "the game still runs without its terminal"
        );
        sleep(Duration::from_millis(50));
    }
    assert_eq!(moves(&read(&tmux.home().join("out.ogn"))), "D");
    assert_eq!(moves(&tmux.autosaved()), "D");
}

/// Whether process `pid` has ended and waits only to be reaped.
fn is_zombie(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z'))
    })
}

#[test]
fn resizing_to_40x10_shows_the_size_needed_and_back_redraws_the_board() {
    let Some(tmux) = Tmux::new("resize") else {
        return;
    };
    tmux.start("--width 10", true);
    tmux.wait_for("South to move");
    // Resize in the middle of a sowing: it must just redraw.
    tmux.keys(&["a", "Enter"]);
    tmux.tmux(&["resize-window", "-t", "game", "-x", "40", "-y", "10"]);
    let screen = tmux.wait_for("Terminal too small");
    assert!(screen.contains("need 65×18, have 40×10"), "{screen}");
    tmux.tmux(&["resize-window", "-t", "game", "-x", "80", "-y", "24"]);
    let screen = tmux.wait_for("North to move");
    assert!(screen.contains("En Dodoi · 10 holes"), "{screen}");
    assert!(screen.contains(" j "), "{screen}");
}

#[test]
fn at_200x60_the_board_grows_and_the_move_list_goes_beside_it() {
    let Some(tmux) = Tmux::new("large") else {
        return;
    };
    tmux.start("--width 6 --no-animation", true);
    tmux.wait_for("South to move");
    tmux.tmux(&["resize-window", "-t", "game", "-x", "200", "-y", "60"]);
    // The big holes: nine columns inside.
    let screen = tmux.wait_for("╭─────────╮");
    let top = screen
        .lines()
        .find(|line| line.contains("╭ En Dodoi"))
        .expect("the board's top");
    assert!(
        top.contains("╭ Moves"),
        "the move list beside it:\n{screen}"
    );
    tmux.play(&["c"], 0);
    let screen = tmux.wait_for("1.C+7");
    let first_row = screen
        .lines()
        .skip_while(|line| !line.contains("╭ En Dodoi"))
        .nth(1)
        .expect("the board's first row");
    assert!(first_row.contains("1.C+7"), "{screen}");
    tmux.tmux(&["resize-window", "-t", "game", "-x", "80", "-y", "24"]);
    let screen = tmux.wait_for("╭─────╮");
    assert!(
        !screen.contains("╭─────────╮"),
        "80x24 as before:\n{screen}"
    );
    tmux.keys(&["C-c"]);
    tmux.wait_for_exit();
}

// ---------------------------------------------------------------- replay viewer

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

fn saved_games(tmux: &Tmux) -> usize {
    saves(&tmux.games()).len()
}

#[test]
fn the_viewer_draws_as_the_display_settings_say() {
    let Some(tmux) = Tmux::new("replay-settings") else {
        return;
    };
    let folder = tmux.home().join("config/endodoi");
    std::fs::create_dir_all(&folder).expect("the config folder");
    std::fs::write(folder.join("settings.toml"), "[display]\nascii = true\n")
        .expect("the settings");
    tmux.start(&format!("replay '{}'", golden("002.ogn").display()), false);
    let screen = tmux.wait_for("1.D+6 2.b 3.C 4.f");
    assert!(screen.contains("+ En Dodoi - 7 holes"), "ASCII:\n{screen}");
    assert!(!screen.contains('╭'), "ASCII:\n{screen}");
    tmux.keys(&["q"]);
    tmux.wait_for("EXITED 0");
}

#[test]
fn replaying_a_golden_record_steps_to_the_final_score_and_back() {
    let Some(tmux) = Tmux::new("replay") else {
        return;
    };
    let record = golden("002.ogn");
    tmux.start(&format!("replay '{}'", record.display()), false);
    // Frames are drawn top down: wait for their lower parts.
    let screen = tmux.wait_for("1.D+6 2.b 3.C 4.f");
    assert!(screen.contains("move 0 of 34"), "{screen}");
    assert!(screen.contains("002.ogn"), "{screen}");
    tmux.keys(&["Right"]);
    tmux.wait_for("Move 1: South sowed D");
    tmux.keys(&["End"]);
    let screen = tmux.wait_for("South wins 27-15");
    assert!(screen.contains("move 34 of 34"), "{screen}");
    assert!(screen.contains("27 +"), "the breakdown:\n{screen}");
    tmux.keys(&["Left"]);
    let screen = tmux.wait_for("Move 33: South sowed B");
    assert!(!screen.contains("Game over"), "{screen}");
    tmux.keys(&["q"]);
    let screen = tmux.wait_for("EXITED 0");
    assert!(
        !screen.contains("move 33 of 34"),
        "the screen is back:\n{screen}"
    );
    assert_eq!(saved_games(&tmux), 0, "viewing saves nothing");
}

#[test]
fn taking_over_a_replay_plays_on_and_autosaves_a_new_game() {
    let Some(tmux) = Tmux::new("take-over") else {
        return;
    };
    let path = golden("002.ogn");
    let original = std::fs::read(&path).expect("the golden record");
    let record = read(&path);
    let first: Vec<String> = record.game.history()[..5]
        .iter()
        .map(|played| played.hole.to_string())
        .collect();
    let mut game = endodoi::rules::Game::new(record.game.config());
    for played in &record.game.history()[..5] {
        game.play(played.hole).expect("a recorded move");
    }
    // A move other than the record's, to leave the record's game.
    let recorded = record.game.history()[5].hole;
    let other = game
        .legal_moves()
        .find(|&hole| hole != recorded)
        .expect("another legal move");
    tmux.start(&format!("replay '{}' --no-animation", path.display()), true);
    tmux.wait_for("move 0 of 34");
    tmux.keys(&["5", "Enter"]);
    tmux.wait_for("move 5 of 34");
    tmux.keys(&["p"]);
    tmux.wait_for("Play on from move 5");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Your game from move 5");
    tmux.keys(&[&other.to_string(), "Enter"]);
    let screen = tmux.wait_for("move 6 ╮");
    assert!(!screen.contains("of 34"), "a game now:\n{screen}");
    let saved = moves(&tmux.autosaved());
    assert_eq!(saved, format!("{} {other}", first.join(" ")));
    tmux.keys(&["u"]);
    tmux.wait_for(&format!("Took back {other}"));
    tmux.keys(&["C-c"]);
    tmux.wait_for_exit();
    assert_eq!(
        std::fs::read(&path).expect("the golden record"),
        original,
        "the record's file is never written"
    );
}

#[test]
fn a_faulty_record_is_refused_before_the_terminal_is_taken_over() {
    let Some(tmux) = Tmux::new("replay-fault") else {
        return;
    };
    tmux.start(&format!("replay '{}'", golden("e005.ogn").display()), false);
    tmux.wait_for("EXITED 1");
    // The terminal wraps the message where the path's length puts it.
    let screen = tmux.server.screen("game");
    assert!(
        screen.contains("e005.ogn: line 5, column 68, ply 19: move `C`: hole C is empty"),
        "{screen}"
    );
    assert!(!screen.contains("En Dodoi ·"), "{screen}");
}

#[test]
fn until_error_opens_the_moves_before_the_fault_and_says_why() {
    let Some(tmux) = Tmux::new("until-error") else {
        return;
    };
    tmux.start(
        &format!("replay '{}' --until-error", golden("e005.ogn").display()),
        false,
    );
    let screen = tmux.wait_for("Faulty record: line 5, column 68, ply 19");
    assert!(screen.contains("move 0 of 18"), "{screen}");
    tmux.keys(&["G"]);
    // The list shows every move from the start: wait for the step to the end.
    let screen = tmux.wait_for("move 18 of 18");
    assert!(screen.contains("17.E+10 18.h *"), "{screen}");
    tmux.keys(&["q"]);
    tmux.wait_for("EXITED 0");
}

// ------------------------------------------------------------ the computer

#[test]
fn the_lesson_played_through_opens_a_game_against_level_1() {
    let Some(tmux) = Tmux::new("lesson") else {
        return;
    };
    tmux.start("learn", false);
    for (index, step) in STEPS.iter().enumerate() {
        tmux.wait_for(&format!("step {} of {}", index + 1, STEPS.len()));
        let letter = step.hole().letter().to_ascii_lowercase().to_string();
        tmux.keys(&[&letter, "Enter"]);
        tmux.wait_for("What happened");
        tmux.keys(&["Enter"]);
    }
    let screen = tmux.wait_for("Enter starts the game");
    assert!(screen.contains("Your first game"), "{screen}");
    assert!(saves(&tmux.games()).is_empty(), "the lesson saves nothing");
    tmux.keys(&["Enter"]);
    tmux.wait_for("you are South, against Computer (level 1)");
    tmux.keys(&["c", "Enter"]);
    tmux.wait_for("Computer (level 1) sowed");
    // The count says the move once its seeds have landed.
    tmux.wait_for("move 2 ╮");
    let record = tmux.autosaved();
    assert_eq!(record.game.ply(), 2, "{}", moves(&record));
    assert_eq!(record.tag("North"), Some("Computer (level 1)"));
    // The preview is back once the computer's move has been sown.
    tmux.wait_for("→ ends in");
    tmux.keys(&["q"]);
    tmux.wait_for("Quit?");
    tmux.keys(&["y"]);
    let screen = tmux.wait_for("EXITED 0");
    assert!(screen.contains("--resume"), "{screen}");
}

#[test]
fn the_computer_answers_a_move_and_both_are_autosaved() {
    let Some(tmux) = Tmux::new("computer") else {
        return;
    };
    tmux.start("--north computer:1 --think 100 --no-animation", true);
    let screen = tmux.wait_for("South to move");
    assert!(screen.contains("Computer (level 1) North"), "{screen}");
    tmux.keys(&["c", "Enter"]);
    tmux.wait_for("Computer (level 1) sowed");
    // The count says the move once its seeds have landed.
    tmux.wait_for("move 2 ╮");
    let record = tmux.autosaved();
    assert_eq!(record.game.ply(), 2, "{}", moves(&record));
    assert_eq!(record.tag("North"), Some("Computer (level 1)"));
    tmux.keys(&["u"]);
    tmux.wait_for("move 0 ╮");
    tmux.keys(&["C-c"]);
    tmux.wait_for_exit();
    assert_eq!(tmux.autosaved().game.ply(), 0, "undo took back both moves");
}

#[test]
fn a_missing_table_level_is_named_on_the_message_line_and_the_hint_still_comes() {
    let Some(tmux) = Tmux::new("tables") else {
        return;
    };
    // Tables in the data folder with a hole in them: levels 0 and 2, not 1.
    let tables = tmux.home().join("data/endodoi/tablebase");
    let built = Command::new(BINARY)
        .args(["tablebase", "build", "--max-seeds", "2", "--dir"])
        .arg(&tables)
        .output()
        .expect("endodoi runs");
    assert!(built.status.success(), "{built:?}");
    std::fs::remove_file(tables.join("w6-01.tb")).expect("a level removed");
    tmux.start("--width 6 --no-animation", true);
    tmux.wait_for("South to move");
    tmux.keys(&["t"]);
    let screen = tmux.wait_for("Tables: ");
    assert!(
        screen.contains("Tables: /"),
        "the level is named by its path:\n{screen}"
    );
    assert!(
        screen.contains("w6-01.tb: no such table file"),
        "the level is named by its path:\n{screen}"
    );
    let screen = tmux.wait_for("Hint: ");
    assert!(
        screen.contains("depth"),
        "a hint by search alone:\n{screen}"
    );
    tmux.keys(&["C-c"]);
    tmux.wait_for_exit();
}

// ------------------------------------------------------------ saves under faults

/// Blocks the games folder: a file where the data folder should be.
fn block_the_data_folder(tmux: &Tmux) -> PathBuf {
    let data = tmux.home().join("data");
    std::fs::create_dir_all(&data).expect("the data folder");
    std::fs::create_dir_all(tmux.home().join("tmp")).expect("a temporary folder");
    let blocker = data.join("endodoi");
    std::fs::write(&blocker, "not a folder\n").expect("a file in the way");
    blocker
}

#[test]
fn an_unwritable_games_folder_is_never_reported_as_saved_and_the_record_is_printed() {
    let Some(tmux) = Tmux::new("unwritable") else {
        return;
    };
    let blocker = block_the_data_folder(&tmux);
    tmux.start("--no-animation --width 6", false);
    tmux.wait_for("South to move");
    tmux.keys(&["a", "Enter"]);
    let screen = tmux.wait_for("NOT SAVED at move 1");
    // The notice names the folder, and wraps.
    assert!(
        screen.contains(&format!(
            "NOT SAVED at move 1: cannot create {}: Not a",
            tmux.games().display()
        )) && screen.contains("directory (os error 20); s saves elsewhere"),
        "{screen}"
    );
    tmux.keys(&["q"]);
    tmux.wait_for("Quit?");
    tmux.keys(&["y"]);
    tmux.wait_for("EXITED 1");
    let screen = tmux.server.screen("game");
    let games = tmux.games();
    assert!(
        screen.contains(&format!(
            "endodoi: the game was not saved: cannot create {}: Not a directory (os error 20)\n\
             endodoi: the record follows; save it in a file and `endodoi --load FILE` continues it\n\
             \n[Variant \"En Dodoi\"]",
            games.display()
        )),
        "{screen}"
    );
    assert!(screen.contains("\n1. A+2 *\n"), "{screen}");
    assert!(!screen.contains("Game saved"), "{screen}");
    assert_eq!(
        std::fs::read_to_string(&blocker).expect("the file in the way"),
        "not a folder\n"
    );
    let mut home: Vec<String> = std::fs::read_dir(tmux.home())
        .expect("home")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    home.sort();
    assert_eq!(
        home,
        ["data", "tmp", "tmux.sock"],
        "nothing written anywhere"
    );
}

#[test]
fn autosave_keeps_trying_and_s_saves_elsewhere_meanwhile() {
    let Some(tmux) = Tmux::new("keeps-trying") else {
        return;
    };
    let blocker = block_the_data_folder(&tmux);
    tmux.start("--no-animation --width 6", false);
    tmux.wait_for("South to move");
    tmux.keys(&["c", "Enter"]);
    tmux.wait_for("NOT SAVED at move 1");
    tmux.keys(&["s"]);
    let screen = tmux.wait_for("Saved to");
    assert!(
        screen.contains(&format!("Saved to {}/endodoi-", tmux.home().display())),
        "{screen}"
    );
    let exported = saves(tmux.home());
    assert_eq!(exported.len(), 1, "{exported:?}");
    assert_eq!(moves(&read(&exported[0])), "C");
    std::fs::remove_file(&blocker).expect("the way cleared");
    tmux.keys(&["a", "Enter"]);
    tmux.wait_for("move 2 ╮");
    assert_eq!(moves(&tmux.autosaved()), "C a", "the next move is saved");
    tmux.keys(&["q"]);
    tmux.wait_for("Quit?");
    tmux.keys(&["y"]);
    tmux.wait_for("EXITED 0");
    let screen = tmux.server.screen("game");
    let saved = &saves(&tmux.games())[0];
    let id = saved.file_stem().expect("a name").to_string_lossy();
    assert!(
        screen.contains(&format!(
            "Game saved in {}; `endodoi --resume {id}` continues it.",
            saved.display()
        )),
        "{screen}"
    );
    assert!(!screen.contains("not saved"), "{screen}");
}

#[test]
fn a_disk_that_fills_keeps_the_moves_written_and_says_which_are_not() {
    let Some(tmux) = Tmux::new("disk-full") else {
        return;
    };
    if Command::new("prlimit").arg("--version").output().is_err() {
        eprintln!("SKIPPED disk-full: prlimit is not installed");
        return;
    }
    std::fs::create_dir_all(tmux.home().join("tmp")).expect("a temporary folder");
    // Room for the record after the first move and not one byte more.
    let mut first = Record::read_moves(endodoi::rules::Config::default(), "A").expect("a move");
    first.set_tag("South", "South");
    first.set_tag("North", "North");
    first.set_tag("Date", "2026.01.01");
    let limit = first.to_string().len();
    tmux.start_in(
        "game",
        &format!("prlimit --fsize={limit} --"),
        "--no-animation --width 6",
        false,
    );
    tmux.wait_for("South to move");
    tmux.play(&["a"], 0);
    tmux.keys(&["b", "Enter"]);
    let screen = tmux.wait_for("NOT SAVED at move 2");
    // The notice names the folder, and wraps.
    assert!(
        screen.contains(&format!(
            "NOT SAVED at move 2: cannot write in {}:",
            tmux.games().display()
        )) && screen.contains("too large (os error 27); s saves elsewhere"),
        "{screen}"
    );
    tmux.keys(&["C-c"]);
    tmux.wait_for("EXITED 1");
    let screen = tmux.server.screen("game");
    let saved = &saves(&tmux.games())[0];
    assert!(
        screen.contains(&format!(
            "endodoi: the game was not saved: cannot write in {}: File too large (os error 27); \
             {} holds it only up to move 1 of 2",
            tmux.games().display(),
            saved.display()
        )),
        "{screen}"
    );
    assert!(
        screen.contains("\n1. A+2 b+3 *\n"),
        "the whole game:\n{screen}"
    );
    assert_eq!(moves(&tmux.autosaved()), "A", "the first move is kept");
}

#[test]
fn a_second_program_is_told_which_process_plays_the_game() {
    let Some(tmux) = Tmux::new("locked") else {
        return;
    };
    tmux.start("--no-animation --record out.ogn", true);
    tmux.wait_for("South to move");
    tmux.play(&["c"], 0);
    let pid = tmux.pane_pid();
    let saved = tmux.autosaved_path();
    let second = |args: &[&str]| {
        Command::new(BINARY)
            .args(args)
            .current_dir(tmux.home())
            .env("HOME", tmux.home())
            .env("XDG_DATA_HOME", tmux.home().join("data"))
            .env("XDG_CONFIG_HOME", tmux.home().join("config"))
            .output()
            .expect("endodoi runs")
    };
    let output = second(&["--resume"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!(
            "endodoi: --resume: {} is in use by process {pid}; `endodoi games` lists the other \
             saved games\n",
            saved.display()
        )
    );
    let output = second(&["--record", "out.ogn"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!(
            "endodoi: --record out.ogn: {}/out.ogn is in use by process {pid}\n",
            std::fs::canonicalize(tmux.home()).expect("home").display()
        )
    );
    let listing = String::from_utf8_lossy(&second(&["games"]).stdout).into_owned();
    assert!(
        listing.contains(&format!("(in use by process {pid})")),
        "{listing}"
    );
    tmux.keys(&["C-c"]);
    tmux.wait_for_exit();
    assert_eq!(moves(&read(&tmux.home().join("out.ogn"))), "C");
    assert_eq!(moves(&read(&saved)), "C");
}

#[test]
fn two_games_started_at_the_same_moment_get_a_file_each() {
    let Some(tmux) = Tmux::new("race") else {
        return;
    };
    tmux.start_in("one", "", "--no-animation --south One", true);
    tmux.start_in("two", "", "--no-animation --south Two", true);
    tmux.server.wait_for("one", "One to move", PATIENCE);
    tmux.server.wait_for("two", "Two to move", PATIENCE);
    // Both first moves in one tmux command: they land within milliseconds.
    tmux.tmux(&[
        "send-keys",
        "-t",
        "one",
        "c",
        "Enter",
        ";",
        "send-keys",
        "-t",
        "two",
        "d",
        "Enter",
    ]);
    tmux.server.wait_for("one", "move 1 ╮", PATIENCE);
    tmux.server.wait_for("two", "move 1 ╮", PATIENCE);
    let mut games: Vec<(String, String)> = saves(&tmux.games())
        .iter()
        .map(|path| {
            let record = read(path);
            (
                record.tag("South").unwrap_or_default().to_owned(),
                moves(&record),
            )
        })
        .collect();
    games.sort();
    assert_eq!(
        games,
        [
            ("One".to_owned(), "C".to_owned()),
            ("Two".to_owned(), "D".to_owned())
        ]
    );
}

#[test]
fn after_a_new_game_and_quit_resume_finds_the_game_before_it() {
    let Some(tmux) = Tmux::new("new-then-quit") else {
        return;
    };
    tmux.start("--no-animation --width 6", true);
    tmux.wait_for("South to move");
    tmux.play(&["c", "a", "b"], 0);
    tmux.keys(&["n"]);
    tmux.wait_for("New game?");
    tmux.keys(&["y"]);
    tmux.wait_for("move 0 ╮");
    tmux.keys(&["q"]);
    tmux.wait_for_exit();
    assert_eq!(
        moves(&tmux.autosaved()),
        "C a B",
        "no file for the empty game"
    );
    tmux.start("--resume --no-animation", true);
    // The whole move list, not only the title: a capture can catch a frame
    // half drawn.
    let screen = tmux.wait_for("1.C+7 2.a 3.B+2");
    assert!(screen.contains("move 3 ╮"), "{screen}");
    tmux.keys(&["C-c"]);
    tmux.wait_for_exit();
}

#[test]
fn load_and_record_one_file_keeps_its_comments_date_mode_and_owner() {
    use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
    let Some(tmux) = Tmux::new("keep-comments") else {
        return;
    };
    let path = tmux.home().join("club.ogn");
    std::fs::write(
        &path,
        "[Event \"Club night\"]\n[Date \"2001.02.03\"]\n[South \"Naserian\"]\n\
         [North \"Lekishon\"]\n\n{A quiet opening} 1. C+7 {the usual} a *\n",
    )
    .expect("a record");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    // As root, give the file away, as to another player.
    let owner = Command::new("chown")
        .args(["65534:65534"])
        .arg(&path)
        .status()
        .is_ok_and(|status| status.success());
    let expected_owner = if owner {
        (65534, 65534)
    } else {
        let metadata = std::fs::metadata(&path).expect("the record");
        (metadata.uid(), metadata.gid())
    };
    tmux.start("--load club.ogn --record club.ogn --no-animation", false);
    tmux.wait_for("move 2 ╮");
    tmux.play(&["b"], 2);
    tmux.keys(&["q"]);
    tmux.wait_for("Quit?");
    tmux.keys(&["y"]);
    tmux.wait_for("EXITED 0");
    assert_eq!(
        std::fs::read_to_string(&path).expect("the record"),
        "[Variant \"En Dodoi\"]\n[Width \"6\"]\n[Seeds \"4\"]\n[Event \"Club night\"]\n\
         [Date \"2001.02.03\"]\n[South \"Naserian\"]\n[North \"Lekishon\"]\n[Result \"*\"]\n\n\
         {A quiet opening} 1. C+7 {the usual} a 2. B+2 *\n"
    );
    let metadata = std::fs::metadata(&path).expect("the record");
    assert_eq!(metadata.permissions().mode() & 0o777, 0o640);
    assert_eq!((metadata.uid(), metadata.gid()), expected_owner);
}

#[test]
fn settings_remember_the_last_game_and_a_bad_setting_is_named() {
    let Some(tmux) = Tmux::new("settings") else {
        return;
    };
    tmux.start("--south Naserian --north computer:1 --width 8", true);
    tmux.wait_for("Naserian to move");
    tmux.keys(&["q"]);
    tmux.wait_for_exit();
    let file = tmux.home().join("config/endodoi/settings.toml");
    let text = std::fs::read_to_string(&file).expect("the settings file");
    assert_eq!(
        text,
        "# endodoi's settings: `endodoi` remembers the last new game here;\n\
         # docs/settings.md lists every key. Command-line options win over these.\n\
         [players]\nsouth = \"Naserian\"\n\n[board]\nwidth = 8\nseeds = 4\n\
         variant = \"classic\"\n\n[opponents]\nsouth = \"human\"\nnorth = \"computer:1\"\n\n\
         [game]\nclock = \"none\"\nassist = true\n"
    );
    let speed_line = text.lines().count() + 3;
    std::fs::write(
        &file,
        format!("{text}\n[display]\nspeed = 9\nascii = true\n"),
    )
    .expect("a bad setting");
    // A game option (the default seeds) skips the start screen and chooses
    // the game: the default width, a person in each row; the name
    // remembered for South and the drawing still come from the file.
    tmux.start("--seeds 4", false);
    let screen = tmux.wait_for("1 problem with the settings file");
    assert!(
        screen.contains("En Dodoi - 6 holes"),
        "ASCII, width 6:\n{screen}"
    );
    assert!(!screen.contains("Computer"), "{screen}");
    assert!(screen.contains("Naserian South"), "{screen}");
    tmux.keys(&["q"]);
    tmux.wait_for("EXITED 0");
    assert!(
        tmux.server.screen("game").contains(&format!(
            "endodoi: {}:{speed_line}: display.speed: must be a whole number from 1 to 6, not \
             `9`; the default, 3, is used\n",
            file.display()
        )),
        "{}",
        tmux.server.screen("game")
    );
}

#[test]
fn a_new_game_against_the_computer_is_chosen_entirely_from_the_start_screen() {
    let Some(tmux) = Tmux::new("start-new") else {
        return;
    };
    tmux.start("--no-animation --think 100", true);
    tmux.wait_for("Learn to play");
    tmux.keys(&["n"]);
    tmux.wait_for("Start the game");
    // North: a person, then the computer at level 1, 2.
    tmux.keys(&["Down", "Right", "Right"]);
    tmux.wait_for("the computer, level 2 of 5");
    tmux.keys(&["Down", "Right", "Right"]);
    tmux.wait_for("8 holes");
    tmux.keys(&["s"]);
    tmux.wait_for("South to move");
    tmux.play(&["c"], 0);
    let screen = tmux.wait_for("move 2 ╮");
    assert!(screen.contains("Computer (level 2)"), "{screen}");
    tmux.keys(&["C-c"]);
    tmux.wait_for_exit();
    let record = tmux.autosaved();
    assert_eq!(record.game.config().width(), 8);
    assert_eq!(record.game.ply(), 2);
    assert_eq!(record.tag("South"), Some("South"));
    assert_eq!(record.tag("North"), Some("Computer (level 2)"));
}

#[test]
fn continue_on_the_start_screen_goes_on_with_the_saved_game_in_its_file() {
    let Some(tmux) = Tmux::new("start-continue") else {
        return;
    };
    tmux.start("--no-animation --width 8 --south Naserian", true);
    tmux.wait_for("Naserian to move");
    tmux.play(&["c", "a"], 0);
    tmux.keys(&["C-c"]);
    tmux.wait_for_exit();
    let path = tmux.autosaved_path();
    tmux.start("--no-animation", true);
    tmux.wait_for("1 unfinished");
    tmux.keys(&["c"]);
    tmux.wait_for("Naserian v North");
    tmux.keys(&["Enter"]);
    // Wait for the last line drawn, not the title drawn before it.
    let screen = tmux.wait_for("Naserian to move");
    assert!(screen.contains("move 2 ╮"), "{screen}");
    assert!(screen.contains("8 holes"), "{screen}");
    tmux.play(&["d"], 2);
    tmux.keys(&["C-c"]);
    tmux.wait_for_exit();
    assert_eq!(tmux.autosaved_path(), path, "the same file goes on");
    assert_eq!(moves(&tmux.autosaved()), "C a D");
}

#[test]
fn the_results_page_opens_from_the_start_screen_on_the_saved_games_and_q_goes_back() {
    use endodoi::rules::{Config, Game};
    let Some(tmux) = Tmux::new("start-results") else {
        return;
    };
    std::fs::create_dir_all(tmux.games()).expect("the games folder");
    // Each game the first legal move every time: South 17, North 31.
    for (id, south, north) in [
        ("a", "Naserian", "Computer (level 2)"),
        ("b", "Lemayian", "Naserian"),
    ] {
        let mut game = Game::new(Config::default());
        while game.outcome().is_none() {
            let first = game.legal_moves().next().expect("a move");
            game.play(first).expect("a legal move");
        }
        let mut record = Record::new(game);
        record.set_tag("South", south);
        record.set_tag("North", north);
        std::fs::write(tmux.games().join(format!("{id}.ogn")), record.to_string()).expect("a save");
    }
    std::fs::write(tmux.games().join("broken.ogn"), "not a record").expect("a damaged save");
    tmux.start("", true);
    tmux.wait_for("Learn to play");
    tmux.keys(&["t"]);
    let screen = tmux.wait_for("Player, against");
    assert!(
        screen.contains("Cannot be read, not counted: broken"),
        "{screen}"
    );
    let words = |name: &str| -> Vec<String> {
        let line = screen
            .lines()
            .find(|line| line.contains(name))
            .unwrap_or_else(|| panic!("{name} on the screen:\n{screen}"));
        line.split_whitespace()
            .filter(|word| !["│", "▶"].contains(word))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(words("Naserian"), ["Naserian", "2", "1", "0", "1", "+0.0"]);
    assert_eq!(words("Lemayian"), ["Lemayian", "1", "0", "0", "1", "-14.0"]);
    tmux.keys(&["q"]);
    tmux.wait_for("Replay a game");
    assert!(
        tmux.has_session(),
        "q on the results goes back, it does not quit"
    );
    tmux.keys(&["q"]);
    tmux.wait_for_exit();
}

/// Issue 26, 4: `q` in a game started from the menu goes back to the menu,
/// which lists the game to continue; `q` on the menu quits, and the game
/// is kept, its lock let go.
#[test]
fn q_in_a_game_started_from_the_menu_goes_back_to_the_menu_which_lists_it() {
    let Some(tmux) = Tmux::new("start-back") else {
        return;
    };
    tmux.start("--no-animation", false);
    tmux.wait_for("Learn to play");
    tmux.keys(&["n"]);
    tmux.wait_for("Start the game");
    tmux.keys(&["s"]);
    tmux.wait_for("South to move");
    tmux.play(&["c"], 0);
    let screen = tmux.wait_for("q menu");
    assert!(!screen.contains("q quit"), "{screen}");
    tmux.keys(&["q"]);
    tmux.wait_for("1 unfinished");
    tmux.keys(&["c"]);
    let screen = tmux.wait_for("South v North");
    assert!(screen.contains("1 move"), "{screen}");
    assert!(!screen.contains("in use"), "{screen}");
    tmux.keys(&["Escape"]);
    tmux.wait_for("Learn to play");
    tmux.keys(&["q"]);
    tmux.wait_for("EXITED 0");
    assert_eq!(moves(&tmux.autosaved()), "C");
    let locks: Vec<PathBuf> = std::fs::read_dir(tmux.games())
        .expect("the games folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| {
            path.extension()
                .is_some_and(|extension| extension == "lock")
        })
        .collect();
    assert_eq!(locks, Vec::<PathBuf>::new(), "no lock left");
}

#[test]
fn a_running_clock_ticks_down_on_screen_and_nothing_else_changes() {
    let Some(tmux) = Tmux::new("clock") else {
        return;
    };
    tmux.start(
        "--no-animation --clock 1+0 --south Naserian --north Lekishon",
        false,
    );
    tmux.wait_for("Naserian to move");
    let before = tmux.server.screen("game");
    assert!(before.contains(" 1:00  in row  24  captured"), "{before}");
    tmux.play(&["c"], 0);
    tmux.wait_for("Lekishon to move");
    let first = tmux.server.screen("game");
    sleep(Duration::from_millis(1100));
    let second = tmux.server.screen("game");
    let differ: Vec<(&str, &str)> = first
        .lines()
        .zip(second.lines())
        .filter(|(one, other)| one != other)
        .collect();
    assert_eq!(differ.len(), 1, "one line changes:\n{first}\n{second}");
    let (one, other) = differ[0];
    assert!(one.contains("Lekishon"), "North's clock runs: {one}");
    let clock = |line: &str| {
        let (head, _) = line.split_once("  in row").expect("a clock");
        head.rsplit(' ').next().expect("a clock").to_owned()
    };
    let (was, is) = (clock(one), clock(other));
    assert!(
        was.starts_with("0:5") && is.starts_with("0:5") && is < was,
        "{was} → {is}"
    );
    assert_eq!(one.replace(&was, &is), other, "only the clock changes");
    assert!(
        second.contains(" 1:00  in row"),
        "South's clock stands: {second}"
    );
}

#[test]
fn resigning_a_game_at_one_keyboard_shows_it_over_and_keeps_it_so() {
    let Some(tmux) = Tmux::new("resign") else {
        return;
    };
    tmux.start("--no-animation --south Naserian --north Lekishon", false);
    tmux.wait_for("Naserian to move");
    tmux.play(&["c"], 0);
    tmux.keys(&["x"]);
    tmux.wait_for("Resign?");
    tmux.wait_for("Lekishon resigns, and Naserian wins the game.");
    tmux.keys(&["y"]);
    // The popup and the message line name the player who resigned.
    tmux.wait_for("Game over");
    tmux.wait_for("Lekishon resigned.");
    let screen = tmux.wait_for("Lekishon resigned: Naserian wins");
    assert!(!screen.contains("u undo"), "no takeback: {screen}");
    // The autosave has the ending as soon as it is written.
    let start = Instant::now();
    let path = tmux.autosaved_path();
    while read(&path).tag("Termination").is_none() {
        assert!(start.elapsed() < PATIENCE, "no Termination in the autosave");
        sleep(Duration::from_millis(40));
    }
    let record = read(&path);
    assert_eq!(record.tag("Termination"), Some("North resigned"));
    assert!(record.is_over());
    tmux.keys(&["q"]);
    tmux.wait_for("EXITED 0");
    tmux.tmux(&["kill-session", "-t", "game"]);
    // Resumed, the game is over as it was left.
    let id = path.file_stem().expect("a name").to_string_lossy();
    tmux.start(&format!("--no-animation --resume {id}"), true);
    tmux.wait_for("Game over");
    tmux.wait_for("Lekishon resigned.");
    tmux.wait_for("Naserian wins");
}
