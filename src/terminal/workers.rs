//! The background work of the app: at most one search (the computer's move
//! or a hint) and one analysis of a viewed move, each on a thread of its
//! own, looking into the endgame tables of the shelf.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;

use crate::analyze::exact::{DEFAULT_BUDGET, analyze_exact};
use crate::analyze::{MoveAnalysis, analyze};
use crate::app::analysis::proven_hint;
use crate::app::{AnalysisRequest, Answer, Purpose, Request};
use crate::rules::{Config, Hole};
use crate::search::{Bounds, Limits, Prover, Search, SearchResult};
use crate::tablebase::{Shelf, Tablebase};

/// A search running on a thread of its own.
struct SearchJob {
    stop: Arc<AtomicBool>,
    purpose: Purpose,
    answer: Receiver<Found>,
}

/// What a search thread found: the search's result, or a hint proven.
enum Found {
    /// The search's result.
    Searched(SearchResult),
    /// Each legal move's proven value, enough for a hint.
    Proven(Vec<(Hole, Bounds)>),
}

impl Drop for SearchJob {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// An analysis under way: dropping it stops an exact one (an estimate
/// runs to its end, its answers unheard).
struct AnalysisJob {
    stop: Arc<AtomicBool>,
    answer: Receiver<(usize, MoveAnalysis)>,
}

impl Drop for AnalysisJob {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The search and the analysis under way. Dropping it stops the search.
pub(super) struct Workers {
    search: Option<SearchJob>,
    analysis: Option<AnalysisJob>,
    /// The tables of perfect endgames the searches look into.
    shelf: Shelf,
}

impl Workers {
    /// No work under way; the tables are the installed ones.
    pub(super) fn new() -> Workers {
        Workers {
            search: None,
            analysis: None,
            shelf: Shelf::installed(),
        }
    }

    /// Starts the search `request` asks for, replacing (and stopping) any
    /// under way; returns the problem with the tables, told the first time.
    pub(super) fn think(&mut self, request: Request) -> Option<String> {
        let (tables, problem) = self.tables(request.game.config());
        self.search = Some(think(request, tables));
        problem
    }

    /// Stops the search under way: its answer is dropped.
    pub(super) fn stop_thinking(&mut self) {
        self.search = None;
    }

    /// Drops the work under way, a search and an analysis: the screen it
    /// was for is gone, and what it finds must not reach the next.
    pub(super) fn drop_work(&mut self) {
        self.search = None;
        self.analysis = None;
    }

    /// Starts the analysis `request` asks for, in place of any under way;
    /// returns the problem with the tables, told the first time.
    pub(super) fn analyze(&mut self, request: AnalysisRequest) -> Option<String> {
        let (tables, problem) = self.tables(request.game.config());
        self.analysis = Some(analyse(request, tables));
        problem
    }

    /// The tables for a game of `config`, and a problem with them in one
    /// line (the first time): the search goes on without them.
    fn tables(&self, config: Config) -> (Option<Arc<Tablebase>>, Option<String>) {
        let (tables, problem) = self.shelf.tables(&config);
        (tables, problem.map(|problem| format!("Tables: {problem}")))
    }

    /// The answers that have arrived: the search's (a computer's move or a
    /// hint; a search that found no move answers nothing), and every move
    /// the analysis has judged since.
    pub(super) fn answers(&mut self) -> Vec<Answer> {
        let mut answers = Vec::new();
        if let Some(job) = &self.search {
            match job.answer.try_recv() {
                Ok(Found::Proven(moves)) => {
                    self.search = None;
                    answers.push(Answer::HintProven(moves));
                }
                Ok(Found::Searched(result)) => {
                    answers.extend(job.purpose.answer(result));
                    self.search = None;
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => self.search = None,
            }
        }
        while let Some(analysis) = &self.analysis {
            match analysis.answer.try_recv() {
                Ok((ply, judged)) => answers.push(Answer::Analysed(ply, judged)),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => self.analysis = None,
            }
        }
        answers
    }
}

/// Starts the search `request` asks for on a thread of its own.
fn think(request: Request, tables: Option<Arc<Tablebase>>) -> SearchJob {
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, answer) = mpsc::channel();
    let flag = Arc::clone(&stop);
    let purpose = request.purpose;
    thread::spawn(move || {
        // A hint with the tables is proven first, within its time: when
        // the proof is not enough, the search gives its estimate.
        if purpose == Purpose::Hint
            && let Some(tables) = &tables
        {
            let mut prover = Prover::new();
            prover.set_tables(Some(Arc::clone(tables)));
            let legal = u32::try_from(request.game.legal_moves().count().max(1)).unwrap_or(1);
            let moves: Vec<(Hole, Bounds)> = prover
                .prove_moves(
                    &request.game,
                    Limits::movetime(request.think / legal),
                    &flag,
                )
                .into_iter()
                .map(|(hole, proof)| (hole, proof.bounds))
                .collect();
            if proven_hint(&moves).is_some() {
                // The app may have stopped waiting: nobody to tell.
                let _ = sender.send(Found::Proven(moves));
                return;
            }
        }
        let mut search = Search::for_level(request.level, request.think);
        search.set_tables(tables);
        let result = search.run(&request.game, &flag, |_| {});
        let _ = sender.send(Found::Searched(result));
    });
    SearchJob {
        stop,
        purpose,
        answer,
    }
}

/// Starts the analysis `request` asks for on a thread of its own, which
/// hands back every move's judgement as soon as it is known.
fn analyse(request: AnalysisRequest, tables: Option<Arc<Tablebase>>) -> AnalysisJob {
    let (sender, answer) = mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    thread::spawn(move || {
        // With the tables of the game's width, every value is proven (or
        // bounded): the moves come the last first.
        if tables.is_some() {
            analyze_exact(
                &request.game,
                tables,
                DEFAULT_BUDGET,
                &flag,
                |judged, _, _| {
                    let _ = sender.send((judged.ply, MoveAnalysis::from(judged.clone())));
                },
            );
            return;
        }
        analyze(
            &request.game,
            request.limits,
            request.threshold,
            tables,
            |judged| {
                let _ = sender.send((judged.ply, judged.clone()));
            },
        );
    });
    AnalysisJob { stop, answer }
}
