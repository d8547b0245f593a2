//! `endodoi replay --svg`: a position as a picture. The picture is read
//! back as XML: every hole's letter and count must be the position's, in
//! the board's order; a hostile record's names stay text; the file is
//! written as every file of the program is (never through a link or into a
//! FIFO), and a fault is told with the file and nothing left behind.

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use endodoi::record::Record;
use endodoi::rules::{Config, Game, Hole, Side};
use quick_xml::events::Event;
use quick_xml::{Reader, XmlVersion};

use crate::common::files::{mkfifo, names};
use crate::common::in_process::endodoi;
use crate::common::snapshot::assert_snapshot;

/// An element of the picture: its name, its attributes and its text.
#[derive(Debug)]
struct Element {
    name: String,
    attributes: Vec<(String, String)>,
    text: String,
}

impl Element {
    fn attribute(&self, key: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value.as_str())
    }
}

/// The elements of `svg` in document order; a picture that is not
/// well-formed XML fails the test.
fn elements(svg: &str) -> Vec<Element> {
    let mut reader = Reader::from_str(svg);
    let mut elements: Vec<Element> = Vec::new();
    // The elements open around the text read: the text is the innermost's.
    let mut open: Vec<usize> = Vec::new();
    loop {
        let event = reader.read_event().expect("well-formed XML");
        match &event {
            Event::End(_) => {
                open.pop();
            }
            Event::Start(start) | Event::Empty(start) => {
                if matches!(event, Event::Start(_)) {
                    open.push(elements.len());
                }
                let attributes = start
                    .attributes()
                    .map(|attribute| {
                        let attribute = attribute.expect("a well-formed attribute");
                        (
                            attribute.key.into_inner().to_owned(),
                            attribute
                                .normalized_value(XmlVersion::Implicit1_0)
                                .expect("a well-formed value")
                                .into_owned(),
                        )
                    })
                    .collect();
                elements.push(Element {
                    name: start.name().into_inner().to_owned(),
                    attributes,
                    text: String::new(),
                });
            }
            Event::Text(text) => {
                if let Some(&inner) = open.last() {
                    elements[inner].text.push_str(&text.xml10_content());
                }
            }
            Event::GeneralRef(reference) => {
                let name = reference.xml10_content();
                let character = match name.as_ref() {
                    "amp" => '&',
                    "lt" => '<',
                    "gt" => '>',
                    "quot" => '"',
                    "apos" => '\'',
                    other => panic!("an entity XML does not define: &{other};"),
                };
                if let Some(&inner) = open.last() {
                    elements[inner].text.push(character);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    elements
}

/// The texts of the picture drawn at `size` (18: the counts, 13: the
/// letters), in document order.
fn texts_of_size<'a>(elements: &'a [Element], size: &str) -> Vec<&'a str> {
    elements
        .iter()
        .filter(|element| element.name == "text" && element.attribute("font-size") == Some(size))
        .map(|element| element.text.as_str())
        .collect()
}

/// `endodoi replay ARGS --svg -`: the picture on standard output.
fn picture(args: &[&str]) -> String {
    let mut all = args.to_vec();
    all.extend(["--svg", "-"]);
    let output = endodoi(&all);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// Each hole as the picture must show it, in its order: North's row from
/// its right to its left, then South's, each as (letter, seeds).
fn board_of(game: &Game) -> Vec<(String, String)> {
    let width = game.config().width();
    let position = game.position();
    Hole::row(Side::North, width)
        .rev()
        .chain(Hole::row(Side::South, width))
        .map(|hole| (hole.to_string(), position.seeds(hole).to_string()))
        .collect()
}

#[test]
fn the_picture_of_every_golden_game_shows_its_whole_board() {
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut seen = 0;
    for entry in fs::read_dir(&golden).expect("the golden records") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().expect("a name").to_string_lossy();
        if !name.ends_with(".ogn") || name.starts_with('e') {
            continue;
        }
        let record = Record::read(&fs::read(&path).expect("a record")).expect("a golden record");
        let svg = picture(&["replay", path.to_str().expect("UTF-8")]);
        let elements = elements(&svg);
        let letters = texts_of_size(&elements, "13");
        let counts = texts_of_size(&elements, "18");
        let shown: Vec<(String, String)> = letters
            .iter()
            .zip(&counts)
            .map(|(letter, count)| ((*letter).to_owned(), (*count).to_owned()))
            .collect();
        assert_eq!(letters.len(), counts.len(), "{name}");
        assert_eq!(shown, board_of(&record.game), "{name}");
        let captured = record.game.position().captured();
        for side in Side::ALL {
            let line = format!("captured {}", captured[side]);
            assert!(
                elements.iter().any(|element| element.text == line),
                "{name}: {side} {line}"
            );
        }
        // The hole last sown is ringed, and only it.
        let ringed: Vec<(&str, &str)> = elements
            .iter()
            .filter(|element| element.attribute("stroke-width") == Some("5"))
            .map(|element| {
                (
                    element.attribute("cx").expect("a hole"),
                    element.attribute("cy").expect("a hole"),
                )
            })
            .collect();
        assert_eq!(ringed.len(), 1, "{name}");
        seen += 1;
    }
    assert!(seen >= 10, "only {seen} golden games");
}

#[test]
fn a_picture_after_two_moves() {
    assert_snapshot!(picture(&["replay", "--moves", "C a"]));
}

#[test]
fn ply_shows_the_position_after_that_many_moves() {
    let earlier = picture(&["replay", "--moves", "C a F b", "--ply", "2"]);
    assert_eq!(earlier, picture(&["replay", "--moves", "C a"]));
    let start = picture(&["replay", "--moves", "C a F b", "--ply", "0"]);
    assert_eq!(board_of(&Game::new(Config::default())), {
        let elements = elements(&start);
        texts_of_size(&elements, "13")
            .into_iter()
            .zip(texts_of_size(&elements, "18"))
            .map(|(letter, count)| (letter.to_owned(), count.to_owned()))
            .collect::<Vec<_>>()
    });
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("late.svg");
    let output = endodoi(&[
        "replay",
        "--moves",
        "C a F b",
        "--ply",
        "5",
        "--svg",
        file.to_str().expect("UTF-8"),
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "endodoi: --moves: --ply: 5 is past the end: the game has 4 moves\n"
    );
    assert_eq!(names(dir.path()), Vec::<String>::new());
    // --ply goes with a position printed or drawn, not with the viewer.
    let output = endodoi(&["replay", "--moves", "C a", "--ply", "1"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_hostile_record_s_names_stay_text_in_the_picture() {
    let mut record = Record::read_moves(Config::default(), "C a").expect("a game");
    record.set_tag("South", "<script>alert(1)</script>&amp;");
    record.set_tag("North", "\u{202e}Lekishon]]><!--");
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("hostile.ogn");
    fs::write(&path, record.to_string()).expect("written");
    let svg = picture(&["replay", path.to_str().expect("UTF-8")]);
    let elements = elements(&svg);
    let allowed = ["svg", "title", "rect", "line", "circle", "text"];
    for element in &elements {
        assert!(allowed.contains(&element.name.as_str()), "{element:?}");
        for (key, _) in &element.attributes {
            assert!(
                !key.starts_with("on") && !key.contains("href"),
                "{element:?}"
            );
        }
    }
    let texts: Vec<&str> = elements
        .iter()
        .map(|element| element.text.as_str())
        .collect();
    assert!(
        texts.contains(&"▶ <script>alert(1)</script>&amp; (South)"),
        "{texts:?}"
    );
    // The bidi override is shown, not obeyed, as on the terminal.
    assert!(
        texts.contains(&"\\u{202e}Lekishon]]><!-- (North)"),
        "{texts:?}"
    );
}

#[test]
fn the_picture_is_written_as_every_file_is_never_through_a_link_or_a_fifo() {
    let dir = tempfile::tempdir().expect("a folder");
    let svg = |path: &Path| {
        endodoi(&[
            "replay",
            "--moves",
            "C a",
            "--svg",
            path.to_str().expect("UTF-8"),
        ])
    };
    // A new file, then the same file replaced.
    let file = dir.path().join("position.svg");
    assert!(svg(&file).status.success());
    fs::write(&file, "old").expect("written");
    assert!(svg(&file).status.success());
    assert_eq!(
        fs::read_to_string(&file).expect("the picture"),
        picture(&["replay", "--moves", "C a"])
    );
    // A FIFO is refused at once, and stays a FIFO.
    let fifo = dir.path().join("fifo.svg");
    mkfifo(&fifo);
    let started = Instant::now();
    let output = svg(&fifo);
    assert!(started.elapsed() < Duration::from_secs(10));
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!(
            "endodoi: cannot write {}: a FIFO is not a regular file\n",
            fifo.display()
        )
    );
    // A link is not written through: its target keeps its bytes.
    let target = dir.path().join("target.txt");
    fs::write(&target, "mine").expect("written");
    let link = dir.path().join("link.svg");
    std::os::unix::fs::symlink(&target, &link).expect("a link");
    let output = svg(&link);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(fs::read_to_string(&target).expect("the target"), "mine");
    // A folder that does not exist is named.
    let missing = dir.path().join("none");
    let output = svg(&missing.join("position.svg"));
    assert_eq!(output.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains(&missing.display().to_string()),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        names(dir.path()),
        ["fifo.svg", "link.svg", "position.svg", "target.txt"]
    );
}

#[test]
fn the_picture_in_the_docs_is_the_program_s() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let example = root.join("examples/naserian-lekishon.ogn");
    assert_eq!(
        fs::read_to_string(root.join("docs/position.svg")).expect("docs/position.svg"),
        picture(&["replay", example.to_str().expect("UTF-8"), "--ply", "12"]),
        "docs/position.svg: run `endodoi replay examples/naserian-lekishon.ogn --ply 12 --svg docs/position.svg`"
    );
}
