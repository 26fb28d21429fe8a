//! A PGN file read as XBoard saves it: tag pairs, then movetext with `{}`
//! and `;` comments (XBoard puts a board diagram before the moves and the
//! engine's score, depth and time after each), `(...)` variations, `$n`
//! NAGs and move numbers, all skipped; the moves and the result token
//! remain, with the comment just before the result (XBoard's reason:
//! `{White wins on time}`).

/// A game's result as the movetext ends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PgnResult {
    WhiteWins,
    BlackWins,
    Draw,
    Unfinished,
}

impl PgnResult {
    fn from_token(token: &str) -> Option<PgnResult> {
        match token {
            "1-0" => Some(PgnResult::WhiteWins),
            "0-1" => Some(PgnResult::BlackWins),
            "1/2-1/2" => Some(PgnResult::Draw),
            "*" => Some(PgnResult::Unfinished),
            _ => None,
        }
    }

    /// A `[Result]` tag's value.
    pub fn from_tag(value: &str) -> Option<PgnResult> {
        PgnResult::from_token(value.trim())
    }

    pub fn text(self) -> &'static str {
        match self {
            PgnResult::WhiteWins => "1-0",
            PgnResult::BlackWins => "0-1",
            PgnResult::Draw => "1/2-1/2",
            PgnResult::Unfinished => "*",
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    /// The SAN tokens, in order.
    pub moves: Vec<String>,
    pub result: Option<PgnResult>,
    /// The last comment before the result token.
    pub reason: Option<String>,
    /// The line the game starts on (from 1).
    pub line: usize,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.result.is_none()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    UnclosedComment {
        line: usize,
    },
    UnclosedVariation {
        line: usize,
    },
    UnclosedTag {
        line: usize,
    },
    /// A tag pair that is not `[Name "value"]`.
    BadTag {
        line: usize,
    },
    /// A `)` or `}` with nothing open.
    Stray {
        line: usize,
        found: char,
    },
}

impl std::fmt::Display for PgnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PgnError::UnclosedComment { line } => {
                write!(f, "line {line}: a comment '{{' is never closed")
            }
            PgnError::UnclosedVariation { line } => {
                write!(f, "line {line}: a variation '(' is never closed")
            }
            PgnError::UnclosedTag { line } => write!(f, "line {line}: a tag '[' is never closed"),
            PgnError::BadTag { line } => {
                write!(f, "line {line}: a tag is not of the form [Name \"value\"]")
            }
            PgnError::Stray { line, found } => write!(f, "line {line}: a stray '{found}'"),
        }
    }
}

impl std::error::Error for PgnError {}

/// A cursor over the file that counts lines.
struct Lexer<'a> {
    text: &'a str,
    at: usize,
    line: usize,
}

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    /// Everything up to `end` (consumed), or `None` at the end of the text.
    fn until(&mut self, end: char) -> Option<&'a str> {
        let start = self.at;
        while let Some(c) = self.bump() {
            if c == end {
                return Some(&self.text[start..self.at - 1]);
            }
        }
        None
    }

    fn word(&mut self) -> &'a str {
        let start = self.at;
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "{}()[];".contains(c) {
                break;
            }
            self.bump();
        }
        &self.text[start..self.at]
    }

    /// A tag's body up to its `]` (consumed); a `]` inside the quoted
    /// value (a FEN's holdings) does not end it.
    fn tag_body(&mut self) -> Option<&'a str> {
        let start = self.at;
        let mut quoted = false;
        let mut escaped = false;
        while let Some(c) = self.bump() {
            match c {
                _ if escaped => escaped = false,
                '\\' if quoted => escaped = true,
                '"' => quoted = !quoted,
                ']' if !quoted => return Some(&self.text[start..self.at - 1]),
                '\n' => return None,
                _ => {}
            }
        }
        None
    }

    /// Skips a variation, nested ones and comments inside included.
    fn skip_variation(&mut self) -> Result<(), PgnError> {
        let line = self.line;
        let mut depth = 1;
        while depth > 0 {
            match self.bump() {
                Some('(') => depth += 1,
                Some(')') => depth -= 1,
                Some('{') => {
                    self.until('}')
                        .ok_or(PgnError::UnclosedComment { line: self.line })?;
                }
                Some(';') => {
                    self.until('\n');
                }
                Some(_) => {}
                None => return Err(PgnError::UnclosedVariation { line }),
            }
        }
        Ok(())
    }
}

/// Every game in the text.
pub fn read_games(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut lx = Lexer {
        text,
        at: 0,
        line: 1,
    };
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut comment: Option<String> = None;
    while let Some(c) = lx.peek() {
        if c.is_whitespace() {
            lx.bump();
            continue;
        }
        if game.is_empty() {
            game.line = lx.line;
        }
        match c {
            '[' => {
                if !game.moves.is_empty() {
                    // A game without a result token ends where tags begin.
                    games.push(std::mem::take(&mut game));
                    game.line = lx.line;
                }
                lx.bump();
                let line = lx.line;
                let body = lx.tag_body().ok_or(PgnError::UnclosedTag { line })?;
                game.tags
                    .push(tag_pair(body).ok_or(PgnError::BadTag { line })?);
            }
            '{' => {
                lx.bump();
                let line = lx.line;
                let body = lx.until('}').ok_or(PgnError::UnclosedComment { line })?;
                comment = Some(body.split_whitespace().collect::<Vec<_>>().join(" "));
            }
            ';' => {
                lx.bump();
                comment = lx.until('\n').map(|s| s.trim().to_string());
            }
            '(' => {
                lx.bump();
                lx.skip_variation()?;
            }
            ')' | '}' | ']' => {
                return Err(PgnError::Stray {
                    line: lx.line,
                    found: c,
                })
            }
            _ => {
                let word = lx.word();
                if let Some(result) = PgnResult::from_token(word) {
                    game.result = Some(result);
                    game.reason = comment.take();
                    games.push(std::mem::take(&mut game));
                } else if let Some(san) = move_of(word) {
                    game.moves.push(san.to_string());
                    comment = None;
                }
            }
        }
    }
    if !game.is_empty() {
        games.push(game);
    }
    Ok(games)
}

/// `Name "value"` with `\"` and `\\` escapes in the value.
fn tag_pair(body: &str) -> Option<(String, String)> {
    let body = body.trim();
    let (name, rest) = body.split_once(char::is_whitespace)?;
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        value.push(if c == '\\' { chars.next()? } else { c });
    }
    Some((name.to_string(), value))
}

/// The move in a word, without a move number (`12.`, `12...`, `12.e4`);
/// `None` for a bare number, a NAG (`$1`) or a null word.
fn move_of(word: &str) -> Option<&str> {
    if word.starts_with('$') {
        return None;
    }
    let digits = word.trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = if digits.len() < word.len() && digits.starts_with('.') {
        digits.trim_start_matches('.')
    } else {
        word
    };
    (!rest.is_empty()).then_some(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = r#"[Event "Computer Chess Game"]
[Variant "some-game"]
[White "a \"quoted\" name"]
[FEN "rnbqkbnr/shhsshhs/8/8/8/8/SHHSSHHS/RNBQKBNR[-] w - - 0 1"]

{--------------
r n b q k b n r
white to play
--------------}
1. Nc3 {+0.85/4} Na6 {-0.18/4 3} 2. Nc3xd8 $1 (2. e4 {a line} (2. d4)) Kxd8
; a rest-of-line comment
3.d2d4 {+4.49/4 2.8} 3... Ng8c5
{White wins on time} 1-0

[Event "second"]
1. e4 e5 *
"#;

    #[test]
    fn reads_tags_moves_and_results() {
        let games = read_games(TWO).unwrap();
        assert_eq!(games.len(), 2);
        let g = &games[0];
        assert_eq!(g.tag("Variant"), Some("some-game"));
        assert_eq!(g.tag("White"), Some("a \"quoted\" name"));
        let fen = "rnbqkbnr/shhsshhs/8/8/8/8/SHHSSHHS/RNBQKBNR[-] w - - 0 1";
        assert_eq!(g.tag("FEN"), Some(fen));
        assert_eq!(g.moves, ["Nc3", "Na6", "Nc3xd8", "Kxd8", "d2d4", "Ng8c5"]);
        assert_eq!(g.result, Some(PgnResult::WhiteWins));
        assert_eq!(g.reason.as_deref(), Some("White wins on time"));
        assert_eq!(g.line, 1);
        assert_eq!(games[1].moves, ["e4", "e5"]);
        assert_eq!(games[1].result, Some(PgnResult::Unfinished));
        assert_eq!(games[1].reason, None);
        assert_eq!(games[1].line, 15);
    }

    #[test]
    fn a_game_without_result_ends_at_the_next_tags_or_the_end() {
        let games = read_games("1. e4 e5\n[Event \"b\"]\n1. d4").unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].result, None);
        assert_eq!(games[1].moves, ["d4"]);
    }

    #[test]
    fn broken_files_are_errors() {
        assert_eq!(
            read_games("1. e4 {never closed"),
            Err(PgnError::UnclosedComment { line: 1 })
        );
        assert_eq!(
            read_games("\n[Event \"x\"\n"),
            Err(PgnError::UnclosedTag { line: 2 })
        );
        assert_eq!(read_games("[Event]"), Err(PgnError::BadTag { line: 1 }));
        assert_eq!(
            read_games("1. e4 (1. d4"),
            Err(PgnError::UnclosedVariation { line: 1 })
        );
        assert!(matches!(
            read_games("1. e4 )"),
            Err(PgnError::Stray { found: ')', .. })
        ));
        assert_eq!(read_games("").unwrap(), vec![]);
    }
}
