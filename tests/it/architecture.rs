//! The layers of `src/` and of the core crate (`crates/endodoi-core/src/`:
//! the rules and the records), as `docs/ARCHITECTURE.md` states them: the
//! table of which module imports which is the program's own, and it has no
//! cycle; the core crate depends on no crate that does I/O; and no source
//! file is over 600 lines.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The folders of source files: the binary's crate and the core crate.
const SOURCE_DIRS: [&str; 2] = ["src", "crates/endodoi-core/src"];

/// Every source file of both crates.
fn all_sources() -> Vec<PathBuf> {
    let mut found = Vec::new();
    for dir in SOURCE_DIRS {
        sources(&Path::new(ROOT).join(dir), &mut found);
    }
    found
}

/// Module name → the modules it imports, both as top-level names of `src/`.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// The top-level module a source file belongs to: `src/app/keys.rs` is `app`.
fn module_of(file: &Path) -> String {
    let relative = SOURCE_DIRS
        .iter()
        .find_map(|dir| file.strip_prefix(Path::new(ROOT).join(dir)).ok())
        .expect("a file under a source folder");
    let first = relative
        .components()
        .next()
        .expect("a path")
        .as_os_str()
        .to_string_lossy();
    first.trim_end_matches(".rs").to_owned()
}

fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src can be listed") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}

/// The top-level modules that `code` names through `crate::` (or, in the
/// binary, `endodoi::`), grouped imports (`use crate::{a, b::c}`) included.
fn imports(code: &str) -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    for prefix in ["crate::", "endodoi::", "endodoi_core::"] {
        let mut rest = code;
        while let Some(at) = rest.find(prefix) {
            let preceded_by_word = rest[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_');
            rest = &rest[at + prefix.len()..];
            if preceded_by_word {
                continue;
            }
            if let Some(group) = rest.strip_prefix('{') {
                // The first name of each item of the group, at its top level.
                let mut depth = 0;
                let mut item_start = true;
                for (index, c) in group.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => item_start = true,
                        c if item_start && (c.is_alphanumeric() || c == '_') => {
                            let name: String = group[index..]
                                .chars()
                                .take_while(|c| c.is_alphanumeric() || *c == '_')
                                .collect();
                            named.insert(name);
                            item_start = false;
                        }
                        c if c.is_whitespace() => {}
                        _ => item_start = false,
                    }
                }
            } else {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                named.insert(name);
            }
        }
    }
    // Types and items named at the crate's root are not modules.
    named.retain(|name| name.chars().next().is_some_and(char::is_lowercase));
    named
}

/// The import graph of both crates, from their code (comments left out).
fn actual() -> Graph {
    let mut graph = Graph::new();
    for file in all_sources() {
        let module = module_of(&file);
        if module == "lib" {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("a source file");
        let code: String = text
            .lines()
            .map(|line| line.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        let edges = graph.entry(module.clone()).or_default();
        edges.extend(imports(&code).into_iter().filter(|name| *name != module));
    }
    graph
}

/// The table after `<!-- imports -->` in docs/ARCHITECTURE.md:
/// `| module | imports |` rows, `—` for none.
fn documented() -> Graph {
    let text = std::fs::read_to_string(Path::new(ROOT).join("docs/ARCHITECTURE.md"))
        .expect("docs/ARCHITECTURE.md");
    let table = text
        .split("<!-- imports -->")
        .nth(1)
        .expect("docs/ARCHITECTURE.md has an <!-- imports --> table");
    let mut graph = Graph::new();
    for row in table
        .lines()
        .skip_while(|line| line.trim().is_empty())
        .take_while(|line| line.starts_with('|'))
        .skip(2)
    {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let module = cells[1].trim_matches('`').to_owned();
        let edges = cells[2]
            .split(',')
            .map(|name| name.trim().trim_matches('`'))
            .filter(|name| !name.is_empty() && *name != "—")
            .map(str::to_owned)
            .collect();
        graph.insert(module, edges);
    }
    graph
}

/// `graph` as the rows of docs/ARCHITECTURE.md's table.
fn rows(graph: &Graph) -> String {
    let mut rows = String::new();
    for (module, edges) in graph {
        let edges: Vec<String> = edges.iter().map(|edge| format!("`{edge}`")).collect();
        let edges = if edges.is_empty() {
            "—".to_owned()
        } else {
            edges.join(", ")
        };
        writeln!(rows, "| `{module}` | {edges} |").expect("a string takes any text");
    }
    rows
}

#[test]
fn the_documented_imports_are_the_programs() {
    let actual = rows(&actual());
    assert!(
        actual == rows(&documented()),
        "docs/ARCHITECTURE.md's import table must read:\n{actual}"
    );
}

#[test]
fn the_layers_have_no_cycle_and_the_rules_import_nothing() {
    let graph = actual();
    assert_eq!(graph["rules"], BTreeSet::new(), "the rules stand alone");
    for low in ["app", "ui", "save", "record", "search"] {
        for high in ["terminal", "command", "main"] {
            assert!(!graph[low].contains(high), "{low} imports {high}");
        }
    }
    assert!(!graph["app"].contains("ui"), "the app does not draw");
    // Peel off modules that import nothing left; a cycle would remain.
    let mut left = graph.clone();
    while let Some(leaf) = left
        .iter()
        .find(|(_, edges)| edges.iter().all(|edge| !left.contains_key(edge)))
        .map(|(module, _)| module.clone())
    {
        left.remove(&leaf);
    }
    assert!(left.is_empty(), "a cycle among {:?}", left.keys());
}

#[test]
fn the_core_crate_holds_the_rules_and_records_and_depends_on_no_io() {
    for module in ["rules", "record"] {
        let core = Path::new(ROOT).join(format!("crates/endodoi-core/src/{module}.rs"));
        assert!(core.is_file(), "{module} lives in the core crate");
        let here = Path::new(ROOT).join(format!("src/{module}.rs"));
        assert!(!here.exists(), "{module} has no second copy in src/");
    }
    // The core's dependencies as Cargo resolved them: data crates only.
    let lock = std::fs::read_to_string(Path::new(ROOT).join("Cargo.lock")).expect("Cargo.lock");
    let block = lock
        .split("[[package]]")
        .find(|block| block.contains("name = \"endodoi-core\""))
        .expect("endodoi-core in Cargo.lock");
    let dependencies: Vec<&str> = block
        .split("dependencies = [")
        .nth(1)
        .and_then(|list| list.split(']').next())
        .map(|list| {
            list.split(',')
                // `"thiserror 2.0.21"` where two versions are in the lock.
                .filter_map(|name| name.trim().trim_matches('"').split(' ').next())
                .filter(|name| !name.is_empty())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(dependencies, ["serde", "serde_json", "thiserror"]);
}

#[test]
fn no_source_file_is_over_600_lines() {
    let files = all_sources();
    let long: Vec<(String, usize)> = files
        .iter()
        .map(|file| {
            let lines = std::fs::read_to_string(file)
                .expect("a source file")
                .lines()
                .count();
            (file.display().to_string(), lines)
        })
        .filter(|&(_, lines)| lines > 600)
        .collect();
    assert!(
        long.is_empty(),
        "split these by what their parts do: {long:?}"
    );
}

#[test]
fn imports_are_read_from_paths_and_groups() {
    let code = "use crate::app::{App, Keymap};\nuse crate::{\n    file::write,\n    record::{Record, Tags},\n};\nlet x = crate::rules::Side::South;\nuse self::crate_like::x;";
    assert_eq!(
        imports(code),
        ["app", "file", "record", "rules"]
            .map(str::to_owned)
            .into_iter()
            .collect()
    );
}
