//! Where two players meet through a mailbox: the server's address, checked
//! before anything is sent to it.

/// `url` if it can be a mailbox server's: the program speaks to one over
/// `ws://` (it is built without TLS; the protocol seals every message
/// itself).
///
/// ```
/// use endodoi_protocol::check_mailbox;
///
/// assert!(check_mailbox("ws://127.0.0.1:4000/v1").is_ok());
/// assert!(check_mailbox("wss://relay.example/v1").is_err());
/// ```
///
/// # Errors
/// When it cannot, in words.
pub fn check_mailbox(url: &str) -> Result<String, String> {
    let rest = url
        .strip_prefix("ws://")
        .ok_or_else(|| format!("a mailbox is a ws:// URL (`ws://HOST:PORT/v1`), not {url:?}"))?;
    if rest.is_empty() || url.len() > 200 || url.chars().any(|c| c.is_control() || c == ' ') {
        return Err(format!(
            "a mailbox is a ws:// URL (`ws://HOST:PORT/v1`), not {url:?}"
        ));
    }
    Ok(url.to_owned())
}
