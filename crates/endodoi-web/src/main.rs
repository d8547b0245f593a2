//! En Dodoi in a web page: the terminal's app and drawing, driven by the
//! page's keys and drawn by ratzilla's DOM backend; the effects the app asks
//! for are carried out by the page's own [`PageRunner`].

mod runner;

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use endodoi_app::input::{KeyCode, KeyEvent, KeyModifiers};
use endodoi_app::{App, Match};
use endodoi_core::rules::Config;
use endodoi_draw::{Look, View};
use ratzilla::ratatui::Terminal;
use ratzilla::{DomBackend, WebRenderer, event};
use runner::PageRunner;

fn main() -> std::io::Result<()> {
    let runner = PageRunner::new();
    let app = App::start(Config::default(), &Match::default(), runner.saved());
    let page = Rc::new(RefCell::new((app, runner)));
    let mut terminal = Terminal::new(DomBackend::new()?)?;
    let look = Look::from_env(false);
    terminal.on_key_event({
        let page = Rc::clone(&page);
        move |key| {
            let (app, runner) = &mut *page.borrow_mut();
            app.handle_key(key_event(&key));
            carry_out(app, runner);
        }
    })?;
    let mut last = now();
    terminal.draw_web(move |frame| {
        let (app, runner) = &mut *page.borrow_mut();
        let at = now();
        app.tick(Duration::from_secs_f64((at - last).max(0.0) / 1000.0));
        last = at;
        if let Some(answer) = runner.slice() {
            app.answer(answer);
        }
        carry_out(app, runner);
        frame.render_widget(View::new(app, look), frame.area());
    });
    Ok(())
}

/// Has `runner` carry out what `app` asks for, and hands `app` the
/// answers, until it asks for nothing more.
fn carry_out(app: &mut App, runner: &mut PageRunner) {
    loop {
        let effects = app.take_effects();
        if effects.is_empty() {
            return;
        }
        for answer in runner.run(effects) {
            app.answer(answer);
        }
    }
}

/// The page's clock, in milliseconds.
fn now() -> f64 {
    ratzilla::web_sys::window()
        .and_then(|window| window.performance())
        .map_or(0.0, |performance| performance.now())
}

/// The page's key as the app's.
fn key_event(key: &event::KeyEvent) -> KeyEvent {
    let code = match key.code {
        event::KeyCode::Char(c) => KeyCode::Char(c),
        event::KeyCode::F(number) => KeyCode::F(number),
        event::KeyCode::Backspace => KeyCode::Backspace,
        event::KeyCode::Enter => KeyCode::Enter,
        event::KeyCode::Left => KeyCode::Left,
        event::KeyCode::Right => KeyCode::Right,
        event::KeyCode::Up => KeyCode::Up,
        event::KeyCode::Down => KeyCode::Down,
        event::KeyCode::Tab if key.shift => KeyCode::BackTab,
        event::KeyCode::Tab => KeyCode::Tab,
        event::KeyCode::Delete => KeyCode::Delete,
        event::KeyCode::Home => KeyCode::Home,
        event::KeyCode::End => KeyCode::End,
        event::KeyCode::PageUp => KeyCode::PageUp,
        event::KeyCode::PageDown => KeyCode::PageDown,
        event::KeyCode::Esc => KeyCode::Esc,
        event::KeyCode::Unidentified => KeyCode::Other,
    };
    let mut modifiers = KeyModifiers::NONE;
    for (held, modifier) in [
        (key.ctrl, KeyModifiers::CONTROL),
        (key.alt, KeyModifiers::ALT),
        (key.shift, KeyModifiers::SHIFT),
    ] {
        if held {
            modifiers = modifiers | modifier;
        }
    }
    KeyEvent::new(code, modifiers)
}
