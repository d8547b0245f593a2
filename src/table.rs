//! Plain-text tables for the commands (`endodoi games`, `endodoi stats`):
//! columns as wide as their widest cell by display width, two spaces
//! apart, numbers on the right, no trailing spaces.
//!
//! ```
//! use endodoi::table::{Align, table};
//!
//! let text = table(
//!     &[("Player", Align::Left), ("Games", Align::Right)],
//!     &[vec!["Naserian".to_owned(), "12".to_owned()], vec!["Kim".to_owned(), "3".to_owned()]],
//! );
//! assert_eq!(text, "Player    Games\nNaserian     12\nKim           3\n");
//! ```

use unicode_width::UnicodeWidthStr as _;

/// Where a column's cells sit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Align {
    /// Text: on the left.
    Left,
    /// Numbers: on the right.
    Right,
}

/// The table of `rows` under the headings of `columns`, a line each. A row
/// shorter than the others has its last cell written as it is, across the
/// columns it does not fill (a note such as "cannot be read: …").
pub fn table(columns: &[(&str, Align)], rows: &[Vec<String>]) -> String {
    let full = |row: &&Vec<String>| row.len() == columns.len();
    let widths: Vec<usize> = columns
        .iter()
        .enumerate()
        .map(|(index, (heading, _))| {
            rows.iter()
                .filter(full)
                .map(|row| row[index].width())
                .chain([heading.width()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let headings: Vec<String> = columns
        .iter()
        .map(|(heading, _)| (*heading).to_owned())
        .collect();
    let mut text = String::new();
    for row in std::iter::once(&headings).chain(rows) {
        let mut line = String::new();
        for (index, cell) in row.iter().enumerate() {
            if index > 0 {
                line.push_str("  ");
            }
            let spanning = index + 1 == row.len() && row.len() < columns.len();
            let pad = if spanning {
                0
            } else {
                widths[index].saturating_sub(cell.width())
            };
            match columns.get(index).map(|(_, align)| *align) {
                Some(Align::Right) if !spanning => {
                    line.push_str(&" ".repeat(pad));
                    line.push_str(cell);
                }
                _ => {
                    line.push_str(cell);
                    line.push_str(&" ".repeat(pad));
                }
            }
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}
