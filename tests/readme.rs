//! The README cannot drift: every example it shows as `$ endodoi …` with its
//! output is run here and must print exactly that, and every `endodoi replay
//! --moves …` command it shows must succeed.

use std::path::Path;
use std::process::Command;

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

#[test]
fn every_move_list_example_replays() {
    let readme = readme();
    let commands: Vec<&str> = readme
        .lines()
        .filter(|line| line.starts_with("endodoi replay --moves"))
        .collect();
    assert!(!commands.is_empty(), "the README shows a move list");
    for command in commands {
        let (success, printed) = run(command);
        assert!(success, "{command}: {printed}");
    }
}
