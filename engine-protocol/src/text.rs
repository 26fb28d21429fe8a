//! Keeping output on one line: wrappers that write text into a protocol
//! line without letting it break the line.

use std::fmt::{self, Write};

/// Most characters of input text quoted in an error message.
const MAX_SHOWN: usize = 60;

/// Whether `c` could end or disturb a line of output: control characters
/// (`\n`, `\r`, NEL, ...) and the Unicode line and paragraph separators.
pub(crate) fn breaks_line(c: char) -> bool {
    c.is_control() || c == '\u{2028}' || c == '\u{2029}'
}

/// Input text made safe to quote in a one-line error message: control
/// characters escaped (`\n` as `\\n`), and at most [`MAX_SHOWN`] characters
/// followed by `...`.
pub(crate) struct Shown<'a>(pub &'a str);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (count, c) in self.0.chars().enumerate() {
            if count == MAX_SHOWN {
                return f.write_str("...");
            }
            if breaks_line(c) {
                for escaped in c.escape_default() {
                    f.write_char(escaped)?;
                }
            } else {
                f.write_char(c)?;
            }
        }
        Ok(())
    }
}

/// Text written into a reply line with every character that could break
/// the line replaced by a space, so one reply stays one line.
pub(crate) struct OneLine<'a>(pub &'a str);

impl fmt::Display for OneLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            f.write_char(if breaks_line(c) { ' ' } else { c })?;
        }
        Ok(())
    }
}

/// Writes `items` separated by single spaces, each through [`OneLine`].
pub(crate) fn write_words<S: AsRef<str>>(f: &mut fmt::Formatter<'_>, items: &[S]) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_char(' ')?;
        }
        write!(f, "{}", OneLine(item.as_ref()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_replaces_breaks() {
        assert_eq!(OneLine("a\nb\r\nc\u{2029}d\u{85}").to_string(), "a b  c d ");
        assert_eq!(OneLine("plain é text").to_string(), "plain é text");
    }

    #[test]
    fn shown_escapes_and_shortens() {
        assert_eq!(Shown("a\tb").to_string(), "a\\tb");
        assert_eq!(
            Shown(&"y".repeat(61)).to_string(),
            format!("{}...", "y".repeat(60))
        );
        assert_eq!(Shown(&"y".repeat(60)).to_string(), "y".repeat(60));
    }
}
