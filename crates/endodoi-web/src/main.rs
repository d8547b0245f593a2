//! En Dodoi in a web page: the terminal's app and drawing, driven by the
//! page's keys and drawn by ratzilla's DOM backend; the effects the app asks
//! for are carried out by the page's own [`PageRunner`]. A record file
//! opened, dropped on the page or pasted is shown in the viewer
//! ([`files`]).

mod analysis;
mod files;
mod net;
mod runner;
mod store;

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

use endodoi_app::App;
use endodoi_app::input::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use endodoi_core::rules::{Config, Game};
use endodoi_draw::{Look, View};
use endodoi_engine::{Limits, Search};
use ratzilla::ratatui::Terminal;
use ratzilla::ratatui::buffer::Buffer;
use ratzilla::ratatui::layout::Rect;
use ratzilla::ratatui::style::{Color, Modifier};
use ratzilla::{DomBackend, WebRenderer, event};
use runner::PageRunner;

fn main() -> std::io::Result<()> {
    if ratzilla::web_sys::window()
        .and_then(|window| window.location().search().ok())
        .is_some_and(|query| query == "?bench")
    {
        return bench();
    }
    let runner = PageRunner::new();
    let mut app = runner.start_screen();
    net::begin(&mut app);
    let page = Rc::new(RefCell::new((app, runner)));
    let arrivals = files::Arrivals::default();
    files::listen(&arrivals).map_err(|error| std::io::Error::other(format!("{error:?}")))?;
    // The screen as last drawn: keys and clicks are resolved on it.
    let drawn = Rc::new(Cell::new(Rect::default()));
    let mut terminal = Terminal::new(DomBackend::new()?)?;
    let look = Look::from_env(false);
    terminal.on_key_event({
        let (page, drawn) = (Rc::clone(&page), Rc::clone(&drawn));
        move |key| {
            let (app, runner) = &mut *page.borrow_mut();
            let key = key_event(&key);
            // As in the terminal: a key whose action would show nothing new
            // on the screen as drawn is not acted on.
            let view = View::new(app, look);
            if app
                .front()
                .keymap()
                .action_for(key)
                .is_none_or(|action| view.takes(action, drawn.get()))
            {
                app.handle_key(key);
            }
            carry_out(app, runner);
        }
    })?;
    terminal.on_mouse_event({
        let (page, drawn) = (Rc::clone(&page), Rc::clone(&drawn));
        move |mouse| {
            let (app, runner) = &mut *page.borrow_mut();
            let Some(mouse) = mouse_event(&mouse) else {
                return;
            };
            if let Some(action) = View::new(app, look).click(mouse, drawn.get()) {
                app.act(action);
                carry_out(app, runner);
            }
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
        let arrived = std::mem::take(&mut *arrivals.borrow_mut());
        for arrival in arrived {
            for answer in runner.open_arrival(app, &arrival) {
                app.answer(answer);
            }
        }
        net::bring_news(app, runner);
        carry_out(app, runner);
        drawn.set(frame.area());
        frame.render_widget(View::new(app, look), frame.area());
        unreverse(frame.buffer_mut());
    });
    Ok(())
}

/// The page's benchmark (`?bench` after the page's address): the search of
/// `endodoi bench`'s timed row, the 2×6 start for one second, on the page's
/// one thread; its depth and nodes a second, on the page.
fn bench() -> std::io::Result<()> {
    let stop = std::sync::atomic::AtomicBool::new(false);
    let result = Search::with_seed(Limits::movetime(Duration::from_secs(1)), 0).run(
        &Game::new(Config::default()),
        &stop,
        |_| {},
    );
    let text = format!(
        "width 6: depth {} in {} ms, {} nodes/s",
        result.depth,
        result.elapsed.as_millis(),
        result.nps()
    );
    let terminal = Terminal::new(DomBackend::new()?)?;
    terminal.draw_web(move |frame| frame.render_widget(text.as_str(), frame.area()));
    Ok(())
}

/// Has `runner` carry out what `app` asks for, and hands `app` the
/// answers, until it asks for nothing more; an app that quits goes back to
/// the start screen.
fn carry_out(app: &mut App, runner: &mut PageRunner) {
    loop {
        let mut answers = runner.run(net::carry_out(app.take_effects()));
        if app.desk().should_quit() {
            answers.extend(runner.quit(app));
        }
        if answers.is_empty() {
            return;
        }
        for answer in answers {
            app.answer(answer);
        }
    }
}

/// The reversed cells of `buffer` given their colours: ratzilla draws one
/// whose colours are the terminal's own (`Reset`) white on white, where a
/// terminal shows its background colour on its text colour (the selected
/// hole's letter). The page's are those of its `index.html`.
fn unreverse(buffer: &mut Buffer) {
    for cell in &mut buffer.content {
        if cell.modifier.contains(Modifier::REVERSED) {
            let text = match cell.bg {
                Color::Reset => Color::Rgb(0x10, 0x10, 0x10),
                colour => colour,
            };
            let ground = match cell.fg {
                Color::Reset => Color::Rgb(0xdd, 0xdd, 0xdd),
                colour => colour,
            };
            cell.set_fg(text).set_bg(ground);
            cell.modifier.remove(Modifier::REVERSED);
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

/// The page's mouse (a tap, on a touch screen) as the app's: a left button
/// going down or up; nothing else is acted on.
fn mouse_event(mouse: &event::MouseEvent) -> Option<MouseEvent> {
    let kind = match mouse.kind {
        event::MouseEventKind::ButtonDown(event::MouseButton::Left) => {
            MouseEventKind::Down(MouseButton::Left)
        }
        event::MouseEventKind::ButtonUp(event::MouseButton::Left) => {
            MouseEventKind::Up(MouseButton::Left)
        }
        _ => return None,
    };
    Some(MouseEvent {
        kind,
        column: mouse.col,
        row: mouse.row,
        modifiers: KeyModifiers::NONE,
    })
}
