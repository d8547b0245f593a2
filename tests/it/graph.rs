//! Issue 32: the board's row totals and the scrollable move list, as the
//! screen shows them.

use endodoi::app::{App, Match};
use endodoi::record::Record;
use endodoi::rules::{Config, Hole, Side, Variant};
use endodoi::ui::{Look, View};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::common::screen::text;

const PLAIN: Look = Look {
    ascii: false,
    color: false,
};

fn drawn(app: &App, width: u16, height: u16) -> String {
    let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
    View::new(app, PLAIN).render(buf.area, &mut buf);
    text(&buf)
}

fn game(width: u32, moves: &str) -> App {
    let config = Config::new(width, 4, Variant::Classic).expect("a board");
    let record = Record::read_moves(config, moves).expect("a game");
    let players = Match::new(Some("Naserian".into()), Some("Lekishon".into()), None);
    let mut app = App::from_record(record, players);
    app.set_animation(false);
    app
}

/// Each row's seeds in all, beside the row on its player's line, at every
/// board width and screen size where the board fits (every width at 80×24
/// and 200×60), the board's frame whole.
#[test]
fn each_rows_seed_total_is_beside_the_row_at_every_width_and_size() {
    for width in 6..=10 {
        let app = game(width, "C");
        let position = app.game().position();
        let total = |side: Side| -> u32 {
            Hole::row(side, app.game().config().width())
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
