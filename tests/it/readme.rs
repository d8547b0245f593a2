//! The README cannot drift: every example it shows as `$ endodoi …` with its
//! output is run here and must print exactly that, every `endodoi replay
//! --moves …` command it shows must succeed, its key tables are the
//! program's tables and its screenshots the program's drawing.

use std::path::Path;
use std::process::Command;

use endodoi::app::keys::{GLOBAL, help_lines};
use endodoi::app::{App, Binding, Keymap, Match};
use endodoi::record::Record;
use endodoi::rules::Config;
use endodoi::ui::{Look, View};
use keys::{press, type_keys};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use screen::text;

use crate::common::{keys, screen};

fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("the README")
}

/// The words of a command line, double quotes grouping words.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// Runs `endodoi` with the words after it on `line` (a comment after `#`
/// dropped) from the project's folder: its standard output and error, joined.
fn run(line: &str) -> (bool, String) {
    let line = line.split(" #").next().unwrap_or(line);
    let words = words(line);
    assert_eq!(words[0], "endodoi", "{line}");
    let output = Command::new(env!("CARGO_BIN_EXE_endodoi"))
        .args(&words[1..])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    let mut text = String::from_utf8(output.stdout).expect("UTF-8");
    text.push_str(&String::from_utf8(output.stderr).expect("UTF-8"));
    (output.status.success(), text)
}

#[test]
fn every_example_with_its_output_prints_exactly_that() {
    let readme = readme();
    let lines: Vec<&str> = readme.lines().collect();
    let mut checked = 0;
    for (at, line) in lines.iter().enumerate() {
        let Some(command) = line
            .strip_prefix("$ ")
            .filter(|c| c.starts_with("endodoi "))
        else {
            continue;
        };
        let expected: Vec<&str> = lines[at + 1..]
            .iter()
            .take_while(|line| !line.starts_with("```"))
            .copied()
            .collect();
        let (_, printed) = run(command);
        assert_eq!(
            printed.trim_end(),
            expected.join("\n"),
            "README line {}",
            at + 1
        );
        checked += 1;
    }
    assert!(checked >= 3, "the README's examples were found ({checked})");
}

/// Every `endodoi replay --moves …` command the README shows: whole lines,
/// `$ ` examples and commands in `backquotes` within the text; a synopsis
/// (with `…` or `[options]`) is no command.
fn move_list_commands(readme: &str) -> Vec<String> {
    const COMMAND: &str = "endodoi replay --moves";
    let mut commands = Vec::new();
    for line in readme.lines() {
        let line = line.strip_prefix("$ ").unwrap_or(line);
        if line.starts_with(COMMAND) {
            commands.push(line.to_owned());
        }
        commands.extend(
            line.split('`')
                .skip(1)
                .step_by(2)
                .filter(|code| code.starts_with(COMMAND))
                .map(str::to_owned),
        );
    }
    commands.retain(|command| !command.contains('…') && !command.contains('['));
    commands.sort();
    commands.dedup();
    commands
}

#[test]
fn every_move_list_example_replays() {
    let commands = move_list_commands(&readme());
    assert!(
        commands.len() >= 3,
        "the README's move lists were found: {commands:?}"
    );
    for command in commands {
        let (success, printed) = run(&command);
        assert!(success, "{command}: {printed}");
    }
}

/// Every `endodoi …` line of the README's shell blocks (```` ```sh ````),
/// a comment after `#` dropped, with the line's number.
fn shell_commands(readme: &str) -> Vec<(usize, String)> {
    let mut commands = Vec::new();
    let mut in_shell = false;
    for (at, line) in readme.lines().enumerate() {
        if line.starts_with("```") {
            in_shell = line == "```sh" && !in_shell;
            continue;
        }
        let line = line.strip_prefix("$ ").unwrap_or(line);
        if in_shell && line.starts_with("endodoi ") {
            let command = line.split(" #").next().unwrap_or(line).trim_end();
            commands.push((at + 1, command.to_owned()));
        }
    }
    commands
}

#[test]
fn every_command_the_readme_shows_is_one_the_program_takes() {
    use clap::Parser as _;
    let commands = shell_commands(&readme());
    assert!(
        commands.len() >= 20,
        "the README's shell commands were found: {commands:?}"
    );
    for (line, command) in commands {
        // Words of the README's own (`FILE`, `DIR`) parse as any value would.
        if let Err(error) = endodoi::cli::Cli::try_parse_from(words(&command)) {
            panic!("README line {line}: `{command}` is refused: {error}");
        }
    }
}

// ------------------------------------------------------------ keys and screens

/// The lines of the README after the line `marker`, up to the first line
/// that `keep` refuses.
fn section(readme: &str, marker: &str, keep: fn(&str) -> bool) -> String {
    let lines: Vec<&str> = readme.lines().collect();
    let at = lines
        .iter()
        .position(|line| *line == marker)
        .unwrap_or_else(|| panic!("the README has a `{marker}` line"));
    lines[at + 1..]
        .iter()
        .take_while(|line| keep(line))
        .copied()
        .collect::<Vec<_>>()
        .join("\n")
}

/// The keys of `keymaps` as the README's table writes them: help's lines,
/// each key in backquotes, the holes of the widest board.
fn key_table(keymaps: &[Keymap]) -> String {
    let bindings: Vec<Binding> = keymaps
        .iter()
        .flat_map(|keymap| keymap.bindings())
        .chain(GLOBAL)
        .copied()
        .collect();
    let mut table = vec!["| Key | Action |".to_owned(), "|---|---|".to_owned()];
    for (keys, what) in help_lines(&bindings) {
        let keys: Vec<String> = keys
            .iter()
            .map(|key| format!("`{}`", key.name(10)))
            .collect();
        table.push(format!("| {} | {what} |", keys.join(" ")));
    }
    table.join("\n")
}

#[test]
fn the_key_tables_are_the_programs() {
    let readme = readme();
    let is_row = |line: &str| line.starts_with('|');
    assert_eq!(
        section(&readme, "<!-- keys: game -->", is_row),
        key_table(&[Keymap::Game])
    );
    assert_eq!(
        section(&readme, "<!-- keys: viewer -->", is_row),
        key_table(&[Keymap::Viewer, Keymap::GoTo])
    );
    assert_eq!(
        section(&readme, "<!-- keys: lesson -->", is_row),
        key_table(&[Keymap::Lesson])
    );
    assert_eq!(
        section(&readme, "<!-- keys: start -->", is_row),
        key_table(&[Keymap::Start, Keymap::Typing])
    );
    assert_eq!(
        section(&readme, "<!-- keys: results -->", is_row),
        key_table(&[Keymap::Results])
    );
}

/// The lines of the code block that follows the line `marker`.
fn screenshot(readme: &str, marker: &str) -> String {
    let block = section(readme, marker, |_| true);
    let inside = block
        .strip_prefix("```\n")
        .unwrap_or_else(|| panic!("a code block follows `{marker}`"));
    let end = inside.find("\n```").expect("the block ends");
    inside[..end].to_owned()
}

fn drawn(app: &App) -> String {
    let mut buf = Buffer::empty(Rect::new(0, 0, 80, 24));
    let look = Look {
        ascii: false,
        color: false,
    };
    View::new(app, look).render(buf.area, &mut buf);
    text(&buf)
}

#[test]
fn the_screenshots_are_the_programs() {
    let readme = readme();
    let record = Record::read_moves(Config::default(), "C a").expect("a game");
    let players = Match::new(Some("Naserian".into()), Some("Lekishon".into()), None);
    let mut game = App::from_record(record, players);
    type_keys(&mut game, "c");
    assert_eq!(screenshot(&readme, "<!-- screen: game -->"), drawn(&game));

    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/naserian-lekishon.ogn");
    let sample = std::fs::read_to_string(path).expect("the example record");
    let record = Record::read(&sample).expect("a record");
    let mut viewer = App::review(record, "naserian-lekishon.ogn", None);
    viewer.set_animation(false);
    type_keys(&mut viewer, "12\n");
    assert_eq!(
        screenshot(&readme, "<!-- screen: viewer -->"),
        drawn(&viewer)
    );

    let mut lesson = App::learn();
    lesson.set_animation(false);
    type_keys(&mut lesson, "nnb\n");
    assert_eq!(
        screenshot(&readme, "<!-- screen: lesson -->"),
        drawn(&lesson)
    );
    let mut start = App::start(Config::default(), &Match::default(), Vec::new());
    type_keys(&mut start, "nj");
    press(&mut start, KeyCode::Right);
    assert_eq!(screenshot(&readme, "<!-- screen: start -->"), drawn(&start));
}

#[test]
fn the_command_table_lists_every_command() {
    use clap::CommandFactory as _;
    let readme = readme();
    let table = section(&readme, "| command | what it does |", |line| {
        line.starts_with('|')
    });
    let listed: std::collections::BTreeSet<String> = table
        .lines()
        .skip(1)
        .flat_map(|line| {
            // Each `endodoi WORD …` in the row's first cell.
            let cell = line.split(" | ").next().unwrap_or_default().to_owned();
            cell.split("`endodoi ")
                .skip(1)
                .filter_map(|rest| rest.split([' ', '`']).next().map(str::to_owned))
                .collect::<Vec<_>>()
        })
        .collect();
    let program: std::collections::BTreeSet<String> = endodoi::cli::Cli::command()
        .get_subcommands()
        .map(|command| command.get_name().to_owned())
        .filter(|name| name != "help")
        .collect();
    assert_eq!(
        listed, program,
        "the README's command table and the program's commands"
    );
}
