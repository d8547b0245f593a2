//! Ending a game by its players, as the keys do it: `x` resigns (asking
//! first), `o` offers a draw to the other player at this keyboard or to the
//! computer, whose search weighs it. A game so ended is over: no move, no
//! hint, no takeback, and its record says how it ended.

use std::time::Duration;

use endodoi::app::input::KeyCode;
use endodoi::app::{
    Action, Answer, App, COMPUTER_PAUSE, Confirm, Effect, GameAction, Keymap, Match, Mode, Purpose,
    Setting,
};
use endodoi::record::Ending;
use endodoi::rules::{Config, Hole, Side};
use endodoi::search::{Level, SearchResult};
use endodoi::ui::{Look, View};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::common::effects::autosave;
use crate::common::keys::{press, type_keys};
use crate::common::screen::text;

/// Two people at one keyboard, South's `C` played: North to move.
fn hot_seat() -> App {
    let mut app = App::new(Config::default(), Match::default());
    app.set(Setting::Animation(false));
    type_keys(&mut app, "c\n");
    app.take_effects();
    app
}

/// South, a person, against the computer (North), South's `C` played and
/// the computer's `a` answered: South to move again.
fn against_the_computer() -> App {
    let mut players = Match::default();
    players.set_computer(Side::North, Some(Level::MIN));
    let mut app = App::new(Config::default(), players);
    app.set(Setting::Animation(false));
    type_keys(&mut app, "c\n");
    app.tick(COMPUTER_PAUSE);
    app.answer(Answer::ComputerMoved(Hole::new(Side::North, 0)));
    assert_eq!(app.record().to_move(), Some(Side::South));
    app.take_effects();
    app
}

fn screen(app: &App) -> String {
    let mut buf = Buffer::empty(Rect::new(0, 0, 80, 24));
    View::new(app, Look::default()).render(buf.area, &mut buf);
    text(&buf)
}

fn message(app: &App) -> &str {
    app.desk()
        .message()
        .map_or("", |message| message.text.as_str())
}

/// What the search says of the position, for `side` to move: `score`
/// seeds ahead.
fn weighed(side: Side, score: i32) -> SearchResult {
    SearchResult {
        best: None,
        side,
        score,
        exact: false,
        depth: 8,
        nodes: 1000,
        table_hits: 0,
        elapsed: Duration::from_millis(200),
        pv: Vec::new(),
    }
}

/// The game as the autosave writes it: the record's whole text.
const RESIGNED: &str = "[Variant \"En Dodoi\"]\n[Width \"6\"]\n[Seeds \"4\"]\n\
                        [South \"South\"]\n[North \"North\"]\n\
                        [Termination \"North resigned\"]\n[Result \"*\"]\n\n1. C+7 *\n";

#[test]
fn resigning_asks_first_and_no_keeps_the_game_going() {
    let mut app = hot_seat();
    let before = app.record().clone();
    press(&mut app, KeyCode::Char('x'));
    assert_eq!(
        app.desk().mode(),
        &Mode::Confirm(Confirm::Resign(Side::North))
    );
    let shown = screen(&app);
    assert!(shown.contains("Resign?"), "{shown}");
    assert!(
        shown.contains("North resigns, and South wins the game."),
        "{shown}"
    );
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.desk().mode(), &Mode::Play);
    assert_eq!(app.record(), &before);
    assert_eq!(app.take_effects(), []);
    assert!(
        app.front()
            .offers(Action::Game(GameAction::Resign), app.desk().shown())
    );
}

#[test]
fn the_player_to_move_resigns_and_the_record_says_so() {
    let mut app = hot_seat();
    type_keys(&mut app, "xy");
    assert_eq!(app.record().ending(), Some(Ending::Resigned(Side::North)));
    assert_eq!(message(&app), "North resigned: South wins");
    assert_eq!(app.take_effects(), [autosave(&app)]);
    assert_eq!(app.record().to_string(), RESIGNED);
    let shown = screen(&app);
    assert!(shown.contains("Game over"), "{shown}");
    assert!(shown.contains("North resigned."), "{shown}");
    assert!(shown.contains("South wins"), "{shown}");
    assert!(!shown.contains("u undo"), "no takeback offered: {shown}");
}

#[test]
fn a_resigned_game_takes_no_move_hint_takeback_nor_second_ending() {
    let mut app = hot_seat();
    type_keys(&mut app, "xy");
    app.take_effects();
    for play in [
        GameAction::Undo,
        GameAction::Redo,
        GameAction::Hint,
        GameAction::Sow,
        GameAction::Resign,
        GameAction::OfferDraw,
    ] {
        assert!(
            !app.front().offers(Action::Game(play), app.desk().shown()),
            "{play:?} offered"
        );
    }
    type_keys(&mut app, "u");
    assert_eq!(message(&app), "North resigned: no move is taken back");
    type_keys(&mut app, "a\n");
    type_keys(&mut app, "t");
    type_keys(&mut app, "x");
    assert_eq!(
        app.desk().mode(),
        &Mode::Play,
        "no question once it is over"
    );
    type_keys(&mut app, "o");
    assert_eq!(app.desk().mode(), &Mode::Play);
    assert_eq!(app.record().to_string(), RESIGNED, "nothing changed");
    assert_eq!(app.take_effects(), []);
}

#[test]
fn a_draw_offered_at_one_keyboard_is_accepted_by_the_other_player() {
    let mut app = hot_seat();
    press(&mut app, KeyCode::Char('o'));
    // A stray key next to another ends nothing: the offer is asked first.
    assert_eq!(
        app.desk().mode(),
        &Mode::Confirm(Confirm::OfferDraw(Side::North))
    );
    let shown = screen(&app);
    assert!(shown.contains("Offer a draw?"), "{shown}");
    assert!(
        shown.contains("North offers South a draw: the game ends"),
        "{shown}"
    );
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(
        app.desk().mode(),
        &Mode::Confirm(Confirm::Draw(Side::North))
    );
    assert_eq!(app.front().keymap(), Keymap::ANSWER);
    let shown = screen(&app);
    assert!(shown.contains("North offers a draw."), "{shown}");
    assert!(shown.contains("y accept    n decline"), "{shown}");
    // Only y and n answer: a key meant for the board does nothing.
    type_keys(&mut app, "a");
    assert_eq!(
        app.desk().mode(),
        &Mode::Confirm(Confirm::Draw(Side::North))
    );
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.record().ending(), Some(Ending::DrawAgreed));
    assert_eq!(message(&app), "Draw agreed: South accepted North's offer");
    assert_eq!(app.take_effects(), [autosave(&app)]);
    let shown = screen(&app);
    assert!(shown.contains("Draw agreed."), "{shown}");
    assert!(shown.contains("A draw"), "{shown}");
}

#[test]
fn a_draw_declined_at_one_keyboard_leaves_the_game_going() {
    let mut app = hot_seat();
    let before = app.record().clone();
    type_keys(&mut app, "on");
    assert_eq!(app.desk().mode(), &Mode::Play, "not offered after all");
    assert_eq!(app.record(), &before);
    type_keys(&mut app, "oyn");
    assert_eq!(app.desk().mode(), &Mode::Play);
    assert_eq!(app.record(), &before);
    assert_eq!(message(&app), "South declined the draw");
    assert_eq!(app.take_effects(), []);
    type_keys(&mut app, "a\n");
    assert_eq!(app.record().game.ply(), 2, "North plays on");
}

#[test]
fn a_draw_offered_to_the_computer_asks_its_search() {
    let mut app = against_the_computer();
    press(&mut app, KeyCode::Char('o'));
    assert_eq!(
        app.desk().mode(),
        &Mode::Confirm(Confirm::OfferDraw(Side::South))
    );
    press(&mut app, KeyCode::Char('y'));
    let effects = app.take_effects();
    let asked: Vec<_> = effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Think(request) => Some(request),
            _ => None,
        })
        .collect();
    assert_eq!(asked.len(), 1, "{effects:?}");
    assert_eq!(asked[0].purpose, Purpose::Draw);
    assert_eq!(asked[0].game, app.record().game);
    assert_eq!(asked[0].level, Level::MIN);
    assert_eq!(
        app.table().thinking().map(|thinking| thinking.purpose),
        Some(Purpose::Draw)
    );
    assert_eq!(message(&app), "Offered Computer (level 1) a draw…");
    assert!(
        !app.front()
            .offers(Action::Game(GameAction::OfferDraw), app.desk().shown()),
        "one offer at a time"
    );
}

#[test]
fn the_computer_accepts_a_draw_when_it_is_not_ahead() {
    let mut app = against_the_computer();
    type_keys(&mut app, "oy");
    app.take_effects();
    // The person to move is 0 seeds ahead: the computer neither.
    app.answer(Answer::DrawWeighed(weighed(Side::South, 0)));
    assert_eq!(app.record().ending(), Some(Ending::DrawAgreed));
    assert_eq!(
        message(&app),
        "Draw agreed: Computer (level 1) accepted your offer"
    );
    assert_eq!(app.take_effects(), [autosave(&app)]);
    assert_eq!(app.table().thinking(), None);
}

#[test]
fn the_computer_declines_a_draw_when_it_expects_to_win() {
    let mut app = against_the_computer();
    let before = app.record().clone();
    type_keys(&mut app, "oy");
    app.take_effects();
    app.answer(Answer::DrawWeighed(weighed(Side::South, -1)));
    assert_eq!(app.record(), &before);
    assert_eq!(message(&app), "Computer (level 1) declines the draw");
    assert_eq!(app.take_effects(), []);
    assert!(
        app.front()
            .offers(Action::Game(GameAction::OfferDraw), app.desk().shown()),
        "offered again"
    );
}

#[test]
fn a_move_lets_the_offer_to_the_computer_lapse() {
    let mut app = against_the_computer();
    type_keys(&mut app, "oy");
    type_keys(&mut app, "b\n");
    assert!(
        app.take_effects().contains(&Effect::StopThinking),
        "the draw's search is dropped"
    );
    let before = app.record().clone();
    app.answer(Answer::DrawWeighed(weighed(Side::South, 0)));
    assert_eq!(app.record(), &before, "an answer nobody waits for");
    assert!(!app.record().is_over());
}

#[test]
fn the_player_resigns_while_the_computer_thinks_and_nobody_offers_for_it() {
    let mut players = Match::default();
    players.set_computer(Side::North, Some(Level::MIN));
    let mut app = App::new(Config::default(), players);
    app.set(Setting::Animation(false));
    type_keys(&mut app, "c\n");
    app.take_effects();
    assert!(app.table().thinking().is_some(), "the computer thinks");
    assert!(
        !app.front()
            .offers(Action::Game(GameAction::OfferDraw), app.desk().shown())
    );
    assert!(
        app.front()
            .offers(Action::Game(GameAction::Resign), app.desk().shown())
    );
    type_keys(&mut app, "x");
    assert_eq!(
        app.desk().mode(),
        &Mode::Confirm(Confirm::Resign(Side::South))
    );
    let shown = screen(&app);
    assert!(
        shown.contains("South resigns, and Computer (level 1) wins"),
        "{shown}"
    );
    type_keys(&mut app, "y");
    assert_eq!(app.record().ending(), Some(Ending::Resigned(Side::South)));
    assert_eq!(app.table().thinking(), None, "the computer stops thinking");
    assert_eq!(app.record().game.ply(), 1, "its answer is never played");
    let mut players = Match::default();
    players.set_computer(Side::South, Some(Level::MIN));
    players.set_computer(Side::North, Some(Level::MIN));
    let app = App::new(Config::default(), players);
    assert!(
        !app.front()
            .offers(Action::Game(GameAction::Resign), app.desk().shown())
    );
    assert!(
        !app.front()
            .offers(Action::Game(GameAction::OfferDraw), app.desk().shown())
    );
}

#[test]
fn a_rematch_after_a_resignation_is_a_game_that_goes_on() {
    let mut app = hot_seat();
    type_keys(&mut app, "xy");
    type_keys(&mut app, "w");
    assert_eq!(app.record().game.ply(), 0);
    assert_eq!(app.record().ending(), None);
    assert_eq!(app.record().tag("Termination"), None);
    assert!(
        app.front()
            .offers(Action::Game(GameAction::Resign), app.desk().shown())
    );
}
