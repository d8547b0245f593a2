//! Help in a game, kept in its record: `[Assist "off"]` for a game played
//! without hints and take-backs, and `[Assisted "South North"]` naming the
//! sides a hint or a take-back helped, so that results can count such games
//! apart. Neither is checked by the reader: a value this program does not
//! write stays a plain tag (any other `Assist` leaves help allowed; an
//! `Assisted` that names something else than the sides helps no side).

use super::{Record, Tags};
use crate::rules::{BySide, Side};

/// The `Assist` tag's value for a game played without hints and take-backs.
const OFF: &str = "off";

impl Record {
    /// Whether the game is played without hints and take-backs: its
    /// `Assist` tag is `off`.
    pub fn assist_off(&self) -> bool {
        self.tag(Tags::ASSIST) == Some(OFF)
    }

    /// Marks the game as played without hints and take-backs (its `Assist`
    /// tag).
    pub fn set_assist_off(&mut self) {
        self.set_tag(Tags::ASSIST, OFF);
    }

    /// The sides a hint or a take-back helped, as the `Assisted` tag names
    /// them; none when there is no such tag or it names anything else than
    /// `South` and `North`.
    ///
    /// ```
    /// use endodoi_core::record::Record;
    /// use endodoi_core::rules::{BySide, Side};
    ///
    /// let mut record = Record::read("[Assisted \"North\"]\n\n1. A *")?;
    /// assert_eq!(record.assisted(), BySide { south: false, north: true });
    /// record.mark_assisted(Side::South);
    /// assert_eq!(record.tag("Assisted"), Some("South North"));
    /// let hostile = Record::read("[Assisted \"North; rm -rf\"]\n\n1. A *")?;
    /// assert_eq!(hostile.assisted(), BySide::default());
    /// # Ok::<(), endodoi_core::record::RecordError>(())
    /// ```
    pub fn assisted(&self) -> BySide<bool> {
        let mut helped = BySide::default();
        for word in self.tag(Tags::ASSISTED).unwrap_or_default().split(' ') {
            match Side::ALL.into_iter().find(|side| side.to_string() == word) {
                Some(side) => helped[side] = true,
                None if word.is_empty() => {}
                None => return BySide::default(),
            }
        }
        helped
    }

    /// Marks `side` as helped by a hint or a take-back (the `Assisted` tag
    /// names it, beside a side it named already).
    pub fn mark_assisted(&mut self, side: Side) {
        let mut helped = self.assisted();
        helped[side] = true;
        let names: Vec<String> = Side::ALL
            .into_iter()
            .filter(|&side| helped[side])
            .map(|side| side.to_string())
            .collect();
        self.set_tag(Tags::ASSISTED, &names.join(" "));
    }
}
