//! The times the protocol keeps, the same at both ends.

use std::time::Duration;

use endodoi_protocol::Liveness;

/// The times the protocol keeps: the defaults suit people; tests shorten them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ProtocolTimes {
    /// How long the host waits for a `hello`, and a joiner for the answer.
    pub hello: Duration,
    /// A peer that sends nothing (not even `ping`) this long is disconnected.
    pub silence: Duration,
    /// How often a quiet line is pinged.
    pub ping: Duration,
    /// The least time between two codes tested across the host, and an
    /// address's wait after a wrong code (doubled for each further one
    /// from it, at most 64 times).
    pub penalty: Duration,
    /// How long a joiner waits before it tries to connect again (twice as
    /// long after each refusal, up to 30 s).
    pub retry: Duration,
}

impl ProtocolTimes {
    /// How a connection keeps a quiet line alive, and when it gives up.
    pub fn liveness(&self) -> Liveness {
        Liveness {
            silence: self.silence,
            ping: self.ping,
        }
    }
}

impl Default for ProtocolTimes {
    fn default() -> ProtocolTimes {
        ProtocolTimes {
            hello: Duration::from_secs(10),
            silence: Duration::from_secs(30),
            ping: Duration::from_secs(5),
            penalty: Duration::from_secs(1),
            retry: Duration::from_secs(2),
        }
    }
}
