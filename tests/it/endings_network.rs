//! Resigning and offering a draw across the network, as the app hears and
//! says them (no sockets: `App::remote` hands it what arrives, and what it
//! sends is an `Effect::Send`): both ways, and the hostile ones refused with
//! a hangup and never applied.

use endodoi::app::{
    Action, Answer, App, Confirm, Effect, GameAction, GameMessage, Match, Mode, Network, PeerNews,
    Role, Setting,
};
use endodoi::record::Ending;
use endodoi::rules::{Config, Hole, Side};

use crate::common::effects::{autosave, hangup};
use crate::common::keys::type_keys;

/// The host's game, South at this keyboard, Lekishon (North) joined.
fn hosted() -> App {
    let mut app = App::new(Config::default(), Match::default());
    app.set(Setting::Animation(false));
    let role = Role::Host {
        invite: "endodoi join 7-crossover-clockwork".to_owned(),
        options: String::new(),
    };
    app.set(Setting::Across {
        network: Network::new(role),
        remote_home: Side::North,
        name: None,
    });
    app.answer(Answer::Remote(PeerNews::Joined(Some("Lekishon".into()))));
    app.take_effects();
    app
}

/// The hosted game with South's `C` played: Lekishon to move.
fn after_our_move() -> App {
    let mut app = hosted();
    type_keys(&mut app, "c\n");
    app.take_effects();
    app
}

fn message(app: &App) -> &str {
    app.desk()
        .message()
        .map_or("", |message| message.text.as_str())
}

/// `said` arrives: it is refused with `why`, and the game is unchanged.
fn refused(mut app: App, said: GameMessage, why: &str) {
    let before = app.record().clone();
    app.answer(Answer::Remote(PeerNews::Said(said)));
    assert_eq!(app.take_effects(), [hangup(&app, why)]);
    assert_eq!(app.record(), &before, "nothing applied");
}

#[test]
fn resigning_here_tells_the_other_player() {
    let mut app = hosted();
    type_keys(&mut app, "x");
    assert_eq!(
        app.desk().mode(),
        &Mode::Confirm(Confirm::Resign(Side::South))
    );
    type_keys(&mut app, "y");
    assert_eq!(app.record().ending(), Some(Ending::Resigned(Side::South)));
    assert_eq!(
        app.take_effects(),
        [Effect::Send(GameMessage::Resigned), autosave(&app)]
    );
    assert_eq!(message(&app), "South resigned: Lekishon wins");
}

#[test]
fn the_other_player_resigns_on_their_turn() {
    let mut app = after_our_move();
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::Resigned)));
    assert_eq!(app.record().ending(), Some(Ending::Resigned(Side::North)));
    assert_eq!(app.take_effects(), [autosave(&app)]);
    assert_eq!(message(&app), "Lekishon resigned: South wins");
    assert!(
        !app.front()
            .offers(Action::Game(GameAction::Undo), app.desk().shown())
    );
}

#[test]
fn a_draw_is_offered_once_this_player_has_moved_and_accepted_there() {
    let mut app = hosted();
    assert!(
        !app.front()
            .offers(Action::Game(GameAction::OfferDraw), app.desk().shown()),
        "our turn"
    );
    type_keys(&mut app, "o");
    assert_eq!(
        message(&app),
        "Offer a draw once you have moved, while Lekishon thinks"
    );
    assert_eq!(app.take_effects(), []);
    type_keys(&mut app, "c\n");
    app.take_effects();
    assert!(
        app.front()
            .offers(Action::Game(GameAction::OfferDraw), app.desk().shown())
    );
    type_keys(&mut app, "oy");
    assert_eq!(app.take_effects(), [Effect::Send(GameMessage::DrawOffered)]);
    assert_eq!(message(&app), "Offered Lekishon a draw…");
    assert!(
        !app.front()
            .offers(Action::Game(GameAction::OfferDraw), app.desk().shown()),
        "one at a time"
    );
    type_keys(&mut app, "o");
    assert_eq!(message(&app), "Your draw offer waits for Lekishon's answer");
    assert_eq!(app.take_effects(), []);
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::DrawAccepted)));
    assert_eq!(app.record().ending(), Some(Ending::DrawAgreed));
    assert_eq!(message(&app), "Draw agreed: Lekishon accepted your offer");
    assert_eq!(app.take_effects(), [autosave(&app)]);
}

#[test]
fn a_draw_declined_there_leaves_the_game_going() {
    let mut app = after_our_move();
    type_keys(&mut app, "oy");
    app.take_effects();
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::DrawDeclined)));
    assert!(!app.record().is_over());
    assert_eq!(message(&app), "Lekishon declined the draw");
    assert_eq!(app.take_effects(), []);
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::Move {
        ply: 1,
        hole: Hole::new(Side::North, 0),
        left: None,
    })));
    assert_eq!(app.record().game.ply(), 2, "they play on");
}

#[test]
fn the_other_players_offer_is_asked_here_and_accepted() {
    let mut app = hosted();
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::DrawOffered)));
    assert_eq!(
        app.desk().mode(),
        &Mode::Confirm(Confirm::Draw(Side::North))
    );
    type_keys(&mut app, "c");
    assert_eq!(app.record().game.ply(), 0, "only y or n answers");
    type_keys(&mut app, "y");
    assert_eq!(app.record().ending(), Some(Ending::DrawAgreed));
    assert_eq!(
        app.take_effects(),
        [Effect::Send(GameMessage::DrawAccepted), autosave(&app)]
    );
    assert_eq!(
        message(&app),
        "Draw agreed: South accepted Lekishon's offer"
    );
}

#[test]
fn the_other_players_offer_declined_here_is_told_them() {
    let mut app = hosted();
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::DrawOffered)));
    type_keys(&mut app, "n");
    assert!(!app.record().is_over());
    assert_eq!(
        app.take_effects(),
        [Effect::Send(GameMessage::DrawDeclined)]
    );
    type_keys(&mut app, "c\n");
    assert_eq!(app.record().game.ply(), 1, "we play on");
}

#[test]
fn a_dropped_line_withdraws_the_other_players_offer() {
    let mut app = hosted();
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::DrawOffered)));
    app.answer(Answer::Remote(PeerNews::Lost(
        "the other player left".into(),
    )));
    assert_eq!(app.desk().mode(), &Mode::Play);
    assert!(!app.record().is_over());
}

#[test]
fn the_other_player_may_resign_while_this_player_thinks() {
    let mut app = hosted();
    assert_eq!(app.record().to_move(), Some(Side::South), "our turn");
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::Resigned)));
    assert_eq!(app.record().ending(), Some(Ending::Resigned(Side::North)));
    assert_eq!(message(&app), "Lekishon resigned: South wins");
}

#[test]
fn this_player_may_resign_while_the_other_thinks() {
    let mut app = after_our_move();
    app.take_effects();
    type_keys(&mut app, "x");
    assert_eq!(
        app.desk().mode(),
        &Mode::Confirm(Confirm::Resign(Side::South))
    );
    type_keys(&mut app, "y");
    assert_eq!(app.record().ending(), Some(Ending::Resigned(Side::South)));
    assert_eq!(
        app.take_effects(),
        [Effect::Send(GameMessage::Resigned), autosave(&app)]
    );
}

#[test]
fn a_resignation_after_the_end_is_refused() {
    let mut app = after_our_move();
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::Resigned)));
    app.take_effects();
    refused(
        app,
        GameMessage::Resigned,
        "Lekishon resigned after the end of the game",
    );
}

#[test]
fn a_draw_offered_on_their_own_turn_is_refused() {
    refused(
        after_our_move(),
        GameMessage::DrawOffered,
        "Lekishon offered a draw on their own turn",
    );
}

#[test]
fn a_draw_offered_after_the_end_is_refused() {
    let mut app = hosted();
    type_keys(&mut app, "xy");
    app.take_effects();
    refused(
        app,
        GameMessage::DrawOffered,
        "Lekishon offered a draw after the end of the game",
    );
}

#[test]
fn an_answer_to_a_draw_nobody_offered_is_refused() {
    refused(
        after_our_move(),
        GameMessage::DrawAccepted,
        "Lekishon accepted a draw nobody offered",
    );
    refused(
        after_our_move(),
        GameMessage::DrawDeclined,
        "Lekishon declined a draw nobody offered",
    );
}

#[test]
fn a_move_lets_this_players_offer_lapse() {
    let mut app = after_our_move();
    type_keys(&mut app, "oy");
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::Move {
        ply: 1,
        hole: Hole::new(Side::North, 0),
        left: None,
    })));
    app.take_effects();
    refused(
        app,
        GameMessage::DrawAccepted,
        "Lekishon accepted a draw nobody offered",
    );
}

#[test]
fn taking_back_a_resigned_game_is_refused() {
    let mut app = after_our_move();
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::Resigned)));
    app.take_effects();
    refused(
        app,
        GameMessage::UndoAsked(0),
        "Lekishon would take back moves once the game had ended",
    );
}
