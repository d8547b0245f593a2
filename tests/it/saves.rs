//! Saves under faults, seen from outside without a terminal: `--record`
//! refusing what is not this game's record, `endodoi games` and `--resume`
//! naming every save they cannot read, and never opening a FIFO or a device.
//! Each test checks the exact message, the exit status and what is on disk
//! afterwards. `XDG_DATA_HOME` and `XDG_CONFIG_HOME` point into a temporary directory.

use std::fs;
use std::os::unix::fs::{FileTypeExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use endodoi::app::{Answer, App, Effect, Match, OpenTarget, Setting, StatusMessage, Tone};
use endodoi::record::{Ending, Record, Tags};
use endodoi::rules::{Config, Side};
use endodoi::save::Store;
use endodoi::terminal::Runner;
use files::names;
use keys::type_keys;

use crate::common::effects::{autosave, run};
use crate::common::files::mkfifo;
use crate::common::{files, keys};
use endodoi::app::Snapshot;
use endodoi::terminal::carry_out;

const BINARY: &str = env!("CARGO_BIN_EXE_endodoi");
const PATIENCE: Duration = Duration::from_secs(10);

/// A temporary home with its own data folder.
struct Home(tempfile::TempDir);

impl Home {
    fn new() -> Home {
        Home(tempfile::tempdir().expect("a temporary home"))
    }

    fn path(&self) -> &Path {
        self.0.path()
    }

    fn games(&self) -> PathBuf {
        self.path().join("data/endodoi/games")
    }

    /// Runs `endodoi ARGS` in the home, without a terminal, and fails the
    /// test if it does not end within [`PATIENCE`] (a FIFO read would hang).
    fn endodoi(&self, args: &[&str]) -> Output {
        let mut child = Command::new(BINARY)
            .args(args)
            .current_dir(self.path())
            .env("HOME", self.path())
            .env("XDG_DATA_HOME", self.path().join("data"))
            .env("XDG_CONFIG_HOME", self.path().join("config"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("endodoi starts");
        let start = Instant::now();
        while child.try_wait().expect("wait").is_none() {
            if start.elapsed() > PATIENCE {
                let _ = child.kill();
                panic!("endodoi {args:?} did not end");
            }
            sleep(Duration::from_millis(20));
        }
        child.wait_with_output().expect("the output")
    }
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Makes a device node like /dev/null at `path`, or says why it cannot.
fn mknod(path: &Path) -> bool {
    let made = Command::new("mknod")
        .arg(path)
        .args(["c", "1", "3"])
        .status()
        .is_ok_and(|status| status.success());
    if !made {
        eprintln!("SKIPPED the device node part: mknod needs root here");
    }
    made
}

/// Sets the modification time of `path` (a FIFO too, without opening it).
fn touch(path: &Path, seconds: u64) {
    let status = Command::new("touch")
        .arg("-d")
        .arg(format!("@{seconds}"))
        .arg(path)
        .status()
        .expect("touch runs");
    assert!(status.success());
}

#[test]
fn record_refuses_a_folder_a_fifo_and_a_device_before_the_game_starts() {
    let home = Home::new();
    let folder = home.path().join("folder");
    fs::create_dir(&folder).expect("a folder");
    let fifo = home.path().join("fifo");
    mkfifo(&fifo);
    let device = home.path().join("null");
    let mut cases = vec![("folder", "a folder"), ("fifo", "a FIFO")];
    if mknod(&device) {
        cases.push(("null", "a character device"));
    }
    for (name, kind) in cases {
        let output = home.endodoi(&["--record", name]);
        assert_eq!(output.status.code(), Some(1), "{name}");
        assert_eq!(
            stderr(&output),
            format!(
                "endodoi: --record {name}: {kind} is not a regular file; name a file for the record\n"
            )
        );
    }
    assert!(folder.is_dir());
    let file_type = |path: &Path| fs::symlink_metadata(path).expect("still there").file_type();
    assert!(file_type(&fifo).is_fifo());
    if device.exists() {
        assert!(file_type(&device).is_char_device());
    }
    assert!(!home.path().join("data").exists(), "nothing saved");
}

#[test]
fn record_refuses_another_file_and_says_how_to_continue_it() {
    let home = Home::new();
    let notes = home.path().join("notes.txt");
    fs::write(&notes, "shopping: milk\n").expect("a file");
    fs::set_permissions(&notes, fs::Permissions::from_mode(0o640)).expect("chmod");
    let output = home.endodoi(&["--record", "notes.txt"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "endodoi: --record notes.txt: the file exists and is not this game's record (not a \
         record: line 1, column 1, ply 1: unknown token `shopping:`: expected a hole letter such as `A` \
         or `b+3`, a move number, a {comment} or a result); `endodoi --load notes.txt --record \
         notes.txt` continues it, or name another file\n"
    );
    let other = home.path().join("other.ogn");
    fs::write(&other, "1. A b *\n").expect("a record");
    let output = home.endodoi(&["--record", "other.ogn"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "endodoi: --record other.ogn: the file exists and is not this game's record (it records \
         another game, of 2 moves); `endodoi --load other.ogn --record other.ogn` continues it, \
         or name another file\n"
    );
    assert_eq!(
        fs::read_to_string(&notes).expect("kept"),
        "shopping: milk\n"
    );
    let mode = fs::metadata(&notes).expect("kept").permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    assert_eq!(fs::read_to_string(&other).expect("kept"), "1. A b *\n");
    assert_eq!(
        names(home.path()),
        ["notes.txt", "other.ogn"],
        "no lock left"
    );
}

#[test]
fn a_record_in_a_folder_gets_no_message_twice() {
    let home = Home::new();
    fs::create_dir(home.path().join("game.ogn")).expect("a folder");
    let message = stderr(&home.endodoi(&["--record", "game.ogn"]));
    assert!(!message.contains("os error 21"), "{message}");
    assert_eq!(
        message.matches("not a regular file").count(),
        1,
        "{message}"
    );
}

#[test]
fn write_atomic_refuses_to_replace_anything_but_a_file() {
    let home = Home::new();
    let error = endodoi::file::write_atomic(home.path(), "x").expect_err("a folder");
    assert_eq!(
        format!("{error:#}"),
        format!(
            "cannot write {}: a folder is not a regular file",
            home.path().display()
        )
    );
}

#[test]
fn write_atomic_leaves_a_read_only_file_and_a_link_as_they_are() {
    let home = Home::new();
    let file = home.path().join("game.ogn");
    fs::write(&file, "1. A b *\n").expect("a record");
    fs::set_permissions(&file, fs::Permissions::from_mode(0o444)).expect("read-only");
    let error = endodoi::file::write_atomic(&file, "x").expect_err("read-only");
    assert_eq!(
        format!("{error:#}"),
        format!(
            "cannot write {}: it is read-only, so it is left as it is",
            file.display()
        )
    );
    assert_eq!(fs::read_to_string(&file).expect("kept"), "1. A b *\n");
    let link = home.path().join("link.ogn");
    std::os::unix::fs::symlink(&file, &link).expect("a link");
    let error = endodoi::file::write_atomic(&link, "x").expect_err("a link");
    assert_eq!(
        format!("{error:#}"),
        format!(
            "cannot write {}: a symbolic link, never followed",
            link.display()
        )
    );
    assert!(fs::symlink_metadata(&link).expect("the link").is_symlink());

    // As `--record FILE`, a read-only file is refused before the game starts.
    let empty = home.path().join("empty.ogn");
    fs::write(&empty, "").expect("an empty file");
    fs::set_permissions(&empty, fs::Permissions::from_mode(0o444)).expect("read-only");
    let output = home.endodoi(&["--record", "empty.ogn"]);
    assert_eq!(
        (output.status.code(), stderr(&output).as_str()),
        (
            Some(1),
            "endodoi: --record empty.ogn: the file is read-only; name another file, or make it \
             writable\n"
        )
    );
    assert_eq!(fs::read(&empty).expect("kept"), b"");
}

/// A saved game of `moves` (hole letters) between South and North.
fn save(dir: &Path, id: &str, moves: &str, modified: u64) -> PathBuf {
    let mut record =
        Record::read_moves(endodoi::rules::Config::default(), moves).expect("legal moves");
    record.set_tag("South", "Naserian");
    record.set_tag("North", "Lekishon");
    let path = dir.join(format!("{id}.ogn"));
    fs::write(&path, record.to_string()).expect("a save");
    touch(&path, modified);
    path
}

/// A games folder with an older unfinished game, a finished one, a save cut
/// short (the newest), a corrupt one, a FIFO and (as root) a device.
fn damaged_games(home: &Home) -> PathBuf {
    let games = home.games();
    fs::create_dir_all(&games).expect("the games folder");
    save(&games, "older", "C a", 1_000);
    let finished = Record::read(
        &fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/002.ogn"))
            .expect("a golden record"),
    )
    .expect("a finished game");
    fs::write(games.join("finished.ogn"), finished.to_string()).expect("a save");
    touch(&games.join("finished.ogn"), 2_000);
    let cut = save(&games, "newest", "C a B", 5_000);
    let text = fs::read_to_string(&cut).expect("the save");
    fs::write(&cut, &text[..text.len() - 3]).expect("cut short");
    touch(&cut, 5_000);
    fs::write(games.join("corrupt.ogn"), "[Width \"8\"\n").expect("a corrupt save");
    touch(&games.join("corrupt.ogn"), 4_000);
    mkfifo(&games.join("pipe.ogn"));
    touch(&games.join("pipe.ogn"), 3_000);
    games
}

#[test]
fn games_lists_unfinished_games_first_and_names_every_save_it_cannot_read() {
    let home = Home::new();
    let games = damaged_games(&home);
    let output = home.endodoi(&["games"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let expected = format!(
        "Saved games in {dir}, unfinished first, newest first; `endodoi --resume ID` continues one:\n\
         ID        Moves  Result           South     North     Board\n\
         older         2  South to move    Naserian  Lekishon  6 holes, 4 seeds, classic\n\
         newest    cannot be read: cut short: it does not end with the result `*`\n\
         corrupt   cannot be read: line 1, column 1: malformed tag: expected [Name \"Value\"]\n\
         pipe      cannot be read: a FIFO is not a regular file\n\
         finished     34  South won 27-15  South     North     7 holes, 3 seeds, classic\n",
        dir = games.display()
    );
    assert_eq!(stdout(&output), expected);
    assert!(
        fs::symlink_metadata(games.join("pipe.ogn"))
            .expect("the FIFO")
            .file_type()
            .is_fifo()
    );
}

#[test]
fn games_lists_a_game_ended_before_the_rules_end_it_as_over_with_why() {
    let home = Home::new();
    let games = home.games();
    fs::create_dir_all(&games).expect("the games folder");
    save(&games, "older", "C a", 1_000);
    for (id, ending, modified) in [
        ("resigned", Ending::Resigned(Side::South), 3_000),
        ("agreed", Ending::DrawAgreed, 2_000),
    ] {
        let path = save(&games, id, "A b", modified);
        let mut record = Record::read(&fs::read(&path).expect("the save")).expect("a save");
        record.end(ending).expect("an unfinished game ends");
        fs::write(&path, record.to_string()).expect("a save");
        touch(&path, modified);
    }
    let output = home.endodoi(&["games"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        format!(
            "Saved games in {dir}, unfinished first, newest first; `endodoi --resume ID` continues one:\n\
             ID        Moves  Result                      South     North     Board\n\
             older         2  South to move               Naserian  Lekishon  6 holes, 4 seeds, classic\n\
             resigned      2  North won (South resigned)  Naserian  Lekishon  6 holes, 4 seeds, classic\n\
             agreed        2  drawn by agreement          Naserian  Lekishon  6 holes, 4 seeds, classic\n",
            dir = games.display()
        )
    );
}

#[test]
fn resume_names_every_save_it_cannot_read_and_never_opens_a_fifo() {
    let home = Home::new();
    let games = damaged_games(&home);
    let before = names(&games);
    // No terminal here: the game is chosen, then taking over the terminal fails.
    let output = home.endodoi(&["--resume"]);
    assert_eq!(output.status.code(), Some(1));
    let dir = games.display();
    assert_eq!(
        stderr(&output),
        format!(
            "endodoi: cannot be read: {dir}/newest.ogn: cut short: it does not end with the result `*`\n\
             endodoi: cannot be read: {dir}/corrupt.ogn: line 1, column 1: malformed tag: expected [Name \"Value\"]\n\
             endodoi: cannot be read: {dir}/pipe.ogn: a FIFO is not a regular file\n\
             endodoi: cannot take over the terminal: No such device or address (os error 6)\n"
        )
    );
    assert_eq!(names(&games), before, "nothing written, no lock left");
}

#[test]
fn resume_with_only_a_corrupt_save_says_why_there_is_nothing_to_resume() {
    let home = Home::new();
    let games = home.games();
    fs::create_dir_all(&games).expect("the games folder");
    fs::write(games.join("corrupt.ogn"), "1. A Q *\n").expect("a corrupt save");
    let output = home.endodoi(&["--resume"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        format!(
            "endodoi: --resume: no unfinished game in {dir}; start one with `endodoi`; these saves \
             cannot be read: {dir}/corrupt.ogn: line 1, column 6, ply 2: move `Q`: there is no hole \
             Q on a board 6 holes wide\n",
            dir = games.display()
        )
    );
    assert_eq!(names(&games), ["corrupt.ogn"]);
}

#[test]
fn resume_by_id_refuses_an_unknown_or_unreadable_game() {
    let home = Home::new();
    let games = damaged_games(&home);
    let output = home.endodoi(&["--resume", "nosuch"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        format!(
            "endodoi: --resume nosuch: no such saved game in {}; `endodoi games` lists them\n",
            games.display()
        )
    );
    let output = home.endodoi(&["--resume", "pipe"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        format!(
            "endodoi: --resume pipe: {}/pipe.ogn cannot be read: a FIFO is not a regular file\n",
            games.display()
        )
    );
}

#[test]
fn games_in_an_empty_data_folder_says_there_are_none() {
    let home = Home::new();
    let output = home.endodoi(&["games"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        format!("No saved games in {}\n", home.games().display())
    );
    assert!(!home.path().join("data").exists(), "listing writes nothing");
}

/// `endodoi --resume old` without a terminal, in a home whose save `old`
/// has `fault` made at its lock path: it never waits, and the save keeps
/// its bytes.
fn resume_with_a_fault_at_the_lock(fault: impl Fn(&Path)) -> (Home, Output) {
    let home = Home::new();
    let games = home.games();
    fs::create_dir_all(&games).expect("the games folder");
    let save = save(&games, "old", "C a", 1_000);
    let before = fs::read(&save).expect("the save");
    fault(&games.join(".old.ogn.lock"));
    let output = home.endodoi(&["--resume", "old"]);
    assert_eq!(
        fs::read(&save).expect("the save"),
        before,
        "the save is untouched"
    );
    (home, output)
}

#[test]
fn a_link_at_a_lock_path_is_never_followed_and_its_target_keeps_its_bytes() {
    let victim_text = "my notes, not a lock\n";
    // `--resume`: the lock of a saved game.
    let (home, output) = resume_with_a_fault_at_the_lock(|lock| {
        let victim = lock.parent().expect("a folder").join("../../victim.txt");
        fs::write(&victim, victim_text).expect("a victim");
        std::os::unix::fs::symlink(&victim, lock).expect("a link");
    });
    let lock = home.games().join(".old.ogn.lock");
    let victim = home.path().join("data/victim.txt");
    assert_eq!(fs::read_to_string(victim).expect("the victim"), victim_text);
    assert!(fs::symlink_metadata(&lock).expect("the link").is_symlink());
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).starts_with(&format!(
            "endodoi: cannot lock {}: {} is a symbolic link, never followed; the game is not \
             written there (s saves elsewhere)\n",
            home.games().join("old.ogn").display(),
            lock.display()
        )),
        "{}",
        stderr(&output)
    );

    // `--record FILE`: the lock beside the record.
    let home = Home::new();
    let victim = home.path().join("victim.txt");
    fs::write(&victim, victim_text).expect("a victim");
    let lock = home.path().join(".game.ogn.lock");
    std::os::unix::fs::symlink(&victim, &lock).expect("a link");
    let output = home.endodoi(&["--record", "game.ogn"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(
        fs::read_to_string(&victim).expect("the victim"),
        victim_text
    );
    assert!(fs::symlink_metadata(&lock).expect("the link").is_symlink());
    assert!(!home.path().join("game.ogn").exists());
}

#[test]
fn a_fifo_at_a_lock_path_is_never_waited_for() {
    let (home, output) = resume_with_a_fault_at_the_lock(mkfifo);
    let lock = home.games().join(".old.ogn.lock");
    assert_eq!(
        stderr(&output),
        format!(
            "endodoi: cannot lock {}: {} is a FIFO, not a regular file; the game is not written \
             there (s saves elsewhere)\n\
             endodoi: cannot take over the terminal: No such device or address (os error 6)\n",
            home.games().join("old.ogn").display(),
            lock.display()
        )
    );
    // Listing the saves looks at each lock without waiting.
    let output = home.endodoi(&["games"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).contains("\nold "), "{}", stdout(&output));
    let output = home.endodoi(&["stats"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("not counted: 1 unfinished game"),
        "{}",
        stdout(&output)
    );
    assert!(
        fs::symlink_metadata(&lock)
            .expect("the FIFO")
            .file_type()
            .is_fifo()
    );
}

fn parsed(args: &[&str]) -> endodoi::options::GameOptions {
    use clap::Parser as _;
    endodoi::cli::Cli::try_parse_from(std::iter::once("endodoi").chain(args.iter().copied()))
        .expect("valid options")
        .play
        .options()
}

/// Plays the first legal move in `app`'s game by its keys, and has
/// `runner` carry out what the app asks; returns the message the player
/// reads.
fn play_a_move(app: &mut App, runner: &mut Runner) -> String {
    app.set(Setting::Animation(false));
    let hole = app
        .record()
        .game
        .legal_moves()
        .next()
        .expect("a legal move");
    type_keys(app, &format!("{}\n", hole.to_string().to_lowercase()));
    carry_out(runner, app);
    app.desk().message().expect("a message").text.clone()
}

#[test]
fn a_lock_that_cannot_be_made_stops_that_save_and_the_game_is_printed_at_exit() {
    // A folder where the lock should be: nothing can lock it, root included.
    let home = Home::new();
    let games = home.games();
    fs::create_dir_all(&games).expect("the games folder");
    let save = save(&games, "old", "C a", 1_000);
    let before = fs::read(&save).expect("the save");
    let lock = games.join(".old.ogn.lock");
    fs::create_dir(&lock).expect("a folder in the lock's place");
    let refusal = format!(
        "cannot lock {}: {} is a folder, not a regular file",
        save.display(),
        lock.display()
    );
    let session =
        endodoi::session::Session::open(&parsed(&["--resume", "old"]), None, Some(&games))
            .expect("the game opens");
    let (mut app, mut runner) = (session.app, Runner::new(session.store, None, None));
    assert_eq!(
        app.desk().message().map(|message| message.text.clone()),
        Some(format!(
            "{refusal}; the game is not written there (s saves elsewhere)"
        ))
    );
    assert_eq!(
        play_a_move(&mut app, &mut runner),
        format!("NOT SAVED at move 3: {refusal}; s saves elsewhere")
    );
    assert_eq!(
        fs::read(&save).expect("the save"),
        before,
        "not written unlocked"
    );
    let farewell = runner.finish(&Snapshot::of(&app));
    assert_eq!(
        farewell.failures,
        [format!(
            "the game was not saved: {refusal}; {} holds it only up to move 2 of 3",
            save.display()
        )]
    );
    assert_eq!(farewell.unkept, [app.record().to_string()]);
    assert!(lock.is_dir());

    // `--record FILE` with a folder at its lock: the record is not written.
    let record = home.path().join("game.ogn");
    let lock = home.path().join(".game.ogn.lock");
    fs::create_dir(&lock).expect("a folder in the lock's place");
    let path = record.to_str().expect("UTF-8");
    let session = endodoi::session::Session::open(&parsed(&["--record", path]), None, None)
        .expect("the game opens");
    let (mut app, mut runner) = (session.app, Runner::new(session.store, None, None));
    let refusal = format!(
        "cannot lock {path}: {} is a folder, not a regular file",
        lock.display()
    );
    assert_eq!(
        play_a_move(&mut app, &mut runner),
        format!("NOT SAVED at move 1: {refusal}; s saves elsewhere")
    );
    assert!(!record.exists(), "not written unlocked");
    let farewell = runner.finish(&Snapshot::of(&app));
    assert_eq!(farewell.failures.len(), 2, "{:?}", farewell.failures);
    assert_eq!(farewell.failures[0], refusal);
    assert_eq!(farewell.unkept, [app.record().to_string()]);
}

#[test]
fn games_shows_a_hostile_file_name_and_names_escaped_on_one_line() {
    let home = Home::new();
    let games = home.games();
    fs::create_dir_all(&games).expect("the games folder");
    let id = "\u{1b}]0;PWNED\u{7}\u{1b}[2J\nforged    9 moves  South to move";
    let mut record =
        Record::read_moves(endodoi::rules::Config::default(), "C a").expect("legal moves");
    record.set_tag("South", "\u{202e}Naserian");
    record.set_tag("North", &"x".repeat(200_000));
    fs::write(games.join(format!("{id}.ogn")), record.to_string()).expect("a save");
    let output = home.endodoi(&["games"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        !text
            .chars()
            .any(|c| (c.is_control() && c != '\n') || c == '\u{202e}'),
        "a control character reached the output: {text:?}"
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    // The ID whole (`--resume ID` takes it), a name cut to the board's 40
    // columns.
    let shown = format!(
        r"\u{{1b}}]0;PWNED\u{{7}}\u{{1b}}[2J\nforged    9 moves  South to move      2  South to move  \u{{202e}}Naserian  {}…  6 holes, 4 seeds, classic",
        "x".repeat(39)
    );
    assert_eq!(lines[2], shown);
}

/// A game of two people in the terminal's runner, autosaved into `games`,
/// `s` trying `export_dirs`; no settings file, no other player.
fn runner_of(games: Option<PathBuf>, export_dirs: Vec<PathBuf>) -> (App, Runner) {
    let mut app = App::new(Config::default(), Match::default());
    app.set(Setting::Animation(false));
    let store = Store::new(games, None, export_dirs);
    (app, Runner::new(store, None, None))
}

#[test]
fn the_runner_keeps_a_move_in_a_new_file_of_the_games_folder_dated() {
    let home = Home::new();
    let games = home.games();
    let (mut app, mut runner) = runner_of(Some(games.clone()), Vec::new());
    type_keys(&mut app, "c\n");
    assert_eq!(app.record().game.ply(), 1);
    let effects = app.take_effects();
    assert!(effects.contains(&autosave(&app)), "{effects:?}");
    run(&mut runner, &mut app, effects);
    let saved = runner.store().current().expect("an autosave").to_path_buf();
    assert_eq!(saved.parent(), Some(games.as_path()));
    let name = saved
        .file_name()
        .expect("a name")
        .to_string_lossy()
        .into_owned();
    assert_eq!(
        names(&games),
        [format!(".{name}.lock"), name],
        "one game, locked"
    );
    assert!(
        app.record().tag(Tags::DATE).is_some(),
        "the game is dated: {}",
        app.record()
    );
    assert_eq!(
        fs::read_to_string(&saved).expect("the save"),
        app.record().to_string()
    );
    assert_eq!(app.desk().message(), None, "nothing to tell");
}

#[test]
fn the_runner_answers_a_save_that_fails_with_a_notice_naming_the_folder() {
    let home = Home::new();
    let file = home.path().join("a-file");
    fs::write(&file, "").expect("a file");
    let folder = file.join("games");
    let (mut app, mut runner) = runner_of(None, vec![folder.clone()]);
    type_keys(&mut app, "c\ns");
    carry_out(&mut runner, &mut app);
    assert_eq!(
        app.desk().message(),
        Some(&StatusMessage {
            text: format!(
                "Not saved: cannot create {}: Not a directory (os error 20)",
                folder.display()
            ),
            tone: Tone::Error,
        })
    );
    assert!(file.is_file(), "the file stays");
}

/// Issue 26, 7: `s` in a game already autosaved writes no second copy into
/// the current folder; it says where the game is. A game kept nowhere is
/// still written where `s` can.
#[test]
fn s_in_an_autosaved_game_says_where_it_is_and_writes_nothing_more() {
    let home = Home::new();
    let games = home.games();
    let here = home.path().join("here");
    fs::create_dir_all(&here).expect("the current folder");
    let (mut app, mut runner) = runner_of(Some(games.clone()), vec![here.clone()]);
    type_keys(&mut app, "c\n");
    carry_out(&mut runner, &mut app);
    let saved = runner.store().current().expect("an autosave").to_path_buf();
    type_keys(&mut app, "s");
    carry_out(&mut runner, &mut app);
    assert_eq!(
        app.desk().message(),
        Some(&StatusMessage {
            text: format!("Already saved after every move, in {}", saved.display()),
            tone: Tone::Info,
        })
    );
    assert_eq!(names(&here), Vec::<String>::new(), "nothing written here");
    // Without autosave, `s` writes the record where it can.
    let (mut app, mut runner) = runner_of(None, vec![here.clone()]);
    type_keys(&mut app, "c\ns");
    carry_out(&mut runner, &mut app);
    let written = names(&here);
    assert_eq!(written.len(), 1, "{written:?}");
    assert_eq!(
        app.desk().message().map(|message| message.text.clone()),
        Some(format!("Saved to {}", here.join(&written[0]).display()))
    );
}

/// The mode bits a new file made with `0666` gets in this process: what
/// its umask (inherited by a shell, never changed here) leaves.
fn shared_mode() -> u32 {
    let output = std::process::Command::new("sh")
        .args(["-c", "umask"])
        .output()
        .expect("sh runs");
    let umask = u32::from_str_radix(String::from_utf8_lossy(&output.stdout).trim(), 8)
        .expect("an octal umask");
    0o666 & !umask
}

#[test]
fn a_record_the_player_saves_follows_the_umask_and_the_autosave_stays_private() {
    use std::os::unix::fs::PermissionsExt as _;
    let mode = |path: &Path| fs::metadata(path).expect("a file").permissions().mode() & 0o777;
    let home = Home::new();
    let games = home.games();
    let here = home.path().join("here");
    fs::create_dir_all(&here).expect("the current folder");
    let (mut app, mut runner) = runner_of(Some(games), Vec::new());
    type_keys(&mut app, "c\n");
    carry_out(&mut runner, &mut app);
    let saved = runner.store().current().expect("an autosave").to_path_buf();
    assert_eq!(mode(&saved), 0o600, "the autosave is private");
    let (mut app, mut runner) = runner_of(None, vec![here.clone()]);
    type_keys(&mut app, "c\ns");
    carry_out(&mut runner, &mut app);
    let written = names(&here);
    assert_eq!(written.len(), 1, "{written:?}");
    assert_eq!(
        mode(&here.join(&written[0])),
        shared_mode(),
        "s writes to share"
    );
}

#[test]
fn the_games_no_file_holds_are_each_ready_once_for_a_rescue() {
    // Autosave off and no folder to save in: every game is kept nowhere,
    // and a program ended early must write each one, once, as it is now.
    let mut app = App::new(Config::default(), Match::default());
    app.set(Setting::Animation(false));
    let mut runner = Runner::new(Store::new(None, None, Vec::new()), None, None);
    let words = runner.kept_nowhere();
    let mut play = |app: &mut App, moves: usize| {
        for _ in 0..moves {
            let hole = app.record().game.legal_moves().next().expect("a move");
            type_keys(app, &format!("{}\n", hole.to_string().to_lowercase()));
            carry_out(&mut runner, app);
        }
    };
    play(&mut app, 2);
    let first = app.record().to_string();
    type_keys(&mut app, "ny");
    assert_eq!(app.record().game.ply(), 0, "a new game is begun");
    // Each move after the first game was left brings the records up to
    // date: the first game's is copied once, the second's is as it is now.
    play(&mut app, 3);
    let second = app.record().to_string();
    assert_ne!(first, second);
    assert_eq!(words.lock().expect("the records").take(), [first, second]);
}

#[test]
fn the_games_no_file_holds_are_each_ready_once_after_the_menu_opens_another() {
    // Two games left in one store, then the start screen (another store),
    // then a third game: a program ended now must write each one, once.
    let mut app = App::new(Config::default(), Match::default());
    app.set(Setting::Animation(false));
    let mut runner = Runner::new(Store::new(None, None, Vec::new()), None, None);
    let words = runner.kept_nowhere();
    let play = |app: &mut App, runner: &mut Runner, moves: usize| {
        for _ in 0..moves {
            let hole = app.record().game.legal_moves().next().expect("a move");
            type_keys(app, &format!("{}\n", hole.to_string().to_lowercase()));
            carry_out(runner, app);
        }
    };
    play(&mut app, &mut runner, 2);
    let first = app.record().to_string();
    type_keys(&mut app, "ny");
    play(&mut app, &mut runner, 3);
    let second = app.record().to_string();
    let opened = runner.run(vec![Effect::Open {
        opening: OpenTarget::Menu,
        left: Snapshot::of(&app),
    }]);
    let Some(Answer::Opened(menu)) = opened.into_iter().next() else {
        panic!("the start screen opens");
    };
    let mut app = *menu;
    app.set(Setting::Animation(false));
    type_keys(&mut app, "ns");
    play(&mut app, &mut runner, 1);
    let third = app.record().to_string();
    assert_eq!(app.record().game.ply(), 1, "a new game from the menu");
    assert_eq!(
        words.lock().expect("the records").take(),
        [first, second, third]
    );
}
