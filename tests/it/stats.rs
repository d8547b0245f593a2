//! Each player's results in the saved games: `endodoi stats` through the
//! binary with `XDG_DATA_HOME` in a temporary directory (finished games
//! only, computers told apart by level, names of any length and script
//! whole), and the start screen's results page, opened by the session on the
//! same saves, drawn and driven by keys and clicks.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use clap::Parser;
use endodoi::app::input::KeyCode;
use endodoi::app::start::Page;
use endodoi::app::{App, Keymap, Setting};
use endodoi::cli::Cli;
use endodoi::record::{Ending, Record};
use endodoi::rules::{Config, Game, Hole, Side};
use endodoi::session::Session;
use endodoi::ui::{Look, View};
use keys::{press, type_keys};
use mouse::{SCREEN, click};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::common::{keys, mouse, screen, snapshot::assert_snapshot};

const BINARY: &str = env!("CARGO_BIN_EXE_endodoi");

const LONG: &str = "Naserian Ole Sikoi «the sower» 🌱";

/// A home with a games folder.
struct Home(tempfile::TempDir);

impl Home {
    fn new() -> Home {
        Home(tempfile::tempdir().expect("a temporary home"))
    }

    fn games(&self) -> PathBuf {
        self.0.path().join("data/endodoi/games")
    }

    fn endodoi(&self, args: &[&str]) -> Output {
        Command::new(BINARY)
            .args(args)
            .env("HOME", self.0.path())
            .env("XDG_DATA_HOME", self.0.path().join("data"))
            .env("XDG_CONFIG_HOME", self.0.path().join("config"))
            .output()
            .expect("endodoi runs")
    }

    /// The table of `endodoi stats`, nothing on standard error.
    fn stats(&self) -> String {
        let output = self.endodoi(&["stats"]);
        assert_eq!(text(&output.stderr), "");
        assert_eq!(output.status.code(), Some(0));
        text(&output.stdout)
    }

    /// Saves a game of `south` against `north`, each move chosen by `pick`
    /// among the legal ones, `plies` of them or to the end.
    fn save(&self, id: &str, south: &str, north: &str, plies: usize, pick: fn(&[Hole]) -> Hole) {
        let mut game = Game::new(Config::default());
        for _ in 0..plies {
            let legal: Vec<Hole> = game.legal_moves().collect();
            if legal.is_empty() || game.outcome().is_some() {
                break;
            }
            game.play(pick(&legal)).expect("a legal move");
        }
        let mut record = Record::new(game);
        record.set_tag("South", south);
        record.set_tag("North", north);
        fs::create_dir_all(self.games()).expect("the games folder");
        fs::write(self.games().join(format!("{id}.ogn")), record.to_string()).expect("a save");
    }

    /// Saves a game of `south` against `north` (`A b`, South holding 26
    /// seeds to North's 22) that ended as `ending` says.
    fn save_ended(&self, id: &str, south: &str, north: &str, ending: Ending) {
        self.save_ended_with(id, [south, north], ending, &[]);
    }

    /// Saves a game as [`Home::save_ended`] does, with `tags` besides the
    /// players.
    fn save_ended_with(&self, id: &str, players: [&str; 2], ending: Ending, tags: &[(&str, &str)]) {
        let mut record = Record::read_moves(Config::default(), "A b").expect("two moves");
        record.set_tag("South", players[0]);
        record.set_tag("North", players[1]);
        for (name, value) in tags {
            record.set_tag(name, value);
        }
        record.end(ending).expect("an unfinished game ends");
        fs::create_dir_all(self.games()).expect("the games folder");
        fs::write(self.games().join(format!("{id}.ogn")), record.to_string()).expect("a save");
    }
}

fn first(legal: &[Hole]) -> Hole {
    legal[0]
}

fn last(legal: &[Hole]) -> Hole {
    legal[legal.len() - 1]
}

fn middle(legal: &[Hole]) -> Hole {
    legal[legal.len() / 2]
}

/// The games of the tests: three finished, one unfinished, one unreadable.
fn home_with_games() -> Home {
    let home = Home::new();
    home.save("a", LONG, "Computer (level 3)", usize::MAX, first);
    home.save("b", "Computer (level 5)", LONG, usize::MAX, last);
    home.save("c", "李小龍", LONG, usize::MAX, middle);
    home.save("d", LONG, "Lemayian", 2, first);
    fs::write(home.games().join("e.ogn"), "not a record").expect("a damaged save");
    home
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}

fn results(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .expect("the games")
        .map(|entry| {
            let path = entry.expect("an entry").path();
            Record::read(&fs::read(&path).expect("a save"))
                .map(|record| record.result_token())
                .unwrap_or_default()
        })
        .collect()
}

#[test]
fn the_table_counts_finished_games_by_player_and_computer_level() {
    let home = home_with_games();
    let mut tokens = results(&home.games());
    tokens.sort();
    // a: Naserian 17, level 3 31; b: level 5 23, Naserian 25; c: 李小龍 27, Naserian 21.
    assert_eq!(tokens, ["", "*", "17-31", "23-25", "27-21"]);
    let output = home.endodoi(&["stats"]);
    assert_eq!(text(&output.stderr), "");
    assert_eq!(output.status.code(), Some(0));
    let games = home.games().display().to_string();
    assert_eq!(
        text(&output.stdout),
        format!(
            "Results of the 3 finished games in {games}; not counted: 1 unfinished game, \
             1 save that cannot be read (`endodoi games` names them):
Player                             Against             Games  Won  Drawn  Lost  Margin
Computer (level 3)                 everyone                1    1      0     0   +14.0
                                   people                  1    1      0     0   +14.0
Computer (level 5)                 everyone                1    0      0     1    -2.0
                                   people                  1    0      0     1    -2.0
Naserian Ole Sikoi «the sower» 🌱  everyone                3    1      0     2    -6.0
                                   people                  1    0      0     1    -6.0
                                   Computer (level 3)      1    0      0     1   -14.0
                                   Computer (level 5)      1    1      0     0    +2.0
李小龍                             everyone                1    1      0     0    +6.0
                                   people                  1    1      0     0    +6.0
"
        )
    );
}

#[test]
fn a_resignation_or_a_fallen_flag_loses_and_a_draw_agreed_draws_whatever_the_seeds() {
    let home = Home::new();
    home.save_ended("a", "Naserian", "Lekishon", Ending::Resigned(Side::South));
    home.save_ended("b", "Naserian", "Lekishon", Ending::DrawAgreed);
    home.save_ended("c", "Lekishon", "Naserian", Ending::OutOfTime(Side::North));
    // Naserian held 26 to 22, 26 to 22 and 22 to 26: +4 in three games.
    assert_eq!(
        home.stats(),
        format!(
            "Results of the 3 finished games in {}:
Player    Against   Games  Won  Drawn  Lost  Margin
Lekishon  everyone      3    2      1     0    -1.3
          people        3    2      1     0    -1.3
Naserian  everyone      3    0      1     2    +1.3
          people        3    0      1     2    +1.3
",
            home.games().display()
        )
    );
}

#[test]
fn games_a_player_was_helped_in_are_counted_apart_against_each_opponent() {
    let home = Home::new();
    let computer = "Computer (level 3)";
    let helped = |sides| [("Assisted", sides)];
    // South holds 26 seeds to North's 22 in each.
    home.save_ended_with(
        "a",
        ["Naserian", computer],
        Ending::OutOfTime(Side::North),
        &helped("South"),
    );
    home.save_ended("b", "Naserian", computer, Ending::Resigned(Side::South));
    home.save_ended_with(
        "c",
        ["Lekishon", "Naserian"],
        Ending::DrawAgreed,
        &helped("South North"),
    );
    // A value that names no side helps nobody.
    home.save_ended_with(
        "d",
        ["Lemayian", computer],
        Ending::Resigned(Side::North),
        &helped("everyone"),
    );
    assert_eq!(
        home.stats(),
        format!(
            "Results of the 4 finished games in {}:
Player              Against                     Games  Won  Drawn  Lost  Margin
Computer (level 3)  everyone                        3    1      0     2    -4.0
                    people                          3    1      0     2    -4.0
Lekishon            everyone                        1    0      1     0    +4.0
                    people, helped                  1    0      1     0    +4.0
Lemayian            everyone                        1    1      0     0    +4.0
                    Computer (level 3)              1    1      0     0    +4.0
Naserian            everyone                        3    1      1     1    +1.3
                    people, helped                  1    0      1     0    -4.0
                    Computer (level 3)              1    0      0     1    +4.0
                    Computer (level 3), helped      1    1      0     0    +4.0
",
            home.games().display()
        )
    );
    let output = home.endodoi(&["stats", "--json"]);
    let document: serde_json::Value = serde_json::from_str(&text(&output.stdout)).expect("JSON");
    assert_eq!(
        document["rows"][9],
        serde_json::json!({
            "player": "Naserian", "against": "computer", "level": 3, "helped": true, "games": 1,
            "wins": 1, "draws": 0, "losses": 0, "average_margin": 4.0
        })
    );
}

#[test]
fn json_is_one_document_with_every_name_whole() {
    let home = home_with_games();
    let output = home.endodoi(&["stats", "--json"]);
    assert_eq!(output.status.code(), Some(0));
    let stdout = text(&output.stdout);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let document: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(document["folder"], home.games().display().to_string());
    assert_eq!(
        (
            &document["finished"],
            &document["unfinished"],
            &document["unreadable"]
        ),
        (&3.into(), &1.into(), &1.into())
    );
    let rows = document["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 10);
    assert_eq!(
        rows[6],
        serde_json::json!({
            "player": LONG, "against": "computer", "level": 3, "helped": false, "games": 1,
            "wins": 0, "draws": 0, "losses": 1, "average_margin": -14.0
        })
    );
    assert_eq!(rows[4]["against"], "everyone");
    assert_eq!(rows[4]["level"], serde_json::Value::Null);
    assert_eq!(rows[8]["player"], "李小龍");
}

#[test]
fn no_saved_games_is_said_in_words_not_an_empty_table() {
    let home = Home::new();
    let output = home.endodoi(&["stats"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        text(&output.stdout),
        format!(
            "Results of the 0 finished games in {}.\n\
             No finished game yet: play one to its end (`endodoi`), and it counts here.\n",
            home.games().display()
        )
    );
    let output = home.endodoi(&["stats", "--json"]);
    assert_eq!(
        text(&output.stdout),
        format!(
            "{{\"folder\":\"{}\",\"finished\":0,\"unfinished\":0,\"unreadable\":0,\"rows\":[]}}\n",
            home.games().display()
        )
    );
}

#[test]
fn a_name_with_invisible_characters_is_escaped_in_the_table_and_in_json_read_whole() {
    let home = Home::new();
    home.save(
        "a",
        "Evil\u{202e}lived",
        "Computer (level 1)",
        usize::MAX,
        first,
    );
    let table = text(&home.endodoi(&["stats"]).stdout);
    assert!(table.contains("Evil\\u{202e}lived   everyone"), "{table}");
    assert!(!table.contains('\u{202e}'));
    let printed = home.endodoi(&["stats", "--json"]).stdout;
    assert!(!text(&printed).contains('\u{202e}'), "escaped in JSON too");
    let json: serde_json::Value = serde_json::from_slice(&printed).expect("JSON");
    assert_eq!(json["rows"][2]["player"], "Evil\u{202e}lived");
}

#[test]
fn a_games_folder_that_cannot_be_listed_is_an_error_with_status_1() {
    let home = Home::new();
    fs::create_dir_all(home.games().parent().expect("a parent")).expect("the data folder");
    fs::write(home.games(), "a file, not a folder").expect("a file");
    let output = home.endodoi(&["stats"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        format!(
            "endodoi: cannot list {}: Not a directory (os error 20)\n",
            home.games().display()
        )
    );
    assert_eq!(text(&output.stdout), "");
}

// ------------------------------------------------------- the results page

const PLAIN: Look = Look {
    ascii: false,
    color: false,
};

/// The start screen as the session opens it on the saves of `home`.
fn start_screen(home: &Home) -> App {
    let options = Cli::try_parse_from(["endodoi"])
        .expect("no options")
        .play
        .options();
    let mut app = Session::start_screen(&options, Some(&home.games()))
        .expect("the start screen")
        .app;
    app.set(Setting::Animation(false));
    app
}

fn page(app: &App) -> Page {
    app.screen().start().expect("the start screen").page()
}

fn draw(app: &App, look: Look, width: u16, height: u16) -> String {
    let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
    View::new(app, look).render(buf.area, &mut buf);
    screen::text(&buf)
}

/// Clicks the first cell of the screen (80×24) that shows `words`.
fn click_on(app: &mut App, words: &str) {
    let screen = draw(app, Look::default(), SCREEN.width, SCREEN.height);
    let (row, line) = screen
        .lines()
        .enumerate()
        .find(|(_, line)| line.contains(words))
        .unwrap_or_else(|| panic!("{words:?} on the screen:\n{screen}"));
    let column = line[..line.find(words).expect("found")].chars().count();
    click(app, column as u16, row as u16);
}

/// The selected line of the start screen's page.
fn row(app: &App) -> usize {
    app.screen().start().expect("the start screen").row()
}

#[test]
fn t_opens_the_results_and_esc_or_q_go_back_to_the_menu_on_its_line() {
    let home = home_with_games();
    let mut app = start_screen(&home);
    type_keys(&mut app, "t");
    assert_eq!(page(&app), Page::Results);
    assert_eq!(app.front().keymap(), Keymap::RESULTS);
    type_keys(&mut app, "jj");
    assert_eq!(row(&app), 2);
    press(&mut app, KeyCode::Up);
    assert_eq!(row(&app), 1);
    press(&mut app, KeyCode::Esc);
    assert_eq!(
        (page(&app), row(&app)),
        (Page::Menu, 3),
        "on the Results line"
    );
    // Enter on the line opens it again; q goes back, and quits nothing.
    press(&mut app, KeyCode::Enter);
    assert_eq!((page(&app), row(&app)), (Page::Results, 0));
    type_keys(&mut app, "q");
    assert_eq!(page(&app), Page::Menu);
    assert!(!app.desk().should_quit());
    assert!(
        app.take_effects().is_empty(),
        "reading the results asks for nothing"
    );
}

#[test]
fn a_click_on_the_menu_line_opens_the_results_and_a_click_selects_a_line() {
    let home = home_with_games();
    let mut app = start_screen(&home);
    click_on(&mut app, "Results");
    assert_eq!(page(&app), Page::Results);
    click_on(&mut app, "Computer (level 5)");
    assert_eq!(row(&app), 2);
    // The table cell of a wide character is followed by an empty one.
    click_on(&mut app, "李");
    assert_eq!(row(&app), 8);
    assert_eq!(page(&app), Page::Results, "a click only selects");
}

#[test]
fn the_results_page_at_56x18_80x24_and_200x60() {
    let home = home_with_games();
    let mut app = start_screen(&home);
    type_keys(&mut app, "t");
    for (width, height) in [(56, 18), (80, 24), (200, 60)] {
        assert_snapshot!(
            format!("results_{width}x{height}"),
            draw(&app, PLAIN, width, height)
        );
    }
}

#[test]
fn the_results_scroll_at_56x18_to_the_last_line() {
    let home = home_with_games();
    let mut app = start_screen(&home);
    type_keys(&mut app, "t");
    for _ in 0..9 {
        press(&mut app, KeyCode::Down);
    }
    assert_eq!(row(&app), 9);
    assert_snapshot!(draw(&app, PLAIN, 56, 18));
}

#[test]
fn scrolled_the_table_starts_with_a_players_name_not_the_lines_under_it() {
    let home = home_with_games();
    home.save("f", "Lemayian", LONG, usize::MAX, last);
    home.save("g", "Computer (level 1)", "Lemayian", usize::MAX, middle);
    let mut app = start_screen(&home);
    type_keys(&mut app, "t");
    for _ in 0..14 {
        press(&mut app, KeyCode::Down);
    }
    assert_eq!(row(&app), 14, "the last line");
    // Lines 6 to 13 would fit with 14, but 6 is under Lemayian's name.
    assert_snapshot!(draw(&app, PLAIN, 56, 18));
}

#[test]
fn without_a_saved_game_the_results_page_says_how_to_get_one() {
    let mut app = start_screen(&Home::new());
    type_keys(&mut app, "t");
    assert_snapshot!(draw(&app, PLAIN, 56, 18));
}

#[test]
fn with_only_an_unfinished_game_the_results_page_says_how_to_finish_it() {
    let home = Home::new();
    home.save("d", LONG, "Lemayian", 2, first);
    let mut app = start_screen(&home);
    type_keys(&mut app, "t");
    let screen = draw(&app, PLAIN, 80, 24);
    assert!(
        screen.contains(
            "│   No finished game yet; 1 unfinished. Play one to the end (c on the menu │\n  \
             │   continues it) and its result is counted here.                          │"
        ),
        "{screen}"
    );
}

#[test]
fn the_results_page_in_ascii_and_without_colour_at_every_size() {
    let home = home_with_games();
    let mut app = start_screen(&home);
    type_keys(&mut app, "t");
    let look = Look {
        ascii: true,
        color: false,
    };
    for (width, height) in [(56, 18), (80, 24), (200, 60)] {
        let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
        View::new(&app, look).render(buf.area, &mut buf);
        let screen = screen::text(&buf);
        assert!(screen.is_ascii(), "{width}x{height}:\n{screen}");
        assert!(screen.contains("Esc back"), "{width}x{height}:\n{screen}");
        assert!(
            screen.contains("> Computer (level 3)         "),
            "{width}x{height}:\n{screen}"
        );
        let colours = buf
            .content
            .iter()
            .filter(|cell| cell.fg != ratatui::style::Color::Reset);
        assert_eq!(colours.count(), 0, "no colour without colour");
    }
}

#[test]
fn an_unreadable_save_is_named_with_its_control_characters_escaped() {
    let home = Home::new();
    home.save("a", "Lemayian", "Naserian", usize::MAX, first);
    fs::write(home.games().join("evil\u{1b}[2J.ogn"), "not a record").expect("a damaged save");
    let mut app = start_screen(&home);
    type_keys(&mut app, "t");
    let screen = draw(&app, PLAIN, 80, 24);
    assert!(!screen.contains('\u{1b}'), "{screen}");
    assert!(
        screen
            .contains("│   Cannot be read, not counted: evil\\u{1b}[2J (`endodoi games` says why)"),
        "{screen}"
    );
}

#[test]
fn a_tiny_terminal_draws_what_fits_of_the_results_without_a_panic() {
    let home = home_with_games();
    let mut app = start_screen(&home);
    type_keys(&mut app, "tjjj");
    for width in 0..60 {
        for height in 0..20 {
            let screen = draw(&app, PLAIN, width, height);
            assert_eq!(screen.split('\n').count(), usize::from(height.max(1)));
        }
    }
}

/// Issue 26, 11: two computers that played each other are numbered in
/// their game (`Computer 1 (level 1)`), but in the results the computer at
/// a level is one player, as against a person.
#[test]
fn a_computer_numbered_in_a_game_of_two_computers_is_one_player_in_the_results() {
    let home = Home::new();
    home.save(
        "a",
        "Computer 1 (level 1)",
        "Computer 2 (level 2)",
        usize::MAX,
        |legal| legal[0],
    );
    home.save("b", "Naserian", "Computer (level 1)", usize::MAX, |legal| {
        legal[0]
    });
    let output = home.endodoi(&["stats", "--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let players: std::collections::BTreeSet<&str> = json["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| row["player"].as_str().expect("a name"))
        .collect();
    assert_eq!(
        players.into_iter().collect::<Vec<_>>(),
        ["Computer (level 1)", "Computer (level 2)", "Naserian"]
    );
    let everyone = |player: &str| {
        json["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .find(|row| row["player"] == player && row["against"] == "everyone")
            .map(|row| row["games"].as_u64())
    };
    assert_eq!(everyone("Computer (level 1)"), Some(Some(2)));
}
