//! Clicks fed to an [`App`] as the terminal would deliver them: resolved on
//! the screen as drawn, then acted on.

use endodoi::app::App;
use endodoi::app::input::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use endodoi::ui::{Look, View};
use ratatui::layout::Rect;

/// The screen the click tests draw on.
pub const SCREEN: Rect = Rect::new(0, 0, 80, 24);

/// A left click at a cell of [`SCREEN`].
pub fn click(app: &mut App, column: u16, row: u16) {
    let down = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    };
    if let Some(action) = View::new(app, Look::default()).click(down, SCREEN) {
        app.act(action);
    }
}
