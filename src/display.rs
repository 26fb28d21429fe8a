//! A position drawn as text, for people.

use crate::position::Position;

impl Position {
    /// The board as text, highest rank first, with grid square names at the
    /// edges; `.` is an empty square, a blank a cell that is not a square.
    pub fn board_text(&self) -> String {
        let v = &**self.variant();
        let g = &v.geometry;
        let mut out = String::new();
        for rank in (0..g.height()).rev() {
            out.push_str(&format!("{:>3} ", rank + 1));
            for file in 0..g.width() {
                let c = match g.square(file as i32, rank as i32) {
                    None => ' ',
                    Some(sq) => match self.piece_at(sq) {
                        None => '.',
                        Some(p) => v.letter(p.color(), p.kind()),
                    },
                };
                out.push(c);
                out.push(' ');
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
