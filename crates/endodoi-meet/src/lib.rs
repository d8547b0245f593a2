//! What the two ends of a game across the network share, with no I/O, so
//! that the terminal (`endodoi::net`, threads and sockets) and the web page
//! (`endodoi-web`, one thread and the browser's websockets) meet the same
//! way (`docs/network-protocol.md`): the keys and the seat ([`secure`]),
//! the rendezvous where a seat's player meets the host again
//! ([`rendezvous`]), the numbering of a wormhole's lines ([`Numbering`]),
//! their carrying as the protocol's conversation says ([`carry`]) and the
//! protocol's times ([`ProtocolTimes`]). The I/O stays with each front
//! end: it hands in its wormhole ([`Wire`]) and its timer.
//!
//! ```
//! use endodoi_meet::Numbering;
//!
//! let (mut ours, mut theirs) = (Numbering::default(), Numbering::default());
//! let sent = ours.outgoing("move 0 A");
//! assert_eq!(sent, b"0 move 0 A");
//! assert_eq!(theirs.incoming(sent.clone()).as_deref(), Ok("move 0 A"));
//! assert!(theirs.incoming(sent).is_err(), "a line repeated is out of its place");
//! ```

mod carrying;
mod lines;
pub mod rendezvous;
pub mod secure;
mod times;

pub use carrying::{Lines, Wire, carry};
pub use lines::Numbering;
pub use times::ProtocolTimes;

/// The application ID of the mailbox's wormholes: only wormholes of the
/// same ID meet.
pub const APP_ID: &str = "endodoi.game/play";
