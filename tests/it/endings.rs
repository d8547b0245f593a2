//! Games that end before the rules end them (resigned, draw agreed, out of
//! time) and games under a time control, as records keep them: the
//! `Termination`, `TimeControl` and `Clock` tags written and read back (a
//! match's clock too), the verdict and JSON state of an ended game, hostile
//! tag values kept as plain tags, and the clocks' invariants over random
//! play.

use std::time::Duration;

use endodoi::app::Match;
use endodoi::clock::{Clocks, TimeControl, TimeControlError, shown};
use endodoi::record::{
    EndError, Ending, Reason, Record, RecordError, RecordErrorKind, State, Verdict,
};
use endodoi::rules::{BySide, EndReason, Side};
use proptest::prelude::*;

/// Two moves: South captured 2 and holds 24 in its row, North captured 3
/// and holds 19.
const TWO_MOVES: &str = "[South \"Naserian\"]\n[North \"Lekishon\"]\n\n1. A+2 b+3 *\n";

/// A finished game: South wins 32-16.
const FINISHED: &str = "1. E a+2 2. E+15 c+4 3. C+10 e+10 4. B+2";

fn read(text: &str) -> Record {
    Record::read(text).unwrap_or_else(|error| panic!("{text:?}: {error}"))
}

fn ended(ending: Ending) -> Record {
    let mut record = read(TWO_MOVES);
    record.end(ending).expect("an unfinished game ends");
    record
}

// ---------------------------------------------------------------- endings

#[test]
fn each_ending_is_written_as_a_termination_tag_with_an_unfinished_result() {
    for (ending, words) in [
        (Ending::Resigned(Side::South), "South resigned"),
        (Ending::Resigned(Side::North), "North resigned"),
        (Ending::DrawAgreed, "Draw agreed"),
        (Ending::OutOfTime(Side::South), "South lost on time"),
        (Ending::OutOfTime(Side::North), "North lost on time"),
    ] {
        let record = ended(ending);
        let text = format!(
            "[Variant \"En Dodoi\"]\n[Width \"6\"]\n[Seeds \"4\"]\n[South \"Naserian\"]\n\
             [North \"Lekishon\"]\n[Termination \"{words}\"]\n[Result \"*\"]\n\n1. A+2 b+3 *\n"
        );
        assert_eq!(record.to_string(), text, "{ending:?}");
        assert_eq!(read(&text), record, "{ending:?}");
        assert_eq!(read(&text).ending(), Some(ending));
    }
}

#[test]
fn the_verdict_of_an_ending_gives_the_winner_and_the_seeds_each_side_holds() {
    let holds = BySide {
        south: 26,
        north: 22,
    };
    for (ending, winner) in [
        (Ending::Resigned(Side::South), Some(Side::North)),
        (Ending::Resigned(Side::North), Some(Side::South)),
        (Ending::DrawAgreed, None),
        (Ending::OutOfTime(Side::South), Some(Side::North)),
        (Ending::OutOfTime(Side::North), Some(Side::South)),
    ] {
        assert_eq!(
            ended(ending).verdict(),
            Some(Verdict {
                winner,
                totals: holds,
                reason: Reason::Ended(ending),
            }),
            "{ending:?}"
        );
    }
    assert_eq!(read(TWO_MOVES).verdict(), None);
    assert_eq!(
        read(FINISHED).verdict(),
        Some(Verdict {
            winner: Some(Side::South),
            totals: BySide {
                south: 32,
                north: 16,
            },
            reason: Reason::Rules(EndReason::NoMoves),
        })
    );
}

#[test]
fn a_game_over_or_ended_already_cannot_end_and_is_left_as_it_was() {
    let mut finished = read(FINISHED);
    let before = finished.clone();
    assert_eq!(
        finished.end(Ending::Resigned(Side::North)),
        Err(EndError::GameOver)
    );
    assert_eq!(finished, before);
    let mut resigned = ended(Ending::Resigned(Side::North));
    let before = resigned.clone();
    assert_eq!(
        resigned.end(Ending::DrawAgreed),
        Err(EndError::Ended(Ending::Resigned(Side::North)))
    );
    assert_eq!(resigned, before);
}

#[test]
fn a_game_that_ended_at_the_start_holds_every_seed_in_the_rows() {
    let mut record = read("");
    record.end(Ending::Resigned(Side::South)).expect("ends");
    assert_eq!(
        State::of_record(&record)
            .result
            .map(|r| (r.south, r.north, r.winner)),
        Some((24, 24, "north"))
    );
}

#[test]
fn a_plain_termination_is_replaced_by_an_ending() {
    let mut record = read("[Termination \"adjourned\"]\n\n1. A *");
    assert_eq!(record.ending(), None);
    record.end(Ending::DrawAgreed).expect("ends");
    assert_eq!(record.tag("Termination"), Some("Draw agreed"));
}

#[test]
fn an_ending_tag_on_a_game_the_moves_end_is_a_fault_at_the_tag() {
    let text = format!("[South \"x\"]\n  [Termination \"North resigned\"]\n\n{FINISHED} *\n");
    let error = Record::read(&text).expect_err("two ends");
    assert_eq!(
        error,
        RecordError {
            line: 2,
            column: 3,
            ply: None,
            kind: RecordErrorKind::BadTagValue {
                name: "Termination".to_owned(),
                value: "North resigned".to_owned(),
                reason: "the moves end the game by the rules, 32-16".to_owned(),
            },
        }
    );
    assert_eq!(
        error.to_string(),
        "line 2, column 3: tag `Termination` has a bad value \"North resigned\": the moves \
         end the game by the rules, 32-16"
    );
    assert_eq!(error.kind.class(), "bad-tag");
    // Also when a faulty move follows the end: the tag comes first.
    let after_end = format!("[Termination \"Draw agreed\"]\n\n{FINISHED} a");
    assert_eq!(Record::read(&after_end).expect_err("two ends").line, 1);
}

#[test]
fn other_termination_values_are_plain_tags_of_games_that_go_on() {
    for value in [
        "South wins by forfeit at ply 3: new answered late",
        "south resigned",
        "abandoned",
        "North resigned [2J",
        "",
    ] {
        let text = format!("[Termination \"{value}\"]\n\n1. A *\n");
        let record = read(&text);
        assert_eq!(
            (record.ending(), record.verdict()),
            (None, None),
            "{value:?}"
        );
        assert_eq!(record.tag("Termination"), Some(value));
        assert_eq!(State::of_record(&record), State::of(&record.game));
    }
    // A game over by the rules keeps such a tag too.
    let forfeit = read(&format!("[Termination \"time forfeit\"]\n\n{FINISHED} *"));
    assert_eq!(forfeit.tag("Termination"), Some("time forfeit"));
}

#[test]
fn control_characters_in_a_termination_are_read_as_spaces_then_judged() {
    // One line, as every tag value: a tab is a space, so these are endings …
    let record = read("[Termination \"North\tresigned\"]\n\nA *");
    assert_eq!(record.ending(), Some(Ending::Resigned(Side::North)));
    // … and an escape is a space too, which no ending's words hold.
    let record = read("[Termination \"North\u{1b}[31mresigned\"]\n\nA *");
    assert_eq!(record.tag("Termination"), Some("North [31mresigned"));
    assert_eq!(record.ending(), None);
}

#[test]
fn the_json_state_of_an_ended_game_is_over_with_the_seeds_held_and_why() {
    for (ending, winner, reason) in [
        (Ending::Resigned(Side::South), "north", "resignation"),
        (Ending::DrawAgreed, "draw", "agreement"),
        (Ending::OutOfTime(Side::North), "south", "time"),
    ] {
        let record = ended(ending);
        assert_eq!(
            serde_json::to_value(State::of_record(&record)).expect("a state serialises"),
            serde_json::json!({
                "width": 6, "seeds": 4, "variant": "classic", "ply": 2,
                "pits": {"south": [4, 1, 0, 8, 3, 8], "north": [8, 0, 3, 0, 8, 0]},
                "captured": {"south": 2, "north": 3},
                "to_move": null, "legal": [], "status": "over",
                "result": {"south": 26, "north": 22, "winner": winner, "reason": reason},
            }),
            "{ending:?}"
        );
    }
}

// ---------------------------------------------------------------- time in the record

#[test]
fn the_clocks_are_kept_in_two_tags_and_read_back() {
    let mut record = read(TWO_MOVES);
    assert_eq!((record.time_control(), record.clocks()), (None, None));
    let control: TimeControl = "5+3".parse().expect("a control");
    let mut clocks = Clocks::new(control);
    clocks.tick(Side::South, Duration::from_millis(47_650));
    clocks.moved(Side::South);
    clocks.tick(Side::North, Duration::from_millis(62_040));
    clocks.moved(Side::North);
    record.set_clocks(&clocks);
    let text = record.to_string();
    assert_eq!(
        text,
        "[Variant \"En Dodoi\"]\n[Width \"6\"]\n[Seeds \"4\"]\n[South \"Naserian\"]\n\
         [North \"Lekishon\"]\n[TimeControl \"300+3\"]\n[Clock \"4:15.3 4:00.9\"]\n\
         [Result \"*\"]\n\n1. A+2 b+3 *\n"
    );
    let again = read(&text);
    assert_eq!(again.time_control(), Some(control));
    assert_eq!(
        again.clocks().map(|clocks| clocks.all_left()),
        Some(BySide {
            south: Duration::from_millis(255_300),
            north: Duration::from_millis(240_900),
        })
    );
}

#[test]
fn a_time_control_alone_gives_full_clocks() {
    let record = read("[TimeControl \"180+2\"]\n\n1. A *");
    let control = "3+2".parse().expect("a control");
    assert_eq!(record.clocks(), Some(Clocks::new(control)));
}

#[test]
fn hostile_time_tags_are_kept_as_plain_tags_and_give_no_clock_they_do_not_say() {
    for value in [
        "99999999999+1",
        "5+",
        "-1+0",
        "30+0",
        "300+3 ",
        "?",
        "40/9000:300",
    ] {
        let text = format!("[TimeControl \"{value}\"]\n[Clock \"4:12.3 3:58.0\"]\n\n1. A *\n");
        let record = read(&text);
        assert_eq!(
            (record.time_control(), record.clocks()),
            (None, None),
            "{value}"
        );
        assert_eq!(record.tag("TimeControl"), Some(value));
        assert_eq!(read(&record.to_string()), record);
    }
    for garbage in [
        "garbage",
        "4:12.3",
        "4:12.3 3:61.0",
        "99999999999:00.0 0:01.0",
        "\u{1b}[2J 3:58.0",
        "",
    ] {
        let text = format!("[TimeControl \"60+0\"]\n[Clock \"{garbage}\"]\n\n1. A *\n");
        let record = read(&text);
        let control = "1+0".parse().expect("a control");
        assert_eq!(record.clocks(), Some(Clocks::new(control)), "{garbage:?}");
    }
}

#[test]
fn a_match_keeps_its_clock_in_the_record_and_reads_it_back() {
    let mut players = Match::new(Some("Naserian".into()), Some("Lekishon".into()), Some(3));
    players.clock = "10+5".parse().ok();
    let mut record = read("1. A *");
    players.write_tags(&mut record);
    assert_eq!(
        record.to_string(),
        "[Variant \"En Dodoi\"]\n[Width \"6\"]\n[Seeds \"4\"]\n[South \"Naserian\"]\n\
         [North \"Lekishon\"]\n[Match \"3\"]\n[Round \"1\"]\n[Score \"0-0\"]\n\
         [TimeControl \"600+5\"]\n[Result \"*\"]\n\n1. A+2 *\n"
    );
    assert_eq!(Match::from_record(&read(&record.to_string())), players);
    // A control this program does not play is no clock, and stays as written.
    let other = read("[TimeControl \"40/9000:300\"]\n\n1. A *");
    assert_eq!(Match::from_record(&other).clock, None);
    let mut written = other.clone();
    Match::from_record(&other).write_tags(&mut written);
    assert_eq!(written.tag("TimeControl"), Some("40/9000:300"));
}

// ---------------------------------------------------------------- time controls and clocks

#[test]
fn a_bad_time_control_says_what_is_wrong() {
    for (text, message) in [
        (
            "99999999999+1",
            "the minutes must be a whole number from 1 to 180",
        ),
        (
            "5+",
            "the increment must be a whole number of seconds from 0 to 60",
        ),
        ("-1+0", "the minutes must be a whole number from 1 to 180"),
        ("5", "a time control is MINUTES+SECONDS, such as 5+3"),
    ] {
        let error = text.parse::<TimeControl>().expect_err(text);
        assert_eq!(error.to_string(), message, "{text}");
    }
    assert_eq!(
        TimeControl::from_tag("90+0").map_err(|error| error.to_string()),
        Err("the time at the start must be whole minutes, 60 to 10800 seconds".to_owned())
    );
    assert_eq!(
        TimeControl::from_tag("300+"),
        Err(TimeControlError::Increment)
    );
}

/// Any valid time control.
fn any_control() -> impl Strategy<Value = TimeControl> {
    (1u32..=180, 0u32..=60)
        .prop_map(|(minutes, increment)| TimeControl::new(minutes, increment).expect("in range"))
}

/// A step of play on the clocks: time passing on a side, or a side moving.
#[derive(Clone, Debug)]
enum Step {
    Tick(Side, Duration),
    Moved(Side),
}

fn any_step() -> impl Strategy<Value = Step> {
    let side = prop_oneof![Just(Side::South), Just(Side::North)];
    prop_oneof![
        (side.clone(), 0u64..400_000)
            .prop_map(|(side, millis)| Step::Tick(side, Duration::from_millis(millis))),
        side.prop_map(Step::Moved),
    ]
}

proptest! {
    #[test]
    fn time_controls_are_written_and_read_back_in_both_forms(control in any_control()) {
        prop_assert_eq!(control.to_string().parse::<TimeControl>(), Ok(control));
        prop_assert_eq!(TimeControl::from_tag(&control.to_tag()), Ok(control));
    }

    #[test]
    fn a_clock_never_goes_below_zero_and_gains_only_after_a_move(
        control in any_control(),
        steps in prop::collection::vec(any_step(), 0..60),
    ) {
        let mut clocks = Clocks::new(control);
        for step in steps {
            let before = clocks;
            match step {
                Step::Tick(side, elapsed) => {
                    clocks.tick(side, elapsed);
                    let expected = if before.fallen().is_some() {
                        before.left(side)
                    } else {
                        before.left(side).saturating_sub(elapsed)
                    };
                    prop_assert_eq!(clocks.left(side), expected);
                    prop_assert_eq!(clocks.left(side.opponent()), before.left(side.opponent()));
                }
                Step::Moved(side) => {
                    clocks.moved(side);
                    let gain = if before.fallen().is_some() { Duration::ZERO } else { control.increment() };
                    prop_assert_eq!(clocks.left(side), before.left(side) + gain);
                    prop_assert_eq!(clocks.left(side.opponent()), before.left(side.opponent()));
                }
            }
            // A fallen flag stays fallen.
            if let Some(side) = before.fallen() {
                prop_assert_eq!(clocks.fallen(), Some(side));
            }
            prop_assert_eq!(clocks.fallen().is_some(), clocks.all_left().south.is_zero() || clocks.all_left().north.is_zero());
        }
    }

    #[test]
    fn the_clocks_survive_a_record_to_the_tenth_of_a_second_within_the_control(
        control in any_control(),
        tenths in (0u64..10_000_000, 0u64..10_000_000),
    ) {
        let left = BySide {
            south: Duration::from_millis(tenths.0 * 100),
            north: Duration::from_millis(tenths.1 * 100 + 99),
        };
        let mut record = Record::read("1. A *").expect("a record");
        record.set_clocks(&Clocks::resumed(control, left));
        let again = Record::read(&record.to_string()).expect("written records read back");
        let cut = BySide { north: Duration::from_millis(tenths.1 * 100), ..left };
        // Never more than the control allows after the moves: South has
        // made one, North none.
        let most = BySide {
            south: control.base() + control.increment(),
            north: control.base(),
        };
        let read = BySide {
            south: cut.south.min(most.south),
            north: cut.north.min(most.north),
        };
        prop_assert_eq!(again.clocks(), Some(Clocks::resumed(control, read)));
    }

    #[test]
    fn a_clock_shows_whole_seconds_or_tenths_cut_down(millis in 0u64..20_000_000) {
        let text = shown(Duration::from_millis(millis));
        let seconds = millis / 1000;
        let expected = if seconds < 10 {
            format!("{seconds}.{}", millis % 1000 / 100)
        } else {
            format!("{}:{:02}", seconds / 60, seconds % 60)
        };
        prop_assert_eq!(text, expected);
    }
}
