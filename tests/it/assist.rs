//! Hints and take-backs: a game played without them (the keys refused and
//! not offered, the record saying so, a resumed game keeping it, the host's
//! choice holding for the joiner), a game where a player was helped saying
//! so in its record, and across the network a hint announced to the other
//! player, whose own is checked as a move is.

use endodoi::app::input::KeyCode;
use endodoi::app::{
    Action, Answer, App, Effect, GameAction, GameMessage, Match, Network, PeerNews, Role, Setting,
};
use endodoi::record::Record;
use endodoi::rules::{Config, Side};
use keys::{press, type_keys};

use crate::common::effects::{autosave, hangup};
use crate::common::keys;

const NO_ASSIST: &str = "This game is played without hints and take-backs";

fn text(app: &App) -> String {
    app.desk()
        .message()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

fn without_help() -> Match {
    Match {
        no_assist: true,
        ..Match::default()
    }
}

fn local(players: Match) -> App {
    let mut app = App::new(Config::default(), players);
    app.set(Setting::Animation(false));
    app
}

/// A game hosted for Lekishon, who has joined and plays North.
fn hosted(players: Match) -> App {
    let mut app = local(players);
    let role = Role::Host {
        invite: "endodoi join 127.0.0.1:7557 --code k4p9xm".to_owned(),
        options: String::new(),
    };
    app.set(Setting::Across {
        network: Network::new(role),
        remote_home: Side::North,
        name: Some("Naserian".into()),
    });
    app.answer(Answer::Remote(PeerNews::Joined(Some("Lekishon".into()))));
    app.take_effects();
    app
}

fn offers_help(app: &App) -> [bool; 2] {
    [GameAction::Hint, GameAction::Undo]
        .map(|play| app.front().offers(Action::Game(play), app.desk().shown()))
}

#[test]
fn a_game_without_help_refuses_the_keys_says_so_in_its_record_and_keeps_it_resumed() {
    let mut app = local(without_help());
    type_keys(&mut app, "c\n");
    assert_eq!(offers_help(&app), [false, false]);
    for key in ['t', 'u'] {
        app.take_effects();
        press(&mut app, KeyCode::Char(key));
        assert_eq!(text(&app), NO_ASSIST, "{key}");
        assert_eq!(app.take_effects(), [], "{key}: no search, nothing saved");
        assert_eq!(app.record().game.ply(), 1, "{key}");
    }
    let saved = app.record().to_string();
    assert_eq!(
        saved,
        "[Variant \"En Dodoi\"]\n[Width \"6\"]\n[Seeds \"4\"]\n[South \"South\"]\n\
         [North \"North\"]\n[Assist \"off\"]\n[Result \"*\"]\n\n1. C+7 *\n"
    );
    let record = Record::read(&saved).expect("the record reads back");
    let players = Match::from_record(&record);
    assert!(players.no_assist);
    let mut resumed = App::from_record(record, players);
    resumed.set(Setting::Animation(false));
    assert_eq!(offers_help(&resumed), [false, false]);
    press(&mut resumed, KeyCode::Char('t'));
    assert_eq!(text(&resumed), NO_ASSIST);
}

#[test]
fn a_hint_and_a_take_back_mark_the_side_helped_in_the_record_as_they_happen() {
    let mut app = local(Match::default());
    assert_eq!(offers_help(&app), [true, false]);
    press(&mut app, KeyCode::Char('t'));
    assert_eq!(app.record().tag("Assisted"), Some("South"));
    assert!(app.take_effects().contains(&autosave(&app)));
    type_keys(&mut app, "c\n");
    // North's move taken back: North plays it again, helped.
    type_keys(&mut app, "a\n");
    assert_eq!(offers_help(&app), [true, true]);
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.record().game.ply(), 1);
    assert_eq!(
        app.record().to_string(),
        "[Variant \"En Dodoi\"]\n[Width \"6\"]\n[Seeds \"4\"]\n[South \"South\"]\n\
         [North \"North\"]\n[Assisted \"South North\"]\n[Result \"*\"]\n\n1. C+7 *\n"
    );
}

#[test]
fn a_hint_asked_across_the_network_is_announced() {
    let mut app = hosted(Match::default());
    press(&mut app, KeyCode::Char('t'));
    let effects = app.take_effects();
    assert!(
        effects.contains(&Effect::Send(GameMessage::HintAsked(0))),
        "{effects:?}"
    );
    assert_eq!(app.record().tag("Assisted"), Some("South"));
}

#[test]
fn the_other_players_hint_is_shown_and_marks_their_side() {
    let mut app = hosted(Match::default());
    type_keys(&mut app, "c\n");
    app.take_effects();
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::HintAsked(1))));
    assert_eq!(text(&app), "Lekishon asked for a hint");
    assert_eq!(app.take_effects(), [autosave(&app)]);
    assert_eq!(app.record().tag("Assisted"), Some("North"));
    assert_eq!(
        app.table().network().map(|n| n.connection.clone()),
        Some(endodoi::app::Connection::Connected)
    );
}

#[test]
fn a_hint_out_of_turn_after_the_end_or_in_a_game_without_them_is_refused() {
    // On this player's turn, and for another move than this one.
    for (said, why) in [
        (
            GameMessage::HintAsked(0),
            "Lekishon asked for a hint out of turn",
        ),
        (
            GameMessage::HintAsked(7),
            "Lekishon asked for a hint out of turn",
        ),
    ] {
        let mut app = hosted(Match::default());
        if said == GameMessage::HintAsked(7) {
            type_keys(&mut app, "c\n");
            app.take_effects();
        }
        let before = app.record().clone();
        app.answer(Answer::Remote(PeerNews::Said(said)));
        assert_eq!(app.take_effects(), [hangup(&app, why)]);
        assert_eq!(app.record(), &before, "{said:?}");
    }
    // After the end of the game.
    let record = Record::read(include_str!("../../examples/naserian-lekishon.ogn"))
        .expect("a finished game");
    let mut app = App::from_record(record, Match::default());
    app.set(Setting::Animation(false));
    let role = Role::Host {
        invite: "endodoi join 127.0.0.1:7557 --code k4p9xm".to_owned(),
        options: String::new(),
    };
    app.set(Setting::Across {
        network: Network::new(role),
        remote_home: Side::North,
        name: None,
    });
    app.answer(Answer::Remote(PeerNews::Joined(Some("Lekishon".into()))));
    app.take_effects();
    assert!(app.record().is_over(), "a finished game");
    let ply = app.record().game.ply();
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::HintAsked(ply))));
    assert_eq!(
        app.take_effects(),
        [hangup(
            &app,
            "Lekishon asked for a hint after the end of the game"
        )]
    );
    assert_eq!(app.record().tag("Assisted"), None);
}

#[test]
fn the_hosts_game_without_help_holds_for_both() {
    let mut app = hosted(without_help());
    type_keys(&mut app, "c\n");
    app.take_effects();
    assert_eq!(offers_help(&app), [false, false]);
    // The joiner reads the host's record: it refuses too.
    let record = Record::read(&app.record().to_string()).expect("the host's record");
    let players = Match::from_record(&record);
    let mut joiner = App::from_record(record, players);
    joiner.set(Setting::Animation(false));
    let role = Role::Guest {
        place: "127.0.0.1:7557".to_owned(),
        command: "endodoi join 127.0.0.1:7557 --code k4p9xm".to_owned(),
    };
    joiner.set(Setting::Across {
        network: Network::new(role),
        remote_home: Side::South,
        name: Some("Lekishon".into()),
    });
    joiner.take_effects();
    press(&mut joiner, KeyCode::Char('t'));
    assert_eq!(text(&joiner), NO_ASSIST);
    assert_eq!(joiner.take_effects(), []);
    // A hint or a take-back asked for all the same is refused.
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::HintAsked(1))));
    assert_eq!(
        app.take_effects(),
        [hangup(
            &app,
            "Lekishon asked for a hint in a game played without them"
        )]
    );
    let mut app = hosted(without_help());
    type_keys(&mut app, "c\n");
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::Move {
        ply: 1,
        hole: endodoi::rules::Hole::new(Side::North, 0),
        left: None,
    })));
    app.take_effects();
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::UndoAsked(1))));
    assert_eq!(
        app.take_effects(),
        [hangup(
            &app,
            "Lekishon asked to take the game back to move 1 in a game played without take-backs"
        )]
    );
    assert_eq!(app.record().game.ply(), 2);
}

#[test]
fn a_take_back_agreed_across_the_network_marks_the_asker() {
    let mut app = hosted(Match::default());
    type_keys(&mut app, "c\n");
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::Move {
        ply: 1,
        hole: endodoi::rules::Hole::new(Side::North, 0),
        left: None,
    })));
    press(&mut app, KeyCode::Char('u'));
    assert!(
        app.take_effects()
            .contains(&Effect::Send(GameMessage::UndoAsked(0)))
    );
    assert_eq!(app.record().tag("Assisted"), None, "not before they agree");
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::UndoAccepted(0))));
    assert_eq!(app.record().game.ply(), 0);
    assert_eq!(app.record().tag("Assisted"), Some("South"));
    // They ask in turn, and this player agrees: North is helped too.
    type_keys(&mut app, "c\n");
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::Move {
        ply: 1,
        hole: endodoi::rules::Hole::new(Side::North, 0),
        left: None,
    })));
    app.answer(Answer::Remote(PeerNews::Said(GameMessage::UndoAsked(1))));
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.record().game.ply(), 1);
    assert_eq!(app.record().tag("Assisted"), Some("South North"));
}

/// The screen at 80×24, as a player sees it.
fn screen(app: &App) -> String {
    crate::common::screen::at_80x24(app)
}

#[test]
fn a_game_without_help_shows_no_move_preview_only_the_hole_selected() {
    let mut helped = local(Match::default());
    type_keys(&mut helped, "a");
    assert!(
        screen(&helped).contains("A → ends in"),
        "{}",
        screen(&helped)
    );
    let mut app = local(without_help());
    type_keys(&mut app, "a");
    let shown = screen(&app);
    assert!(!app.desk().view().preview_shown(app.players()));
    assert!(shown.contains("South to move · hole A"), "{shown}");
    assert!(!shown.contains("ends in"), "{shown}");
    assert!(!shown.contains("sown"), "{shown}");
    press(&mut app, KeyCode::Char('p'));
    assert_eq!(text(&app), "No move preview in a game played without help");
    assert!(
        !app.desk().view().preview_shown(app.players()),
        "p does not turn it on"
    );
    assert!(!screen(&app).contains("ends in"));
}
