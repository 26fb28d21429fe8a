//! Moves as text in UCI's form: `e2e4`, `e7e8q`, castling as the king's
//! move `e1g1`, drops as `P@e4`. Squares name files from `a` and ranks from
//! 1 (`a10` on a 10-rank board).

use crate::rules::geometry::square_name_len;
use crate::rules::moves::{Move, MoveKind};
use crate::rules::position::Position;
use crate::rules::square::{Color, Square};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    Malformed(String),
    Illegal(String),
}

impl std::fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveTextError::Malformed(t) => write!(f, "'{t}' is not a move in UCI form"),
            MoveTextError::Illegal(t) => write!(f, "'{t}' is not a legal move here"),
        }
    }
}

impl std::error::Error for MoveTextError {}

impl Position {
    /// The move's text in UCI form.
    pub fn move_text(&self, m: Move) -> String {
        let v = &*self.variant;
        let g = &v.geometry;
        if m.kind() == MoveKind::Drop {
            return format!(
                "{}@{}",
                v.letter(Color::White, m.drop_kind()),
                g.name(m.to())
            );
        }
        if m.kind() == MoveKind::TwoLeg {
            let (from, via, to) = (g.name(m.from()), g.name(m.extra()), g.name(m.to()));
            let promotion = m.promotion().map(|p| v.letter(Color::Black, p));
            return format!(
                "{from}{via},{via}{to}{}",
                promotion.map(String::from).unwrap_or_default()
            );
        }
        if self.en_passant_in_two_legs(m) {
            let (from, via, to) = (g.name(m.from()), g.name(m.extra()), g.name(m.to()));
            let promotion = m.promotion().map(|p| v.letter(Color::Black, p));
            return format!(
                "{from}{via},{via}{to}{}",
                promotion.map(String::from).unwrap_or_default()
            );
        }
        let mut s = g.name(m.from());
        s.push_str(&g.name(self.written_destination(m)));
        if let Some(p) = m.promotion() {
            s.push(v.letter(Color::Black, p));
        }
        s
    }

    /// Where a move's text says it goes: its destination, but for a
    /// castling whose king moves less than two squares, the rook's square
    /// (as Fairy-Stockfish writes it), so that it is not the king's step.
    fn written_destination(&self, m: Move) -> Square {
        let g = &self.variant.geometry;
        let short = g.file_of(m.from()).abs_diff(g.file_of(m.to())) < 2;
        match m.kind() == MoveKind::Castle && short {
            true => m.extra(),
            false => m.to(),
        }
    }

    /// Whether the move is an en passant capture written in two legs,
    /// first to the victim's square, then on to its destination, as
    /// XBoard writes multi-leg moves (`d5e5,e5e6`): whenever the plain
    /// `from`-`to` text could name another move. That is so for a piece
    /// that does not promote (the Pawn Eater, whose quiet Bishop move
    /// reaches the same square; a luring Bishop, whose captures onto one
    /// square may take several victims), and for a pawn whose quiet move
    /// reaches the same square (Monty Python's Pawn in drag: `e5d6` is its
    /// quiet step, `e5d5,d5d6` its en passant).
    pub fn en_passant_in_two_legs(&self, m: Move) -> bool {
        let mover = self.board[m.from().index()];
        m.kind() == MoveKind::EnPassant
            && !mover.is_none()
            && (self.variant.promoters >> mover.kind() & 1 == 0
                || self.reaches_quietly(m.from(), m.to()))
    }

    /// The legal move with this text; the position is not changed.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveTextError> {
        let text = text.trim();
        if text.is_empty() || text.len() > 16 || !text.is_ascii() {
            return Err(MoveTextError::Malformed(text.to_string()));
        }
        // Every move's text ends with its destination (a promotion letter
        // may follow): only moves to a square some ending names are written
        // out and compared (a game's whole move list is parsed at every
        // UCI `position`).
        let g = &self.variant.geometry;
        let trimmed = &text[..text.len() - 1];
        let ends: Vec<Square> = (0..text.len())
            .filter_map(|i| g.parse_square(&text[i..]))
            .chain((0..trimmed.len()).filter_map(|i| g.parse_square(&trimmed[i..])))
            .collect();
        let moves = self.legal_moves();
        moves
            .iter()
            .copied()
            .filter(|&m| ends.contains(&self.written_destination(m)))
            .find(|&m| self.move_text(m) == text)
            .ok_or_else(|| {
                if looks_like_move(text) {
                    MoveTextError::Illegal(text.to_string())
                } else {
                    MoveTextError::Malformed(text.to_string())
                }
            })
    }

    /// The one legal two-leg move whose first and last squares `short`
    /// names (`b7b5` for `b7b6,b6b5`), if no other legal move joins them
    /// and none is written `short` itself. XBoard 4.9 garbles two-leg moves
    /// it relays, so its users send them plain when they can.
    pub fn two_leg_from_ends(&self, short: &str) -> Option<Move> {
        if short.contains(',') {
            return None;
        }
        let mut found = None;
        for m in self.legal_moves().iter().copied() {
            let text = self.move_text(m);
            if text == short {
                return None;
            }
            if two_leg_ends(&text).as_deref() == Some(short) {
                if found.is_some() {
                    return None;
                }
                found = Some(m);
            }
        }
        found
    }

    /// Parses and plays a move; on error the position is unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveTextError> {
        let m = self.parse_move(text)?;
        self.make_move(m);
        Ok(m)
    }
}

/// A two-leg move's text from its first square to its last, promotion
/// letter kept: `b7b6,b6b5` gives `b7b5`.
pub fn two_leg_ends(text: &str) -> Option<String> {
    let (first, last) = text.split_once(',')?;
    let from = square_name_len(first)?;
    let via = square_name_len(last)?;
    Some(format!("{}{}", &first[..from], &last[via..]))
}

/// Square, square, optional promotion letter; or a drop `X@sq`.
fn looks_like_move(text: &str) -> bool {
    let b = text.as_bytes();
    if b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b'@' {
        return square_name_len(&text[2..]) == Some(text.len() - 2);
    }
    if let Some((first, second)) = text.split_once(',') {
        return looks_like_move(first) && looks_like_move(second);
    }
    let Some(a) = square_name_len(text) else {
        return false;
    };
    let Some(c) = square_name_len(&text[a..]) else {
        return false;
    };
    let rest = &b[a + c..];
    rest.is_empty() || (rest.len() == 1 && rest[0].is_ascii_lowercase())
}
