//! The yardstick opponent of the strength benchmark: a plain full-width
//! minimax to a fixed depth that counts only captured seeds.

use endodoi_core::rules::{EndReason, Game, Hole};

use super::tree::{INFINITY, Path, children, end_gain};

/// The move a full-width minimax `depth` plies deep chooses: every line is
/// looked at to `depth` (or the end of the game), scored by the difference
/// in captured seeds, exactly (seeds taken at the end included) when the game
/// ends. Ties go to the first move in hole order. `None` when the game is over.
///
/// Alpha-beta pruning is used inside, which changes nothing but the speed: it
/// skips only lines that cannot change the choice.
///
/// ```
/// use endodoi_core::rules::{Config, Game};
/// use endodoi_engine::minimax_best;
///
/// let game = Game::new(Config::default());
/// assert!(game.is_legal(minimax_best(&game, 3).expect("the game has just begun")));
/// ```
pub fn minimax_best(game: &Game, depth: u32) -> Option<Hole> {
    if game.outcome().is_some() {
        return None;
    }
    let mut path = Path::new(game.reached());
    let position = *game.position();
    let mut best: Option<(Hole, i32)> = None;
    for (index, child) in children(&position) {
        let alpha = best.map_or(-INFINITY, |(_, score)| score);
        let capture = i32::from(child.capture);
        let score = path.through(&child, |path| {
            minimax(
                path,
                depth.saturating_sub(1),
                capture - INFINITY,
                capture - alpha,
            )
        });
        if best.is_none_or(|(_, top)| score > top) {
            best = Some((Hole::new(position.to_move(), index), score));
        }
    }
    best.map(|(hole, _)| hole)
}

/// The future capture difference for the player to move on top of `path`,
/// `depth` plies deep, fail-hard within `(alpha, beta)`.
fn minimax(path: &mut Path, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    let position = *path.top();
    let mut moved = false;
    for (_, child) in children(&position) {
        moved = true;
        if depth == 0 {
            return 0;
        }
        let capture = i32::from(child.capture);
        let score = path.through(&child, |path| {
            minimax(path, depth - 1, capture - beta, capture - alpha)
        });
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    if moved {
        alpha
    } else {
        end_gain(&position, EndReason::NoMoves)
    }
}
