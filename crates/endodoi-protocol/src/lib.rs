//! The network protocol of En Dodoi (`docs/network-protocol.md`), with no
//! I/O: the typed messages and how they are written on a line, and one
//! state machine, [`Conversation`], for everything past the key agreement
//! (the joiner's `hello` and copy of the game, the host's `welcome` and
//! game, then the game's messages, pings and the silence that ends a
//! connection). It reads no socket, starts no thread and reads no clock:
//! its drivers (the direct mode's TCP and the mailbox's wormhole, in the
//! program's `net` module) hand it what came and the time, and carry out
//! the [`Step`]s it returns.
//!
//! ```
//! use std::time::{Duration, Instant};
//! use endodoi_protocol::{Conversation, Liveness, Message, Met, Step};
//!
//! let now = Instant::now();
//! let liveness = Liveness { silence: Duration::from_secs(30), ping: Duration::from_secs(5) };
//! let (mut joiner, first) = Conversation::join(Some("Lekishon".into()), None, None, liveness, now);
//! let mut host = Conversation::host(false, None, liveness, now);
//! let mut met = Vec::new();
//! for message in first {
//!     met.extend(host.read(Ok(message.to_string()), now));
//! }
//! assert!(matches!(&met[..], [Step::Trust, Step::Met(Met::Joiner { name: Some(name), copy: None })] if name == "Lekishon"));
//! assert_eq!(host.welcome("Naserian".into(), now), Some(Message::Welcome("Naserian".into())));
//! assert_eq!(joiner.read(Ok("welcome Naserian".into()), now), [Step::Trust]);
//! ```

mod conversation;
mod game_message;
mod mailbox;
mod message;
mod opening;

pub use conversation::{Awaited, Conversation, Failure, Liveness, Met, Parting, Step};
pub use game_message::GameMessage;
pub use mailbox::check_mailbox;
pub use message::{
    MAX_GAME_LINE, MAX_LINE, MAX_NAME, Message, ReadError, VERSION, WireError, shorten,
};
pub use opening::{Opening, Refusal, Ticket};
