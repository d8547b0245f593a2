//! The viewer's analysis in the page: every position of the record searched
//! as the terminal's analysis searches it (the same node budget, no noise,
//! the table kept from position to position), but a slice of at most
//! [`SLICE`] at a time between frames, so that the page stays live. Each
//! move is judged by [`MoveAnalysis::judge`], as `endodoi analyze` judges
//! it, and handed back as soon as the positions before and after it are
//! searched.
//!
//! The page has no tables of perfect endgames (they are hundreds of
//! megabytes), so its analysis is the search's estimate, as the terminal's
//! is without them.

use std::sync::atomic::AtomicBool;

use endodoi_app::analysis::{DEFAULT_NODES, MoveAnalysis};
use endodoi_app::{AnalysisRequest, Answer};
use endodoi_core::rules::{Game, Side};
use endodoi_engine::{Limits, Search, SearchResult};

use super::runner::SLICE;

/// An analysis under way, a slice at a time.
pub struct SlicedAnalysis {
    request: AnalysisRequest,
    search: Search,
    /// The record's game replayed up to the position being searched.
    replay: Game,
    /// Nodes searched so far in that position.
    spent: u64,
    /// The search of the position before the last move replayed, and who
    /// made that move.
    before: Option<(SearchResult, Side)>,
}

impl SlicedAnalysis {
    /// The analysis `request` asks for, at the record's start.
    pub fn new(request: AnalysisRequest) -> SlicedAnalysis {
        let search = Search::with_seed(
            Limits {
                noise: 0,
                ..request.limits
            },
            0,
        );
        let config = request.game.config();
        let replay = Game::from_position(config.variant(), *request.game.start(), config.seeds());
        SlicedAnalysis {
            request,
            search,
            replay,
            spent: 0,
            before: None,
        }
    }

    /// Searches the position under way for one slice; the judgement of the
    /// move that led to it once its search is done, and whether the whole
    /// record is judged.
    pub fn slice(&mut self) -> (Option<Answer>, bool) {
        let budget = self.request.limits.nodes.unwrap_or(DEFAULT_NODES);
        self.search.set_limits(Limits {
            nodes: Some(budget.saturating_sub(self.spent).max(1)),
            movetime: Some(SLICE),
            noise: 0,
            ..self.request.limits
        });
        let result = self
            .search
            .run(&self.replay, &AtomicBool::new(false), |_| {});
        self.spent += result.nodes;
        let deep_enough = self
            .request
            .limits
            .depth
            .is_some_and(|depth| result.depth >= depth);
        if !(result.exact || deep_enough || self.spent >= budget) {
            return (None, false);
        }
        // The position is searched: judge the move that led here, then go
        // on to the next.
        let ply = self.replay.ply();
        let answer = self.before.take().and_then(|(before, mover)| {
            let played = *self.replay.history().last()?;
            let judged =
                MoveAnalysis::judge(ply, mover, played, &before, &result, self.request.threshold);
            Some(Answer::Analysed(ply, judged))
        });
        let mover = self.replay.position().to_move();
        let next = self
            .request
            .game
            .history()
            .get(self.replay.history().len())
            .copied();
        let done = match next {
            Some(played) => self.replay.play(played.hole).is_err(),
            None => true,
        };
        self.before = Some((result, mover));
        self.spent = 0;
        (answer, done)
    }
}
