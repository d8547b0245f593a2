//! The tags of a record: `[Name "Value"]` pairs, in record order.

/// The tags of a record other than the four its game determines
/// ([`Tags::GAME`]), in record order, with names as written: a tag the
/// program does not know is kept and written back in its place.
///
/// ```
/// use endodoi_core::record::Tags;
///
/// let mut tags = Tags::default();
/// tags.set(Tags::SOUTH, "Naserian");
/// tags.set("Annotator", "line one\nline two");
/// tags.set(Tags::SOUTH, "Lekishon");
/// assert_eq!(tags.get(Tags::SOUTH), Some("Lekishon"));
/// assert_eq!(
///     tags.iter().collect::<Vec<_>>(),
///     [("South", "Lekishon"), ("Annotator", "line one line two")]
/// );
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags(Vec<(String, String)>);

impl Tags {
    /// The variant: `En Dodoi` or `Cross-Endodoi` (determined by the game).
    pub const VARIANT: &str = "Variant";
    /// Holes in a row (determined by the game).
    pub const WIDTH: &str = "Width";
    /// Seeds per hole at the start (determined by the game).
    pub const SEEDS: &str = "Seeds";
    /// `S-N` once the game is over, else `*` (determined by the game).
    pub const RESULT: &str = "Result";
    /// The tags the game determines, in the order the writer puts them (the
    /// result last, after all other tags). The reader knows them whatever
    /// their case.
    pub const GAME: [&str; 4] = [Tags::VARIANT, Tags::WIDTH, Tags::SEEDS, Tags::RESULT];
    /// The event the game was played at.
    pub const EVENT: &str = "Event";
    /// Where it was played.
    pub const SITE: &str = "Site";
    /// When it was played, `YYYY.MM.DD`.
    pub const DATE: &str = "Date";
    /// The game's number in its match or event.
    pub const ROUND: &str = "Round";
    /// South's player.
    pub const SOUTH: &str = "South";
    /// North's player.
    pub const NORTH: &str = "North";
    /// Wins needed to take the match, on each of its games.
    pub const MATCH: &str = "Match";
    /// The match score before this game, South's player first.
    pub const SCORE: &str = "Score";
    /// How a game ended when not by the rules: an
    /// [`Ending`](super::Ending) in its words (`South resigned`), or free
    /// text, as `endodoi arena` writes for a forfeit (who, at which ply,
    /// why); the result is then `*`, the game unfinished by the rules.
    pub const TERMINATION: &str = "Termination";
    /// The time control, as PGN writes it: seconds at the start, `+`,
    /// seconds a move (`300+3`).
    pub const TIME_CONTROL: &str = "TimeControl";
    /// Each player's time left, South's first, to tenths of a second
    /// (`4:12.3 3:58.0`).
    pub const CLOCK: &str = "Clock";
    /// `off` for a game played without hints and take-backs (see
    /// [`Record::assist_off`](super::Record::assist_off)).
    pub const ASSIST: &str = "Assist";
    /// The sides helped by a hint or a take-back, South first (`South`,
    /// `North`, `South North`; see [`Record::assisted`](super::Record::assisted)).
    pub const ASSISTED: &str = "Assisted";

    /// The value of a tag.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// Sets a tag (other than those in [`Tags::GAME`]), keeping its place if
    /// it is already there. A tag value is one line: line breaks and other
    /// control characters become spaces.
    pub fn set(&mut self, name: &str, value: &str) {
        debug_assert!(!Tags::GAME.contains(&name), "{name} follows from the game");
        let value = one_line(value);
        match self.0.iter_mut().find(|(tag, _)| tag == name) {
            Some((_, old)) => *old = value,
            None => self.0.push((name.to_owned(), value)),
        }
    }

    /// Removes a tag, giving back its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let at = self.0.iter().position(|(tag, _)| tag == name)?;
        Some(self.0.remove(at).1)
    }

    /// The tags as `(name, value)`, in record order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()))
    }

    /// How many tags there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds a tag the reader found, after the others: the reader has already
    /// checked that the name is new, faster than [`set`](Tags::set) can.
    pub(super) fn push_new(&mut self, name: &str, value: &str) {
        self.0.push((name.to_owned(), one_line(value)));
    }
}

/// A tag value as one line: control characters become spaces.
fn one_line(value: &str) -> String {
    value
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}
