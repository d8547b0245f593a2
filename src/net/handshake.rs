//! What both ways of meeting check once the key is agreed, whatever carries
//! the lines: the joiner's `hello` and its copy of the game, the host's
//! `welcome` and its game. Each check takes a message read and says what it
//! holds or, in words, why the handshake ends.

use crate::record::Record;

use super::wire::{MAX_NAME, Message};

/// The joiner's name, from its first line: `hello [NAME]`.
///
/// # Errors
/// Another message, or a name of more than [`MAX_NAME`] characters.
pub(super) fn hello(message: Message) -> Result<Option<String>, String> {
    let name = match message {
        Message::Hello(name) => name,
        other => return Err(format!("{other:?} where hello belongs")),
    };
    if name
        .as_ref()
        .is_some_and(|name| name.chars().count() > MAX_NAME)
    {
        return Err(format!("a name has at most {MAX_NAME} characters"));
    }
    Ok(name)
}

/// The host's name, from its `welcome`.
///
/// # Errors
/// Another message.
pub(super) fn welcome(message: Message) -> Result<String, String> {
    match message {
        Message::Welcome(host) => Ok(host),
        other => Err(format!("{other:?} before welcome")),
    }
}

/// The game the other side sent (`game "RECORD"`), read with the reader of
/// record files, which replays every move through the rules.
///
/// # Errors
/// Another message, or a record that does not read.
pub(super) fn game(message: Message) -> Result<Record, String> {
    match message {
        Message::Game(text) => Record::read(&text).map_err(|error| format!("its game: {error}")),
        other => Err(format!("{other:?} where its game belongs")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_step_takes_its_own_message_only() {
        assert_eq!(
            hello(Message::Hello(Some("Lekishon".into()))),
            Ok(Some("Lekishon".into()))
        );
        assert_eq!(hello(Message::Hello(None)), Ok(None));
        assert_eq!(
            hello(Message::Hello(Some("n".repeat(MAX_NAME + 1)))),
            Err(format!("a name has at most {MAX_NAME} characters"))
        );
        assert_eq!(
            hello(Message::Ping),
            Err("Ping where hello belongs".to_owned())
        );
        assert_eq!(
            welcome(Message::Welcome("Naserian".into())),
            Ok("Naserian".into())
        );
        assert_eq!(
            welcome(Message::Ping),
            Err("Ping before welcome".to_owned())
        );
        assert_eq!(
            game(Message::Ping).unwrap_err(),
            "Ping where its game belongs"
        );
        assert!(
            game(Message::Game("not a record".into()))
                .unwrap_err()
                .starts_with("its game: ")
        );
    }
}
