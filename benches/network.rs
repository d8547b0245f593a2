//! Criterion benches of play across the network: the time from a move sent
//! by one end (its `Effect::Send` handed to its runner) to the other end's
//! app having applied it (its news brought in played the move), over the direct mode
//! on loopback and through a magic-wormhole mailbox server on loopback
//! (`tests/common/mailbox.rs`; that group is skipped, with a note, when the
//! server is not installed: `.ci/mailbox-server`).
//!
//! Both ends run in this process, driven as the event loop drives them
//! (keys, effects, pump; no files) but polled without a pause: the figures
//! leave out the terminal loop's wake-up on news and the drawing.
//! Before criterion's own measurement, each mode plays [`MOVES`] moves and
//! prints their median, 90th percentile and slowest. A new game is begun
//! (`n` at the host) whenever one ends: the host's first move of a game
//! follows its `next game` line at once.

#[path = "../tests/common/ci.rs"]
mod ci;
#[path = "../tests/common/keys.rs"]
mod keys;
#[path = "../tests/common/mailbox.rs"]
mod mailbox;

use std::thread;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};

use endodoi::app::{Answer, App, Connection, Match, Network, Role, Setting};
use endodoi::net::{Admission, Host, JoinError, Joined, Link, Pass, ProtocolTimes, Way};
use endodoi::rules::{Config, Hole, Side};
use endodoi::save::Store;
use endodoi::terminal::{Runner, bring_news, carry_out};
use keys::type_keys;

/// The join code of the direct mode.
const CODE: &str = "k4p9xm";

/// The moves timed one by one for the median and the slowest.
const MOVES: usize = 50;

/// How long a move or a join may take before the bench gives up.
const PATIENCE: Duration = Duration::from_secs(20);

/// One end: its app and the runner of its effects, which holds its link.
struct End {
    app: App,
    runner: Runner,
}

impl End {
    /// The end of `app` playing through `link`, keeping no file.
    fn new(app: App, link: Link) -> End {
        let store = Store::new(None, None, Vec::new());
        End {
            app,
            runner: Runner::new(store, None, Some(link)),
        }
    }

    /// The news to the app, then its effects carried out (autosave off).
    fn turn(&mut self) {
        bring_news(&mut self.runner, &mut self.app);
        self.carry_out();
    }

    /// The app's effects carried out by the runner.
    fn carry_out(&mut self) {
        carry_out(&mut self.runner, &mut self.app);
    }

    /// Turns until `done` says so; panics after [`PATIENCE`].
    fn until(&mut self, what: &str, done: impl Fn(&App) -> bool) {
        let start = Instant::now();
        while !done(&self.app) {
            assert!(start.elapsed() < PATIENCE, "waited for {what}");
            self.turn();
            thread::yield_now();
        }
    }
}

/// A host and the player who joined it, a game under way between them.
struct Pair {
    host: End,
    guest: End,
    rng: fastrand::Rng,
}

impl Pair {
    /// The host's `link` (its game in `app`) joined by `join`, run on a
    /// thread of its own while the host's loop turns (the host hands the
    /// game over from its loop); `place` and `command` name the host for the
    /// guest.
    fn meet(
        link: Link,
        app: App,
        join: impl FnOnce() -> Result<(Link, Joined), JoinError> + Send + 'static,
        place: String,
        command: String,
    ) -> Pair {
        let mut host = End::new(app, link);
        let joining = thread::spawn(join);
        let start = Instant::now();
        while !joining.is_finished() {
            assert!(start.elapsed() < PATIENCE, "the join took too long");
            host.turn();
            thread::sleep(Duration::from_millis(1));
        }
        let (link, joined) = joining
            .join()
            .expect("the joining thread")
            .unwrap_or_else(|error| panic!("cannot join: {error}"));
        host.until("the join", |app| {
            app.table()
                .network()
                .is_some_and(|network| network.connection == Connection::Connected)
        });
        let mut app = App::from_record(joined.record.clone(), Match::from_record(&joined.record));
        app.set(Setting::Animation(false));
        app.set(Setting::Across {
            network: Network::new(Role::Guest { place, command }),
            remote_home: Side::South,
            name: Some("Lekishon".into()),
        });
        app.answer(Answer::Seat(joined.seat.id()));
        let mut guest = End::new(app, link);
        guest.turn();
        Pair {
            host,
            guest,
            rng: fastrand::Rng::with_seed(7),
        }
    }

    /// Plays a random legal move at the end whose turn it is, a new game
    /// first if this one is over; the time from the move sent to the other
    /// end's app having played it.
    fn one_move(&mut self) -> Duration {
        if self.host.app.record().game.outcome().is_some() {
            type_keys(&mut self.host.app, "n");
            self.host.carry_out();
            self.guest.until("the next game", |app| {
                app.record().game.ply() == 0 && app.record().game.outcome().is_none()
            });
        }
        let (mover, waiter) = if self
            .host
            .app
            .record()
            .to_move()
            .is_some_and(|side| self.host.app.players().remote(side))
        {
            (&mut self.guest, &mut self.host)
        } else {
            (&mut self.host, &mut self.guest)
        };
        let legal: Vec<Hole> = mover.app.record().game.legal_moves().collect();
        let hole = legal[self.rng.usize(..legal.len())];
        let ply = mover.app.record().game.ply();
        type_keys(
            &mut mover.app,
            &format!("{}\n", hole.to_string().to_lowercase()),
        );
        assert_eq!(
            mover.app.record().game.ply(),
            ply + 1,
            "{hole} was not played"
        );
        let effects = mover.app.take_effects();
        let start = Instant::now();
        for answer in mover.runner.run(effects) {
            mover.app.answer(answer);
        }
        loop {
            bring_news(&mut waiter.runner, &mut waiter.app);
            if waiter.app.record().game.ply() > ply {
                break;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "move {} ({hole}) did not arrive",
                ply + 1
            );
            thread::yield_now();
        }
        let elapsed = start.elapsed();
        waiter.carry_out();
        elapsed
    }
}

/// A host as `endodoi host` makes one (South, Naserian), waiting.
fn host_app(invite: String, options: String) -> App {
    let mut app = App::new(Config::default(), Match::default());
    app.set(Setting::Animation(false));
    app.set(Setting::Across {
        network: Network::new(Role::Host { invite, options }),
        remote_home: Side::North,
        name: Some("Naserian".into()),
    });
    app
}

/// A host and its player in the direct mode, on loopback.
fn direct() -> Pair {
    let limits = ProtocolTimes::default();
    let admission = Admission {
        code: Some(CODE.to_owned()),
        seat: None,
    };
    let (host, events) =
        Host::listen("127.0.0.1:0", admission, "Naserian", limits).expect("a port on loopback");
    let address = host.address().to_string();
    let app = host_app(
        format!("endodoi join {address} --code {CODE}"),
        format!(" --listen {address}"),
    );
    let link = Link::host(host, events, None);
    let way = Way::Direct(address.clone());
    Pair::meet(
        link,
        app,
        move || {
            Link::join(
                &way,
                &Pass::Code(CODE.to_owned()),
                Some("Lekishon"),
                None,
                limits,
            )
        },
        address.clone(),
        format!("endodoi join {address} --code {CODE}"),
    )
}

/// A host and its player meeting through the mailbox at `url`.
fn through(url: &str) -> Pair {
    let limits = ProtocolTimes::default();
    let (link, code) = Link::host_through(
        url,
        None,
        "Naserian",
        limits,
        None,
        (String::new(), String::new()),
    )
    .unwrap_or_else(|error| panic!("cannot host through {url}: {error}"));
    let code = code.expect("the mailbox gives a code");
    let app = host_app(
        format!("endodoi join {code} --mailbox {url}"),
        format!(" --mailbox {url}"),
    );
    let way = Way::Mailbox(url.to_owned());
    let pass = Pass::Code(code.clone());
    Pair::meet(
        link,
        app,
        move || Link::join(&way, &pass, Some("Lekishon"), None, limits),
        format!("the mailbox {url}"),
        format!("endodoi join {code} --mailbox {url}"),
    )
}

/// Prints the median, the 90th percentile and the slowest of [`MOVES`]
/// moves of `pair`.
fn moves_timed(mode: &str, pair: &mut Pair) {
    let mut times: Vec<Duration> = (0..MOVES).map(|_| pair.one_move()).collect();
    times.sort_unstable();
    println!(
        "network/{mode}: {MOVES} moves, from sent to applied: median {:.0} µs, \
         90th percentile {:.0} µs, max {:.0} µs",
        micros((times[MOVES / 2 - 1] + times[MOVES / 2]) / 2),
        micros(times[MOVES * 9 / 10]),
        micros(times[MOVES - 1]),
    );
}

fn micros(time: Duration) -> f64 {
    time.as_secs_f64() * 1e6
}

/// The mode's [`MOVES`] moves, then criterion's measurement of more.
fn bench_mode(c: &mut Criterion, mode: &str, mut pair: Pair) {
    moves_timed(mode, &mut pair);
    let mut group = c.benchmark_group("network");
    group.sample_size(20);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(4));
    group.bench_function(mode, |b| {
        b.iter_custom(|iters| (0..iters).map(|_| pair.one_move()).sum());
    });
    group.finish();
}

fn network(c: &mut Criterion) {
    bench_mode(c, "direct", direct());
    match mailbox::Mailbox::start() {
        Some(mailbox) => bench_mode(c, "mailbox", through(&mailbox.url())),
        None => println!("network/mailbox: skipped, no mailbox server (see above)"),
    }
}

criterion_group!(benches, network);
criterion_main!(benches);
