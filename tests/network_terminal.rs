//! A game across two terminals, end to end: `endodoi host` and `endodoi
//! join` run in two tmux sessions of one private server (its socket in the
//! test's temporary folder), on loopback, each with its own HOME and data
//! folder. Skipped, with a message, without tmux, except in CI
//! ([`tmux::available`]).

#[path = "common/tmux.rs"]
mod tmux;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

use endodoi::rules::{Config, Game, Side};

const BINARY: &str = env!("CARGO_BIN_EXE_endodoi");
const PATIENCE: Duration = Duration::from_secs(15);

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

    /// Waits until `player`'s screen shows `text`; returns the screen.
    fn wait(&self, player: &str, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen(player);
            if screen.contains(text) {
                return screen;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "waited for {text:?} on {player}'s screen:\n{screen}"
            );
            sleep(Duration::from_millis(20));
        }
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

/// The moves of a whole game on the default board, each the first legal
/// move: the test types them.
fn whole_game() -> Game {
    let mut game = Game::new(Config::default());
    while game.outcome().is_none() {
        let hole = game
            .legal_moves()
            .next()
            .expect("a game not over has a move");
        game.play(hole).expect("a legal move");
    }
    game
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
            "host --listen 127.0.0.1:0 --code k4p9 --name Naserian --no-animation --record {}",
            host_record.display()
        ),
        true,
    );
    let screen = panes.wait("host", "--code k4p9");
    let address = screen
        .split("endodoi join ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the host shows its address")
        .to_owned();
    assert!(address.starts_with("127.0.0.1:"), "{address}");

    // A wrong code is refused before the terminal is taken over.
    panes.start("stranger", &format!("join {address} --code nope"), false);
    let screen = panes.wait("stranger", "EXITED");
    assert!(
        screen.contains(&format!(
            "endodoi: the host at {address} refused: wrong code\nEXITED 1"
        )),
        "{screen}"
    );
    panes.wait("host", "wrong code");

    let join = format!(
        "join {address} --code k4p9 --name Lekishon --no-animation --record {}",
        join_record.display()
    );
    panes.start("join", &join, true);
    panes.wait("host", "Lekishon joined");
    panes.wait("join", "Connected to Naserian");

    let game = whole_game();
    let history = game.history();
    let half = history.len() / 2;
    for (ply, played) in history.iter().enumerate() {
        let (mover, waiter) = match played.hole.side() {
            Side::South => ("host", "join"),
            Side::North => ("join", "host"),
        };
        let letter = played.hole.to_string().to_lowercase();
        panes.keys(mover, &[&letter, "Enter"]);
        let counted = format!("move {} ╮", ply + 1);
        panes.wait(mover, &counted);
        panes.wait(waiter, &counted);
        if ply + 1 == half {
            panes.kill("join");
            panes.wait("host", "Disconnected: the other player left");
            panes.start("join", &join, true);
            panes.wait("host", "Lekishon joined");
            panes.wait("join", &counted);
        }
    }
    panes.wait("host", "Game over");
    panes.wait("join", "Game over");
    for player in ["join", "host"] {
        panes.keys(player, &["q"]);
        panes.wait_for_exit(player);
    }
    let host_text = std::fs::read_to_string(&host_record).expect("the host's record");
    let join_text = std::fs::read_to_string(&join_record).expect("the joiner's record");
    assert_eq!(host_text, join_text, "both records are the same");
    // Each side autosaved the game in one file, the joiner too although it
    // was killed and joined again: the same record.
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
    let position = replayed(&host_record);
    assert_eq!(position, replayed(&join_record));
    let moves: Vec<String> = history
        .iter()
        .map(|played| played.hole.to_string())
        .collect();
    let expected = Command::new(BINARY)
        .args(["replay", "--moves", &moves.join(" "), "--json"])
        .output()
        .expect("the binary runs");
    assert_eq!(position, String::from_utf8_lossy(&expected.stdout));
    assert!(!position.contains("\"status\": \"ongoing\""), "{position}");
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
    let host = format!("host --listen {address} --code k4p9 --name Naserian --no-animation");
    panes.start("host", &host, true);
    panes.wait("host", "--code k4p9");
    panes.start(
        "join",
        &format!("join {address} --code k4p9 --name Lekishon --no-animation"),
        true,
    );
    panes.wait("host", "Lekishon joined");
    let game = whole_game();
    for (ply, played) in game.history()[..3].iter().enumerate() {
        let mover = match played.hole.side() {
            Side::South => "host",
            Side::North => "join",
        };
        let letter = played.hole.to_string().to_lowercase();
        panes.keys(mover, &[&letter, "Enter"]);
        panes.wait("host", &format!("move {} ╮", ply + 1));
        panes.wait("join", &format!("move {} ╮", ply + 1));
    }
    panes.kill("host");
    panes.wait(
        "join",
        "Disconnected: the other player left; the game is kept",
    );
    panes.start("host", &format!("{host} --resume"), true);
    panes.wait("host", "Lekishon joined");
    panes.wait("join", "Reconnected: the game goes on at move 4");
    let fourth = game.history()[3].hole;
    let mover = match fourth.side() {
        Side::South => "host",
        Side::North => "join",
    };
    panes.keys(mover, &[&fourth.to_string().to_lowercase(), "Enter"]);
    panes.wait("host", "move 4 ╮");
    panes.wait("join", "move 4 ╮");
}
