//! Play across two terminals: a host listens and keeps the game, a joiner
//! connects with the join code, and each plays their own row.
//!
//! The wire format ([`wire`], `docs/network-protocol.md`) is text, one
//! message a line, versioned, each line read with a bound on its length.
//! Plain `std::net` and a thread a connection: the host's door ([`Host`])
//! lets one player in and turns everyone else away (a wrong code is
//! answered slower each time); a connection's thread ([`Event`]s) hands
//! moves to the event loop, pings a quiet line and drops a peer that sends
//! garbage or nothing. [`Link`] hands that news to the app, which checks
//! every move with the rules (see [`crate::app::Remote`]), and sends the
//! app's moves and requests.
//!
//! ```
//! use endodoi::net::{Host, Limits, Link};
//! use std::time::Duration;
//!
//! let limits = Limits { penalty: Duration::ZERO, ..Limits::default() };
//! let (host, events) = Host::listen("127.0.0.1:0", "k4p9", "Naserian", limits)?;
//! let port = host.address().port();
//! let link = Link::host(host, events);
//! let refused = Link::join(&format!("127.0.0.1:{port}"), "nope", None, limits);
//! assert_eq!(
//!     refused.unwrap_err().to_string(),
//!     format!("the host at 127.0.0.1:{port} refused: wrong code")
//! );
//! # drop(link);
//! # Ok::<(), std::io::Error>(())
//! ```

mod host;
mod join;
mod link;
mod peer;
pub mod wire;

pub use host::{Host, random_code, valid_code};
pub use join::{JoinError, Joined};
pub use link::Link;
pub use peer::{Event, Limits, Peer};
