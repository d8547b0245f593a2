//! Key presses fed to an [`App`] as the terminal would deliver them.

use endodoi::app::App;
use endodoi::app::input::{KeyCode, KeyEvent};

/// One key press.
pub fn press(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::from(code));
}

/// Types each character as a key press; `\n` is Enter.
pub fn type_keys(app: &mut App, keys: &str) {
    for c in keys.chars() {
        let code = match c {
            '\n' => KeyCode::Enter,
            c => KeyCode::Char(c),
        };
        press(app, code);
    }
}
