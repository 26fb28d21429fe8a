//! XBoard's SAN, read loosely as XBoard writes it: a piece letter (none for
//! its Pawn type, `+` before the letter of a promoted type), the origin's
//! file, rank or whole square when XBoard wants them (it writes the whole
//! origin for a move its own rules do not know: `Ng8c5`, `d2d4`, `b7xc5`),
//! `x` for a capture, the destination, a second leg after `-` or `x`
//! (`cxd6-d5`: to d6 capturing, then to d5), a promotion (`=Q`, or a
//! letter), drops (`N@e4`), castling (`O-O`, `O-O-O`) and the marks `+` and
//! `#`. Squares are XBoard's: ranks count from 0 on 10-rank boards, which
//! the matcher translates.

/// A piece as SAN names it: XBoard's letter, upper case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceLetter {
    pub letter: char,
    /// Written `+N`: XBoard's promoted form of the type.
    pub promoted: bool,
}

/// A square as written: file from 0, rank number as XBoard writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SanSquare {
    pub file: u8,
    pub rank: u32,
}

/// What the origin says: nothing, a file, a rank, or both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Origin {
    pub file: Option<u8>,
    pub rank: Option<u32>,
}

/// A leg's destination and whether the leg is written as a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leg {
    pub to: SanSquare,
    pub capture: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promotion {
    To(PieceLetter),
    /// A bare `=+` or `+` promotion (Shogi style).
    Plus,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanMove {
    Castle {
        long: bool,
    },
    Drop {
        piece: PieceLetter,
        to: SanSquare,
    },
    Move {
        /// `None`: XBoard's Pawn type.
        piece: Option<PieceLetter>,
        origin: Origin,
        /// One leg, or two for a move with a middle square.
        legs: Vec<Leg>,
        promotion: Option<Promotion>,
    },
}

/// The check mark after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    None,
    Check,
    Mate,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct San {
    pub mv: SanMove,
    pub mark: Mark,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    Empty,
    /// A character where none of SAN's parts can be.
    Unexpected {
        at: usize,
        found: char,
    },
    /// No destination square at the end.
    NoDestination,
    /// A leg that names only a file or a rank.
    PartialSquare,
    TooManySquares,
    /// A rank number too large for any board.
    BadRank,
}

impl std::fmt::Display for SanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SanError::Empty => write!(f, "an empty move"),
            SanError::Unexpected { at, found } => {
                write!(f, "unexpected '{found}' at character {}", at + 1)
            }
            SanError::NoDestination => write!(f, "no destination square"),
            SanError::PartialSquare => write!(f, "a leg names only a file or a rank"),
            SanError::TooManySquares => write!(f, "more than three squares"),
            SanError::BadRank => write!(f, "a rank number out of range"),
        }
    }
}

impl std::error::Error for SanError {}

/// Files go up to `p` (16 files); `x` is never a file.
fn is_file(c: char) -> bool {
    ('a'..='p').contains(&c)
}

/// A cursor over the token's characters.
struct Reader {
    chars: Vec<char>,
    at: usize,
}

impl Reader {
    fn new(text: &str) -> Reader {
        Reader {
            chars: text.chars().collect(),
            at: 0,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        let hit = self.peek() == Some(c);
        if hit {
            self.at += 1;
        }
        hit
    }

    fn unexpected(&self) -> SanError {
        match self.peek() {
            Some(found) => SanError::Unexpected { at: self.at, found },
            None => SanError::NoDestination,
        }
    }

    /// An upper-case piece letter, `+` first for a promoted type.
    fn piece(&mut self) -> Option<PieceLetter> {
        let promoted = self.peek() == Some('+');
        let letter = self.peek_at(promoted as usize)?;
        if !letter.is_ascii_uppercase() {
            return None;
        }
        self.at += 1 + promoted as usize;
        Some(PieceLetter { letter, promoted })
    }

    fn rank(&mut self) -> Result<Option<u32>, SanError> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        if self.at == start {
            return Ok(None);
        }
        if self.at - start > 2 {
            return Err(SanError::BadRank);
        }
        let digits: String = self.chars[start..self.at].iter().collect();
        digits.parse().map(Some).map_err(|_| SanError::BadRank)
    }

    /// A file, a rank or both; `None` when neither is here.
    fn coordinate(&mut self) -> Result<Option<Origin>, SanError> {
        let file = match self.peek() {
            Some(c) if is_file(c) => {
                self.at += 1;
                Some(c as u8 - b'a')
            }
            _ => None,
        };
        let rank = self.rank()?;
        Ok((file.is_some() || rank.is_some()).then_some(Origin { file, rank }))
    }

    fn square(&mut self) -> Result<SanSquare, SanError> {
        match self.coordinate()? {
            Some(Origin {
                file: Some(file),
                rank: Some(rank),
            }) => Ok(SanSquare { file, rank }),
            Some(_) => Err(SanError::PartialSquare),
            None => Err(self.unexpected()),
        }
    }

    fn at_end(&self) -> bool {
        self.at >= self.chars.len()
    }
}

/// Reads one SAN token.
pub fn parse(token: &str) -> Result<San, SanError> {
    let (body, mark) = split_mark(token.trim());
    if body.is_empty() {
        return Err(SanError::Empty);
    }
    if let Some(long) = castle(body) {
        let mv = SanMove::Castle { long };
        return Ok(San { mv, mark });
    }
    let mut r = Reader::new(body);
    let piece = r.piece();
    let mv = match piece {
        Some(p) if r.eat('@') => SanMove::Drop {
            piece: p,
            to: r.square()?,
        },
        _ => board_move(&mut r, piece)?,
    };
    if !r.at_end() {
        return Err(r.unexpected());
    }
    Ok(San { mv, mark })
}

/// The token without its marks (`+`, `#`, and `!`/`?` comments).
fn split_mark(token: &str) -> (&str, Mark) {
    let body = token.trim_end_matches(['!', '?']);
    if let Some(b) = body.strip_suffix('#') {
        return (b, Mark::Mate);
    }
    if let Some(b) = body.strip_suffix("++") {
        return (b, Mark::Mate);
    }
    if let Some(b) = body.strip_suffix('+') {
        return (b, Mark::Check);
    }
    (body, Mark::None)
}

fn castle(body: &str) -> Option<bool> {
    match body.replace('0', "O").as_str() {
        "O-O" => Some(false),
        "O-O-O" => Some(true),
        _ => None,
    }
}

/// Origin and legs: the first coordinate is the origin when nothing comes
/// before it and another square follows; every later one is a leg, a
/// capture when `x` comes before it.
fn board_move(r: &mut Reader, piece: Option<PieceLetter>) -> Result<SanMove, SanError> {
    let mut origin = Origin::default();
    let mut legs = Vec::new();
    let mut first = true;
    loop {
        let capture = r.eat('x');
        let separated = capture || r.eat('-');
        let Some(c) = r.coordinate()? else {
            if separated || first {
                return Err(r.unexpected());
            }
            break;
        };
        let followed = r.peek().is_some_and(|n| is_file(n) || n == 'x' || n == '-');
        if first && !separated && followed {
            origin = c;
        } else {
            let (Some(file), Some(rank)) = (c.file, c.rank) else {
                return Err(SanError::PartialSquare);
            };
            legs.push(Leg {
                to: SanSquare { file, rank },
                capture,
            });
        }
        first = false;
        if legs.len() > 2 {
            return Err(SanError::TooManySquares);
        }
    }
    if legs.is_empty() {
        return Err(SanError::NoDestination);
    }
    let promotion = promotion(r)?;
    Ok(SanMove::Move {
        piece,
        origin,
        legs,
        promotion,
    })
}

/// `=Q`, `=+`, or a bare upper-case letter.
fn promotion(r: &mut Reader) -> Result<Option<Promotion>, SanError> {
    let equals = r.eat('=');
    if equals && r.eat('+') {
        return Ok(Some(Promotion::Plus));
    }
    match r.peek() {
        Some(c) if c.is_ascii_alphabetic() && (equals || c.is_ascii_uppercase()) => {
            r.at += 1;
            Ok(Some(Promotion::To(PieceLetter {
                letter: c.to_ascii_uppercase(),
                promoted: false,
            })))
        }
        _ if equals => Err(r.unexpected()),
        _ => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> SanSquare {
        let b = name.as_bytes();
        SanSquare {
            file: b[0] - b'a',
            rank: name[1..].parse().unwrap(),
        }
    }

    fn leg(name: &str, capture: bool) -> Leg {
        Leg {
            to: sq(name),
            capture,
        }
    }

    fn letter(c: char) -> Option<PieceLetter> {
        Some(PieceLetter {
            letter: c,
            promoted: false,
        })
    }

    fn mv(token: &str) -> (Option<PieceLetter>, Origin, Vec<Leg>, Option<Promotion>) {
        match parse(token).unwrap().mv {
            SanMove::Move {
                piece,
                origin,
                legs,
                promotion,
            } => (piece, origin, legs, promotion),
            other => panic!("{token}: {other:?}"),
        }
    }

    fn origin(file: Option<char>, rank: Option<u32>) -> Origin {
        Origin {
            file: file.map(|c| c as u8 - b'a'),
            rank,
        }
    }

    #[test]
    fn pawn_moves() {
        assert_eq!(
            mv("e4"),
            (None, Origin::default(), vec![leg("e4", false)], None)
        );
        assert_eq!(
            mv("exd5"),
            (None, origin(Some('e'), None), vec![leg("d5", true)], None)
        );
        assert_eq!(
            mv("b7xc5"),
            (
                None,
                origin(Some('b'), Some(7)),
                vec![leg("c5", true)],
                None
            )
        );
        assert_eq!(
            mv("d2d4"),
            (
                None,
                origin(Some('d'), Some(2)),
                vec![leg("d4", false)],
                None
            )
        );
        let promotion = Some(Promotion::To(letter('Q').unwrap()));
        assert_eq!(mv("e8=Q").3, promotion);
        assert_eq!(mv("e8Q").3, promotion);
        assert_eq!(mv("dxe8=q").3, promotion);
    }

    #[test]
    fn piece_moves_with_every_origin_form() {
        assert_eq!(
            mv("Nc3"),
            (letter('N'), Origin::default(), vec![leg("c3", false)], None)
        );
        assert_eq!(mv("See6").1, origin(Some('e'), None));
        assert_eq!(mv("See6").2, vec![leg("e6", false)]);
        assert_eq!(mv("S2e3").1, origin(None, Some(2)));
        assert_eq!(mv("Ng8c5").1, origin(Some('g'), Some(8)));
        assert_eq!(mv("Nc3xd8").2, vec![leg("d8", true)]);
        assert_eq!(mv("Kb0").2, vec![leg("b0", false)]);
        assert_eq!(mv("Ra10a9").1, origin(Some('a'), Some(10)));
        let plus = mv("+Nc3").0.unwrap();
        assert!(plus.promoted && plus.letter == 'N');
    }

    #[test]
    fn two_leg_moves() {
        assert_eq!(
            mv("cxd6-d5"),
            (
                None,
                origin(Some('c'), None),
                vec![leg("d6", true), leg("d5", false)],
                None
            )
        );
        assert_eq!(mv("Nxd6xe7").2, vec![leg("d6", true), leg("e7", true)]);
        assert_eq!(mv("e2-e4").1, origin(Some('e'), Some(2)));
        assert_eq!(mv("e2-e4").2, vec![leg("e4", false)]);
    }

    #[test]
    fn drops_castling_and_marks() {
        assert_eq!(
            parse("S@g7").unwrap().mv,
            SanMove::Drop {
                piece: letter('S').unwrap(),
                to: sq("g7")
            }
        );
        assert_eq!(parse("O-O").unwrap().mv, SanMove::Castle { long: false });
        assert_eq!(parse("O-O-O+").unwrap().mark, Mark::Check);
        assert_eq!(parse("Nf6+").unwrap().mark, Mark::Check);
        assert_eq!(parse("Qh7#").unwrap().mark, Mark::Mate);
        assert_eq!(parse("e4!?").unwrap().mark, Mark::None);
    }

    #[test]
    fn malformed_tokens_are_errors() {
        assert_eq!(parse(""), Err(SanError::Empty));
        assert_eq!(parse("+"), Err(SanError::Empty));
        assert!(parse("N").is_err());
        assert!(parse("Nx").is_err());
        assert_eq!(parse("Ne"), Err(SanError::PartialSquare));
        assert!(matches!(parse("e4zz"), Err(SanError::Unexpected { .. })));
        assert!(parse("a1b2c3d4").is_err());
        assert_eq!(parse("e123"), Err(SanError::BadRank));
        assert!(parse("N@").is_err());
        assert!(parse("e8=").is_err());
        assert!(parse("é4").is_err());
    }
}
