//! What the player asks for, by a key or a click: the router's own
//! actions and each screen's ([`GameAction`] of a game, [`ViewerAction`] of the
//! viewer, [`LessonAction`] of the lesson, [`PuzzleAction`] of the puzzles, [`MenuAction`] of the start screen, [`ResultsAction`]
//! of its results page). The tables of keys beside each component say
//! which key asks for which.

use endodoi_core::rules::Hole;

/// What the player asks for, by a key or a click: the router's own
/// actions (quitting, help, a question's answer, the sowing shown and its
/// speed, a click to resolve), or an action of one screen, which only that
/// screen's table holds and only that screen carries out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Quit at once, whatever the screen (Ctrl-C).
    QuitNow,
    /// Quit; in an unfinished game, ask first.
    Quit,
    /// Open the help.
    Help,
    /// Close the help.
    CloseHelp,
    /// Show the next page of help (after the last, the first again).
    HelpPage,
    /// Answer yes to the question asked.
    Yes,
    /// Answer no to the question asked.
    No,
    /// End the sowing shown at once.
    Skip,
    /// Sow faster.
    Faster,
    /// Sow slower.
    Slower,
    /// A click, resolved by the drawing to what was clicked.
    Click(Target),
    /// The game's: see [`GameAction`].
    Game(GameAction),
    /// The replay viewer's: see [`ViewerAction`].
    Viewer(ViewerAction),
    /// The lesson's: see [`LessonAction`].
    Lesson(LessonAction),
    /// The start screen's: see [`MenuAction`].
    Menu(MenuAction),
    /// The results page's: see [`ResultsAction`].
    Results(ResultsAction),
    /// The puzzles': see [`PuzzleAction`].
    Puzzle(PuzzleAction),
}

/// What a click landed on, as the drawing resolves it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A hole (its seeds or its letter).
    Hole(Hole),
    /// A move in the move list: the number of moves played once it is.
    Move(usize),
    /// A line of the start screen, by its number on its page.
    Item(usize),
    /// Anything else.
    Elsewhere,
}

/// What the player asks of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameAction {
    /// Select the mover's hole of this letter (either case).
    Select(char),
    /// Select the next hole that can be sown to the left, as seen on screen.
    SelectLeft,
    /// Select the next hole that can be sown to the right, as seen on screen.
    SelectRight,
    /// Sow the selected hole (or, after a game of a match, start the next).
    Sow,
    /// Take back the last move.
    Undo,
    /// Play the last move taken back again.
    Redo,
    /// Ask the engine for a move.
    Hint,
    /// Turn the move preview on or off.
    TogglePreview,
    /// Once the game is over, put the game-over box aside to see the final
    /// board, or show it again.
    ToggleResult,
    /// Once the game is over, open it in the replay viewer at its last
    /// move; quitting the viewer comes back to the game.
    Review,
    /// Turn the board round, as the player across the table sees it (the
    /// other row at the bottom), or back: a view only, the game unchanged.
    Flip,
    /// Scroll the move list a line back, to older moves.
    OlderMoves,
    /// Scroll the move list a line on, to newer moves.
    NewerMoves,
    /// Start a new game.
    NewGame,
    /// Once a game (not of a match) is over, play it again on the same
    /// board, the players changing rows.
    Rematch,
    /// Once the game is over, go to the start screen.
    Menu,
    /// Save the record where the player can find it.
    Save,
    /// Resign the game, asking first: the player to move, if at this keyboard.
    Resign,
    /// Offer the other player (or the computer) a draw.
    OfferDraw,
}

/// What the player asks of the replay viewer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ViewerAction {
    /// Show the position before the move shown.
    StepBack,
    /// Sow the next move.
    StepForward,
    /// Show the start position.
    Start,
    /// Show the last position.
    End,
    /// Play the record by itself, or pause.
    Autoplay,
    /// A digit of the move number to go to.
    Digit(u8),
    /// Take back the last digit typed.
    EraseDigit,
    /// Forget the number typed.
    CancelGoTo,
    /// Go to the position after the move number typed.
    GoTo,
    /// A game of one's own from the position shown: first, who plays
    /// each side.
    TakeOver,
    /// In that question, the other side's line.
    OtherSide,
    /// In that question, the side's player one step on (1) or back (-1):
    /// a person, then the computer's levels.
    ChangePlayer(i8),
    /// In that question, the game begins.
    BeginGame,
    /// In that question, no game after all.
    CancelGame,
    /// Analysis of each move shown, on or off.
    Analysis,
    /// Turn the board round, or back (as in a game).
    Flip,
    /// End the sowing shown, and forget a number typed.
    Skip,
}

/// What the player asks of the lesson.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LessonAction {
    /// Select the learner's hole of this letter (either case).
    Select(char),
    /// Select the next hole that can be sown to the left.
    SelectLeft,
    /// Select the next hole that can be sown to the right.
    SelectRight,
    /// Sow the selected hole; once the step's move is made, go on; on the
    /// invitation, start the game.
    Sow,
    /// The next step.
    Next,
    /// The step before.
    Back,
    /// This step again from its start.
    Again,
}

/// What the player asks of the start screen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MenuAction {
    /// The line above.
    Up,
    /// The line below.
    Down,
    /// The selected value one step down (a smaller board, a weaker computer).
    Less,
    /// The selected value one step up.
    More,
    /// Choose the selected line.
    Choose,
    /// Back to the menu (on the menu: quit).
    Back,
    /// The menu's new game.
    NewGame,
    /// The menu's unfinished games.
    Continue,
    /// The menu's games to replay.
    Replay,
    /// Learn to play: the lesson.
    Learn,
    /// The menu's results of each player.
    Results,
    /// The puzzles.
    Puzzles,
    /// Start the game set up on the new-game page.
    Play,
    /// Type the path of a record file to replay.
    OpenFile,
    /// A character of the name or path being typed.
    Type(char),
    /// Take back the last character typed.
    Erase,
    /// Keep what was typed.
    Done,
    /// Forget what was typed.
    Cancel,
}

/// What the player asks of the puzzles.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PuzzleAction {
    /// Select the mover's hole of this letter (either case).
    Select(char),
    /// Select the next hole that can be sown to the left.
    SelectLeft,
    /// And to the right.
    SelectRight,
    /// Sow the selected hole: the answer.
    Sow,
    /// The next puzzle (the one rated nearest the player, not yet seen).
    Next,
    /// This puzzle again from its start.
    Again,
}

/// What the player asks of the results page.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ResultsAction {
    /// Select the line above (from the first, the last).
    Up,
    /// Select the line below (from the last, the first).
    Down,
    /// Back to the menu.
    Back,
}
