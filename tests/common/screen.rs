//! A drawn buffer as plain text, for assertions and snapshots.

use ratatui::buffer::Buffer;

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
