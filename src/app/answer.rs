//! What the world answers the app: the events that come back from the
//! effects it asked for ([`crate::app::Effect`]) and from the other player.
//! The terminal's effect runner hands each to [`App::answer`], which goes
//! on as the entry point for that kind of news says.

use crate::analyze::MoveAnalysis;
use crate::record::Tags;
use crate::rules::Hole;
use crate::search::SearchResult;

use super::{App, Remote, Tone};

/// One piece of news for the app, from the work it asked for or from the
/// other player.
#[derive(Debug)]
pub enum Answer {
    /// The search for the computer's move chose this hole
    /// ([`App::computer_moved`]).
    ComputerMoved(Hole),
    /// The search for a hint ended with this result ([`App::hint_found`]).
    HintFound(SearchResult),
    /// The search that weighs the person's draw offer ended with this
    /// result ([`App::draw_weighed`]).
    DrawWeighed(SearchResult),
    /// The move at this ply of the viewed record is judged
    /// ([`App::analysis_found`]).
    Analysed(usize, MoveAnalysis),
    /// The game or record chosen on the start screen is open: the app goes
    /// on as this one ([`App::replace_with`]).
    Opened(Box<App>),
    /// Something to tell the player, in its tone ([`App::notify`]): a file
    /// saved or not, tables that cannot be used, a setting not saved.
    Notice(Tone, String),
    /// The date the game is kept under, for its record's `Date` tag: a game
    /// is given today's the first time it is saved.
    Dated(String),
    /// The other player's news ([`App::remote`]).
    Remote(Remote),
    /// The other player took this seat, kept in the game's tags
    /// ([`App::set_seat`]).
    Seat(String),
    /// The seat's secret could not be kept on disk, and why
    /// ([`App::seat_not_kept`]).
    SeatNotKept(String),
}

impl App {
    /// Takes in `answer`, as the entry point for its kind of news does.
    pub fn answer(&mut self, answer: Answer) {
        match answer {
            Answer::ComputerMoved(hole) => self.computer_moved(hole),
            Answer::HintFound(result) => self.hint_found(&result),
            Answer::DrawWeighed(result) => self.draw_weighed(&result),
            Answer::Analysed(ply, analysis) => self.analysis_found(ply, analysis),
            Answer::Opened(next) => self.replace_with(*next),
            Answer::Notice(tone, text) => self.notify(tone, text),
            Answer::Dated(date) => self.set_tag(Tags::DATE, &date),
            Answer::Remote(news) => self.remote(news),
            Answer::Seat(id) => self.set_seat(&id),
            Answer::SeatNotKept(why) => self.seat_not_kept(&why),
        }
    }
}
