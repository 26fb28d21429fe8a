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

/// Parses a whole Betza string into atoms.
pub fn parse(text: &str) -> Result<Vec<Atom>, BetzaError> {
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return Err(BetzaError::Empty);
    }
    let mut atoms = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        let mut mods = Modifiers::default();
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            match chars[i] {
                'f' | 'b' | 'l' | 'r' | 'v' | 's' => mods.dirs.push(chars[i]),
                'm' => mods.move_only = true,
                'c' => mods.capture_only = true,
                'i' => mods.initial = true,
                'n' => mods.lame = true,
                other => {
                    return Err(BetzaError::UnexpectedChar {
                        pos: i,
                        found: other,
                    })
                }
            }
            i += 1;
        }
        if i >= chars.len() {
            return Err(BetzaError::ModifiersWithoutAtom { pos: start });
        }
        let atom_pos = i;
        // The atom: a letter or an explicit (m,n).
        let (bases, mut rider, letter): (Vec<(u8, u8)>, bool, Option<char>) = if chars[i] == '(' {
            let close = chars[i..]
                .iter()
                .position(|&c| c == ')')
                .ok_or(BetzaError::BadLeaper { pos: i })?;
            let inner: String = chars[i + 1..i + close].iter().collect();
            let mut parts = inner.split(',');
            let parse_num = |p: Option<&str>| -> Result<u8, BetzaError> {
                p.and_then(|s| s.trim().parse::<u8>().ok())
                    .filter(|&v| v <= 15)
                    .ok_or(BetzaError::BadLeaper { pos: atom_pos })
            };
            let m = parse_num(parts.next())?;
            let n = parse_num(parts.next())?;
            if parts.next().is_some() || (m == 0 && n == 0) {
                return Err(BetzaError::BadLeaper { pos: atom_pos });
            }
            i += close + 1;
            (vec![(m, n)], false, None)
        } else if chars[i].is_ascii_uppercase() {
            let (bases, rider) = letter_atom(chars[i]).ok_or(BetzaError::UnknownAtom {
                pos: i,
                found: chars[i],
            })?;
            i += 1;
            (bases.to_vec(), rider, Some(chars[i - 1]))
        } else {
            return Err(BetzaError::UnexpectedChar {
                pos: i,
                found: chars[i],
            });
        };
        // Rider suffix: the letter doubled, or a range number (0 = unlimited).
        let mut limit: Option<u8> = None;
        if let Some(l) = letter {
            if i < chars.len() && chars[i] == l {
                if rider {
                    return Err(BetzaError::RiderOfRider { pos: atom_pos });
                }
                rider = true;
                i += 1;
            }
        }
        let digits_start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        if i > digits_start {
            let n: String = chars[digits_start..i].iter().collect();
            let n: u8 = n.parse().map_err(|_| BetzaError::UnexpectedChar {
                pos: digits_start,
                found: chars[digits_start],
            })?;
            rider = true;
            limit = if n == 0 { None } else { Some(n) };
        }
        if mods.move_only && mods.capture_only {
            return Err(BetzaError::ConflictingModes { pos: start });
        }
        let mode = if mods.move_only {
            Mode::MoveOnly
        } else if mods.capture_only {
            Mode::CaptureOnly
        } else {
            Mode::MoveAndCapture
        };
        if mods.lame && rider {
            return Err(BetzaError::LameNotSupported { pos: atom_pos });
        }
        let tokens = direction_tokens(&mods.dirs);
        let atoms_before = atoms.len();
        for (m, n) in bases {
            let vectors: Vec<(i8, i8)> = symmetric_vectors(m, n)
                .into_iter()
                .filter(|&(x, y)| tokens.is_empty() || tokens.iter().any(|t| token_keeps(t, x, y)))
                .collect();
            if vectors.is_empty() {
                continue;
            }
            if mods.lame && lame_path((m as i8, n as i8)).is_none() {
                return Err(BetzaError::LameNotSupported { pos: atom_pos });
            }
            atoms.push(Atom {
                vectors,
                reach: if rider {
                    Reach::Ride(limit)
                } else {
                    Reach::Leap
                },
                mode,
                initial: mods.initial,
                lame: mods.lame,
                ranks: None,
            });
        }
        if atoms.len() == atoms_before {
            return Err(BetzaError::NoDirectionSelected {
                pos: start,
                modifiers: mods.dirs,
            });
        }
    }
    Ok(atoms)
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
