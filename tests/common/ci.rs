//! Whether the tests run in CI (`CI` set to `true` or `1`), where a tool a
//! test needs (tmux, the mailbox server, a browser) must be there: a
//! missing one fails the test instead of skipping it.

/// Whether `CI` says the tests run in CI.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| matches!(value.as_str(), "true" | "1"))
}
