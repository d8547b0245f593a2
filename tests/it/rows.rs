//! Who plays which row across the network (issue 31, item 7): the host's
//! row in the first game (`host --row`), and `n` and `w` across the network,
//! carried so that a line dropped as the rows change never seats both
//! players on one row.

use std::thread::sleep;
use std::time::{Duration, Instant};

use clap::Parser as _;
use endodoi::app::{
    Answer, App, Connection, Effect, Match, Network, PeerNews, Role, Setting, game_number, host_row,
};
use endodoi::cli::{Cli, Command, RowChoice};
use endodoi::net::wire::Message;
use endodoi::record::Record;
use endodoi::rules::Side;

use crate::common::effects::hangup;
use crate::common::keys::type_keys;
use crate::common::moves::tally;
use crate::network::{Hosted, Joining, both_until, guest_of_fake_host, play_to_the_end, text};
use endodoi::terminal::{bring_news, carry_out};

const PATIENCE: Duration = Duration::from_secs(10);

/// The row the player at this terminal plays in the game being played.
fn own_row(app: &App) -> Side {
    Side::ALL
        .into_iter()
        .find(|&side| !app.players().remote(side))
        .expect("a row here")
}

/// The host's `--row`, as the command line gives it.
fn row_option(args: &[&str]) -> Result<RowChoice, clap::Error> {
    let cli = Cli::try_parse_from(["endodoi", "host"].iter().chain(args))?;
    match cli.command {
        Some(Command::Host(host)) => Ok(host.row),
        _ => panic!("endodoi host"),
    }
}

#[test]
fn the_hosts_row_is_chosen_on_the_command_line_and_random_by_default() {
    assert_eq!(row_option(&[]).expect("no --row"), RowChoice::Random);
    assert_eq!(
        row_option(&["--row", "north"]).expect("--row north"),
        RowChoice::North
    );
    assert!(row_option(&["--row", "east"]).is_err());
    assert!(
        row_option(&["--row", "north", "--resume"]).is_err(),
        "a game hosted again keeps its rows"
    );
    let untossed = || panic!("a row given is not tossed for");
    assert_eq!(RowChoice::South.draw(untossed), Side::South);
    assert_eq!(RowChoice::North.draw(untossed), Side::North);
    assert_eq!(RowChoice::Random.draw(|| true), Side::South);
    assert_eq!(RowChoice::Random.draw(|| false), Side::North);
    // Both rows come up: a fair coin fails this once in 2^199 runs.
    let souths = (0..200)
        .filter(|_| RowChoice::Random.draw(fastrand::bool) == Side::South)
        .count();
    assert!((1..200).contains(&souths), "{souths} of 200 South");
}

#[test]
fn a_host_on_north_moves_second_and_the_joiner_sees_its_south_row_at_the_bottom() {
    let mut hosted = Hosted::seated(Match::default(), Side::North);
    let mut joining = Joining::new(&mut hosted);
    assert_eq!(joining.app.players().name(Side::South), "Lekishon");
    assert_eq!(joining.app.players().name(Side::North), "Naserian");
    assert_eq!(own_row(&joining.app), Side::South);
    assert_eq!(joining.app.desk().view().bottom(), Side::South);
    assert_eq!(hosted.app.desk().view().bottom(), Side::North);
    assert!(
        hosted
            .app
            .record()
            .to_move()
            .is_some_and(|side| hosted.app.players().remote(side)),
        "the joiner opens the game"
    );
    type_keys(&mut hosted.app, "a\n");
    assert_eq!(hosted.app.record().game.ply(), 0, "the host waits its turn");
    type_keys(&mut joining.app, "\n");
    both_until(&mut hosted, &mut joining, "South's move", |h, _| {
        h.record().game.ply() == 1
    });
    assert_eq!(hosted.app.record().game, joining.app.record().game);
    for app in [&hosted.app, &joining.app] {
        assert_eq!(host_row(app.record()), Some(Side::North));
        assert_eq!(game_number(app.record()), 1);
    }
}

#[test]
fn w_across_the_network_swaps_the_rows_on_both_screens() {
    let mut hosted = Hosted::with(Match::default());
    let mut joining = Joining::new(&mut hosted);
    play_to_the_end(&mut hosted, &mut joining);
    type_keys(&mut hosted.app, "w");
    both_until(&mut hosted, &mut joining, "the rematch", |_, j| {
        game_number(j.record()) == 2
    });
    for app in [&hosted.app, &joining.app] {
        assert_eq!(app.players().name(Side::South), "Lekishon");
        assert_eq!(app.players().name(Side::North), "Naserian");
        assert_eq!(app.record().game.ply(), 0);
        assert_eq!(app.desk().view().bottom(), own_row(app));
    }
    assert_eq!(own_row(&hosted.app), Side::North);
    assert_eq!(own_row(&joining.app), Side::South);
    assert_eq!(
        text(&joining.app),
        "Rematch: the players change rows; Lekishon moves first"
    );
    // The joiner's w asks the host, who begins the rematch on both.
    play_to_the_end(&mut hosted, &mut joining);
    type_keys(&mut joining.app, "w");
    assert_eq!(text(&joining.app), "Asked Naserian for a rematch…");
    assert_eq!(own_row(&joining.app), Side::South, "nothing begins yet");
    both_until(&mut hosted, &mut joining, "the second rematch", |h, j| {
        game_number(h.record()) == 3 && game_number(j.record()) == 3
    });
    assert_eq!(own_row(&hosted.app), Side::South);
    assert_eq!(own_row(&joining.app), Side::North);
}

/// Carries out the host's effects but what it sends, then drops the line:
/// the other player never hears what the host just did.
fn drop_what_was_sent(hosted: &mut Hosted) {
    let kept: Vec<Effect> = hosted
        .app
        .take_effects()
        .into_iter()
        .filter(|effect| !matches!(effect, Effect::Send(_)))
        .collect();
    hosted.run(kept);
    let cut = vec![hangup(&hosted.app, "a test cut")];
    hosted.run(cut);
}

#[test]
fn a_next_game_lost_as_the_line_drops_leaves_the_players_on_two_rows() {
    // The host (North) begins a rematch, sows the first move on South,
    // and the line drops before the joiner hears either.
    let mut hosted = Hosted::seated(Match::default(), Side::North);
    let mut joining = Joining::new(&mut hosted);
    play_to_the_end(&mut hosted, &mut joining);
    type_keys(&mut hosted.app, "w\n");
    assert_eq!(hosted.app.record().game.ply(), 1);
    drop_what_was_sent(&mut hosted);
    assert_eq!(own_row(&joining.app), own_row(&hosted.app), "not told yet");
    both_until(&mut hosted, &mut joining, "the reconnection", |h, j| {
        h.table().network().unwrap().connection == Connection::Connected
            && j.record().game.ply() == 1
    });
    assert_eq!(
        text(&hosted.app),
        "Reconnected: Lekishon's copy is of game 1, ours of game 2: ours is kept"
    );
    assert_eq!(own_row(&hosted.app), Side::South);
    assert_eq!(own_row(&joining.app), Side::North);
    assert_eq!(joining.app.desk().view().bottom(), Side::North);
    assert_eq!(game_number(joining.app.record()), 2);
    assert_eq!(hosted.app.record().game, joining.app.record().game);
    type_keys(&mut joining.app, "\n");
    both_until(&mut hosted, &mut joining, "North's move", |h, _| {
        h.record().game.ply() == 2
    });

    // In a match, the joiner's n asks; the host's next game is lost.
    let mut hosted = Hosted::with(Match::new(None, None, Some(3)));
    let mut joining = Joining::new(&mut hosted);
    play_to_the_end(&mut hosted, &mut joining);
    type_keys(&mut joining.app, "n");
    joining.turn();
    let start = Instant::now();
    while game_number(hosted.app.record()) == 1 {
        assert!(start.elapsed() < PATIENCE, "waited for the joiner's n");
        hosted.pump();
        sleep(Duration::from_millis(5));
    }
    drop_what_was_sent(&mut hosted);
    both_until(&mut hosted, &mut joining, "the reconnection", |h, j| {
        h.table().network().unwrap().connection == Connection::Connected && j.players().round == 2
    });
    assert_eq!(own_row(&hosted.app), Side::North);
    assert_eq!(own_row(&joining.app), Side::South);
    assert_eq!(tally(&hosted.app), tally(&joining.app));
}

/// A hostile joiner says `line` (after Naserian sows A, and its own
/// resignation when `ended`): refused with `why`, nothing applied.
fn refused_next(players: Match, ended: bool, line: &str, why: &str) {
    let mut hosted = Hosted::with(players);
    let (mut peer, _) = hosted.join("Mallory");
    type_keys(&mut hosted.app, "a\n");
    hosted.turn();
    assert_eq!(peer.line(), "move 0 A");
    if ended {
        peer.send("resign");
        hosted.until("the resignation", |app| app.record().is_over());
    }
    let before = (hosted.app.record().clone(), hosted.app.players().clone());
    peer.send(line);
    hosted.until("the refusal", |app| {
        matches!(
            app.table().network().unwrap().connection,
            Connection::Lost(_)
        )
    });
    peer.closed_with(why);
    let after = (hosted.app.record().clone(), hosted.app.players().clone());
    assert_eq!(after, before, "{line}");
}

#[test]
fn the_host_refuses_a_next_game_out_of_place_or_on_rows_it_does_not_give() {
    refused_next(
        Match::default(),
        false,
        "next 2 south",
        "Mallory began game 2 in the middle of game 1",
    );
    refused_next(
        Match::default(),
        true,
        "next 3 south",
        "Mallory began game 3 after game 1",
    );
    refused_next(
        Match::new(None, None, Some(2)),
        true,
        "next 2 north",
        "Mallory would play North in game 2 of the match, where they play South",
    );
}

/// A finished game 1, North resigned after A, with `tags` more.
fn finished(tags: &str) -> String {
    format!(
        "[South \"Naserian\"]\n[North \"Lekishon\"]\n[Host \"South\"]\n[Game \"1\"]\n{tags}\
         [Termination \"North resigned\"]\n\n1. A *\n"
    )
}

#[test]
fn the_joiner_refuses_a_next_game_of_the_host_out_of_place() {
    let cases = [
        ("", "next 1 south", "Naserian began game 1 after game 1"),
        (
            "[Match \"2\"]\n[Round \"1\"]\n[Score \"0-0\"]\n",
            "next 2 south",
            "Naserian would play South in game 2 of the match, where they play North",
        ),
    ];
    for (tags, line, why) in cases {
        let game = Message::Game(finished(tags)).to_string();
        let lines = vec!["welcome Naserian".to_owned(), game, line.to_owned()];
        let (mut app, mut runner, mut peer) = guest_of_fake_host(lines);
        let start = Instant::now();
        while app.table().network().unwrap().connection == Connection::Connected {
            assert!(start.elapsed() < PATIENCE, "waited for the refusal");
            bring_news(&mut runner, &mut app);
            carry_out(&mut runner, &mut app);
            sleep(Duration::from_millis(5));
        }
        assert_eq!(peer.line(), format!("bye {why}"));
        assert_eq!(game_number(app.record()), 1, "{line}");
        assert_eq!(own_row(&app), Side::North, "{line}");
    }
}

#[test]
fn the_joiner_refuses_a_copy_whose_host_plays_another_row_than_it_may() {
    let record = Record::read(&finished("[Match \"2\"]\n[Round \"1\"]\n")).expect("a record");
    let copies = [
        (
            "[South \"Naserian\"]\n[North \"Lekishon\"]\n[Host \"North\"]\n[Game \"1\"]\n\n1. A *\n",
            "Naserian's copy of game 1 has the host on the North row, ours on the South row",
        ),
        (
            "[Match \"2\"]\n[Round \"2\"]\n[South \"Naserian\"]\n[North \"Lekishon\"]\n\
             [Host \"South\"]\n[Game \"2\"]\n\n*\n",
            "Naserian would play South in game 2 of the match, where they play North",
        ),
        (
            "[South \"Naserian\"]\n[North \"Lekishon\"]\n[Host \"South\"]\n[Game \"3\"]\n\n*\n",
            "Naserian began game 3 after game 1",
        ),
        (
            "[Match \"2\"]\n[Round \"1\"]\n[Score \"1-0\"]\n[South \"Naserian\"]\n\
             [North \"Lekishon\"]\n[Host \"South\"]\n[Game \"1\"]\n\n1. A *\n",
            "Naserian's copy of game 1 counts the match otherwise than ours",
        ),
    ];
    for (copy, why) in copies {
        let mut app = App::from_record(record.clone(), Match::from_record(&record));
        let role = Role::Guest {
            place: "127.0.0.1:7557".to_owned(),
            command: "endodoi join 127.0.0.1:7557 --code k4p9xm".to_owned(),
        };
        app.set(Setting::Across {
            network: Network::new(role),
            remote_home: Side::South,
            name: None,
        });
        app.take_effects();
        let before = app.record().clone();
        let copy = Record::read(copy).expect("a copy");
        app.answer(Answer::Remote(PeerNews::Resync(Box::new(copy))));
        assert_eq!(app.take_effects(), [hangup(&app, why)]);
        assert_eq!(app.record(), &before, "{why}");
        assert_eq!(own_row(&app), Side::North);
    }
}
