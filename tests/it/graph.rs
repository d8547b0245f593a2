//! Issue 32: the board's row totals and the scrollable move list, as the
//! screen shows them.

use endodoi::app::input::{KeyCode, KeyModifiers, MouseEvent, MouseEventKind};
use endodoi::app::{App, Match, Setting};
use endodoi::record::Record;
use endodoi::rules::{Config, Game, Hole, Side};
use endodoi::ui::{Look, View};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::common::keys::{press, type_keys};
use crate::common::moves::letters;
use crate::common::screen::{named_game, text};
use crate::common::tmux;

const PLAIN: Look = Look {
    ascii: false,
    color: false,
};

fn drawn(app: &App, width: u16, height: u16) -> String {
    let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
    View::new(app, PLAIN).render(buf.area, &mut buf);
    text(&buf)
}

/// Each row's seeds in all, beside the row on its player's line, at every
/// board width and screen size where the board fits (every width at 80×24
/// and 200×60), the board's frame whole.
#[test]
fn each_rows_seed_total_is_beside_the_row_at_every_width_and_size() {
    for width in 6..=10 {
        let app = named_game(width, "C");
        let position = app.record().game.position();
        let total = |side: Side| -> u32 {
            Hole::row(side, app.record().game.config().width())
                .map(|hole| u32::from(position.seeds(hole)))
                .sum()
        };
        for (columns, rows) in [(56, 18), (80, 24), (200, 60)] {
            let screen = drawn(&app, columns, rows);
            if !screen.contains("captured") {
                assert!(
                    columns == 56 && width > 8,
                    "{width} holes fit {columns}×{rows}:\n{screen}"
                );
                continue;
            }
            for (side, name) in [(Side::South, "Naserian"), (Side::North, "Lekishon")] {
                let line = screen
                    .lines()
                    .find(|line| line.contains(name) && line.contains("captured"))
                    .unwrap_or_else(|| panic!("{name}'s line:\n{screen}"));
                assert!(
                    line.contains(&format!("in row {:>3}  captured", total(side))),
                    "{width} holes at {columns}×{rows}: {name}'s row holds {}:\n{screen}",
                    total(side)
                );
                assert!(
                    line.trim_end().ends_with('│'),
                    "the frame is whole:\n{screen}"
                );
            }
        }
    }
}

/// A game of `moves` moves at one keyboard, each the last legal move, with
/// a move left to play.
fn long_game(moves: usize) -> App {
    let mut game = Game::new(Config::default());
    for _ in 0..moves {
        let hole = game.legal_moves().last().expect("a move to play");
        game.play(hole).expect("a legal move");
    }
    assert!(game.legal_moves().next().is_some(), "the game goes on");
    game_of(&letters(&game))
}

fn game_of(moves: &str) -> App {
    let record = Record::read_moves(Config::default(), moves).expect("a game");
    let players = Match::new(Some("Naserian".into()), Some("Lekishon".into()), None);
    let mut app = App::from_record(record, players);
    app.set(Setting::Animation(false));
    app
}

/// The move list's title at 80×24.
fn moves_title(app: &App) -> String {
    let screen = drawn(app, 80, 24);
    let line = screen
        .lines()
        .find(|line| line.contains("╭ Moves"))
        .unwrap_or_else(|| panic!("the move list:\n{screen}"));
    line.trim()
        .trim_start_matches('╭')
        .trim_end_matches('╮')
        .trim_matches('─')
        .trim()
        .to_owned()
}

/// The move list says which moves show when they do not all fit; `↑` and
/// `↓` scroll it back and on, and a move played brings it back to the
/// latest.
#[test]
fn the_move_list_scrolls_with_the_keys_and_follows_a_new_move() {
    let mut app = long_game(40);
    let latest = moves_title(&app);
    assert!(latest.ends_with("–40 of 40"), "{latest}");
    assert!(!latest.starts_with("Moves · 1–"), "{latest}");
    let mut presses = 0;
    while !moves_title(&app).starts_with("Moves · 1–") && presses < 40 {
        press(&mut app, KeyCode::Up);
        presses += 1;
    }
    let top = moves_title(&app);
    assert!(top.starts_with("Moves · 1–") && presses > 1, "{top}");
    assert!(drawn(&app, 80, 24).contains("│ 1."), "the first move shows");
    press(&mut app, KeyCode::Down);
    let down = moves_title(&app);
    assert_ne!(down, top, "a line on");
    // A move played: the list follows the latest again.
    let hole = app.record().game.legal_moves().next().expect("a move");
    type_keys(&mut app, &format!("{hole}\n"));
    assert_eq!(app.record().game.ply(), 41);
    let after = moves_title(&app);
    assert!(after.ends_with("–41 of 41"), "{after}");
}

/// The mouse wheel over the move list scrolls it; over the board it does
/// nothing.
#[test]
fn the_mouse_wheel_over_the_move_list_scrolls_it() {
    let mut app = long_game(40);
    let latest = moves_title(&app);
    let screen = drawn(&app, 80, 24);
    let list_row = screen
        .lines()
        .position(|line| line.contains("╭ Moves"))
        .expect("the move list") as u16
        + 1;
    let wheel = |app: &mut App, kind: MouseEventKind, row: u16| {
        let event = MouseEvent {
            kind,
            column: 40,
            row,
            modifiers: KeyModifiers::NONE,
        };
        if let Some(action) = View::new(app, PLAIN).click(event, Rect::new(0, 0, 80, 24)) {
            app.act(action);
        }
    };
    wheel(&mut app, MouseEventKind::ScrollUp, 3);
    assert_eq!(
        moves_title(&app),
        latest,
        "the board does not scroll the list"
    );
    wheel(&mut app, MouseEventKind::ScrollUp, list_row);
    let up = moves_title(&app);
    assert_ne!(up, latest);
    wheel(&mut app, MouseEventKind::ScrollDown, list_row);
    assert_eq!(moves_title(&app), latest);
}

/// In a terminal (tmux, 80×24): a long game loaded shows each row's seeds
/// beside it; `↑` scrolls the move list back to its first move, its title
/// saying which moves show, and the next move played brings it back to the
/// latest.
#[test]
fn in_a_terminal_the_move_list_scrolls_and_the_rows_are_counted() {
    let Some(server) = tmux::Server::new("graph-scroll") else {
        return;
    };
    let app = long_game(40);
    std::fs::write(server.root().join("long.ogn"), app.record().to_string()).expect("a record");
    server.start(
        "game",
        (80, 24),
        &format!(
            "{} --load long.ogn --no-animation; sleep 30",
            env!("CARGO_BIN_EXE_endodoi")
        ),
    );
    let screen_shows = |text: &str| server.wait_for("game", text, Duration::from_secs(10));
    let position = app.record().game.position();
    let in_row = |side: Side| -> u32 {
        Hole::row(side, app.record().game.config().width())
            .map(|hole| u32::from(position.seeds(hole)))
            .sum()
    };
    let screen = screen_shows("–40 of 40");
    for side in [Side::South, Side::North] {
        assert!(
            screen.contains(&format!("in row {:>3}  captured", in_row(side))),
            "{side}'s row:\n{screen}"
        );
    }
    for _ in 0..40 {
        server.tmux(&["send-keys", "-t", "game", "Up"]);
        let screen =
            String::from_utf8_lossy(&server.tmux(&["capture-pane", "-p", "-t", "game"]).stdout)
                .into_owned();
        if screen.contains("Moves · 1–") {
            break;
        }
    }
    let screen = screen_shows("Moves · 1–");
    assert!(screen.contains("│ 1."), "{screen}");
    // At the top, ↑ does nothing more: the first ↓ then shows a newer line.
    for key in ["Up", "Up", "Up", "Up", "Down"] {
        server.tmux(&["send-keys", "-t", "game", key]);
    }
    let start = Instant::now();
    while String::from_utf8_lossy(&server.tmux(&["capture-pane", "-p", "-t", "game"]).stdout)
        .contains("Moves · 1–")
    {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "↓ after ↑ at the top scrolls on"
        );
        sleep(Duration::from_millis(50));
    }
    let hole = app
        .record()
        .game
        .legal_moves()
        .next()
        .expect("a move")
        .to_string();
    server.tmux(&["send-keys", "-t", "game", &hole, "Enter"]);
    screen_shows("–41 of 41");
}
