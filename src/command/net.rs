//! `endodoi host` and `endodoi join`: a game across two terminals (see
//! [`crate::net`]), opened before the terminal is taken over so that every
//! failure (an address in use, a wrong code, no host) is an ordinary error.

use std::io::Write;
use std::net::{IpAddr, SocketAddr, UdpSocket};
use std::path::Path;

use anyhow::{Context, Result, anyhow, bail};

use super::Console;
use super::play::play_with;
use crate::app::{Answer, Network, PeerNews, Role, SEAT_TAG, Setting, Tone, host_row};
use crate::cli::{HostArgs, JoinArgs};
use crate::net::secure::fingerprint;
use crate::net::wormhole::PUBLIC_MAILBOX;
use crate::net::{Admission, Host, Link, Pass, ProtocolTimes, Way, random_code, seats};
use crate::record::{Record, Tags};
use crate::rules::Side;
use crate::save::{self, games};
use crate::session::Session;
use crate::settings::{self, Settings};

/// The mailbox to meet through: `given` on the command line, else the
/// settings file's, else the public one.
fn mailbox_of(given: Option<&str>) -> String {
    given
        .map(str::to_owned)
        .or_else(|| {
            let path = settings::path()?;
            Settings::load(&path).0.mailbox
        })
        .unwrap_or_else(|| PUBLIC_MAILBOX.to_owned())
}

/// The option that names `mailbox` on a command line, if it is not the
/// public one.
fn mailbox_option(mailbox: &str) -> String {
    if mailbox == PUBLIC_MAILBOX {
        String::new()
    } else {
        format!(" --mailbox {mailbox}")
    }
}

/// Hosts a game: opens it (new or `--resume`), meets the other player
/// through a mailbox (or listens, in the direct mode), and plays it in the
/// terminal, the other player's row moved from the other terminal; returns
/// the exit status.
///
/// # Errors
/// When standard output is not a terminal, the game cannot be opened, the
/// address cannot be listened at, the mailbox cannot be reached, or the
/// terminal fails.
pub fn host(args: &HostArgs, console: &mut Console<impl Write, impl Write>) -> Result<u8> {
    if !console.terminal {
        bail!("hosting a game needs a terminal: run `endodoi host` in one");
    }
    let games = save::games_dir();
    let seats_dir = seats::seats_dir();
    let mut session = Session::open(&args.options(), None, games.as_deref())?;
    // The host's row in the first game: a game hosted again says it (one
    // saved before it did had the host on South), a new one is drawn.
    let home = match host_row(session.app.record()) {
        Some(row) => session.app.players().home(row),
        None if args.resume.is_some() => Side::South,
        None => args.row.draw(fastrand::bool),
    };
    let name = args
        .name
        .clone()
        .unwrap_or_else(|| session.app.players().names[home].clone());
    // A game a player joined already: its seat is theirs, and only they
    // come back (with the command they typed then).
    let kept =
        session
            .app
            .record()
            .tag(SEAT_TAG)
            .map(|id| {
                seats_dir
                .as_deref()
                .and_then(|dir| seats::find(dir, id))
                .ok_or_else(|| {
                    anyhow!(
                        "the seat {id} of this game is not kept in {}: its player cannot be told \
                         from a stranger, so it is not hosted again",
                        seats_dir.as_deref().map_or_else(String::new, |d| d.display().to_string())
                    )
                })
            })
            .transpose()?;
    let (seat, invited) = kept.map_or((None, None), |(seat, invite)| (Some(seat), Some(invite)));
    let limits = ProtocolTimes::default();
    let (link, invite, options) = if let Some(listen) = &args.listen {
        let code = seat
            .is_none()
            .then(|| args.code.clone().unwrap_or_else(random_code));
        let admission = Admission {
            code: code.clone(),
            seat: seat.clone(),
        };
        let (host, events) = Host::listen(listen, admission, &name, limits)
            .with_context(|| format!("cannot listen at {listen}"))?;
        let address = shown(host.address());
        let invite = match (code, invited) {
            (Some(code), _) => format!("endodoi join {address} --code {code}"),
            (None, invited) => invited.unwrap_or_default(),
        };
        let options = format!(" --listen {}", listening(listen, host.address()));
        (Link::host(host, events, seats_dir), invite, options)
    } else {
        let mailbox = mailbox_of(args.mailbox.as_deref());
        let after = mailbox_option(&mailbox);
        let around = ("endodoi join ".to_owned(), after.clone());
        let (link, code) =
            Link::host_through(&mailbox, seat.clone(), &name, limits, seats_dir, around)
                .map_err(|why| anyhow!(why))?;
        let invite = match (code, invited) {
            (Some(code), _) => format!("endodoi join {code}{after}"),
            (None, invited) => invited.unwrap_or_default(),
        };
        (link, invite, after)
    };
    let role = Role::Host { invite, options };
    session.app.set(Setting::Across {
        network: Network::new(role),
        remote_home: home.opponent(),
        name: args.name.clone(),
    });
    if let Some(seat) = &seat {
        session.app.answer(Answer::Seat(seat.id()));
    } else if let Some(waiting) = games.as_deref().and_then(waiting_seat) {
        // A player may be waiting to take their seat in that game.
        session.app.answer(Answer::Notice(Tone::Error, waiting));
    }
    play_with(session, None, Some(link), console)
}

/// What to tell a host started without `--resume` when a game across the
/// network waits unfinished in `games`: its seat's player may be waiting.
fn waiting_seat(games: &Path) -> Option<String> {
    games::list(games).ok()?.into_iter().find_map(|save| {
        let unfinished = save.unfinished();
        let record = save.record.ok()?;
        record.tag(SEAT_TAG)?;
        let north = record.tag(Tags::NORTH).unwrap_or("North");
        let south = record.tag(Tags::SOUTH).unwrap_or("South");
        unfinished.then(|| {
            format!(
                "The game of {south} and {north} is unfinished: `endodoi host --resume {}` goes on with it",
                save.id
            )
        })
    })
}

/// The `--listen` option that listens at the same place again: the port
/// chosen when 0 was asked for.
fn listening(asked: &str, bound: SocketAddr) -> String {
    match asked.rsplit_once(':') {
        Some((host, "0")) => format!("{host}:{}", bound.port()),
        _ => asked.to_owned(),
    }
}

/// Joins the game hosted through a mailbox (or at an address, in the direct
/// mode) and plays it in the terminal; returns the exit status. The same
/// command joins again: the seat kept from the first meeting is proved then.
///
/// # Errors
/// When standard output is not a terminal, the host cannot be reached or
/// refuses, `--record FILE` cannot hold the game, or the terminal fails.
pub fn join(args: &JoinArgs, console: &mut Console<impl Write, impl Write>) -> Result<u8> {
    // A mailbox's code has no colon: ADDR:PORT alone is the direct mode
    // without its code.
    if args.code.is_none() && args.target.contains(':') {
        bail!(
            "{} is an address: the direct mode needs the code the host's screen shows too, \
             `endodoi join {} --code CODE`",
            args.target,
            args.target
        );
    }
    if !console.terminal {
        bail!("joining a game needs a terminal: run `endodoi join` in one");
    }
    let (way, code, place, command) = if let Some(code) = &args.code {
        (
            Way::Direct(args.target.clone()),
            code.clone(),
            args.target.clone(),
            format!("endodoi join {} --code {code}", args.target),
        )
    } else {
        let mailbox = mailbox_of(args.mailbox.as_deref());
        (
            Way::Mailbox(mailbox.clone()),
            args.target.clone(),
            format!("the mailbox {mailbox}"),
            format!("endodoi join {}{}", args.target, mailbox_option(&mailbox)),
        )
    };
    let made_by = fingerprint(&command);
    let games = save::games_dir();
    let seats_dir = seats::seats_dir();
    // The seat this command took, while its game is unfinished here (a
    // mailbox gives the same code again one day: a finished game's seat is
    // no reason to come back).
    let kept = seats_dir
        .as_deref()
        .and_then(|dir| seats::find_made_by(dir, &made_by))
        .and_then(|seat| {
            let ours = our_copy(games.as_deref()?, &seat.id())?;
            Some((seat, ours))
        });
    let (pass, ours) = match kept {
        Some((seat, ours)) => (Pass::Seat(seat), Some(ours)),
        None => (Pass::Code(code), None),
    };
    // Before the keys, a refusal proves nothing: told, and tried again.
    let (link, joined) = Link::join_patiently(
        &way,
        &pass,
        (args.name.as_deref(), ours.as_ref()),
        ProtocolTimes::default(),
        |news| super::warn(&mut console.err, news),
    )?;
    let unkept = match &seats_dir {
        Some(dir) if matches!(pass, Pass::Code(_)) => {
            seats::keep(dir, &joined.seat, "joiner", &made_by).err()
        }
        _ => None,
    };
    // The first meeting takes the host's game whole: the host sets up the
    // board. Taking the seat again, ours is played on, and the host's copy
    // is only compared with it, as on a reconnection.
    let (record, host_copy) = match ours {
        Some(ours) => (ours, Some(joined.record)),
        None => (joined.record, None),
    };
    let mut session = Session::received(record, &args.options(), games.as_deref())?;
    let role = Role::Guest { place, command };
    session.app.set(Setting::Across {
        network: Network::new(role),
        remote_home: Side::South,
        name: None,
    });
    session.app.answer(Answer::Seat(joined.seat.id()));
    if let Some(host_copy) = host_copy {
        let news = PeerNews::Resync(Box::new(host_copy));
        session.app.answer(Answer::Remote(news));
    }
    // Said on the game's screen, where it is seen (not before it, where
    // the screen hides it at once).
    if let Some(error) = unkept {
        session
            .app
            .answer(Answer::SeatNotKept(format!("{error:#}")));
    }
    play_with(session, None, Some(link), console)
}

/// The newest unfinished save in `games` of the game with seat `id`.
fn our_copy(games: &Path, id: &str) -> Option<Record> {
    games::list(games).ok()?.into_iter().find_map(|save| {
        let unfinished = save.unfinished();
        let record = save.record.ok()?;
        (unfinished && record.tag(SEAT_TAG) == Some(id)).then_some(record)
    })
}

/// The address to give the other player: the one listened at, or for every
/// network (0.0.0.0) this machine's address on the network it would reach
/// others through (no packet is sent to find it).
fn shown(address: SocketAddr) -> String {
    if !address.ip().is_unspecified() {
        return address.to_string();
    }
    let outward = UdpSocket::bind("0.0.0.0:0")
        .and_then(|socket| {
            socket.connect("192.0.2.1:9")?;
            socket.local_addr()
        })
        .map_or(IpAddr::from([127, 0, 0, 1]), |local| local.ip());
    SocketAddr::new(outward, address.port()).to_string()
}
