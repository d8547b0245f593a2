//! The engine protocol as text: [`parse`] turns a line into a [`EngineRequest`],
//! [`info_line`] and [`bestmove_line`] write the answers. Pure functions, no
//! threads and no input or output.

use std::path::PathBuf;
use std::time::Duration;

use crate::record::excerpt;
use crate::rules::{Config, Hole};
use crate::search::{DEFAULT_THINK, Info, Level, Limits, MAX_DEPTH};

/// One line of input, understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineRequest {
    /// Set up a position: a board and the moves played on it.
    Position {
        /// The board.
        config: Config,
        /// The moves from the start, as record movetext.
        moves: String,
    },
    /// Set up the position after a record file's last move.
    PositionRecord(PathBuf),
    /// Search the current position.
    Go {
        /// When to stop.
        limits: Limits,
    },
    /// Stop searching and answer `bestmove` at once.
    Stop,
    /// Answer `readyok`.
    IsReady,
    /// Stop any search and end.
    Quit,
}

/// The longest line the engine reads, in bytes, its line break not counted.
/// A longer line is skipped without being kept whole, and answered with an
/// error.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// A line the engine cannot carry out; it answers `info string error …` and
/// keeps running. Input is quoted as [`excerpt`] quotes it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// The first word is not a command.
    #[error("unknown command `{0}` (commands: position, go, stop, isready, quit)")]
    UnknownCommand(String),
    /// A line that is not UTF-8 text.
    #[error("the line is not valid UTF-8 text: `{0}`")]
    NotUtf8(String),
    /// A line longer than [`MAX_LINE_BYTES`].
    #[error(
        "the line is {length} bytes long, more than the {MAX_LINE_BYTES} a line may hold; it starts `{start}`"
    )]
    LineTooLong {
        /// The line's length in bytes.
        length: u64,
        /// Its start.
        start: String,
    },
    /// A command with a word or value it does not take.
    #[error("{command}: {reason}")]
    BadArgument {
        /// The command.
        command: &'static str,
        /// What is wrong.
        reason: String,
    },
}

fn bad(command: &'static str, reason: impl Into<String>) -> ProtocolError {
    ProtocolError::BadArgument {
        command,
        reason: reason.into(),
    }
}

/// Reads one line of the protocol; `None` for a blank line.
///
/// # Errors
/// A [`ProtocolError`] naming the unknown command or the faulty argument.
pub fn parse(line: &str) -> Result<Option<EngineRequest>, ProtocolError> {
    let line = line.trim();
    let Some(command) = line.split_whitespace().next() else {
        return Ok(None);
    };
    let rest = line[command.len()..].trim_start();
    let request = match command {
        "position" => parse_position(rest)?,
        "go" => EngineRequest::Go {
            limits: parse_go(rest)?,
        },
        "stop" | "isready" | "quit" if !rest.is_empty() => {
            return Err(bad(
                match command {
                    "stop" => "stop",
                    "isready" => "isready",
                    _ => "quit",
                },
                format!("takes no arguments, not `{}`", excerpt(rest)),
            ));
        }
        "stop" => EngineRequest::Stop,
        "isready" => EngineRequest::IsReady,
        "quit" => EngineRequest::Quit,
        other => return Err(ProtocolError::UnknownCommand(excerpt(other))),
    };
    Ok(Some(request))
}

fn parse_position(rest: &str) -> Result<EngineRequest, ProtocolError> {
    if let Some(path) = rest.strip_prefix("record") {
        let path = path.trim();
        if path.is_empty() {
            return Err(bad("position", "`record` needs a file path"));
        }
        return Ok(EngineRequest::PositionRecord(PathBuf::from(path)));
    }
    let default = Config::default();
    let (mut width, mut seeds, mut variant) = (
        default.width().into(),
        default.seeds().into(),
        default.variant(),
    );
    let mut words = rest.split_whitespace();
    let mut moves = String::new();
    while let Some(word) = words.next() {
        match word {
            "width" | "seeds" => {
                let value = words
                    .next()
                    .ok_or_else(|| bad("position", format!("`{word}` needs a number")))?;
                let number = value.parse().map_err(|_| {
                    let reason = if value.bytes().all(|b| b.is_ascii_digit()) {
                        "too large a number"
                    } else {
                        "not a number"
                    };
                    bad(
                        "position",
                        format!("`{word}` needs a number: `{}` is {reason}", excerpt(value)),
                    )
                })?;
                if word == "width" {
                    width = number;
                } else {
                    seeds = number;
                }
            }
            "variant" => {
                let word = words
                    .next()
                    .ok_or_else(|| bad("position", "`variant` needs `classic` or `cross`"))?;
                variant = word.parse().map_err(|_| {
                    bad(
                        "position",
                        format!(
                            "the variant is `classic` or `cross`, not `{}`",
                            excerpt(word)
                        ),
                    )
                })?;
            }
            "startpos" => {}
            "moves" => {
                moves = words.by_ref().collect::<Vec<_>>().join(" ");
            }
            other => {
                return Err(bad(
                    "position",
                    format!(
                        "unknown word `{}` (expected width, seeds, variant, moves or record)",
                        excerpt(other)
                    ),
                ));
            }
        }
    }
    let config =
        Config::new(width, seeds, variant).map_err(|error| bad("position", error.to_string()))?;
    Ok(EngineRequest::Position { config, moves })
}

fn parse_go(rest: &str) -> Result<Limits, ProtocolError> {
    let mut limits = Limits::default();
    let mut infinite = false;
    let mut words = rest.split_whitespace();
    while let Some(word) = words.next() {
        let mut number = |low: u64, high: u64| {
            let value = words
                .next()
                .ok_or_else(|| bad("go", format!("`{word}` needs a number")))?;
            value
                .parse::<u64>()
                .ok()
                .filter(|n| (low..=high).contains(n))
                .ok_or_else(|| {
                    bad(
                        "go",
                        format!(
                            "`{word}` needs a whole number from {low} to {high}, not `{}`",
                            excerpt(value)
                        ),
                    )
                })
        };
        match word {
            "movetime" => limits.movetime = Some(Duration::from_millis(number(1, 86_400_000)?)),
            "depth" => limits.depth = Some(number(1, u64::from(MAX_DEPTH))? as u32),
            "nodes" => limits.nodes = Some(number(1, u64::MAX)?),
            "level" => {
                let level = Level::new(number(1, 5)? as u8).expect("checked to be 1-5");
                limits = level.limits(limits.movetime.unwrap_or(DEFAULT_THINK));
            }
            "infinite" => infinite = true,
            other => {
                return Err(bad(
                    "go",
                    format!(
                        "unknown word `{}` (expected movetime, depth, nodes, level or infinite)",
                        excerpt(other)
                    ),
                ));
            }
        }
    }
    if !infinite && limits.depth.is_none() && limits.movetime.is_none() && limits.nodes.is_none() {
        limits.movetime = Some(DEFAULT_THINK);
    }
    Ok(limits)
}

/// The `info` line of a completed iteration:
/// `info depth D score S nodes N nps R time MS pv A d …`.
pub fn info_line(info: &Info) -> String {
    let pv: Vec<String> = info.pv.iter().map(Hole::to_string).collect();
    format!(
        "info depth {} score {}{} nodes {} nps {} time {} pv {}",
        info.depth,
        if info.exact { "exact " } else { "" },
        info.score,
        info.nodes,
        info.nps(),
        info.elapsed.as_millis(),
        pv.join(" ")
    )
    .trim_end()
    .to_owned()
}

/// The answer to `go`: `bestmove X`, or `bestmove none` when the game is over.
pub fn bestmove_line(best: Option<Hole>) -> String {
    match best {
        Some(hole) => format!("bestmove {hole}"),
        None => "bestmove none".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn position_defaults_to_the_standard_board() {
        assert_eq!(
            parse("position"),
            Ok(Some(EngineRequest::Position {
                config: Config::default(),
                moves: String::new()
            }))
        );
    }

    #[test]
    fn position_reads_board_and_moves() {
        let config = Config::new(8, 5, Variant::Cross).expect("a legal board");
        assert_eq!(
            parse("position width 8 seeds 5 variant cross moves A d  C"),
            Ok(Some(EngineRequest::Position {
                config,
                moves: "A d C".to_owned()
            }))
        );
    }

    #[test]
    fn position_record_takes_the_rest_of_the_line_as_path() {
        assert_eq!(
            parse("position record games/my game.ogn"),
            Ok(Some(EngineRequest::PositionRecord(PathBuf::from(
                "games/my game.ogn"
            ))))
        );
    }

    #[test]
    fn bad_width_is_named() {
        let error = parse("position width 11").expect_err("11 is too wide");
        assert!(error.to_string().contains("11"), "{error}");
    }

    #[test]
    fn go_reads_its_limits() {
        assert_eq!(
            parse("go depth 5"),
            Ok(Some(EngineRequest::Go {
                limits: Limits::depth(5)
            }))
        );
        assert_eq!(
            parse("go movetime 250"),
            Ok(Some(EngineRequest::Go {
                limits: Limits::movetime(Duration::from_millis(250))
            }))
        );
        assert_eq!(
            parse("go"),
            Ok(Some(EngineRequest::Go {
                limits: Limits::movetime(DEFAULT_THINK)
            }))
        );
        assert_eq!(
            parse("go infinite"),
            Ok(Some(EngineRequest::Go {
                limits: Limits::infinite()
            }))
        );
    }

    #[test]
    fn go_refuses_a_depth_of_zero() {
        assert_eq!(
            parse("go depth 0"),
            Err(ProtocolError::BadArgument {
                command: "go",
                reason: format!("`depth` needs a whole number from 1 to {MAX_DEPTH}, not `0`"),
            })
        );
        assert_eq!(
            parse("go depth"),
            Err(ProtocolError::BadArgument {
                command: "go",
                reason: "`depth` needs a number".to_owned(),
            })
        );
    }

    #[test]
    fn unknown_command_is_named() {
        assert_eq!(
            parse("fly away"),
            Err(ProtocolError::UnknownCommand("fly".to_owned()))
        );
    }

    #[test]
    fn blank_lines_are_ignored() {
        assert_eq!(parse("   "), Ok(None));
    }

    #[test]
    fn a_number_too_large_is_named_as_such() {
        assert_eq!(
            parse("position width 99999999999"),
            Err(bad(
                "position",
                "`width` needs a number: `99999999999` is too large a number"
            ))
        );
        assert_eq!(
            parse("position seeds four"),
            Err(bad(
                "position",
                "`seeds` needs a number: `four` is not a number"
            ))
        );
    }

    #[test]
    fn bestmove_names_the_hole_or_none() {
        assert_eq!(bestmove_line("C".parse().ok()), "bestmove C");
        assert_eq!(bestmove_line(None), "bestmove none");
    }
}
