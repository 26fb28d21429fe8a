//! Winnability: how far a lead in the ending can be turned into a win.
//! With few pawns, all on one flank, no passed pawn and the kings facing
//! each other, a lead in material is often a draw; with pawns on both
//! flanks, passed pawns or a king among the enemy's pawns it grows. A
//! complexity score moves the lead toward zero (never past it) or away
//! from it, in proportion to the ending's share of the game phase. The
//! idea is the classical Stockfish evaluation's; the terms are read from
//! the board's geometry and the weights fitted by `menagerie tune`.

use super::pawns::PawnTerms;
use super::weights::{Term, Weights};
use crate::rules::bitboard::Bitboard;
use crate::rules::position::Position;
use crate::rules::square::{Color, Square};
use crate::rules::variant::Variant;

/// The complexity's weights (`winnable.*`), in centipawns.
struct WinnableWeights {
    /// Per pawn-like piece on the board.
    pawn: i32,
    /// Per passed pawn.
    passed: i32,
    /// Pawn-like pieces on both halves of the files.
    flanks: i32,
    /// Per file the kings stand apart beyond the ranks they do.
    outflank: i32,
    /// A king on the enemy's half of the ranks.
    infiltration: i32,
    /// Nothing but pawn-like pieces and royals left.
    bare: i32,
    /// Subtracted always: below it a lead shrinks.
    base: i32,
}

pub struct WinnableTerms {
    w: WinnableWeights,
    /// The files of the board's left half, and of its right half.
    flanks: (Bitboard, Bitboard),
    /// Per colour: the half of the ranks nearer the enemy's side.
    enemy_half: [Bitboard; 2],
    /// Kinds neither pawn-like nor royal.
    piece_kinds: u32,
}

impl WinnableTerms {
    /// The term, none where every weight is 0 or the game has no
    /// pawn-like pieces.
    pub fn new(v: &Variant, pawn_kinds: u32, w: &Weights) -> Option<WinnableTerms> {
        let w = WinnableWeights {
            pawn: w.term(Term::WinnablePawn),
            passed: w.term(Term::WinnablePassed),
            flanks: w.term(Term::WinnableFlanks),
            outflank: w.term(Term::WinnableOutflank),
            infiltration: w.term(Term::WinnableInfiltration),
            bare: w.term(Term::WinnableBare),
            base: w.term(Term::WinnableBase),
        };
        let all = [w.pawn, w.passed, w.flanks, w.outflank, w.infiltration];
        if all.iter().chain(&[w.bare, w.base]).all(|&x| x == 0) || pawn_kinds == 0 {
            return None;
        }
        let g = v.geometry();
        let half = |keep: &dyn Fn(Square) -> bool| {
            g.squares()
                .filter(|&sq| keep(sq))
                .fold(Bitboard::EMPTY, |b, sq| b | Bitboard::from_square(sq))
        };
        let (width, height) = (g.width(), g.height());
        let royal_or_pawn = v.royal_kinds() | pawn_kinds;
        Some(WinnableTerms {
            w,
            flanks: (
                half(&|sq| g.file_of(sq) < width / 2),
                half(&|sq| g.file_of(sq) >= width.div_ceil(2)),
            ),
            enemy_half: [
                half(&|sq| g.rank_of(sq) >= height.div_ceil(2)),
                half(&|sq| g.rank_of(sq) < height / 2),
            ],
            piece_kinds: (0..v.kind_count()).fold(0u32, |m, k| match royal_or_pawn >> k & 1 {
                0 => m | 1 << k,
                _ => m,
            }),
        })
    }

    /// The change to White's `lead` (centipawns): its sign times the
    /// complexity, never more than the lead's size toward zero, scaled
    /// by the ending's share of `phase`.
    pub fn adjust(
        &self,
        pos: &Position,
        lead: i32,
        phase: i32,
        pawns: &PawnTerms,
        kings: [Option<Square>; 2],
    ) -> i32 {
        if phase >= 256 {
            return 0;
        }
        let change = lead.signum() * self.complexity(pos, pawns, kings).max(-lead.abs());
        change * (256 - phase) / 256
    }

    fn complexity(&self, pos: &Position, pawns: &PawnTerms, kings: [Option<Square>; 2]) -> i32 {
        let w = &self.w;
        let all_pawns = pos.pieces_of_kinds(Color::White, pawns.kinds)
            | pos.pieces_of_kinds(Color::Black, pawns.kinds);
        let both_flanks = (all_pawns & self.flanks.0).any() && (all_pawns & self.flanks.1).any();
        let mut c = w.pawn * all_pawns.count() as i32
            + w.passed * pawns.passed_count(pos)
            + w.flanks * both_flanks as i32
            - w.base;
        if let [Some(white), Some(black)] = kings {
            let g = pos.variant().geometry();
            let files = (g.file_of(white) as i32 - g.file_of(black) as i32).abs();
            let ranks = (g.rank_of(white) as i32 - g.rank_of(black) as i32).abs();
            let deep = self.enemy_half[0].contains(white) || self.enemy_half[1].contains(black);
            c += w.outflank * (files - ranks) + w.infiltration * deep as i32;
        }
        let pieces = pos.pieces_of_kinds(Color::White, self.piece_kinds)
            | pos.pieces_of_kinds(Color::Black, self.piece_kinds);
        c + w.bare * pieces.is_empty() as i32
    }
}
