//! The layers of `src/` and of the crates under `crates/` (the rules and the
//! records, the search, the tables, the files), as `docs/ARCHITECTURE.md`
//! states them: the table of which module imports which is the program's
//! own, and it has no cycle; the crates depend on each other in layers,
//! and the core, the engine and the app on no crate that does I/O, the
//! drawing on no terminal library; the app is a router of few methods over
//! components of one shape; and no source file is over 600 lines.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The folders of source files, each with the one module of the program
/// the whole crate is (re-exported under that name by `src/lib.rs`), or
/// `None` for a crate whose top-level files are modules of their own: the
/// binary's crate and the core crate.
const SOURCE_DIRS: [(&str, Option<&str>); 10] = [
    ("src", None),
    ("crates/endodoi-core/src", None),
    ("crates/endodoi-engine/src", Some("search")),
    ("crates/endodoi-tables/src", Some("tablebase")),
    ("crates/endodoi-files/src", Some("file")),
    ("crates/endodoi-protocol/src", Some("protocol")),
    ("crates/endodoi-meet/src", Some("meet")),
    ("crates/endodoi-app/src", Some("app")),
    ("crates/endodoi-draw/src", Some("ui")),
    ("crates/endodoi-web/src", Some("web")),
];

/// The crates that are one module of the program, by the name their code
/// is imported under: `endodoi_engine::…` is `search`.
const CRATE_MODULES: [(&str, &str); 7] = [
    ("endodoi_engine::", "search"),
    ("endodoi_tables::", "tablebase"),
    ("endodoi_files::", "file"),
    ("endodoi_protocol::", "protocol"),
    ("endodoi_meet::", "meet"),
    ("endodoi_app::", "app"),
    ("endodoi_draw::", "ui"),
];

/// Every source file of every crate.
fn all_sources() -> Vec<PathBuf> {
    let mut found = Vec::new();
    for (dir, _) in SOURCE_DIRS {
        sources(&Path::new(ROOT).join(dir), &mut found);
    }
    found
}

/// Module name → the modules it imports, both as top-level names of `src/`.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// The top-level module a source file belongs to: `src/net/link.rs` is
/// `net`, `crates/endodoi-engine/src/tree.rs` is `search`.
fn module_of(file: &Path) -> String {
    let (relative, whole) = SOURCE_DIRS
        .iter()
        .find_map(|&(dir, whole)| Some((file.strip_prefix(Path::new(ROOT).join(dir)).ok()?, whole)))
        .expect("a file under a source folder");
    if let Some(module) = whole {
        return module.to_owned();
    }
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
/// binary, `endodoi::`; from another crate, `endodoi_core::`), grouped
/// imports (`use crate::{a, b::c}`) included, and the crates it names that
/// are one module ([`CRATE_MODULES`]). In such a crate, `crate::` is the
/// module itself: `own_crate` leaves it out.
fn imports(code: &str, own_crate: bool) -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    for (prefix, module) in CRATE_MODULES {
        if code.contains(prefix) {
            named.insert(module.to_owned());
        }
    }
    let prefixes: &[&str] = if own_crate {
        &["endodoi_core::"]
    } else {
        &["crate::", "endodoi::", "endodoi_core::"]
    };
    for prefix in prefixes {
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
        let own_crate = CRATE_MODULES.iter().any(|&(_, whole)| whole == module);
        let edges = graph.entry(module.clone()).or_default();
        edges.extend(
            imports(&code, own_crate)
                .into_iter()
                .filter(|name| *name != module),
        );
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

/// The packages of Cargo.lock, each with the names of the packages it
/// depends on, as Cargo resolved them (development ones included).
fn locked() -> BTreeMap<String, Vec<String>> {
    let lock = std::fs::read_to_string(Path::new(ROOT).join("Cargo.lock")).expect("Cargo.lock");
    let mut packages = BTreeMap::new();
    for block in lock.split("[[package]]").skip(1) {
        let name = block
            .split("name = \"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .expect("a package has a name");
        let dependencies: Vec<String> = block
            .split("dependencies = [")
            .nth(1)
            .and_then(|list| list.split(']').next())
            .map(|list| {
                list.split(',')
                    // `"thiserror 2.0.21"` where two versions are in the lock.
                    .filter_map(|name| name.trim().trim_matches('"').split(' ').next())
                    .filter(|name| !name.is_empty())
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default();
        packages
            .entry(name.to_owned())
            .or_insert_with(Vec::new)
            .extend(dependencies);
    }
    packages
}

/// Every package `name` depends on, directly or through others.
fn depends_on(packages: &BTreeMap<String, Vec<String>>, name: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut next = vec![name.to_owned()];
    while let Some(package) = next.pop() {
        for dependency in packages.get(&package).into_iter().flatten() {
            if found.insert(dependency.clone()) {
                next.push(dependency.clone());
            }
        }
    }
    found
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
    assert_eq!(
        locked()["endodoi-core"],
        ["serde", "serde_json", "thiserror"]
    );
}

/// The program's crates from the bottom up: each depends only on crates
/// before it, so the graph of crates has no cycle.
const CRATES: [&str; 9] = [
    "endodoi-core",
    "endodoi-engine",
    "endodoi-files",
    "endodoi-protocol",
    "endodoi-meet",
    "endodoi-tables",
    "endodoi-app",
    "endodoi-draw",
    "endodoi",
];

#[test]
fn the_crates_are_layered_and_the_search_depends_on_no_io() {
    let packages = locked();
    let ours = |name: &str| -> Vec<&str> {
        packages[name]
            .iter()
            .map(String::as_str)
            .filter(|dependency| CRATES.contains(dependency))
            .collect()
    };
    for (layer, name) in CRATES.iter().enumerate() {
        for dependency in ours(name) {
            assert!(
                CRATES[..layer].contains(&dependency),
                "{name} depends on {dependency}, which is not below it"
            );
        }
    }
    for (module, name) in [
        ("search", "endodoi-engine"),
        ("tablebase", "endodoi-tables"),
        ("file", "endodoi-files"),
    ] {
        let here = Path::new(ROOT).join(format!("src/{module}.rs"));
        assert!(
            !here.exists(),
            "{module} is {name}, with no second copy in src/"
        );
    }
    // The search: the rules, and crates that only compute (the gentle
    // levels' random blunders, an error's derived text), nothing under them
    // that the core does not have.
    // Its clock is `web-time`: std's `Instant` natively, the page's clock
    // (through js-sys, for wasm32 only) in a web page, where std's panics.
    assert_eq!(
        packages["endodoi-engine"],
        ["endodoi-core", "fastrand", "thiserror", "web-time"]
    );
    let mut pure = depends_on(&packages, "endodoi-core");
    pure.extend(depends_on(&packages, "web-time"));
    pure.extend(["endodoi-core", "fastrand", "web-time"].map(str::to_owned));
    let beyond: Vec<String> = depends_on(&packages, "endodoi-engine")
        .difference(&pure)
        .cloned()
        .collect();
    assert!(beyond.is_empty(), "the search depends on {beyond:?}");
    assert_eq!(ours("endodoi-files"), ["endodoi-core"]);
    assert_eq!(
        ours("endodoi-tables"),
        ["endodoi-core", "endodoi-engine", "endodoi-files"]
    );
    assert_eq!(
        ours("endodoi-app"),
        ["endodoi-core", "endodoi-engine", "endodoi-protocol"]
    );
    assert_eq!(ours("endodoi-draw"), ["endodoi-app", "endodoi-core"]);
    // The program stands on every other crate (Cargo.lock lists them by
    // name).
    let mut below = CRATES[..CRATES.len() - 1].to_vec();
    below.sort_unstable();
    assert_eq!(ours("endodoi"), below);
}

/// Crates that reach the terminal, files, processes, signals or the
/// network: the app and the drawing build with none of them.
const IO_CRATES: [&str; 12] = [
    "crossterm",
    "termion",
    "termwiz",
    "rustix",
    "libc",
    "tempfile",
    "directories",
    "signal-hook",
    "mio",
    "magic-wormhole",
    "async-io",
    "async-channel",
];

/// The packages `package` is built with, its normal dependencies with
/// their features as Cargo resolves them for it alone (`cargo tree`).
fn built_with(package: &str) -> BTreeSet<String> {
    let output = Command::new(env!("CARGO"))
        .args(["tree", "--locked", "-e", "normal", "--prefix", "none", "-p"])
        .arg(package)
        .current_dir(ROOT)
        .output()
        .expect("cargo tree runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .filter_map(|line| line.split(' ').next())
        .filter(|name| !name.is_empty())
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_app_depends_on_no_io_and_the_drawing_on_no_terminal() {
    let packages = locked();
    // The app: the rules and records, the search, the protocol's messages,
    // `serde` (a judged move is written as JSON), `serde_json` and
    // `thiserror` (the puzzle set is read), `skillratings` (the puzzle
    // rating, Glicko-2: arithmetic alone); nothing under them that the core,
    // the search and the protocol do not have.
    assert_eq!(
        packages["endodoi-app"],
        [
            "endodoi-core",
            "endodoi-engine",
            "endodoi-protocol",
            "serde",
            "serde_json",
            "skillratings",
            "thiserror"
        ]
    );
    let mut pure = depends_on(&packages, "endodoi-engine");
    pure.extend(depends_on(&packages, "endodoi-protocol"));
    pure.extend(depends_on(&packages, "skillratings"));
    pure.extend(["endodoi-engine", "endodoi-protocol", "skillratings"].map(str::to_owned));
    let beyond: Vec<String> = depends_on(&packages, "endodoi-app")
        .difference(&pure)
        .cloned()
        .collect();
    assert!(beyond.is_empty(), "the app depends on {beyond:?}");
    // The drawing: the app and ratatui without a backend. Cargo.lock lists
    // every optional dependency of ratatui, its terminal backends too, so
    // what it is built with is read from `cargo tree`, features resolved.
    for package in ["endodoi-app", "endodoi-draw"] {
        let built = built_with(package);
        assert!(built.contains("endodoi-core"), "{package}: {built:?}");
        let io: Vec<&str> = IO_CRATES
            .into_iter()
            .filter(|name| built.contains(*name))
            .collect();
        assert!(io.is_empty(), "{package} is built with {io:?}");
    }
    assert!(built_with("endodoi-draw").contains("ratatui-widgets"));
    assert!(
        built_with("endodoi").contains("crossterm"),
        "the program's terminal is read the same way"
    );
}

#[test]
fn the_protocol_depends_on_no_io() {
    let packages = locked();
    // The messages and the state machine: the rules and records, and the
    // crates the core has (a game's record is sent as a JSON string), and
    // the name of the time its drivers hand in (`web-time`: std's
    // `Instant` natively); no socket, thread or file crate.
    assert_eq!(
        packages["endodoi-protocol"],
        ["endodoi-core", "serde_json", "thiserror", "web-time"]
    );
    let mut pure = depends_on(&packages, "endodoi-core");
    pure.extend(depends_on(&packages, "web-time"));
    pure.extend(["endodoi-core", "web-time"].map(str::to_owned));
    let beyond: Vec<String> = depends_on(&packages, "endodoi-protocol")
        .difference(&pure)
        .cloned()
        .collect();
    assert!(beyond.is_empty(), "the protocol depends on {beyond:?}");
    let here = Path::new(ROOT).join("src/protocol.rs");
    assert!(
        !here.exists(),
        "protocol is endodoi-protocol, with no second copy in src/"
    );
}

#[test]
fn what_both_ends_share_to_meet_does_no_io() {
    // The seat, its keys and the rendezvous, the numbered lines and their
    // carrying, the times: the protocol, pure cryptography, futures with no
    // runtime and the clock a page has too, which the page builds too
    // (`getrandom` there only: the browser's random numbers).
    assert_eq!(
        locked()["endodoi-meet"],
        [
            "chacha20poly1305",
            "data-encoding",
            "endodoi-protocol",
            "futures-lite",
            "getrandom",
            "hkdf",
            "sha2",
            "spake2",
            "web-time"
        ]
    );
    // `libc` comes in only under `getrandom` (the system's random numbers
    // the key agreement draws; in a page, the browser's) and `cpufeatures`
    // (which instructions the processor has, for the ciphers).
    let built = built_with("endodoi-meet");
    let packages = locked();
    let through: Vec<&String> = built
        .iter()
        .filter(|name| {
            packages[*name]
                .iter()
                .any(|dependency| dependency == "libc")
        })
        .collect();
    assert_eq!(
        through,
        ["cpufeatures", "getrandom"],
        "what brings libc into endodoi-meet"
    );
    let io: Vec<&str> = IO_CRATES
        .into_iter()
        .filter(|name| *name != "libc" && built.contains(*name))
        .collect();
    assert!(io.is_empty(), "endodoi-meet is built with {io:?}");
}

#[test]
fn no_source_file_is_over_600_lines() {
    // Every crate's sources, whether or not `SOURCE_DIRS` names it yet.
    let mut files = Vec::new();
    sources(&Path::new(ROOT).join("src"), &mut files);
    for entry in std::fs::read_dir(Path::new(ROOT).join("crates")).expect("crates/ can be listed") {
        let src = entry.expect("an entry").path().join("src");
        let dir = src.strip_prefix(ROOT).expect("a folder of the repository");
        assert!(
            SOURCE_DIRS.iter().any(|(ours, _)| Path::new(ours) == dir),
            "{} is not among SOURCE_DIRS",
            dir.display()
        );
        sources(&src, &mut files);
    }
    assert!(files.len() > 100, "{} source files", files.len());
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

/// The files of the program's module `name`: `src/NAME.rs` and those under
/// `src/NAME/`, or the whole crate that is that module.
fn module_files(name: &str) -> Vec<PathBuf> {
    let found: Vec<PathBuf> = all_sources()
        .into_iter()
        .filter(|file| module_of(file) == name)
        .collect();
    assert!(!found.is_empty(), "the module {name} has files");
    found
}

#[test]
fn the_app_and_the_drawing_see_no_terminal_and_the_app_does_no_io() {
    // The app and the drawing could serve another front end: they know no
    // terminal library (the event loop turns its events into the app's
    // input); the app asks for its I/O as effects and does none itself.
    let rules: [(&str, &[&str]); 2] = [
        (
            "app",
            &[
                "crossterm",
                "std::fs",
                "std::net",
                "std::thread",
                "std::process",
            ],
        ),
        ("ui", &["crossterm"]),
    ];
    let mut named = Vec::new();
    for (module, words) in rules {
        for file in module_files(module) {
            let text = std::fs::read_to_string(&file).expect("a source file");
            for word in words.iter().filter(|word| text.contains(**word)) {
                named.push(format!("{} names {word}", file.display()));
            }
        }
    }
    assert!(named.is_empty(), "{named:#?}");
}

/// The router's files: the only ones with an `impl App` block.
const ROUTER: [&str; 2] = [
    "crates/endodoi-app/src/lib.rs",
    "crates/endodoi-app/src/router.rs",
];

/// The most methods the router has, all its `impl App` blocks counted.
const ROUTER_METHODS: usize = 20;

#[test]
fn the_app_is_a_router_of_at_most_20_methods_in_two_files() {
    let mut methods = BTreeMap::new();
    for file in all_sources() {
        let text = std::fs::read_to_string(&file).expect("a source file");
        let name = file
            .strip_prefix(ROOT)
            .expect("a file of the repository")
            .display()
            .to_string();
        let mut inside = false;
        for line in text.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            // `impl App {`, and any trait's `impl … for App`.
            if line.starts_with("impl")
                && (words
                    .get(1)
                    .is_some_and(|word| *word == "App" || word.ends_with("::App"))
                    || line.contains(" for App"))
            {
                assert!(
                    line == "impl App {",
                    "{name}: the router's methods are its own, in `impl App` blocks: {line}"
                );
                inside = true;
                methods.entry(name.clone()).or_insert(0);
            } else if inside && line == "}" {
                inside = false;
            } else if inside
                && line.starts_with("    ")
                && !line.starts_with("     ")
                && !words.first().is_some_and(|word| word.starts_with("//"))
                && words.iter().take(3).any(|word| *word == "fn")
            {
                *methods.entry(name.clone()).or_insert(0) += 1;
            }
        }
    }
    let files: Vec<&str> = methods.keys().map(String::as_str).collect();
    assert!(
        files.iter().all(|file| ROUTER.contains(file)),
        "`impl App` only in the router's files {ROUTER:?}, not in {files:?}"
    );
    let count: usize = methods.values().sum();
    assert!(
        (1..=ROUTER_METHODS).contains(&count),
        "the router has {count} methods ({methods:?}): behaviour goes to the components"
    );
}

#[test]
fn every_screen_and_every_popup_that_takes_keys_is_a_component() {
    let mut components = BTreeSet::new();
    let mut pushes = Vec::new();
    for file in module_files("app") {
        let text = std::fs::read_to_string(&file).expect("a source file");
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("impl Component for ") {
                components.insert(rest.trim_end_matches(" {").to_owned());
            }
        }
        // One way back from a component: the asks it returns, which the
        // router carries out; nothing else pushes an effect.
        let name = file.display().to_string();
        let router = ["endodoi-app/src/router.rs", "endodoi-app/src/desk.rs"]
            .iter()
            .any(|ours| name.ends_with(ours));
        if text.contains("effects.push(") && !router {
            pushes.push(name);
        }
    }
    // The game, the viewer, the lesson, the puzzles, the start screen and
    // its results page; help, a question, a sowing shown, who plays on from the viewer.
    let expected = [
        "Confirm",
        "HelpPopup",
        "Learning",
        "PlayOn",
        "Puzzles",
        "Results",
        "Sowing",
        "Start",
        "GameInPlay",
        "Viewer",
    ];
    assert_eq!(
        components,
        expected.map(str::to_owned).into_iter().collect()
    );
    assert!(
        pushes.is_empty(),
        "effects pushed outside the router: {pushes:?}"
    );
    let traits: usize = module_files("app")
        .iter()
        .map(|file| {
            let text = std::fs::read_to_string(file).expect("a source file");
            text.matches("fn update(&mut self, action: Action, lent: Lent<'_>) -> Vec<Ask>;")
                .count()
        })
        .sum();
    assert_eq!(traits, 1, "one trait has the components' `update`");
    let sources = all_sources();
    let buffers: Vec<_> = sources
        .iter()
        .filter(|file| {
            std::fs::read_to_string(file)
                .expect("a source file")
                .contains("take_asks")
        })
        .collect();
    assert!(
        buffers.is_empty(),
        "no buffer of asks to drain: {buffers:?}"
    );
}

#[test]
fn imports_are_read_from_paths_and_groups() {
    let code = "use crate::app::{App, Keymap};\nuse crate::{\n    file::write,\n    record::{Record, Tags},\n};\nlet x = crate::rules::Side::South;\nuse self::crate_like::x;";
    assert_eq!(
        imports(code, false),
        ["app", "file", "record", "rules"]
            .map(str::to_owned)
            .into_iter()
            .collect()
    );
    let engine =
        "use endodoi_core::rules::Game;\nuse crate::table::Table;\nendodoi_files::plain(e)";
    assert_eq!(
        imports(engine, true),
        ["file", "rules"].map(str::to_owned).into_iter().collect()
    );
}

/// `major.minor` of a Rust version (`1.92`, `1.88.0`), to compare.
fn rust_version(text: &str) -> (u32, u32) {
    let mut parts = text
        .split('.')
        .map(|part| part.parse().expect("a version number"));
    (parts.next().expect("major"), parts.next().unwrap_or(0))
}

#[test]
fn the_rust_version_we_claim_builds_every_locked_dependency() {
    let host = Command::new("rustc")
        .arg("-vV")
        .output()
        .expect("rustc runs");
    let host = String::from_utf8(host.stdout).expect("UTF-8");
    let triple = host
        .lines()
        .find_map(|line| line.strip_prefix("host: "))
        .expect("rustc names its host");
    let output = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--locked",
            "--filter-platform",
            triple,
        ])
        .current_dir(ROOT)
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let packages = metadata["packages"].as_array().expect("packages");
    let ours: Vec<&serde_json::Value> = packages
        .iter()
        .filter(|package| package["source"].is_null())
        .collect();
    let claimed = ours[0]["rust_version"].as_str().expect("our rust-version");
    for package in &ours {
        assert_eq!(
            package["rust_version"].as_str(),
            Some(claimed),
            "{}",
            package["name"]
        );
    }
    let needed = packages
        .iter()
        .filter_map(|package| Some((package["rust_version"].as_str()?, package["name"].as_str()?)))
        .max_by_key(|(version, _)| rust_version(version))
        .expect("a dependency with a rust-version");
    assert!(
        rust_version(claimed) >= rust_version(needed.0),
        "we claim Rust {claimed}, but {} needs {}",
        needed.1,
        needed.0
    );
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).expect("README.md");
    assert!(
        readme.contains(&format!("a Rust toolchain ({claimed} or newer)")),
        "the README says Rust {claimed}"
    );
}

/// The lines (from 1) where, in the code of `text` (comments left out),
/// `word` stands as a word: `App`, not `AppState` nor `MyApp`; `app.`,
/// not `snapshot.`.
fn words_at(text: &str, word: &str) -> Vec<usize> {
    let part_of_a_name = |c: char| c.is_alphanumeric() || c == '_';
    let open_end = !word.ends_with(part_of_a_name);
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let code = line.split("//").next().unwrap_or_default();
            code.match_indices(word).any(|(at, _)| {
                !code[..at].ends_with(part_of_a_name)
                    && (open_end || !code[at + word.len()..].starts_with(part_of_a_name))
            })
        })
        .map(|(at, _)| at + 1)
        .collect()
}

#[test]
fn the_effects_carry_their_data_and_the_runner_never_reads_the_app() {
    // The runner carries out what each effect carries, and answers; the
    // store keeps the snapshots it is given. Neither names the app, and
    // the runner reads nothing of it.
    let runner = Path::new(ROOT).join("src/terminal/runner.rs");
    let mut files = module_files("save");
    files.push(runner.clone());
    let mut named = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a source file");
        for line in words_at(&text, "App") {
            named.push(format!("{}:{line} names App", file.display()));
        }
        if *file == runner {
            for line in words_at(&text, "app.") {
                named.push(format!("{}:{line} reads the app", file.display()));
            }
        }
    }
    assert!(named.is_empty(), "{named:#?}");
    // Each check can fail.
    assert_eq!(words_at("use crate::app::{App, Effect};", "App"), [1]);
    assert_eq!(
        words_at("// App\nlet a = MyApp(AppState);", "App"),
        Vec::<usize>::new()
    );
    assert_eq!(words_at("x\n    app.record()", "app."), [2]);
}

/// docs/ARCHITECTURE.md stays a page a contributor reads through: under
/// 15 KB (issue 33).
#[test]
fn the_architecture_page_stays_under_15_kb() {
    let size = std::fs::metadata(Path::new(ROOT).join("docs/ARCHITECTURE.md"))
        .expect("docs/ARCHITECTURE.md")
        .len();
    assert!(size < 15_000, "docs/ARCHITECTURE.md is {size} bytes");
}

/// The type names each defined in more than one place, that the rename
/// left for later: none.
const NAMES_DEFINED_TWICE: [&str; 0] = [];

/// The name a line of source defines, if it opens a struct, an enum, a
/// trait or a type alias (`pub`, `pub(crate)` or private). An indented
/// `type` is an impl's or a trait's associated type (`Err`, `Output`),
/// not a name of the program's own.
fn type_defined(line: &str) -> Option<&str> {
    let code = line.trim_start();
    let indented = code.len() < line.len();
    let code = match code.strip_prefix("pub") {
        Some(rest) if rest.starts_with('(') => rest.split_once(") ")?.1,
        Some(rest) => rest.strip_prefix(' ')?,
        None => code,
    };
    let (keyword, rest) = code.split_once(' ')?;
    if !["struct", "enum", "trait", "type"].contains(&keyword) || (keyword == "type" && indented) {
        return None;
    }
    let end = rest
        .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .unwrap_or(rest.len());
    let name = &rest[..end];
    name.starts_with(|c: char| c.is_ascii_uppercase())
        .then_some(name)
}

#[test]
fn a_type_is_found_in_its_definition_and_not_in_an_associated_type() {
    assert_eq!(type_defined("pub struct GameInPlay {"), Some("GameInPlay"));
    assert_eq!(type_defined("pub(super) struct Entry {"), Some("Entry"));
    assert_eq!(
        type_defined("    struct JsonAnswer<'a> {"),
        Some("JsonAnswer")
    );
    assert_eq!(
        type_defined("type BlockKey = (u64, u64);"),
        Some("BlockKey")
    );
    assert_eq!(type_defined("pub enum Ask {"), Some("Ask"));
    assert_eq!(type_defined("    type Err = ParseError;"), None);
    assert_eq!(type_defined("/// pub struct Table in a comment"), None);
    assert_eq!(type_defined("    struct_name: u8,"), None);
}

#[test]
fn no_type_name_is_defined_twice() {
    let mut places: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in all_sources() {
        let text = std::fs::read_to_string(&file).expect("a source file can be read");
        let relative = file
            .strip_prefix(ROOT)
            .expect("under the root")
            .display()
            .to_string();
        for (number, line) in text.lines().enumerate() {
            if let Some(name) = type_defined(line) {
                places
                    .entry(name.to_owned())
                    .or_default()
                    .push(format!("{relative}:{}", number + 1));
            }
        }
    }
    let mut twice = String::new();
    for (name, at) in &places {
        if at.len() > 1 && !NAMES_DEFINED_TWICE.contains(&name.as_str()) {
            let _ = writeln!(twice, "{name}: {}", at.join(", "));
        }
    }
    assert!(
        twice.is_empty(),
        "type names defined more than once:\n{twice}"
    );
    for name in NAMES_DEFINED_TWICE {
        assert!(
            places.get(name).is_some_and(|at| at.len() > 1),
            "{name} is defined once now: take it off NAMES_DEFINED_TWICE"
        );
    }
}
