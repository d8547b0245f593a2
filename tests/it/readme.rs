//! The README and the pages of `docs/` cannot drift: every example they show
//! as `$ endodoi …` with its output is run here and must print exactly that
//! (a transcript marked `<!-- not run: … -->` just before its block, one
//! that needs hours of tables or prints times, is only parsed), every
//! `endodoi replay --moves …` command they show must succeed, every command
//! of their shell blocks must parse, the key tables are the program's tables,
//! the screenshots the program's drawing and the command table its commands.

use std::path::Path;
use std::process::Command;

use endodoi::app::input::KeyCode;
use endodoi::app::keys::{GLOBAL, help_lines};
use endodoi::app::{App, Binding, Keymap, Match, Setting};
use endodoi::record::Record;
use endodoi::rules::Config;
use keys::{press, type_keys};

use crate::common::{keys, screen};

/// A page of the documentation: its path from the project's folder, its text.
struct Page {
    name: String,
    text: String,
}

/// The README and every `docs/*.md`, in that order (the docs by name).
fn pages() -> Vec<Page> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut names = vec!["README.md".to_owned()];
    let mut docs: Vec<String> = std::fs::read_dir(root.join("docs"))
        .expect("the docs folder")
        .map(|entry| entry.expect("a docs entry").file_name())
        .map(|name| name.into_string().expect("a UTF-8 name"))
        .filter(|name| {
            Path::new(name)
                .extension()
                .is_some_and(|extension| extension == "md")
        })
        .map(|name| format!("docs/{name}"))
        .collect();
    docs.sort();
    names.extend(docs);
    names
        .into_iter()
        .map(|name| Page {
            text: std::fs::read_to_string(root.join(&name)).unwrap_or_else(|_| panic!("{name}")),
            name,
        })
        .collect()
}

/// The one page that has the line `marker`.
fn page_with(pages: &[Page], marker: &str) -> String {
    let found: Vec<&Page> = pages
        .iter()
        .filter(|page| page.text.lines().any(|line| line == marker))
        .collect();
    match found.as_slice() {
        [page] => page.text.clone(),
        _ => panic!(
            "one page has the line `{marker}`: {:?}",
            found.iter().map(|page| &page.name).collect::<Vec<_>>()
        ),
    }
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

/// Every `$ endodoi …` line of `text` with its number and whether it is to
/// be run: not when the code block it is in follows a `<!-- not run: … -->`.
fn examples(text: &str) -> Vec<(usize, &str, bool)> {
    let mut examples = Vec::new();
    let mut in_block = false;
    let mut not_run = false;
    let mut previous = "";
    for (at, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            not_run = in_block && previous.starts_with("<!-- not run: ");
        } else if let Some(command) = line
            .strip_prefix("$ ")
            .filter(|c| c.starts_with("endodoi "))
        {
            examples.push((at + 1, command, !not_run));
        }
        previous = line;
    }
    examples
}

#[test]
fn every_example_with_its_output_prints_exactly_that() {
    use clap::Parser as _;
    let mut checked = 0;
    let mut parsed = 0;
    for page in pages() {
        let lines: Vec<&str> = page.text.lines().collect();
        for (line, command, to_run) in examples(&page.text) {
            let name = &page.name;
            if !to_run {
                // A transcript that is not run must still be a command of the program's.
                let command = command.split(" #").next().unwrap_or(command);
                if let Err(error) = endodoi::cli::Cli::try_parse_from(words(command)) {
                    panic!("{name} line {line}: `{command}` is refused: {error}");
                }
                parsed += 1;
                continue;
            }
            let expected: Vec<&str> = lines[line..]
                .iter()
                .take_while(|line| !line.trim_start().starts_with("```"))
                .copied()
                .collect();
            let (_, printed) = run(command);
            assert_eq!(
                printed.trim_end(),
                expected.join("\n"),
                "{name} line {line}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 3, "the examples were found ({checked})");
    assert!(parsed >= 1, "the transcripts not run were found ({parsed})");
}

/// Every `endodoi replay --moves …` command a page shows: whole lines,
/// `$ ` examples and commands in `backquotes` within the text; a synopsis
/// (with `…` or `[options]`) is no command, nor the option named alone.
fn move_list_commands(text: &str) -> Vec<String> {
    const COMMAND: &str = "endodoi replay --moves";
    let mut commands = Vec::new();
    for line in text.lines() {
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
    commands.retain(|command| {
        !command.contains('…') && !command.contains('[') && command.len() > COMMAND.len()
    });
    commands.sort();
    commands.dedup();
    commands
}

#[test]
fn every_move_list_example_replays() {
    let mut commands: Vec<(String, String)> = Vec::new();
    for page in pages() {
        for command in move_list_commands(&page.text) {
            commands.push((page.name.clone(), command));
        }
    }
    assert!(
        commands.len() >= 3,
        "the move lists were found: {commands:?}"
    );
    for (name, command) in commands {
        let (success, printed) = run(&command);
        assert!(success, "{name}: {command}: {printed}");
    }
}

/// Every `endodoi …` line of a page's shell blocks (```` ```sh ````, indented
/// in a list too), a comment after `#` dropped, with the line's number. A
/// command continued on the next line (`\\`) is no whole command: it is left out.
fn shell_commands(text: &str) -> Vec<(usize, String)> {
    let mut commands = Vec::new();
    let mut in_shell = false;
    for (at, line) in text.lines().enumerate() {
        let line = line.trim_start();
        if line.starts_with("```") {
            in_shell = line == "```sh" && !in_shell;
            continue;
        }
        if line.ends_with('\\') {
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
fn every_command_the_docs_show_is_one_the_program_takes() {
    use clap::Parser as _;
    let mut count = 0;
    for page in pages() {
        for (line, command) in shell_commands(&page.text) {
            // Words of the page's own (`FILE`, `DIR`) parse as any value would.
            if let Err(error) = endodoi::cli::Cli::try_parse_from(words(&command)) {
                panic!("{} line {line}: `{command}` is refused: {error}", page.name);
            }
            count += 1;
        }
    }
    assert!(count >= 20, "the shell commands were found ({count})");
}

// ------------------------------------------------------------ keys and screens

/// The lines of the page with the line `marker` after it, up to the first
/// line that `keep` refuses.
fn section(pages: &[Page], marker: &str, keep: fn(&str) -> bool) -> String {
    let text = page_with(pages, marker);
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|line| *line == marker)
        .expect("the marker");
    lines[at + 1..]
        .iter()
        .take_while(|line| keep(line))
        .copied()
        .collect::<Vec<_>>()
        .join("\n")
}

/// The keys of `keymaps` as the README's tables write them: help's lines,
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
    let docs = pages();
    let is_row = |line: &str| line.starts_with('|');
    assert_eq!(
        section(&docs, "<!-- keys: game -->", is_row),
        key_table(&[Keymap::GAME])
    );
    assert_eq!(
        section(&docs, "<!-- keys: viewer -->", is_row),
        key_table(&[Keymap::VIEWER, Keymap::GO_TO, Keymap::PLAY_ON])
    );
    assert_eq!(
        section(&docs, "<!-- keys: lesson -->", is_row),
        key_table(&[Keymap::LESSON])
    );
    assert_eq!(
        section(&docs, "<!-- keys: start -->", is_row),
        key_table(&[Keymap::START, Keymap::TYPING])
    );
    assert_eq!(
        section(&docs, "<!-- keys: results -->", is_row),
        key_table(&[Keymap::RESULTS])
    );
}

/// The lines of the code block that follows the line `marker`.
fn screenshot(docs: &[Page], marker: &str) -> String {
    let block = section(docs, marker, |_| true);
    let inside = block
        .strip_prefix("```\n")
        .unwrap_or_else(|| panic!("a code block follows `{marker}`"));
    let end = inside.find("\n```").expect("the block ends");
    inside[..end].to_owned()
}

fn drawn(app: &App) -> String {
    screen::at_80x24(app)
}

#[test]
fn the_screenshots_are_the_programs() {
    let docs = pages();
    let record = Record::read_moves(Config::default(), "C a").expect("a game");
    let players = Match::new(Some("Naserian".into()), Some("Lekishon".into()), None);
    let mut game = App::from_record(record, players);
    type_keys(&mut game, "c");
    assert_eq!(screenshot(&docs, "<!-- screen: game -->"), drawn(&game));

    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/naserian-lekishon.ogn");
    let sample = std::fs::read_to_string(path).expect("the example record");
    let record = Record::read(&sample).expect("a record");
    let mut viewer = App::review(record, "naserian-lekishon.ogn", None);
    viewer.set(Setting::Animation(false));
    type_keys(&mut viewer, "12\n");
    assert_eq!(screenshot(&docs, "<!-- screen: viewer -->"), drawn(&viewer));

    let mut lesson = App::learn();
    lesson.set(Setting::Animation(false));
    type_keys(&mut lesson, "nnb\n");
    assert_eq!(screenshot(&docs, "<!-- screen: lesson -->"), drawn(&lesson));
    let mut start = App::start(Config::default(), &Match::default(), Vec::new());
    type_keys(&mut start, "nj");
    press(&mut start, KeyCode::Right);
    assert_eq!(screenshot(&docs, "<!-- screen: start -->"), drawn(&start));
}

#[test]
fn the_command_table_lists_every_command() {
    use clap::CommandFactory as _;
    let docs = pages();
    let table = section(&docs, "| command | what it does |", |line| {
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
