//! The effects an app asks for, as a test expects them (each with the
//! app's game as it now is), and the event loop's work on them without a
//! terminal: the runner carries them out, the app is handed the answers.

use endodoi::app::{App, Effect, OpenTarget, Snapshot};
use endodoi::terminal::{Runner, carry_out};

/// Keeping `app`'s game, as it now is, in its autosave file.
pub fn autosave(app: &App) -> Effect {
    Effect::Autosave(Snapshot::of(app))
}

/// Keeping `app`'s game, as it now is, for `s`.
pub fn export(app: &App) -> Effect {
    Effect::Export(Snapshot::of(app))
}

/// Opening `opening`, leaving `app`'s game as it now is.
pub fn open(app: &App, opening: OpenTarget) -> Effect {
    Effect::Open {
        opening,
        left: Snapshot::of(app),
    }
}

/// Closing the connection for `why`, `app`'s game as it now is.
pub fn hangup(app: &App, why: &str) -> Effect {
    Effect::Hangup {
        why: why.to_owned(),
        record: Box::new(app.record().clone()),
    }
}

/// `effects` carried out by `runner`, `app` handed the answers, and what
/// it then asks for carried out too, as the event loop does.
pub fn run(runner: &mut Runner, app: &mut App, effects: Vec<Effect>) {
    for answer in runner.run(effects) {
        app.answer(answer);
    }
    carry_out(runner, app);
}
