//! Betza notation: a piece's moves as text, parsed into movement atoms.
//!
//! Supported (see docs/betza.md): leapers `W F D N A H C Z G`, any (m,n)
//! leaper written `(m,n)`, the compounds `K R B Q`; a doubled letter or a
//! number after an atom makes it a rider (`NN` and `N0` are the Nightrider,
//! `R3` a rook of range 3); modifiers `f b l r v s` (and `ff bb ll rr fs bs`
//! and `fl fr bl br`) choose directions, `m` move only, `c` capture only,
//! `i` only while the piece has never moved, `n` lame (the leap is blocked by
//! a piece on the squares it passes). Unknown letters are errors, never skipped.

/// How far an atom reaches.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Reach {
    /// One leap.
    Leap,
    /// Repeated steps in one direction; `None` is unlimited.
    Ride(Option<u8>),
}

/// How a move may be used; the discriminants index per-mode tables.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Mode {
    MoveAndCapture = 0,
    MoveOnly = 1,
    CaptureOnly = 2,
}

impl Mode {
    pub fn can_move(self) -> bool {
        self != Mode::CaptureOnly
    }
    pub fn can_capture(self) -> bool {
        self != Mode::MoveOnly
    }
}

/// One movement component: a set of step vectors from White's point of view
/// (+y is forward), with how far, how, and when they may be used.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Atom {
    pub vectors: Vec<(i8, i8)>,
    pub reach: Reach,
    pub mode: Mode,
    pub initial: bool,
    pub lame: bool,
    /// Ranks (a bit each, counted from the owner's side) on which the atom
    /// applies; `None`: everywhere. Betza has no word for it: a mode sets
    /// it where a kind keeps other moves on some ranks.
    pub ranks: Option<u32>,
}

impl Atom {
    /// Whether the atom applies to a piece on `rank` (from its owner's side).
    pub fn applies_on(&self, rank: u8) -> bool {
        self.ranks.is_none_or(|r| r >> rank & 1 != 0)
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BetzaError {
    Empty,
    UnexpectedChar { pos: usize, found: char },
    UnknownAtom { pos: usize, found: char },
    ModifiersWithoutAtom { pos: usize },
    BadLeaper { pos: usize },
    ConflictingModes { pos: usize },
    NoDirectionSelected { pos: usize, modifiers: String },
    LameNotSupported { pos: usize },
    RiderOfRider { pos: usize },
}

impl std::fmt::Display for BetzaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BetzaError::Empty => write!(f, "empty Betza string"),
            BetzaError::UnexpectedChar { pos, found } => {
                write!(f, "unexpected character '{found}' at position {pos}")
            }
            BetzaError::UnknownAtom { pos, found } => {
                write!(f, "unknown piece atom '{found}' at position {pos}")
            }
            BetzaError::ModifiersWithoutAtom { pos } => {
                write!(f, "modifiers at position {pos} are not followed by an atom")
            }
            BetzaError::BadLeaper { pos } => write!(
                f,
                "bad leaper at position {pos}: expected (m,n) with 0 <= m,n <= 15, not both 0"
            ),
            BetzaError::ConflictingModes { pos } => {
                write!(f, "both 'm' and 'c' given for the atom at position {pos}")
            }
            BetzaError::NoDirectionSelected { pos, modifiers } => write!(
                f,
                "direction modifiers '{modifiers}' select no move of the atom at position {pos}"
            ),
            BetzaError::LameNotSupported { pos } => write!(
                f,
                "'n' (lame) at position {pos} needs a leaper whose path is defined (W, F multiples or an oblique leaper)"
            ),
            BetzaError::RiderOfRider { pos } => {
                write!(f, "the atom at position {pos} is already a rider")
            }
        }
    }
}

impl std::error::Error for BetzaError {}

/// The basic (m, n) of a one-letter atom, and whether the letter is a rider.
fn letter_atom(c: char) -> Option<(&'static [(u8, u8)], bool)> {
    Some(match c {
        'W' => (&[(1, 0)], false),
        'F' => (&[(1, 1)], false),
        'D' => (&[(2, 0)], false),
        'N' => (&[(2, 1)], false),
        'A' => (&[(2, 2)], false),
        'H' => (&[(3, 0)], false),
        'C' => (&[(3, 1)], false),
        'Z' => (&[(3, 2)], false),
        'G' => (&[(3, 3)], false),
        'K' => (&[(1, 0), (1, 1)], false),
        'R' => (&[(1, 0)], true),
        'B' => (&[(1, 1)], true),
        'Q' => (&[(1, 0), (1, 1)], true),
        _ => return None,
    })
}

/// The eight (or four) vectors of an (m, n) leap.
pub fn symmetric_vectors(m: u8, n: u8) -> Vec<(i8, i8)> {
    let (m, n) = (m as i8, n as i8);
    let mut out = Vec::new();
    for (x, y) in [(m, n), (n, m)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let v = (x * sx, y * sy);
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// Whether a direction token keeps the vector (x, y).
fn token_keeps(token: &str, x: i8, y: i8) -> bool {
    let diagonal = x.abs() == y.abs();
    let vertical = y.abs() > x.abs();
    let sideways = x.abs() > y.abs();
    match token {
        "f" => y > 0,
        "b" => y < 0,
        "l" => x < 0,
        "r" => x > 0,
        "v" => vertical || diagonal,
        "s" => sideways || diagonal,
        "ff" => y > 0 && !sideways,
        "bb" => y < 0 && !sideways,
        "ll" => x < 0 && !vertical,
        "rr" => x > 0 && !vertical,
        "fs" => y > 0 && sideways,
        "bs" => y < 0 && sideways,
        "fl" | "lf" => y > 0 && x < 0,
        "fr" | "rf" => y > 0 && x > 0,
        "bl" | "lb" => y < 0 && x < 0,
        "br" | "rb" => y < 0 && x > 0,
        _ => false,
    }
}

/// Splits a run of direction letters into tokens: pairs first, then singles.
fn direction_tokens(dirs: &str) -> Vec<&str> {
    const PAIRS: [&str; 14] = [
        "ff", "bb", "ll", "rr", "fs", "bs", "fl", "fr", "bl", "br", "lf", "rf", "lb", "rb",
    ];
    let mut out = Vec::new();
    let mut rest = dirs;
    while !rest.is_empty() {
        let take = if rest.len() >= 2 && PAIRS.contains(&&rest[..2]) {
            2
        } else {
            1
        };
        out.push(&rest[..take]);
        rest = &rest[take..];
    }
    out
}

#[derive(Default)]
struct Modifiers {
    dirs: String,
    move_only: bool,
    capture_only: bool,
    initial: bool,
    lame: bool,
}

impl Modifiers {
    /// How the atom may be used: both `m` and `c` is an error.
    fn mode(&self, start: usize) -> Result<Mode, BetzaError> {
        match (self.move_only, self.capture_only) {
            (true, true) => Err(BetzaError::ConflictingModes { pos: start }),
            (true, false) => Ok(Mode::MoveOnly),
            (false, true) => Ok(Mode::CaptureOnly),
            (false, false) => Ok(Mode::MoveAndCapture),
        }
    }
}

/// The basic leaps of one atom before its suffix, and whether its letter
/// already makes it a rider.
struct Base {
    leaps: Vec<(u8, u8)>,
    rider: bool,
    /// The letter written (none for an explicit `(m,n)`): doubling it
    /// makes a rider.
    letter: Option<char>,
}

/// A cursor over the text being parsed; positions in errors count chars.
struct Reader {
    chars: Vec<char>,
    i: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    /// The run of lowercase modifiers before an atom.
    fn modifiers(&mut self) -> Result<Modifiers, BetzaError> {
        let mut mods = Modifiers::default();
        while let Some(c) = self.peek().filter(char::is_ascii_lowercase) {
            match c {
                'f' | 'b' | 'l' | 'r' | 'v' | 's' => mods.dirs.push(c),
                'm' => mods.move_only = true,
                'c' => mods.capture_only = true,
                'i' => mods.initial = true,
                'n' => mods.lame = true,
                found => return Err(BetzaError::UnexpectedChar { pos: self.i, found }),
            }
            self.i += 1;
        }
        Ok(mods)
    }

    /// The atom itself: a letter or an explicit `(m,n)`.
    fn base(&mut self) -> Result<Base, BetzaError> {
        let pos = self.i;
        match self.peek() {
            Some('(') => Ok(Base {
                leaps: vec![self.explicit_leaper()?],
                rider: false,
                letter: None,
            }),
            Some(found) if found.is_ascii_uppercase() => {
                let (leaps, rider) =
                    letter_atom(found).ok_or(BetzaError::UnknownAtom { pos, found })?;
                self.i += 1;
                Ok(Base {
                    leaps: leaps.to_vec(),
                    rider,
                    letter: Some(found),
                })
            }
            Some(found) => Err(BetzaError::UnexpectedChar { pos, found }),
            None => Err(BetzaError::ModifiersWithoutAtom { pos }),
        }
    }

    /// `(m,n)` with both from 0 to 15, not both 0.
    fn explicit_leaper(&mut self) -> Result<(u8, u8), BetzaError> {
        let pos = self.i;
        let bad = BetzaError::BadLeaper { pos };
        let close = self.chars[pos..]
            .iter()
            .position(|&c| c == ')')
            .ok_or(bad.clone())?;
        let inner: String = self.chars[pos + 1..pos + close].iter().collect();
        let mut parts = inner.split(',');
        let mut number = || {
            parts
                .next()
                .and_then(|s| s.trim().parse::<u8>().ok())
                .filter(|&v| v <= 15)
        };
        let (Some(m), Some(n), None) = (number(), number(), parts.next()) else {
            return Err(bad);
        };
        if m == 0 && n == 0 {
            return Err(bad);
        }
        self.i += close + 1;
        Ok((m, n))
    }

    /// What follows the atom: its letter doubled or a range number (0 is
    /// unlimited) make it a rider. The reach, given whether the letter
    /// was one already.
    fn reach(&mut self, base: &Base, atom_pos: usize) -> Result<Reach, BetzaError> {
        let mut rider = base.rider;
        if base.letter.is_some() && self.peek() == base.letter {
            if rider {
                return Err(BetzaError::RiderOfRider { pos: atom_pos });
            }
            rider = true;
            self.i += 1;
        }
        let digits_start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
        if self.i == digits_start {
            return Ok(if rider {
                Reach::Ride(None)
            } else {
                Reach::Leap
            });
        }
        let digits: String = self.chars[digits_start..self.i].iter().collect();
        let range: u8 = digits.parse().map_err(|_| BetzaError::UnexpectedChar {
            pos: digits_start,
            found: self.chars[digits_start],
        })?;
        Ok(Reach::Ride((range != 0).then_some(range)))
    }
}

/// Parses a whole Betza string into atoms.
pub fn parse(text: &str) -> Result<Vec<Atom>, BetzaError> {
    let mut reader = Reader {
        chars: text.chars().collect(),
        i: 0,
    };
    if reader.chars.is_empty() {
        return Err(BetzaError::Empty);
    }
    let mut atoms = Vec::new();
    while reader.peek().is_some() {
        let start = reader.i;
        let mods = reader.modifiers()?;
        if reader.peek().is_none() {
            return Err(BetzaError::ModifiersWithoutAtom { pos: start });
        }
        let atom_pos = reader.i;
        let base = reader.base()?;
        let reach = reader.reach(&base, atom_pos)?;
        let mode = mods.mode(start)?;
        if mods.lame && reach != Reach::Leap {
            return Err(BetzaError::LameNotSupported { pos: atom_pos });
        }
        let before = atoms.len();
        for leap in base.leaps {
            atoms.extend(directed_atom(leap, reach, mode, &mods, atom_pos)?);
        }
        if atoms.len() == before {
            return Err(BetzaError::NoDirectionSelected {
                pos: start,
                modifiers: mods.dirs,
            });
        }
    }
    Ok(atoms)
}

/// The atom of one basic leap with the directions the modifiers keep;
/// none when they keep no direction of it.
fn directed_atom(
    (m, n): (u8, u8),
    reach: Reach,
    mode: Mode,
    mods: &Modifiers,
    atom_pos: usize,
) -> Result<Option<Atom>, BetzaError> {
    let tokens = direction_tokens(&mods.dirs);
    let vectors: Vec<(i8, i8)> = symmetric_vectors(m, n)
        .into_iter()
        .filter(|&(x, y)| tokens.is_empty() || tokens.iter().any(|t| token_keeps(t, x, y)))
        .collect();
    if vectors.is_empty() {
        return Ok(None);
    }
    if mods.lame && lame_path((m as i8, n as i8)).is_none() {
        return Err(BetzaError::LameNotSupported { pos: atom_pos });
    }
    Ok(Some(Atom {
        vectors,
        reach,
        mode,
        initial: mods.initial,
        lame: mods.lame,
        ranks: None,
    }))
}

/// The intermediate steps a lame leap of vector `v` passes over, from its
/// start: the straight-line cells of a W/F multiple, or for an oblique
/// (2,1)-type leap the orthogonal first step (the Xiangqi horse's rule).
pub fn lame_path(v: (i8, i8)) -> Option<Vec<(i8, i8)>> {
    let (x, y) = v;
    let (ax, ay) = (x.abs(), y.abs());
    if ax == 0 || ay == 0 || ax == ay {
        let n = ax.max(ay);
        let (sx, sy) = (x.signum(), y.signum());
        return Some((1..n).map(|k| (sx * k, sy * k)).collect());
    }
    if ax.max(ay) == 2 && ax.min(ay) == 1 {
        return Some(if ax > ay {
            vec![(x.signum(), 0)]
        } else {
            vec![(0, y.signum())]
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vectors(text: &str) -> Vec<(i8, i8)> {
        let mut v: Vec<_> = parse(text)
            .unwrap()
            .into_iter()
            .flat_map(|a| a.vectors)
            .collect();
        v.sort();
        v
    }

    #[test]
    fn pawn() {
        let atoms = parse("fmWfcFifmnD").unwrap();
        assert_eq!(atoms.len(), 3);
        assert_eq!(atoms[0].vectors, vec![(0, 1)]);
        assert_eq!(atoms[0].mode, Mode::MoveOnly);
        let mut caps = atoms[1].vectors.clone();
        caps.sort();
        assert_eq!(caps, vec![(-1, 1), (1, 1)]);
        assert_eq!(atoms[1].mode, Mode::CaptureOnly);
        assert!(atoms[2].initial && atoms[2].lame);
        assert_eq!(atoms[2].vectors, vec![(0, 2)]);
    }

    #[test]
    fn riders_and_ranges() {
        let nn = parse("NN").unwrap();
        assert_eq!(nn[0].reach, Reach::Ride(None));
        assert_eq!(nn[0].vectors.len(), 8);
        assert_eq!(parse("N0").unwrap(), nn);
        assert_eq!(parse("R3").unwrap()[0].reach, Reach::Ride(Some(3)));
        assert_eq!(parse("Q").unwrap().len(), 2);
        assert_eq!(vectors("(3,1)").len(), 8);
        assert_eq!(vectors("(2,2)"), vectors("A"));
    }

    #[test]
    fn directions() {
        assert_eq!(vectors("fK"), vec![(-1, 1), (0, 1), (1, 1)]);
        assert_eq!(vectors("ffN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(vectors("fsN"), vec![(-2, 1), (2, 1)]);
        assert_eq!(vectors("sW"), vec![(-1, 0), (1, 0)]);
        assert_eq!(vectors("vW"), vec![(0, -1), (0, 1)]);
        assert_eq!(vectors("blF"), vec![(-1, -1)]);
    }

    #[test]
    fn errors() {
        assert_eq!(parse(""), Err(BetzaError::Empty));
        assert!(matches!(
            parse("X"),
            Err(BetzaError::UnknownAtom { found: 'X', .. })
        ));
        assert!(matches!(
            parse("fm"),
            Err(BetzaError::ModifiersWithoutAtom { .. })
        ));
        assert!(matches!(
            parse("mcW"),
            Err(BetzaError::ConflictingModes { .. })
        ));
        assert!(matches!(
            parse("flW"),
            Err(BetzaError::NoDirectionSelected { .. })
        ));
        assert!(matches!(parse("(0,0)"), Err(BetzaError::BadLeaper { .. })));
        assert!(matches!(parse("(3,1"), Err(BetzaError::BadLeaper { .. })));
        assert!(matches!(parse("RR"), Err(BetzaError::RiderOfRider { .. })));
        assert!(matches!(
            parse("nR"),
            Err(BetzaError::LameNotSupported { .. })
        ));
        assert!(matches!(
            parse("xW"),
            Err(BetzaError::UnexpectedChar { found: 'x', .. })
        ));
        assert!(matches!(
            parse("W!"),
            Err(BetzaError::UnexpectedChar { .. })
        ));
    }
}
