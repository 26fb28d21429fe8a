//! Squares and colours.

/// A square's index on the variant's grid: `rank * width + file`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct Square(pub u8);

impl Square {
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline(always)]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The rank direction this colour's pieces move "forward" in.
    #[inline(always)]
    pub const fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}
