//! The moves of a game as the letters a player would read, and the match's
//! score, for assertions.

use endodoi::app::App;
use endodoi::rules::{BySide, Config, Game};

/// The game on the default board where each side sows its first legal
/// hole, for at most `plies` moves (`usize::MAX`: to its end).
pub fn first_legal_moves(plies: usize) -> Game {
    let mut game = Game::new(Config::default());
    for _ in 0..plies {
        let Some(hole) = game.legal_moves().next() else {
            break;
        };
        game.play(hole).expect("a legal move");
    }
    game
}

/// The holes played so far, separated by spaces: `"A b C"`.
pub fn letters(game: &Game) -> String {
    game.history()
        .iter()
        .map(|played| played.hole.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Each player's wins in `app`'s match, the game shown's result included.
pub fn tally(app: &App) -> BySide<u16> {
    let winner = app.record().verdict().and_then(|verdict| verdict.winner);
    app.players().tally(winner)
}
