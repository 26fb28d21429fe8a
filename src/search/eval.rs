//! Static evaluation from the variant's table (docs/engine.md,
//! "Evaluation"): piece values derived from how the pieces move, with the
//! table's overrides; placement and mobility; king safety where a royal
//! piece is checkmated; pawn structure; and the terms of the table's
//! features: the extinction race, hunting (counters, stores, sleeping pieces), dice
//! pieces. Scores are centipawns from the side to move's point of view,
//! never beyond `EVAL_BOUND`.

mod hunt;
mod immobile_king;
mod king;
mod modes;
mod open_files;
mod pair;
mod pawns;
mod space;
pub mod squares;
pub mod values;
pub mod weights;
mod winnable;

#[cfg(test)]
mod tests;

use crate::rules::bitboard::Bitboard;
use crate::rules::piece::{kinds_in, Kind};
use crate::rules::position::Position;
use crate::rules::square::Color;
use crate::rules::variant::Variant;
use weights::{Term, Weights};

/// The evaluation never goes beyond this (far from the mate scores): the
/// search may rely on `|eval| <= EVAL_BOUND`.
pub const EVAL_BOUND: i32 = 10_000;
/// Share of the typical board's count that a piece's real count is
/// compared with (its own pieces take some of the squares).
const TYPICAL_FREE: f64 = 0.8;

/// The terms an evaluation adds up piece by piece, per side (White's
/// first), before the terms that need them all (`Evaluator::finish`).
#[derive(Clone)]
pub struct Tally {
    score: [i32; 2],
    pawn_attacks: [Bitboard; 2],
    /// Every attack of each side.
    attacks: [Bitboard; 2],
    kings: [Option<crate::rules::square::Square>; 2],
    /// The squares around each king.
    zones: [Bitboard; 2],
    /// Pieces attacking the enemy king's zone, and their weight.
    king_attackers: [i32; 2],
    king_units: [i32; 2],
    /// Each side's pieces attacked by a cheaper enemy piece.
    lesser_hits: [Bitboard; 2],
    /// The square tables' sums per side, middle game and ending.
    squares: [[i32; 2]; 2],
}

pub struct Evaluator {
    /// Value of each kind, in centipawns (a dice piece's: its expected value).
    pub values: Vec<i32>,
    /// Placement, per colour: `kind * cells + square`.
    pst: [Vec<i32>; 2],
    cells: usize,
    /// Kinds whose mobility counts, and per kind its weight and typical
    /// count (fixed point, 16ths).
    movers: u32,
    mobility_weight: Vec<i32>,
    mobility_base: Vec<i32>,
    /// Kinds whose pieces count for the game phase, and their total at the
    /// start (both sides).
    phase_kinds: u32,
    phase_full: i32,
    pawns: pawns::PawnTerms,
    king: Option<king::KingTerms>,
    /// Royal kinds that cannot move (a sleeping King).
    immobile_royals: u32,
    modes: Option<modes::ModeTerms>,
    hunt: Option<hunt::HuntTerms>,
    space: Option<space::SpaceTerms>,
    pair: Option<pair::PairTerms>,
    files: Option<open_files::FileTerms>,
    squares: Option<squares::SquareTerms>,
    winnable: Option<winnable::WinnableTerms>,
    /// A piece in hand is worth this share (in percent) of one on the board.
    hand_share: i32,
    /// Kinds neither pawn-like nor royal.
    piece_kinds: u32,
    /// Per piece attacked by an enemy pawn, per piece or pawn attacked and
    /// not defended (`Term::ThreatByPawn`, `ThreatUndefended`).
    threats: (i32, i32),
    /// Per piece attacked by a cheaper enemy piece (`Term::ThreatByLesser`),
    /// and per kind the kinds its pieces threaten so (none where the
    /// weight is 0).
    by_lesser: i32,
    richer: Vec<u32>,
    /// The side to move's edge (`Term::Tempo`).
    tempo: i32,
    /// The game's switches for the search, from its weights file.
    search: SearchSettings,
}

impl Evaluator {
    /// The kinds the evaluation counts as pawns (their structure).
    pub fn pawn_kinds(&self) -> u32 {
        self.pawns.kinds
    }

    /// The evaluation with the variant's own weights.
    pub fn new(v: &Variant) -> Evaluator {
        Evaluator::with_weights(v, &Weights::for_variant(v))
    }

    /// The evaluation with the weights `w`: the kinds' values, the
    /// movers' tables and the phase, then each term's own tables.
    pub fn with_weights(v: &Variant, w: &Weights) -> Evaluator {
        let n = v.kind_count();
        let figures: Vec<values::Mobility> = (0..n).map(|k| values::mobility(v, k)).collect();
        let (values, hunt, modes) = piece_values(v, w, &figures);
        let pawns = pawns::PawnTerms::new(v, w);
        let cells = v.geometry().cells();
        let Movers {
            movers,
            pst,
            mobility_weight,
            mobility_base,
        } = Movers::new(v, w, &figures, pawns.kinds);
        let (phase_kinds, phase_full) = phase(v, &values, pawns.kinds);
        let king = king::KingTerms::new(v, &values, w);
        let space = space::SpaceTerms::new(v, pawns.kinds, w.term(Term::Space));
        let file_weights = (w.term(Term::OpenFile), w.term(Term::HalfOpenFile));
        let files = open_files::FileTerms::new(v, pawns.kinds, file_weights);
        let winnable = winnable::WinnableTerms::new(v, pawns.kinds, w);
        let by_lesser = w.term(Term::ThreatByLesser);
        let richer = match by_lesser {
            0 => vec![0; n],
            _ => richer_kinds(&values, phase_kinds),
        };
        let immobile_royals = kinds_in(v.royal_kinds())
            .filter(|&k| !v.moves_at_all(k))
            .fold(0u32, |m, k| m | 1 << k);
        Evaluator {
            values,
            pst,
            cells,
            movers,
            mobility_weight,
            mobility_base,
            phase_kinds,
            phase_full,
            pawns,
            king,
            immobile_royals,
            modes,
            hunt,
            space,
            pair: pair::PairTerms::new(v, w.term(Term::Pair)),
            files,
            squares: squares::SquareTerms::new(v, w),
            winnable,
            hand_share: w.term(Term::HandShare),
            piece_kinds: phase_kinds,
            threats: (w.term(Term::ThreatByPawn), w.term(Term::ThreatUndefended)),
            by_lesser,
            richer,
            tempo: w.term(Term::Tempo),
            search: SearchSettings::from_terms(|t| w.term(t)),
        }
    }

    /// The game's switches for the search (its weights' `search.*` keys).
    pub fn search_settings(&self) -> SearchSettings {
        self.search
    }

    /// Kinds whose value a game term computes (the modes' expectation, a
    /// hunt's sleeping pieces), not the piece values.
    pub fn game_valued_kinds(&self) -> u32 {
        if self.hunt.is_some() {
            return u32::MAX;
        }
        self.modes.as_ref().map_or(0, |m| m.kinds)
    }

    /// The game phase: 256 with the start's pieces (pawns and royals aside)
    /// on the board, 0 with none.
    pub fn phase(&self, pos: &Position) -> i32 {
        let mut total = 0;
        for k in kinds_in(self.phase_kinds) {
            total += self.values[k as usize] * pos.pieces_of_both(1 << k).count() as i32;
        }
        (total * 256 / self.phase_full).min(256)
    }

    /// The position's value for the side to move.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut t = self.start(pos);
        for color in Color::BOTH {
            for kind in 0..pos.variant().kind_count() {
                self.add_pieces(pos, &mut t, color, kind);
            }
        }
        self.finish(pos, t)
    }

    /// The part of the evaluation that positions differing only in
    /// `color`'s mode share: everything but `color`'s pieces of the kinds
    /// the modes change.
    pub fn tally_without_mode(&self, pos: &Position, color: Color) -> Tally {
        let dice = self.modes.as_ref().map_or(0, |m| m.kinds);
        let mut t = self.start(pos);
        for c in Color::BOTH {
            for kind in 0..pos.variant().kind_count() {
                if c != color || dice >> kind & 1 == 0 {
                    self.add_pieces(pos, &mut t, c, kind);
                }
            }
        }
        t
    }

    /// `evaluate(pos)` from the tally of a position that differs from
    /// `pos` only in `color`'s mode: only those pieces are added.
    pub fn evaluate_from(&self, pos: &Position, base: &Tally, color: Color) -> i32 {
        let mut t = base.clone();
        for kind in kinds_in(self.modes.as_ref().map_or(0, |m| m.kinds)) {
            self.add_pieces(pos, &mut t, color, kind as usize);
        }
        self.finish(pos, t)
    }

    /// The tally before any piece on the board is added: the pawns' attacks,
    /// the kings' zones and the pieces in hand.
    fn start(&self, pos: &Position) -> Tally {
        let pawn_attacks = [
            self.pawns.attacks(pos, Color::White),
            self.pawns.attacks(pos, Color::Black),
        ];
        let kings = [
            pos.royal_square(Color::White),
            pos.royal_square(Color::Black),
        ];
        let zones = match &self.king {
            Some(k) => kings.map(|s| s.map(|s| k.zone[s.index()]).unwrap_or_default()),
            None => [Bitboard::EMPTY; 2],
        };
        let v = &**pos.variant();
        let mut score = [0i32; 2];
        if v.uses_hands() {
            for color in Color::BOTH {
                for kind in 0..v.kind_count() {
                    let held = pos.in_hand(color, kind as Kind) as i32;
                    score[color.index()] += held * self.values[kind] * self.hand_share / 100;
                }
            }
        }
        Tally {
            score,
            pawn_attacks,
            attacks: pawn_attacks,
            kings,
            zones,
            king_attackers: [0; 2],
            king_units: [0; 2],
            lesser_hits: [Bitboard::EMPTY; 2],
            squares: [[0; 2]; 2],
        }
    }

    /// Adds the terms of `color`'s pieces of `kind`: value, square tables,
    /// placement, mobility, attacks and attacks on the enemy king's zone.
    fn add_pieces(&self, pos: &Position, t: &mut Tally, color: Color, kind: usize) {
        let pieces = pos.pieces(color, kind as Kind);
        if pieces.is_empty() {
            return;
        }
        let v = &**pos.variant();
        let c = color.index();
        let them = color.opposite();
        let occ = pos.occupied();
        let value = match &self.modes {
            Some(m) if m.kinds >> kind & 1 != 0 => m.piece_value(pos, color, kind),
            _ => self.values[kind],
        };
        t.score[c] += value * pieces.count() as i32;
        if let Some(s) = &self.squares {
            let [middle, end] = s.sum(color, kind, pieces);
            t.squares[c][0] += middle;
            t.squares[c][1] += end;
        }
        if self.movers >> kind & 1 == 0 {
            return;
        }
        let theirs = pos.ours(them);
        let safe = !occ & !t.pawn_attacks[them.index()] & !v.capture_only();
        let pst = &self.pst[c][kind * self.cells..];
        let lame_blockers = pos.lame_blockers(kind as Kind);
        let mode = pos.mode(color);
        let prey = match self.richer[kind] {
            0 => Bitboard::EMPTY,
            richer => pos.pieces_of_kinds(them, richer),
        };
        let mut count = 0;
        for sq in pieces {
            t.score[c] += pst[sq.index()];
            let unmoved = pos.unmoved().contains(sq);
            let (q, x) = v.reach(color, kind, sq, occ, lame_blockers, unmoved, mode);
            t.attacks[c] |= x;
            t.lesser_hits[them.index()] |= x & prey;
            count += ((q & safe).count() + (x & (theirs | !occ)).count()) as i32;
            let hits = x & t.zones[them.index()];
            if hits.any() {
                if let Some(k) = &self.king {
                    t.king_attackers[c] += 1;
                    t.king_units[c] += k.units[kind] * hits.count() as i32;
                }
            }
        }
        let n = pieces.count() as i32;
        t.score[c] += (count * 8 - self.mobility_base[kind] * n) * self.mobility_weight[kind] / 256;
    }

    /// The terms that need every piece's: king safety, pawns, hunting.
    fn finish(&self, pos: &Position, t: Tally) -> i32 {
        let phase = self.phase(pos);
        let mut score = t.score;
        for color in Color::BOTH {
            let c = color.index();
            if let (Some(k), Some(sq)) = (&self.king, t.kings[c]) {
                let enemy = color.opposite().index();
                let pawns = pos.pieces_of_kinds(color, self.pawns.kinds);
                let storming = match k.counts_storms() {
                    true => pos.pieces_of_kinds(color.opposite(), self.pawns.kinds),
                    false => Bitboard::EMPTY,
                };
                score[c] += k.evaluate(
                    color,
                    sq,
                    (t.king_attackers[enemy], t.king_units[enemy]),
                    (pawns, storming),
                    phase,
                );
            }
            if let Some(sq) = t.kings[c] {
                let kind = pos.piece_at(sq).map_or(0, |p| p.kind());
                if self.immobile_royals >> kind & 1 != 0 {
                    score[c] -= immobile_king::penalty(pos, color, sq, t.attacks[c]);
                }
            }
            score[c] += self
                .pawns
                .evaluate(pos, color, phase, &t.pawn_attacks, &t.attacks);
            score[c] += self.pawns.passed_kings(pos, color, phase, t.kings);
            score[c] += squares::blend(t.squares[c], phase);
            if let Some(p) = &self.pair {
                score[c] += p.evaluate(pos, color);
            }
            if let Some(f) = &self.files {
                score[c] += f.evaluate(pos, color);
            }
            if let Some(t) = &self.hunt {
                score[c] += t.evaluate(pos, color);
            }
            if let Some(s) = &self.space {
                let enemy = 1 - c;
                let attacks = (t.pawn_attacks[enemy], t.attacks[enemy]);
                score[c] += s.evaluate(pos, color, phase, attacks);
            }
        }
        if self.threats != (0, 0) || self.by_lesser != 0 {
            self.add_threats(pos, &t, &mut score);
        }
        if let Some(w) = &self.winnable {
            score[0] += w.adjust(pos, score[0] - score[1], phase, &self.pawns, t.kings);
        }
        let us = pos.side_to_move().index();
        (score[us] - score[1 - us] + self.tempo).clamp(-EVAL_BOUND, EVAL_BOUND)
    }

    /// Pieces attacked by enemy pawns, and pieces and pawns attacked and
    /// not defended, cost their side (royal pieces' attacks are not in the
    /// maps, nor their own threats).
    fn add_threats(&self, pos: &Position, t: &Tally, score: &mut [i32; 2]) {
        let (by_pawn, undefended) = self.threats;
        for color in Color::BOTH {
            let (c, them) = (color.index(), color.opposite().index());
            let pieces = pos.pieces_of_kinds(color, self.piece_kinds);
            let pawns = pos.pieces_of_kinds(color, self.pawns.kinds);
            let hit_by_pawns = (pieces & t.pawn_attacks[them]).count() as i32;
            let loose = ((pieces | pawns) & t.attacks[them] & !t.attacks[c]).count() as i32;
            let by_lesser = self.by_lesser * t.lesser_hits[c].count() as i32;
            score[c] -= by_pawn * hit_by_pawns + undefended * loose + by_lesser;
        }
    }
}

/// The kinds' values in centipawns (derived from their moves, unless the
/// weights or a game term set them), with the hunt's and the modes' terms
/// that take part in them.
fn piece_values(
    v: &Variant,
    w: &Weights,
    figures: &[values::Mobility],
) -> (Vec<i32>, Option<hunt::HuntTerms>, Option<modes::ModeTerms>) {
    let mut derived = values::derived(v, figures);
    if let Some(e) = v.extinction() {
        // Losing them all loses the game.
        derived[e as usize] *= 1.5;
    }
    for (k, value) in derived.iter_mut().enumerate() {
        if let Some(o) = w.value(k as Kind) {
            *value = o as f64;
        }
    }
    let hunt = hunt::HuntTerms::new(v, &mut derived);
    let modes = modes::ModeTerms::new(v);
    let mut values: Vec<i32> = derived.iter().map(|x| x.round() as i32).collect();
    if let Some(m) = &modes {
        for (k, value) in values.iter_mut().enumerate() {
            let set = w.value(k as Kind);
            if m.kinds >> k & 1 != 0 && set.is_none() {
                *value = m.expected[k];
            }
        }
    }
    (values, hunt, modes)
}

/// The kinds whose placement and mobility count (neither royal nor pawn,
/// and able to move), and their tables.
struct Movers {
    movers: u32,
    /// Per colour, by kind and square: the placement bonus.
    pst: [Vec<i32>; 2],
    mobility_weight: Vec<i32>,
    mobility_base: Vec<i32>,
}

impl Movers {
    fn new(v: &Variant, w: &Weights, figures: &[values::Mobility], pawn_kinds: u32) -> Movers {
        let n = v.kind_count();
        let cells = v.geometry().cells();
        let royal = v.royal_kinds();
        let mut out = Movers {
            movers: 0,
            pst: [vec![0; n * cells], vec![0; n * cells]],
            mobility_weight: vec![0; n],
            mobility_base: vec![0; n],
        };
        let mobility = w.term(Term::Mobility) as f64;
        let placement = w.term(Term::Placement) as f64;
        for (k, f) in figures.iter().enumerate() {
            let moves = v.moves_at_all(k as Kind);
            if royal >> k & 1 != 0 || pawn_kinds >> k & 1 != 0 || !moves {
                continue;
            }
            out.movers |= 1 << k;
            out.mobility_weight[k] = (16.0 * mobility / (f.empty + 4.0)).round() as i32;
            out.mobility_base[k] = (16.0 * TYPICAL_FREE * f.typical).round() as i32;
            for c in Color::BOTH {
                for sq in v.geometry().squares() {
                    let extra = f.per_square[c.index()][sq.index()] - f.empty;
                    out.pst[c.index()][k * cells + sq.index()] = (placement * extra).round() as i32;
                }
            }
        }
        out
    }
}

/// The kinds the game phase counts (neither royal nor pawn) and their
/// value on the start board (the full middlegame).
fn phase(v: &Variant, values: &[i32], pawn_kinds: u32) -> (u32, i32) {
    let royal = v.royal_kinds();
    let phase_kinds = (0..v.kind_count())
        .filter(|&k| royal >> k & 1 == 0 && pawn_kinds >> k & 1 == 0)
        .fold(0u32, |m, k| m | 1 << k);
    let phase_full = v
        .start_board()
        .iter()
        .filter(|(_, p)| phase_kinds >> p.kind() & 1 != 0)
        .map(|(_, p)| values[p.kind() as usize])
        .sum::<i32>()
        .max(1);
    (phase_kinds, phase_full)
}

/// Per kind, the kinds among `pieces` worth more than a fourth above it:
/// those its pieces threaten as a cheaper attacker.
fn richer_kinds(values: &[i32], pieces: u32) -> Vec<u32> {
    let richer = |attacker: i32| {
        kinds_in(pieces)
            .filter(|&k| 4 * values[k as usize] > 5 * attacker)
            .fold(0u32, |m, k| m | 1 << k)
    };
    values.iter().map(|&x| richer(x)).collect()
}

/// What a game's weights file says to the search rather than to the
/// evaluation (`search.*` keys), each where a match showed it gains there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchSettings {
    /// ChanceProbCut's margin in centipawns, 0 for none
    /// (`search.chance_probcut`).
    pub chance_probcut: i32,
    /// Quiet moves of dice pieces pruned like any other
    /// (`search.prune_dice_pieces`).
    pub prune_dice_pieces: bool,
    /// Where every move throws, the percentage of a throw's probability
    /// whose children are searched at full depth, the most probable first
    /// (`search.full_depth_mass`, 0 to 100).
    pub full_depth_mass: i32,
    /// The centipawns that multiply the odds of a win tenfold, on which
    /// chance nodes average (`search.chance_scale`, `score::Logistic`).
    pub chance_scale: i32,
    /// The moves a clock is shared over when the protocol gives no count
    /// (`search.moves_left`).
    pub moves_left: u32,
}

impl SearchSettings {
    /// The settings from the values of the weights' `search.*` terms.
    fn from_terms(term: impl Fn(Term) -> i32) -> SearchSettings {
        SearchSettings {
            chance_probcut: term(Term::ChanceProbcut),
            prune_dice_pieces: term(Term::PruneDicePieces) != 0,
            full_depth_mass: term(Term::FullDepthMass),
            chance_scale: term(Term::ChanceScale),
            moves_left: term(Term::MovesLeft) as u32,
        }
    }
}

impl Default for SearchSettings {
    /// The defaults of the weights' `search.*` keys.
    fn default() -> SearchSettings {
        SearchSettings::from_terms(Weights::term_default)
    }
}
