//! Riders of the files (the Rook) on open files, where no pawn-like piece
//! stands, and half-open ones, where only the enemy's do: from there they
//! reach the enemy's camp, or press on its pawn.

use super::{pawns, values};
use crate::rules::bitboard::Bitboard;
use crate::rules::piece::kinds_in;
use crate::rules::position::Position;
use crate::rules::square::Color;
use crate::rules::variant::Variant;

pub struct FileTerms {
    /// Centipawns for a file rider on an open and a half-open file
    /// (`Term::OpenFile`, `Term::HalfOpenFile`).
    open: i32,
    half_open: i32,
    /// The kinds that ride their whole file on the empty board and no
    /// diagonal (a piece that also rides diagonals has lines enough).
    kinds: u32,
    pawn_kinds: u32,
    /// Per square: the squares of its file.
    file: Vec<Bitboard>,
}

impl FileTerms {
    /// The terms for `v`; none without weights, pawns or file riders.
    pub fn new(v: &Variant, pawn_kinds: u32, (open, half_open): (i32, i32)) -> Option<FileTerms> {
        let (file, _) = pawns::file_masks(v.geometry());
        let royal = v.royal_kinds();
        let kinds = (0..v.kind_count())
            .filter(|&k| royal >> k & 1 == 0 && !values::pawn_like(v, k))
            .filter(|&k| rides_file_only(v, k, &file))
            .fold(0u32, |m, k| m | 1 << k);
        if (open, half_open) == (0, 0) || pawn_kinds == 0 || kinds == 0 {
            return None;
        }
        Some(FileTerms {
            open,
            half_open,
            kinds,
            pawn_kinds,
            file,
        })
    }

    /// `color`'s file riders on open and half-open files.
    pub fn evaluate(&self, pos: &Position, color: Color) -> i32 {
        let ours = pos.pieces_of_kinds(color, self.pawn_kinds);
        let theirs = pos.pieces_of_kinds(color.opposite(), self.pawn_kinds);
        let mut score = 0;
        for k in kinds_in(self.kinds) {
            for sq in pos.pieces(color, k) {
                let file = self.file[sq.index()];
                if (file & ours).is_empty() {
                    score += match (file & theirs).is_empty() {
                        true => self.open,
                        false => self.half_open,
                    };
                }
            }
        }
        score
    }
}

/// Whether `kind`, from a square in the middle of the empty board, reaches
/// every square of its file and no square diagonally next to it.
fn rides_file_only(v: &Variant, kind: usize, file: &[Bitboard]) -> bool {
    let g = v.geometry();
    let (w, h) = (g.width() as i32, g.height() as i32);
    let Some(centre) = g.square(w / 2, h / 2) else {
        return false;
    };
    let empty = Bitboard::EMPTY;
    let (quiet, capture) = v.reach(Color::White, kind, centre, empty, empty, false, 0);
    let reach = quiet | capture;
    let whole_file = file[centre.index()] & !Bitboard::from_square(centre);
    let diagonal = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        .iter()
        .filter_map(|&(dx, dy)| g.offset(centre, dx, dy))
        .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from_square(s));
    whole_file.any() && (reach & whole_file) == whole_file && (reach & diagonal).is_empty()
}
