//! The web page (issue 35) in a real browser: the same app and drawing as
//! the terminal's, played with a player's keys. Skipped with a message
//! where the page or the browser is missing, except in CI
//! (`tests/common/page.rs`).

use std::fs;
use std::path::Path;

use serde_json::{Value, json};

use endodoi::record::Record;
use endodoi::rules::{Game, Side, Variant};

use crate::common::page::Page;

/// The keys that set up a hot-seat game of `game`'s board on the start
/// screen and start it: New game, the board's width and seeds, Start.
fn set_up(game: &Game) -> Vec<String> {
    let config = game.config();
    let mut keys: Vec<String> = ["n", "ArrowDown", "ArrowDown"].map(str::to_owned).to_vec();
    keys.extend((6..config.width()).map(|_| "ArrowRight".to_owned()));
    keys.push("ArrowDown".to_owned());
    let seeds = i32::from(config.seeds()) - 4;
    let change = if seeds < 0 { "ArrowLeft" } else { "ArrowRight" };
    keys.extend((0..seeds.abs()).map(|_| change.to_owned()));
    if config.variant() == Variant::Cross {
        keys.extend(["ArrowDown", "ArrowRight"].map(str::to_owned));
    }
    keys.push("s".to_owned());
    keys
}

/// The keys that play `game`'s moves, each sowing skipped by a key that
/// does nothing else (Shift).
fn moves(game: &Game) -> Vec<String> {
    game.history()
        .iter()
        .flat_map(|played| {
            [
                played.hole.to_string().to_lowercase(),
                "Enter".to_owned(),
                "Shift".to_owned(),
            ]
        })
        .collect()
}

/// The board the page shows: North's row and South's (hole `a`/`A` first)
/// and what each side captured, read off its text.
pub(crate) fn board_shown(screen: &str, width: usize) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let numbers = |line: &str| -> Vec<u32> {
        line.split(|c: char| !c.is_ascii_digit())
            .filter_map(|word| word.parse().ok())
            .collect()
    };
    let rows: Vec<Vec<u32>> = screen
        .lines()
        .filter(|line| line.contains('╎') || line.contains('┃'))
        .map(numbers)
        .filter(|row| row.len() == width)
        .collect();
    let captured: Vec<u32> = screen
        .lines()
        .filter_map(|line| line.split("captured").nth(1))
        .filter_map(|rest| numbers(rest).first().copied())
        .collect();
    assert_eq!(rows.len(), 2, "two rows of counts in\n{screen}");
    let mut north = rows[0].clone();
    north.reverse();
    (north, rows[1].clone(), captured)
}

/// A golden record's text (`tests/golden/NAME.ogn`).
pub(crate) fn golden(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/golden/{name}.ogn"));
    fs::read_to_string(path).expect("a golden record")
}

/// The screen a line of the driver read.
pub(crate) fn screen(line: &Value) -> &str {
    line["screen"].as_str().expect("a screen")
}

/// The page's errors, from the last line the driver printed.
pub(crate) fn errors(lines: &[Value]) -> &Value {
    &lines.last().expect("lines")["errors"]
}

#[test]
fn golden_records_played_in_the_page_end_on_their_boards() {
    let Some(page) = Page::open("golden_records_played_in_the_page_end_on_their_boards") else {
        return;
    };
    let states = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    // Both variants, widths 6 to 10, games under way and over.
    for name in ["000", "001", "002", "003", "006"] {
        let text = golden(name);
        let record = Record::read(&text).expect("a valid golden record");
        let expected: Value = serde_json::from_str(
            &fs::read_to_string(states.join(format!("{name}.json"))).expect("its state"),
        )
        .expect("JSON");
        let mut keys = set_up(&record.game);
        keys.extend(moves(&record.game));
        if record.game.outcome().is_some() {
            // The game-over box hidden, to read the board under it.
            keys.push("Tab".to_owned());
        }
        let lines = page.run(&json!([
            {"until": "New game"},
            {"keys": keys},
            {"wait": 300},
            {"screen": true}
        ]));
        let screen = screen(&lines[1]);
        let width = usize::from(record.game.config().width());
        let (north, south, captured) = board_shown(screen, width);
        let position = record.game.position();
        assert_eq!(
            south,
            position
                .row(Side::South)
                .iter()
                .map(|&n| u32::from(n))
                .collect::<Vec<_>>(),
            "{name}\n{screen}"
        );
        assert_eq!(
            north,
            position
                .row(Side::North)
                .iter()
                .map(|&n| u32::from(n))
                .collect::<Vec<_>>(),
            "{name}\n{screen}"
        );
        assert_eq!(
            south,
            expected["pits"]["south"]
                .as_array()
                .expect("pits")
                .iter()
                .map(|n| u32::try_from(n.as_u64().expect("a count")).expect("small"))
                .collect::<Vec<_>>()
        );
        assert_eq!(
            captured,
            [
                u32::from(position.captured().north),
                u32::from(position.captured().south)
            ],
            "{name}\n{screen}"
        );
        assert_eq!(errors(&lines), &json!([]), "{name}");
    }
}

#[test]
fn the_computer_thinks_while_the_page_answers_keys() {
    let Some(page) = Page::open("the_computer_thinks_while_the_page_answers_keys") else {
        return;
    };
    // North the strongest computer (five steps right), South a person.
    let lines = page.run(&json!([
        {"until": "New game"},
        {"keys": ["n", "ArrowDown", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight", "s", "c", "Enter", "Shift"]},
        {"until": "thinking"},
        {"latency": {"key": "?", "shows": "select that hole of the mover"}},
        {"keys": ["Escape"]},
        {"until": "sowed", "timeout": 30000},
        {"screen": true}
    ]));
    println!(
        "first frame {} ms, a key while the computer thinks: {} ms",
        lines[0]["first_frame_ms"], lines[1]["latency_ms"]
    );
    assert!(
        lines[1]["latency_ms"].is_number(),
        "the key was drawn: {:?}",
        lines[1]
    );
    let screen = screen(&lines[2]);
    assert!(screen.contains("Computer (level 5) sowed"), "{screen}");
    assert_eq!(errors(&lines), &json!([]));
}

#[test]
fn a_game_kept_in_the_browser_is_continued_after_a_reload() {
    let Some(page) = Page::open("a_game_kept_in_the_browser_is_continued_after_a_reload") else {
        return;
    };
    let lines = page.run(&json!([
        {"until": "New game"},
        {"keys": ["n", "s", "c", "Enter", "Shift", "a", "Enter", "Shift"]},
        {"wait": 300},
        {"storage": true},
        {"reload": true},
        {"until": "1 unfinished"},
        // Continue, the one game listed, then a third move.
        {"keys": ["c", "Enter"]},
        {"until": "move 2"},
        {"keys": ["b", "Enter", "Shift"]},
        {"wait": 300},
        {"screen": true},
        {"storage": true}
    ]));
    let kept = |line: &Value| -> Vec<(String, Vec<String>)> {
        line["storage"]
            .as_object()
            .expect("the storage")
            .iter()
            .filter(|(key, _)| key.starts_with("endodoi.game."))
            .map(|(key, text)| {
                let record = Record::read(text.as_str().expect("text")).expect("a record");
                let moves = record
                    .game
                    .history()
                    .iter()
                    .map(|played| played.hole.to_string());
                (key.clone(), moves.collect())
            })
            .collect()
    };
    let before = kept(&lines[1]);
    assert_eq!(before.len(), 1, "{:?}", lines[1]);
    assert_eq!(before[0].1, ["C", "a"]);
    let screen = screen(&lines[2]);
    assert!(screen.contains("move 3"), "{screen}");
    // The same game, under the same key, one move longer.
    assert_eq!(
        kept(&lines[3]),
        [(
            before[0].0.clone(),
            vec!["C".to_owned(), "a".to_owned(), "B".to_owned()]
        )]
    );
    assert_eq!(errors(&lines), &json!([]));
}

#[test]
fn entries_in_the_browser_storage_that_are_no_games_are_left_out_of_the_list() {
    let Some(page) =
        Page::open("entries_in_the_browser_storage_that_are_no_games_are_left_out_of_the_list")
    else {
        return;
    };
    let lines = page.run(&json!([
        {"until": "New game"},
        {"keys": ["n", "s", "c", "Enter", "Shift"]},
        {"wait": 300},
        {"put": {
            "endodoi.game.0000-garbage": "not a record at all",
            "endodoi.game.0001-illegal": "[Width \"6\"]\n\n1. C C C C *\n",
            "endodoi.game.": "x".repeat(100_000),
            "endodoi.gamex": "[Width \"6\"]\n\n1. C *\n"
        }},
        {"reload": true},
        {"until": "1 unfinished"},
        {"keys": ["c"]},
        {"wait": 300},
        {"screen": true}
    ]));
    let screen = screen(&lines[1]);
    assert_eq!(
        screen.matches(" moves ").count() + screen.matches(" move ").count(),
        1,
        "{screen}"
    );
    assert!(screen.contains("1 move"), "{screen}");
    assert_eq!(errors(&lines), &json!([]));
}

#[test]
fn a_tap_on_a_hole_selects_it_and_a_second_tap_sows_it() {
    let Some(page) = Page::open("a_tap_on_a_hole_selects_it_and_a_second_tap_sows_it") else {
        return;
    };
    // South's hole C: two rows above its letter (on the row of South's
    // letters, A to F, whatever marks them), on its count.
    let hole_c = json!({"click": {"line": "A.*B.*C.*D.*E.*F", "text": "C", "up": 2}});
    let lines = page.run(&json!([
        {"until": "New game"},
        {"keys": ["n", "s"]},
        {"until": "South to move"},
        hole_c,
        {"wait": 200},
        {"screen": true},
        hole_c,
        {"keys": ["Shift"]},
        {"wait": 300},
        {"screen": true}
    ]));
    let selected = screen(&lines[1]);
    assert!(selected.contains("[C]"), "selected, not sown:\n{selected}");
    assert!(selected.contains("no moves yet"), "{selected}");
    let sown = screen(&lines[2]);
    assert!(sown.contains("1.C+7"), "sown:\n{sown}");
    assert_eq!(errors(&lines), &json!([]));
}

#[test]
fn a_whole_game_is_played_with_taps_alone() {
    let Some(page) = Page::open("a_whole_game_is_played_with_taps_alone") else {
        return;
    };
    // A golden record of the standard board, every move two taps on its
    // hole's count: South's two rows above its letter, North's four below.
    let text = golden("012");
    let record = Record::read(&text).expect("a valid golden record");
    let mut plan = vec![
        json!({"until": "New game"}),
        json!({"keys": ["n", "s"]}),
        json!({"until": "South to move"}),
    ];
    for played in record.game.history() {
        let letter = played.hole.to_string();
        let tap = if letter.chars().all(|c| c.is_ascii_uppercase()) {
            json!({"click": {"line": "│\\W+A\\W+B\\W+C\\W+D\\W+E\\W+F\\W+│", "text": letter, "up": 2}})
        } else {
            json!({"click": {"line": "│\\W+f\\W+e\\W+d\\W+c\\W+b\\W+a\\W+│", "text": letter, "up": -4}})
        };
        // The sowing skipped by a key that does nothing else, as a second
        // tap would skip it.
        plan.extend([tap.clone(), tap, json!({"keys": ["Shift"]})]);
    }
    plan.extend([json!({"wait": 300}), json!({"screen": true})]);
    let lines = page.run(&Value::Array(plan));
    let screen = screen(&lines[1]);
    let verdict = record.verdict().expect("a finished game");
    let said = format!(
        "South wins {}-{}",
        verdict.totals.south, verdict.totals.north
    );
    assert!(screen.contains(&said), "{said} in\n{screen}");
    let moves = record.game.history().len();
    assert!(
        screen.contains(&format!(
            "{moves}.{}",
            record.game.history()[moves - 1].hole
        )),
        "{screen}"
    );
    assert_eq!(errors(&lines), &json!([]));
}

#[test]
fn the_page_measures_the_engine_as_endodoi_bench_does() {
    let Some(page) = Page::open("the_page_measures_the_engine_as_endodoi_bench_does") else {
        return;
    };
    let lines = page.run(&json!([
        {"open": "?bench"},
        {"until": "nodes/s"},
        {"screen": true}
    ]));
    let screen = screen(&lines[1]);
    let numbers: Vec<u64> = screen
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|word| word.parse().ok())
        .collect();
    let [6, depth, millis, page_nps] = numbers[..] else {
        panic!("width 6: depth D in T ms, N nodes/s, not {screen}");
    };
    assert!(depth > 0 && page_nps > 0, "{screen}");
    assert!(millis >= 1000, "a second searched: {screen}");
    // The figure against native is `endodoi bench`'s `1s nodes/s` row for
    // width 6 in a release build (docs/web.md): this test's own build is not
    // one, and no test times anything.
    println!("the 2×6 start for 1 s in the page: depth {depth}, {page_nps} nodes/s");
    assert_eq!(errors(&lines), &json!([]));
}

#[test]
fn the_puzzle_rating_is_kept_in_the_browser_across_a_reload() {
    let Some(page) = Page::open("the_puzzle_rating_is_kept_in_the_browser_across_a_reload") else {
        return;
    };
    // A puzzle answered with the hole selected first, then the results page
    // after a reload.
    let lines = page.run(&json!([
        {"until": "New game"},
        {"keys": ["z"]},
        {"until": "Find the move"},
        {"keys": ["Enter", "Shift"]},
        {"until": "rating"},
        {"wait": 1500},
        {"screen": true},
        {"reload": true},
        {"until": "New game"},
        {"keys": ["t"]},
        {"wait": 300},
        {"screen": true}
    ]));
    // The rating and its deviation, `1325 ± 250`, wherever a line breaks.
    let rating = |screen: &str| -> (String, String) {
        let at = screen.find(" ± ").expect("a rating");
        let rating = screen[..at].rsplit(' ').next().expect("a number");
        let deviation = screen[at + " ± ".len()..]
            .split(',')
            .next()
            .expect("a number");
        (rating.to_owned(), deviation.to_owned())
    };
    let answered = screen(&lines[1]);
    let results = screen(&lines[2]);
    // A new player's is 1500 ± 350: an answer rated moves both.
    assert_ne!(
        rating(answered),
        ("1500".to_owned(), "350".to_owned()),
        "{answered}"
    );
    assert_eq!(rating(results), rating(answered), "{results}");
    assert_eq!(errors(&lines), &json!([]));
}

#[test]
fn the_board_fits_a_phone_held_sideways_at_widths_6_and_10() {
    let Some(page) = Page::open("the_board_fits_a_phone_held_sideways_at_widths_6_and_10") else {
        return;
    };
    for width in [6, 10] {
        // 844×390: a phone's screen on its side.
        let mut keys = vec!["n", "ArrowDown", "ArrowDown"];
        keys.extend((6..width).map(|_| "ArrowRight"));
        keys.push("s");
        let lines = page.run(&json!([
            {"viewport": [844, 390]},
            {"until": "New game"},
            {"keys": keys},
            {"wait": 300},
            {"screen": true},
            // The selected hole's letter, A, marked by reversed colours.
            {"colours": {"line": "│\\W+A\\W+B\\W+C", "text": "A"}}
        ]));
        let screen = screen(&lines[1]);
        let (north, south, captured) = board_shown(screen, width);
        assert_eq!((north, south), (vec![4; width], vec![4; width]), "{screen}");
        assert_eq!(captured, [0, 0]);
        assert!(screen.contains("Enter sow"), "the key bar: {screen}");
        // Readable: its text is not the colour of its ground.
        let colours = &lines[2]["colours"];
        assert_ne!(colours[0], colours[1], "{colours}");
        assert_eq!(errors(&lines), &json!([]));
    }
}

#[test]
fn the_lesson_is_played_in_the_page_as_in_the_terminal() {
    let Some(page) = Page::open("the_lesson_is_played_in_the_page_as_in_the_terminal") else {
        return;
    };
    // Step 1 asks for D: sown, then on to step 2.
    let lines = page.run(&json!([
        {"until": "New game"},
        {"keys": ["l"]},
        {"until": "Learn to play · step 1 of 7"},
        {"keys": ["Enter", "Shift"]},
        {"wait": 300},
        {"screen": true},
        {"keys": ["n"]},
        {"until": "Learn to play · step 2 of 7"}
    ]));
    let sown = screen(&lines[1]);
    let (_, south, _) = board_shown(sown, 6);
    assert_eq!(south[3], 0, "D sown:\n{sown}");
    assert_eq!(errors(&lines), &json!([]));
}

#[test]
fn a_full_browser_storage_is_said_at_each_move_and_the_game_goes_on() {
    let Some(page) = Page::open("a_full_browser_storage_is_said_at_each_move_and_the_game_goes_on")
    else {
        return;
    };
    let lines = page.run(&json!([
        {"until": "New game"},
        {"keys": ["n", "s", "c", "Enter", "Shift"]},
        {"wait": 300},
        {"full": true},
        {"keys": ["a", "Enter"]},
        {"until": "NOT SAVED at move 2"},
        {"keys": ["Shift", "b", "Enter"]},
        {"until": "NOT SAVED at move 3"},
        {"screen": true},
        {"storage": true}
    ]));
    let screen = screen(&lines[1]);
    assert!(
        screen.contains("NOT SAVED at move 3: this browser keeps nothing for the page"),
        "{screen}"
    );
    // The game went on; the storage holds it as it was before it filled
    // up: one move.
    let kept: Vec<&Value> = lines[2]["storage"]
        .as_object()
        .expect("the storage")
        .iter()
        .filter(|(key, _)| key.starts_with("endodoi.game."))
        .map(|(_, text)| text)
        .collect();
    assert_eq!(kept.len(), 1);
    let record = Record::read(kept[0].as_str().expect("text")).expect("a record");
    assert_eq!(record.game.ply(), 1);
    assert_eq!(errors(&lines), &json!([]));
}

#[test]
fn the_readme_builds_the_page_with_the_script_ci_runs() {
    use std::os::unix::fs::PermissionsExt as _;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |name: &str| fs::read_to_string(root.join(name)).expect(name);
    let script = "crates/endodoi-web/build.sh";
    assert!(
        read("README.md")
            .lines()
            .any(|line| line.starts_with(script))
    );
    assert!(read(".ci/run").lines().any(|line| line.trim() == script));
    let mode = fs::metadata(root.join(script))
        .expect("the script")
        .permissions()
        .mode();
    assert_ne!(mode & 0o111, 0, "{script} runs as a command");
}
