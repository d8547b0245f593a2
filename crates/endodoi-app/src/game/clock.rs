//! The players' clocks at the table, when the game has a time control.
//!
//! Time reaches them only through [`App::tick`](crate::App::tick). The clock of the side to
//! move runs:
//! - once the first move is made (the opening move is not timed, as on
//!   lichess), while the game is not over;
//! - not while a move's sowing is still being shown (the animation is the
//!   program's time, not the player's);
//! - for the computer, only while it searches (the pause before its answer
//!   is played, [`super::super::COMPUTER_PAUSE`], is for the eye);
//! - across the network, only while the other player is connected (a
//!   player who cannot move is not timed).
//!
//! After a move its mover gains the increment; the time left is written in
//! the record's `Clock` tag whenever it changes, and the game is kept
//! (autosave) after every move and every [`KEEP_RUNNING_CLOCK`] of running
//! clock, so that `--resume` goes on from it even after a kill. A take-back
//! takes back the increment: each player whose move is taken back goes back
//! to the reading they made it with, or keeps less if their clock has run
//! lower since ([`GameInPlay::clock_taken_back`]); a move played again (redo)
//! earns the increment as a move does, from the reading it is played with.
//! So no take-back and no redo leaves a player more time than before the
//! move; and a game lost on time is not taken back. When the mover's clock
//! reaches zero the game ends, [`Ending::OutOfTime`], whatever is pending
//! (a move to redo, a question, a search); across the network see
//! [`GameInPlay::run_clocks`].

use std::time::Duration;

use endodoi_core::clock::Clocks;
use endodoi_core::record::{Ending, Tags};
use endodoi_core::rules::Side;

use super::super::component::{Ask, Tell};
use super::super::{Effect, GameInPlay, GameMessage};

/// How long past zero a remote player's clock may stand, here, before this
/// terminal ends the game on time without word from theirs: room for the
/// line's delay and for the two terminals' clocks starting apart.
pub const FLAG_GRACE: Duration = Duration::from_secs(2);

/// How much time may run on the clocks before the game is kept again
/// (autosave), so that a closed terminal or a kill loses no more of the
/// time spent on a move, and the disk is written no more often.
const KEEP_RUNNING_CLOCK: Duration = Duration::from_secs(2);

/// Under this time left a clock is drawn as running low, and the bell
/// rings once for a player here (unless the settings turn it off).
pub const LOW_TIME: Duration = Duration::from_secs(10);

/// The share of its time left the computer spends on a move at most
/// (besides the increment).
const SHARE_OF_TIME: u32 = 20;

impl GameInPlay {
    /// The clocks as the record keeps them (full time without a `Clock`
    /// tag): for a game just set up, resumed or taken from the other side.
    pub(crate) fn reset_clocks(&mut self) {
        self.clocks = self.record.clocks();
        self.overtime = Duration::ZERO;
        self.readings.clear();
    }

    /// The players' clocks, if the game has a time control.
    pub fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }

    /// The side whose clock runs now, as the module says; `sowing`: a move
    /// is being shown.
    pub fn clock_running(&self, sowing: bool) -> Option<Side> {
        self.clocks.as_ref()?;
        let side = self.record.to_move()?;
        let computer_answered = self.players.computer(side).is_some() && !self.searching();
        let away = self.network.is_some() && !self.connected();
        (self.game().ply() > 0 && !sowing && !computer_answered && !away).then_some(side)
    }

    /// Lets `elapsed` pass on the running clock. When it reaches zero:
    /// at one keyboard, and for this terminal's own player across the
    /// network, the game ends on time (the other terminal is told); for the
    /// other player's clock, this terminal waits [`FLAG_GRACE`] for their
    /// word, then ends it and tells them.
    ///
    /// With `bell`, a clock of a player here that falls under [`LOW_TIME`]
    /// rings the terminal bell, once.
    pub(crate) fn run_clocks(&mut self, elapsed: Duration, sowing: bool, bell: bool) -> Vec<Ask> {
        let mut out = Vec::new();
        let Some(running) = self.clock_running(sowing) else {
            return out;
        };
        let here = self.plays_here(running);
        let Some(clocks) = &mut self.clocks else {
            return out;
        };
        // Of `elapsed`, what passes after the clock reached zero.
        let before = clocks.left(running);
        let beyond = elapsed.saturating_sub(before);
        clocks.tick(running, elapsed);
        let low = before >= LOW_TIME && clocks.left(running) < LOW_TIME;
        let fallen = clocks.fallen();
        if bell && here && low {
            out.effect(Effect::Bell);
        }
        self.write_clocks();
        self.unkept += elapsed;
        if self.unkept >= KEEP_RUNNING_CLOCK {
            self.unkept = Duration::ZERO;
            out.push(Ask::Autosave);
        }
        let Some(side) = fallen else {
            return out;
        };
        self.overtime += beyond;
        if !self.players.remote(side) || self.overtime >= FLAG_GRACE {
            let ply = self.game().ply();
            self.out_of_time(side, &mut out);
            if self.network.is_some() {
                out.effect(Effect::Send(GameMessage::Flag(ply)));
            }
        }
        out
    }

    /// `side` has made the last move of the game (or played it again):
    /// their reading is kept for a take-back, their clock gains the
    /// increment, and the record keeps the clocks.
    pub(crate) fn clock_moved(&mut self, side: Side) {
        if let Some(clocks) = &mut self.clocks {
            let ply = self.record.game.ply().saturating_sub(1);
            self.readings.resize(ply, None);
            self.readings.push(Some(clocks.left(side)));
            clocks.moved(side);
            self.overtime = Duration::ZERO;
            // The move is kept with the clocks.
            self.unkept = Duration::ZERO;
            self.write_clocks();
        }
    }

    /// `side`'s last move has just been taken back: their clock goes back
    /// to its reading as they made it, or stays where it is if lower (the
    /// increment is taken back; time spent since is not given back). For a
    /// move made before the game was resumed, the increment is taken off.
    pub(crate) fn clock_taken_back(&mut self, side: Side) {
        let Some(clocks) = self.clocks else {
            return;
        };
        let ply = self.game().ply();
        let now = clocks.left(side);
        let before = self
            .readings
            .get(ply)
            .copied()
            .flatten()
            .unwrap_or_else(|| now.saturating_sub(clocks.control().increment()));
        self.readings.truncate(ply);
        self.put_left(side, now.min(before));
    }

    /// Sets `side`'s time left after the move they have just made as the
    /// other terminal, its authority, says; the reading kept for a
    /// take-back is theirs too: `left` less the increment.
    pub(crate) fn set_left(&mut self, side: Side, left: Duration) {
        let ply = self.game().ply();
        let theirs = self
            .game()
            .history()
            .last()
            .is_some_and(|played| played.hole.side() == side);
        if let Some(clocks) = self.clocks
            && theirs
            && let Some(reading) = self.readings.get_mut(ply - 1)
        {
            *reading = Some(left.saturating_sub(clocks.control().increment()));
        }
        self.put_left(side, left);
    }

    /// Sets `side`'s time left to `left`.
    fn put_left(&mut self, side: Side, left: Duration) {
        if let Some(clocks) = &mut self.clocks {
            let mut all = clocks.all_left();
            all[side] = left;
            *clocks = Clocks::resumed(clocks.control(), all);
            self.overtime = Duration::ZERO;
            self.write_clocks();
        }
    }

    /// The most time `side` can have after the move they are making, under
    /// the game's control: the base time and an increment for each of their
    /// moves, this one counted; `None` without clocks.
    pub(crate) fn most_left(&self, side: Side) -> Option<Duration> {
        let control = self.clocks?.control();
        Some(self.record.most_left(control, side) + control.increment())
    }

    /// The time left of this terminal's own player after their move, to
    /// send with it; `None` without clocks.
    pub(crate) fn left_to_send(&self, side: Side) -> Option<Duration> {
        Some(self.clocks?.left(side))
    }

    /// The game ends: `side` ran out of time (a game over already stays
    /// as it ended).
    pub(crate) fn out_of_time(&mut self, side: Side, out: &mut Vec<Ask>) {
        if self.record.is_over() {
            return;
        }
        let news = format!(
            "{} ran out of time: {} wins on time",
            self.players.name(side),
            self.players.name(side.opponent())
        );
        self.end_by(Ending::OutOfTime(side), news, out);
    }

    /// How long the computer playing `side` may think on its move: its
    /// thinking time, and with a clock no more than a twentieth of its time
    /// left and the increment, so that it never runs out in a normal game.
    pub(crate) fn think_for(&self, side: Side) -> Duration {
        match &self.clocks {
            Some(clocks) => self
                .think
                .min(clocks.left(side) / SHARE_OF_TIME + clocks.control().increment()),
            None => self.think,
        }
    }

    /// Keeps the clocks in the record's `Clock` tag (none without them).
    fn write_clocks(&mut self) {
        match &self.clocks {
            Some(clocks) => self.record.set_clocks(clocks),
            None => {
                self.record.tags.remove(Tags::CLOCK);
            }
        }
    }
}
