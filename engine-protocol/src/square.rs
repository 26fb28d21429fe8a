//! Square names: zero-based `(file, rank)` coordinates <-> UCI text.
//!
//! Files are lettered from `a` (file 0) and ranks numbered from `1`
//! (rank 0), so on a 12 x 10 board the squares run from `a1` to `l10`.
//! Board sizes are parameters, up to [`MAX_FILES`] x [`MAX_RANKS`] for the
//! variants menagerie plays, but anything up to 26 files (`a`..`z`) and 255
//! ranks can be expressed.

use std::error::Error;
use std::fmt;

/// Most files on any board menagerie plays (files `a`..`l`).
pub const MAX_FILES: u8 = 12;
/// Most ranks on any board menagerie plays (ranks `1`..`10`).
pub const MAX_RANKS: u8 = 10;

/// Number of file letters available (`a`..`z`).
const LETTERS: u8 = 26;

/// A square given by zero-based file and rank, printed and parsed as UCI
/// text such as `e4` or `l10`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareName {
    /// Zero-based file: 0 is `a`.
    pub file: u8,
    /// Zero-based rank: 0 is `1`.
    pub rank: u8,
}

impl SquareName {
    /// Parses UCI square text such as `"e4"` or `"l10"` on a board of
    /// `files` x `ranks`, returning zero-based `(file, rank)`.
    ///
    /// The text must be exactly one lowercase ASCII letter followed by a
    /// decimal rank number from `1`, with no sign, leading zero or
    /// surrounding whitespace. Never panics, whatever the input.
    ///
    /// ```
    /// use engine_protocol::SquareName;
    /// assert_eq!(SquareName::parse("e4", 8, 8), Ok((4, 3)));
    /// assert_eq!(SquareName::parse("l10", 12, 10), Ok((11, 9)));
    /// assert!(SquareName::parse("i1", 8, 8).is_err());
    /// ```
    pub fn parse(text: &str, files: u8, ranks: u8) -> Result<(u8, u8), SquareError> {
        let mut chars = text.chars();
        let letter = chars.next().ok_or(SquareError::Empty)?;
        if !letter.is_ascii_lowercase() {
            return Err(SquareError::BadFile { found: letter });
        }
        // `letter` is ASCII, so it is one byte long and this cannot panic.
        let digits = &text[1..];
        let file = letter as u8 - b'a';

        let well_formed = !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !digits.starts_with('0');
        if !well_formed {
            return Err(SquareError::BadRank {
                found: digits.to_owned(),
            });
        }
        // Saturate rather than overflow on absurdly long numbers: anything
        // beyond `u8` is off every board anyway.
        let number = digits.bytes().fold(0u32, |acc, b| {
            acc.saturating_mul(10).saturating_add(u32::from(b - b'0'))
        });

        match u8::try_from(number) {
            Ok(number) if file < files && number <= ranks => Ok((file, number - 1)),
            _ => Err(SquareError::OffBoard {
                square: text.to_owned(),
                files,
                ranks,
            }),
        }
    }

    /// Formats zero-based `(file, rank)` as UCI text, e.g. `(4, 3)` as
    /// `"e4"` and `(11, 9)` as `"l10"`.
    ///
    /// # Panics
    ///
    /// Panics if `file` is 26 or more, as there is no letter for it; that is
    /// a bug in the caller, since no board is that wide.
    ///
    /// ```
    /// use engine_protocol::SquareName;
    /// assert_eq!(SquareName::format(0, 0), "a1");
    /// assert_eq!(SquareName::format(11, 9), "l10");
    /// ```
    pub fn format(file: u8, rank: u8) -> String {
        assert!(file < LETTERS, "file index {file} has no letter");
        format!("{}{}", char::from(b'a' + file), u16::from(rank) + 1)
    }

    /// The `(file, rank)` pair.
    pub fn coords(self) -> (u8, u8) {
        (self.file, self.rank)
    }
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Self::format(self.file, self.rank))
    }
}

/// Why a piece of text is not a square name on the given board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SquareError {
    /// The text was empty.
    Empty,
    /// The first character is not a lowercase ASCII letter.
    BadFile {
        /// The character found where the file letter should be.
        found: char,
    },
    /// What follows the file letter is not a rank number from 1 (missing,
    /// not all digits, zero, or with a leading zero).
    BadRank {
        /// The text found after the file letter.
        found: String,
    },
    /// A well-formed square name, but outside a board of this size.
    OffBoard {
        /// The square text.
        square: String,
        /// Files on the board.
        files: u8,
        /// Ranks on the board.
        ranks: u8,
    },
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareError::Empty => f.write_str("empty square name"),
            SquareError::BadFile { found } => {
                write!(f, "bad file letter {found:?} (expected a-z)")
            }
            SquareError::BadRank { found } if found.is_empty() => {
                f.write_str("missing rank number")
            }
            SquareError::BadRank { found } => {
                write!(f, "bad rank number {found:?} (expected 1, 2, ...)")
            }
            SquareError::OffBoard {
                square,
                files,
                ranks,
            } => write!(f, "square {square:?} is off the {files}x{ranks} board"),
        }
    }
}

impl Error for SquareError {}

/// Length of the square name that starts `text` (`e4` is 2, `a10` 3): a
/// lower-case file letter and a rank of one or two digits, without a
/// leading zero (`a0` is XBoard's first rank of a 10-rank board).
pub fn square_len(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    if !b.first()?.is_ascii_lowercase() {
        return None;
    }
    let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    let leading_zero = digits == 2 && b[1] == b'0';
    ((1..=2).contains(&digits) && !leading_zero).then_some(1 + digits)
}

/// Adds `delta` to the rank number of every square named in `text` (a
/// move, a drop, a step token): XBoard numbers the ranks of a 10-rank
/// board from 0, UCI from 1. A square is a lower-case letter and digits
/// not preceded by another letter, so words such as `knight:4:2` stay.
pub fn shift_rank_numbers(text: &str, delta: i64) -> String {
    let b = text.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        let after_letter = i > 0 && b[i - 1].is_ascii_alphabetic();
        match square_len(&text[i..]).filter(|_| !after_letter) {
            Some(len) => {
                let rank: i64 = text[i + 1..i + len].parse().unwrap_or(0);
                out.push(b[i] as char);
                out.push_str(&rank.saturating_add(delta).to_string());
                i += len;
            }
            None => {
                let c = text[i..].chars().next().unwrap_or(' ');
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_corners_and_middle() {
        assert_eq!(SquareName::parse("a1", 8, 8), Ok((0, 0)));
        assert_eq!(SquareName::parse("h8", 8, 8), Ok((7, 7)));
        assert_eq!(SquareName::parse("e4", 8, 8), Ok((4, 3)));
        assert_eq!(SquareName::parse("l10", 12, 10), Ok((11, 9)));
        assert_eq!(SquareName::parse("a10", 12, 10), Ok((0, 9)));
        assert_eq!(SquareName::parse("l1", 12, 10), Ok((11, 0)));
    }

    #[test]
    fn formats() {
        assert_eq!(SquareName::format(0, 0), "a1");
        assert_eq!(SquareName::format(4, 3), "e4");
        assert_eq!(SquareName::format(11, 9), "l10");
        assert_eq!(SquareName::format(25, 254), "z255");
        assert_eq!(SquareName::format(0, 255), "a256");
        assert_eq!(SquareName { file: 2, rank: 9 }.to_string(), "c10");
    }

    #[test]
    #[should_panic(expected = "no letter")]
    fn format_rejects_file_without_letter() {
        SquareName::format(26, 0);
    }

    #[test]
    fn round_trips_every_square_of_largest_board() {
        for file in 0..MAX_FILES {
            for rank in 0..MAX_RANKS {
                let text = SquareName::format(file, rank);
                assert_eq!(
                    SquareName::parse(&text, MAX_FILES, MAX_RANKS),
                    Ok((file, rank)),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn respects_board_size() {
        assert!(matches!(
            SquareName::parse("i1", 8, 8),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(matches!(
            SquareName::parse("a9", 8, 8),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(matches!(
            SquareName::parse("m1", 12, 10),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(matches!(
            SquareName::parse("a11", 12, 10),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(matches!(
            SquareName::parse("a1", 0, 0),
            Err(SquareError::OffBoard { .. })
        ));
        // Limits beyond the usual sizes are allowed.
        assert_eq!(SquareName::parse("z255", 26, 255), Ok((25, 254)));
        assert!(matches!(
            SquareName::parse("a256", 26, 255),
            Err(SquareError::OffBoard { .. })
        ));
    }

    #[test]
    fn malformed_input_is_an_error_not_a_panic() {
        use SquareError::*;
        let bad_rank = |s: &str| BadRank {
            found: s.to_owned(),
        };
        let cases: &[(&str, SquareError)] = &[
            ("", Empty),
            ("a", bad_rank("")),
            ("a0", bad_rank("0")),
            ("a01", bad_rank("01")),
            ("a00", bad_rank("00")),
            ("a-1", bad_rank("-1")),
            ("a+1", bad_rank("+1")),
            ("a1 ", bad_rank("1 ")),
            ("a1b", bad_rank("1b")),
            ("aé", bad_rank("é")),
            ("a١", bad_rank("١")), // Arabic-Indic digit one
            ("ab1", bad_rank("b1")),
            (
                "z1",
                OffBoard {
                    square: "z1".to_owned(),
                    files: 12,
                    ranks: 10,
                },
            ),
            (
                "a99999999999",
                OffBoard {
                    square: "a99999999999".to_owned(),
                    files: 12,
                    ranks: 10,
                },
            ),
            ("é4", BadFile { found: 'é' }),
            ("A1", BadFile { found: 'A' }),
            ("1a", BadFile { found: '1' }),
            (" a1", BadFile { found: ' ' }),
            ("\u{0}", BadFile { found: '\u{0}' }),
        ];
        for (text, expected) in cases {
            assert_eq!(
                SquareName::parse(text, MAX_FILES, MAX_RANKS).as_ref(),
                Err(expected),
                "{text:?}"
            );
        }
        // Very long input.
        let long = format!("a{}", "9".repeat(10_000));
        assert!(matches!(
            SquareName::parse(&long, MAX_FILES, MAX_RANKS),
            Err(OffBoard { .. })
        ));
    }

    #[test]
    fn errors_display_and_are_std_errors() {
        let cases = [
            (SquareName::parse("", 8, 8), "empty square name"),
            (SquareName::parse("a", 8, 8), "missing rank number"),
            (
                SquareName::parse("a0", 8, 8),
                "bad rank number \"0\" (expected 1, 2, ...)",
            ),
            (
                SquareName::parse("é4", 8, 8),
                "bad file letter 'é' (expected a-z)",
            ),
            (
                SquareName::parse("i1", 8, 8),
                "square \"i1\" is off the 8x8 board",
            ),
        ];
        for (result, message) in cases {
            let err: Box<dyn Error> = Box::new(result.unwrap_err());
            assert_eq!(err.to_string(), message);
        }
    }

    #[test]
    fn rank_numbers_shift_in_moves_and_tokens() {
        assert_eq!(shift_rank_numbers("a9a10", -1), "a8a9");
        assert_eq!(shift_rank_numbers("b0c2", 1), "b1c3");
        assert_eq!(shift_rank_numbers("N@b1", -1), "N@b0");
        assert_eq!(shift_rank_numbers("d2c3,c3c4", -1), "d1c2,c2c3");
        assert_eq!(shift_rank_numbers("activate:g1", -1), "activate:g0");
        assert_eq!(shift_rank_numbers("knight:4:2", -1), "knight:4:2");
        assert_eq!(shift_rank_numbers("é9a1", -1), "é9a0");
        assert_eq!(square_len("a10b2"), Some(3));
        assert_eq!(square_len("N@b1"), None);
        // Not squares: left alone, so that they fail as moves.
        assert_eq!(square_len("b999a2"), None);
        assert_eq!(square_len("b08b06"), None);
        assert_eq!(
            shift_rank_numbers("b99999999999999999999a2", -1),
            "b99999999999999999999a1"
        );
    }
}
