//! A real magic-wormhole mailbox server on loopback, for the online-play tests.
//!
//! [`Mailbox::start`] launches the Python `magic-wormhole-mailbox-server`
//! (`twist wormhole-mailbox`) on a free port of 127.0.0.1, in a temporary
//! folder of its own, and waits until it accepts connections. Dropping the
//! [`Mailbox`] kills the server, reaps it and removes the folder.
//!
//! The server is looked up at `$ENDODOI_MAILBOX_TWIST` if that is set, else at
//! `target/mailbox-venv/bin/twist` under the package root, which
//! `.ci/mailbox-server` installs. When it is missing, tests are skipped
//! (`start` returns `None`), except in CI (`CI` set to `true` or `1`, as for
//! tmux in `tmux.rs`), where that is a failure.

use std::fs;
use std::io::Read;
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Environment variable naming the `twist` executable to use.
pub const TWIST_ENV: &str = "ENDODOI_MAILBOX_TWIST";

/// How long the server may take to start listening.
const START_TIMEOUT: Duration = Duration::from_secs(30);

/// How many times to retry when another process took the chosen port.
const PORT_ATTEMPTS: u32 = 3;

/// Counter making temporary folder names unique within this process.
static DIR_COUNTER: AtomicU32 = AtomicU32::new(0);

/// A running mailbox server, killed when dropped.
#[derive(Debug)]
pub struct Mailbox {
    /// The server process.
    child: Child,
    /// The loopback port it listens on.
    port: u16,
    /// The folder it runs in; removed on drop.
    dir: PathBuf,
}

impl Mailbox {
    /// Starts a mailbox server on a free loopback port and waits until it
    /// accepts connections.
    ///
    /// Returns `None` (after saying on stderr that the test is skipped) when
    /// the server is not installed and this is not CI.
    ///
    /// # Panics
    ///
    /// Panics when the server is not installed in CI, when it
    /// cannot be launched, when it exits before listening, or when it is not
    /// listening within 30 seconds; the message names the command and quotes
    /// what the server wrote.
    #[must_use]
    pub fn start() -> Option<Self> {
        let twist = find_twist()?;
        let mut last_failure = String::new();
        for _ in 0..PORT_ATTEMPTS {
            match Self::launch(&twist) {
                Ok(mailbox) => return Some(mailbox),
                Err(failure) => last_failure = failure,
            }
        }
        panic!("{last_failure}");
    }

    /// The websocket URL clients connect to: `ws://127.0.0.1:PORT/v1`.
    #[must_use]
    pub fn url(&self) -> String {
        format!("ws://127.0.0.1:{}/v1", self.port)
    }

    /// One launch on a fresh port. `Err` only when the server could not listen
    /// there, e.g. because someone else took the port in the meantime (worth
    /// retrying); panics on other failures.
    fn launch(twist: &Path) -> Result<Self, String> {
        let port = free_port();
        let dir = make_temp_dir();
        let endpoint = format!("--port=tcp:{port}:interface=127.0.0.1");
        let command = format!(
            "{} wormhole-mailbox {endpoint} --channel-db=:memory: (in {})",
            twist.display(),
            dir.display()
        );
        let log = |name: &str| {
            fs::File::create(dir.join(name))
                .unwrap_or_else(|e| panic!("cannot create {name} in {}: {e}", dir.display()))
        };
        let spawned = Command::new(twist)
            .arg("wormhole-mailbox")
            .arg(&endpoint)
            .arg("--channel-db=:memory:")
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(log("stdout.log"))
            .stderr(log("stderr.log"))
            .spawn();
        let child = match spawned {
            Ok(child) => child,
            Err(e) => {
                let _ = fs::remove_dir_all(&dir);
                panic!("cannot launch the mailbox server `{command}`: {e}");
            }
        };
        let mut mailbox = Self { child, port, dir };
        let started = Instant::now();
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        // The server says on which port it started: with that, a connection
        // that succeeds is to this server, not to another program that took
        // the port in the meantime.
        let started_here = format!("starting on {port}\"");
        loop {
            if mailbox.stdout().contains(&started_here)
                && TcpStream::connect_timeout(&address, Duration::from_millis(200)).is_ok()
            {
                return Ok(mailbox);
            }
            if let Ok(Some(status)) = mailbox.child.try_wait() {
                let output = mailbox.output();
                let failure = format!(
                    "the mailbox server `{command}` exited with {status} before listening; \
                     it wrote:\n{output}"
                );
                if output.contains("Address already in use") {
                    return Err(failure);
                }
                drop(mailbox);
                panic!("{failure}");
            }
            // twist logs a failed listen but keeps running: catch it here.
            let output = mailbox.output();
            if output.contains("CannotListenError") {
                drop(mailbox);
                return Err(format!(
                    "the mailbox server `{command}` could not listen; it wrote:\n{output}"
                ));
            }
            if started.elapsed() > START_TIMEOUT {
                let output = mailbox.output();
                drop(mailbox);
                panic!(
                    "the mailbox server `{command}` was not listening after {}s; \
                     it wrote:\n{output}",
                    START_TIMEOUT.as_secs()
                );
            }
            thread::sleep(Duration::from_millis(50));
        }
    }

    /// What the server wrote to `name` (`stdout.log`, `stderr.log`) so far.
    fn read(&self, name: &str) -> String {
        let mut text = String::new();
        if let Ok(mut file) = fs::File::open(self.dir.join(name)) {
            let _ = file.read_to_string(&mut text);
        }
        text
    }

    /// What the server wrote to stdout so far (its log, a JSON object a line).
    fn stdout(&self) -> String {
        self.read("stdout.log")
    }

    /// What the server wrote so far: all of stderr and the tail of stdout.
    fn output(&self) -> String {
        let stdout = self.stdout();
        let tail_start = stdout
            .char_indices()
            .rev()
            .nth(4000)
            .map_or(0, |(index, _)| index);
        format!(
            "--- stderr ---\n{}\n--- stdout (tail) ---\n{}",
            self.read("stderr.log"),
            &stdout[tail_start..]
        )
    }
}

impl Drop for Mailbox {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// Where `twist` is, or `None` if it is missing outside CI.
fn find_twist() -> Option<PathBuf> {
    let path = match std::env::var_os(TWIST_ENV) {
        Some(path) if !path.is_empty() => PathBuf::from(path),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("target/mailbox-venv/bin/twist"),
    };
    let ci = super::ci::in_ci();
    twist_at(path, ci)
}

/// `path` if it is a file; else, outside CI, `None` after saying that the
/// test is skipped.
///
/// # Panics
/// In CI (`ci`) when `path` is not a file.
fn twist_at(path: PathBuf, ci: bool) -> Option<PathBuf> {
    if path.is_file() {
        return Some(path);
    }
    assert!(
        !ci,
        "the mailbox server is not installed at {}, and in CI (CI=true) the online-play tests \
         must run: run `.ci/mailbox-server` first (or set {TWIST_ENV} to a `twist` executable)",
        path.display()
    );
    eprintln!(
        "SKIPPED: the mailbox server is not installed at {}; install it with \
         `.ci/mailbox-server` (needs python3 and PyPI) or set {TWIST_ENV} to a `twist` executable",
        path.display()
    );
    None
}

/// A loopback port that was free a moment ago.
fn free_port() -> u16 {
    match TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).and_then(|listener| listener.local_addr()) {
        Ok(address) => address.port(),
        Err(e) => panic!("cannot find a free loopback port: {e}"),
    }
}

/// A new, empty folder under the system's temporary folder.
fn make_temp_dir() -> PathBuf {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.subsec_nanos());
    loop {
        let count = DIR_COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!(
            "endodoi-mailbox-{}-{nanos}-{count}",
            std::process::id()
        ));
        match fs::create_dir(&dir) {
            Ok(()) => return dir,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => panic!("cannot create a folder at {}: {e}", dir.display()),
        }
    }
}

#[test]
fn a_missing_mailbox_server_is_a_skip_outside_ci_and_a_failure_in_it() {
    let missing = PathBuf::from("/nonexistent/endodoi-test-no-such-twist");
    assert_eq!(twist_at(missing.clone(), false), None);
    let failure = std::panic::catch_unwind(|| twist_at(missing, true))
        .expect_err("a missing server fails in CI");
    let message = failure.downcast_ref::<String>().map_or("", String::as_str);
    assert!(
        message.starts_with(
            "the mailbox server is not installed at /nonexistent/endodoi-test-no-such-twist, \
             and in CI (CI=true) the online-play tests must run"
        ),
        "{message}"
    );
}
