//! `endodoi analyze --exact` (`analyze::exact`): every position's value
//! proven, checked against `solve` at the first position and against the
//! tables at the last ones; the marks' thresholds; bounds never shown as
//! values; the move where the outcome changed; each player's accuracy; and
//! the command's output.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use endodoi::analyze::exact::{
    Accuracy, ExactAnalysis, ExactMark, ExactMove, analyze_exact, graph, row, summary,
    turning_point,
};
use endodoi::bench::play_random;
use endodoi::record::Record;
use endodoi::rules::{Config, Game, Side, Variant};
use endodoi::search::{Bounds, Limits, Prover};
use endodoi::solve::solve;
use endodoi::tablebase::Tablebase;

use crate::common::in_process::endodoi;
use crate::common::{tables, tmux};

/// A random game of 2×6 with 3 seeds a hole, played from the start to its
/// end with `seed`.
fn random_game(seed: u64) -> Game {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut game = Game::new(Config::new(6, 3, Variant::Classic).expect("a board"));
    while game.outcome().is_none() {
        play_random(&mut game, &mut rng, 1);
    }
    game
}

/// A random game from the first position of [`random_game`]'s with at most
/// `seeds` on the board, to its end: small enough to prove at once.
fn endgame(seed: u64, seeds: u16) -> Game {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut game = Game::new(Config::new(6, 3, Variant::Classic).expect("a board"));
    loop {
        play_random(&mut game, &mut rng, 1);
        let position = game.position();
        let left = position.row_total(Side::South) + position.row_total(Side::North);
        if left <= seeds && game.outcome().is_none() {
            break;
        }
        assert!(
            game.outcome().is_none(),
            "the game ended before {seeds} seeds"
        );
    }
    let mut game = Game::from_position(Variant::Classic, *game.position(), 3);
    while game.outcome().is_none() {
        play_random(&mut game, &mut rng, 1);
    }
    game
}

fn value(lower: i32, upper: i32) -> Bounds {
    Bounds { lower, upper }
}

/// A move by `side` between two of South's values, judged.
fn judged(ply: usize, side: Side, before: Bounds, after: Bounds, only: bool) -> ExactMove {
    let mut judged = ExactMove {
        ply,
        side,
        played: if side == Side::South { "C" } else { "e" }.to_owned(),
        captured: 0,
        before,
        after,
        keeps: Some(if side == Side::South { "A" } else { "c" }.to_owned()),
        only,
        loss: None,
        mark: None,
    };
    judged.judge();
    judged
}

#[test]
fn an_exact_analysis_agrees_with_solve_at_its_start_and_the_tables_at_its_end() {
    let dir = tempfile::tempdir().expect("a folder");
    tables::build(dir.path(), 6, 8);
    let tables = Arc::new(Tablebase::open(dir.path(), 6));
    let mut checked_tables = 0;
    for seed in [3, 14, 15] {
        let game = endgame(seed, 12);
        let analysis = analyze_exact(
            &game,
            Some(Arc::clone(&tables)),
            Duration::from_secs(600),
            &AtomicBool::new(false),
            |_, _, _| {},
        );
        assert_eq!(analysis.positions, game.history().len() + 1);
        assert_eq!(analysis.proven, analysis.positions, "{analysis:?}");
        // The first position: what `solve` proves of it without the tables.
        let first = Game::from_position(Variant::Classic, *game.start(), 3);
        let mover = first.position().to_move();
        let solution = solve(&first, None, Duration::from_secs(600), |_| {});
        assert_eq!(solution.lower, solution.upper, "solved");
        assert_eq!(
            analysis.start.for_side(mover).exact(),
            Some(solution.lower),
            "seed {seed}"
        );
        // The last: the game's final margin.
        let outcome = game.outcome().expect("over");
        assert_eq!(
            analysis.last.exact(),
            Some(outcome.totals().lead(Side::South))
        );
        // Every position just after a capture that the tables hold exactly:
        // the seeds captured so far and the table's value.
        let mut replay = first.clone();
        for (played, judged) in game.history().iter().zip(&analysis.moves) {
            replay.play(played.hole).expect("legal");
            if played.captured == 0 || replay.outcome().is_some() {
                continue;
            }
            let position = replay.position();
            let Some(table) = tables.probe(position).filter(|table| table.exact) else {
                continue;
            };
            let to_move = match position.to_move() {
                Side::South => table.value,
                Side::North => -table.value,
            };
            let expected = position.captured().lead(Side::South) + to_move;
            assert_eq!(
                judged.after.exact(),
                Some(expected),
                "after move {}",
                judged.ply
            );
            checked_tables += 1;
        }
        // Each move's loss and mark follow from its values; a `!` is the
        // only move that keeps the value, as fresh proofs of every move say.
        for judged in &analysis.moves {
            let before = judged.before.for_side(judged.side).exact().expect("proven");
            let after = judged.after.for_side(judged.side).exact().expect("proven");
            assert_eq!(judged.loss, Some(before - after));
            if judged.mark == Some(ExactMark::Only) {
                let mut position = first.clone();
                for played in &game.history()[..judged.ply - 1] {
                    position.play(played.hole).expect("legal");
                }
                let keeping: Vec<String> = Prover::new()
                    .prove_moves(&position, Limits::infinite(), &AtomicBool::new(false))
                    .into_iter()
                    .filter(|(_, proof)| proof.bounds.for_side(judged.side).exact() == Some(before))
                    .map(|(hole, _)| hole.to_string())
                    .collect();
                assert_eq!(
                    keeping,
                    std::slice::from_ref(&judged.played),
                    "move {}",
                    judged.ply
                );
            }
        }
    }
    assert!(
        checked_tables >= 3,
        "positions checked against the tables: {checked_tables}"
    );
}

#[test]
fn the_marks_follow_the_outcome_and_the_seeds_from_the_movers_side() {
    let south = Side::South;
    let north = Side::North;
    let exact = |v| value(v, v);
    // South: a win made a draw or a loss, a draw a loss: `??`.
    for (before, after) in [(8, 0), (8, -2), (0, -4), (2, -2)] {
        let move_ = judged(1, south, exact(before), exact(after), false);
        assert_eq!(move_.mark, Some(ExactMark::Outcome), "{before} to {after}");
        assert_eq!(move_.loss, Some(before - after));
    }
    // Seeds lost with the outcome kept: `?`, a win, a draw-free loss.
    for (before, after) in [(8, 4), (8, 2), (-2, -6)] {
        let move_ = judged(1, south, exact(before), exact(after), false);
        assert_eq!(move_.mark, Some(ExactMark::Seeds), "{before} to {after}");
    }
    // North's side: South's value going up is North's loss.
    assert_eq!(
        judged(2, north, exact(-2), exact(6), false).mark,
        Some(ExactMark::Outcome)
    );
    assert_eq!(
        judged(2, north, exact(-8), exact(-4), false).mark,
        Some(ExactMark::Seeds)
    );
    assert_eq!(judged(2, north, exact(0), exact(0), false).mark, None);
    // The value kept: `!` only when every other move is proven to lose.
    assert_eq!(
        judged(1, south, exact(8), exact(8), true).mark,
        Some(ExactMark::Only)
    );
    assert_eq!(judged(1, south, exact(8), exact(8), false).mark, None);
    assert_eq!(judged(1, south, exact(8), exact(8), false).loss, Some(0));
    // Bounds on either side: no loss and no mark, whatever they are.
    for (before, after) in [
        (value(6, 10), exact(0)),
        (exact(8), value(-6, -2)),
        (value(2, 4), value(-4, 0)),
    ] {
        let move_ = judged(1, south, before, after, true);
        assert_eq!(
            (move_.loss, move_.mark),
            (None, None),
            "{before:?} {after:?}"
        );
    }
}

#[test]
fn the_turning_point_names_the_first_move_that_changed_the_outcome_and_what_kept_it() {
    let exact = |v| value(v, v);
    let moves = vec![
        judged(12, Side::South, exact(-2), exact(-4), false),
        judged(13, Side::North, exact(-4), exact(-2), false),
        judged(14, Side::North, exact(-2), exact(6), false),
        judged(15, Side::South, exact(6), exact(-2), false),
    ];
    assert_eq!(
        turning_point(&moves).as_deref(),
        Some(
            "the game was lost at move 14, e: North was winning by 2 before it, losing by 6 after it; c kept the value"
        )
    );
    // A win thrown to a draw is not a game lost.
    let drawn = vec![judged(3, Side::South, exact(4), exact(0), false)];
    assert_eq!(
        turning_point(&drawn).as_deref(),
        Some(
            "the win was let go at move 3, C: South was winning by 4 before it, drawing after it; A kept the value"
        )
    );
    // Seeds lost, the outcome kept: no turning point.
    assert_eq!(turning_point(&moves[..2]), None);
}

#[test]
fn accuracy_counts_the_moves_that_kept_the_value_and_the_mean_loss() {
    let exact = |v| value(v, v);
    let moves = vec![
        judged(1, Side::South, exact(8), exact(8), true),
        judged(2, Side::North, exact(8), exact(10), false),
        judged(3, Side::South, exact(10), exact(6), false),
        judged(4, Side::North, exact(6), exact(6), false),
        judged(5, Side::South, exact(6), exact(6), false),
        judged(6, Side::North, exact(6), value(2, 8), false),
    ];
    let accuracy = Accuracy::of(&moves);
    assert_eq!(
        accuracy.south,
        Accuracy {
            judged: 3,
            kept: 2,
            lost: 4,
            unproven: 0
        }
    );
    assert_eq!(
        accuracy.north,
        Accuracy {
            judged: 2,
            kept: 1,
            lost: 2,
            unproven: 1
        }
    );
    assert_eq!(
        accuracy.south.text(),
        "2 of 3 moves kept the value (67%), mean loss 1.3 seeds"
    );
    assert_eq!(
        accuracy.north.text(),
        "1 of 2 moves kept the value (50%), mean loss 1.0 seeds (1 not proven)"
    );
}

/// Every row of a run with bounds: a value with bounds is written `a..b`,
/// and its move has no loss and no mark.
fn assert_bounds_are_never_values(analysis: &ExactAnalysis) {
    for judged in &analysis.moves {
        let text = row(judged);
        let columns: Vec<&str> = text.split_whitespace().collect();
        let proven = judged.before.exact().is_some() && judged.after.exact().is_some();
        for (column, bounds) in [(3, judged.before), (4, judged.after)] {
            assert_eq!(
                columns[column].contains(".."),
                bounds.exact().is_none(),
                "{text}"
            );
        }
        if !proven {
            assert_eq!((judged.loss, judged.mark), (None, None), "{text}");
            assert!(!text.contains('?') && !text.contains('!'), "{text}");
        }
    }
}

#[test]
fn a_position_not_proven_in_its_budget_is_bounds_never_a_value() {
    let game = random_game(7);
    let mut heard = Vec::new();
    let analysis = analyze_exact(
        &game,
        None,
        Duration::from_millis(1),
        &AtomicBool::new(false),
        |judged, done, total| heard.push((judged.clone(), done, total)),
    );
    assert!(analysis.proven < analysis.positions, "{analysis:?}");
    // Each move was told as it was judged, the last first.
    let moves = game.history().len();
    let told: Vec<(usize, usize, usize)> = heard
        .iter()
        .map(|(judged, done, total)| (judged.ply, *done, *total))
        .collect();
    let expected: Vec<(usize, usize, usize)> = (1..=moves)
        .rev()
        .map(|ply| (ply, moves + 1 - ply, moves))
        .collect();
    assert_eq!(told, expected);
    assert!(
        heard
            .iter()
            .all(|(judged, _, _)| analysis.moves[judged.ply - 1] == *judged)
    );
    assert_eq!(
        analysis.start.exact(),
        None,
        "the start of 36 seeds in a millisecond"
    );
    assert_bounds_are_never_values(&analysis);
    // The graph draws no bar for bounds: a column a move, none where the
    // value after it is not proven.
    let unproven = analysis
        .moves
        .iter()
        .filter(|judged| judged.after.exact().is_none())
        .count();
    assert!(unproven > 0);
    let text = summary(&analysis);
    assert!(text.contains("(bounds, not proven)"), "{text}");
    assert!(text.contains("a value written a..b is bounds"), "{text}");
    let accuracy = analysis.accuracy.south.unproven + analysis.accuracy.north.unproven;
    let unjudged = analysis
        .moves
        .iter()
        .filter(|judged| judged.loss.is_none())
        .count();
    assert_eq!(usize::try_from(accuracy).expect("small"), unjudged);
    assert!(graph(&analysis).starts_with("proven value after each move"));
}

#[test]
fn analyze_exact_prints_each_move_proven_or_bounded_the_turning_point_and_the_accuracy() {
    let dir = tempfile::tempdir().expect("a folder");
    tables::build(dir.path(), 6, 10);
    let record = dir.path().join("game.ogn");
    let game = random_game(21);
    std::fs::write(&record, Record::new(game.clone()).to_string()).expect("written");
    let tables = dir.path().to_str().expect("UTF-8");
    let file = record.to_str().expect("UTF-8");
    let output = endodoi(&[
        "analyze", file, "--exact", "--tables", tables, "--budget", "300",
    ]);
    assert!(output.status.success(), "{output:?}");
    let out = String::from_utf8(output.stdout).expect("UTF-8");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], endodoi::analyze::exact::HEADER);
    let rows = &lines[1..=game.history().len()];
    for (ply, row) in rows.iter().enumerate() {
        // The columns as the header places them: the loss and the mark are
        // blank when not judged, the move that keeps the value may be there.
        let field = |from: usize, to: usize| row.get(from..to.min(row.len())).unwrap_or("").trim();
        let columns: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(columns[0], (ply + 1).to_string(), "{row}");
        let (before, after) = (columns[3], columns[4]);
        let (loss_text, mark) = (field(42, 46), field(48, 52));
        if before.contains("..") || after.contains("..") {
            assert_eq!(
                (loss_text, mark),
                ("", ""),
                "a move next to bounds is not judged: {row}"
            );
            continue;
        }
        // Both proven: the loss is the mover's difference.
        let (before, after): (i32, i32) = (
            before.parse().expect("a value"),
            after.parse().expect("a value"),
        );
        let south = columns[1] == "south";
        let loss = if south {
            before - after
        } else {
            after - before
        };
        assert_eq!(loss_text, loss.to_string(), "{row}");
        let outcome = |value: i32| {
            if south {
                value.signum()
            } else {
                -value.signum()
            }
        };
        let expected = if outcome(after) < outcome(before) {
            "??"
        } else if loss > 0 {
            "?"
        } else if mark == "!" {
            "!"
        } else {
            ""
        };
        assert_eq!(mark, expected, "{row}");
    }
    // The last row ends at the game's end: its value is the final margin.
    let last: Vec<&str> = rows[rows.len() - 1].split_whitespace().collect();
    let margin = game.outcome().expect("over").totals().lead(Side::South);
    assert_eq!(last[4], format!("{margin:+}"));
    assert!(
        out.contains("\nproven value after each move: South's margin in seeds"),
        "{out}"
    );
    assert!(
        out.contains(&format!(", {margin:+} (proven) after the last move")),
        "{out}"
    );
    assert!(out.contains("\naccuracy: South "), "{out}");
    assert!(
        out.contains("\nthe game was lost at move ")
            || out.contains("\nthe win was let go at move ")
            || out.contains("\nno proven move changed the outcome"),
        "{out}"
    );
    // JSON: the same analysis, its values with an explicit `exact`.
    let output = endodoi(&[
        "analyze", file, "--exact", "--tables", tables, "--budget", "50", "--json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(json["positions"], game.history().len() + 1);
    assert_eq!(json["last"]["exact"], true);
    assert_eq!(json["last"]["lower"], margin);
    assert_eq!(
        json["moves"].as_array().map(Vec::len),
        Some(game.history().len())
    );
}

#[test]
fn analyze_exact_names_the_tables_it_lacks_and_how_to_build_them() {
    let dir = tempfile::tempdir().expect("a folder");
    let record = dir.path().join("game.ogn");
    std::fs::write(&record, Record::new(random_game(5)).to_string()).expect("written");
    let tables = dir.path().join("none");
    std::fs::create_dir(&tables).expect("a folder");
    let tables = tables.to_str().expect("UTF-8");
    let output = endodoi(&[
        "analyze",
        record.to_str().expect("UTF-8"),
        "--exact",
        "--tables",
        tables,
        "--budget",
        "1",
    ]);
    assert!(output.status.success(), "{output:?}");
    let err = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(
        err.starts_with(&format!("tables: levels 0 to 22 of width 6 are not in {tables}; the search ends sooner with them:\n  up to ")),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "    endodoi tablebase build --width 6 --max-seeds 22 --dir {tables}\n"
        )),
        "{err}"
    );
    assert!(
        err.contains("tables: not built (--build-tables builds them first, without asking); analysing by search alone\n"),
        "{err}"
    );
    // With bounds left, the end says which build would prove more.
    assert!(
        err.contains(
            "tables: build the tables with `endodoi tablebase build --width 6 --max-seeds "
        ),
        "{err}"
    );
    assert!(err.trim_end().ends_with("or give more --budget"), "{err}");
}

/// The viewer's analysis line of move `ply` once it is shown.
fn analysis_line(server: &tmux::Server, ply: usize) -> String {
    let start = std::time::Instant::now();
    let prefix = format!("{ply}. ");
    loop {
        let screen = server.screen("viewer");
        if let Some(line) = screen
            .lines()
            .find(|line| line.trim_start().starts_with(&prefix))
        {
            return line.to_owned();
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "move {ply}:\n{screen}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_viewers_analysis_is_exact_where_the_tables_of_the_width_are_there() {
    let Some(server) = tmux::Server::new("the_viewers_analysis_is_exact") else {
        return;
    };
    // The tables in the data folder, as the program finds them; the
    // shortest of a few random games, so that its proofs are quick.
    tables::build(&server.root().join("data/endodoi/tablebase"), 6, 12);
    let game = (0..40)
        .map(random_game)
        .min_by_key(|game| game.history().len())
        .expect("games");
    let moves = game.history().len();
    let margin = game.outcome().expect("over").totals().lead(Side::South);
    std::fs::write(
        server.root().join("game.ogn"),
        Record::new(game).to_string(),
    )
    .expect("written");
    server.start(
        "viewer",
        (100, 30),
        &format!(
            "{} replay game.ogn --no-animation",
            env!("CARGO_BIN_EXE_endodoi")
        ),
    );
    server.wait_for("viewer", "a analysis", Duration::from_secs(20));
    server.tmux(&["send-keys", "-t", "viewer", "a"]);
    server.wait_for(
        "viewer",
        &format!("Exact analysis of the {moves} moves ready"),
        Duration::from_secs(300),
    );
    // The last move: its value after is the final margin, proven.
    server.tmux(&["send-keys", "-t", "viewer", "G"]);
    let screen = server.wait_for("viewer", &format!("{moves}. "), Duration::from_secs(20));
    let line = screen
        .lines()
        .find(|line| line.trim_start().starts_with(&format!("{moves}. ")))
        .expect("the analysis line");
    assert!(
        line.contains(&format!(" → {margin:+} · exact")),
        "{line}\n{screen}"
    );
    // Every move: proven values, or bounds said to be bounds.
    server.tmux(&["send-keys", "-t", "viewer", "g"]);
    for ply in 1..=moves {
        server.tmux(&["send-keys", "-t", "viewer", "Right"]);
        let line = analysis_line(&server, ply);
        let bounds = line.contains("..");
        assert_eq!(line.contains("bounds, not proven"), bounds, "{line}");
        assert_eq!(line.contains("· exact"), !bounds, "{line}");
    }
}

/// Proofs of the standard start's first moves (docs/solve.md), `changed`
/// put in place of some.
fn first_moves(changed: &[(usize, Bounds)]) -> Vec<(endodoi::rules::Hole, Bounds)> {
    let game = Game::new(Config::default());
    let mut moves: Vec<(endodoi::rules::Hole, Bounds)> = game
        .legal_moves()
        .zip([0, 0, 8, -6, -12, -4])
        .map(|(hole, v)| (hole, value(v, v)))
        .collect();
    for &(index, bounds) in changed {
        moves[index].1 = bounds;
    }
    moves
}

#[test]
fn a_hint_is_told_as_proven_only_when_every_move_is_known_to_keep_the_value_or_lose() {
    use endodoi::app::analysis::proven_hint;
    let text = |changed: &[(usize, Bounds)]| {
        proven_hint(&first_moves(changed)).map(|(hole, text)| (hole.to_string(), text))
    };
    assert_eq!(
        text(&[]),
        Some((
            "C".to_owned(),
            "Hint: C keeps +8; every other move loses at least 8 (perfect play)".to_owned()
        ))
    );
    // A bound below the value is enough for a move that loses.
    assert_eq!(
        text(&[(5, value(-8, 6))]).map(|(_, text)| text),
        Some("Hint: C keeps +8; every other move loses at least 2 (perfect play)".to_owned())
    );
    assert_eq!(
        text(&[(0, value(8, 8))]).map(|(_, text)| text),
        Some(
            "Hint: A keeps +8 (so does C); every other move loses at least 8 (perfect play)"
                .to_owned()
        )
    );
    // A move that might keep the value, or a best not proven: no proven hint.
    assert_eq!(text(&[(5, value(-8, 8))]), None);
    assert_eq!(text(&[(2, value(6, 10))]), None);
    // North's side: South's margin going down is North's gain.
    let north: Vec<(endodoi::rules::Hole, Bounds)> = {
        let mut game = Game::new(Config::default());
        let first = game.legal_moves().next().expect("a move");
        game.play(first).expect("legal");
        game.legal_moves()
            .zip([2, -4, 6, 6, 6, 6])
            .map(|(hole, v)| (hole, value(v, v)))
            .collect()
    };
    let (hole, hint) = proven_hint(&north).expect("proven");
    assert_eq!(
        hint,
        format!("Hint: {hole} keeps +4; every other move loses at least 6 (perfect play)")
    );
}

#[test]
fn the_hint_key_with_a_proof_selects_the_move_and_says_what_it_keeps() {
    use endodoi::app::input::KeyCode;
    use endodoi::app::{Answer, App, Match, Setting};
    let mut app = App::new(Config::default(), Match::default());
    app.set(Setting::Animation(false));
    crate::common::keys::press(&mut app, KeyCode::Char('t'));
    app.answer(Answer::HintProven(first_moves(&[])));
    assert_eq!(
        app.selected().map(|hole| hole.to_string()).as_deref(),
        Some("C")
    );
    assert_eq!(
        app.desk().message().expect("the hint").text,
        "Hint: C keeps +8; every other move loses at least 8 (perfect play)"
    );
    // Asked for no hint: a proof that comes is not told.
    let mut app = App::new(Config::default(), Match::default());
    app.answer(Answer::HintProven(first_moves(&[])));
    assert_eq!(app.desk().message(), None);
}

#[test]
fn analyze_exact_builds_the_tables_it_lacks_when_told_and_proves_with_them() {
    let dir = tempfile::tempdir().expect("a folder");
    let record = dir.path().join("game.ogn");
    std::fs::write(&record, Record::new(random_game(5)).to_string()).expect("written");
    let tables = dir.path().join("tables");
    let output = endodoi(&[
        "analyze",
        record.to_str().expect("UTF-8"),
        "--exact",
        "--tables",
        tables.to_str().expect("UTF-8"),
        "--build-tables",
        "8",
        "--budget",
        "20",
        "--json",
    ]);
    assert!(output.status.success(), "{output:?}");
    let err = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(err.contains("building 9 levels of width 6"), "{err}");
    assert!(err.contains("level  8/8: "), "{err}");
    assert!(tables.join("w6-08.tb").is_file(), "{err}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(json["tables"], 8);
}

#[test]
fn the_hint_near_a_games_end_with_the_tables_is_proven() {
    let Some(server) = tmux::Server::new("the_hint_near_a_games_end_is_proven") else {
        return;
    };
    tables::build(&server.root().join("data/endodoi/tablebase"), 6, 12);
    // Four moves before the end of a game: few seeds left, the tables
    // hold what follows. (Without them the hint is the search's, whose
    // score is exact here too: `Hint: A (+6 seeds, perfect play)`.)
    let game = random_game(11);
    let at = game.history().len() - 4;
    std::fs::write(
        server.root().join("game.ogn"),
        Record::new(game).to_string(),
    )
    .expect("written");
    server.start(
        "hint",
        (100, 30),
        &format!(
            "{} replay game.ogn --no-animation",
            env!("CARGO_BIN_EXE_endodoi")
        ),
    );
    server.wait_for("hint", "p play on", Duration::from_secs(20));
    for key in at.to_string().chars() {
        server.tmux(&["send-keys", "-t", "hint", &key.to_string()]);
    }
    server.tmux(&["send-keys", "-t", "hint", "Enter"]);
    server.wait_for("hint", &format!("move {at} of"), Duration::from_secs(20));
    server.tmux(&["send-keys", "-t", "hint", "p"]);
    server.wait_for("hint", "who plays each side?", Duration::from_secs(20));
    server.tmux(&["send-keys", "-t", "hint", "Enter"]);
    server.wait_for("hint", "t hint", Duration::from_secs(20));
    server.tmux(&["send-keys", "-t", "hint", "t"]);
    let screen = server.wait_for("hint", "Hint: ", Duration::from_secs(60));
    let line = screen
        .lines()
        .find(|line| line.contains("Hint: "))
        .expect("the hint");
    assert!(
        line.contains(" keeps ") && line.contains("(perfect play)"),
        "{screen}"
    );
}
