//! The cryptography two ends share: the key agreement on a code (SPAKE2, so
//! that a code is never sent and a wrong guess teaches nothing), the keys
//! drawn from it (HKDF-SHA256), the seal on every message of the direct
//! mode (ChaCha20-Poly1305, a counter for its nonce) and the seat: the
//! secret the two players keep after their first meeting, which a player
//! proves to take their seat again. `docs/network-protocol.md` gives the
//! whole schedule.

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use data_encoding::{BASE64, HEXLOWER};
use hkdf::Hkdf;
use sha2::{Digest, Sha256};
use spake2::{Ed25519Group, Identity, Password, Spake2};

/// What a key agreement is for: each purpose has its own identity, so that
/// a message of one can never pass for the other.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum KeyPurpose {
    /// A first meeting, on the join code.
    Join,
    /// A player taking their seat again, on the seat's secret.
    Rejoin,
}

/// A key agreement under way: our message went out, theirs is awaited.
pub struct Agreement {
    state: Spake2<Ed25519Group>,
}

impl std::fmt::Debug for Agreement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Agreement")
    }
}

impl Agreement {
    /// Starts an agreement on `password` for `purpose`; the message to send.
    pub fn start(password: &[u8], purpose: KeyPurpose) -> (Agreement, String) {
        let identity = match purpose {
            KeyPurpose::Join => &b"endodoi/direct/2/join"[..],
            KeyPurpose::Rejoin => &b"endodoi/direct/2/rejoin"[..],
        };
        let (state, message) = Spake2::<Ed25519Group>::start_symmetric(
            &Password::new(password),
            &Identity::new(identity),
        );
        (Agreement { state }, BASE64.encode(&message))
    }

    /// Ends the agreement with the other side's `message`: the shared key,
    /// the same on both sides only when both knew the same password.
    ///
    /// # Errors
    /// When the message is not one.
    pub fn finish(self, message: &str) -> Result<SessionKey, String> {
        let bytes = BASE64
            .decode(message.as_bytes())
            .map_err(|_| "a key agreement message that is not base64".to_owned())?;
        let key = self
            .state
            .finish(&bytes)
            .map_err(|error| format!("a key agreement message that is not one: {error:?}"))?;
        Ok(SessionKey(derive(&key, b"endodoi session")))
    }
}

/// Which end of a connection: the two directions have keys of their own.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// The host.
    Host,
    /// The joiner.
    Joiner,
}

/// The key one meeting agreed on; every other key is drawn from it.
#[derive(Clone)]
pub struct SessionKey([u8; 32]);

impl std::fmt::Debug for SessionKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SessionKey(…)")
    }
}

impl SessionKey {
    /// The key agreed by another protocol (the wormhole's), taken as is.
    pub fn from_bytes(key: &[u8]) -> SessionKey {
        SessionKey(derive(key, b"endodoi session"))
    }

    /// The seal on what `end` sends, and the opener of what it receives.
    pub fn channel(&self, end: End) -> (Sealer, Opener) {
        let host = derive(&self.0, b"endodoi host to joiner");
        let joiner = derive(&self.0, b"endodoi joiner to host");
        let (send, receive) = match end {
            End::Host => (host, joiner),
            End::Joiner => (joiner, host),
        };
        (Sealer::new(&send), Opener::new(&receive))
    }

    /// The seat this first meeting gives its two players.
    pub fn seat(&self) -> Seat {
        Seat::from_secret(derive(&self.0, b"endodoi seat"))
    }
}

/// The secret two players share after their first meeting, and its public
/// name. Whoever proves the secret takes the seat; the code no longer does.
#[derive(Clone, PartialEq, Eq)]
pub struct Seat {
    secret: [u8; 32],
}

impl std::fmt::Debug for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Seat({})", self.id())
    }
}

impl Seat {
    /// The seat of `secret`.
    pub fn from_secret(secret: [u8; 32]) -> Seat {
        Seat { secret }
    }

    /// The seat written as [`Seat::to_hex`] wrote it.
    pub fn from_hex(text: &str) -> Option<Seat> {
        let bytes = HEXLOWER.decode(text.trim().as_bytes()).ok()?;
        Some(Seat::from_secret(bytes.try_into().ok()?))
    }

    /// The secret in hexadecimal, for the seat's file.
    pub fn to_hex(&self) -> String {
        HEXLOWER.encode(&self.secret)
    }

    /// The seat's public name: 16 hexadecimal digits that tell nothing of
    /// the secret (the `Seat` tag of the game's record).
    pub fn id(&self) -> String {
        HEXLOWER.encode(&derive(&self.secret, b"endodoi seat id")[..8])
    }

    /// The password a player taking the seat again agrees a key on.
    pub fn password(&self) -> [u8; 32] {
        derive(&self.secret, b"endodoi rejoin password")
    }

    /// 32 bytes drawn from the secret for `purpose`.
    pub fn derive(&self, purpose: &[u8]) -> [u8; 32] {
        derive(&self.secret, purpose)
    }
}

/// A fingerprint of `text` (a code and where it was given), so that a seat
/// can be found by the command that made it without keeping the code.
pub fn fingerprint(text: &str) -> String {
    HEXLOWER.encode(&Sha256::digest(text.as_bytes())[..16])
}

/// 32 bytes drawn from `key` for `purpose` (HKDF-SHA256, no salt).
fn derive(key: &[u8], purpose: &[u8]) -> [u8; 32] {
    let mut out = [0; 32];
    Hkdf::<Sha256>::new(None, key)
        .expand(purpose, &mut out)
        .expect("32 bytes is a valid length for HKDF-SHA256");
    out
}

/// The nonce of the `counter`-th message.
fn nonce(counter: u64) -> Nonce {
    let mut nonce = [0; 12];
    nonce[4..].copy_from_slice(&counter.to_be_bytes());
    Nonce::from(nonce)
}

/// Seals the lines one end sends: each is encrypted and authenticated with
/// the next nonce, so that a line altered, injected, dropped, replayed or
/// moved does not open.
pub struct Sealer {
    cipher: ChaCha20Poly1305,
    counter: u64,
}

impl std::fmt::Debug for Sealer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Sealer({})", self.counter)
    }
}

impl Sealer {
    fn new(key: &[u8; 32]) -> Sealer {
        Sealer {
            cipher: ChaCha20Poly1305::new(Key::from_slice(key)),
            counter: 0,
        }
    }

    /// `line` sealed, as base64 text (a line of its own on the wire).
    ///
    /// # Panics
    /// After 2^64 lines.
    pub fn seal(&mut self, line: &str) -> String {
        let nonce = nonce(self.counter);
        self.counter = self.counter.checked_add(1).expect("fewer than 2^64 lines");
        let sealed = self
            .cipher
            .encrypt(
                &nonce,
                Payload {
                    msg: line.as_bytes(),
                    aad: b"endodoi/2",
                },
            )
            .expect("ChaCha20-Poly1305 seals any line a game sends");
        BASE64.encode(&sealed)
    }
}

/// Opens the lines the other end sealed, in the order they were sealed.
pub struct Opener {
    cipher: ChaCha20Poly1305,
    counter: u64,
}

impl std::fmt::Debug for Opener {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Opener({})", self.counter)
    }
}

impl Opener {
    fn new(key: &[u8; 32]) -> Opener {
        Opener {
            cipher: ChaCha20Poly1305::new(Key::from_slice(key)),
            counter: 0,
        }
    }

    /// The line sealed in `text`, if it is the next line the other end
    /// sealed with this key.
    pub fn open(&mut self, text: &str) -> Option<String> {
        let sealed = BASE64.decode(text.as_bytes()).ok()?;
        let plain = self
            .cipher
            .decrypt(
                &nonce(self.counter),
                Payload {
                    msg: &sealed,
                    aad: b"endodoi/2",
                },
            )
            .ok()?;
        self.counter = self.counter.checked_add(1)?;
        String::from_utf8(plain).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agree(host: &[u8], joiner: &[u8]) -> (SessionKey, SessionKey) {
        let (a, to_joiner) = Agreement::start(host, KeyPurpose::Join);
        let (b, to_host) = Agreement::start(joiner, KeyPurpose::Join);
        (
            a.finish(&to_host).expect("a message"),
            b.finish(&to_joiner).expect("a message"),
        )
    }

    #[test]
    fn the_same_code_agrees_a_key_that_opens_each_others_lines() {
        let (host, joiner) = agree(b"k4p9xm", b"k4p9xm");
        let (mut host_seal, mut host_open) = host.channel(End::Host);
        let (mut joiner_seal, mut joiner_open) = joiner.channel(End::Joiner);
        let sealed = host_seal.seal("move 0 A");
        assert!(!sealed.contains("move"), "{sealed}");
        assert_eq!(joiner_open.open(&sealed).as_deref(), Some("move 0 A"));
        let sealed = joiner_seal.seal("move 1 c");
        assert_eq!(host_open.open(&sealed).as_deref(), Some("move 1 c"));
        assert_eq!(host.seat(), joiner.seat());
        assert_eq!(host.seat().id().len(), 16);
    }

    #[test]
    fn a_wrong_code_agrees_keys_that_open_nothing() {
        let (host, joiner) = agree(b"k4p9xm", b"k4p9xn");
        let (mut seal, _) = joiner.channel(End::Joiner);
        let (_, mut open) = host.channel(End::Host);
        assert_eq!(open.open(&seal.seal("hello Lekishon")), None);
        assert_ne!(host.seat(), joiner.seat());
    }

    #[test]
    fn a_line_altered_replayed_or_out_of_order_does_not_open() {
        let (host, joiner) = agree(b"k4p9xm", b"k4p9xm");
        let (mut seal, _) = host.channel(End::Host);
        let (_, mut open) = joiner.channel(End::Joiner);
        let first = seal.seal("move 0 A");
        let second = seal.seal("move 2 B");
        let mut altered = BASE64.decode(first.as_bytes()).expect("base64");
        altered[0] ^= 1;
        assert_eq!(open.open(&BASE64.encode(&altered)), None);
        assert_eq!(open.open(&second), None, "out of order");
        assert_eq!(open.open(&first).as_deref(), Some("move 0 A"));
        assert_eq!(open.open(&first), None, "replayed");
        assert_eq!(open.open(&second).as_deref(), Some("move 2 B"));
    }

    #[test]
    fn a_seat_reads_back_and_its_name_tells_nothing_of_it() {
        let seat = Seat::from_secret([7; 32]);
        assert_eq!(Seat::from_hex(&seat.to_hex()), Some(seat.clone()));
        assert!(!seat.to_hex().contains(&seat.id()));
        assert_eq!(Seat::from_hex("zz"), None);
    }
}
