//! Files and input under faults (issue 32, "Files and input"): every way
//! out keeps the game somewhere, the exit summary tells what is on disk,
//! every limit on reading holds on writing, and every error names the file
//! and the reason.

use endodoi::app::{Answer, Setting};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use endodoi::record::Record;

use crate::common::{moves::letters, tmux};
use endodoi::app::Snapshot;
use endodoi::terminal::carry_out;

const BINARY: &str = env!("CARGO_BIN_EXE_endodoi");
const PATIENCE: Duration = Duration::from_secs(15);

/// Starts the game in `server`'s session `game` (80×24), in the test's
/// folder, which is its home too: the program is the pane's, or, if
/// `then_status`, the pane stays to show what it printed and
/// `EXITED status`.
fn start(server: &tmux::Server, args: &str, then_status: bool) {
    let command = if then_status {
        format!("{BINARY} {args}; echo EXITED $?; sleep 60")
    } else {
        format!("exec {BINARY} {args}")
    };
    server.start("game", (80, 24), &command);
}

/// Makes the saves folder unwritable: a file where the data folder should be.
fn block_the_saves(server: &tmux::Server) {
    let data = server.root().join("data");
    std::fs::create_dir_all(&data).expect("the data folder");
    std::fs::create_dir_all(server.root().join("tmp")).expect("a temporary folder");
    std::fs::write(data.join("endodoi"), "not a folder\n").expect("a file in the way");
}

/// The records `endodoi-….ogn` in `dir`.
fn kept_in(dir: &Path) -> Vec<PathBuf> {
    let mut kept: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            name.starts_with("endodoi-") && name.ends_with(".ogn")
        })
        .collect();
    kept.sort();
    kept
}

/// How the program is ended while its saves fail.
#[derive(Copy, Clone, Debug)]
enum Way {
    /// The terminal closes under it (its tmux server is killed).
    TerminalClosed,
    /// It is sent SIGHUP.
    Hangup,
}

/// Plays one move while the saves folder cannot be written, ends the
/// program the `way` given, and checks that the game was written where `s`
/// would have written it.
fn a_game_kept_nowhere_is_written_where_s_would(name: &str, way: Way) {
    let Some(server) = tmux::Server::new(name) else {
        return;
    };
    block_the_saves(&server);
    start(&server, "--no-animation --width 6", false);
    server.wait_for("game", "South to move", PATIENCE);
    server.tmux(&["send-keys", "-t", "game", "a", "Enter"]);
    server.wait_for("game", "NOT SAVED at move 1", PATIENCE);
    let pid = server.pane_pid("game");
    match way {
        Way::TerminalClosed => {
            server.tmux(&["kill-server"]);
        }
        Way::Hangup => {
            let status = Command::new("kill")
                .args(["-HUP", &pid])
                .status()
                .expect("kill runs");
            assert!(status.success());
        }
    }
    let waited = Instant::now();
    while std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .is_ok_and(|stat| !stat.contains(") Z "))
    {
        assert!(waited.elapsed() < PATIENCE, "{way:?}: the game still runs");
        sleep(Duration::from_millis(50));
    }
    let kept = kept_in(server.root());
    assert_eq!(kept.len(), 1, "{way:?}: the game is kept where s saves");
    let text = std::fs::read_to_string(&kept[0]).expect("the record");
    let record = Record::read(&text).expect("a record");
    assert_eq!(letters(&record.game), "A", "{way:?}");
}

#[test]
fn a_closed_terminal_keeps_a_game_the_saves_could_not_where_s_would() {
    a_game_kept_nowhere_is_written_where_s_would("files-closed", Way::TerminalClosed);
}

#[test]
fn sighup_keeps_a_game_the_saves_could_not_where_s_would() {
    a_game_kept_nowhere_is_written_where_s_would("files-sighup", Way::Hangup);
}

#[test]
fn the_exit_summary_reads_back_a_save_swapped_for_a_fifo_or_a_folder() {
    for (name, swap) in [("fifo", "mkfifo"), ("folder", "mkdir")] {
        let Some(server) = tmux::Server::new(&format!("files-swapped-{name}")) else {
            return;
        };
        start(&server, "--no-animation --width 6", true);
        server.wait_for("game", "South to move", PATIENCE);
        server.tmux(&["send-keys", "-t", "game", "a", "Enter"]);
        server.wait_for("game", "North to move", PATIENCE);
        let games = server.root().join("data/endodoi/games");
        let saved = kept_in_games(&games);
        std::fs::remove_file(&saved).expect("the save removed");
        let made = Command::new(swap).arg(&saved).status().expect("it runs");
        assert!(made.success());
        server.tmux(&["send-keys", "-t", "game", "a", "Enter"]);
        server.wait_for("game", "NOT SAVED at move 2", PATIENCE);
        server.tmux(&["send-keys", "-t", "game", "q"]);
        server.wait_for("game", "Quit?", PATIENCE);
        server.tmux(&["send-keys", "-t", "game", "y"]);
        let screen = server.wait_for("game", "EXITED 1", PATIENCE);
        assert!(
            !screen.contains("holds it only up to move"),
            "{name}: nothing on disk holds move 1:\n{screen}"
        );
        assert!(
            screen.contains("no earlier copy is left"),
            "{name}: {screen}"
        );
        assert!(
            screen.contains("\n1. A+2 a"),
            "{name}: the record follows:\n{screen}"
        );
    }
}

/// The one save in the games folder `games`.
fn kept_in_games(games: &Path) -> PathBuf {
    let saves: Vec<PathBuf> = std::fs::read_dir(games)
        .expect("the games folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "ogn"))
        .collect();
    assert_eq!(saves.len(), 1, "{saves:?}");
    saves[0].clone()
}

/// The options `args` give, parsed as the command line would be.
fn parsed(args: &[&str]) -> endodoi::options::GameOptions {
    use clap::Parser as _;
    endodoi::cli::Cli::try_parse_from(std::iter::once("endodoi").chain(args.iter().copied()))
        .expect("valid options")
        .play
        .options()
}

#[test]
fn a_game_that_outgrows_what_resume_reads_is_never_saved_nor_offered() {
    use endodoi::file::MAX_RECORD_BYTES;
    use endodoi::save::Loaded;
    use endodoi::terminal::Runner;

    let home = tempfile::tempdir().expect("a temporary folder");
    let games = home.path().join("games");
    let big = home.path().join("big.ogn");
    // A record just under the limit: a long tag, and no move yet.
    let frame = "[Event \"\"]\n\n*\n".len();
    let padding = usize::try_from(MAX_RECORD_BYTES).expect("16 MiB") - frame - 8;
    std::fs::write(&big, format!("[Event \"{}\"]\n\n*\n", "x".repeat(padding)))
        .expect("the record");
    let loaded = Loaded::read(&big).expect("a record under the limit is read");
    let options = parsed(&["--load", big.to_str().expect("UTF-8")]);
    let session = endodoi::session::Session::open(&options, Some(loaded), Some(&games))
        .expect("the game opens");
    let (mut app, mut runner) = (session.app, Runner::new(session.store, None, None));
    app.set(Setting::Animation(false));
    for _ in 0..2 {
        let first = app
            .record()
            .game
            .legal_moves()
            .next()
            .expect("a legal move");
        crate::common::keys::type_keys(
            &mut app,
            &format!("{}\n", first.to_string().to_lowercase()),
        );
        carry_out(&mut runner, &mut app);
    }
    let said = app.desk().message().expect("a message").text.clone();
    assert!(
        said.starts_with("NOT SAVED at move 2") && said.contains("larger than 16 MiB"),
        "{said}"
    );
    let farewell = runner.finish(&Snapshot::of(&app));
    assert!(
        farewell
            .notes
            .iter()
            .all(|note| !note.contains("continues it")),
        "no command that cannot work: {:?}",
        farewell.notes
    );
    assert_eq!(farewell.unkept.len(), 1, "{:?}", farewell.failures);
    for entry in std::fs::read_dir(&games).into_iter().flatten() {
        let path = entry.expect("an entry").path();
        let size = std::fs::metadata(&path).expect("the save").len();
        assert!(
            size <= MAX_RECORD_BYTES,
            "{} is {size} bytes",
            path.display()
        );
    }
    assert_eq!(
        std::fs::read(&big).expect("the loaded file").len(),
        usize::try_from(MAX_RECORD_BYTES).expect("16 MiB") - 8,
        "the loaded file is left as it was"
    );
}

#[test]
fn a_host_that_cannot_keep_the_seat_says_so_and_offers_only_what_works() {
    use endodoi::app::{App, Connection, Match, Network, Role};
    use endodoi::net::{Admission, Host, Link, ProtocolTimes};
    use endodoi::rules::{Config, Side};

    use crate::common::looped::Looped;
    use crate::common::peer::Peer;

    const CODE: &str = "k4p9xm";
    let dir = tempfile::tempdir().expect("a temporary folder");
    // A file where the seats' folder should be: no seat can be kept.
    let seats = dir.path().join("seats");
    std::fs::write(&seats, "not a folder\n").expect("a file in the way");
    let admission = Admission {
        code: Some(CODE.to_owned()),
        seat: None,
    };
    let (host, events) = Host::listen(
        "127.0.0.1:0",
        admission,
        "Naserian",
        ProtocolTimes::default(),
    )
    .expect("a port on loopback");
    let address = host.address();
    let mut app = App::new(Config::default(), Match::default());
    let role = Role::Host {
        invite: format!("endodoi join {address} --code {CODE}"),
        options: format!(" --listen {address}"),
    };
    app.set(Setting::Across {
        network: Network::new(role),
        remote_home: Side::North,
        name: Some("Naserian".into()),
    });
    let mut hosted = Looped::in_dir(app, dir, Link::host(host, events, Some(seats)));
    let mut peer = Peer::joining(address, CODE);
    peer.send("hello Jo");
    hosted.until("the join", |app| {
        app.table().network().expect("a network game").connection == Connection::Connected
    });
    let said = hosted.message();
    assert!(
        said.starts_with("The seat cannot be kept (") && said.contains("cannot be joined again"),
        "the warning is not hidden by the news of the join: {said}"
    );
    crate::common::keys::type_keys(&mut hosted.app, "a\n");
    hosted.turn();
    let farewell = hosted.finish();
    let offered: Vec<&String> = farewell
        .notes
        .iter()
        .filter(|note| note.contains("continues it"))
        .collect();
    assert_eq!(offered.len(), 1, "{:?}", farewell.notes);
    assert!(
        offered[0].contains("`endodoi --resume ") && !offered[0].contains("host --resume"),
        "a command that works: {}",
        offered[0]
    );
}

#[test]
fn a_table_level_that_is_a_link_is_said_to_be_one_and_a_build_says_what_to_do() {
    use endodoi::tablebase::level_path;

    use crate::common::in_process::endodoi;
    use crate::common::tables::{build, try_build};

    let dir = tempfile::tempdir().expect("a folder");
    build(dir.path(), 6, 4);
    let file = level_path(dir.path(), 6, 4);
    let elsewhere = dir.path().join("elsewhere.tb");
    std::fs::write(&elsewhere, b"ENDODOT").expect("written");
    std::fs::remove_file(&file).expect("the level removed");
    std::os::unix::fs::symlink(&elsewhere, &file).expect("a link in its place");
    let probed = endodoi(&[
        "tablebase",
        "probe",
        "--dir",
        dir.path().to_str().expect("UTF-8"),
        "--pits",
        "0 1 0 1 0 1 / 1 0 0 0 0 0",
        "--to-move",
        "south",
    ]);
    assert_eq!(
        String::from_utf8_lossy(&probed.stderr),
        format!(
            "endodoi: {}: corrupt table file: a symbolic link to {}, which is truncated: 7 bytes, \
             not even a header\n",
            file.display(),
            elsewhere.display()
        )
    );
    let refused = try_build(dir.path(), 6, 4).expect_err("a link is never written through");
    assert!(
        format!("{refused:#}").ends_with(
            "; a build never writes through a link: remove the link (or mend the file it \
             leads to) and build again"
        ),
        "{refused:#}"
    );
    assert_eq!(std::fs::read(&elsewhere).expect("its target"), b"ENDODOT");
}

#[test]
fn a_joiner_whose_seat_cannot_be_kept_is_told_and_offered_only_what_works() {
    use endodoi::app::{App, Match, Network, Role};
    use endodoi::rules::{Config, Side};

    let mut app = App::new(Config::default(), Match::default());
    let join = "endodoi join 127.0.0.1:7557 --code k4p9xm";
    let role = Role::Guest {
        place: "127.0.0.1:7557".to_owned(),
        command: join.to_owned(),
    };
    app.set(Setting::Across {
        network: Network::new(role),
        remote_home: Side::South,
        name: None,
    });
    app.answer(Answer::Seat("s3at".into()));
    assert_eq!(
        app.table().resume_command(Some("g1")),
        join,
        "a kept seat joins again"
    );
    app.answer(Answer::SeatNotKept(
        "seats: a regular file, not a folder".into(),
    ));
    let said = app.desk().message().expect("a message").text.clone();
    assert_eq!(
        said,
        "The seat cannot be kept (seats: a regular file, not a folder): this game cannot be \
         joined again; `endodoi --resume` plays it on here"
    );
    assert_eq!(
        app.table().resume_command(Some("g1")),
        "endodoi --resume g1"
    );
}
