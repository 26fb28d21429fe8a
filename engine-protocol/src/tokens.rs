//! Splitting a line into whitespace-separated tokens while keeping where
//! each one is, so that free text (option names and values, comments) can be
//! taken from the line as it was written, inner spacing included.

use std::str::FromStr;

use crate::error::ProtocolError;

/// The tokens of one line, with their byte positions.
pub(crate) struct Tokens<'a> {
    line: &'a str,
    spans: Vec<(usize, usize)>,
}

impl<'a> Tokens<'a> {
    /// Splits `line` at whitespace (as [`str::split_whitespace`] does).
    pub(crate) fn new(line: &'a str) -> Self {
        let mut spans = Vec::new();
        let mut start = None;
        for (i, c) in line.char_indices() {
            match (c.is_whitespace(), start) {
                (true, Some(s)) => {
                    spans.push((s, i));
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        if let Some(s) = start {
            spans.push((s, line.len()));
        }
        Tokens { line, spans }
    }

    /// Number of tokens.
    pub(crate) fn len(&self) -> usize {
        self.spans.len()
    }

    /// Token `i`, if there is one.
    pub(crate) fn get(&self, i: usize) -> Option<&'a str> {
        self.spans.get(i).and_then(|&(s, e)| self.line.get(s..e))
    }

    /// The raw text from the start of token `from` to the end of the token
    /// before `to` (empty when `from >= to` or past the end).
    pub(crate) fn raw(&self, from: usize, to: usize) -> &'a str {
        let to = to.min(self.spans.len());
        if from >= to {
            return "";
        }
        let start = self.spans[from].0;
        let end = self.spans[to - 1].1;
        self.line.get(start..end).unwrap_or("")
    }

    /// The raw text from token `from` to the end of the line (trimmed).
    pub(crate) fn rest(&self, from: usize) -> &'a str {
        self.raw(from, self.spans.len())
    }

    /// Tokens `from..to` joined by single spaces.
    pub(crate) fn joined(&self, from: usize, to: usize) -> String {
        let to = to.min(self.spans.len());
        (from..to)
            .filter_map(|i| self.get(i))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The number in token `i`, for `command`: a missing token is
    /// [`ProtocolError::MissingArgument`], one that does not parse is
    /// [`ProtocolError::BadNumber`].
    pub(crate) fn number<T: FromStr>(
        &self,
        i: usize,
        command: &str,
        what: &'static str,
    ) -> Result<T, ProtocolError> {
        let text = self
            .get(i)
            .ok_or_else(|| ProtocolError::missing(command, what))?;
        text.parse()
            .map_err(|_| ProtocolError::bad_number(command, text))
    }

    /// Token `i`, or a [`ProtocolError::MissingArgument`] for `command`.
    pub(crate) fn required(
        &self,
        i: usize,
        command: &str,
        what: &'static str,
    ) -> Result<&'a str, ProtocolError> {
        self.get(i)
            .ok_or_else(|| ProtocolError::missing(command, what))
    }
}

/// Parses decimal seconds (`"12"`, `"0.5"`, `"1.25"`) into milliseconds,
/// dropping digits beyond the third decimal. `None` for anything else,
/// including signs and overflow.
pub(crate) fn seconds_to_millis(text: &str) -> Option<u64> {
    let (whole, fraction) = match text.split_once('.') {
        Some((w, f)) => (w, f),
        None => (text, ""),
    };
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let mut millis = 0u64;
    for place in 0..3 {
        let digit = fraction
            .as_bytes()
            .get(place)
            .map_or(0, |b| u64::from(b - b'0'));
        millis = millis * 10 + digit;
    }
    whole.checked_mul(1000)?.checked_add(millis)
}

/// Formats milliseconds as decimal seconds without trailing zeros:
/// 12000 as `12`, 500 as `0.5`, 1250 as `1.25`.
pub(crate) fn millis_to_seconds(millis: u64) -> String {
    let whole = millis / 1000;
    let fraction = millis % 1000;
    if fraction == 0 {
        whole.to_string()
    } else {
        let digits = format!("{fraction:03}");
        format!("{whole}.{}", digits.trim_end_matches('0'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_and_raw_text() {
        let t = Tokens::new("  setoption name  Book File value a  b \t");
        assert_eq!(t.len(), 7);
        assert_eq!(t.get(0), Some("setoption"));
        assert_eq!(t.get(6), Some("b"));
        assert_eq!(t.get(7), None);
        assert_eq!(t.raw(2, 4), "Book File");
        assert_eq!(t.rest(5), "a  b");
        assert_eq!(t.rest(7), "");
        assert_eq!(t.raw(4, 2), "");
        assert_eq!(t.joined(2, 4), "Book File");
        assert_eq!(t.joined(5, 100), "a b");
        assert_eq!(Tokens::new("").len(), 0);
        assert_eq!(Tokens::new(" \t\r\n").len(), 0);
        // Unicode whitespace separates tokens, as in `split_whitespace`.
        let u = Tokens::new("a\u{3000}b\u{85}c");
        assert_eq!(u.len(), 3);
        assert_eq!(u.rest(1), "b\u{85}c");
    }

    #[test]
    fn numbers() {
        let t = Tokens::new("sd 12 x");
        assert_eq!(t.number::<u32>(1, "sd", "a depth"), Ok(12));
        assert_eq!(
            t.number::<u32>(2, "sd", "a depth"),
            Err(ProtocolError::bad_number("sd", "x"))
        );
        assert_eq!(
            t.number::<u32>(3, "sd", "a depth"),
            Err(ProtocolError::missing("sd", "a depth"))
        );
    }

    #[test]
    fn decimal_seconds() {
        assert_eq!(seconds_to_millis("12"), Some(12_000));
        assert_eq!(seconds_to_millis("0.5"), Some(500));
        assert_eq!(seconds_to_millis("1.25"), Some(1250));
        assert_eq!(seconds_to_millis("1.23456"), Some(1234));
        assert_eq!(seconds_to_millis(".5"), Some(500));
        assert_eq!(seconds_to_millis("5."), Some(5000));
        for bad in [
            "",
            ".",
            "-1",
            "+1",
            "1.2.3",
            "a",
            "1e3",
            "99999999999999999999",
        ] {
            assert_eq!(seconds_to_millis(bad), None, "{bad:?}");
        }
        assert_eq!(millis_to_seconds(12_000), "12");
        assert_eq!(millis_to_seconds(500), "0.5");
        assert_eq!(millis_to_seconds(1250), "1.25");
        assert_eq!(millis_to_seconds(1), "0.001");
        assert_eq!(millis_to_seconds(0), "0");
    }
}
