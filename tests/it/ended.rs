//! A game ended before the rules end it (a resignation, a draw agreed, a
//! flag fallen), as the app plays and shows it: over everywhere the app
//! asks, as a game the rules ended is.

use endodoi::app::input::KeyCode;
use endodoi::app::{App, Effect, Match, Setting, Tone};
use endodoi::record::{Ending, Record};
use endodoi::rules::Side;
use endodoi::search::Level;
use endodoi::ui::{Look, View};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::common::keys::{press, type_keys};
use crate::common::screen::text;

/// South's first move, then `ending`, with North, the computer, to move by
/// the rules.
fn ended(ending: Ending) -> App {
    let mut record = Record::read("1. A+2 *").expect("a record");
    record.end(ending).expect("it goes on");
    let mut players = Match::from_record(&record);
    players.set_computer(Side::North, Some(Level::MIN));
    let mut app = App::from_record(record, players);
    app.set(Setting::Animation(false));
    app
}

fn screen(app: &App) -> String {
    let mut buf = Buffer::empty(Rect::new(0, 0, 80, 24));
    View::new(app, Look::default()).render(buf.area, &mut buf);
    text(&buf)
}

#[test]
fn an_ended_game_has_nobody_to_move_and_takes_no_move() {
    let mut app = ended(Ending::Resigned(Side::South));
    let before = app.record().clone();
    assert_eq!(app.record().to_move(), None);
    assert_eq!(app.selected(), None);
    assert!(!app.table().unfinished(), "nothing left to resume");
    type_keys(&mut app, "c");
    press(&mut app, KeyCode::Enter);
    type_keys(&mut app, "t");
    assert_eq!(app.record(), &before, "no move, no change");
    assert_eq!(
        app.desk().message().map(|message| message.tone),
        Some(Tone::Error),
        "{:?}",
        app.desk().message()
    );
    assert!(
        !app.take_effects()
            .iter()
            .any(|effect| matches!(effect, Effect::Think(_))),
        "the computer does not think in a game that is over"
    );
}

#[test]
fn the_game_over_popup_names_the_ending_and_the_winner_without_a_score() {
    let app = ended(Ending::Resigned(Side::South));
    let screen = screen(&app);
    assert!(screen.contains("Game over"), "{screen}");
    assert!(screen.contains("South resigned."), "{screen}");
    assert!(screen.contains("in row"), "{screen}");
    assert!(screen.contains("Computer (level 1) wins"), "{screen}");
    assert!(!screen.contains("wins 2"), "no seeds' score: {screen}");
    assert!(!screen.contains("to move"), "nobody is to move: {screen}");
}

#[test]
fn a_draw_agreed_is_a_draw_and_counts_for_nobody_in_a_match() {
    let mut record = Record::read("1. A+2 b+3 *").expect("a record");
    record.end(Ending::DrawAgreed).expect("it goes on");
    let mut players = Match::from_record(&record);
    players.first_to = Some(2);
    let app = App::from_record(record, players);
    assert_eq!(
        app.players()
            .tally(app.record().verdict().and_then(|verdict| verdict.winner)),
        endodoi::rules::BySide { south: 0, north: 0 }
    );
    let screen = screen(&app);
    assert!(screen.contains("Draw agreed."), "{screen}");
    assert!(screen.contains("A draw"), "{screen}");
}

/// The viewer steps through a resigned game: the ending is reached only at
/// its last move.
#[test]
fn the_viewer_shows_the_ending_only_at_the_last_move() {
    let mut record = Record::read("1. A+2 b+3 *").expect("a record");
    record
        .end(Ending::Resigned(Side::South))
        .expect("it goes on");
    let mut app = App::review(record, "resigned.ogn", None);
    assert!(!app.record().is_over(), "at the start");
    assert!(!screen(&app).contains("Game over"));
    press(&mut app, KeyCode::End);
    assert!(app.record().is_over(), "at the last move");
    assert_eq!(app.record().ending(), Some(Ending::Resigned(Side::South)));
}

#[test]
fn a_flag_fallen_counts_as_a_win_in_a_match() {
    let mut record = Record::read("1. A+2 b+3 *").expect("a record");
    record
        .end(Ending::OutOfTime(Side::North))
        .expect("it goes on");
    let mut players = Match::from_record(&record);
    players.first_to = Some(3);
    let app = App::from_record(record, players);
    assert_eq!(
        app.players()
            .tally(app.record().verdict().and_then(|verdict| verdict.winner)),
        endodoi::rules::BySide { south: 1, north: 0 }
    );
}
