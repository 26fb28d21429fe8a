//! The evaluation's weights: the scalars of its terms and piece values that
//! replace the derived ones. Each variant may carry its own, fitted from
//! games by `menagerie tune` and kept as text in its search profile
//! (`src/search/profiles/<game>.search`); what a file leaves out keeps the
//! default below. Text format: `key = integer` a line, `#` comments. The
//! `search.*` keys are the search's, not the evaluation's: a game's
//! ChanceProbCut margin, whether its dice pieces' quiet moves are pruned
//! and the share of a throw searched at full depth (`eval::SearchSettings`).
//! Square tables (`square.middle.N.e4 = 12`, `square.end.K.g1 = -8`) add a
//! piece's worth on a square, from its own side's point of view (Black's
//! ranks counted from its end), in the middle game and the ending.

use crate::rules::piece::Kind;
use crate::rules::square::Color;
use crate::rules::variant::Variant;
use crate::search::profile::profile;
use std::fmt;

/// A scalar term of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// Centipawns per square reached on the empty board beyond the mean.
    Placement,
    /// Mobility: `MOBILITY / (m + 4)` centipawns per square.
    Mobility,
    /// A piece in hand is worth this percentage of one on the board.
    HandShare,
    /// A shielding pawn one and two ranks ahead of its king.
    ShieldNear,
    ShieldFar,
    /// King danger: `units^2 * DANGER / 64` for two attackers or more, up to
    /// `MAX_DANGER`; one attacker `units * LONE`.
    Danger,
    Lone,
    MaxDanger,
    /// The king's centrality: a bonus per step in the ending, a penalty in
    /// the middle game.
    CentreEnd,
    CentreMiddle,
    /// Enemy pawn-like pieces storming the king: per piece on its file or
    /// the next, one to four ranks ahead of it, a quarter less a rank
    /// further (middle game).
    Storm,
    /// A pawn's advancement one step before promotion (middle game, ending).
    AdvanceMiddle,
    AdvanceEnd,
    /// A passed pawn: always, and one step before promotion.
    PassedBase,
    PassedMiddle,
    PassedEnd,
    Doubled,
    Isolated,
    Protected,
    /// The extinction race: `-RACE / (n + 1/2)`; an extinction piece
    /// attacked and not defended, or attacked and defended.
    Race,
    Hanging,
    Contested,
    /// A piece (not pawn-like, not royal) attacked by an enemy pawn-like
    /// piece; a piece or pawn attacked and not defended.
    ThreatByPawn,
    ThreatUndefended,
    /// A piece (not pawn-like, not royal) attacked by an enemy piece worth
    /// less than four fifths of it (not pawn-like either: those are
    /// `ThreatByPawn`'s), once however many attack it.
    ThreatByLesser,
    /// Space: per safe square in the centre of a side's own half (twice
    /// behind its pawns) and per piece, in sixteenths of a centipawn
    /// (middle game).
    Space,
    /// Tempo: the side to move's edge, in centipawns. Without it the
    /// evaluation swings with the parity of the depth (each side's last
    /// move is seen, the reply not), which the windows and the pruning
    /// read as instability.
    Tempo,
    /// A side with pieces of a colour-bound kind on both square colours
    /// (the bishop pair), per such kind.
    Pair,
    /// A rider of the files (not of the diagonals) on a file without
    /// pawn-like pieces, and on one with only the enemy's.
    OpenFile,
    HalfOpenFile,
    /// A passed pawn's kings in the ending: per step the enemy king is from
    /// the square ahead of it, twice, less per step its own king is, at
    /// full advance (fourths of a centipawn).
    PassedKing,
    /// Winnability (`eval/winnable.rs`): the complexity that moves a lead
    /// in the ending away from zero or toward it: per pawn-like piece, per
    /// passed pawn, for pawns on both flanks, per file the kings stand
    /// apart beyond their ranks, for a king on the enemy's half, for no
    /// pieces but pawns, and a constant subtracted.
    WinnablePawn,
    WinnablePassed,
    WinnableFlanks,
    WinnableOutflank,
    WinnableInfiltration,
    WinnableBare,
    WinnableBase,
    /// Not an evaluation term: the margin of ChanceProbCut in this game
    /// (`search/chance_probcut.rs`), 0 for none. A game's switch for the
    /// search, kept with its tuned values; the tuner never moves it, as it
    /// does not change the evaluation.
    ChanceProbcut,
    /// Not an evaluation term either: 1 where the quiet moves of dice
    /// pieces are pruned like the others (futility, move count), 0 where
    /// they are kept since a throw may give them a check.
    PruneDicePieces,
    /// Not an evaluation term either: the percentage of a throw's
    /// probability whose children are searched at full depth where every
    /// move throws (the most probable first), the others a ply shallower.
    FullDepthMass,
    /// Not an evaluation term either: the centipawns that multiply the
    /// odds of a win tenfold where chance nodes average their outcomes
    /// (`search/score.rs`, `Logistic`): 400, the Elo scale, unless the
    /// tuner's K for the game says otherwise (400 / K).
    ChanceScale,
    /// Not an evaluation term either: the moves a clock is shared over
    /// when the protocol gives no count (`Limits::budget_over`), 1 to 50.
    MovesLeft,
}

/// Key, default, the tuner's step and the largest value of each term, in
/// `Term` order (the least is `term_least`).
const TERMS: [(Term, &str, i32, i32, i32); 43] = [
    (Term::Placement, "placement", 8, 1, MAX_TERM),
    (Term::Mobility, "mobility", 40, 4, MAX_TERM),
    (Term::HandShare, "hand_share", 85, 5, MAX_TERM),
    (Term::ShieldNear, "king.shield_near", 12, 3, MAX_TERM),
    (Term::ShieldFar, "king.shield_far", 6, 3, MAX_TERM),
    (Term::Danger, "king.danger", 96, 8, MAX_TERM),
    (Term::Lone, "king.lone", 4, 1, MAX_TERM),
    (Term::MaxDanger, "king.max_danger", 600, 50, MAX_TERM),
    (Term::CentreEnd, "king.centre_end", 4, 2, MAX_TERM),
    (Term::CentreMiddle, "king.centre_middle", 2, 2, MAX_TERM),
    (Term::Storm, "king.storm", 0, 4, MAX_TERM),
    (Term::AdvanceMiddle, "pawn.advance_middle", 20, 5, MAX_TERM),
    (Term::AdvanceEnd, "pawn.advance_end", 60, 10, MAX_TERM),
    (Term::PassedBase, "pawn.passed_base", 10, 5, MAX_TERM),
    (Term::PassedMiddle, "pawn.passed_middle", 30, 10, MAX_TERM),
    (Term::PassedEnd, "pawn.passed_end", 150, 20, MAX_TERM),
    (Term::Doubled, "pawn.doubled", 12, 4, MAX_TERM),
    (Term::Isolated, "pawn.isolated", 10, 4, MAX_TERM),
    (Term::Protected, "pawn.protected", 8, 4, MAX_TERM),
    (Term::Race, "race.base", 600, 50, MAX_TERM),
    (Term::Hanging, "race.hanging", 40, 10, MAX_TERM),
    (Term::Contested, "race.contested", 10, 5, MAX_TERM),
    (Term::ThreatByPawn, "threat.by_pawn", 0, 10, MAX_TERM),
    (Term::ThreatUndefended, "threat.undefended", 0, 10, MAX_TERM),
    (Term::ThreatByLesser, "threat.by_lesser", 0, 5, MAX_TERM),
    (Term::Space, "space", 0, 4, MAX_TERM),
    (Term::Tempo, "tempo", 0, 2, MAX_TERM),
    (Term::Pair, "pair", 0, 5, MAX_TERM),
    (Term::OpenFile, "file.open", 0, 5, MAX_TERM),
    (Term::HalfOpenFile, "file.half_open", 0, 5, MAX_TERM),
    (Term::PassedKing, "pawn.passed_king", 0, 8, MAX_TERM),
    (Term::WinnablePawn, "winnable.pawn", 0, 4, MAX_TERM),
    (Term::WinnablePassed, "winnable.passed", 0, 4, MAX_TERM),
    (Term::WinnableFlanks, "winnable.flanks", 0, 8, MAX_TERM),
    (Term::WinnableOutflank, "winnable.outflank", 0, 4, MAX_TERM),
    (
        Term::WinnableInfiltration,
        "winnable.infiltration",
        0,
        8,
        MAX_TERM,
    ),
    (Term::WinnableBare, "winnable.bare", 0, 8, MAX_TERM),
    (Term::WinnableBase, "winnable.base", 0, 16, MAX_TERM),
    (
        Term::ChanceProbcut,
        "search.chance_probcut",
        0,
        10,
        MAX_TERM,
    ),
    (
        Term::PruneDicePieces,
        "search.prune_dice_pieces",
        0,
        1,
        MAX_TERM,
    ),
    (Term::FullDepthMass, "search.full_depth_mass", 50, 10, 100),
    (Term::ChanceScale, "search.chance_scale", 400, 10, MAX_TERM),
    (Term::MovesLeft, "search.moves_left", 30, 1, 50),
];

/// The least value of the term at `i`: 0, but a scale is never 0.
fn term_least(i: usize) -> i32 {
    match TERMS[i].0 {
        Term::ChanceScale => 10,
        Term::MovesLeft => 1,
        _ => 0,
    }
}

/// The largest weights file read (a tuned one has a few hundred lines,
/// with square tables some thousands).
pub const MAX_WEIGHTS_BYTES: usize = 1 << 20;

/// A piece's value may be set from 1 to this many centipawns.
pub const MAX_VALUE: i32 = 5000;
/// A term may be set from 0 to this (a percentage to 100).
pub const MAX_TERM: i32 = 10_000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    terms: [i32; TERMS.len()],
    /// Per kind: a value replacing the derived one.
    values: Vec<Option<i32>>,
    /// The square tables: per phase, kind and cell (White's view).
    squares: SquareTables,
}

/// A game phase of the square tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Middle = 0,
    End = 1,
}

impl Phase {
    pub const BOTH: [Phase; 2] = [Phase::Middle, Phase::End];

    fn key(self) -> &'static str {
        match self {
            Phase::Middle => "middle",
            Phase::End => "end",
        }
    }
}

/// Centipawns a piece of a kind is worth on a cell, beyond its value, per
/// phase; all 0 unless a weights file sets them.
#[derive(Clone, Debug, PartialEq, Eq)]
struct SquareTables {
    cells: usize,
    /// `(phase * kinds + kind) * cells + cell`.
    table: Vec<i32>,
}

impl SquareTables {
    fn index(&self, phase: Phase, kind: Kind, cell: usize) -> usize {
        let kinds = self.table.len() / (2 * self.cells).max(1);
        (phase as usize * kinds + kind as usize) * self.cells + cell
    }
}

/// Why a weights text was refused: its line (from 1) and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightsError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "weights, line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for WeightsError {}

impl Weights {
    /// The defaults, no value replaced.
    pub fn defaults(v: &Variant) -> Weights {
        let cells = v.geometry().cells();
        Weights {
            terms: TERMS.map(|t| t.2),
            values: vec![None; v.kind_count()],
            squares: SquareTables {
                cells,
                table: vec![0; 2 * v.kind_count() * cells],
            },
        }
    }

    /// The variant's own weights (its table's text), or the defaults where
    /// that text cannot be read (a test keeps every built-in one readable).
    pub fn for_variant(v: &Variant) -> Weights {
        Weights::parse(v, &profile(v.name()).weights).unwrap_or_else(|e| {
            log::error!("{}: {e}; the evaluation's defaults are used", v.name());
            Weights::defaults(v)
        })
    }

    pub fn term(&self, t: Term) -> i32 {
        self.terms[t as usize]
    }

    /// A term's value where no file sets it.
    pub fn term_default(t: Term) -> i32 {
        TERMS[t as usize].2
    }

    pub fn value(&self, kind: Kind) -> Option<i32> {
        self.values.get(kind as usize).copied().flatten()
    }

    /// Terms by index, for the tuner.
    pub fn term_count() -> usize {
        TERMS.len()
    }

    pub fn term_key(i: usize) -> &'static str {
        TERMS[i].1
    }

    /// A term's value and the tuner's step for it.
    pub fn term_at(&self, i: usize) -> (i32, i32) {
        (self.terms[i], TERMS[i].3)
    }

    pub fn set_term_at(&mut self, i: usize, value: i32) {
        self.terms[i] = value.clamp(term_least(i), TERMS[i].4);
    }

    pub fn set_value(&mut self, kind: Kind, value: Option<i32>) {
        if let Some(slot) = self.values.get_mut(kind as usize) {
            *slot = value.map(|x| x.clamp(1, MAX_VALUE));
        }
    }

    /// The square table's entry of `kind` on `cell` (White's view).
    pub fn square(&self, phase: Phase, kind: Kind, cell: usize) -> i32 {
        self.squares.table[self.squares.index(phase, kind, cell)]
    }

    pub fn set_square(&mut self, phase: Phase, kind: Kind, cell: usize, value: i32) {
        let i = self.squares.index(phase, kind, cell);
        self.squares.table[i] = value.clamp(-MAX_VALUE, MAX_VALUE);
    }

    /// Whether any square table entry is set.
    pub fn has_squares(&self) -> bool {
        self.squares.table.iter().any(|&x| x != 0)
    }

    /// Reads `key = integer` lines over the defaults: a term's key,
    /// `value.S` for the piece of symbol `S` (not royal), or
    /// `square.PHASE.S.SQ` for a square table's entry.
    pub fn parse(v: &Variant, text: &str) -> Result<Weights, WeightsError> {
        let mut w = Weights::defaults(v);
        for (line, key, number) in lines(text)? {
            if let Some(rest) = key.strip_prefix("square.") {
                let (phase, kind, cell) = square_key(v, rest).map_err(|message| WeightsError {
                    line,
                    message: format!("`{key}`: {message}"),
                })?;
                w.set_square(phase, kind, cell, number);
            } else if let Some(symbol) = key.strip_prefix("value.") {
                let kind = piece_of_symbol(v, symbol).ok_or_else(|| WeightsError {
                    line,
                    message: format!("no piece other than a king is `{symbol}` in {}", v.name()),
                })?;
                w.values[kind as usize] = Some(number);
            } else if let Some(t) = TERMS.iter().position(|t| t.1 == key) {
                w.terms[t] = number;
            }
        }
        Ok(w)
    }

    /// Checks a text's lines without a game: each `key = integer`, the key
    /// a term's or `value.` and a symbol, set once, in its range.
    pub fn check(text: &str) -> Result<(), WeightsError> {
        lines(text).map(|_| ())
    }

    /// The text `parse` reads back: the terms of `terms` (indices), and
    /// every other that is not at its default (a fit of a few terms, or a
    /// game's search switch, is not lost when the file replaces the
    /// game's own), then the values set.
    pub fn to_text(&self, v: &Variant, terms: &[usize]) -> String {
        let mut out = String::new();
        for (i, term) in TERMS.iter().enumerate() {
            if terms.contains(&i) || self.terms[i] != term.2 {
                out += &format!("{} = {}\n", term.1, self.terms[i]);
            }
        }
        for (k, value) in self.values.iter().enumerate() {
            if let Some(x) = value {
                out += &format!("value.{} = {x}\n", v.symbol(Color::White, k as Kind));
            }
        }
        let g = v.geometry();
        for phase in Phase::BOTH {
            for kind in 0..v.kind_count() as Kind {
                for sq in g.squares() {
                    let x = self.square(phase, kind, sq.index());
                    if x != 0 {
                        let symbol = v.symbol(Color::White, kind);
                        out += &format!("square.{}.{symbol}.{} = {x}\n", phase.key(), g.name(sq));
                    }
                }
            }
        }
        out
    }
}

/// The phase, kind and cell of a square table's key after `square.`:
/// `middle.N.e4` or `end.K.g1`.
fn square_key(v: &Variant, rest: &str) -> Result<(Phase, Kind, usize), String> {
    let mut parts = rest.split('.');
    let (Some(phase), Some(symbol), Some(name), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err("not `square.middle.S.SQ` or `square.end.S.SQ`".to_string());
    };
    let phase = Phase::BOTH
        .into_iter()
        .find(|p| p.key() == phase)
        .ok_or_else(|| format!("`{phase}` is not `middle` or `end`"))?;
    let kind = kind_of_symbol(v, symbol)
        .ok_or_else(|| format!("no piece is `{symbol}` in {}", v.name()))?;
    let sq = v
        .geometry()
        .parse_square(name)
        .ok_or_else(|| format!("`{name}` is not a square of {}", v.name()))?;
    Ok((phase, kind, sq.index()))
}

/// The settings of a text: (line, key, value), each key known, set once,
/// and in its range.
fn lines(text: &str) -> Result<Vec<(usize, &str, i32)>, WeightsError> {
    let mut out: Vec<(usize, &str, i32)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let fail = |message: String| WeightsError {
            line: i + 1,
            message,
        };
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| fail(format!("`{line}` is not `key = integer`")))?;
        let (key, value) = (key.trim(), value.trim());
        let number: i32 = value
            .parse()
            .map_err(|_| fail(format!("`{value}` is not an integer")))?;
        if out.iter().any(|&(_, k, _)| k == key) {
            return Err(fail(format!("`{key}` is set twice")));
        }
        let range = if key.starts_with("value.") {
            1..=MAX_VALUE
        } else if key.starts_with("square.") {
            -MAX_VALUE..=MAX_VALUE
        } else if let Some(t) = TERMS.iter().position(|t| t.1 == key) {
            term_least(t)..=TERMS[t].4
        } else {
            return Err(fail(format!("unknown key `{key}`")));
        };
        if !range.contains(&number) {
            let (low, high) = range.into_inner();
            return Err(fail(format!("`{key}` is {low} to {high}, not {number}")));
        }
        out.push((i + 1, key, number));
    }
    Ok(out)
}

/// The non-royal kind whose White symbol is `symbol`.
fn piece_of_symbol(v: &Variant, symbol: &str) -> Option<Kind> {
    kind_of_symbol(v, symbol).filter(|&k| v.royal_kinds() >> k & 1 == 0)
}

/// The kind of the piece whose White symbol is `symbol`, royal or not.
fn kind_of_symbol(v: &Variant, symbol: &str) -> Option<Kind> {
    (0..v.kind_count() as Kind).find(|&k| v.symbol(Color::White, k) == symbol)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variants;

    #[test]
    fn every_variant_reads_its_weights() {
        for name in variants::builtin_names() {
            let v = variants::load(&name).expect("a built-in variant loads");
            let w = Weights::parse(&v, &profile(&name).weights);
            assert!(w.is_ok(), "{name}: {:?}", w.err());
        }
    }

    #[test]
    fn the_text_reads_back() {
        let v = variants::load("wolf").expect("wolf loads");
        let mut w = Weights::defaults(&v);
        w.set_term_at(0, 11);
        w.set_value(3, Some(350));
        let all: Vec<usize> = (0..Weights::term_count()).collect();
        let back = Weights::parse(&v, &w.to_text(&v, &all)).expect("reads back");
        assert_eq!(back, w);
        assert_eq!(back.term(Term::Placement), 11);
    }

    #[test]
    fn a_text_of_a_few_terms_keeps_the_others_set() {
        // A fit of one term, from Army Orientation's own weights, still
        // carries the game's search switch.
        let v = variants::load("armyorientation").expect("loads");
        let mut w = Weights::for_variant(&v);
        assert_eq!(w.term(Term::ChanceProbcut), 100);
        w.set_term_at(1, 50);
        let back = Weights::parse(&v, &w.to_text(&v, &[1])).expect("reads back");
        assert_eq!(back, w);
    }

    #[test]
    fn bad_lines_are_refused_with_their_number() {
        let v = variants::load("chess").expect("chess loads");
        let cases = [
            ("placement 8", 1),
            ("# c\nplacement = x", 2),
            ("placement = 1\nplacement = 2", 2),
            ("value.K = 300", 1),
            ("value.Z = 300", 1),
            ("value.N = 0", 1),
            ("mobility = -1", 1),
            ("search.full_depth_mass = 101", 1),
            ("search.chance_scale = 0", 1),
            ("\n\nno_such_term = 3", 3),
            ("square.middle.N.e9 = 5", 1),
            ("square.late.N.e4 = 5", 1),
            ("square.end.Z.e4 = 5", 1),
            ("square.end.N = 5", 1),
            ("square.end.N.e4 = 5001", 1),
        ];
        for (text, line) in cases {
            let e = Weights::parse(&v, text).expect_err(text);
            assert_eq!(e.line, line, "{text}: {e}");
        }
        assert!(
            Weights::check("value.Z = 300").is_ok(),
            "a symbol needs a game"
        );
        assert_eq!(Weights::check("x = 1").map_err(|e| e.line), Err(1));
        let ok = Weights::parse(&v, "value.N = 300 # a comment\n\nking.danger = 7").expect("ok");
        assert_eq!(ok.value(1), Some(300));
        assert_eq!(ok.term(Term::Danger), 7);
        let ok = Weights::parse(&v, "square.end.K.e1 = -20\nsquare.middle.N.c3 = 9").expect("ok");
        let e1 = v.geometry().parse_square("e1").expect("e1").index();
        assert_eq!(ok.square(Phase::End, 5, e1), -20);
        assert!(ok.has_squares());
        assert_eq!(Weights::parse(&v, &ok.to_text(&v, &[])), Ok(ok));
        let ok = Weights::parse(&v, "search.full_depth_mass = 100").expect("a percentage");
        assert_eq!(ok.term(Term::FullDepthMass), 100);
    }
}
