//! How XBoard sees one of our games: the `setup` and `piece` commands that
//! describe the game, with the XBoard type each kind takes (`slots`), and
//! the translation of squares, moves and FENs between our text and
//! XBoard's. On boards of exactly 10 ranks XBoard numbers the ranks from 0.

use super::slots::{Slots, QUEEN};
use crate::rules::piece::Kind;
use crate::rules::position::Position;
use crate::rules::square::Color;
use crate::rules::variant::Variant;
use engine_protocol::XboardReply;

pub struct Dialect {
    /// XBoard's text for each kind's white piece: a letter or `+` and one.
    texts: Vec<String>,
    /// Our white piece text and XBoard's letter where the two differ.
    renames: Vec<(String, String)>,
    piece_to_char: String,
    width: u8,
    height: u8,
    holdings: u32,
    /// XBoard numbers the ranks from 0 (boards of 10 ranks; taller ones
    /// from 1, ranks past the 9th in two digits, as we do).
    ranks_from_zero: bool,
}

/// Our text for a kind's white piece: its letter, after a `+` for a
/// promoted form.
fn our_text(v: &Variant, k: usize) -> String {
    let d = v.piece(k as Kind);
    format!("{}{}", if d.plus { "+" } else { "" }, d.letter)
}

/// XBoard's text for each kind, and the renames: our letter where it is
/// free and fits, else a spare letter. A promoted form keeps `+X` only on
/// a promoted form's type (the only place the table can say `+`);
/// elsewhere it is renamed, as is a kind whose letter another took.
fn texts(v: &Variant, slots: &Slots) -> (Vec<String>, Vec<(String, String)>) {
    let n = v.kind_count();
    let mut used: Vec<char> = Vec::new();
    let mut texts = vec![String::new(); n];
    for (k, text) in texts.iter_mut().enumerate() {
        let d = v.piece(k as Kind);
        let is_promoted = d.plus && slots.on_promoted_type(k);
        if is_promoted || (!d.plus && !used.contains(&d.letter)) {
            *text = our_text(v, k);
            if !d.plus {
                used.push(d.letter);
            }
        }
    }
    let mut renames = Vec::new();
    for (k, text) in texts.iter_mut().enumerate() {
        if text.is_empty() {
            let spare = spare_letter(v, &used);
            used.push(spare);
            *text = spare.to_string();
            renames.push((our_text(v, k), text.clone()));
        }
    }
    (texts, renames)
}

/// The first letter neither given out nor any kind's own (so a rename
/// never reads as another piece), or `X` when none is left.
fn spare_letter(v: &Variant, used: &[char]) -> char {
    ('A'..='Z')
        .find(|c| {
            !used.contains(c) && !(0..v.kind_count()).any(|j| v.piece(j as Kind).letter == *c)
        })
        .unwrap_or('X')
}

/// `setup`'s PIECETOCHAR: White's letter on each type a kind takes (`+`
/// for a promoted form), `.` on the others, to the Queen's type at least,
/// then the king's letter; Black's the same in lower case.
fn piece_to_char(slots: &Slots, texts: &[String]) -> String {
    let last = slots.last().unwrap_or(0).max(QUEEN);
    let mut white = vec!['.'; last + 1];
    for (k, text) in texts.iter().enumerate() {
        if let Some(s) = slots.of(k) {
            white[s] = if text.starts_with('+') {
                '+'
            } else {
                text.chars().next().unwrap_or('.')
            };
        }
    }
    let king = slots
        .king()
        .and_then(|k| texts[k].chars().last())
        .unwrap_or('.');
    let white: String = white.into_iter().chain([king]).collect();
    let black = white.to_ascii_lowercase();
    format!("{white}{black}")
}

impl Dialect {
    /// A game's dialect: each kind's XBoard type, then its text, then the
    /// `setup` table those make.
    pub fn new(v: &Variant) -> Dialect {
        let slots = Slots::new(v);
        let (texts, renames) = texts(v, &slots);
        let g = v.geometry();
        Dialect {
            piece_to_char: piece_to_char(&slots, &texts),
            texts,
            renames,
            width: g.width(),
            height: g.height(),
            holdings: slots.holdings(v),
            ranks_from_zero: g.height() == 10,
        }
    }

    /// XBoard's name for a game.
    pub fn xboard_name(name: &str) -> &str {
        if name == "chess" {
            "normal"
        } else {
            name
        }
    }

    /// Our name for a game XBoard names.
    pub fn our_name(name: &str) -> &str {
        if name == "normal" {
            "chess"
        } else {
            name
        }
    }

    /// `setup (...) WxH+S_fairy FEN` for the position.
    pub fn setup(&self, pos: &Position) -> XboardReply {
        XboardReply::Setup {
            piece_to_char: self.piece_to_char.clone(),
            width: self.width as u32,
            height: self.height as u32,
            holdings: self.holdings,
            parent: "fairy".to_string(),
            fen: self.fen_to_xboard(&pos.to_fen()),
        }
    }

    /// One `piece` command a kind, its moves in XBoard's Betza dialect.
    pub fn pieces(&self, v: &Variant) -> Vec<XboardReply> {
        (0..v.kind_count())
            .map(|k| XboardReply::Piece {
                letter: format!("{}&", self.texts[k]),
                betza: xbetza(v, k as Kind),
            })
            .collect()
    }

    /// Our FEN in XBoard's letters, with only the six standard fields
    /// (XBoard knows nothing of our extension fields).
    pub fn fen_to_xboard(&self, fen: &str) -> String {
        let fields: Vec<&str> = fen.split_whitespace().take(6).collect();
        let mut out: Vec<String> = fields.iter().map(|s| s.to_string()).collect();
        if let Some(board) = out.first_mut() {
            *board = self.rename_pieces(board, true);
        }
        out.join(" ")
    }

    /// XBoard's FEN in our letters.
    pub fn fen_from_xboard(&self, fen: &str) -> String {
        let mut out: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
        if let Some(board) = out.first_mut() {
            *board = self.rename_pieces(board, false);
        }
        out.join(" ")
    }

    fn rename_pieces(&self, text: &str, to_xboard: bool) -> String {
        if self.renames.is_empty() {
            return text.to_string();
        }
        let mut out = String::new();
        let mut rest = text;
        'outer: while let Some(c) = rest.chars().next() {
            for (ours, theirs) in &self.renames {
                let (from, to) = if to_xboard {
                    (ours, theirs)
                } else {
                    (theirs, ours)
                };
                for (f, t) in [
                    (from.clone(), to.clone()),
                    (from.to_ascii_lowercase(), to.to_ascii_lowercase()),
                ] {
                    if let Some(after) = rest.strip_prefix(f.as_str()) {
                        out.push_str(&t);
                        rest = after;
                        continue 'outer;
                    }
                }
            }
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
        out
    }

    /// A square's name in XBoard's numbering from ours, or back.
    fn shift_ranks(&self, text: &str, to_xboard: bool) -> String {
        if !self.ranks_from_zero {
            return text.to_string();
        }
        engine_protocol::shift_rank_numbers(text, if to_xboard { -1 } else { 1 })
    }

    /// Our move or step text in XBoard's form.
    pub fn to_xboard(&self, text: &str) -> String {
        self.rename_dropped(&self.shift_ranks(text, true), true)
    }

    /// XBoard's move text in our form, a two-leg move included, also as
    /// XBoard 4.9.1 garbles it (see below).
    pub fn from_xboard(&self, text: &str) -> String {
        let ours = self.rename_dropped(&self.shift_ranks(text, false), false);
        let Some((first, last)) = ours.split_once(',') else {
            return ours;
        };
        let (Some(f), Some(v)) = (
            engine_protocol::square_len(first),
            engine_protocol::square_len(last),
        ) else {
            return ours;
        };
        let (from, end) = first.split_at(f);
        let via = &last[..v];
        if end == via {
            // `a,b b,c`: as it should be.
            return ours;
        }
        // XBoard 4.9.1 takes a black two-leg move over an empty square for
        // castling and writes `from to,via junk` (e7e6,e6e5 comes as
        // `e7e5,e6d5`): the move is from, via, to.
        format!("{from}{via},{via}{end}")
    }

    /// Renames the piece of a drop (`X@sq`); squares are never touched.
    fn rename_dropped(&self, text: &str, to_xboard: bool) -> String {
        match text.split_once('@') {
            Some((piece, square)) => {
                format!("{}@{square}", self.rename_pieces(piece, to_xboard))
            }
            None => text.to_string(),
        }
    }

    /// XBoard's text for a kind's piece: its letter, or `+` and a letter.
    pub fn piece_text(&self, kind: Kind) -> &str {
        self.texts.get(kind as usize).map_or("", String::as_str)
    }

    /// Whether XBoard holds the kind as its Pawn type, the one its SAN
    /// writes without a letter.
    pub fn is_xboard_pawn(&self, kind: Kind) -> bool {
        let pawn = self.piece_to_char.chars().next().unwrap_or('.');
        pawn.is_ascii_alphabetic() && self.piece_text(kind) == pawn.to_string()
    }

    /// Our rank index (from 0) of a rank number as XBoard writes it.
    pub fn rank_from_xboard(&self, written: u32) -> Option<u8> {
        let index = if self.ranks_from_zero {
            Some(written)
        } else {
            written.checked_sub(1)
        };
        index.filter(|&r| r < self.height as u32).map(|r| r as u8)
    }

    /// A square name sent by XBoard (`lift e2`) in our form.
    pub fn square_from_xboard(&self, text: &str) -> String {
        self.shift_ranks(text, false)
    }

    /// The piece a person picked up from a hand (`lift j5`). XBoard names
    /// the hand columns as files two columns off the board (White's to the
    /// right, `j` on 8 files; Black's to the left, `_`), and a hand's rows
    /// by the order of its types, White's from the bottom and Black's from
    /// the top, counting only the types that have a letter.
    pub fn hand_piece(&self, square: &str) -> Option<(Color, Kind)> {
        let mut chars = square.chars();
        let file = chars.next()?;
        let rank: u32 = chars.as_str().parse().ok()?;
        let row = self.rank_from_xboard(rank)? as u32;
        let (color, index) = if file as u32 == 'a' as u32 + self.width as u32 + 1 {
            (Color::White, row)
        } else if file as u32 + 2 == 'a' as u32 {
            (Color::Black, self.height as u32 - 1 - row)
        } else {
            return None;
        };
        let letter = self
            .piece_to_char
            .chars()
            .take(self.holdings as usize)
            .filter(|c| c.is_ascii_alphabetic())
            .nth(index as usize)?;
        let kind = self.texts.iter().position(|t| *t == letter.to_string())?;
        Some((color, kind as Kind))
    }
}

/// A kind's moves in XBoard's Betza dialect: a rider is its atom with
/// range 0 (the Nightrider is `N0`, not `NN`). Moves no Betza can say (a
/// teleport, a dice leaper's changing move, two-step pawn moves) are left
/// to the engine's highlights.
pub fn xbetza(v: &Variant, kind: Kind) -> String {
    // A kind the dice change is shown as it moves before the first throw.
    let text = v.betza_in_mode(kind, v.start_mode());
    let b = text.as_bytes();
    let mut out = String::new();
    let mut modifiers = String::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        if c.is_ascii_lowercase() {
            modifiers.push(c);
            i += 1;
            continue;
        }
        if c == '(' {
            // An (m,n) leaper: XBoard's letter where it has one.
            let end = text[i..].find(')').map_or(text.len(), |e| i + e);
            let numbers: Vec<u8> = text[i + 1..end]
                .split(',')
                .filter_map(|n| n.trim().parse().ok())
                .collect();
            if let [m, n] = numbers[..] {
                out.push_str(&modifiers);
                out.push_str(&leaper_atom(m, n));
            }
            modifiers.clear();
            i = end + 1;
            continue;
        }
        let rider = c.is_ascii_uppercase() && b.get(i + 1) == Some(&b[i]);
        let atom = match (c, modifiers.is_empty()) {
            // XBoard reads a direction on K or Q loosely: say it per atom.
            ('K', false) => vec!['W', 'F'],
            ('Q', false) => vec!['R', 'B'],
            _ => vec![c],
        };
        for a in atom {
            out.push_str(&modifiers);
            out.push(a);
            if rider {
                out.push('0');
            }
        }
        modifiers.clear();
        i += if rider { 2 } else { 1 };
    }
    out.push_str(&modifiers);
    out
}

/// The Betza atom of an (a, b) leaper.
fn leaper_atom(a: u8, b: u8) -> String {
    let named = match (a.max(b), a.min(b)) {
        (1, 0) => "W",
        (1, 1) => "F",
        (2, 0) => "D",
        (2, 1) => "N",
        (2, 2) => "A",
        (3, 0) => "H",
        (3, 1) => "C",
        (3, 2) => "Z",
        (3, 3) => "G",
        _ => "",
    };
    if named.is_empty() {
        format!("({},{})", a.max(b), a.min(b))
    } else {
        named.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variants;
    use crate::xboard::slots::{LANCE, MAN, NOT_SWEPT, QUEEN};

    fn dialect(name: &str) -> (Dialect, std::sync::Arc<Variant>) {
        let v = variants::load(name).expect("variant");
        (Dialect::new(&v), v)
    }

    #[test]
    fn hands_keep_within_the_board_height() {
        // XBoard draws a taller board than ours when a hand holds more
        // types than the board has ranks, and a person's clicks miss.
        for name in variants::builtin_names() {
            let name = name.as_str();
            let (d, v) = dialect(name);
            let height = v.geometry().height() as u32;
            assert!(d.holdings <= height, "{name}: {} types in hand", d.holdings);
        }
    }

    #[test]
    fn chess_uses_the_standard_types() {
        let (d, _) = dialect("chess");
        assert_eq!(d.piece_to_char, "PNBRQKpnbrqk");
        assert_eq!(d.to_xboard("e7e8q"), "e7e8q");
    }

    #[test]
    fn wolf_pictures_follow_the_moves() {
        let (d, v) = dialect("wolf");
        // P, N(ightrider) on the Nightrider's type (H), the Knight (H) on
        // the Knight's, the Fox on the Archbishop's, the Wolf on the
        // Chancellor's, the Elephant on the Alfil's.
        let table = &d.piece_to_char;
        let white = &table[..table.len() / 2];
        assert_eq!(white.find('H'), Some(1));
        assert_eq!(white.find('N'), Some(12));
        assert_eq!(white.find('F'), Some(7));
        assert_eq!(white.find('W'), Some(8));
        assert_eq!(white.find('E'), Some(6));
        // The Sergeant, a second kind that promotes, on the Man's type: not
        // the Lance, which XBoard 4.9.1 moves as a Pawn.
        assert_eq!(white.find('S'), Some(MAN));
        assert!(white.ends_with('K'));
        let nightrider = v.kind_of_letter('N').expect("N");
        assert_eq!(xbetza(&v, nightrider), "N0");
        let elephant = v.kind_of_letter('E').expect("E");
        assert_eq!(xbetza(&v, elephant), "QN0");
        // Ten ranks: XBoard counts from 0.
        assert_eq!(d.to_xboard("a2a4"), "a1a3");
        assert_eq!(d.from_xboard("b9b8"), "b10b9");
        assert_eq!(d.to_xboard("d2c3,c3c4"), "d1c2,c2c3");
        // XBoard 4.9 relays a two-leg move with the final square in its
        // first leg.
        assert_eq!(d.from_xboard("d1c3,c2c3"), "d2c3,c3c4");
        assert_eq!(d.from_xboard("d1c2,c2c3"), "d2c3,c3c4");
    }

    #[test]
    fn a_black_two_leg_move_garbled_by_xboard_is_read_right() {
        let (d, _) = dialect("carnival");
        // XBoard 4.9.1 writes Black's e7e6,e6e5 as castling: `e7e5,e6d5`.
        assert_eq!(d.from_xboard("e7e5,e6d5"), "e7e6,e6e5");
        assert_eq!(d.from_xboard("e7e5,e6f5"), "e7e6,e6e5");
        assert_eq!(d.from_xboard("d7c6,c6d5"), "d7c6,c6d5");
        assert_eq!(d.from_xboard("e2e3,e3e4"), "e2e3,e3e4");
    }

    #[test]
    fn truffle_gives_xboard_the_sleeping_king_and_renames_the_awake_one() {
        let (d, v) = dialect("truffle");
        let fen = "r+nbqk+bnr/shhsshhs/8/8/8/8/SHHSSHHS/R+NB+QK+BN+K[] w - - 0 1";
        let x = d.fen_to_xboard(fen);
        assert!(!x.contains("+K"), "{x}");
        assert_eq!(d.fen_from_xboard(&x), fen);
        // Squares are never renamed, even where a file letter is a spare.
        for mv in ["a2a4", "b1a3", "h7h5"] {
            assert_eq!(d.from_xboard(mv), mv);
            assert_eq!(d.to_xboard(mv), mv);
        }
        // XBoard's King type is the King on its board from the start (the
        // sleeping one): the King's picture, and XBoard's check and mate
        // tests find a king.
        let sleeping_king = (0..v.kind_count())
            .find(|&k| !v.piece(k as Kind).plus && v.piece(k as Kind).royal)
            .expect("sleeping king");
        let king_letter = d.piece_to_char.chars().nth(d.piece_to_char.len() / 2 - 1);
        assert_eq!(king_letter, Some('K'));
        assert_eq!(d.texts[sleeping_king], "K");
    }

    #[test]
    fn no_kind_takes_the_lance() {
        // Hubbub's Lion (letter L) would take the Lance by its letter.
        for name in variants::builtin_names() {
            let name = name.as_str();
            let (d, _) = dialect(name);
            let t = &d.piece_to_char;
            let white = &t[..t.len() / 2];
            // The king is the last letter, after every type.
            let types = &white[..white.len() - 1];
            assert_eq!(types.chars().nth(LANCE).unwrap_or('.'), '.', "{name}");
        }
    }

    #[test]
    fn promotions_take_types_the_sweep_offers() {
        // Hubbub has no Queen: its Lion (no picture of its own; its
        // letter's type is the Lance, which no kind takes) takes the
        // Queen's type, where the sweep starts, and its Gryphon (its
        // letter's type is one XBoard's sweep skips) the next free one.
        let (d, _) = dialect("hubbub");
        let white: Vec<char> = d.piece_to_char.chars().collect();
        assert_eq!(white[QUEEN], 'L');
        assert_eq!(white[QUEEN + 1], 'G');
        assert_eq!(white[NOT_SWEPT], '.');
        // A game with a Queen keeps it there.
        let (d, _) = dialect("wolf");
        assert_eq!(d.piece_to_char.chars().nth(QUEEN), Some('Q'));
    }

    #[test]
    fn hand_squares_name_the_pieces_in_hand() {
        // Truffle Hunt's hand types: N B R Q S H (the Pawn type has no
        // letter). XBoard sent `lift j5` for White's Sow.
        let (d, v) = dialect("truffle");
        let kind = |c| v.kind_of_letter(c).expect("letter");
        assert_eq!(d.hand_piece("j5"), Some((Color::White, kind('S'))));
        assert_eq!(d.hand_piece("j1"), Some((Color::White, kind('N'))));
        assert_eq!(d.hand_piece("j6"), Some((Color::White, kind('H'))));
        assert_eq!(d.hand_piece("_4"), Some((Color::Black, kind('S'))));
        assert_eq!(d.hand_piece("_8"), Some((Color::Black, kind('N'))));
        for off_hand in ["j7", "e2", "i5", "j9", "j", "jx", "_9"] {
            assert_eq!(d.hand_piece(off_hand), None, "{off_hand}");
        }
    }

    #[test]
    fn tables_have_even_length_and_twelve_letters_at_least() {
        for name in variants::builtin_names() {
            let name = name.as_str();
            let (d, v) = dialect(name);
            let t = &d.piece_to_char;
            assert!(t.len() % 2 == 0 && t.len() >= 12, "{name}: {t}");
            // Every kind has its own text.
            let mut texts = d.texts.clone();
            texts.sort();
            texts.dedup();
            assert_eq!(texts.len(), v.kind_count(), "{name}");
        }
    }
}
