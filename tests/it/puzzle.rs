//! Puzzles (docs/puzzles.md): the shipped set reads and a sample of it is
//! proven again from scratch; a set that is wrong anywhere is refused with
//! its line and reason; generation on a tiny run gives puzzles that are proven
//! again; the daily puzzle depends on the date alone; the screen judges an
//! answer and rates it once; a broken rating file starts the rating fresh.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use endodoi::app::input::KeyCode;
use endodoi::app::puzzle::{Puzzle, PuzzleEntry, PuzzleRating, PuzzleSet};
use endodoi::app::{App, Effect, Match, OpenTarget, Setting};
use endodoi::puzzle::{PuzzlePlan, generate, prove_all, read_rating, write_rating};
use endodoi::rules::{Config, Game, Side, Variant};
use endodoi::search::Prover;
use endodoi::tablebase::Tablebase;

use crate::common::in_process::endodoi;
use crate::common::keys::{press, type_keys};
use crate::common::tables;

/// The time a proof may take before the test calls it unproven: far more
/// than any sample needs, so that a slow machine does not fail it.
const BUDGET: Duration = Duration::from_secs(300);

/// Seeds left on the board at the puzzle.
fn on_board(game: &Game) -> u16 {
    let position = game.position();
    position.row_total(Side::South) + position.row_total(Side::North)
}

/// Proves every legal move of `puzzle` again with `prover` and checks the
/// file's every claim: each value, the solution alone best, and each
/// refutation keeping the wrong move's value.
fn prove_again(prover: &mut Prover, puzzle: &Puzzle) {
    let again = prove_all(prover, &puzzle.game, BUDGET)
        .unwrap_or_else(|| panic!("{puzzle}: a move not proven in {BUDGET:?}"));
    let values: Vec<(String, i32)> = again
        .iter()
        .map(|(hole, value, _)| (hole.to_string(), *value))
        .collect();
    let written: Vec<(String, i32)> = puzzle
        .values
        .iter()
        .map(|value| (value.hole.to_string(), value.value))
        .collect();
    assert_eq!(values, written, "{puzzle}: the values proven again");
    for value in &puzzle.values {
        let Some((reply, _)) = value.reply else {
            continue;
        };
        let mut after = puzzle.game.clone();
        after.play(value.hole).expect("checked when read");
        let opponent = puzzle.mover().opponent();
        let replies = prove_all(prover, &after, BUDGET)
            .unwrap_or_else(|| panic!("{puzzle}: a reply to {} not proven", value.hole));
        let kept = replies
            .iter()
            .find(|(hole, _, _)| *hole == reply)
            .map(|&(_, margin, _)| margin);
        assert_eq!(
            kept,
            Some(-value.value),
            "{puzzle}: {opponent}'s reply {reply} to {} keeps their margin",
            value.hole
        );
    }
}

#[test]
fn the_shipped_set_reads_and_holds_500_puzzles_at_width_6_and_some_wider() {
    let set = PuzzleSet::shipped().expect("the shipped set reads");
    let at = |width: u8| {
        set.puzzles()
            .iter()
            .filter(|puzzle| puzzle.game.config().width() == width)
            .count()
    };
    assert!(at(6) >= 500, "{} puzzles at width 6", at(6));
    assert!(at(7) + at(8) > 0, "none at widths 7 and 8");
    for (index, puzzle) in set.puzzles().iter().enumerate() {
        assert_eq!(puzzle.id as usize, index + 1);
        assert_eq!(set.get(puzzle.id).map(|found| found.id), Some(puzzle.id));
    }
    assert!(set.get(0).is_none());
    assert!(set.get(u32::MAX).is_none());
}

#[test]
fn a_sample_of_the_shipped_puzzles_is_proven_again_by_a_fresh_prover() {
    let set = PuzzleSet::shipped().expect("the shipped set reads");
    let dir = tempfile::tempdir().expect("a folder");
    tables::build(dir.path(), 6, 12);
    let mut by_seeds: Vec<&Puzzle> = set
        .puzzles()
        .iter()
        .filter(|puzzle| puzzle.game.config().width() == 6)
        .collect();
    by_seeds.sort_by_key(|puzzle| (on_board(&puzzle.game), puzzle.id));
    let mut sample: Vec<&Puzzle> = by_seeds[..4].to_vec();
    // A seeded few of those a search with the small tables proves in
    // moments.
    let provable: Vec<&Puzzle> = by_seeds[4..]
        .iter()
        .copied()
        .filter(|puzzle| on_board(&puzzle.game) <= 20)
        .collect();
    let mut rng = fastrand::Rng::with_seed(0x9022);
    for _ in 0..4 {
        sample.push(provable[rng.usize(..provable.len())]);
    }
    let tables = Arc::new(Tablebase::open(dir.path(), 6));
    for puzzle in sample {
        let mut prover = Prover::new();
        prover.set_tables(Some(tables.clone()));
        prove_again(&mut prover, puzzle);
    }
}

#[test]
fn a_set_wrong_anywhere_is_refused_with_its_line_and_reason() {
    let set = PuzzleSet::shipped().expect("the shipped set reads");
    let good = set.get(1).expect("a first puzzle").entry.clone();
    let line = |entry: &PuzzleEntry| serde_json::to_string(entry).expect("an entry writes");
    let refused = |text: String, reason: &str| {
        let error = PuzzleSet::parse(&text).expect_err("refused");
        assert!(
            error.to_string().contains(reason),
            "`{error}` names `{reason}`"
        );
        error.line
    };
    assert_eq!(refused(format!("{}\n{{\"id\": 2", line(&good)), "EOF"), 2);
    let mut renumbered = good.clone();
    renumbered.id = 3;
    assert_eq!(refused(line(&renumbered), "id 3 where 1 was due"), 1);
    let mut illegal = good.clone();
    illegal.moves = format!("a {}", illegal.moves);
    refused(line(&illegal), "move 1 (a)");
    let mut rival = good.clone();
    let best = rival
        .values
        .iter()
        .find(|value| value.hole == rival.solution)
        .map(|value| value.value)
        .expect("the solution is valued");
    let wrong = rival
        .values
        .iter_mut()
        .find(|value| value.hole != good.solution)
        .expect("a wrong move");
    wrong.value = best;
    refused(line(&rival), "is as good as the solution");
    let mut missing = good.clone();
    missing.values.pop();
    refused(line(&missing), "but the legal moves are");
    let mut capture = good.clone();
    let wrong = capture
        .values
        .iter_mut()
        .find(|value| value.reply.is_some())
        .expect("a refuted move");
    wrong.captures += 1;
    refused(line(&capture), "captures");
    let mut rating = good.clone();
    rating.rating += 1;
    refused(line(&rating), "was due");
    let mut unknown = serde_json::to_value(&good).expect("an entry writes");
    unknown["hint"] = serde_json::Value::from("C");
    refused(unknown.to_string(), "unknown field `hint`");
    assert!(PuzzleSet::parse("").expect("empty").puzzles().is_empty());
}

#[test]
fn a_verdict_names_the_value_kept_and_the_reply_that_refutes_each_other_move() {
    let set = PuzzleSet::shipped().expect("the shipped set reads");
    let puzzle = set.get(5).expect("puzzle 5");
    // Puzzle 5, as docs/puzzles.md shows it: A -4, B -8 (c), C -6 (f), F -6 (f).
    assert_eq!(
        puzzle.verdict(puzzle.solution),
        "A keeps -4, the only move that does. B gives -8: North's reply c. \
         C gives -6: North's reply f. F gives -6: North's reply f."
    );
    assert_eq!(
        puzzle.verdict("C".parse().expect("a hole")),
        "C gives -6: North's reply f. A keeps -4. B gives -8: North's reply c. \
         F gives -6: North's reply f."
    );
    let capturing = set
        .puzzles()
        .iter()
        .find_map(|puzzle| {
            let value = puzzle
                .values
                .iter()
                .find(|value| value.reply.is_some_and(|(_, seeds)| seeds > 0))?;
            Some((puzzle, value))
        })
        .expect("a puzzle whose refutation captures");
    let (puzzle, wrong) = capturing;
    let (reply, seeds) = wrong.reply.expect("found above");
    let said = format!(
        "{} gives {:+}: {}'s reply {reply} captures {seeds}. ",
        wrong.hole,
        wrong.value,
        puzzle.mover().opponent()
    );
    assert!(puzzle.verdict(wrong.hole).starts_with(&said), "{said}");
}

#[test]
fn a_tiny_generation_run_makes_puzzles_that_are_proven_again() {
    let dir = tempfile::tempdir().expect("a folder");
    tables::build(dir.path(), 6, 10);
    let tables = Arc::new(Tablebase::open(dir.path(), 6));
    let plan = PuzzlePlan {
        config: Config::new(6, 3, Variant::Classic).expect("a board"),
        games: 3,
        count: 2,
        seed: 7,
        budget: Duration::from_secs(5),
        per_game: 1,
        tables: Some(tables.clone()),
    };
    let mut set = PuzzleSet::default();
    let mut heard = 0;
    let tally = generate(&plan, &mut set, |_, _| {
        heard += 1;
        Ok::<(), ()>(())
    })
    .expect("nothing refused");
    assert_eq!((tally.found, heard, tally.rejected), (2, 2, 0));
    let again = PuzzleSet::parse(&set.to_text()).expect("the set written reads");
    assert_eq!(again.puzzles().len(), 2);
    for puzzle in again.puzzles() {
        let mut prover = Prover::new();
        prover.set_tables(Some(tables.clone()));
        prove_again(&mut prover, puzzle);
    }
    let mut same = PuzzleSet::default();
    generate(&plan, &mut same, |_, _| Ok::<(), ()>(())).expect("nothing refused");
    assert_eq!(
        same.to_text(),
        set.to_text(),
        "the same seed makes the same set"
    );
}

#[test]
fn the_daily_puzzle_is_the_dates_alone_and_days_spread_over_the_set() {
    let set = PuzzleSet::shipped().expect("the shipped set reads");
    let again = PuzzleSet::shipped().expect("the shipped set reads");
    // 2026-12-07 is day 20,794 since 1970-01-01.
    let day = 20_794;
    let id = |set: &PuzzleSet, day| set.daily(day).map(|puzzle| puzzle.id);
    assert_eq!(id(&set, day), id(&again, day));
    assert!(id(&set, day).is_some());
    let month: std::collections::BTreeSet<u32> =
        (day..day + 30).filter_map(|day| id(&set, day)).collect();
    assert!(month.len() >= 25, "30 days gave {} puzzles", month.len());
    assert!(PuzzleSet::default().daily(day).is_none());
}

/// The app on the shipped set's puzzle `id`, moves shown at once.
fn puzzle_app(id: u32) -> (App, Puzzle) {
    let set = PuzzleSet::shipped().expect("the shipped set reads");
    let puzzle = set.get(id).expect("the puzzle").clone();
    let mut app = endodoi::app::puzzle::app(set, id, PuzzleRating::default());
    app.set(Setting::Animation(false));
    (app, puzzle)
}

fn message(app: &App) -> String {
    app.desk()
        .message()
        .map(|message| message.text.clone())
        .unwrap_or_default()
}

#[test]
fn a_wrong_answer_is_sown_judged_with_its_refutation_and_rated_once() {
    let (mut app, puzzle) = puzzle_app(5);
    let wrong = puzzle
        .values
        .iter()
        .find(|value| value.hole != puzzle.solution)
        .expect("a wrong move");
    let mut after = puzzle.game.clone();
    after.play(wrong.hole).expect("legal");
    type_keys(&mut app, &wrong.hole.to_string().to_lowercase());
    press(&mut app, KeyCode::Enter);
    let puzzles = app.screen().puzzles().expect("the puzzles");
    assert_eq!(puzzles.answer(), Some(wrong.hole));
    assert_eq!(puzzles.solved(), Some(false));
    assert_eq!(app.record().game.position(), after.position());
    assert_eq!(puzzles.verdict(), Some(puzzle.verdict(wrong.hole)));
    let rating = puzzles.rating();
    assert_eq!((rating.tried, rating.solved), (1, 0));
    assert!(
        rating.rating < 1500.0,
        "a miss lowers the rating: {rating:?}"
    );
    let effects = app.take_effects();
    assert!(
        effects.contains(&Effect::RememberPuzzles(rating)),
        "{effects:?}"
    );
    // Out of turn: a hole or Enter after the answer changes nothing.
    type_keys(&mut app, "a");
    assert!(message(&app).contains("Answered"), "{}", message(&app));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.record().game.position(), after.position());
    // Tried again and solved: not rated twice.
    type_keys(&mut app, "u");
    assert_eq!(app.record().game.position(), puzzle.game.position());
    type_keys(&mut app, &puzzle.solution.to_string());
    press(&mut app, KeyCode::Enter);
    let puzzles = app.screen().puzzles().expect("the puzzles");
    assert_eq!(puzzles.solved(), Some(true));
    assert_eq!(puzzles.rating(), rating);
    assert!(app.take_effects().is_empty());
    // The next puzzle is another, unanswered.
    type_keys(&mut app, "n");
    let next = app.screen().puzzles().expect("the puzzles");
    assert_ne!(next.puzzle().map(|p| p.id), Some(5));
    assert!(next.is_open());
}

#[test]
fn the_menus_z_opens_the_puzzles_and_q_goes_back() {
    let mut app = App::start(Config::default(), &Match::default(), Vec::new());
    app.set(Setting::Animation(false));
    type_keys(&mut app, "z");
    let puzzles = app.screen().puzzles().expect("the puzzles");
    let puzzle = puzzles.puzzle().expect("a puzzle");
    assert_eq!(app.record().game.position(), puzzle.game.position());
    press(&mut app, KeyCode::Enter);
    type_keys(&mut app, "q");
    let effects = app.take_effects();
    // Back to the menu, and the puzzle's game is no game to keep.
    assert!(
        effects.iter().any(|effect| matches!(
            effect,
            Effect::Open {
                opening: OpenTarget::Menu,
                left,
            } if !left.playing
        )),
        "{effects:?}"
    );
    assert!(
        !effects
            .iter()
            .any(|effect| matches!(effect, Effect::Autosave(_)))
    );
}

#[test]
fn a_broken_or_hostile_rating_file_is_named_and_the_rating_starts_fresh() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("puzzles.json");
    assert_eq!(read_rating(Some(&path)), (PuzzleRating::default(), None));
    let rated = PuzzleRating::default().after(1800, true);
    write_rating(&path, &rated).expect("written");
    assert_eq!(read_rating(Some(&path)), (rated, None));
    let fresh = |path: &std::path::Path, reason: &str| {
        let (rating, problem) = read_rating(Some(path));
        assert_eq!(rating, PuzzleRating::default());
        let problem = problem.expect("a problem named");
        assert!(problem.contains(reason), "`{problem}` names `{reason}`");
        assert!(problem.contains("starts fresh"), "{problem}");
    };
    std::fs::write(&path, "garbage").expect("written");
    fresh(&path, "expected value");
    std::fs::write(&path, " ".repeat(10_000)).expect("written");
    fresh(&path, "over 4096 bytes");
    std::fs::write(
        &path,
        rated.to_text().replace("\"tried\": 1", "\"tried\": 0"),
    )
    .expect("written");
    fresh(&path, "1 solved of 0 tried");
    std::fs::write(&path, rated.to_text().replace("\"solved\"", "\"hint\"")).expect("written");
    fresh(&path, "unknown field");
    let folder = dir.path().join("folder.json");
    std::fs::create_dir(&folder).expect("a folder");
    fresh(&folder, "not a regular file");
    let fifo = dir.path().join("fifo.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    fresh(&fifo, "not a regular file");
    // The next rating written replaces the broken file.
    std::fs::write(&path, "garbage").expect("written");
    write_rating(&path, &rated).expect("written");
    assert_eq!(read_rating(Some(&path)), (rated, None));
}

#[test]
fn a_puzzle_out_of_the_set_is_refused_and_generate_writes_a_set() {
    let output = endodoi(&["puzzle", "--id", "99999"]);
    assert!(!output.status.success());
    let count = PuzzleSet::shipped().expect("reads").puzzles().len();
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!("endodoi: there is no puzzle 99999: the set holds puzzles 1 to {count}\n")
    );
    let dir = tempfile::tempdir().expect("a folder");
    let out = dir.path().join("set.jsonl");
    let output = endodoi(&[
        "puzzle",
        "generate",
        "--out",
        out.to_str().expect("UTF-8"),
        "--seeds",
        "3",
        "--count",
        "1",
        "--games",
        "2",
        "--no-tables",
        "--seed",
        "7",
    ]);
    assert!(output.status.success(), "{output:?}");
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(printed.starts_with("1 puzzles from 1 games"), "{printed}");
    let text = std::fs::read_to_string(&out).expect("the set written");
    assert_eq!(
        PuzzleSet::parse(&text).expect("it reads").puzzles().len(),
        1
    );
}

#[test]
fn generate_finds_puzzles_in_the_players_own_games_and_leaves_out_other_boards() {
    let dir = tempfile::tempdir().expect("a folder");
    let config = Config::new(6, 3, Variant::Classic).expect("a board");
    let (game, _) = endodoi::puzzle::self_play(config, 11, 0);
    let mine = dir.path().join("mine.ogn");
    std::fs::write(&mine, endodoi::record::Record::new(game).to_string()).expect("written");
    let other = dir.path().join("other.ogn");
    let wide = Game::new(Config::new(7, 3, Variant::Classic).expect("a board"));
    std::fs::write(&other, endodoi::record::Record::new(wide).to_string()).expect("written");
    let out = dir.path().join("set.jsonl");
    let output = endodoi(&[
        "puzzle",
        "generate",
        "--out",
        out.to_str().expect("UTF-8"),
        "--seeds",
        "3",
        "--count",
        "1",
        "--no-tables",
        "--records",
        mine.to_str().expect("UTF-8"),
        other.to_str().expect("UTF-8"),
    ]);
    assert!(output.status.success(), "{output:?}");
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("other.ogn: left out, not a game from the start of 2×6 with 3 seeds"),
        "{err}"
    );
    let text = std::fs::read_to_string(&out).expect("the set written");
    let set = PuzzleSet::parse(&text).expect("it reads");
    let puzzle = set.get(1).expect("a puzzle from the game");
    assert!(
        puzzle.entry.source.contains("mine.ogn"),
        "{}",
        puzzle.entry.source
    );
}

#[test]
fn generate_names_the_tables_it_lacks_and_builds_them_when_told() {
    let dir = tempfile::tempdir().expect("a folder");
    let tables = dir.path().join("tables");
    std::fs::create_dir(&tables).expect("a folder");
    let tables = tables.to_str().expect("UTF-8");
    let out = dir.path().join("set.jsonl");
    let out = out.to_str().expect("UTF-8");
    let generate = |more: &[&str]| {
        let mut args = vec![
            "puzzle", "generate", "--out", out, "--count", "1", "--games", "1", "--budget", "5",
            "--tables", tables,
        ];
        args.extend(more);
        endodoi(&args)
    };
    // No terminal to ask on: the levels missing are named with the command
    // that builds them, and nothing is built.
    let output = generate(&[]);
    assert!(output.status.success(), "{output:?}");
    let err = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(
        err.starts_with(&format!(
            "tables: levels 0 to 22 of width 6 are not in {tables}; the search ends sooner with them:\n"
        )),
        "{err}"
    );
    assert!(
        err.contains("tables: not built (--build-tables builds them first, without asking); generating by search alone\n"),
        "{err}"
    );
    assert!(!Path::new(tables).join("w6-08.tb").exists());
    // Told to, it builds them first.
    let output = generate(&["--build-tables", "8"]);
    assert!(output.status.success(), "{output:?}");
    assert!(Path::new(tables).join("w6-08.tb").is_file());
    let err = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(err.contains("tables up to 8 seeds"), "{err}");
}
