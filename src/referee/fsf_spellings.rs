//! Fairy-Stockfish's spellings of our games, as data: which moves it writes
//! with a `+`, its letters for unmoved pieces of their own type, and the
//! promotions its definitions lack. The facts are about a peer's
//! definitions, not our rules, so they live beside them in
//! `scripts/fsf/spellings.txt` (which says the format), read when the
//! referee is built.

use std::sync::OnceLock;

const TEXT: &str = include_str!("../../scripts/fsf/spellings.txt");

/// A kind of move Fairy-Stockfish writes with `+` in one of our games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlusMove {
    pub game: String,
    /// The mover's letter (White's).
    pub mover: char,
    /// Our promotion letter (White's), or `None` for a plain move.
    pub promotion: Option<char>,
    /// Only a piece that has never moved.
    pub unmoved_only: bool,
    /// The letter (White's) of the unmoved piece's own type, if it has one.
    pub unmoved_letter: Option<char>,
}

/// What Fairy-Stockfish writes differently, game by game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spellings {
    pub plus: Vec<PlusMove>,
    /// (game, promotion letter) pairs its definitions lack.
    pub lacks: Vec<(String, char)>,
}

/// The table of `scripts/fsf/spellings.txt` (a test proves it reads; were
/// it ever unreadable, the peer is told our own spellings).
pub fn spellings() -> &'static Spellings {
    static TABLE: OnceLock<Spellings> = OnceLock::new();
    TABLE.get_or_init(|| {
        parse(TEXT).unwrap_or_else(|e| {
            log::error!("scripts/fsf/spellings.txt: {e}");
            Spellings::default()
        })
    })
}

/// Reads the table; an error names the line.
pub fn parse(text: &str) -> Result<Spellings, String> {
    let mut out = Spellings::default();
    for (n, line) in text.lines().enumerate() {
        let words: Vec<&str> = line
            .split('#')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        let bad = |why: &str| format!("line {}: {why}: {line}", n + 1);
        match words.as_slice() {
            [] => {}
            ["plus", game, mover, promotion, when, rest @ ..] => {
                let unmoved_only = match *when {
                    "always" => false,
                    "unmoved" => true,
                    _ => return Err(bad("WHEN is always or unmoved")),
                };
                let unmoved_letter = match rest {
                    [] => None,
                    [l] => Some(letter(l).ok_or_else(|| bad("not a letter"))?),
                    _ => return Err(bad("too many words")),
                };
                out.plus.push(PlusMove {
                    game: game.to_string(),
                    mover: letter(mover).ok_or_else(|| bad("not a letter"))?,
                    promotion: match *promotion {
                        "-" => None,
                        p => Some(letter(p).ok_or_else(|| bad("not a letter"))?),
                    },
                    unmoved_only,
                    unmoved_letter,
                });
            }
            ["lacks", game, "promotion", letters @ ..] if !letters.is_empty() => {
                for l in letters {
                    let l = letter(l).ok_or_else(|| bad("not a letter"))?;
                    out.lacks.push((game.to_string(), l));
                }
            }
            _ => return Err(bad("not a plus or lacks line")),
        }
    }
    Ok(out)
}

/// One upper-case letter.
fn letter(word: &str) -> Option<char> {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_uppercase() => Some(c),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_table_reads() {
        let t = parse(TEXT).expect("scripts/fsf/spellings.txt reads");
        assert_eq!(spellings(), &t);
        assert!(t.plus.iter().any(|p| p.game == "wolf"
            && p.mover == 'P'
            && p.promotion == Some('E')
            && !p.unmoved_only));
        assert!(t.lacks.contains(&("wolf".to_string(), 'N')));
    }

    #[test]
    fn lines_are_read_word_by_word() {
        let t = parse("# c\n\nplus g S - unmoved U  # tail\nlacks g promotion H N\n").unwrap();
        assert_eq!(
            t.plus,
            vec![PlusMove {
                game: "g".into(),
                mover: 'S',
                promotion: None,
                unmoved_only: true,
                unmoved_letter: Some('U'),
            }]
        );
        assert_eq!(t.lacks, vec![("g".into(), 'H'), ("g".into(), 'N')]);
    }

    #[test]
    fn a_bad_line_is_named() {
        for bad in [
            "plus g P E sometimes",
            "plus g p E always",
            "plus g P EE always",
            "plus g P E always U V",
            "lacks g promotion",
            "lacks g promotion h",
            "minus g P",
        ] {
            let e = parse(&format!("# ok\n{bad}\n")).unwrap_err();
            assert!(e.starts_with("line 2:"), "{bad}: {e}");
        }
    }
}
