//! The web page across the network (issue 35): a terminal hosts through a
//! real magic-wormhole mailbox on loopback (`tests/common/mailbox.rs`), in
//! a private tmux server (`tests/common/tmux.rs`), and the page joins it in
//! Debian's chromium (`tests/common/page.rs`) with the code read off the
//! terminal's screen. Skipped with a message where tmux, the mailbox
//! server, the page or the browser is missing, except in CI.

use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};

use endodoi::rules::{Config, Game, Side};

use super::web::{board_shown, errors};
use crate::common::mailbox::Mailbox;
use crate::common::moves::first_legal_moves;
use crate::common::page::Page;
use crate::common::tmux::Server;

const BINARY: &str = env!("CARGO_BIN_EXE_endodoi");
const PATIENCE: Duration = Duration::from_secs(20);
/// The page taking its seat again meets the host at the seat's rendezvous,
/// which moves every 20 s: two windows, and some.
const REJOIN_PATIENCE: Duration = Duration::from_secs(60);
/// A page hosting again after a reload is found once the terminal notices
/// the silence (30 s) and meets it at the seat's rendezvous.
const RESUME_PATIENCE: Duration = Duration::from_secs(90);
/// Moves played in a game.
const PLIES: usize = 12;

/// The terminal, hosting through `url` on South, and the code its screen
/// gives; `None` when tmux is missing.
fn host(name: &str, url: &str) -> Option<(Server, String)> {
    let server = Server::new(name)?;
    server.start(
        "host",
        (80, 24),
        &format!("exec {BINARY} host --mailbox {url} --name Naserian --no-animation --row south"),
    );
    let screen = server.wait_for(
        "host",
        "Waiting for the other player: endodoi join ",
        PATIENCE,
    );
    let code = code_on(&screen, "Waiting for the other player:");
    Some((server, code))
}

/// The mailbox's code after `endodoi join ` that follows `after` on `screen`.
fn code_on(screen: &str, after: &str) -> String {
    let code = screen
        .split(after)
        .nth(1)
        .and_then(|rest| rest.split("endodoi join ").nth(1))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_default()
        .to_owned();
    assert!(
        code.split('-').count() == 3
            && code
                .split('-')
                .next()
                .is_some_and(|n| n.parse::<u32>().is_ok()),
        "no mailbox code after {after:?} in:\n{screen}"
    );
    code
}

/// The mailbox's `url` as a value in the page's address.
fn escaped(url: &str) -> String {
    url.replace(':', "%3A").replace('/', "%2F")
}

/// The page's address that joins `code` through `url` as `name`.
fn joining(code: &str, url: &str, name: &str) -> String {
    format!("?join={code}&mailbox={}&name={name}", escaped(url))
}

/// The move counter a screen shows once `ply` moves are played.
fn counted(ply: usize) -> String {
    format!("move {ply} ╮")
}

/// The board a screen shows, as the rules hold it: each row in the order
/// of its holes, and the captures, South's then North's. `below` is the
/// side whose row the screen shows below.
fn board_of(screen: &str, below: Side) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let (above, lower, mut captured) = board_shown(screen, 6);
    match below {
        Side::South => {
            captured.reverse();
            (lower, above, captured)
        }
        Side::North => (above, lower, captured),
    }
}

/// The board of `game` as [`board_of`] reads one.
fn board_in(game: &Game) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let position = game.position();
    let row = |side| position.row(side).iter().map(|&n| u32::from(n)).collect();
    let captured = position.captured();
    (
        row(Side::South),
        row(Side::North),
        vec![
            u32::from(captured[Side::South]),
            u32::from(captured[Side::North]),
        ],
    )
}

/// The text of `file` once the page has written it (its `screen_to`).
fn written(file: &std::path::Path) -> String {
    let start = Instant::now();
    loop {
        if let Ok(text) = std::fs::read_to_string(file) {
            return text;
        }
        assert!(
            start.elapsed() < REJOIN_PATIENCE,
            "the page wrote no {}",
            file.display()
        );
        thread::sleep(Duration::from_millis(100));
    }
}

/// What both screens say when the seat's player is back after `ply` moves.
fn back_at(ply: usize) -> String {
    format!("Reconnected: the game goes on at move {}", ply + 1)
}

/// Milliseconds since the epoch, as the page's `Date.now()`.
fn now_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs_f64()
        * 1000.0
}

#[test]
fn a_terminal_hosts_and_the_page_joins_plays_comes_back_after_a_reload_and_both_agree() {
    let name = "a_terminal_hosts_and_the_page_joins";
    let Some(page) = Page::open(name) else {
        return;
    };
    let Some(mailbox) = Mailbox::start() else {
        return;
    };
    let url = mailbox.url();
    let Some((terminal, code)) = host(name, &url) else {
        return;
    };
    let game = first_legal_moves(PLIES);
    let reload_after = PLIES / 2;
    let back = terminal.root().join("back.txt");
    let joined = terminal.root().join("joined.txt");
    // The page's plan: each of North's moves typed once the page shows the
    // moves before it, each of South's noted when it is shown; a reload
    // halfway, after which the page takes its seat again.
    let mut plan = vec![
        json!({"open": joining(&code, &url, "Lekishon")}),
        json!({"until": "Connected to Naserian"}),
        // Told to the test, which moves only then: the host's first move
        // would hide what the page says.
        json!({"screen_to": joined}),
    ];
    for (ply, played) in game.history().iter().enumerate() {
        if ply == reload_after {
            // The page's own move sent before the page goes.
            plan.push(json!({"wait": 1000}));
            plan.push(json!({"storage": true}));
            plan.push(json!({"reload": true}));
            plan.push(json!({
                "until": back_at(ply),
                "timeout": REJOIN_PATIENCE.as_millis()
            }));
            // Told to the test, which moves only then: the host's next
            // move would hide what the page says.
            plan.push(json!({"screen_to": back}));
        }
        match played.hole.side() {
            Side::North => {
                plan.push(json!({"until": counted(ply)}));
                plan.push(json!({"keys": [played.hole.to_string().to_lowercase(), "Enter"]}));
            }
            // Said as soon as the page takes it, before its sowing is shown.
            Side::South => plan.push(json!({"seen": format!("Naserian sowed {played}")})),
        }
    }
    plan.push(json!({"until": counted(PLIES)}));
    plan.push(json!({"wait": 1500}));
    plan.push(json!({"screen": true}));
    let (lines, sent) = thread::scope(|scope| {
        let driven = scope.spawn(|| page.run(&Value::Array(plan)));
        terminal.wait_for("host", "Lekishon joined", PATIENCE);
        written(&joined);
        let mut sent = Vec::new();
        for (ply, played) in game.history().iter().enumerate() {
            if ply == reload_after {
                terminal.wait_for("host", &back_at(ply), REJOIN_PATIENCE);
                written(&back);
            }
            if played.hole.side() == Side::South {
                terminal.wait_for("host", &counted(ply), PATIENCE);
                sent.push(now_ms());
                let key = played.hole.to_string().to_lowercase();
                terminal.tmux(&["send-keys", "-t", "host", &key, "Enter"]);
            }
        }
        (driven.join().expect("the page's driver"), sent)
    });
    // The terminal and the page end on the board the rules give.
    let shown = terminal.wait_for("host", &counted(PLIES), PATIENCE);
    assert_eq!(board_of(&shown, Side::South), board_in(&game), "{shown}");
    let screen = lines
        .iter()
        .find_map(|line| line["screen"].as_str())
        .expect("the page's screen");
    assert_eq!(board_of(screen, Side::North), board_in(&game), "{screen}");
    assert!(screen.contains("Connected to Naserian"), "{screen}");
    // The seat was kept in the browser (its secret, 64 hexadecimal digits),
    // with the game, which names the seat.
    let storage = lines
        .iter()
        .find_map(|line| line["storage"].as_object())
        .expect("the storage");
    let secret = storage
        .iter()
        .find(|(key, _)| key.starts_with("endodoi.seat."))
        .and_then(|(_, secret)| secret.as_str())
        .expect("a seat kept");
    assert!(
        secret.len() == 64 && secret.chars().all(|c| c.is_ascii_hexdigit()),
        "{secret}"
    );
    assert!(
        storage
            .iter()
            .any(|(key, game)| key.starts_with("endodoi.game.")
                && game.as_str().is_some_and(|game| game.contains("[Seat \""))),
        "{storage:?}"
    );
    assert_eq!(errors(&lines), &json!([]));
    // From a move typed in the terminal to the page showing it.
    let seen: Vec<f64> = lines
        .iter()
        .filter_map(|line| line["at_ms"].as_f64())
        .collect();
    let mut latencies: Vec<f64> = seen.iter().zip(&sent).map(|(at, sent)| at - sent).collect();
    latencies.sort_by(f64::total_cmp);
    eprintln!("a terminal's move shown in the page after (ms, sorted): {latencies:.0?}");
}

#[test]
fn a_wrong_code_and_a_spent_one_take_no_seat_from_the_page_that_joined() {
    let name = "a_wrong_code_and_a_spent_one_take_no_seat";
    let Some(page) = Page::open(name) else {
        return;
    };
    let Some(mailbox) = Mailbox::start() else {
        return;
    };
    let url = mailbox.url();
    let Some((terminal, first)) = host(name, &url) else {
        return;
    };
    // The right nameplate, the wrong words: refused, and the code is spent.
    let nameplate = first.split('-').next().unwrap_or_default();
    let wrong = format!("{nameplate}-wrong-guess");
    let stranger = page.run(&json!([
        {"open": joining(&wrong, &url, "Stranger")},
        {"until": "Cannot join"},
        {"screen": true}
    ]));
    let said = stranger[1]["screen"].as_str().expect("the screen");
    assert!(
        said.split_whitespace().collect::<Vec<_>>().join(" ").contains(&format!(
            "Cannot join: the mailbox {url} did not take the code: a wrong code, or another player has taken the seat"
        )),
        "{said}"
    );
    let screen = terminal.wait_for(
        "host",
        "The other player now joins with: endodoi join ",
        PATIENCE,
    );
    let code = code_on(&screen, "The other player now joins with:");
    assert_ne!(code, first, "a wrong code spends the code");
    // The player joins; a second page with the same code, now spent, is
    // refused, and the game goes on between the two who met.
    let joined = terminal.root().join("joined.txt");
    let plan = json!([
        {"open": joining(&code, &url, "Lekishon")},
        {"until": "Connected to Naserian"},
        {"screen_to": joined},
        {"until": counted(1), "timeout": 60000},
        {"screen": true}
    ]);
    let mut game = Game::new(Config::default());
    let hole = game.legal_moves().next().expect("a move");
    game.play(hole).expect("a legal move");
    let first_move = hole.to_string().to_lowercase();
    let (lines, second) = thread::scope(|scope| {
        let driven = scope.spawn(|| page.run(&plan));
        terminal.wait_for("host", "Lekishon joined", PATIENCE);
        written(&joined);
        let second = page.run(&json!([
            {"open": joining(&code, &url, "Mallory")},
            {"until": "Cannot join"},
            {"screen": true}
        ]));
        terminal.tmux(&["send-keys", "-t", "host", &first_move, "Enter"]);
        (driven.join().expect("the page's driver"), second)
    });
    let refused = second[1]["screen"].as_str().expect("the screen");
    assert!(
        refused.split_whitespace().collect::<Vec<_>>().join(" ").contains(&format!(
            "Cannot join: no game waits at that code on the mailbox {url} (a wrong code, or it was used already)"
        )),
        "{refused}"
    );
    let host_screen = terminal.wait_for("host", &counted(1), PATIENCE);
    assert!(!host_screen.contains("Mallory"), "{host_screen}");
    let screen = lines[1]["screen"].as_str().expect("the screen");
    // The host's move after the attack reached the page that joined.
    assert_eq!(board_of(screen, Side::North), board_in(&game), "{screen}");
    assert!(screen.contains("Naserian sowed"), "{screen}");
    assert_eq!(errors(&lines), &json!([]));
}

/// The plan of a page hosting `game` through `url` on South: its code
/// written to `shown`, its moves typed once the page shows the moves
/// before them, a reload after `reload_after` moves.
fn hosting(game: &Game, url: &str, shown: &std::path::Path, reload_after: usize) -> Value {
    let hosting = format!("?host&mailbox={}&name=Naserian", escaped(url));
    let mut plan = vec![
        json!({"open": hosting}),
        json!({"until": "Waiting for the other player: endodoi join "}),
        json!({"screen_to": shown}),
        json!({"until": "Lekishon joined", "timeout": 30000}),
    ];
    for (ply, played) in game.history().iter().enumerate() {
        if ply == reload_after {
            // The address now names the seat: the page hosts the game again.
            plan.push(json!({"until": counted(ply)}));
            plan.push(json!({"wait": 1000}));
            plan.push(json!({"reload": true}));
            plan.push(json!({"until": "Waiting for Lekishon to take their seat again"}));
            plan.push(json!({"screen": true}));
            plan.push(json!({
                "until": back_at(ply),
                "timeout": RESUME_PATIENCE.as_millis()
            }));
        }
        if played.hole.side() == Side::South {
            plan.push(json!({"until": counted(ply)}));
            plan.push(json!({"keys": [played.hole.to_string().to_lowercase(), "Enter"]}));
        }
    }
    plan.push(json!({"until": counted(PLIES)}));
    plan.push(json!({"wait": 1500}));
    plan.push(json!({"screen": true}));
    Value::Array(plan)
}

#[test]
fn the_page_hosts_a_terminal_joins_with_its_code_the_page_reloads_and_both_agree() {
    let name = "the_page_hosts_and_a_terminal_joins";
    let Some(page) = Page::open(name) else {
        return;
    };
    let Some(mailbox) = Mailbox::start() else {
        return;
    };
    let url = mailbox.url();
    let Some(terminal) = Server::new(name) else {
        return;
    };
    let shown = terminal.root().join("page.txt");
    let game = first_legal_moves(PLIES);
    let reload_after = PLIES / 2;
    let plan = hosting(&game, &url, &shown, reload_after);
    let (lines, code) = thread::scope(|scope| {
        let driven = scope.spawn(|| page.run(&plan));
        let screen = written(&shown);
        let code = code_on(&screen, "Waiting for the other player:");
        assert!(
            screen
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .contains(&format!(
                    "Waiting for the other player: endodoi join {code} --mailbox {url}"
                )),
            "{screen}"
        );
        terminal.start(
            "join",
            (80, 24),
            &format!("exec {BINARY} join {code} --mailbox {url} --name Lekishon --no-animation"),
        );
        terminal.wait_for("join", "Connected to Naserian", PATIENCE);
        for (ply, played) in game.history().iter().enumerate() {
            if ply == reload_after {
                terminal.wait_for("join", &back_at(ply), RESUME_PATIENCE);
            }
            if played.hole.side() == Side::North {
                terminal.wait_for("join", &counted(ply), PATIENCE);
                let key = played.hole.to_string().to_lowercase();
                terminal.tmux(&["send-keys", "-t", "join", &key, "Enter"]);
            }
        }
        (driven.join().expect("the page's driver"), code)
    });
    let screen = terminal.wait_for("join", &counted(PLIES), PATIENCE);
    assert_eq!(board_of(&screen, Side::North), board_in(&game), "{screen}");
    let screens: Vec<&str> = lines
        .iter()
        .filter_map(|line| line["screen"].as_str())
        .collect();
    // Reloaded, the page tells how the seat's player comes back, as a
    // terminal hosting again does.
    assert!(
        screens[0]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .contains(&format!(
                "Waiting for Lekishon to take their seat again: endodoi join {code} --mailbox {url}"
            )),
        "{}",
        screens[0]
    );
    assert_eq!(
        board_of(screens[1], Side::South),
        board_in(&game),
        "{}",
        screens[1]
    );
    assert_eq!(errors(&lines), &json!([]));
}
