//! The direct mode's door under strangers, on loopback: a guesser that does
//! not wait for answers, a flood from 200 addresses, and a joiner told to
//! stop by a line anyone could send. The hostile peers are written here
//! with the library's own cryptography.
//!
//! The flood's host runs in a child process (this test binary again, one
//! test in it), so that its threads and descriptors are counted apart from
//! the other tests'.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::thread::{self, sleep};
use std::time::{Duration, Instant};

use endodoi::app::{Answer, App, Connection, Match, Network, Role, Setting};
use endodoi::net::secure::{Agreement, End, KeyPurpose, Opener, Sealer, Seat};
use endodoi::net::wire::VERSION;
use endodoi::net::{Admission, Event, Host, Link, Pass, ProtocolTimes, Way};
use endodoi::record::Record;
use endodoi::rules::{Config, Game, Side};
use endodoi::save::Store;
use endodoi::terminal::Runner;

use crate::common::peer::{self, first_line};
use endodoi::terminal::bring_news;

const CODE: &str = "k4p9xm";
const PATIENCE: Duration = Duration::from_secs(20);

/// The program's own times, but a short wait for a knock.
fn limits() -> ProtocolTimes {
    ProtocolTimes {
        hello: Duration::from_secs(3),
        ..ProtocolTimes::default()
    }
}

/// A knock on `password` (as the seat's player with `seat`), as
/// [`peer::sealed_knock`] makes it.
fn knock(
    stream: &TcpStream,
    password: &[u8],
    seat: Option<&Seat>,
) -> Result<(Sealer, Opener, BufReader<TcpStream>), String> {
    peer::sealed_knock(stream, password, seat, VERSION, PATIENCE)
}

#[test]
fn a_guesser_that_does_not_wait_has_one_code_tested_and_the_right_one_never_gets_in() {
    let admission = Admission {
        code: Some(CODE.to_owned()),
        seat: None,
    };
    let (host, events) =
        Host::listen("127.0.0.1:0", admission, "Naserian", limits()).expect("a port");
    let start = Instant::now();
    let mut tested = Vec::new();
    let mut refusals = Vec::new();
    // Twenty guesses from one address, the right one fifth, each hello
    // sent without waiting to hear whether the last code was right.
    for guess in 0..20 {
        let code = if guess == 4 {
            CODE.to_owned()
        } else {
            format!("wrong{guess:02}x")
        };
        let stream = TcpStream::connect(host.address()).expect("the host answers");
        match knock(&stream, code.as_bytes(), None) {
            Ok((mut sealer, opener, reader)) => {
                (&stream)
                    .write_all(format!("{}\n", sealer.seal("hello Eve")).as_bytes())
                    .expect("a hello");
                tested.push((guess, stream, opener, reader));
            }
            Err(line) => refusals.push(line),
        }
    }
    let took = start.elapsed();
    let guesses: Vec<usize> = tested.iter().map(|t| t.0).collect();
    assert!(
        guesses.len() as f64 <= 1.0 + took.as_secs_f64(),
        "codes {guesses:?} tested in {took:?}"
    );
    assert!(
        !guesses.contains(&4),
        "the right code was tested: {guesses:?}"
    );
    for (guess, _, opener, reader) in &mut tested {
        let line = first_line(reader);
        assert_eq!(opener.open(&line), None, "guess {guess} was welcomed");
    }
    for line in &refusals {
        assert!(line.starts_with("refused busy "), "{line:?}");
    }
    drop(host);
    assert!(
        !events
            .try_iter()
            .any(|event| matches!(event, Event::Joined { .. })),
        "the seat was taken"
    );
}

#[test]
fn an_address_or_a_host_in_its_waiting_time_is_answered_busy_before_any_key() {
    let spacing = Duration::from_millis(400);
    let limits = ProtocolTimes {
        penalty: spacing,
        ..limits()
    };
    let admission = Admission {
        code: Some(CODE.to_owned()),
        seat: None,
    };
    let (host, _events) =
        Host::listen("127.0.0.1:0", admission, "Naserian", limits).expect("a port");
    let guesser = SocketAddr::from(([127, 0, 3, 1], 0));
    let other = SocketAddr::from(([127, 0, 3, 2], 0));
    let from = |local| peer::bind_and_connect(local, host.address()).expect("the host answers");
    // A wrong code, heard to its end.
    let stream = from(guesser);
    let (mut sealer, _, mut reader) = knock(&stream, b"wrong1", None).expect("tested");
    (&stream)
        .write_all(format!("{}\n", sealer.seal("hello Eve")).as_bytes())
        .expect("a hello");
    assert_eq!(first_line(&mut reader), "", "closed without a word");
    // At once: the same address, and another, are told busy in clear text.
    for local in [guesser, other] {
        let refused = knock(&from(local), b"wrong2", None)
            .map(|_| ())
            .unwrap_err();
        assert!(refused.starts_with("refused busy "), "{refused:?}");
    }
    // After one window, another address may try; the guesser waits longer.
    sleep(spacing + Duration::from_millis(100));
    assert!(
        knock(&from(other), b"wrong3", None).is_ok(),
        "the other address tries"
    );
}

/// A host for a flood, in a process of its own: run as a child of
/// [`a_flood_leaves_the_host_few_threads_and_descriptors_and_lets_its_player_in`],
/// it prints its address and serves until its input closes.
#[test]
fn host_for_a_flood() {
    if std::env::var_os("ENDODOI_DOOR_CHILD").is_none() {
        return;
    }
    let admission = Admission {
        code: None,
        seat: Some(Seat::from_secret([9; 32])),
    };
    let (host, events) =
        Host::listen("127.0.0.1:0", admission, "Naserian", limits()).expect("a port");
    println!("listening {}", host.address());
    let done = Arc::new(AtomicBool::new(false));
    let stdin_done = Arc::clone(&done);
    thread::spawn(move || {
        let mut rest = Vec::new();
        let _ = std::io::stdin().read_to_end(&mut rest);
        stdin_done.store(true, Ordering::Relaxed);
    });
    let start = Instant::now();
    while !done.load(Ordering::Relaxed) && start.elapsed() < Duration::from_secs(120) {
        for event in events.try_iter() {
            if let Event::Joined { peer, .. } = event {
                let _ = peer.send(&endodoi::net::wire::Message::Game(empty_game().to_string()));
            }
        }
        sleep(Duration::from_millis(10));
    }
}

fn empty_game() -> Record {
    Record::new(Game::new(Config::default()))
}

/// A number from `/proc/PID/status`.
fn status_of(pid: u32, field: &str) -> usize {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix(field))
        .and_then(|value| value.trim().parse().ok())
        .unwrap_or(0)
}

/// The seat's player takes the seat of the host at `address` again; it
/// waits 100 ms between the host's answer and its hello, as a player far
/// away would. Whether it was let in.
fn rejoin(address: SocketAddr, seat: &Seat) -> bool {
    let Ok(stream) = TcpStream::connect(address) else {
        return false;
    };
    let Ok((mut sealer, mut opener, mut reader)) = knock(&stream, &seat.password(), Some(seat))
    else {
        return false;
    };
    sleep(Duration::from_millis(100));
    let hello = sealer.seal("hello Lekishon");
    let game =
        sealer.seal(&endodoi::net::wire::Message::Game(empty_game().to_string()).to_string());
    if (&stream)
        .write_all(format!("{hello}\n{game}\n").as_bytes())
        .is_err()
    {
        return false;
    }
    let welcome = first_line(&mut reader);
    opener
        .open(&welcome)
        .is_some_and(|line| line.starts_with("welcome "))
}

#[test]
fn a_flood_leaves_the_host_few_threads_and_descriptors_and_lets_its_player_in() {
    let mut child = Command::new(std::env::current_exe().expect("this test binary"))
        .args([
            "door::host_for_a_flood",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("ENDODOI_DOOR_CHILD", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the host's process");
    let pid = child.id();
    let mut out = BufReader::new(child.stdout.take().expect("its output"));
    let address: SocketAddr = loop {
        let mut line = String::new();
        let read = out.read_line(&mut line).expect("the host's output");
        assert!(read > 0, "the host's process ended");
        // The harness may print the test's name on the same line.
        if let Some((_, address)) = line.trim_end().split_once("listening ") {
            break address.parse().expect("an address");
        }
    };
    let seat = Seat::from_secret([9; 32]);
    let (_, message) = Agreement::start(b"wrong1", KeyPurpose::Join);
    // A knock and a hello that does not open, in one write.
    let guess = format!("knock {VERSION} join {message}\nbm90IGEgaGVsbG8=\n");
    let flooding = Arc::new(AtomicBool::new(true));
    let peaks = {
        let flooding = Arc::clone(&flooding);
        thread::spawn(move || {
            let (mut threads, mut fds) = (0, 0);
            while flooding.load(Ordering::Relaxed) {
                threads = threads.max(status_of(pid, "Threads:"));
                let open = std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, Iterator::count);
                fds = fds.max(open);
                sleep(Duration::from_millis(20));
            }
            (threads, fds)
        })
    };
    let flood = {
        let flooding = Arc::clone(&flooding);
        thread::spawn(move || {
            let start = Instant::now();
            let mut silent = Vec::new();
            // 10,000 guesses from 200 addresses, about 2,000 a second; one
            // connection in five says nothing at all (32 such kept open).
            for n in 0..10_000_u32 {
                if n % 20 == 0 {
                    sleep(Duration::from_millis(10));
                }
                if start.elapsed() > Duration::from_secs(40) {
                    break;
                }
                let local = SocketAddr::from(([127, 0, 2, (n % 200 + 1) as u8], 0));
                let Ok(mut stream) = peer::bind_and_connect(local, address) else {
                    continue;
                };
                if n % 5 == 0 {
                    silent.push(stream);
                    if silent.len() > 32 {
                        silent.remove(0);
                    }
                } else {
                    let _ = stream.write_all(guess.as_bytes());
                }
            }
            flooding.store(false, Ordering::Relaxed);
        })
    };
    // The seat's player comes back while the flood goes on.
    sleep(Duration::from_secs(1));
    let start = Instant::now();
    let mut back = false;
    while !back && start.elapsed() < PATIENCE {
        back = rejoin(address, &seat);
        if !back {
            sleep(Duration::from_millis(200));
        }
    }
    let took = start.elapsed();
    flood.join().expect("the flood ran");
    let (threads, fds) = peaks.join().expect("the counts");
    drop(child.stdin.take());
    let _ = child.kill();
    let _ = child.wait();
    let seen =
        format!("{threads} threads, {fds} descriptors, the seat's player back: {back} in {took:?}");
    assert!(threads < 100, "{seen}");
    assert!(fds < 256, "{seen}");
    assert!(back && took < Duration::from_secs(5), "{seen}");
}

#[test]
fn a_joiner_told_to_stop_before_the_keys_tries_again() {
    let seat = Seat::from_secret([5; 32]);
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let address = listener.local_addr().expect("an address");
    let (knocks, knocked) = mpsc::channel();
    let password = seat.password();
    // A host that lets its player in, drops the line, refuses the next
    // knock as another version would, and lets the one after in.
    let host = thread::spawn(move || {
        listener.set_nonblocking(true).expect("non-blocking");
        let start = Instant::now();
        let mut n = 0;
        while n < 3 && start.elapsed() < PATIENCE {
            let Ok((stream, _)) = listener.accept() else {
                sleep(Duration::from_millis(10));
                continue;
            };
            n += 1;
            stream.set_nonblocking(false).expect("blocking");
            stream.set_read_timeout(Some(PATIENCE)).expect("a time-out");
            let mut reader = BufReader::new(stream.try_clone().expect("a copy"));
            let knock = first_line(&mut reader);
            let _ = knocks.send(n);
            if n == 2 {
                let _ = (&stream).write_all(
                    b"refused protocol version 9 is not spoken here (this host speaks 9)\n",
                );
                continue;
            }
            let message = knock.rsplit_once(' ').expect("a knock").1.to_owned();
            let (agreement, answer) = Agreement::start(&password, KeyPurpose::Rejoin);
            let _ = (&stream).write_all(format!("answer {answer}\n").as_bytes());
            let key = agreement.finish(&message).expect("a key message");
            let (mut sealer, _) = key.channel(End::Host);
            let _ = first_line(&mut reader);
            let _ = first_line(&mut reader);
            let game = endodoi::net::wire::Message::Game(empty_game().to_string());
            let lines = format!(
                "{}\n{}\n",
                sealer.seal("welcome Naserian"),
                sealer.seal(&game.to_string())
            );
            let _ = (&stream).write_all(lines.as_bytes());
            if n == 1 {
                sleep(Duration::from_millis(200));
                let _ = stream.shutdown(std::net::Shutdown::Both);
            } else {
                sleep(Duration::from_secs(3));
            }
        }
    });
    let limits = ProtocolTimes {
        retry: Duration::from_millis(100),
        ..limits()
    };
    let way = Way::Direct(address.to_string());
    let ours = empty_game();
    let (link, joined) = Link::join(
        &way,
        &Pass::Seat(seat.clone()),
        Some("Lekishon"),
        Some(&ours),
        limits,
    )
    .expect("let in");
    let mut app = App::from_record(joined.record.clone(), Match::from_record(&joined.record));
    let role = Role::Guest {
        command: format!("endodoi join {address} --code {CODE}"),
        place: address.to_string(),
    };
    app.set(Setting::Across {
        network: Network::new(role),
        remote_home: Side::South,
        name: None,
    });
    app.answer(Answer::Seat(seat.id()));
    let mut runner = Runner::new(Store::new(None, None, Vec::new()), None, Some(link));
    let start = Instant::now();
    let mut third = false;
    while !third && start.elapsed() < PATIENCE {
        bring_news(&mut runner, &mut app);
        third = knocked.try_iter().any(|n| n == 3);
        sleep(Duration::from_millis(10));
    }
    assert!(third, "the joiner stopped after the refusal");
    let start = Instant::now();
    while app.table().network().expect("a network game").connection != Connection::Connected
        && start.elapsed() < PATIENCE
    {
        bring_news(&mut runner, &mut app);
        sleep(Duration::from_millis(10));
    }
    assert_eq!(
        app.table().network().expect("a network game").connection,
        Connection::Connected
    );
    drop(runner);
    host.join().expect("the host ran");
}
