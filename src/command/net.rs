//! `endodoi host` and `endodoi join`: a game across two terminals (see
//! [`crate::net`]), opened before the terminal is taken over so that every
//! failure (an address in use, a wrong code, no host) is an ordinary error.

use std::io::Write;
use std::net::{IpAddr, SocketAddr, UdpSocket};

use anyhow::{Context, Result, bail};

use super::Console;
use super::play::play_linked;
use crate::app::{Network, Role};
use crate::cli::{HostArgs, JoinArgs};
use crate::net::{Host, Limits, Link, random_code};
use crate::rules::Side;
use crate::save;
use crate::session::Session;

/// Hosts a game: opens it (new or `--resume`), listens, and plays it in the
/// terminal, the other player's row moved from the other terminal; returns
/// the exit status.
///
/// # Errors
/// When standard output is not a terminal, the game cannot be opened, the
/// address cannot be listened at, or the terminal fails.
pub fn host(args: &HostArgs, console: &mut Console<impl Write, impl Write>) -> Result<u8> {
    if !console.terminal {
        bail!("hosting a game needs a terminal: run `endodoi host` in one");
    }
    let code = args.code.clone().unwrap_or_else(random_code);
    let games = save::games_dir();
    let mut session = Session::open(&args.play(), None, games.as_deref())?;
    let name = args
        .name
        .clone()
        .unwrap_or_else(|| session.app.players().names.south.clone());
    let (host, events) = Host::listen(&args.listen, &code, &name, Limits::default())
        .with_context(|| format!("cannot listen at {}", args.listen))?;
    let role = Role::Host {
        address: shown(host.address()),
        code,
    };
    session
        .app
        .play_across(Network::new(role), Side::North, args.name.as_deref());
    play_linked(session, Some(Link::host(host, events)), console)
}

/// Joins the game hosted at the address given and plays it in the
/// terminal; returns the exit status.
///
/// # Errors
/// When standard output is not a terminal, the host cannot be reached or
/// refuses, `--record FILE` cannot hold the game, or the terminal fails.
pub fn join(args: &JoinArgs, console: &mut Console<impl Write, impl Write>) -> Result<u8> {
    if !console.terminal {
        bail!("joining a game needs a terminal: run `endodoi join` in one");
    }
    let (link, joined) = Link::join(
        &args.address,
        &args.code,
        args.name.as_deref(),
        Limits::default(),
    )?;
    let games = save::games_dir();
    let mut session = Session::received(joined.record, &args.play(), games.as_deref())?;
    let role = Role::Guest {
        address: args.address.clone(),
        code: args.code.clone(),
    };
    session
        .app
        .play_across(Network::new(role), Side::South, None);
    play_linked(session, Some(link), console)
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
