//! A private tmux server for the tests that drive the game in tmux, and
//! whether they can run. Where tmux is missing they are skipped with a
//! message, except in CI (`CI=true`), where they must run: there a missing
//! tmux fails the test.

use std::path::Path;
use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// A tmux server of one test's own: its socket in a temporary folder (which
/// also holds the players' homes), so that two tests never reach each
/// other's sessions. Killed when dropped.
pub struct Server {
    root: tempfile::TempDir,
}

impl Server {
    /// A server for the test `name`, or `None` (after saying so) without tmux.
    pub fn new(name: &str) -> Option<Server> {
        available(name).then(|| Server {
            root: tempfile::tempdir().expect("a temporary folder"),
        })
    }

    /// The test's temporary folder.
    pub fn root(&self) -> &Path {
        self.root.path()
    }

    fn socket(&self) -> std::path::PathBuf {
        self.root().join("tmux.sock")
    }

    /// Runs tmux with `args` on this server.
    pub fn tmux(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-S")
            .arg(self.socket())
            .args(["-f", "/dev/null"])
            .args(args)
            .output()
            .expect("tmux runs")
    }

    /// Runs the shell command `command` in the new session `session`,
    /// `width`×`height`, in the server's folder, which is also its home
    /// (`HOME`, `XDG_DATA_HOME` in `data`, `XDG_CONFIG_HOME` in `config`,
    /// `TMPDIR` in `tmp`), with `TERM=xterm-256color`.
    pub fn start(&self, session: &str, (width, height): (u16, u16), command: &str) {
        let home = self.root().display().to_string();
        std::fs::create_dir_all(self.root().join("tmp")).expect("a temporary folder");
        let (width, height) = (width.to_string(), height.to_string());
        let env = [
            format!("HOME={home}"),
            format!("XDG_DATA_HOME={home}/data"),
            format!("XDG_CONFIG_HOME={home}/config"),
            format!("TMPDIR={home}/tmp"),
            "TERM=xterm-256color".to_owned(),
        ];
        let mut args = vec![
            "new-session",
            "-d",
            "-s",
            session,
            "-x",
            &width,
            "-y",
            &height,
        ];
        for pair in &env {
            args.extend(["-e", pair]);
        }
        let command = format!("cd '{home}' && {command}");
        args.push(&command);
        // A server whose last session has just ended may still be going
        // away, and refuse the new one: its socket is then removed, so that
        // the next try starts a server of its own.
        for tries in 1.. {
            let output = self.tmux(&args);
            if output.status.success() {
                break;
            }
            assert!(tries < 50, "tmux: {output:?}");
            if !self.tmux(&["list-sessions"]).status.success() {
                let _ = std::fs::remove_file(self.socket());
            }
            sleep(Duration::from_millis(20));
        }
    }

    /// What `session`'s pane shows, a line wrapped by the terminal joined.
    pub fn screen(&self, session: &str) -> String {
        let output = self.tmux(&["capture-pane", "-p", "-J", "-t", session]);
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// What `session`'s pane shows once it shows `text`, waiting at most
    /// `patience`.
    pub fn wait_for(&self, session: &str, text: &str, patience: Duration) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen(session);
            if screen.contains(text) {
                return screen;
            }
            assert!(
                start.elapsed() < patience,
                "waited for {text:?} in {session}; the screen shows:\n{screen}"
            );
            sleep(Duration::from_millis(20));
        }
    }

    /// The process ID of the program in `session`'s pane.
    pub fn pane_pid(&self, session: &str) -> String {
        let output = self.tmux(&["display-message", "-p", "-t", session, "#{pane_pid}"]);
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
    }

    /// Waits (at most `patience`) until `session` has ended. When it was the
    /// server's last, the server ends too, but not at once: its socket is
    /// removed so that the next session gets a server of its own rather than
    /// reaching the dying one (tmux then fails with "server exited
    /// unexpectedly").
    pub fn wait_for_exit(&self, session: &str, patience: Duration) {
        let start = Instant::now();
        while self.tmux(&["has-session", "-t", session]).status.success() {
            assert!(start.elapsed() < patience, "{session} did not exit");
            sleep(Duration::from_millis(20));
        }
        if !self.tmux(&["list-sessions"]).status.success() {
            let _ = std::fs::remove_file(self.socket());
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
    }
}

/// Whether tmux runs here, for the test `name`; if not, says that the test
/// is skipped.
///
/// # Panics
/// In CI (`CI` set to `true` or `1`) when tmux does not run.
pub fn available(name: &str) -> bool {
    let ci = super::ci::in_ci();
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
