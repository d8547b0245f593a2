//! `endodoi arena --records DIR`: every game of the run kept as a record
//! file of its own, named after its place in the run and written once the
//! game ends, so that a measurement can be replayed and analysed game by game.

use std::collections::HashSet;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, bail};

use super::{GameReport, Plan};
use crate::file::{writable_folder, write_new};
use crate::record::{Record, Tags};

/// The least digits of an opening pair's number in a file name.
const OPENING_DIGITS: usize = 3;

/// The folder that keeps a run's records, and how their files are named:
/// `pP-wWW-oOOO-G.ogn`, P the pairing's number in the plan, WW the width,
/// OOO the opening pair, G `a` when the pairing's first contender plays
/// South and `b` when it plays North; numbers are padded with zeros so that
/// the names sort by pairing, width, opening and colour.
#[derive(Clone, Debug)]
pub struct Records {
    dir: PathBuf,
    /// Digits of a pairing's number, the same for every file of the run.
    pairing_digits: usize,
    /// Digits of an opening pair's number, likewise.
    opening_digits: usize,
}

impl Records {
    /// The records of `plan`'s games in `dir`, checked before any game is
    /// played: `dir` is made (with its parents) if missing, must be a folder
    /// that can be written in, and must hold none of the files the run
    /// would write, so that no measurement is ever overwritten.
    ///
    /// # Errors
    /// When a width is planned twice (its games would share names), `dir` is
    /// not a folder, cannot be made, listed or written in, or already holds
    /// a file of this run (the first one named).
    pub fn open(dir: &Path, plan: &Plan) -> Result<Records> {
        let mut widths = HashSet::new();
        if let Some(width) = plan.widths.iter().find(|&&width| !widths.insert(width)) {
            bail!("width {width} is planned twice, and its games would have the same names");
        }
        writable_folder(dir)?;
        let records = Records {
            dir: dir.to_path_buf(),
            pairing_digits: plan.pairings.len().to_string().len(),
            opening_digits: plan.pairs.to_string().len().max(OPENING_DIGITS),
        };
        let present = std::fs::read_dir(dir)
            .and_then(|entries| {
                entries
                    .map(|entry| entry.map(|entry| entry.file_name()))
                    .collect::<Result<HashSet<OsString>, _>>()
            })
            .with_context(|| format!("cannot list {}", dir.display()))?;
        if !present.is_empty() {
            let mut taken = records
                .names(plan)
                .filter(|name| present.contains(OsStr::new(name)));
            if let Some(first) = taken.next() {
                let others = match taken.count() {
                    0 => String::new(),
                    1 => " (and 1 other file of this run)".to_owned(),
                    more => format!(" (and {more} other files of this run)"),
                };
                bail!(
                    "{} already exists{others}: a run never overwrites records; \
                     choose another folder or move them away",
                    dir.join(first).display()
                );
            }
        }
        Ok(records)
    }

    /// The folder the records are written in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The name of one game's file.
    fn name(&self, pairing: usize, width: u8, opening: u32, first_south: bool) -> String {
        format!(
            "p{pairing:0pairing_digits$}-w{width:02}-o{opening:0opening_digits$}-{}.ogn",
            if first_south { 'a' } else { 'b' },
            pairing_digits = self.pairing_digits,
            opening_digits = self.opening_digits,
        )
    }

    /// The names of every file `plan` would write, in the order of its games.
    fn names<'a>(&'a self, plan: &'a Plan) -> impl Iterator<Item = String> + 'a {
        (1..=plan.pairings.len()).flat_map(move |pairing| {
            plan.widths.iter().flat_map(move |&width| {
                (1..=plan.pairs).flat_map(move |opening| {
                    [true, false].map(|first_south| self.name(pairing, width, opening, first_south))
                })
            })
        })
    }

    /// The record of a game: its moves; `ArenaEvent` the pairing, `Round` the
    /// game's place in the run (its file's name without `.ogn`), `South` and
    /// `North` the contenders as the arena names them, and after a forfeit
    /// `Termination` saying who forfeited, at which ply and why (the result
    /// is then `*`: the game did not end by the rules).
    pub fn record(&self, report: &GameReport) -> Record {
        let [south, north] = &report.players;
        let (first, second) = if report.first_south {
            (south, north)
        } else {
            (north, south)
        };
        let name = self.name(
            report.pairing,
            report.width,
            report.opening,
            report.first_south,
        );
        let mut record = Record::new(report.game.clone());
        record.set_tag(Tags::EVENT, &format!("endodoi arena: {first} vs {second}"));
        record.set_tag(Tags::ROUND, name.trim_end_matches(".ogn"));
        record.set_tag(Tags::SOUTH, south);
        record.set_tag(Tags::NORTH, north);
        if let Some(forfeit) = report.forfeit_text() {
            record.set_tag(Tags::TERMINATION, &forfeit);
        }
        record
    }

    /// Writes the record of a game that has ended in a new file; its path.
    ///
    /// # Errors
    /// When the file cannot be written or already exists: the message names
    /// it and says why.
    pub fn write(&self, report: &GameReport) -> Result<PathBuf> {
        let path = self.dir.join(self.name(
            report.pairing,
            report.width,
            report.opening,
            report.first_south,
        ));
        write_new(&path, &self.record(report).to_string())?;
        Ok(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::Contender;

    fn planned(pairings: usize, widths: Vec<u8>, pairs: u32) -> Plan {
        Plan {
            pairings: vec![(Contender::Minimax, Contender::Minimax); pairings],
            widths,
            pairs,
            seed: 1,
            threads: 1,
        }
    }

    #[test]
    fn names_are_padded_to_sort_in_the_order_of_the_games_and_never_repeat() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let plan = planned(12, vec![6, 8, 10], 1000);
        let records = Records::open(dir.path(), &plan).expect("an empty folder");
        let names: Vec<String> = records.names(&plan).collect();
        assert_eq!(names.len(), 12 * 3 * 1000 * 2);
        assert_eq!(
            [&names[0], &names[1], &names[2], &names[1999], &names[2000]],
            [
                "p01-w06-o0001-a.ogn",
                "p01-w06-o0001-b.ogn",
                "p01-w06-o0002-a.ogn",
                "p01-w06-o1000-b.ogn",
                "p01-w08-o0001-a.ogn",
            ]
        );
        assert_eq!(names[names.len() - 1], "p12-w10-o1000-b.ogn");
        assert!(names.windows(2).all(|pair| pair[0] < pair[1]), "sorted");
        let short = planned(1, vec![6], 1);
        let records = Records::open(dir.path(), &short).expect("an empty folder");
        assert_eq!(
            records.names(&short).collect::<Vec<_>>(),
            ["p1-w06-o001-a.ogn", "p1-w06-o001-b.ogn"]
        );
    }

    #[test]
    fn a_width_planned_twice_is_refused_before_the_folder_is_made() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let folder = dir.path().join("records");
        let error = Records::open(&folder, &planned(1, vec![6, 8, 6], 1)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "width 6 is planned twice, and its games would have the same names"
        );
        assert!(!folder.exists());
    }
}
