//! `endodoi stats`: each player's results in the saved games, through the
//! binary with `XDG_DATA_HOME` in a temporary directory: finished games only,
//! computers told apart by level, names of any length and script whole.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use endodoi::record::Record;
use endodoi::rules::{Config, Game, Hole};

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
            "Results of the 3 finished game(s) in {games}; not counted: 1 unfinished game(s), \
             1 save(s) that cannot be read (`endodoi games` names them):
Player                             Against             Games  Wins  Draws  Losses  Average margin
Computer (level 3)                 everyone                1     1      0       0           +14.0
                                   people                  1     1      0       0           +14.0
Computer (level 5)                 everyone                1     0      0       1            -2.0
                                   people                  1     0      0       1            -2.0
Naserian Ole Sikoi «the sower» 🌱  everyone                3     1      0       2            -6.0
                                   people                  1     0      0       1            -6.0
                                   Computer (level 3)      1     0      0       1           -14.0
                                   Computer (level 5)      1     1      0       0            +2.0
李小龍                             everyone                1     1      0       0            +6.0
                                   people                  1     1      0       0            +6.0
"
        )
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
            "player": LONG, "against": "computer", "level": 3, "games": 1, "wins": 0,
            "draws": 0, "losses": 1, "average_margin": -14.0
        })
    );
    assert_eq!(rows[4]["against"], "everyone");
    assert_eq!(rows[4]["level"], serde_json::Value::Null);
    assert_eq!(rows[8]["player"], "李小龍");
}

#[test]
fn no_saved_games_is_an_empty_table_not_an_error() {
    let home = Home::new();
    let output = home.endodoi(&["stats"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        text(&output.stdout),
        format!(
            "Results of the 0 finished game(s) in {}:\n",
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
fn a_name_with_invisible_characters_is_escaped_in_the_table_and_whole_in_json() {
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
    let json: serde_json::Value =
        serde_json::from_slice(&home.endodoi(&["stats", "--json"]).stdout).expect("JSON");
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
