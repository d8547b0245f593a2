//! A game across two terminals, end to end: `endodoi host` and `endodoi
//! join` run in two tmux sessions of one private server (its socket in the
//! test's temporary folder), on loopback, each with its own HOME and data
//! folder: in the direct mode, and through a real magic-wormhole mailbox
//! server on loopback ([`mailbox::Mailbox`]). Skipped, with a message,
//! without tmux ([`tmux::available`]) or the mailbox server, except in CI.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

use endodoi::rules::{Game, Hole, Side};

use crate::common::moves::first_legal_moves;
use crate::common::{mailbox, tmux};

const BINARY: &str = env!("CARGO_BIN_EXE_endodoi");
const PATIENCE: Duration = Duration::from_secs(15);
/// A joiner restarted through the mailbox meets the host at the seat's
/// rendezvous, which moves every 20 s: two windows, and some.
const REJOIN_PATIENCE: Duration = Duration::from_secs(50);
/// A host restarted through the mailbox is found once the joiner notices the
/// silence (30 s) and meets it at the seat's rendezvous.
const RESUME_PATIENCE: Duration = Duration::from_secs(90);
/// The join code of the direct mode: as strong as the six letters made up.
const CODE: &str = "k4p9xm";
/// A code of the same strength, but not the host's.
const WRONG_CODE: &str = "k4p9xn";
/// What a joiner refused at the door is told after `the host at ADDR` or
/// `the mailbox URL`.
const NOT_TAKEN: &str = "did not take the code: a wrong code, or another player has taken the seat";

/// A private tmux server and a folder for each player.
struct Panes {
    server: tmux::Server,
}

impl Panes {
    fn new(name: &str) -> Option<Panes> {
        tmux::Server::new(name).map(|server| Panes { server })
    }

    fn tmux(&self, args: &[&str]) -> Output {
        self.server.tmux(args)
    }

    /// The home folder of `player`.
    fn home(&self, player: &str) -> PathBuf {
        let home = self.server.root().join(player);
        std::fs::create_dir_all(&home).expect("a home");
        home
    }

    /// Runs `endodoi ARGS` as `player` in a session of that name; with
    /// `exec` the pane's process is the game itself, otherwise a shell
    /// prints its exit status after it.
    fn start(&self, player: &str, args: &str, exec: bool) {
        let home = self.home(player);
        let command = if exec {
            format!("cd '{}' && exec {BINARY} {args}", home.display())
        } else {
            format!(
                "cd '{}' && {BINARY} {args}; echo EXITED $?; sleep 30",
                home.display()
            )
        };
        let env = [
            format!("HOME={}", home.display()),
            format!("XDG_DATA_HOME={}", home.join("data").display()),
            format!("XDG_CONFIG_HOME={}", home.join("config").display()),
            "TERM=xterm-256color".to_owned(),
        ];
        let mut args = vec!["new-session", "-d", "-s", player, "-x", "80", "-y", "24"];
        for variable in &env {
            args.extend(["-e", variable]);
        }
        args.push(&command);
        let output = self.tmux(&args);
        assert!(output.status.success(), "tmux: {output:?}");
    }

    fn keys(&self, player: &str, keys: &[&str]) {
        for key in keys {
            self.tmux(&["send-keys", "-t", player, key]);
        }
    }

    fn screen(&self, player: &str) -> String {
        String::from_utf8_lossy(&self.tmux(&["capture-pane", "-p", "-t", player]).stdout)
            .into_owned()
    }

    /// `player`'s screen with the lines the terminal wrapped joined again:
    /// what a shell printed, whatever its length.
    fn joined_screen(&self, player: &str) -> String {
        String::from_utf8_lossy(
            &self
                .tmux(&["capture-pane", "-p", "-J", "-t", player])
                .stdout,
        )
        .into_owned()
    }

    /// Waits until `player`'s screen shows `text`; returns the screen.
    fn wait(&self, player: &str, text: &str) -> String {
        self.wait_longer(player, text, PATIENCE)
    }

    /// Waits at most `patience` until `player`'s screen shows `text`;
    /// returns the screen.
    fn wait_longer(&self, player: &str, text: &str, patience: Duration) -> String {
        let start = Instant::now();
        loop {
            let capture = self.tmux(&["capture-pane", "-p", "-t", player]);
            // The session is gone: the program ended (a game started with
            // `exec` takes its session with it), and will show nothing more.
            assert!(
                capture.status.success(),
                "{player}'s program ended while waiting for {text:?}: {}",
                String::from_utf8_lossy(&capture.stderr).trim()
            );
            let screen = String::from_utf8_lossy(&capture.stdout).into_owned();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                start.elapsed() < patience,
                "waited {}s for {text:?} on {player}'s screen:\n{screen}",
                patience.as_secs()
            );
            sleep(Duration::from_millis(20));
        }
    }

    /// Runs `endodoi ARGS` as `player` (a home of its own) and waits until
    /// it has ended; the screen, wrapped lines joined.
    fn run_to_end(&self, player: &str, args: &str) -> String {
        self.start(player, args, false);
        self.wait(player, "EXITED");
        self.joined_screen(player)
    }

    fn kill(&self, player: &str) {
        let status = Command::new("kill")
            .args(["-KILL", &self.server.pane_pid(player)])
            .status()
            .expect("kill runs");
        assert!(status.success());
        self.wait_for_exit(player);
    }

    fn wait_for_exit(&self, player: &str) {
        self.server.wait_for_exit(player, PATIENCE);
    }
}

/// Who plays `hole`'s row, and who waits: the host plays South.
fn mover_of(hole: Hole) -> (&'static str, &'static str) {
    match hole.side() {
        Side::South => ("host", "join"),
        Side::North => ("join", "host"),
    }
}

/// The mover of move `ply + 1` of `game` types it; both screens count it.
/// Returns the move counter both show.
fn play(panes: &Panes, game: &Game, ply: usize) -> String {
    let hole = game.history()[ply].hole;
    let (mover, waiter) = mover_of(hole);
    panes.keys(mover, &[&hole.to_string().to_lowercase(), "Enter"]);
    let counted = format!("move {} ╮", ply + 1);
    panes.wait(mover, &counted);
    panes.wait(waiter, &counted);
    counted
}

/// `endodoi replay FILE --json`: the final position of a record.
fn replayed(path: &Path) -> String {
    let output = Command::new(BINARY)
        .arg("replay")
        .arg(path)
        .arg("--json")
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// Once both players have quit `game`: the two `--record` files are the
/// same, each side autosaved it in one file (a side killed and started
/// again too), and it replays to the position of the moves typed.
fn same_game_kept(panes: &Panes, game: &Game, host_record: &Path, join_record: &Path) {
    let host_text = std::fs::read_to_string(host_record).expect("the host's record");
    let join_text = std::fs::read_to_string(join_record).expect("the joiner's record");
    assert_eq!(host_text, join_text, "both records are the same");
    for player in ["host", "join"] {
        let games = panes.home(player).join("data/endodoi/games");
        let saves: Vec<PathBuf> = std::fs::read_dir(&games)
            .expect("the games folder")
            .map(|entry| entry.expect("an entry").path())
            .filter(|path| {
                let name = path.file_name().unwrap_or_default().to_string_lossy();
                name.ends_with(".ogn") && !name.starts_with('.')
            })
            .collect();
        assert_eq!(saves.len(), 1, "{player}: {saves:?}");
        let autosave = std::fs::read_to_string(&saves[0]).expect("the autosave");
        assert_eq!(autosave, host_text, "{player}'s autosave");
    }
    let position = replayed(host_record);
    assert_eq!(position, replayed(join_record));
    let moves: Vec<String> = game
        .history()
        .iter()
        .map(|played| played.hole.to_string())
        .collect();
    let expected = Command::new(BINARY)
        .args(["replay", "--moves", &moves.join(" "), "--json"])
        .output()
        .expect("the binary runs");
    assert!(expected.status.success(), "{expected:?}");
    assert_eq!(position, String::from_utf8_lossy(&expected.stdout));
    assert!(!position.contains("\"status\": \"ongoing\""), "{position}");
}

/// Both players see the end of the game and quit.
fn both_quit(panes: &Panes) {
    panes.wait("host", "Game over");
    panes.wait("join", "Game over");
    for player in ["join", "host"] {
        panes.keys(player, &["q"]);
        panes.wait_for_exit(player);
    }
}

/// `screen` with every run of white space one space: a line the app
/// wrapped (at a space) reads as one again.
fn flat(screen: &str) -> String {
    screen.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What both screens say when the seat's player is back and `ply` moves
/// were played (the host hears the player's copy of the game).
fn goes_on(ply: usize) -> String {
    format!("Reconnected: the game goes on at move {}", ply + 1)
}

#[test]
fn a_whole_game_across_two_terminals_survives_a_killed_joiner_and_refuses_a_wrong_code() {
    let Some(panes) = Panes::new("a_whole_game_across_two_terminals") else {
        return;
    };
    let host_record = panes.home("host").join("game.ogn");
    let join_record = panes.home("join").join("game.ogn");
    panes.start(
        "host",
        &format!(
            "host --listen 127.0.0.1:0 --code {CODE} --row south --name Naserian --no-animation --record {}",
            host_record.display()
        ),
        true,
    );
    let screen = panes.wait("host", &format!("--code {CODE}"));
    assert!(
        screen.contains("Waiting for the other player: endodoi join"),
        "{screen}"
    );
    let address = screen
        .split("endodoi join ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the host shows its address")
        .to_owned();
    assert!(address.starts_with("127.0.0.1:"), "{address}");
    let refused = format!("endodoi: the host at {address} {NOT_TAKEN}\nEXITED 1");

    // A wrong code is refused before the terminal is taken over.
    let screen = panes.run_to_end("stranger", &format!("join {address} --code {WRONG_CODE}"));
    assert!(screen.contains(&refused), "{screen}");
    let screen = panes.wait("host", "Turned away 127.0.0.1:");
    assert!(
        screen.contains(": a wrong code, or the seat is taken"),
        "{screen}"
    );

    let join = format!(
        "join {address} --code {CODE} --name Lekishon --no-animation --record {}",
        join_record.display()
    );
    panes.start("join", &join, true);
    panes.wait("host", "Lekishon joined");
    panes.wait("join", "Connected to Naserian");

    let game = first_legal_moves(usize::MAX);
    let moves = game.history().len();
    let half = moves / 2;
    // The first move after which the joiner has just played: the host's
    // screen tells that move, so that a stranger turned away then is news.
    let thief_after = (2..half)
        .find(|&ply| game.history()[ply - 1].hole.side() == Side::North)
        .expect("the joiner plays in the first half");
    for ply in 0..moves {
        let counted = play(&panes, &game, ply);
        if ply + 1 == thief_after {
            // The seat is taken: the right code, from someone else (a home
            // of their own), is refused as a wrong one, and the game goes on.
            let screen = panes.screen("host");
            assert!(!screen.contains("Turned away"), "{screen}");
            let screen = panes.run_to_end("thief", &format!("join {address} --code {CODE}"));
            assert!(screen.contains(&refused), "{screen}");
            let screen = panes.wait("host", "Turned away 127.0.0.1:");
            assert!(
                screen.contains(": a wrong code, or the seat is taken"),
                "{screen}"
            );
            assert!(screen.contains(&counted), "{screen}");
            panes.wait("join", "Connected to Naserian");
        }
        if ply + 1 == half {
            panes.kill("join");
            panes.wait("host", "Disconnected: the other player left");
            panes.start("join", &join, true);
            panes.wait("host", &goes_on(ply + 1));
            panes.wait("join", &counted);
            panes.wait("join", &goes_on(ply + 1));
        }
    }
    both_quit(&panes);
    same_game_kept(&panes, &game, &host_record, &join_record);
}

/// A port on loopback that nothing listens at now.
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    listener.local_addr().expect("an address").port()
}

#[test]
fn a_host_killed_and_hosted_again_with_resume_is_joined_again_by_itself() {
    let Some(panes) = Panes::new("a_host_killed_and_hosted_again") else {
        return;
    };
    let address = format!("127.0.0.1:{}", free_port());
    let host = format!("host --listen {address} --code {CODE} --name Naserian --no-animation");
    panes.start("host", &format!("{host} --row south"), true);
    panes.wait("host", &format!("--code {CODE}"));
    panes.start(
        "join",
        &format!("join {address} --code {CODE} --name Lekishon --no-animation"),
        true,
    );
    panes.wait("host", "Lekishon joined");
    let game = first_legal_moves(usize::MAX);
    for ply in 0..3 {
        play(&panes, &game, ply);
    }
    panes.kill("host");
    panes.wait(
        "join",
        "Disconnected: the other player left; the game is kept",
    );
    panes.start("host", &format!("{host} --resume"), true);
    panes.wait("host", &goes_on(3));
    panes.wait("join", &goes_on(3));
    play(&panes, &game, 3);
}

/// The code the host's screen gives after `endodoi join ` (the first
/// such), checked to be one a mailbox makes up: `NAMEPLATE-WORD-WORD`.
fn code_on(screen: &str) -> String {
    let code = screen
        .split("endodoi join ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_default()
        .to_owned();
    let parts: Vec<&str> = code.split('-').collect();
    assert!(
        parts.len() == 3
            && parts[0].parse::<u32>().is_ok()
            && parts[1..]
                .iter()
                .all(|word| !word.is_empty() && word.chars().all(|c| c.is_ascii_lowercase())),
        "no mailbox code after `endodoi join ` in:\n{screen}"
    );
    code
}

#[test]
fn a_whole_game_through_a_mailbox_survives_a_wrong_code_a_killed_joiner_and_a_killed_host() {
    let Some(panes) = Panes::new("a_whole_game_through_a_mailbox") else {
        return;
    };
    let Some(mailbox) = mailbox::Mailbox::start() else {
        return;
    };
    let url = mailbox.url();
    let host_record = panes.home("host").join("game.ogn");
    let join_record = panes.home("join").join("game.ogn");
    let host = format!(
        "host --mailbox {url} --name Naserian --no-animation --record {}",
        host_record.display()
    );
    panes.start("host", &format!("{host} --row south"), true);
    let screen = panes.wait("host", "Waiting for the other player: endodoi join ");
    let first = code_on(&screen);
    assert!(
        flat(&screen).contains(&format!(
            "Waiting for the other player: endodoi join {first} --mailbox {url}"
        )),
        "{screen}"
    );

    // The right nameplate, the wrong words: the key does not agree, the
    // stranger is refused before its terminal is taken over, and the code
    // is spent: the host's screen gives a new one.
    let nameplate = first.split('-').next().unwrap_or_default();
    let screen = panes.run_to_end(
        "stranger",
        &format!("join {nameplate}-wrong-guess --mailbox {url}"),
    );
    assert!(
        screen.contains(&format!("endodoi: the mailbox {url} {NOT_TAKEN}\nEXITED 1")),
        "{screen}"
    );
    let screen = panes.wait("host", "The other player now joins with: endodoi join ");
    let code = code_on(
        screen
            .split("The other player now joins with:")
            .nth(1)
            .unwrap_or_default(),
    );
    assert!(
        flat(&screen).contains(&format!(
            "The other player now joins with: endodoi join {code} --mailbox {url}"
        )),
        "{screen}"
    );
    assert_ne!(code, first, "a wrong code spends the code");

    let join = format!(
        "join {code} --mailbox {url} --name Lekishon --no-animation --record {}",
        join_record.display()
    );
    panes.start("join", &join, true);
    panes.wait("host", "Lekishon joined");
    panes.wait("join", "Connected to Naserian");

    let game = first_legal_moves(usize::MAX);
    let moves = game.history().len();
    let half = moves / 2;
    let three_quarters = moves * 3 / 4;
    for ply in 0..moves {
        let counted = play(&panes, &game, ply);
        if ply + 1 == half {
            // The same command, by the same player, takes the seat again.
            panes.kill("join");
            let started = Instant::now();
            panes.start("join", &join, true);
            panes.wait_longer("join", &goes_on(ply + 1), REJOIN_PATIENCE);
            panes.wait("join", &counted);
            panes.wait("host", &goes_on(ply + 1));
            eprintln!("the joiner was back after {:?}", started.elapsed());
        }
        if ply + 1 == three_quarters {
            // The host, started again with --resume, waits for the seat's
            // player, who finds it once the silence tells them it is gone.
            panes.kill("host");
            let started = Instant::now();
            panes.start("host", &format!("{host} --resume"), true);
            // The joiner hears nothing for 30 s before it looks for the host:
            // the host waits meanwhile, and tells how to take the seat.
            let screen = panes.wait("host", "Waiting for Lekishon to take their seat again");
            assert!(
                flat(&screen).contains(&format!(
                    "Waiting for Lekishon to take their seat again: endodoi join {code} \
                     --mailbox {url}"
                )),
                "{screen}"
            );
            panes.wait_longer("join", &goes_on(ply + 1), RESUME_PATIENCE);
            panes.wait("host", &goes_on(ply + 1));
            eprintln!("the host was found again after {:?}", started.elapsed());
        }
    }
    both_quit(&panes);
    same_game_kept(&panes, &game, &host_record, &join_record);
}

#[test]
fn a_host_on_north_waits_for_the_joiners_first_move_and_keeps_north_when_hosted_again() {
    let Some(panes) = Panes::new("a_host_on_north") else {
        return;
    };
    // Each player's row is the lower one on their screen.
    let below = |screen: &str, upper: &str, lower: &str| {
        let at = |text: &str| {
            screen
                .find(text)
                .unwrap_or_else(|| panic!("{text}: {screen}"))
        };
        assert!(at(upper) < at(lower), "{screen}");
    };
    let address = format!("127.0.0.1:{}", free_port());
    let host = format!("host --listen {address} --code {CODE} --name Naserian --no-animation");
    panes.start("host", &format!("{host} --row north"), true);
    panes.wait("host", &format!("--code {CODE}"));
    panes.start(
        "join",
        &format!("join {address} --code {CODE} --name Lekishon --no-animation"),
        true,
    );
    let screen = panes.wait("host", "▶ Lekishon South");
    below(&screen, "Lekishon South", "Naserian North");
    let screen = panes.wait("join", "▶ Lekishon South");
    below(&screen, "Naserian North", "Lekishon South");
    panes.keys("host", &["a", "Enter"]);
    panes.keys("join", &["a", "Enter"]);
    panes.wait("host", "▶ Naserian North");
    panes.wait("join", "move 1 ╮");
    panes.kill("host");
    panes.wait(
        "join",
        "Disconnected: the other player left; the game is kept",
    );
    panes.start("host", &format!("{host} --resume"), true);
    panes.wait("host", &goes_on(1));
    let screen = panes.wait("host", "▶ Naserian North");
    below(&screen, "Lekishon South", "Naserian North");
    panes.wait("join", &goes_on(1));
    let screen = panes.wait("join", "▶ Naserian North");
    below(&screen, "Naserian North", "Lekishon South");
}

#[test]
fn a_host_meets_through_the_mailbox_of_its_settings_file() {
    let Some(panes) = Panes::new("a_host_meets_through_the_settings_mailbox") else {
        return;
    };
    let Some(mailbox) = mailbox::Mailbox::start() else {
        return;
    };
    let url = mailbox.url();
    let config = panes.home("host").join("config").join("endodoi");
    std::fs::create_dir_all(&config).expect("the config folder");
    std::fs::write(
        config.join("settings.toml"),
        format!("[network]\nmailbox = \"{url}\"\n"),
    )
    .expect("the settings file");
    panes.start(
        "host",
        "host --name Naserian --no-animation --row south",
        true,
    );
    let screen = panes.wait("host", "Waiting for the other player: endodoi join ");
    let code = code_on(&screen);
    // The joiner, with no settings of its own, is told the mailbox.
    assert!(
        flat(&screen).contains(&format!(
            "Waiting for the other player: endodoi join {code} --mailbox {url}"
        )),
        "{screen}"
    );
}
