//! Play across two terminals: a host keeps the game, a joiner comes with
//! the join code, and each plays their own row.
//!
//! Two ways to meet: through a magic-wormhole mailbox ([`wormhole`]: both
//! ends connect outward, so home routers are no obstacle), or directly over
//! TCP on a network with no internet (the host listens: [`Host`]). Either
//! way the two ends agree a key on the code with a PAKE ([`secure`]), so
//! that the code never travels and a wrong guess teaches nothing, every
//! message is sealed, and after the first meeting the seat belongs to its
//! player: coming back takes the seat's secret ([`seats`]), not the code.
//! The messages (`docs/network-protocol.md`) are text, one a line,
//! versioned, each read with a bound on its length ([`wire`]); what they
//! mean, the handshake after the key and when a connection ends, is the
//! protocol's state machine ([`crate::protocol::Conversation`]), which
//! both ways of meeting drive. A connection's thread ([`Event`]s) hands
//! moves to the event loop, and wakes it ([`Events`]); it pings a quiet
//! line and drops a peer that sends garbage or nothing, as the
//! conversation says. [`Link`] hands that news back as answers for the
//! app, which checks every move with the rules (see
//! [`crate::app::PeerNews`]), and sends the app's moves and requests.
//!
//! ```
//! use endodoi::net::{Admission, Host, Link, Pass, ProtocolTimes, Way};
//! use std::time::Duration;
//!
//! let limits = ProtocolTimes { penalty: Duration::ZERO, ..ProtocolTimes::default() };
//! let admission = Admission { code: Some("k4p9xm".into()), seat: None };
//! let (host, events) = Host::listen("127.0.0.1:0", admission, "Naserian", limits)?;
//! let address = host.address().to_string();
//! let link = Link::host(host, events, None);
//! let refused = Link::join(&Way::Direct(address.clone()), &Pass::Code("k4p9xn".into()), None, None, limits);
//! assert_eq!(
//!     refused.unwrap_err().to_string(),
//!     format!("the host at {address} did not take the code: a wrong code, or another player has taken the seat")
//! );
//! # drop(link);
//! # Ok::<(), std::io::Error>(())
//! ```

mod direct;
mod host;
mod join;
mod link;
mod peer;
pub mod seats;
pub mod secure;
pub mod wire;
pub mod wormhole;

pub use host::{Admission, Host, MAX_HANDSHAKES};
pub use join::{JoinError, JoinRequest, Joined, Pass};
pub use link::{Link, Way};
pub use peer::{Event, Events, Peer, ProtocolTimes};
pub use secure::{Seat, check_code, random_code};
