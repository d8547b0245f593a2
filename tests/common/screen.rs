//! A drawn buffer as plain text, for assertions and snapshots, and the
//! games drawn.

use endodoi::app::{App, Match, Setting};
use endodoi::record::Record;
use endodoi::rules::{Config, Variant};
use endodoi::ui::{Look, View};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget as _;

/// `app` drawn on a terminal of 80×24 without colour, as text.
pub fn at_80x24(app: &App) -> String {
    let mut buf = Buffer::empty(Rect::new(0, 0, 80, 24));
    let look = Look {
        ascii: false,
        color: false,
    };
    View::new(app, look).render(buf.area, &mut buf);
    text(&buf)
}

/// Every row of `buf`, right-trimmed, joined by newlines.
pub fn text(buf: &Buffer) -> String {
    (0..buf.area.height)
        .map(|y| {
            let line: String = (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect();
            line.trim_end().to_owned()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Naserian (South) against Lekishon (North) after `moves`, on a board
/// `width` holes wide with 4 seeds a hole, shown without animation.
///
/// # Panics
/// When the moves are not a legal game.
pub fn named_game(width: u32, moves: &str) -> App {
    let config = Config::new(width, 4, Variant::Classic).expect("a board");
    let record = Record::read_moves(config, moves).expect("a game");
    let players = Match::new(Some("Naserian".into()), Some("Lekishon".into()), None);
    let mut app = App::from_record(record, players);
    app.set(Setting::Animation(false));
    app
}
