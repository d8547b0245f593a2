//! The door's policy, apart from its sockets: who may start a handshake
//! now, and who is answered `busy` at once. It does no I/O and reads no
//! clock (`now` is given), so that its waits are tested with made-up times.
//!
//! - A code is tested (a key agreed on it) at most once per `spacing`
//!   across the whole host, whatever the addresses: the window is taken in
//!   the same call that says yes, so two handshakes can never share it.
//! - A wrong code makes its address wait, twice as long for each wrong code
//!   from it (up to [`MAX_DOUBLINGS`] times), and the whole host one window.
//! - Handshakes have a fixed number of slots, the seat's player's (rejoins)
//!   apart from the strangers' (joins): a rejoin never waits behind a join.
//!   A new one takes the oldest's slot, so no one can hold a slot by being
//!   slow; a rejoin also takes the slot of its own address's last one.
//! - Connections not yet knocked wait in a bounded set the same way.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// Handshakes on the join code under way at once, at most.
pub const JOIN_SLOTS: usize = 2;

/// Handshakes on the seat's secret under way at once, at most (one an
/// address).
pub const REJOIN_SLOTS: usize = 4;

/// Connections whose knock has not come yet, at most.
pub const MAX_PENDING: usize = 64;

/// Connections of one address whose knock has not come yet, at most.
pub const PENDING_PER_ADDRESS: usize = 4;

/// The most times an address's wait doubles.
pub const MAX_DOUBLINGS: u32 = 6;

/// Addresses whose wrong codes are remembered, at most.
const MAX_REMEMBERED: usize = 4096;

/// What a knock comes with, as far as the door's policy cares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A first meeting: a code to test.
    Join,
    /// The seat's player (by the seat's public name): its secret to prove.
    Rejoin,
}

/// The door's answer to a knock.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum KnockAnswer {
    /// A handshake may begin in slot `slot`; the handshake in `pushed_out`
    /// (if any) lost its slot to it and is to be closed.
    Enter {
        /// The new handshake's number.
        slot: u64,
        /// The handshake to close.
        pushed_out: Option<u64>,
    },
    /// Not now: answer `busy` and close, testing nothing. Trying again
    /// before `wait` is over is answered alike.
    Busy {
        /// How long until a code may be tried from this address.
        wait: Duration,
    },
}

/// A bounded line of items by address, oldest first: a new one pushes out
/// its address's oldest when that address has `per_address`, else the
/// oldest of all when there are `most`.
#[derive(Debug)]
pub struct BoundedQueue<T> {
    items: VecDeque<(IpAddr, T)>,
    most: usize,
    per_address: usize,
}

impl<T> BoundedQueue<T> {
    /// An empty line of at most `most` items, `per_address` from an address.
    pub fn new(most: usize, per_address: usize) -> BoundedQueue<T> {
        BoundedQueue {
            items: VecDeque::new(),
            most,
            per_address,
        }
    }

    /// Adds `item` from `from`; the item it pushed out, if any.
    pub fn push(&mut self, from: IpAddr, item: T) -> Option<T> {
        let mut theirs = self.items.iter().filter(|(at, _)| *at == from);
        let out = if theirs.nth(self.per_address.saturating_sub(1)).is_some() {
            let at = self.items.iter().position(|(at, _)| *at == from);
            at.and_then(|at| self.items.remove(at))
        } else if self.items.len() >= self.most {
            self.items.pop_front()
        } else {
            None
        };
        self.items.push_back((from, item));
        out.map(|(_, item)| item)
    }

    /// Takes out the first item that `which` picks.
    pub fn take(&mut self, which: impl Fn(&T) -> bool) -> Option<T> {
        let at = self.items.iter().position(|(_, item)| which(item))?;
        self.items.remove(at).map(|(_, item)| item)
    }

    /// The items, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.items.iter().map(|(_, item)| item)
    }

    /// The items, oldest first, to change.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.items.iter_mut().map(|(_, item)| item)
    }

    /// How many items there are.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.items.len()
    }
}

/// Wrong codes from one address, and until when it waits.
#[derive(Copy, Clone, Debug)]
struct Strikes {
    wrong: u32,
    until: Instant,
}

/// The door's policy and what it remembers.
#[derive(Debug)]
pub struct Gate {
    /// The least time between two codes tested, host-wide; an address's
    /// first wait after a wrong code.
    spacing: Duration,
    /// Until when no code is tested, from anywhere.
    host_until: Option<Instant>,
    strikes: HashMap<IpAddr, Strikes>,
    joins: BoundedQueue<u64>,
    rejoins: BoundedQueue<u64>,
    next: u64,
}

impl Gate {
    /// A door that tests a code at most once per `spacing` (none: no wait).
    pub fn new(spacing: Duration) -> Gate {
        Gate {
            spacing,
            host_until: None,
            strikes: HashMap::new(),
            joins: BoundedQueue::new(JOIN_SLOTS, JOIN_SLOTS),
            rejoins: BoundedQueue::new(REJOIN_SLOTS, 1),
            next: 0,
        }
    }

    /// What to do with a knock of `kind` from `from` at `now`; when it
    /// enters, its slot is taken (and for a join, the host's window) in
    /// the same call.
    pub fn knock(&mut self, from: IpAddr, kind: Kind, now: Instant) -> KnockAnswer {
        let slots = match kind {
            Kind::Rejoin => &mut self.rejoins,
            Kind::Join => {
                let address = self.strikes.get(&from).map(|strikes| strikes.until);
                let until = address.into_iter().chain(self.host_until).max();
                if let Some(until) = until.filter(|until| *until > now) {
                    return KnockAnswer::Busy { wait: until - now };
                }
                self.host_until = Some(now + self.spacing);
                &mut self.joins
            }
        };
        self.next += 1;
        let slot = self.next;
        let pushed_out = slots.push(from, slot);
        KnockAnswer::Enter { slot, pushed_out }
    }

    /// Handshake `slot` is over, whatever its end.
    pub fn leave(&mut self, slot: u64) {
        if self.joins.take(|taken| *taken == slot).is_none() {
            self.rejoins.take(|taken| *taken == slot);
        }
    }

    /// A code from `from` was wrong at `now`: the address waits, twice as
    /// long as after its last wrong code, and the whole host one window.
    pub fn wrong(&mut self, from: IpAddr, now: Instant) {
        if self.strikes.len() >= MAX_REMEMBERED && !self.strikes.contains_key(&from) {
            self.strikes.retain(|_, strikes| strikes.until > now);
            // Still full: an address forgotten waits again from its next
            // wrong code, and the host's window still holds it back.
            if self.strikes.len() >= MAX_REMEMBERED {
                self.strikes.clear();
            }
        }
        let wrong = self.strikes.get(&from).map_or(0, |strikes| strikes.wrong) + 1;
        let until = now + self.wait_after(wrong);
        self.strikes.insert(from, Strikes { wrong, until });
        self.host_until = self.host_until.max(Some(now + self.spacing));
    }

    /// The right code came from `from`: its wrong ones are forgotten.
    pub fn welcomed(&mut self, from: IpAddr) {
        self.strikes.remove(&from);
    }

    /// An address's wait after its `wrong`-th wrong code.
    pub fn wait_after(&self, wrong: u32) -> Duration {
        self.spacing * 2u32.pow(wrong.saturating_sub(1).min(MAX_DOUBLINGS))
    }

    /// Handshakes under way.
    #[cfg(test)]
    fn under_way(&self) -> usize {
        self.joins.len() + self.rejoins.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: Duration = Duration::from_secs(1);

    fn address(n: u32) -> IpAddr {
        IpAddr::from(std::net::Ipv4Addr::from(0x7f00_0000_u32 + n))
    }

    fn busy(verdict: KnockAnswer) -> bool {
        matches!(verdict, KnockAnswer::Busy { .. })
    }

    #[test]
    fn at_most_one_code_a_second_is_tested_whatever_the_addresses() {
        let mut gate = Gate::new(SECOND);
        let start = Instant::now();
        let mut tested = 0;
        // 10,000 guesses from 200 addresses over 10 s, every one wrong.
        for guess in 0..10_000_u32 {
            let now = start + Duration::from_millis(u64::from(guess));
            let from = address(guess % 200);
            if let KnockAnswer::Enter { slot, .. } = gate.knock(from, Kind::Join, now) {
                tested += 1;
                gate.wrong(from, now);
                gate.leave(slot);
            }
        }
        assert!(
            (9..=10).contains(&tested),
            "one a second for 10 s: {tested}"
        );
    }

    #[test]
    fn a_pipelining_guesser_is_busy_until_its_wait_is_over_and_it_doubles() {
        let mut gate = Gate::new(SECOND);
        let start = Instant::now();
        let from = address(1);
        let KnockAnswer::Enter { slot, .. } = gate.knock(from, Kind::Join, start) else {
            panic!("the first code is tested");
        };
        // Guesses 2 to 20, sent before the first is answered: none tested.
        for _ in 2..=20 {
            assert!(busy(gate.knock(from, Kind::Join, start)));
        }
        gate.wrong(from, start);
        gate.leave(slot);
        let mut at = start;
        for wrong in 1..=9 {
            let wait = gate.wait_after(wrong);
            assert_eq!(
                gate.knock(from, Kind::Join, at),
                KnockAnswer::Busy { wait },
                "after wrong code {wrong}"
            );
            let just_before = at + wait.saturating_sub(Duration::from_millis(1));
            assert!(busy(gate.knock(from, Kind::Join, just_before)));
            at += wait;
            assert!(!busy(gate.knock(from, Kind::Join, at)));
            gate.wrong(from, at);
        }
        assert_eq!(gate.wait_after(9), SECOND * 64, "the wait stops doubling");
    }

    #[test]
    fn a_wrong_code_makes_the_whole_host_wait_one_window_only() {
        let mut gate = Gate::new(SECOND);
        let start = Instant::now();
        assert!(!busy(gate.knock(address(1), Kind::Join, start)));
        gate.wrong(address(1), start);
        assert!(busy(gate.knock(address(2), Kind::Join, start + SECOND / 2)));
        assert!(!busy(gate.knock(address(2), Kind::Join, start + SECOND)));
        assert!(busy(gate.knock(address(1), Kind::Join, start + SECOND)));
    }

    #[test]
    fn a_rejoin_never_waits_behind_strangers() {
        let mut gate = Gate::new(SECOND);
        let start = Instant::now();
        for n in 0..100 {
            let _ = gate.knock(address(n), Kind::Join, start);
            gate.wrong(address(n), start);
        }
        // The seat's player, from an address that guessed wrong too.
        let verdict = gate.knock(address(7), Kind::Rejoin, start);
        assert!(matches!(verdict, KnockAnswer::Enter { .. }), "{verdict:?}");
    }

    #[test]
    fn slots_are_bounded_and_a_new_handshake_takes_the_oldest_ones() {
        let mut gate = Gate::new(Duration::ZERO);
        let start = Instant::now();
        let mut entered = Vec::new();
        for n in 0..1_000 {
            let kind = if n % 2 == 0 { Kind::Join } else { Kind::Rejoin };
            let KnockAnswer::Enter { slot, pushed_out } = gate.knock(address(n), kind, start)
            else {
                panic!("no wait when the spacing is zero");
            };
            if let Some(out) = pushed_out {
                entered.retain(|slot| *slot != out);
            }
            entered.push(slot);
            assert!(gate.under_way() <= JOIN_SLOTS + REJOIN_SLOTS);
        }
        assert_eq!(entered.len(), JOIN_SLOTS + REJOIN_SLOTS);
        // A rejoin takes the slot of its own address's last one.
        let KnockAnswer::Enter { slot, .. } = gate.knock(address(5000), Kind::Rejoin, start) else {
            panic!("a rejoin enters");
        };
        let again = gate.knock(address(5000), Kind::Rejoin, start);
        assert!(matches!(again, KnockAnswer::Enter { pushed_out: Some(out), .. } if out == slot));
        for slot in entered {
            gate.leave(slot);
        }
        assert!(gate.under_way() <= 1);
    }

    #[test]
    fn the_waiting_line_keeps_its_bounds_per_address_and_in_all() {
        let mut line = BoundedQueue::new(MAX_PENDING, PENDING_PER_ADDRESS);
        let mut out = Vec::new();
        // One address: only its own are pushed out.
        for n in 0..10 {
            out.extend(line.push(address(1), n));
        }
        assert_eq!(line.iter().copied().collect::<Vec<_>>(), [6, 7, 8, 9]);
        assert_eq!(out, [0, 1, 2, 3, 4, 5]);
        // Many: the oldest go first, never more than the bound.
        for n in 0..10_000 {
            line.push(address(2 + n % 300), 100 + n);
            assert!(line.len() <= MAX_PENDING);
        }
        let oldest = line.iter().next().copied();
        assert_eq!(oldest, Some(100 + 10_000 - MAX_PENDING as u32));
    }

    #[test]
    fn remembered_addresses_are_bounded() {
        let mut gate = Gate::new(SECOND);
        let start = Instant::now();
        for n in 0..(MAX_REMEMBERED as u32 * 3) {
            gate.wrong(address(n), start);
            assert!(gate.strikes.len() <= MAX_REMEMBERED);
        }
    }
}
