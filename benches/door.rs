//! The direct mode's door under strangers, measured on the real programs:
//! each `endodoi host --listen` given (by default this tree's release
//! build; give an older build too to compare, e.g. one made in a `git
//! worktree` of the commit before the door was rebuilt) runs in a private
//! tmux server, and attackers written here with
//! the library's own cryptography try it on loopback:
//!
//! - **guesser**: one address sends codes for 10 s without waiting to hear
//!   whether the last was right, the right code its 20th: the codes tested
//!   (answered with a key) a second, and whether the right one got in;
//! - **flood**: 10,000 wrong codes from 200 addresses (127.0.2.x), about
//!   2,000 a second, a fifth of the connections silent: the codes tested,
//!   the host's peak threads and descriptors (`/proc/PID/status`,
//!   `/proc/PID/fd`), and the time the seat's player (100 ms away: it
//!   waits that long before its hello) takes to be let in again meanwhile;
//! - **churn**: 80 new connections a second from 32 addresses for 10 s,
//!   each a wrong code (one in five silent), the seat's player coming back
//!   five times meanwhile.
//!
//! Each binary runs [`RUNS`] times; the medians are printed side by side.
//!
//! `cargo build --release && cargo bench --bench door [-- BINARY...]`

// What the tests share: the bench uses part of it.
#[path = "../tests/common/ci.rs"]
mod ci;
#[allow(dead_code)]
#[path = "../tests/common/peer.rs"]
mod peer;
#[allow(dead_code)]
#[path = "../tests/common/tmux.rs"]
mod tmux;

use peer::first_line;

use std::io::{BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::thread::{self, sleep};
use std::time::{Duration, Instant};

use endodoi::net::secure::{Agreement, End, KeyPurpose, Opener, Sealer, Seat};
use endodoi::net::wire::{Message, VERSION};
use endodoi::record::Record;
use endodoi::rules::{Config, Game};

const CODE: &str = "k4p9xm";

/// Runs of each scenario for each binary.
const RUNS: usize = 3;

/// How long a rejoin may take before it counts as kept out.
const PATIENCE: Duration = Duration::from_secs(20);

/// A knock on `password` (as the seat's player with `seat`), as
/// [`peer::sealed_knock`] makes it.
fn knock(
    stream: &TcpStream,
    password: &[u8],
    seat: Option<&Seat>,
) -> Result<(Sealer, Opener, BufReader<TcpStream>), String> {
    peer::sealed_knock(stream, password, seat, spoken(), Duration::from_secs(5))
}

/// The protocol version of the host under test: this tree's, or the one an
/// older build says it speaks when it refuses ours.
static SPOKEN: AtomicU32 = AtomicU32::new(VERSION);

fn spoken() -> u32 {
    SPOKEN.load(Ordering::Relaxed)
}

/// Asks the host at `address` which version it speaks: a knock of ours
/// for a seat it does not hold (no code is tried, no wait begins), and the
/// version its refusal names, if any.
fn learn_version(address: SocketAddr) {
    let Ok(stream) = TcpStream::connect(address) else {
        return;
    };
    let _ = (&stream).write_all(format!("knock {VERSION} rejoin 0123456789abcdef ?\n").as_bytes());
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let line = first_line(&mut BufReader::new(stream));
    let theirs = line
        .split("this host speaks ")
        .nth(1)
        .and_then(|rest| rest.trim_end_matches(')').parse().ok());
    SPOKEN.store(theirs.unwrap_or(VERSION), Ordering::Relaxed);
}

fn game_line(sealer: &mut Sealer) -> String {
    let record = Record::new(Game::new(Config::default()));
    sealer.seal(&Message::Game(record.to_string()).to_string())
}

/// Takes the seat with the code: the seat, the connection then closed.
fn take_seat(address: SocketAddr) -> Seat {
    let stream = TcpStream::connect(address).expect("the host answers");
    let (agreement, message) = Agreement::start(CODE.as_bytes(), KeyPurpose::Join);
    (&stream)
        .write_all(format!("knock {} join {message}\n", spoken()).as_bytes())
        .expect("a knock");
    let mut reader = BufReader::new(stream.try_clone().expect("a copy"));
    let answer = first_line(&mut reader);
    let key = agreement
        .finish(answer.strip_prefix("answer ").expect("an answer"))
        .expect("a key");
    let (mut sealer, mut opener) = key.channel(End::Joiner);
    (&stream)
        .write_all(format!("{}\n", sealer.seal("hello Lekishon")).as_bytes())
        .expect("a hello");
    let welcome = opener.open(&first_line(&mut reader)).expect("a welcome");
    assert!(welcome.starts_with("welcome"), "{welcome}");
    key.seat()
}

/// The seat's player, 100 ms away, comes back until it is let in: how long
/// it took, or `None` after [`PATIENCE`].
fn rejoin(address: SocketAddr, seat: &Seat) -> Option<Duration> {
    let start = Instant::now();
    while start.elapsed() < PATIENCE {
        if let Ok(stream) = TcpStream::connect(address)
            && let Ok((mut sealer, mut opener, mut reader)) =
                knock(&stream, &seat.password(), Some(seat))
        {
            sleep(Duration::from_millis(100));
            let lines = format!(
                "{}\n{}\n",
                sealer.seal("hello Lekishon"),
                game_line(&mut sealer)
            );
            let welcomed = (&stream).write_all(lines.as_bytes()).is_ok()
                && opener
                    .open(&first_line(&mut reader))
                    .is_some_and(|line| line.starts_with("welcome"));
            if welcomed {
                return Some(start.elapsed());
            }
        }
        sleep(Duration::from_millis(100));
    }
    None
}

/// A host program under test, in its own tmux server.
struct Hosted {
    _server: tmux::Server,
    address: SocketAddr,
    pid: u32,
}

impl Hosted {
    fn start(binary: &str) -> Hosted {
        let server = tmux::Server::new("door bench").expect("tmux");
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let address = SocketAddr::from(([127, 0, 0, 1], port));
        let home = server.root().join("home");
        let home = home.display();
        let command = format!(
            "exec env HOME={home} XDG_DATA_HOME={home}/data XDG_CONFIG_HOME={home}/config \
             TERM=xterm-256color {binary} host --listen {address} --code {CODE}"
        );
        let out = server.tmux(&[
            "new-session",
            "-d",
            "-s",
            "host",
            "-x",
            "120",
            "-y",
            "40",
            &command,
        ]);
        assert!(out.status.success(), "tmux: {out:?}");
        let start = Instant::now();
        while TcpStream::connect(address).is_err() {
            assert!(start.elapsed() < PATIENCE, "{binary} does not listen");
            sleep(Duration::from_millis(50));
        }
        let pid = server.pane_pid("host").parse().expect("a pid");
        learn_version(address);
        Hosted {
            _server: server,
            address,
            pid,
        }
    }

    /// Samples the host's threads and descriptors while `running`: the peaks.
    fn peaks(&self, running: &Arc<AtomicBool>) -> thread::JoinHandle<(usize, usize)> {
        let pid = self.pid;
        let running = Arc::clone(running);
        thread::spawn(move || {
            let mut peak = (0, 0);
            while running.load(Ordering::Relaxed) {
                let (threads, fds) = counts(pid);
                peak = (peak.0.max(threads), peak.1.max(fds));
                sleep(Duration::from_millis(20));
            }
            peak
        })
    }
}

/// The threads and open descriptors of process `pid` now.
fn counts(pid: u32) -> (usize, usize) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let threads = status
        .lines()
        .find_map(|line| line.strip_prefix("Threads:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0);
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, Iterator::count);
    (threads, fds)
}

/// One address guesses for 10 s without waiting for verdicts, the right
/// code 20th: codes tested a second, and whether the right one got in.
fn guesser(binary: &str) -> (f64, bool) {
    let hosted = Hosted::start(binary);
    let start = Instant::now();
    let mut tested = 0;
    let mut right = None;
    let mut guess = 0;
    while start.elapsed() < Duration::from_secs(10) {
        guess += 1;
        let code = if guess == 20 {
            CODE.to_owned()
        } else {
            format!("wrong{guess:05}")
        };
        let Ok(stream) = TcpStream::connect(hosted.address) else {
            continue;
        };
        if let Ok((mut sealer, opener, reader)) = knock(&stream, code.as_bytes(), None) {
            tested += 1;
            let _ = (&stream).write_all(format!("{}\n", sealer.seal("hello Eve")).as_bytes());
            if guess == 20 {
                right = Some((stream, opener, reader));
            }
        }
    }
    let rate = f64::from(tested) / start.elapsed().as_secs_f64();
    let got_in = right.is_some_and(|(_, mut opener, mut reader)| {
        opener
            .open(&first_line(&mut reader))
            .is_some_and(|line| line.starts_with("welcome"))
    });
    (rate, got_in)
}

/// Connections from `addresses` loopback addresses at about `per_second`,
/// `total` of them, until `running` is unset: each sends `line` (nothing
/// when it is empty) and is closed, but the last 32 silent ones are kept.
fn flood(
    address: SocketAddr,
    (addresses, per_second, total): (u32, u32, u32),
    line: String,
    running: Arc<AtomicBool>,
) -> thread::JoinHandle<()> {
    thread::spawn(move || {
        let start = Instant::now();
        let mut silent = Vec::new();
        for n in 0..total {
            if !running.load(Ordering::Relaxed) {
                break;
            }
            let due = start + Duration::from_secs_f64(f64::from(n) / f64::from(per_second));
            sleep(due.saturating_duration_since(Instant::now()));
            let local = SocketAddr::from(([127, 0, 2, (n % addresses + 1) as u8], 0));
            let Ok(mut stream) = peer::bind_and_connect(local, address) else {
                continue;
            };
            if line.is_empty() || n % 5 == 0 {
                silent.push(stream);
                if silent.len() > 32 {
                    silent.remove(0);
                }
            } else {
                let _ = stream.write_all(line.as_bytes());
            }
        }
        running.store(false, Ordering::Relaxed);
    })
}

/// 10,000 wrong codes from 200 addresses: codes tested a second, peak
/// threads and descriptors, the seat's player's time to come back.
fn flooded(binary: &str) -> (f64, usize, usize, Option<Duration>) {
    let hosted = Hosted::start(binary);
    let seat = take_seat(hosted.address);
    sleep(Duration::from_millis(500));
    let (_, message) = Agreement::start(b"wrong", KeyPurpose::Join);
    let guess = format!("knock {} join {message}\nbm90IGEgaGVsbG8=\n", spoken());
    let running = Arc::new(AtomicBool::new(true));
    let peaks = hosted.peaks(&running);
    // A second flood of the same kind, from 127.0.3.x, counts what is tested.
    let tested = Arc::new(AtomicUsize::new(0));
    let counter = {
        let (tested, running, address) =
            (Arc::clone(&tested), Arc::clone(&running), hosted.address);
        thread::spawn(move || {
            let mut n = 0u8;
            while running.load(Ordering::Relaxed) {
                n = n % 200 + 1;
                let local = SocketAddr::from(([127, 0, 3, n], 0));
                if let Ok(stream) = peer::bind_and_connect(local, address)
                    && knock(&stream, b"wrong", None).is_ok()
                {
                    tested.fetch_add(1, Ordering::Relaxed);
                }
            }
        })
    };
    let start = Instant::now();
    let attack = flood(
        hosted.address,
        (200, 2_000, 10_000),
        guess,
        Arc::clone(&running),
    );
    sleep(Duration::from_secs(1));
    let back = rejoin(hosted.address, &seat);
    attack.join().expect("the flood");
    let seconds = start.elapsed().as_secs_f64();
    counter.join().expect("the counter");
    let (threads, fds) = peaks.join().expect("the counts");
    (
        tested.load(Ordering::Relaxed) as f64 / seconds,
        threads,
        fds,
        back,
    )
}

/// 80 new connections a second from 32 addresses for 10 s, each a wrong
/// code (one in five silent): the seat's player's slowest of five
/// comebacks, and how many got in.
fn churned(binary: &str) -> (Option<Duration>, usize) {
    let hosted = Hosted::start(binary);
    let seat = take_seat(hosted.address);
    sleep(Duration::from_millis(500));
    let (_, message) = Agreement::start(b"wrong", KeyPurpose::Join);
    let guess = format!("knock {} join {message}\nbm90IGEgaGVsbG8=\n", spoken());
    let running = Arc::new(AtomicBool::new(true));
    let attack = flood(hosted.address, (32, 80, 800), guess, Arc::clone(&running));
    let mut times = Vec::new();
    for _ in 0..5 {
        sleep(Duration::from_secs(1));
        times.extend(rejoin(hosted.address, &seat));
    }
    running.store(false, Ordering::Relaxed);
    attack.join().expect("the churn");
    (times.iter().max().copied(), times.len())
}

fn median<T: PartialOrd + Copy>(mut values: Vec<T>) -> T {
    values.sort_by(|a, b| a.partial_cmp(b).expect("comparable"));
    values[values.len() / 2]
}

fn shown(time: Option<Duration>) -> String {
    time.map_or_else(
        || format!(">{} s", PATIENCE.as_secs()),
        |t| format!("{:.2} s", t.as_secs_f64()),
    )
}

fn main() {
    let given: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let binaries = if given.is_empty() {
        vec![concat!(env!("CARGO_MANIFEST_DIR"), "/target/release/endodoi").to_owned()]
    } else {
        given
    };
    if !tmux::available("door bench") {
        return;
    }
    for binary in &binaries {
        let mut rates = Vec::new();
        let mut right_in = 0;
        let mut flood_rates = Vec::new();
        let (mut threads, mut fds, mut backs) = (Vec::new(), Vec::new(), Vec::new());
        let (mut churns, mut churn_in) = (Vec::new(), Vec::new());
        for _ in 0..RUNS {
            let (rate, got_in) = guesser(binary);
            rates.push(rate);
            right_in += usize::from(got_in);
            let (rate, peak_threads, peak_fds, back) = flooded(binary);
            flood_rates.push(rate);
            threads.push(peak_threads);
            fds.push(peak_fds);
            backs.push(back.unwrap_or(PATIENCE + Duration::from_secs(1)));
            let (slowest, got_in) = churned(binary);
            churns.push(slowest.unwrap_or(PATIENCE + Duration::from_secs(1)));
            churn_in.push(got_in);
        }
        let back = median(backs);
        let churn = median(churns);
        println!("{binary} (medians of {RUNS} runs)");
        println!(
            "  one pipelining address: {:.1} codes tested/s; right code (20th) got in {right_in} of {RUNS} runs",
            median(rates)
        );
        println!(
            "  10,000 guesses from 200 addresses: {:.2} codes tested/s (a 2nd flood's); peak {} threads, {} fds; seat's player back in {}",
            median(flood_rates),
            median(threads),
            median(fds),
            shown((back <= PATIENCE).then_some(back)),
        );
        println!(
            "  80 guesses/s from 32 addresses: seat's player back in {} at worst of 5 (median run), {} of 5 got in",
            shown((churn <= PATIENCE).then_some(churn)),
            median(churn_in),
        );
    }
}
