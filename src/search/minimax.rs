//! The yardstick opponent of the strength benchmark: a plain full-width
//! minimax to a fixed depth that counts only captured seeds.

use crate::rules::{Game, Hole};

use super::{INFINITY, final_gain, through};

/// The move a full-width minimax `depth` plies deep chooses: every line is
/// looked at to `depth` (or the end of the game), scored by the difference
/// in captured seeds, exactly (seeds taken at the end included) when the game
/// ends. Ties go to the first move in hole order. `None` when the game is over.
///
/// Alpha-beta pruning is used inside, which changes nothing but the speed: it
/// skips only lines that cannot change the choice.
///
/// ```
/// use endodoi::rules::{Config, Game};
/// use endodoi::search::minimax_best;
///
/// let game = Game::new(Config::default());
/// assert!(game.is_legal(minimax_best(&game, 3).expect("the game has just begun")));
/// ```
pub fn minimax_best(game: &Game, depth: u32) -> Option<Hole> {
    let mut game = game.clone();
    let moves: Vec<Hole> = game.legal_moves().collect();
    let mut best: Option<(Hole, i32)> = None;
    for hole in moves {
        let alpha = best.map_or(-INFINITY, |(_, score)| score);
        let score = through(&mut game, hole, |child, capture| {
            capture
                - minimax(
                    child,
                    depth.saturating_sub(1),
                    capture - INFINITY,
                    capture - alpha,
                )
        });
        if best.is_none_or(|(_, top)| score > top) {
            best = Some((hole, score));
        }
    }
    best.map(|(hole, _)| hole)
}

/// The future capture difference for the player to move, `depth` plies deep,
/// fail-hard within `(alpha, beta)`.
fn minimax(game: &mut Game, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    if let Some(outcome) = game.outcome() {
        return final_gain(outcome, game.position());
    }
    if depth == 0 {
        return 0;
    }
    let moves: Vec<Hole> = game.legal_moves().collect();
    for hole in moves {
        let score = through(game, hole, |child, capture| {
            capture - minimax(child, depth - 1, capture - beta, capture - alpha)
        });
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}
