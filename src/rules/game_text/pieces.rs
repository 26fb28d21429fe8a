//! The pieces of a section: declared by Fairy-Stockfish's names
//! (`knight = n`, `king = k:K`, `pawn = -`) or as `customPieceN =
//! letter:Betza`, in the order the family first declares them; then the
//! properties each may have, by letter.

use crate::rules::def::PieceDef;
use crate::rules::game_text::piece_names::{is_custom, named, refused};
use crate::rules::game_text::reader::Reader;
use crate::rules::game_text::values::{self, symbol, symbols};

/// The pieces and which of them the named `pawn` and `king` are.
pub struct Army {
    pub pieces: Vec<PieceDef>,
    /// Where each piece was declared: (file, line, key).
    pub declared_at: Vec<(String, usize, String)>,
    /// Whether each was declared by an ancestor.
    pub inherited: Vec<bool>,
    pub pawn: Option<String>,
    /// The named pawn was given its double step (`doubleStep`).
    pub pawn_double_step: bool,
    pub king: Option<String>,
}

impl Army {
    /// The piece with this symbol (`N`, `+R`).
    pub fn find(&self, sym: &str) -> Option<usize> {
        self.pieces.iter().position(|p| piece_symbol(p) == sym)
    }

    fn remove(&mut self, i: usize) {
        self.pieces.remove(i);
        self.declared_at.remove(i);
        self.inherited.remove(i);
    }
}

pub fn piece_symbol(p: &PieceDef) -> String {
    match p.plus {
        true => format!("+{}", p.letter),
        false => p.letter.to_string(),
    }
}

/// The declarations, in order; a refused one is left out.
pub fn read_army(r: &mut Reader) -> Army {
    let double_step = r.read_or("doubleStep", true, values::boolean);
    let mut army = Army {
        pieces: Vec::new(),
        declared_at: Vec::new(),
        inherited: Vec::new(),
        pawn: None,
        pawn_double_step: false,
        king: None,
    };
    let declarations = r.family(|k| named(k).is_some() || refused(k).is_some() || is_custom(k));
    for s in declarations {
        if let Some(why) = refused(&s.key) {
            r.refuse(
                s,
                format!("Fairy-Stockfish's {} is not supported: {why}", s.key),
            );
            continue;
        }
        if s.value == "-" {
            continue;
        }
        let (sym, betza) = match s.value.split_once(':') {
            Some((l, b)) => (symbol(l), Some(b.trim())),
            None => (symbol(&s.value), None),
        };
        let sym = match sym {
            Ok(sym) => sym,
            Err(why) => {
                r.refuse(s, format!("{why}: a piece is 'letter' or 'letter:Betza'"));
                continue;
            }
        };
        if let Some(earlier) = army.find(&sym) {
            // A child's letter replaces its ancestors' piece of that letter
            // (as in Fairy-Stockfish); within one section it is a mistake.
            let (_, line, key) = &army.declared_at[earlier];
            if !s.inherited && !army.inherited[earlier] {
                r.refuse(
                    s,
                    format!("the letter {sym} is used twice (also {key}, line {line})"),
                );
                continue;
            }
            army.remove(earlier);
            if army.pawn.as_deref() == Some(&sym) {
                army.pawn = None;
                army.pawn_double_step = false;
            }
            if army.king.as_deref() == Some(&sym) {
                army.king = None;
            }
        }
        let (default_betza, name) = named(&s.key).unwrap_or(("", &s.key));
        let betza = match (betza, is_custom(&s.key)) {
            (Some(b), _) => b.to_string(),
            (None, false) if s.key == "pawn" && double_step => {
                army.pawn_double_step = true;
                format!("{default_betza}ifmnD")
            }
            (None, false) => default_betza.to_string(),
            (None, true) => {
                r.refuse(s, "a custom piece is 'letter:Betza'".to_string());
                continue;
            }
        };
        if let Err(e) = crate::rules::betza::parse(&betza).map_err(|e| e.to_string()) {
            if !betza.is_empty() {
                r.refuse(s, format!("its moves '{betza}': {e}"));
                continue;
            }
        }
        let (plus, letter) = match sym.strip_prefix('+') {
            Some(l) => (true, l),
            None => (false, sym.as_str()),
        };
        let letter = letter.chars().next().unwrap_or('?');
        let mut piece = PieceDef::new(name, letter, &betza);
        piece.plus = plus;
        match s.key.as_str() {
            "pawn" => army.pawn = Some(sym.clone()),
            "king" => army.king = Some(sym.clone()),
            _ => {}
        }
        army.pieces.push(piece);
        army.declared_at
            .push((s.file.clone(), s.line, s.key.clone()));
        army.inherited.push(s.inherited);
    }
    army
}

/// The value of a per-piece key (`key = s:2 h:2`, and `key.s = 2`, which
/// a child may add to its parent's list), each symbol resolved to its piece.
pub fn per_piece_key(r: &mut Reader, army: &Army, key: &str) -> Vec<(usize, String)> {
    let mut list = r.read(key, values::per_piece).unwrap_or_default();
    let prefix = format!("{key}.");
    for s in r.family(|k| k.starts_with(&prefix)) {
        match symbol(&s.key[prefix.len()..]) {
            Ok(sym) => {
                list.retain(|(w, _)| *w != sym);
                list.push((sym, s.value.clone()));
            }
            Err(why) => r.refuse(s, why),
        }
    }
    let mut out = Vec::new();
    for (sym, what) in list {
        match army.find(&sym) {
            Some(i) => out.push((i, what)),
            None => r.refuse_key(key, format!("{sym} names no piece of this game")),
        }
    }
    out
}

/// The pieces a list of symbols names (a key's value).
pub fn pieces_key(r: &mut Reader, army: &Army, key: &str) -> Option<Vec<usize>> {
    let list = r.read(key, symbols)?;
    let mut out = Vec::new();
    for sym in list {
        match army.find(&sym) {
            Some(i) => out.push(i),
            None => r.refuse_key(key, format!("{sym} names no piece of this game")),
        }
    }
    Some(out)
}

/// Symbols that must each name a piece; the refused ones left out.
pub fn checked_symbols(r: &mut Reader, army: &Army, key: &str, text: &str) -> Vec<String> {
    match symbols(text) {
        Ok(list) => list
            .into_iter()
            .filter(|sym| {
                let known = army.find(sym).is_some();
                if !known {
                    r.refuse_key(key, format!("{sym} names no piece of this game"));
                }
                known
            })
            .collect(),
        Err(why) => {
            r.refuse_key(key, why);
            Vec::new()
        }
    }
}
