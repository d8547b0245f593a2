//! A drawn buffer as plain text, for assertions and snapshots.

use endodoi::app::App;
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
