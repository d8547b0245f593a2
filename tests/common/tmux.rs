//! Whether the tests that drive the game in tmux can run. Where tmux is
//! missing they are skipped with a message, except in CI (`CI=true`), where
//! they must run: there a missing tmux fails the test.

use std::process::Command;

/// Whether tmux runs here, for the test `name`; if not, says that the test
/// is skipped.
///
/// # Panics
/// In CI (`CI` set to `true` or `1`) when tmux does not run.
pub fn available(name: &str) -> bool {
    let ci = std::env::var("CI").is_ok_and(|value| matches!(value.as_str(), "true" | "1"));
    runs("tmux", name, ci)
}

/// Whether `program -V` runs; when it does not, a failure in CI, else a
/// skip with a message.
fn runs(program: &str, name: &str, ci: bool) -> bool {
    if Command::new(program).arg("-V").output().is_ok() {
        return true;
    }
    assert!(
        !ci,
        "{name}: {program} is not installed, and in CI (CI=true) the terminal tests must run"
    );
    eprintln!("SKIPPED {name}: {program} is not installed");
    false
}

#[test]
fn a_missing_tmux_is_a_skip_outside_ci_and_a_failure_in_it() {
    let missing = "endodoi-test-no-such-tmux";
    assert!(!runs(missing, "skipped", false));
    let failure = std::panic::catch_unwind(|| runs(missing, "failed", true))
        .expect_err("a missing tmux fails in CI");
    assert_eq!(
        failure.downcast_ref::<String>().map(String::as_str),
        Some(
            "failed: endodoi-test-no-such-tmux is not installed, and in CI (CI=true) the terminal tests must run"
        )
    );
}
