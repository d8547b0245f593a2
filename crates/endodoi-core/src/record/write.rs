//! Writing a record: tags, a blank line, numbered moves, the result.

use std::fmt;

use super::{Record, Tags};

/// The longest line the writer makes, unless one move is longer.
const LINE_WIDTH: usize = 79;

impl fmt::Display for Record {
    /// Writes the record: the game's tags, then the others, a blank line, and
    /// the moves with numbers and capture counts, closed by the result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let config = self.game.config();
        let result = self.result_token();
        let game_tags = [
            (Tags::VARIANT, config.variant().title().to_owned()),
            (Tags::WIDTH, config.width().to_string()),
            (Tags::SEEDS, config.seeds().to_string()),
        ];
        let tags = game_tags
            .iter()
            .map(|(name, value)| (*name, value.as_str()))
            .chain(self.tags.iter())
            .chain([(Tags::RESULT, result.as_str())]);
        for (name, value) in tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            writeln!(f, "[{name} \"{value}\"]")?;
        }
        writeln!(f)?;
        let mut line = String::new();
        let mut words = self
            .game
            .history()
            .chunks(2)
            .enumerate()
            .map(|(number, pair)| {
                let moves: Vec<String> = pair.iter().map(ToString::to_string).collect();
                format!("{}. {}", number + 1, moves.join(" "))
            });
        for word in words.by_ref().chain([result]) {
            if !line.is_empty() && line.len() + 1 + word.len() > LINE_WIDTH {
                writeln!(f, "{line}")?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        writeln!(f, "{line}")
    }
}
