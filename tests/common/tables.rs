//! The tables the tests and benches build: one width up to some seeds in a
//! folder, on two threads, within the build's own memory limit.

use std::path::Path;

use endodoi::tablebase::{Builder, MEMORY_LIMIT, Progress};

/// A build of the tables of `width` up to `max_seeds` in `dir`.
pub fn builder(dir: &Path, width: u8, max_seeds: u8) -> Builder {
    Builder {
        dir: dir.to_path_buf(),
        width,
        max_seeds,
        threads: 2,
        memory: MEMORY_LIMIT,
    }
}

/// Builds the tables of `width` up to `max_seeds` in `dir`: what it reported.
pub fn build(dir: &Path, width: u8, max_seeds: u8) -> Vec<Progress> {
    try_build(dir, width, max_seeds).expect("the build")
}

/// As [`build`], or why the build was refused.
pub fn try_build(dir: &Path, width: u8, max_seeds: u8) -> anyhow::Result<Vec<Progress>> {
    let builder = builder(dir, width, max_seeds);
    let estimate = builder.estimate()?;
    let mut progress = Vec::new();
    builder.build(&estimate, |step| progress.push(step.clone()))?;
    Ok(progress)
}
