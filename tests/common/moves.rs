//! The moves of a game as the letters a player would read, for assertions.

use endodoi::rules::Game;

/// The holes played so far, separated by spaces: `"A b C"`.
pub fn letters(game: &Game) -> String {
    game.history()
        .iter()
        .map(|played| played.hole.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
