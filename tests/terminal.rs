//! The game in a real terminal: the binary runs in tmux (a private server per
//! test, its socket inside the test's temporary directory, 80×24), keys are typed into it and the screen is read back. HOME and
//! `XDG_DATA_HOME` point into a temporary directory, so the real data directory
//! is never touched. Skipped, with a message, when tmux is not installed.

#[path = "common/moves.rs"]
mod moves;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

use endodoi::record::Record;
use moves::letters;

const BINARY: &str = env!("CARGO_BIN_EXE_endodoi");
const PATIENCE: Duration = Duration::from_secs(10);

/// A private tmux server running one session, `game`.
struct Tmux {
    socket: PathBuf,
    home: tempfile::TempDir,
}

impl Tmux {
    /// A server for the test `name`, or `None` (after saying so) without tmux.
    fn new(name: &str) -> Option<Tmux> {
        if Command::new("tmux").arg("-V").output().is_err() {
            eprintln!("SKIPPED {name}: tmux is not installed");
            return None;
        }
        let home = tempfile::tempdir().expect("a temporary home");
        Some(Tmux {
            socket: home.path().join("tmux.sock"),
            home,
        })
    }

    fn tmux(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .args(["-f", "/dev/null"])
            .args(args)
            .output()
            .expect("tmux runs")
    }

    fn home(&self) -> &Path {
        self.home.path()
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
            format!(
                "cd '{home}' && exec {prefix} {BINARY} {args}",
                home = self.home().display()
            )
        } else {
            format!(
                "cd '{home}' && {prefix} {BINARY} {args}; echo EXITED $?; sleep 30",
                home = self.home().display()
            )
        };
        let home = format!("HOME={}", self.home().display());
        let data = format!("XDG_DATA_HOME={}", self.home().join("data").display());
        let temp = format!("TMPDIR={}", self.home().join("tmp").display());
        let output = self.tmux(&[
            "new-session",
            "-d",
            "-s",
            session,
            "-x",
            "80",
            "-y",
            "24",
            "-e",
            &home,
            "-e",
            &data,
            "-e",
            &temp,
            "-e",
            "TERM=xterm-256color",
            &command,
        ]);
        assert!(output.status.success(), "tmux: {output:?}");
    }

    fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.tmux(&["send-keys", "-t", "game", key]);
        }
    }

    /// The screen with lines that the terminal wrapped joined again.
    fn unwrapped_screen(&self) -> String {
        String::from_utf8_lossy(
            &self
                .tmux(&["capture-pane", "-p", "-J", "-t", "game"])
                .stdout,
        )
        .into_owned()
    }

    fn screen(&self) -> String {
        self.screen_of("game")
    }

    fn screen_of(&self, session: &str) -> String {
        String::from_utf8_lossy(&self.tmux(&["capture-pane", "-p", "-t", session]).stdout)
            .into_owned()
    }

    /// Waits until the screen shows `text`, and returns the screen.
    fn wait_for(&self, text: &str) -> String {
        self.wait_in("game", text)
    }

    /// Waits until the screen of `session` shows `text`, and returns the screen.
    fn wait_in(&self, session: &str, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen_of(session);
            if screen.contains(text) {
                return screen;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "waited for {text:?}; the screen shows:\n{screen}"
            );
            sleep(Duration::from_millis(40));
        }
    }

    fn has_session(&self) -> bool {
        self.tmux(&["has-session", "-t", "game"]).status.success()
    }

    fn wait_for_exit(&self) {
        let start = Instant::now();
        while self.has_session() {
            assert!(start.elapsed() < PATIENCE, "the game did not exit");
            sleep(Duration::from_millis(40));
        }
    }

    fn pane_pid(&self) -> String {
        let output = self.tmux(&["display-message", "-p", "-t", "game", "#{pane_pid}"]);
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
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
        let files = saves(&self.games());
        assert_eq!(files.len(), 1, "{files:?}");
        read(&files[0])
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
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
        screen.contains("1. C+7 a 2. B"),
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
    tmux.start("--no-animation", true);
    tmux.wait_for("South to move");
    tmux.play(&["c", "a"], 0);
    tmux.signal("KILL");
    tmux.wait_for_exit();
    assert_eq!(moves(&tmux.autosaved()), "C a");
    tmux.start("--resume --no-animation", true);
    let screen = tmux.wait_for("move 2 ╮");
    assert!(screen.contains("1. C+7 a"), "{screen}");
    tmux.play(&["b"], 2);
    assert_eq!(moves(&tmux.autosaved()), "C a B", "the same file goes on");
}

#[test]
fn sigterm_writes_the_record_and_the_game_resumes() {
    let Some(tmux) = Tmux::new("sigterm") else {
        return;
    };
    tmux.start("--no-animation --record out.ogn", true);
    tmux.wait_for("South to move");
    tmux.play(&["d"], 0);
    tmux.signal("TERM");
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
fn replaying_a_golden_record_steps_to_the_final_score_and_back() {
    let Some(tmux) = Tmux::new("replay") else {
        return;
    };
    let record = golden("002.ogn");
    tmux.start(&format!("replay '{}'", record.display()), false);
    // Frames are drawn top down: wait for their lower parts.
    let screen = tmux.wait_for("1. D+6 b 2. C f");
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
    let screen = tmux.unwrapped_screen();
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
    let screen = tmux.wait_for("move 18 of 18");
    assert!(screen.contains("9. E+10 h *"), "{screen}");
    tmux.keys(&["q"]);
    tmux.wait_for("EXITED 0");
}

// ------------------------------------------------------------ the computer

#[test]
fn the_computer_answers_a_move_and_both_are_autosaved() {
    let Some(tmux) = Tmux::new("computer") else {
        return;
    };
    tmux.start("--north computer:1 --think 100 --no-animation", true);
    let screen = tmux.wait_for("South to move");
    assert!(screen.contains("Computer (level 1) North"), "{screen}");
    tmux.keys(&["c", "Enter"]);
    let screen = tmux.wait_for("move 2 ╮");
    assert!(screen.contains("Computer (level 1) sowed"), "{screen}");
    let record = tmux.autosaved();
    assert_eq!(record.game.ply(), 2, "{}", moves(&record));
    assert_eq!(record.tag("North"), Some("Computer (level 1)"));
    tmux.keys(&["u"]);
    tmux.wait_for("move 0 ╮");
    tmux.keys(&["C-c"]);
    tmux.wait_for_exit();
    assert_eq!(tmux.autosaved().game.ply(), 0, "undo took back both moves");
}
