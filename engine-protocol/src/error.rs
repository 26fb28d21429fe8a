//! Why a line of protocol input could not be understood.
//!
//! Both parsers ([`crate::parse_uci`] and [`crate::parse_xboard`]) return a
//! [`ProtocolError`] for anything they cannot turn into a command. Its
//! message is always a single, non-empty line: text taken from the input is
//! quoted with control characters escaped and long text shortened, so the
//! message can be printed straight back to the GUI (for example in a UCI
//! `info string` or an XBoard `Error (...)` line).

use std::error::Error;
use std::fmt;

use crate::text::Shown;

/// A line of UCI or XBoard input that is not a valid command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProtocolError {
    /// The line is empty or holds only whitespace.
    Empty,
    /// The first word is not a command of the protocol (for XBoard: nor a
    /// move).
    UnknownCommand(String),
    /// A required argument is missing.
    MissingArgument {
        /// The command (with its keyword, e.g. `go depth`) missing it.
        command: String,
        /// What was expected, e.g. `"a number"`.
        what: &'static str,
    },
    /// A number was expected, but the text is not one of the right kind (or
    /// it is out of range).
    BadNumber {
        /// The command (with its keyword, e.g. `go depth`).
        command: String,
        /// The text found instead.
        text: String,
    },
    /// An argument is not one of the values the command allows.
    BadValue {
        /// The command (with its keyword).
        command: String,
        /// The text found.
        text: String,
        /// What the command allows, e.g. `"'on' or 'off'"`.
        expected: &'static str,
    },
}

impl ProtocolError {
    /// A short lowercase name of the kind of error, as XBoard wants between
    /// the parentheses of `Error (KIND): COMMAND`; an unknown command gives
    /// exactly `unknown command`, which XBoard recognises.
    pub fn kind_name(&self) -> &'static str {
        match self {
            ProtocolError::Empty => "empty command",
            ProtocolError::UnknownCommand(_) => "unknown command",
            ProtocolError::MissingArgument { .. } => "missing argument",
            ProtocolError::BadNumber { .. } => "bad number",
            ProtocolError::BadValue { .. } => "bad value",
        }
    }

    pub(crate) fn missing(command: &str, what: &'static str) -> Self {
        ProtocolError::MissingArgument {
            command: command.to_owned(),
            what,
        }
    }

    pub(crate) fn bad_number(command: &str, text: &str) -> Self {
        ProtocolError::BadNumber {
            command: command.to_owned(),
            text: text.to_owned(),
        }
    }

    pub(crate) fn bad_value(command: &str, text: &str, expected: &'static str) -> Self {
        ProtocolError::BadValue {
            command: command.to_owned(),
            text: text.to_owned(),
            expected,
        }
    }
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::Empty => f.write_str("Empty command line"),
            ProtocolError::UnknownCommand(word) => {
                write!(f, "Unknown command: '{}'", Shown(word))
            }
            ProtocolError::MissingArgument { command, what } => {
                write!(
                    f,
                    "Missing argument to '{}': expected {what}",
                    Shown(command)
                )
            }
            ProtocolError::BadNumber { command, text } => {
                write!(
                    f,
                    "Invalid number for '{}': '{}'",
                    Shown(command),
                    Shown(text)
                )
            }
            ProtocolError::BadValue {
                command,
                text,
                expected,
            } => write!(
                f,
                "Invalid value for '{}': '{}' (expected {expected})",
                Shown(command),
                Shown(text)
            ),
        }
    }
}

impl Error for ProtocolError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages() {
        let cases = [
            (ProtocolError::Empty, "Empty command line"),
            (
                ProtocolError::UnknownCommand("foo".into()),
                "Unknown command: 'foo'",
            ),
            (
                ProtocolError::missing("sd", "a depth"),
                "Missing argument to 'sd': expected a depth",
            ),
            (
                ProtocolError::bad_number("go depth", "x"),
                "Invalid number for 'go depth': 'x'",
            ),
            (
                ProtocolError::bad_value("debug", "maybe", "'on' or 'off'"),
                "Invalid value for 'debug': 'maybe' (expected 'on' or 'off')",
            ),
        ];
        for (err, message) in cases {
            let boxed: Box<dyn Error> = Box::new(err);
            assert_eq!(boxed.to_string(), message);
        }
    }

    #[test]
    fn kind_names() {
        assert_eq!(
            ProtocolError::UnknownCommand("x".into()).kind_name(),
            "unknown command"
        );
        assert_eq!(ProtocolError::Empty.kind_name(), "empty command");
        assert_eq!(
            ProtocolError::missing("a", "b").kind_name(),
            "missing argument"
        );
        assert_eq!(
            ProtocolError::bad_number("a", "b").kind_name(),
            "bad number"
        );
        assert_eq!(
            ProtocolError::bad_value("a", "b", "c").kind_name(),
            "bad value"
        );
    }

    #[test]
    fn quoted_text_stays_on_one_line_and_short() {
        let err = ProtocolError::UnknownCommand("a\nb\rc\u{85}d\u{2028}e\u{0}".into());
        assert_eq!(
            err.to_string(),
            "Unknown command: 'a\\nb\\rc\\u{85}d\\u{2028}e\\u{0}'"
        );
        let long = ProtocolError::UnknownCommand("x".repeat(1000));
        let message = long.to_string();
        assert_eq!(message, format!("Unknown command: '{}...'", "x".repeat(60)));
        // Multi-byte characters are cut on character boundaries.
        let wide = ProtocolError::UnknownCommand("é".repeat(100)).to_string();
        assert!(wide.ends_with("...'"));
    }
}
