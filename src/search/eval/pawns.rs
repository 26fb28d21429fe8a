//! Pawn-like pieces (they promote and only leap): advancement, passed,
//! doubled, isolated and protected pawns; and the extinction race of a
//! game lost by losing every piece of one kind (count, protection, threats).

use super::values;
use super::weights::{Term, Weights};
use crate::rules::bitboard::Bitboard;
use crate::rules::geometry::Geometry;
use crate::rules::piece::{kinds_in, Kind};
use crate::rules::position::Position;
use crate::rules::square::{Color, Square};
use crate::rules::variant::Variant;

/// The terms' weights (`weights.rs`): advancement one step before
/// promotion and a passed pawn's bonus (middle game, ending), the structure
/// terms, and the extinction race (`-race / (n + 1/2)` for `n` pieces
/// left; an extinction piece attacked and not defended, the side to move
/// saving one, or attacked and defended).
struct PawnWeights {
    advance: (i32, i32),
    passed: (i32, i32),
    passed_base: i32,
    doubled: i32,
    isolated: i32,
    protected: i32,
    race: i32,
    hanging: i32,
    contested: i32,
    passed_king: i32,
}

impl PawnWeights {
    fn new(weights: &Weights) -> PawnWeights {
        PawnWeights {
            advance: (
                weights.term(Term::AdvanceMiddle),
                weights.term(Term::AdvanceEnd),
            ),
            passed: (
                weights.term(Term::PassedMiddle),
                weights.term(Term::PassedEnd),
            ),
            passed_base: weights.term(Term::PassedBase),
            doubled: weights.term(Term::Doubled),
            isolated: weights.term(Term::Isolated),
            protected: weights.term(Term::Protected),
            race: weights.term(Term::Race),
            hanging: weights.term(Term::Hanging),
            contested: weights.term(Term::Contested),
            passed_king: weights.term(Term::PassedKing),
        }
    }
}

/// Per colour and square, a pawn-like piece's progress to promotion: 0 on
/// its side's start rank furthest from the zone (at least two ranks away),
/// 256 one step before the zone.
fn progress_tables(v: &Variant, kinds: u32) -> [Vec<i32>; 2] {
    let g = v.geometry();
    let height = g.height() as i32;
    let zone_ranks: Vec<i32> = (0..g.height())
        .filter(|&r| (v.promotion_zone(Color::White) & g.rank_mask(r)).any())
        .map(|r| r as i32)
        .collect();
    // Ranks to go for White on rank r (Black mirrored).
    let to_go = |r: i32| {
        zone_ranks
            .iter()
            .filter(|&&z| z >= r)
            .map(|&z| z - r)
            .min()
            .unwrap_or(height)
    };
    let start = v
        .start_board()
        .iter()
        .filter(|(_, p)| p.color() == Color::White && kinds >> p.kind() & 1 != 0)
        .map(|(sq, _)| to_go(g.rank_of(*sq) as i32))
        .max()
        .unwrap_or(height - 2)
        .max(2);
    let mut progress = [Vec::new(), Vec::new()];
    for i in 0..g.cells() {
        let r = g.rank_of(Square(i as u8)) as i32;
        for c in Color::BOTH {
            let own_rank = match c {
                Color::White => r,
                Color::Black => height - 1 - r,
            };
            let t = ((start - to_go(own_rank)) * 256 / (start - 1)).clamp(0, 256);
            progress[c.index()].push(t);
        }
    }
    progress
}

/// Per colour and square: the squares ahead of it on its file and the two
/// beside.
fn front_spans(g: &Geometry) -> [Vec<Bitboard>; 2] {
    let mut front = [Vec::new(), Vec::new()];
    for i in 0..g.cells() {
        let sq = Square(i as u8);
        let (f, r) = (g.file_of(sq) as i32, g.rank_of(sq) as i32);
        for c in Color::BOTH {
            let ahead = g
                .squares()
                .filter(|&s| {
                    let (sf, sr) = (g.file_of(s) as i32, g.rank_of(s) as i32);
                    (sf - f).abs() <= 1 && (sr - r) * c.forward() > 0
                })
                .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from_square(s));
            front[c.index()].push(ahead);
        }
    }
    front
}

/// Per square: its file, and the files beside it.
pub(super) fn file_masks(g: &Geometry) -> (Vec<Bitboard>, Vec<Bitboard>) {
    let files: Vec<Bitboard> = (0..g.width())
        .map(|f| {
            g.squares()
                .filter(|&sq| g.file_of(sq) == f)
                .fold(Bitboard::EMPTY, |b, sq| b | Bitboard::from_square(sq))
        })
        .collect();
    let mut file = Vec::new();
    let mut beside = Vec::new();
    for i in 0..g.cells() {
        let f = g.file_of(Square(i as u8)) as i32;
        file.push(files.get(f as usize).copied().unwrap_or_default());
        let mut b = Bitboard::EMPTY;
        for df in [-1, 1] {
            if let Some(&m) = files.get((f + df) as usize) {
                if f + df >= 0 {
                    b |= m;
                }
            }
        }
        beside.push(b);
    }
    (file, beside)
}

pub struct PawnTerms {
    pub kinds: u32,
    extinction: Option<Kind>,
    /// Per colour and square: progress to promotion, 0 at the start, 256
    /// one step before.
    progress: [Vec<i32>; 2],
    /// Per colour and square: the squares ahead on its file and the next.
    front: [Vec<Bitboard>; 2],
    /// Per square: its file, and the files beside it.
    file: Vec<Bitboard>,
    beside: Vec<Bitboard>,
    w: PawnWeights,
}

impl PawnTerms {
    pub fn new(v: &Variant, weights: &Weights) -> PawnTerms {
        let kinds = (0..v.kind_count())
            .filter(|&k| values::pawn_like(v, k))
            .fold(0u32, |m, k| m | 1 << k);
        let (file, beside) = file_masks(v.geometry());
        PawnTerms {
            kinds,
            extinction: v.extinction(),
            progress: progress_tables(v, kinds),
            front: front_spans(v.geometry()),
            file,
            beside,
            w: PawnWeights::new(weights),
        }
    }

    /// The squares `color`'s pawn-like pieces attack.
    #[inline]
    pub fn attacks(&self, pos: &Position, color: Color) -> Bitboard {
        let v = &**pos.variant();
        let mut out = Bitboard::EMPTY;
        for k in kinds_in(self.kinds) {
            for sq in pos.pieces(color, k) {
                out |= v.leap_captures(color, k, sq);
            }
        }
        out
    }

    /// The pawn terms for `color`; `phase` is 256 in the middle game and 0
    /// in an ending; `attacks` are every attack of each side.
    pub fn evaluate(
        &self,
        pos: &Position,
        color: Color,
        phase: i32,
        pawn_attacks: &[Bitboard; 2],
        attacks: &[Bitboard; 2],
    ) -> i32 {
        let c = color.index();
        let ours = pos.pieces_of_kinds(color, self.kinds);
        let theirs = pos.pieces_of_kinds(color.opposite(), self.kinds);
        let end = 256 - phase;
        let w = &self.w;
        let advance = (w.advance.0 * phase + w.advance.1 * end) / 256;
        let passed = (w.passed.0 * phase + w.passed.1 * end) / 256;
        let mut score = 0;
        for sq in ours {
            let i = sq.index();
            let t = self.progress[c][i];
            let mut s = advance * t * t / 65536;
            if self.is_passed(color, sq, theirs) {
                s += w.passed_base + passed * t * t / 65536;
            }
            if self
                .extinction
                .is_some_and(|e| pos.pieces(color, e).contains(sq))
            {
                // Promoting loses one of the pieces the game is played for.
                s /= 4;
            }
            if (self.front[c][i] & self.file[i] & ours).any() {
                s -= w.doubled;
            }
            if (self.beside[i] & ours).is_empty() {
                s -= w.isolated;
            }
            if pawn_attacks[c].contains(sq) {
                s += w.protected;
            }
            score += s;
        }
        if let Some(e) = self.extinction {
            score += race(pos, color, e, attacks, w);
        }
        score
    }

    /// Whether `color`'s pawn-like piece on `sq` is passed: none of the
    /// enemy's, `theirs`, ahead on its file or the next.
    #[inline]
    fn is_passed(&self, color: Color, sq: Square, theirs: Bitboard) -> bool {
        (self.front[color.index()][sq.index()] & theirs).is_empty()
    }

    /// How many pawn-like pieces of either side are passed (no enemy one
    /// ahead on their file or the next).
    pub fn passed_count(&self, pos: &Position) -> i32 {
        let mut n = 0;
        for color in Color::BOTH {
            let theirs = pos.pieces_of_kinds(color.opposite(), self.kinds);
            n += pos
                .pieces_of_kinds(color, self.kinds)
                .into_iter()
                .filter(|&sq| self.is_passed(color, sq, theirs))
                .count() as i32;
        }
        n
    }

    /// In the ending, `color`'s passed pawns by where the kings stand: the
    /// farther the enemy's from the square ahead of the pawn and the nearer
    /// its own, the better, the more so the further the pawn has come.
    pub fn passed_kings(
        &self,
        pos: &Position,
        color: Color,
        phase: i32,
        kings: [Option<Square>; 2],
    ) -> i32 {
        let (Some(own), Some(enemy)) = (kings[color.index()], kings[1 - color.index()]) else {
            return 0;
        };
        if self.w.passed_king == 0 || phase >= 256 {
            return 0;
        }
        let g = pos.variant().geometry();
        let c = color.index();
        let theirs = pos.pieces_of_kinds(color.opposite(), self.kinds);
        let distance = |a: Square, b: Square| {
            let df = (g.file_of(a) as i32 - g.file_of(b) as i32).abs();
            let dr = (g.rank_of(a) as i32 - g.rank_of(b) as i32).abs();
            df.max(dr).min(KING_DISTANCE_CAP)
        };
        let mut sum = 0;
        for sq in pos.pieces_of_kinds(color, self.kinds) {
            if !self.is_passed(color, sq, theirs) {
                continue;
            }
            let Some(ahead) = g.offset(sq, 0, color.forward()) else {
                continue;
            };
            let t = self.progress[c][sq.index()];
            sum += (2 * distance(enemy, ahead) - distance(own, ahead)) * t;
        }
        sum * self.w.passed_king * (256 - phase) / (4 * 256 * 256)
    }
}

/// Kings farther than this from a square count as this far.
const KING_DISTANCE_CAP: i32 = 5;

/// The extinction race for `color`: few pieces of kind `e` left is a
/// danger in itself, and so are those attacked.
fn race(pos: &Position, color: Color, e: Kind, attacks: &[Bitboard; 2], w: &PawnWeights) -> i32 {
    let ours = pos.pieces(color, e);
    let n = ours.count() as i32;
    let mut score = -w.race * 2 / (2 * n + 1);
    let attacked = ours & attacks[color.opposite().index()];
    let defended = attacked & attacks[color.index()];
    let hanging = (attacked & !defended).count() as i32;
    // The side to move saves one hanging piece.
    let lost = if pos.side_to_move() == color {
        (hanging - 1).max(0)
    } else {
        hanging
    };
    score -= w.hanging * lost + w.contested * defended.count() as i32;
    score
}
