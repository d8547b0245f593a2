//! Where a seat's player meets the host again through a mailbox, once the
//! code is spent: a nameplate and a password drawn from the seat's secret,
//! new every [`WINDOW`], so that no one without the secret can find them,
//! and a rendezvous left half-claimed by a program that died is given up
//! at the next window. The host always waits there.

use std::time::Duration;

use data_encoding::HEXLOWER;

use crate::secure::Seat;

/// How long the rendezvous of a seat stays at one nameplate.
pub const WINDOW: Duration = Duration::from_secs(20);

/// The code of `seat`'s rendezvous in window `window`, as a mailbox reads
/// a code: a nameplate (a number), a dash and 32 hexadecimal digits.
pub fn code(seat: &Seat, window: u64) -> String {
    let nameplate = seat.derive(format!("endodoi rendezvous nameplate {window}").as_bytes());
    let mut first = [0; 8];
    first.copy_from_slice(&nameplate[..8]);
    let number = u64::from_be_bytes(first) % 1_000_000_000_000;
    let password = seat.derive(format!("endodoi rendezvous password {window}").as_bytes());
    format!("{}-{}", number + 1, HEXLOWER.encode(&password[..16]))
}

/// A window of the clock to meet in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MeetingWindow {
    /// Its number: the time since the epoch over [`WINDOW`].
    pub number: u64,
    /// How long from now until it begins (zero when it has).
    pub begins_in: Duration,
    /// How long from now until it ends.
    pub ends_in: Duration,
}

/// The window to meet in, the time since the epoch being `since_epoch`:
/// this one, or the next when this one is nearly over (the two ends'
/// clocks differ by a little), and always one after `tried` (a rendezvous
/// where a meeting failed may be left half-claimed until its window is
/// over).
pub fn window_after(since_epoch: Duration, tried: Option<u64>) -> MeetingWindow {
    let current = u64::try_from(since_epoch.as_millis() / WINDOW.as_millis()).unwrap_or_default();
    let into = Duration::from_millis(
        u64::try_from(since_epoch.as_millis() % WINDOW.as_millis()).unwrap_or_default(),
    );
    let left = WINDOW.saturating_sub(into);
    let soonest = current + u64::from(left < WINDOW / 8);
    let number = tried.map_or(soonest, |tried| soonest.max(tried + 1));
    let (begins_in, ends_in) = match u32::try_from(number - current) {
        Ok(0) => (Duration::ZERO, left),
        Ok(ahead) => {
            let begin = left + WINDOW * (ahead - 1);
            (begin, begin + WINDOW)
        }
        Err(_) => (Duration::ZERO, Duration::ZERO),
    };
    MeetingWindow {
        number,
        begins_in,
        ends_in,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_nearly_over_gives_the_next_and_a_tried_one_is_never_again() {
        let at = |seconds: u64| Duration::from_secs(seconds);
        assert_eq!(
            window_after(at(100 * 20 + 5), None),
            MeetingWindow {
                number: 100,
                begins_in: Duration::ZERO,
                ends_in: at(15)
            }
        );
        assert_eq!(
            window_after(at(100 * 20 + 18), None),
            MeetingWindow {
                number: 101,
                begins_in: at(2),
                ends_in: at(22)
            }
        );
        assert_eq!(window_after(at(100 * 20 + 5), Some(100)).number, 101);
    }

    #[test]
    fn each_window_has_its_own_rendezvous_only_the_seat_gives() {
        let seat = Seat::from_secret([7; 32]);
        let (here, next) = (code(&seat, 100), code(&seat, 101));
        assert_ne!(here, next);
        assert_ne!(here, code(&Seat::from_secret([8; 32]), 100));
        let (nameplate, password) = here.split_once('-').expect("a dash");
        assert!(nameplate.parse::<u64>().is_ok_and(|n| n >= 1), "{here}");
        assert_eq!(password.len(), 32);
    }
}
