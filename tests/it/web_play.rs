//! The web page's play beyond a single move (issue 35): clocks, hints and
//! take-backs, and a match carried into its next game, with the keys of
//! the terminal. Skipped with a message where the page or the browser is
//! missing, except in CI (`tests/common/page.rs`).

use serde_json::json;

use endodoi::record::Record;

use super::web::{errors, golden, screen};
use crate::common::page::Page;

/// The keys that set up a hot-seat match to two wins with a clock of one
/// minute a player on the start screen, and start it.
const MATCH_ON_THE_CLOCK: [&str; 10] = [
    "n",
    "ArrowDown",
    "ArrowDown",
    "ArrowDown",
    "ArrowDown",
    "ArrowDown",
    "ArrowRight",
    "ArrowDown",
    "ArrowRight",
    "s",
];

/// The times the clocks show, `0:57`, top row first, in seconds.
fn clocks(screen: &str) -> Vec<u32> {
    screen
        .split_whitespace()
        .filter_map(|word| {
            let (minutes, seconds) = word.split_once(':')?;
            let seconds: u32 = seconds.parse().ok().filter(|_| seconds.len() == 2)?;
            Some(minutes.parse::<u32>().ok()? * 60 + seconds)
        })
        .collect()
}

#[test]
fn the_movers_clock_runs_and_a_hint_and_a_take_back_are_given() {
    let Some(page) = Page::open("the_movers_clock_runs_and_a_hint_and_a_take_back_are_given")
    else {
        return;
    };
    let lines = page.run(&json!([
        {"until": "New game"},
        {"keys": MATCH_ON_THE_CLOCK},
        {"until": "game 1"},
        {"keys": ["c", "Enter", "Shift"]},
        {"wait": 2500},
        {"screen": true},
        {"keys": ["t"]},
        {"until": "Hint:", "timeout": 30000},
        {"screen": true},
        {"keys": ["u"]},
        {"wait": 300},
        {"screen": true}
    ]));
    // North's clock (the top row) ran while North thought; South's stood.
    let running = screen(&lines[1]);
    let [north, south] = clocks(running)[..] else {
        panic!("two clocks in\n{running}");
    };
    assert!((55..60).contains(&north), "{running}");
    assert_eq!(south, 60, "{running}");
    let hinted = screen(&lines[2]);
    assert!(hinted.contains("Hint: "), "{hinted}");
    // South's move taken back, to be sown again; South to move.
    let undone = screen(&lines[3]);
    assert!(undone.contains("Took back C"), "{undone}");
    assert!(undone.contains("redo: 1.C+7"), "{undone}");
    assert!(undone.contains("▶ Player 1 South"), "{undone}");
    assert_eq!(errors(&lines), &json!([]));
}

#[test]
fn a_match_goes_on_to_its_next_game_with_the_score() {
    let Some(page) = Page::open("a_match_goes_on_to_its_next_game_with_the_score") else {
        return;
    };
    // A golden game South wins, played as the match's first game.
    let text = golden("012");
    let record = Record::read(&text).expect("a valid golden record");
    let mut keys: Vec<String> = MATCH_ON_THE_CLOCK.map(str::to_owned).to_vec();
    for played in record.game.history() {
        keys.extend([
            played.hole.to_string().to_lowercase(),
            "Enter".to_owned(),
            "Shift".to_owned(),
        ]);
    }
    let lines = page.run(&json!([
        {"until": "New game"},
        {"keys": keys},
        {"until": "Game over"},
        {"screen": true},
        {"keys": ["Enter"]},
        {"until": "game 2"},
        {"screen": true}
    ]));
    let over = screen(&lines[1]);
    let verdict = record.verdict().expect("a finished game");
    let said = format!(
        "Player 1 wins {}-{}",
        verdict.totals.south, verdict.totals.north
    );
    assert!(over.contains(&said), "{said} in\n{over}");
    assert!(
        over.contains("Match to 2: Player 1 1, Player 2 0"),
        "{over}"
    );
    // The next game: rows changed, so Player 2 is South and moves first.
    let next = screen(&lines[2]);
    assert!(next.contains("game 2 · move 0"), "{next}");
    assert!(next.contains("Player 2 South"), "{next}");
    assert_eq!(errors(&lines), &json!([]));
}
