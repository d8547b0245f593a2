//! The web page's records and settings (issue 35): a game downloaded, a
//! record opened, dropped or pasted, the viewer's analysis, the results
//! page and the settings kept in the browser. Skipped with a message where
//! the page or the browser is missing, except in CI (`tests/common/page.rs`).

use serde_json::{Value, json};

use endodoi::analyze::analyze;
use endodoi::app::analysis::DEFAULT_NODES;
use endodoi::app::results::{Against, Stats};
use endodoi::record::{Record, Tags};
use endodoi::rules::Side;
use endodoi::search::Limits;

use super::web::{board_shown, errors, golden, screen};
use crate::common::page::Page;

/// The rows a record's game ends on, as [`board_shown`] reads them.
fn rows(record: &Record) -> (Vec<u32>, Vec<u32>) {
    let position = record.game.position();
    let row = |side| {
        position
            .row(side)
            .iter()
            .map(|&n| u32::from(n))
            .collect::<Vec<_>>()
    };
    (row(Side::North), row(Side::South))
}

#[test]
fn a_record_chosen_dropped_or_pasted_opens_in_the_viewer_and_a_faulty_one_is_named() {
    let Some(page) = Page::open(
        "a_record_chosen_dropped_or_pasted_opens_in_the_viewer_and_a_faulty_one_is_named",
    ) else {
        return;
    };
    // A finished game of width 7 chosen with the button, a game under way
    // of width 10 dropped, moves pasted, and then pasted moves with a fault.
    let (finished, under_way) = (golden("002"), golden("000"));
    let lines = page.run(&json!([
        {"until": "New game"},
        {"choose": {"name": "won.ogn", "text": finished}},
        {"until": "won.ogn"},
        {"keys": ["G"]},
        {"wait": 300},
        {"screen": true},
        {"drop": {"name": "wide.ogn", "text": under_way}},
        {"until": "wide.ogn"},
        {"keys": ["G"]},
        {"wait": 300},
        {"screen": true},
        {"paste": "C d E a\n"},
        {"until": "the pasted text"},
        {"keys": ["G"]},
        {"wait": 300},
        {"screen": true},
        {"paste": "C d E a b"},
        {"until": "Not opened"},
        {"screen": true},
        // More than a record may be (16 MiB): refused before it is read.
        {"paste": {"text": "C d E a ", "times": 2_200_000}},
        {"until": "larger than 16 MiB"},
        {"screen": true}
    ]));
    // The finished game at its end: the box over the board says how it
    // ended, with the rules engine's totals.
    let won = Record::read(&finished).expect("a record");
    let verdict = won.verdict().expect("a finished game");
    let shown = screen(&lines[1]);
    let moves = won.game.history().len();
    assert!(
        shown.contains(&format!("move {moves} of {moves}")),
        "{shown}"
    );
    assert_eq!(verdict.winner, Some(Side::South));
    let totals = format!(
        "South wins {}-{}",
        verdict.totals.south, verdict.totals.north
    );
    assert!(shown.contains(&totals), "{totals} in\n{shown}");
    // The others at their ends: the boards the rules engine computes.
    let pasted = Record::read("C d E a").expect("a record");
    for (line, record, width) in [
        (&lines[2], Record::read(&under_way).expect("a record"), 10),
        (&lines[3], pasted, 6),
    ] {
        let shown = screen(line);
        let (north, south, _) = board_shown(shown, width);
        assert_eq!((north, south), rows(&record), "{shown}");
    }
    // The fault named as the terminal names it, the record shown before
    // still shown.
    let faulty = screen(&lines[4]);
    let said = faulty.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains(
            "Not opened: the pasted text: line 1, column 9, ply 5: move `b`: hole b is North's, but it is South's turn"
        ),
        "{faulty}"
    );
    assert!(
        faulty.contains("the pasted text · South vs North"),
        "{faulty}"
    );
    assert_eq!(errors(&lines), &json!([]));
}

#[test]
fn a_game_downloaded_with_s_is_its_record_as_kept() {
    let Some(page) = Page::open("a_game_downloaded_with_s_is_its_record_as_kept") else {
        return;
    };
    let lines = page.run(&json!([
        {"until": "New game"},
        {"keys": ["n", "s", "c", "Enter", "Shift", "a", "Enter", "Shift"]},
        {"wait": 300},
        {"download": ["s"]},
        {"wait": 300},
        {"screen": true},
        {"storage": true}
    ]));
    let offered = &lines[1]["download"];
    let name = offered["name"].as_str().expect("a name");
    // `endodoi-2026-12-07-1417.ogn`: the time it was saved.
    let stamp = name
        .strip_prefix("endodoi-")
        .and_then(|rest| rest.strip_suffix(".ogn"))
        .expect(name);
    let shape: String = stamp
        .chars()
        .map(|c| if c.is_ascii_digit() { '9' } else { c })
        .collect();
    assert_eq!(shape, "9999-99-99-9999", "{name}");
    let text = offered["text"].as_str().expect("a text");
    let record = Record::read(text).expect("the download is a record");
    let moves: Vec<String> = record
        .game
        .history()
        .iter()
        .map(|played| played.hole.to_string())
        .collect();
    assert_eq!(moves, ["C", "a"]);
    assert!(record.tag(Tags::DATE).is_some(), "{text}");
    // The same text the browser keeps, and the player told where it went.
    let kept: Vec<&Value> = lines[3]["storage"]
        .as_object()
        .expect("the storage")
        .iter()
        .filter(|(key, _)| key.starts_with("endodoi.game."))
        .map(|(_, text)| text)
        .collect();
    assert_eq!(kept, [&json!(text)]);
    assert!(
        screen(&lines[2]).contains(&format!("Downloaded as {name}")),
        "{}",
        screen(&lines[2])
    );
    assert_eq!(errors(&lines), &json!([]));
}

#[test]
fn the_viewer_analyses_a_record_in_the_page_as_endodoi_analyze_does() {
    let Some(page) = Page::open("the_viewer_analyses_a_record_in_the_page_as_endodoi_analyze_does")
    else {
        return;
    };
    // Two moves that give away 12 and 14 seeds, two that give away none.
    let text = "C d E a\n";
    let lines = page.run(&json!([
        {"until": "New game"},
        {"paste": text},
        {"until": "the pasted text"},
        {"keys": ["a"]},
        // A key pressed while it analyses is drawn.
        {"latency": {"key": "?", "shows": "Keys"}},
        {"keys": ["Escape"]},
        {"until": "Analysis of the 4 moves ready", "timeout": 60000},
        {"screen": true}
    ]));
    println!(
        "a key while the page analyses: {} ms",
        lines[1]["latency_ms"]
    );
    assert!(lines[1]["latency_ms"].is_number(), "{:?}", lines[1]);
    let record = Record::read(text).expect("a record");
    let analysis = analyze(&record.game, Limits::nodes(DEFAULT_NODES), 2, None, |_| {});
    let marked: Vec<String> = analysis
        .moves
        .iter()
        .map(|judged| {
            let mark = if judged.mistake { "?" } else { "" };
            format!("{}.{}{}{mark}", judged.ply, judged.played, {
                if judged.captured > 0 {
                    format!("+{}", judged.captured)
                } else {
                    String::new()
                }
            })
        })
        .collect();
    assert_eq!(marked, ["1.C+7", "2.d+9", "3.E?", "4.a?"]);
    let shown = screen(&lines[2]);
    assert!(shown.contains(&marked.join(" ")), "{shown}");
    assert_eq!(errors(&lines), &json!([]));
}

#[test]
fn the_results_page_counts_the_finished_games_the_browser_keeps() {
    let Some(page) = Page::open("the_results_page_counts_the_finished_games_the_browser_keeps")
    else {
        return;
    };
    let texts = [golden("002"), golden("003"), golden("000")];
    let lines = page.run(&json!([
        {"until": "New game"},
        {"put": {
            "endodoi.game.2026-01-01T10:00:00.000Z": texts[0],
            "endodoi.game.2026-01-02T10:00:00.000Z": texts[1],
            "endodoi.game.2026-01-03T10:00:00.000Z": texts[2],
            "endodoi.game.2026-01-04T10:00:00.000Z": "no record"
        }},
        {"reload": true},
        {"until": "New game"},
        {"keys": ["t"]},
        {"until": "Player, against"},
        {"screen": true}
    ]));
    let records: Vec<Record> = texts
        .iter()
        .map(|text| Record::read(text).expect("a record"))
        .collect();
    let stats = Stats::count(records.iter().map(|record| ("", Some(record))));
    assert_eq!((stats.finished, stats.unfinished), (2, 1));
    let shown = screen(&lines[1]);
    assert!(
        shown.contains("2 finished games · 1 unfinished not counted"),
        "{shown}"
    );
    // Each row as the terminal counts it: the player, then each kind of
    // opponent; games, won, drawn, lost, the average margin.
    let expected: Vec<String> = stats
        .rows
        .iter()
        .map(|row| {
            let label = if row.against == Against::Everyone {
                row.player.clone()
            } else {
                row.label()
            };
            let tally = row.tally;
            format!(
                "{label} {} {} {} {} {:+.1}",
                tally.games,
                tally.wins,
                tally.draws,
                tally.losses,
                tally.average_margin()
            )
        })
        .collect();
    let table: Vec<String> = shown
        .lines()
        .map(|line| {
            line.replace(['│', '▶'], " ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|line| line.ends_with(".0") || line.ends_with(".5"))
        .collect();
    assert_eq!(table, expected, "{shown}");
    assert!(!shown.contains("no record"), "{shown}");
    assert_eq!(errors(&lines), &json!([]));
}

#[test]
fn the_settings_are_kept_in_the_browser_across_a_reload() {
    let Some(page) = Page::open("the_settings_are_kept_in_the_browser_across_a_reload") else {
        return;
    };
    // A game on 8 holes set up, the sowing made faster and the move
    // preview turned off; after a reload, a new game is set up as that one
    // was, and played with that speed and no preview.
    let lines = page.run(&json!([
        {"until": "New game"},
        {"keys": ["n", "ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight", "s"]},
        {"until": "8 holes"},
        {"wait": 300},
        {"screen": true},
        {"keys": ["+", "+", "p"]},
        {"wait": 300},
        {"reload": true},
        {"until": "New game"},
        {"keys": ["n"]},
        {"until": "Holes in a row"},
        {"screen": true},
        {"keys": ["s"]},
        {"until": "South to move"},
        {"wait": 300},
        {"screen": true},
        {"keys": ["+"]},
        {"wait": 300},
        {"screen": true}
    ]));
    let first = screen(&lines[1]);
    assert!(first.contains("→ ends in"), "a preview at first:\n{first}");
    let set_up = screen(&lines[2]);
    assert!(set_up.contains("8 holes"), "{set_up}");
    let again = screen(&lines[3]);
    assert!(again.contains("8 holes"), "{again}");
    assert!(!again.contains("→ ends in"), "no preview kept:\n{again}");
    // One step up from the speed kept, 5: the last.
    let faster = screen(&lines[4]);
    assert!(faster.contains("Sowing speed 6/6"), "{faster}");
    assert_eq!(errors(&lines), &json!([]));
}

#[test]
fn quitting_the_page_goes_back_to_the_start_screen_with_the_game_kept() {
    let Some(page) =
        Page::open("quitting_the_page_goes_back_to_the_start_screen_with_the_game_kept")
    else {
        return;
    };
    // Ctrl+C in a game under way (the terminal's quit at once), then q on
    // the start screen.
    let lines = page.run(&json!([
        {"until": "New game"},
        {"keys": ["n", "s", "c", "Enter", "Shift", "Control+c"]},
        {"until": "1 unfinished"},
        {"screen": true},
        {"keys": ["q"]},
        {"wait": 300},
        {"screen": true}
    ]));
    let menu = screen(&lines[1]);
    assert!(
        menu.contains("Every game is kept in this browser"),
        "{menu}"
    );
    let again = screen(&lines[2]);
    assert!(again.contains("New game"), "{again}");
    assert!(again.contains("close its tab to leave"), "{again}");
    assert_eq!(errors(&lines), &json!([]));
}

#[test]
fn a_record_whose_names_are_markup_is_shown_as_text() {
    let Some(page) = Page::open("a_record_whose_names_are_markup_is_shown_as_text") else {
        return;
    };
    // A record a stranger sends: its names are HTML that would run a
    // script if the page took them as markup.
    let name = "<img src=x onerror=\"document.title='taken'\">";
    let text = format!(
        "[South \"{}\"]\n[North \"<b>bold</b>\"]\n\nC d\n",
        name.replace('"', "\\\"")
    );
    let record = Record::read(&text).expect("a record");
    assert_eq!(record.tag(Tags::SOUTH), Some(name));
    let lines = page.run(&json!([
        {"until": "New game"},
        {"paste": text},
        {"until": "onerror"},
        {"wait": 300},
        {"screen": true},
        {"count": "img, b"},
        // And were markup to get in by a flaw, the page's policy runs no
        // script it did not load itself.
        {"inject": name}
    ]));
    // The names as their text (cut short where they are long), no element
    // made of them.
    let shown = screen(&lines[1]);
    assert!(
        shown.contains("<img src=x onerror=\"document.title='"),
        "{shown}"
    );
    assert!(shown.contains("<b>bold</b>"), "{shown}");
    assert_eq!(lines[2]["count"], json!(0));
    assert_eq!(lines[3]["title"], json!("En Dodoi"));
    // The policy's refusals are the page's only complaints.
    let complaints = errors(&lines).as_array().expect("a list");
    assert!(
        complaints.iter().all(|said| said
            .as_str()
            .is_some_and(|said| said.contains("Content Security Policy"))),
        "{complaints:?}"
    );
}
