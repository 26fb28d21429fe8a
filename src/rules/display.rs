//! A position drawn as text, for people.

use crate::rules::position::Position;

impl Position {
    /// The board as text, highest rank first, with grid square names at the
    /// edges; `.` is an empty square, a blank a cell that is not a square,
    /// `+` marks a piece written with that prefix (Truffle Hunt's awake pieces).
    pub fn board_text(&self) -> String {
        let v = &**self.variant();
        let g = &v.geometry;
        let mut out = String::new();
        for rank in (0..g.height()).rev() {
            out.push_str(&format!("{:>3} ", rank + 1));
            for file in 0..g.width() {
                let cell = match g.square(file as i32, rank as i32) {
                    None => " ".to_string(),
                    Some(sq) => match self.piece_at(sq) {
                        None => ".".to_string(),
                        Some(p) => v.symbol(p.color(), p.kind()),
                    },
                };
                // Two columns a square: `+N` (an awake piece) fills both.
                out.push_str(&format!("{cell:<2}"));
            }
            out.push('\n');
        }
        out.push_str("    ");
        for file in 0..g.width() {
            out.push((b'a' + file) as char);
            out.push(' ');
        }
        out.push('\n');
        out
    }
}
