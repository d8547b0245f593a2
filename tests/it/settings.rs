//! The settings file: read back as saved, every fault in it a warning with the
//! default used (and the file left as it was), saving that fails a warning,
//! two programs saving at once, command-line options winning, a new game
//! remembered, and the table of keys in docs/settings.md. Every file lives in a
//! temporary directory; the developer's real config is never read.

use std::fs;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc;
use std::time::Duration;

use clap::Parser as _;
use endodoi::app::Effect;
use endodoi::app::input::{KeyCode, KeyEvent};
use endodoi::cli::Cli;
use endodoi::options::{GameOptions, Player};
use endodoi::rules::{BySide, Config, Variant};
use endodoi::search::Level;
use endodoi::session::Session;
use endodoi::settings::{Field, Settings, Warning};
use endodoi::terminal::Runner;
use keys::{press, type_keys};
use prefixed::prefixed;

use crate::common::effects::run;
use crate::common::{keys, prefixed};
use endodoi::terminal::carry_out;

/// A temporary config folder and its settings file.
struct Folder(tempfile::TempDir);

impl Folder {
    fn new() -> Folder {
        Folder(tempfile::tempdir().expect("a temporary folder"))
    }

    fn file(&self) -> PathBuf {
        self.0.path().join("endodoi/settings.toml")
    }

    /// Writes `text` as the settings file.
    fn holding(text: &str) -> Folder {
        let folder = Folder::new();
        fs::create_dir_all(folder.0.path().join("endodoi")).expect("the folder");
        fs::write(folder.file(), text).expect("the file");
        folder
    }

    fn text(&self) -> String {
        fs::read_to_string(self.file()).expect("the settings file")
    }
}

/// The messages of `warnings`, as the program prints them.
fn messages(warnings: &[Warning]) -> Vec<String> {
    warnings.iter().map(ToString::to_string).collect()
}

fn custom() -> Settings {
    Settings {
        names: BySide {
            south: Some("Naserian Ole Sikoi «the sower» 🌱".to_owned()),
            north: None,
        },
        width: 8,
        seeds: 5,
        variant: Variant::Cross,
        opponents: BySide {
            south: None,
            north: Level::new(2),
        },
        clock: Some("5+3".parse().expect("a time control")),
        assist: false,
        animation: false,
        speed: 5,
        preview: false,
        ascii: true,
        bell: false,
        mailbox: Some("ws://mailbox.example:4000/v1".to_owned()),
    }
}

const CUSTOM_TEXT: &str = "\
# endodoi's settings: `endodoi` remembers the last new game here;
# docs/settings.md lists every key. Command-line options win over these.
[players]
south = \"Naserian Ole Sikoi «the sower» 🌱\"

[board]
width = 8
seeds = 5
variant = \"cross\"

[opponents]
south = \"human\"
north = \"computer:2\"

[game]
clock = \"5+3\"
assist = false

[display]
animation = false
speed = 5
preview = false
ascii = true
bell = false

[network]
mailbox = \"ws://mailbox.example:4000/v1\"
";

#[test]
fn a_mailbox_that_is_not_a_ws_url_is_named_and_the_public_one_used() {
    let folder = Folder::holding("[network]\nmailbox = \"https://evil.example/\"\n");
    let (settings, warnings) = Settings::load(&folder.file());
    assert_eq!(settings.mailbox, None);
    let file = folder.file().display().to_string();
    assert_eq!(
        messages(&warnings),
        [format!(
            "{file}:2: network.mailbox: a mailbox is a ws:// URL (`ws://HOST:PORT/v1`), not \"https://evil.example/\"; the default, (none), is used"
        )]
    );
}

#[test]
fn no_file_gives_the_defaults_without_a_warning() {
    let folder = Folder::new();
    assert_eq!(
        Settings::load(&folder.file()),
        (Settings::default(), vec![])
    );
    assert!(!folder.file().exists());
}

#[test]
fn saved_settings_are_read_back_whole() {
    let folder = Folder::new();
    custom()
        .save(&folder.file(), &Field::ALL)
        .expect("saved, its folder made");
    assert_eq!(folder.text(), CUSTOM_TEXT);
    assert_eq!(Settings::load(&folder.file()), (custom(), vec![]));
}

#[test]
fn broken_toml_is_named_with_its_line_and_never_saved_over() {
    let text = "[board]\nwidth = 8\nseeds = = 4\n";
    let folder = Folder::holding(text);
    let (settings, warnings) = Settings::load(&folder.file());
    assert_eq!(settings, Settings::default());
    let file = folder.file().display().to_string();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, Some(3));
    assert!(
        messages(&warnings)[0].starts_with(&format!("{file}:3: not valid TOML: ")),
        "{warnings:?}"
    );
    assert!(
        messages(&warnings)[0].ends_with(
            "; every setting takes its default, and the file is not saved over until it is fixed"
        ),
        "{warnings:?}"
    );
    let error = custom().save(&folder.file(), &Field::ALL).unwrap_err();
    assert_eq!(
        format!("{error:#}"),
        format!("{file}:3: not valid TOML, so it is left as it is: fix or remove it")
    );
    assert_eq!(folder.text(), text);
}

#[test]
fn unknown_keys_are_named_ignored_and_kept_with_the_comments_on_save() {
    let text = "\
# mine
colour = \"red\"
[board]
width = 9 # my board
size = 3
[display]
speed = 2
";
    let folder = Folder::holding(text);
    let (settings, warnings) = Settings::load(&folder.file());
    let file = folder.file().display().to_string();
    assert_eq!(
        messages(&warnings),
        [
            format!("{file}:2: colour: unknown key, ignored (docs/settings.md lists the keys)"),
            format!("{file}:5: board.size: unknown key, ignored (docs/settings.md lists the keys)"),
        ]
    );
    assert_eq!(
        settings,
        Settings {
            width: 9,
            speed: 2,
            ..Settings::default()
        }
    );
    let mut changed = settings;
    changed.width = 7;
    changed.speed = 6;
    changed
        .save(&folder.file(), &[Field::Width, Field::Seeds])
        .expect("saved");
    assert_eq!(
        folder.text(),
        "# mine\ncolour = \"red\"\n[board]\nwidth = 7 # my board\nsize = 3\nseeds = 4\n\
         [display]\nspeed = 2\n"
    );
}

#[test]
fn values_of_the_wrong_type_or_out_of_range_take_their_defaults() {
    let folder = Folder::holding(
        "[players]\nsouth = 7\nnorth = \"  \"\n[board]\nwidth = 12\nseeds = \"four\"\n\
         variant = \"crossed\"\n[opponents]\nsouth = \"computer:9\"\nnorth = \"robot\"\n\
         [display]\nanimation = \"no\"\nspeed = -1\npreview = 1\nascii = true\nopponents = 3\n",
    );
    let (settings, warnings) = Settings::load(&folder.file());
    assert_eq!(
        settings,
        Settings {
            ascii: true,
            ..Settings::default()
        }
    );
    let file = folder.file().display().to_string();
    let expected = [
        "2: players.south: must be a name in quotes, not `7`; the default, (none), is used",
        "3: players.north: must be a name, not an empty string; the default, (none), is used",
        "5: board.width: must be a whole number from 6 to 10, not `12`; the default, 6, is used",
        "6: board.seeds: must be a whole number from 3 to 6, not `\"four\"`; the default, 4, is used",
        "7: board.variant: must be \"classic\" or \"cross\", not `\"crossed\"`; the default, \"classic\", is used",
        "9: opponents.south: must be \"human\" or \"computer:LEVEL\" with LEVEL 1 to 5, not `\"computer:9\"`; the default, \"human\", is used",
        "10: opponents.north: must be \"human\" or \"computer:LEVEL\" with LEVEL 1 to 5, not `\"robot\"`; the default, \"human\", is used",
        "12: display.animation: must be true or false, not `\"no\"`; the default, true, is used",
        "13: display.speed: must be a whole number from 1 to 6, not `-1`; the default, 3, is used",
        "14: display.preview: must be true or false, not `1`; the default, true, is used",
        "16: display.opponents: unknown key, ignored (docs/settings.md lists the keys)",
    ]
    .map(|message| format!("{file}:{message}"));
    assert_eq!(messages(&warnings), expected);
}

#[test]
fn a_clock_that_is_not_a_time_control_is_named_and_no_clock_used() {
    let file = |folder: &Folder| folder.file().display().to_string();
    for (value, reason) in [
        (
            "\"5+\"",
            "the increment must be a whole number of seconds from 0 to 60, not `\"5+\"`",
        ),
        (
            "\"-1+0\"",
            "the minutes must be a whole number from 1 to 180, not `\"-1+0\"`",
        ),
        (
            "\"99999999999+1\"",
            "the minutes must be a whole number from 1 to 180, not `\"99999999999+1\"`",
        ),
        (
            "\"None\"",
            "a time control is MINUTES+SECONDS, such as 5+3, not `\"None\"`",
        ),
        (
            "5",
            "must be \"none\" or \"MINUTES+SECONDS\" such as \"5+3\", not `5`",
        ),
    ] {
        let folder = Folder::holding(&format!("[game]\nclock = {value}\n"));
        let (settings, warnings) = Settings::load(&folder.file());
        assert_eq!(settings, Settings::default(), "{value}");
        assert_eq!(
            messages(&warnings),
            [format!(
                "{}:2: game.clock: {reason}; the default, \"none\", is used",
                file(&folder)
            )]
        );
    }
}

#[test]
fn a_game_without_hints_is_remembered_and_comes_back_only_when_nothing_chooses_the_game() {
    let folder = Folder::new();
    let games = Folder::new();
    let (session, warnings) = open_in(&folder, &games, &parsed(&["--no-assist"])).expect("a game");
    assert_eq!(warnings, Vec::<String>::new());
    assert!(session.app.players().no_assist);
    assert_eq!(session.app.record().tag("Assist"), Some("off"));
    let (settings, warnings) = Settings::load(&folder.file());
    assert_eq!((settings.assist, messages(&warnings)), (false, Vec::new()));
    assert!(
        folder.text().contains("\nassist = false\n"),
        "{}",
        folder.text()
    );
    // The last game again, unless an option chooses the game.
    assert!(settings.fill(&parsed(&[])).no_assist);
    assert!(!settings.fill(&parsed(&["--north", "computer"])).no_assist);
    assert!(!settings.fill(&parsed(&["--resume"])).no_assist);
    let (session, _) = open_in(&folder, &games, &parsed(&[])).expect("a game");
    assert_eq!(session.app.record().tag("Assist"), Some("off"));
    // A new game with hints is remembered as one.
    let (session, _) = open_in(&folder, &games, &parsed(&["--width", "8"])).expect("a game");
    assert_eq!(session.app.record().tag("Assist"), None);
    assert!(Settings::load(&folder.file()).0.assist);
    // A value that is no switch is named, and hints are allowed.
    let folder = Folder::holding("[game]\nassist = \"off\"\n");
    let (settings, warnings) = Settings::load(&folder.file());
    assert!(settings.assist);
    assert_eq!(
        messages(&warnings),
        [format!(
            "{}:2: game.assist: must be true or false, not `\"off\"`; the default, true, is used",
            folder.file().display()
        )]
    );
}

#[test]
fn a_clock_chosen_is_remembered_and_comes_back_only_when_nothing_chooses_the_game() {
    let folder = Folder::new();
    let games = Folder::new();
    let five_three = "5+3".parse().ok();
    let (session, warnings) =
        open_in(&folder, &games, &parsed(&["--clock", "5+3"])).expect("a game");
    assert_eq!(warnings, Vec::<String>::new());
    assert_eq!(session.app.players().clock, five_three);
    assert_eq!(session.app.record().tag("TimeControl"), Some("300+3"));
    let (settings, warnings) = Settings::load(&folder.file());
    assert_eq!(
        (settings.clock, messages(&warnings)),
        (five_three, Vec::new())
    );
    assert!(
        folder.text().contains("\n[game]\nclock = \"5+3\"\n"),
        "{}",
        folder.text()
    );
    // The last game again, unless an option chooses the game.
    assert_eq!(settings.fill(&parsed(&[])).clock, five_three);
    assert_eq!(settings.fill(&parsed(&["--north", "computer"])).clock, None);
    assert_eq!(settings.fill(&parsed(&["--resume"])).clock, None);
    let (session, _) = open_in(&folder, &games, &parsed(&[])).expect("a game");
    assert_eq!(session.app.record().tag("TimeControl"), Some("300+3"));
    // A new game without a clock is remembered as one.
    let (session, _) = open_in(&folder, &games, &parsed(&["--width", "8"])).expect("a game");
    assert_eq!(session.app.record().tag("TimeControl"), None);
    assert_eq!(Settings::load(&folder.file()).0.clock, None);
    assert!(
        folder
            .text()
            .contains("\n[game]\nclock = \"none\"\nassist = true\n"),
        "{}",
        folder.text()
    );
}

#[test]
fn a_table_of_the_wrong_type_is_named_and_replaced_on_save() {
    let folder = Folder::holding("board = 8\n[display]\nascii = true\n");
    let (settings, warnings) = Settings::load(&folder.file());
    assert_eq!(
        messages(&warnings),
        [format!(
            "{}:1: board: must be a table, [board], not integer; its settings take their defaults",
            folder.file().display()
        )]
    );
    settings
        .save(&folder.file(), &[Field::Width])
        .expect("saved");
    assert_eq!(
        folder.text(),
        "[board]\nwidth = 6\n[display]\nascii = true\n"
    );
}

/// Loads and saves `path` in a thread, failing the test if either blocks.
fn load_and_save_without_blocking(path: &Path) -> (Vec<String>, String) {
    let (send, receive) = mpsc::channel();
    let path = path.to_path_buf();
    std::thread::spawn(move || {
        let (settings, warnings) = Settings::load(&path);
        assert_eq!(settings, Settings::default());
        let saved = custom().save(&path, &Field::ALL).unwrap_err();
        let _ = send.send((messages(&warnings), format!("{saved:#}")));
    });
    receive
        .recv_timeout(Duration::from_secs(10))
        .expect("loading and saving never wait")
}

#[test]
fn a_folder_where_the_file_should_be_is_a_warning_and_stays() {
    let folder = Folder::new();
    fs::create_dir_all(folder.file()).expect("a folder in the file's place");
    let (warnings, saved) = load_and_save_without_blocking(&folder.file());
    let file = folder.file().display().to_string();
    assert_eq!(
        warnings,
        [format!(
            "{file}: a folder, not a regular file; every setting takes its default"
        )]
    );
    assert_eq!(saved, format!("{file}: a folder, not a regular file"));
    assert!(folder.file().is_dir());
}

#[test]
fn a_fifo_or_a_device_is_a_warning_never_waited_for() {
    use std::os::unix::fs::FileTypeExt as _;
    let folder = Folder::new();
    fs::create_dir_all(folder.0.path().join("endodoi")).expect("the folder");
    let made = Command::new("mkfifo")
        .arg(folder.file())
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let (warnings, saved) = load_and_save_without_blocking(&folder.file());
    let file = folder.file().display().to_string();
    assert_eq!(
        warnings,
        [format!(
            "{file}: a FIFO, not a regular file; every setting takes its default"
        )]
    );
    assert_eq!(saved, format!("{file}: a FIFO, not a regular file"));
    let kind = fs::symlink_metadata(folder.file())
        .expect("still there")
        .file_type();
    assert!(kind.is_fifo());

    let device = Folder::new();
    fs::create_dir_all(device.0.path().join("endodoi")).expect("the folder");
    std::os::unix::fs::symlink("/dev/zero", device.file()).expect("a link to a device");
    let (warnings, saved) = load_and_save_without_blocking(&device.file());
    let file = device.file().display().to_string();
    assert_eq!(
        warnings,
        [format!(
            "{file}: a character device, not a regular file; every setting takes its default"
        )]
    );
    assert_eq!(
        saved,
        format!("{file}: a character device, not a regular file")
    );
}

#[test]
fn a_file_where_the_config_folder_should_be_is_a_warning_on_load_and_save() {
    let folder = Folder::new();
    fs::write(folder.0.path().join("endodoi"), "not a folder").expect("a file");
    let (warnings, saved) = load_and_save_without_blocking(&folder.file());
    let file = folder.file().display().to_string();
    assert_eq!(
        warnings,
        [format!(
            "{file}: cannot be read: Not a directory (os error 20); every setting takes its default"
        )]
    );
    assert_eq!(
        saved,
        format!("{file}: cannot be read: Not a directory (os error 20)")
    );
    assert_eq!(
        fs::read_to_string(folder.0.path().join("endodoi")).expect("the file"),
        "not a folder"
    );
}

#[test]
fn a_file_that_is_not_utf8_or_too_large_is_a_warning() {
    let folder = Folder::holding("");
    fs::write(folder.file(), b"[board]\nwidth = \xff\n").expect("bytes");
    let file = folder.file().display().to_string();
    assert_eq!(
        messages(&Settings::load(&folder.file()).1),
        [format!(
            "{file}: not UTF-8 text (at byte 16); every setting takes its default"
        )]
    );
    let large = format!("# {}\n", "x".repeat(70_000));
    fs::write(folder.file(), &large).expect("a large file");
    assert_eq!(
        messages(&Settings::load(&folder.file()).1),
        [format!(
            "{file}: larger than 64 KiB, not a settings file; every setting takes its default"
        )]
    );
    assert!(custom().save(&folder.file(), &Field::ALL).is_err());
    assert_eq!(fs::read_to_string(folder.file()).expect("kept"), large);
}

/// The environment variable that makes a run of this test binary a child
/// of the tests below; its value says what the child does.
const CHILD: &str = "ENDODOI_SETTINGS_TEST_CHILD";

/// Not a test of its own: the child process of the tests below, which run
/// it with `--ignored` and [`CHILD`] set to `save NAME COUNT FILE`: it saves
/// settings named `NAME` into `FILE` `COUNT` times, printing each failure.
#[test]
#[ignore = "the child process of the tests that save from two processes"]
fn child_process() {
    let Ok(task) = std::env::var(CHILD) else {
        return;
    };
    let mut words = task.splitn(4, ' ');
    let (Some("save"), Some(name), Some(count), Some(file)) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        panic!("unknown task {task}");
    };
    let settings = Settings {
        names: BySide {
            south: Some(name.to_owned()),
            north: Some(name.repeat(200)),
        },
        ..Settings::default()
    };
    for _ in 0..count.parse::<u32>().expect("a count") {
        if let Err(error) = settings.save(Path::new(file), &Field::ALL) {
            println!("NOT SAVED: {error:#}");
        }
    }
}

/// [`child_process`]'s name in this test binary: its path without the
/// binary's name.
fn child_test_name() -> &'static str {
    let path = concat!(module_path!(), "::child_process");
    path.split_once("::").expect("a module path").1
}

/// Runs this test binary's [`child_process`] doing `task`, with `prefix`
/// (a `setpriv …` command line) before it.
fn child(prefix: &[&str], task: &str) -> Command {
    let exe = std::env::current_exe().expect("the test binary");
    let mut command = prefixed(prefix, exe);
    command
        .args([
            "--exact",
            child_test_name(),
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, task);
    command
}

#[test]
fn two_processes_saving_at_once_always_leave_a_whole_file() {
    let folder = Folder::new();
    let file = folder.file().display().to_string();
    let mut children: Vec<_> = ["Naserian", "Lemayian"]
        .map(|name| {
            child(&[], &format!("save {name} 150 {file}"))
                .stdout(std::process::Stdio::piped())
                .spawn()
                .expect("a child starts")
        })
        .into_iter()
        .collect();
    let mut reads = 0;
    while children
        .iter_mut()
        .any(|child| child.try_wait().expect("wait").is_none())
    {
        if folder.file().exists() {
            let (settings, warnings) = Settings::load(&folder.file());
            assert_eq!(warnings, vec![], "a reader saw half a file");
            let name = settings.names.south.expect("a name");
            assert_eq!(settings.names.north, Some(name.repeat(200)));
            reads += 1;
        }
    }
    for child in children {
        let output = child.wait_with_output().expect("the child's output");
        assert!(output.status.success());
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(!stdout.contains("NOT SAVED"), "{stdout}");
    }
    assert!(reads > 0, "the file was never read while being saved");
    let (settings, warnings) = Settings::load(&folder.file());
    assert_eq!(warnings, vec![]);
    assert!(["Naserian", "Lemayian"].contains(&settings.names.south.as_deref().unwrap_or("")));
    let leftovers: Vec<_> = fs::read_dir(folder.0.path().join("endodoi"))
        .expect("the folder")
        .map(|entry| entry.expect("an entry").file_name())
        .collect();
    assert_eq!(leftovers, ["settings.toml"], "no temporary file is left");
}

#[test]
fn an_unwritable_config_folder_is_a_warning_and_the_old_file_stays() {
    if Command::new("setpriv").arg("--version").output().is_err() {
        eprintln!("SKIPPED: setpriv is not installed, so privileges cannot be dropped");
        return;
    }
    let folder = Folder::holding("[board]\nwidth = 9\n");
    // The folders readable by anyone, the settings' folder writable by root only.
    for path in [folder.0.path(), &folder.0.path().join("endodoi")] {
        fs::set_permissions(path, fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    fs::set_permissions(folder.file(), fs::Permissions::from_mode(0o666)).expect("chmod");
    let file = folder.file().display().to_string();
    let nobody = [
        "setpriv",
        "--reuid=65534",
        "--regid=65534",
        "--clear-groups",
    ];
    let output = child(&nobody, &format!("save Naserian 1 {file}"))
        .output()
        .expect("the child runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let dir = folder.0.path().join("endodoi").display().to_string();
    assert!(
        stdout.contains(&format!(
            "NOT SAVED: cannot write in {dir}: Permission denied (os error 13)"
        )),
        "{stdout}"
    );
    assert_eq!(folder.text(), "[board]\nwidth = 9\n");
}

/// Opens a new game (not the start screen) with `options`, the settings
/// of `folder`, the saves in `games`.
fn open_in(
    folder: &Folder,
    games: &Folder,
    options: &GameOptions,
) -> anyhow::Result<(Session, Vec<String>)> {
    Session::open_with_settings(
        options,
        false,
        None,
        Some(games.0.path()),
        Some(&folder.file()),
    )
}

fn parsed(args: &[&str]) -> GameOptions {
    Cli::try_parse_from(std::iter::once("endodoi").chain(args.iter().copied()))
        .expect("valid options")
        .play
        .options()
}

#[test]
fn options_given_win_and_the_settings_fill_the_rest() {
    let settings = custom();
    let human = |name: &str| Some(Player::Human(name.to_owned()));
    let computer = |level: u8| Some(Player::Computer(Level::new(level).expect("a level")));
    // No game chosen: the last game again, its board and opponents.
    let filled = settings.fill(&parsed(&[]));
    assert_eq!(
        (filled.board.width, filled.board.seeds, filled.board.variant),
        (Some(8), Some(5), Some(Variant::Cross))
    );
    assert_eq!(
        (filled.players.south, filled.players.north),
        (human("Naserian Ole Sikoi «the sower» 🌱"), computer(2))
    );
    assert!(!filled.drawing.animate && filled.drawing.ascii);
    // A game chosen on the command line is that game: the board left out
    // is the default's, a row left out a person, by the name remembered.
    let filled = settings.fill(&parsed(&["--width", "10", "--north", "Lemayian"]));
    assert_eq!(
        (filled.board.width, filled.board.seeds, filled.board.variant),
        (Some(10), None, None)
    );
    assert_eq!(
        (filled.players.south, filled.players.north),
        (
            human("Naserian Ole Sikoi «the sower» 🌱"),
            human("Lemayian")
        )
    );
    assert!(!filled.drawing.animate && filled.drawing.ascii);
    let filled = settings.fill(&parsed(&["--south", "computer:4"]));
    assert_eq!(
        (filled.players.south, filled.players.north),
        (computer(4), None)
    );
    // A loaded game keeps its own board and players.
    let filled = settings.fill(&parsed(&["--load", "game.ogn"]));
    assert_eq!(
        (
            filled.board.width,
            &filled.players.south,
            &filled.players.north
        ),
        (None, &None, &None)
    );
    assert!(!filled.drawing.animate && filled.drawing.ascii);
}

/// Issue 26, 3: after two computers played Cross-Endodoi, `--north
/// computer` is what the README says, a person against the computer on
/// the standard board; the names of the people remembered stay.
#[test]
fn after_computers_played_an_option_chooses_a_person_against_the_computer() {
    let folder = Folder::holding(
        "[players]\nnorth = \"Kim\"\n[board]\nwidth = 9\nvariant = \"cross\"\n\
         [opponents]\nsouth = \"computer:1\"\nnorth = \"computer:5\"\n",
    );
    let games = Folder::new();
    let (session, warnings) =
        open_in(&folder, &games, &parsed(&["--north", "computer"])).expect("a game");
    assert_eq!(warnings, Vec::<String>::new());
    let app = &session.app;
    assert_eq!(app.record().game.config(), Config::default());
    assert_eq!(
        (app.players().names.clone(), app.players().computers),
        (
            BySide {
                south: "South".to_owned(),
                north: "Computer (level 3)".to_owned()
            },
            BySide {
                south: None,
                north: Level::new(3)
            }
        )
    );
}

#[test]
fn a_new_game_opens_with_the_settings_and_is_remembered_as_the_last() {
    let folder = Folder::holding(
        "# my settings\n[players]\nsouth = \"Naserian\"\n[board]\nwidth = 8\n\
         [opponents]\nnorth = \"computer:2\"\n[display]\nspeed = 5\npreview = false\n",
    );
    let games = Folder::new();
    let args = parsed(&["--seeds", "5", "--south", "Lemayian"]);
    let (session, warnings) = open_in(&folder, &games, &args).expect("a game");
    assert_eq!(warnings, Vec::<String>::new());
    let app = &session.app;
    // The options choose the game: the last board and opponents stay out.
    assert_eq!(
        app.record().game.config(),
        Config::new(6, 5, Variant::Classic).expect("a board")
    );
    assert_eq!(
        app.players().names,
        BySide {
            south: "Lemayian".to_owned(),
            north: "North".to_owned()
        }
    );
    assert_eq!(
        (
            app.desk().view().speed(),
            app.desk().view().preview_shown(app.players())
        ),
        (5, false)
    );
    assert_eq!(
        folder.text(),
        "# my settings\n[players]\nsouth = \"Lemayian\"\n[board]\nwidth = 6\nseeds = 5\n\
         variant = \"classic\"\n[opponents]\nnorth = \"human\"\nsouth = \"human\"\n\
         [display]\nspeed = 5\npreview = false\n\n[game]\nclock = \"none\"\nassist = true\n"
    );
    // Nothing new chosen: the file is not written again.
    let before = fs::metadata(folder.file())
        .and_then(|m| m.modified())
        .expect("a time");
    std::thread::sleep(Duration::from_millis(20));
    open_in(&folder, &games, &parsed(&[])).expect("a game");
    let after = fs::metadata(folder.file())
        .and_then(|m| m.modified())
        .expect("a time");
    assert_eq!(before, after);
}

#[test]
fn a_settings_file_that_cannot_be_saved_is_a_warning_and_the_game_opens() {
    let folder = Folder::holding("[board]\nwidth = = 8\n");
    let games = Folder::new();
    let (session, warnings) =
        open_in(&folder, &games, &parsed(&["--width", "7"])).expect("a game all the same");
    let file = folder.file().display().to_string();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(warnings[0].starts_with(&format!("{file}:2: not valid TOML: ")));
    assert_eq!(
        warnings[1],
        format!(
            "settings not saved: {file}:2: not valid TOML, so it is left as it is: fix or remove it"
        )
    );
    assert_eq!(session.app.record().game.config().width(), 7);
    assert_eq!(
        session
            .app
            .desk()
            .message()
            .map(|message| message.text.as_str()),
        Some("2 problems with the settings file; they are listed when the game ends")
    );
    assert_eq!(folder.text(), "[board]\nwidth = = 8\n");
}

#[test]
fn the_docs_list_every_settings_key_with_its_default_and_meaning() {
    let page = include_str!("../../docs/settings.md");
    let section = page
        .split("\n## ")
        .find(|section| section.starts_with("The settings file"))
        .expect("a section on the settings file in docs/settings.md");
    let rows: Vec<[String; 3]> = section
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split(" | ").collect();
            let key = cells.first()?.strip_prefix("| `")?.strip_suffix('`')?;
            let default = cells.get(1)?.strip_prefix('`')?.strip_suffix('`')?;
            let meaning = cells.get(2)?.strip_suffix(" |")?;
            Some([key, default, meaning].map(str::to_owned))
        })
        .collect();
    let program: Vec<[String; 3]> = Field::ALL
        .iter()
        .map(|field| {
            [
                field.name(),
                field.default_text(),
                field.meaning().to_owned(),
            ]
        })
        .collect();
    assert_eq!(rows, program);
}

#[test]
fn a_speed_or_preview_changed_in_the_game_is_remembered_and_the_rest_kept() {
    let folder = Folder::holding("# mine\n[players]\nsouth = \"Lemayian\"\n[display]\nspeed = 2\n");
    let args = parsed(&[]);
    let (mut session, warnings) =
        Session::open_with_settings(&args, false, None, None, Some(&folder.file()))
            .expect("a game");
    assert_eq!(warnings, Vec::<String>::new());
    let mut runner = Runner::new(session.store, Some(folder.file()), None);
    let app = &mut session.app;
    assert_eq!(
        (
            app.desk().view().speed(),
            app.desk().view().preview_shown(app.players())
        ),
        (2, true)
    );
    app.handle_key(KeyEvent::from(KeyCode::Char('+')));
    app.handle_key(KeyEvent::from(KeyCode::Char('p')));
    let effects = app.take_effects();
    assert!(
        effects.iter().all(Effect::is_file),
        "nothing for the workers: {effects:?}"
    );
    run(&mut runner, app, effects);
    assert_eq!(
        folder.text(),
        "# mine\n[players]\nsouth = \"Lemayian\"\n[display]\nspeed = 3\npreview = false\n"
    );
    let (read, _) = Settings::load(&folder.file());
    assert_eq!((read.speed, read.preview), (3, false));
}

#[test]
fn a_display_setting_that_cannot_be_saved_is_said_and_the_game_goes_on() {
    let folder = Folder::new();
    // A folder where the settings file should be: nothing can be written there.
    fs::create_dir_all(folder.file()).expect("a folder");
    let (mut session, _) =
        Session::open_with_settings(&parsed(&[]), false, None, None, Some(&folder.file()))
            .expect("a game");
    let mut runner = Runner::new(session.store, Some(folder.file()), None);
    let app = &mut session.app;
    app.handle_key(KeyEvent::from(KeyCode::Char('-')));
    carry_out(&mut runner, app);
    let message = app.desk().message().expect("a message").text.clone();
    assert!(message.starts_with("Settings not saved: "), "{message}");
    assert!(folder.file().is_dir(), "the folder stays");
    assert_eq!(app.desk().view().speed(), endodoi::app::DEFAULT_SPEED - 1);
}

#[test]
fn a_game_set_up_on_the_start_screen_is_remembered_as_the_last() {
    let folder = Folder::holding("# mine\n[display]\nspeed = 4\n");
    let (mut session, warnings) =
        Session::open_with_settings(&parsed(&[]), true, None, None, Some(&folder.file()))
            .expect("the start screen");
    assert_eq!(warnings, Vec::<String>::new());
    let mut runner = Runner::new(session.store, Some(folder.file()), None);
    let app = &mut session.app;
    type_keys(app, "n");
    // South's name: Enter types it.
    press(app, KeyCode::Enter);
    for _ in "South".chars() {
        press(app, KeyCode::Backspace);
    }
    type_keys(app, "Naserian\n");
    // North: the computer, level 1 then 2; the width: 6, 7, 8.
    type_keys(app, "j");
    for key in [
        KeyCode::Right,
        KeyCode::Right,
        KeyCode::Down,
        KeyCode::Right,
        KeyCode::Right,
    ] {
        press(app, key);
    }
    type_keys(app, "s");
    carry_out(&mut runner, app);
    assert_eq!(
        folder.text(),
        "# mine\n[display]\nspeed = 4\n\n[players]\nsouth = \"Naserian\"\n\n[board]\nwidth = 8\n\
         seeds = 4\nvariant = \"classic\"\n\n[opponents]\nsouth = \"human\"\nnorth = \"computer:2\"\n\n\
         [game]\nclock = \"none\"\nassist = true\n"
    );
    let (read, _) = Settings::load(&folder.file());
    assert_eq!(read.names.south.as_deref(), Some("Naserian"));
    assert_eq!(read.names.north, None, "a computer's row keeps no name");
}

#[test]
fn a_read_only_settings_file_is_never_written_and_said_once() {
    let text = "# mine\r\n[display]\r\nspeed = 2\r\n";
    let folder = Folder::holding(text);
    fs::set_permissions(folder.file(), fs::Permissions::from_mode(0o444)).expect("read-only");
    let file = folder.file().display().to_string();
    let refused = custom()
        .save(&folder.file(), &Field::ALL)
        .expect_err("read-only");
    assert_eq!(
        format!("{refused:#}"),
        format!("cannot write {file}: it is read-only, so it is left as it is")
    );
    let (mut session, _) =
        Session::open_with_settings(&parsed(&[]), false, None, None, Some(&folder.file()))
            .expect("a game");
    let mut runner = Runner::new(session.store, Some(folder.file()), None);
    let app = &mut session.app;
    let said = |app: &endodoi::app::App| app.desk().message().map(|message| message.text.clone());
    app.handle_key(KeyEvent::from(KeyCode::Char('+')));
    carry_out(&mut runner, app);
    assert_eq!(
        said(app),
        Some(format!(
            "Settings not saved: cannot write {file}: it is read-only, so it is left as it is"
        ))
    );
    app.handle_key(KeyEvent::from(KeyCode::Char('+')));
    carry_out(&mut runner, app);
    assert_ne!(
        said(app),
        Some(format!(
            "Settings not saved: cannot write {file}: it is read-only, so it is left as it is"
        )),
        "said once"
    );
    assert_eq!(folder.text(), text);
    let mode = fs::metadata(folder.file())
        .expect("kept")
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(mode, 0o444);
}

#[test]
fn a_linked_settings_file_is_written_through_and_a_dangling_link_is_left_alone() {
    let folder = Folder::new();
    fs::create_dir_all(folder.0.path().join("endodoi")).expect("the folder");
    let target = folder.0.path().join("dotfiles.toml");
    fs::write(&target, "[display]\nspeed = 2\n").expect("the target");
    std::os::unix::fs::symlink(&target, folder.file()).expect("a link");
    let speed = Settings {
        speed: 3,
        ..Settings::default()
    };
    speed
        .save(&folder.file(), &[Field::Speed])
        .expect("written through");
    assert_eq!(
        fs::read_to_string(&target).expect("the target"),
        "[display]\nspeed = 3\n"
    );
    assert!(
        fs::symlink_metadata(folder.file())
            .expect("the link")
            .is_symlink()
    );

    let missing = folder.0.path().join("elsewhere/settings.toml");
    fs::remove_file(folder.file()).expect("removed");
    std::os::unix::fs::symlink(&missing, folder.file()).expect("a dangling link");
    let refused = speed
        .save(&folder.file(), &[Field::Speed])
        .expect_err("dangling");
    assert_eq!(
        format!("{refused:#}"),
        format!(
            "cannot write {}: a symbolic link to {}, which does not exist, so it is left as it is",
            folder.file().display(),
            missing.display()
        )
    );
    assert!(
        fs::symlink_metadata(folder.file())
            .expect("the link")
            .is_symlink()
    );
    assert!(!missing.exists());
}

#[test]
fn crlf_line_endings_are_kept_on_save() {
    let folder = Folder::holding("# mine\r\n[display]\r\nspeed = 2\r\n");
    let speed = Settings {
        speed: 3,
        preview: false,
        ..Settings::default()
    };
    speed
        .save(&folder.file(), &[Field::Speed, Field::Preview])
        .expect("saved");
    assert_eq!(
        folder.text(),
        "# mine\r\n[display]\r\nspeed = 3\r\npreview = false\r\n"
    );
}

#[test]
fn a_byte_order_mark_is_kept_on_save() {
    let folder = Folder::holding("\u{feff}# mine\n[display]\nspeed = 2\n");
    let (read, warnings) = Settings::load(&folder.file());
    assert_eq!(messages(&warnings), Vec::<String>::new());
    assert_eq!(read.speed, 2);
    let speed = Settings {
        speed: 3,
        ..Settings::default()
    };
    speed.save(&folder.file(), &[Field::Speed]).expect("saved");
    assert_eq!(folder.text(), "\u{feff}# mine\n[display]\nspeed = 3\n");
}
