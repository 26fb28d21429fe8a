//! The board's shape: a grid of `width` x `height` cells, some of which may not
//! be squares at all (Hubbub's board is a 10x10 grid with 72 real squares).

use crate::rules::bitboard::Bitboard;
use crate::rules::square::Square;

/// Largest grid we accept: the bitboard has 128 bits.
pub const MAX_SQUARES: usize = 128;
pub const MAX_FILES: u8 = 16;
pub const MAX_RANKS: u8 = 16;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    width: u8,
    height: u8,
    /// The cells that are squares.
    exists: Bitboard,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GeometryError {
    BadSize { width: u8, height: u8 },
    SquareOutsideGrid { file: u8, rank: u8 },
}

impl std::fmt::Display for GeometryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GeometryError::BadSize { width, height } => write!(
                f,
                "a {width}x{height} board is not supported (at most {MAX_FILES} files, {MAX_RANKS} ranks and {MAX_SQUARES} cells)"
            ),
            GeometryError::SquareOutsideGrid { file, rank } => {
                write!(f, "cell ({file}, {rank}) lies outside the grid")
            }
        }
    }
}

impl std::error::Error for GeometryError {}

impl Geometry {
    /// A full rectangular board.
    pub fn rectangle(width: u8, height: u8) -> Result<Geometry, GeometryError> {
        Self::with_holes(width, height, &[])
    }

    /// A grid from which the listed (file, rank) cells are missing.
    pub fn with_holes(
        width: u8,
        height: u8,
        holes: &[(u8, u8)],
    ) -> Result<Geometry, GeometryError> {
        if width == 0
            || height == 0
            || width > MAX_FILES
            || height > MAX_RANKS
            || width as usize * height as usize > MAX_SQUARES
        {
            return Err(GeometryError::BadSize { width, height });
        }
        let cells = width as u32 * height as u32;
        let mut exists = Bitboard(if cells == 128 {
            u128::MAX
        } else {
            (1u128 << cells) - 1
        });
        for &(file, rank) in holes {
            if file >= width || rank >= height {
                return Err(GeometryError::SquareOutsideGrid { file, rank });
            }
            exists.remove(Square(rank * width + file));
        }
        Ok(Geometry {
            width,
            height,
            exists,
        })
    }

    #[inline(always)]
    pub fn width(&self) -> u8 {
        self.width
    }

    #[inline(always)]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Number of grid cells (squares and holes alike).
    #[inline(always)]
    pub fn cells(&self) -> usize {
        self.width as usize * self.height as usize
    }

    #[inline(always)]
    pub fn squares(&self) -> Bitboard {
        self.exists
    }

    #[inline(always)]
    pub fn file_of(&self, sq: Square) -> u8 {
        sq.0 % self.width
    }

    #[inline(always)]
    pub fn rank_of(&self, sq: Square) -> u8 {
        sq.0 / self.width
    }

    /// The square at (file, rank), if that cell is on the grid and is a square.
    pub fn square(&self, file: i32, rank: i32) -> Option<Square> {
        if file < 0 || rank < 0 || file >= self.width as i32 || rank >= self.height as i32 {
            return None;
        }
        let sq = Square((rank * self.width as i32 + file) as u8);
        self.exists.contains(sq).then_some(sq)
    }

    /// The square reached from `sq` by the step (dx, dy), if it exists.
    #[inline]
    pub fn offset(&self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        self.square(self.file_of(sq) as i32 + dx, self.rank_of(sq) as i32 + dy)
    }

    /// All squares of one rank.
    pub fn rank_mask(&self, rank: u8) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for file in 0..self.width {
            if let Some(sq) = self.square(file as i32, rank as i32) {
                bb.insert(sq);
            }
        }
        bb
    }

    /// UCI's name of a square: file letter from `a`, rank number from 1.
    pub fn name(&self, sq: Square) -> String {
        let file = (b'a' + self.file_of(sq)) as char;
        format!("{file}{}", self.rank_of(sq) + 1)
    }

    /// Parses a square in UCI's form; `None` unless it names a real square.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        if square_name_len(text) != Some(text.len()) {
            return None;
        }
        let file = text.as_bytes()[0] - b'a';
        let rank: i32 = text[1..].parse().ok()?;
        self.square(file as i32, rank - 1)
    }
}

/// The length of the square name that starts `text` (`e4` is 2, `a10` 3),
/// the one syntax of square names in the rules core: a lower-case file
/// letter and a rank from 1, of one or two digits (boards have at most
/// 16 ranks). Whether the square is on a board is `parse_square`'s
/// question.
pub fn square_name_len(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    if !b.first()?.is_ascii_lowercase() {
        return None;
    }
    let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    let from_one = b.get(1).is_some_and(|&d| d != b'0');
    ((1..=2).contains(&digits) && from_one).then_some(1 + digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_ten_ranks() {
        let g = Geometry::rectangle(8, 10).unwrap();
        let sq = g.parse_square("a10").unwrap();
        assert_eq!(g.rank_of(sq), 9);
        assert_eq!(g.name(sq), "a10");
        assert_eq!(g.parse_square("a11"), None);
        assert_eq!(g.parse_square("i1"), None);
        assert_eq!(g.parse_square("a0"), None);
        assert_eq!(g.parse_square("a01"), None);
        assert_eq!(g.parse_square("a100"), None);
        assert_eq!(g.parse_square("A1"), None);
        assert_eq!(g.parse_square("a1x"), None);
        assert_eq!(g.parse_square(""), None);
        assert_eq!(square_name_len("a10b2"), Some(3));
        assert_eq!(square_name_len("e2e4"), Some(2));
        assert_eq!(square_name_len("e0"), None);
        assert_eq!(square_name_len("b123"), None);
        assert_eq!(g.parse_square("a01"), None);
        assert_eq!(g.parse_square(""), None);
    }

    #[test]
    fn holes_are_not_squares() {
        let g = Geometry::with_holes(10, 10, &[(0, 1)]).unwrap();
        assert_eq!(g.squares().count(), 99);
        assert_eq!(g.square(0, 1), None);
        assert!(g.square(0, 0).is_some());
        assert!(Geometry::rectangle(13, 10).is_err());
        assert!(Geometry::rectangle(12, 10).is_ok());
    }
}
