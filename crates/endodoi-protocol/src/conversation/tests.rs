//! The conversation driven by hand: no socket, the time handed in.

use std::time::{Duration, Instant};

use endodoi_core::record::Record;
use endodoi_core::rules::{Config, Game, Hole, Side};

use super::*;
use crate::WireError;

const LIVENESS: Liveness = Liveness {
    silence: Duration::from_secs(30),
    ping: Duration::from_secs(5),
};

const HELLO: Duration = Duration::from_secs(10);

/// A game of `moves` moves, each the first legal one.
fn game(moves: usize) -> Record {
    let mut game = Game::new(Config::default());
    for _ in 0..moves {
        let first = game.legal_moves().next().expect("a legal move");
        game.play(first).expect("a legal move");
    }
    Record::new(game)
}

/// A host and a joiner, their handshake done at `now`: the joiner's copy
/// is `ours` when it takes its seat again.
fn met(now: Instant, ours: Option<&Record>) -> (Conversation, Conversation) {
    let deadline = Some(now + HELLO);
    let (mut joiner, first) =
        Conversation::join(Some("Lekishon".into()), ours, deadline, LIVENESS, now);
    let mut host = Conversation::host(ours.is_some(), deadline, LIVENESS, now);
    let steps: Vec<Step> = first
        .into_iter()
        .flat_map(|message| host.read(Ok(message.to_string()), now))
        .collect();
    let copy = ours.map(|ours| Box::new(ours.clone()));
    assert_eq!(
        steps,
        [
            Step::Trust,
            Step::Met(Met::Joiner {
                name: Some("Lekishon".into()),
                copy
            })
        ]
    );
    assert!(host.is_open());
    let welcome = host.welcome("Naserian".into(), now).expect("a joiner met");
    assert_eq!(welcome.to_string(), "welcome Naserian");
    assert_eq!(joiner.read(Ok(welcome.to_string()), now), [Step::Trust]);
    assert!(!joiner.is_open());
    let ours = game(1);
    let steps = joiner.read(Ok(Message::Game(ours.to_string()).to_string()), now);
    assert_eq!(
        steps,
        [Step::Met(Met::Host {
            name: "Naserian".into(),
            game: Box::new(ours)
        })]
    );
    assert!(joiner.is_open());
    (host, joiner)
}

#[test]
fn a_first_meeting_lets_the_joiner_in_and_hands_it_the_game() {
    let now = Instant::now();
    let (host, joiner) = met(now, None);
    assert_eq!(host.wait(now), LIVENESS.ping);
    assert_eq!(joiner.wait(now), LIVENESS.ping);
}

#[test]
fn a_player_taking_the_seat_again_sends_its_copy_after_hello() {
    let now = Instant::now();
    let ours = game(2);
    let (_, first) = Conversation::join(None, Some(&ours), None, LIVENESS, now);
    assert_eq!(
        first,
        [Message::Hello(None), Message::Game(ours.to_string())]
    );
    met(now, Some(&ours));
}

#[test]
fn the_host_lets_in_only_a_joiner_it_met() {
    let now = Instant::now();
    let mut host = Conversation::host(false, None, LIVENESS, now);
    assert_eq!(host.welcome("Naserian".into(), now), None);
    assert!(!host.is_open());
}

/// The host's steps after `lines`, in a first meeting or (`rejoin`) not.
fn host_after(rejoin: bool, lines: &[Result<&str, ReadError>]) -> Vec<Step> {
    let now = Instant::now();
    let mut host = Conversation::host(rejoin, Some(now + HELLO), LIVENESS, now);
    let steps = lines
        .iter()
        .flat_map(|line| host.read(line.clone().map(str::to_owned), now))
        .collect();
    // A failed handshake is over: nothing more is read, nobody let in.
    assert_eq!(host.read(Ok("hello Mallory".into()), now), []);
    assert_eq!(host.welcome("Naserian".into(), now), None);
    steps
}

/// The joiner's steps after `lines`.
fn joiner_after(lines: &[Result<&str, ReadError>]) -> Vec<Step> {
    let now = Instant::now();
    let (mut joiner, _) = Conversation::join(None, None, Some(now + HELLO), LIVENESS, now);
    lines
        .iter()
        .flat_map(|line| joiner.read(line.clone().map(str::to_owned), now))
        .collect()
}

/// The failure that ends `steps`, in words.
fn failed(steps: &[Step]) -> String {
    match steps.last() {
        Some(Step::Failed(failure)) => failure.to_string(),
        other => panic!("a failure, not {other:?}"),
    }
}

#[test]
fn a_line_that_does_not_open_is_a_wrong_key_on_either_side() {
    assert_eq!(
        host_after(false, &[Err(ReadError::Unsealed)]),
        [Step::Failed(Failure::Unopened)]
    );
    // The host closes without a word on a wrong key.
    for error in [ReadError::Unsealed, ReadError::Closed] {
        assert_eq!(
            joiner_after(&[Err(error)]),
            [Step::Failed(Failure::Unopened)]
        );
    }
}

#[test]
fn each_step_of_the_handshake_takes_its_own_message_only() {
    let long = format!("hello {}", "n".repeat(MAX_NAME + 1));
    let cases = [
        (
            host_after(false, &[Ok(&long)]),
            "a name has at most 40 characters",
        ),
        (host_after(false, &[Ok("ping")]), "Ping where hello belongs"),
        (
            host_after(true, &[Ok("hello"), Ok("welcome Mallory")]),
            "Welcome(\"Mallory\") where its game belongs",
        ),
        (
            host_after(true, &[Ok("hello"), Ok("game \"not a record\"")]),
            "its game: line 1, column 1: not a record",
        ),
        (
            host_after(false, &[Ok("launch missiles")]),
            "unknown message \"launch\"",
        ),
        (joiner_after(&[Ok("ping")]), "Ping before welcome"),
        (
            joiner_after(&[Ok("welcome Naserian"), Ok("move 0 A")]),
            "Said(Move { ply: 0, hole: Hole { side: South, index: 0 }, left: None }) where its game belongs",
        ),
    ];
    for (steps, why) in cases {
        let said = failed(&steps);
        assert!(
            said == why || (why.starts_with("its game: ") && said.starts_with("its game: ")),
            "{said:?} is not {why:?}"
        );
    }
}

#[test]
fn the_handshake_has_one_deadline() {
    let now = Instant::now();
    let mut host = Conversation::host(true, Some(now + HELLO), LIVENESS, now);
    assert_eq!(host.wait(now), HELLO);
    assert_eq!(
        host.read(Ok("hello".into()), now + HELLO / 2),
        [Step::Trust]
    );
    assert_eq!(host.wait(now + HELLO / 2), HELLO / 2);
    assert_eq!(host.tick(now + HELLO / 2), []);
    // A read that timed out is the same as the time passing.
    assert_eq!(
        failed(&host.read(Err(ReadError::TimedOut), now + HELLO)),
        "no game: nothing came in time"
    );
    assert_eq!(
        failed(&host_after(false, &[Err(ReadError::Closed)])),
        "no hello: the connection was closed"
    );
    let (mut joiner, _) = Conversation::join(None, None, Some(now + HELLO), LIVENESS, now);
    assert_eq!(
        failed(&joiner.tick(now + HELLO)),
        "nothing came in time",
        "the joiner's driver says where"
    );
}

#[test]
fn the_game_messages_reach_the_app_and_a_quiet_line_is_pinged() {
    let now = Instant::now();
    let (mut host, _) = met(now, None);
    assert_eq!(
        host.read(Ok("move 1 b 4500".into()), now),
        [Step::Said(GameMessage::Move {
            ply: 1,
            hole: Hole::new(Side::North, 1),
            left: Some(Duration::from_millis(4500)),
        })]
    );
    assert_eq!(host.tick(now + LIVENESS.ping / 2), []);
    assert_eq!(host.read(Ok("ping".into()), now + LIVENESS.ping / 2), []);
    let pinged = now + LIVENESS.ping;
    assert_eq!(host.tick(pinged), [Step::Send(Message::Ping)]);
    assert_eq!(host.wait(pinged), LIVENESS.ping);
    // Heard last at half a ping: silent for the whole silence after it.
    let silent = now + LIVENESS.ping / 2 + LIVENESS.silence;
    let steps = host.tick(silent);
    let Some(Step::Parted(parting)) = steps.last() else {
        panic!("the silent connection is given up: {steps:?}");
    };
    assert_eq!(parting.to_string(), "nothing came for 30 s");
    assert!(parting.tells());
    assert_eq!(host.tick(silent + LIVENESS.ping), [], "over");
    assert_eq!(host.wait(silent), Duration::ZERO);
}

#[test]
fn what_ends_a_connection_says_why_and_whether_a_bye_tells_it() {
    let cases: [(Result<&str, ReadError>, &str, bool); 7] = [
        (
            Ok("bye the player quit"),
            "the other side left: the player quit",
            false,
        ),
        (
            Ok("hello Mallory"),
            "the other side sent \"hello Mallory\" out of place",
            true,
        ),
        (
            Ok("launch missiles"),
            "the other side sent something that is not the protocol (unknown message \"launch\"): \"launch missiles\"",
            true,
        ),
        (Err(ReadError::Closed), "the other player left", false),
        (
            Err(ReadError::TooLong(10)),
            "the other side sent a line longer than 10 bytes",
            true,
        ),
        (
            Err(ReadError::Unsealed),
            "the other side sent a line that does not open with the session's key (altered or not theirs)",
            true,
        ),
        (
            Err(ReadError::Io("reset".into())),
            "the connection broke: reset",
            false,
        ),
    ];
    for (line, why, tells) in cases {
        let now = Instant::now();
        let (_, mut joiner) = met(now, None);
        let steps = joiner.read(line.map(str::to_owned), now);
        let [Step::Parted(parting)] = &steps[..] else {
            panic!("one parting, not {steps:?}");
        };
        assert_eq!(
            (parting.to_string().as_str(), parting.tells()),
            (why, tells)
        );
        assert_eq!(joiner.read(Ok("move 0 A".into()), now), [], "over");
    }
    assert_eq!(Parting::Unsent.to_string(), "the connection broke");
    assert!(!Parting::Unsent.tells());
}

#[test]
fn a_malformed_message_is_no_message() {
    let now = Instant::now();
    let (mut host, _) = met(now, None);
    let steps = host.read(Ok("move 3 AB".into()), now);
    assert!(
        matches!(
            &steps[..],
            [Step::Parted(Parting::Garbled(WireError::Malformed(word, _), line))]
                if word == "move" && line == "move 3 AB"
        ),
        "{steps:?}"
    );
}
