//! Reading a FEN into a position, field by field; every malformed field is
//! a typed error and nothing is built. Beyond the six standard fields, our
//! extensions come last, in any order, each at most once: `~sq,sq` (pieces
//! on a start square of their kind that have nevertheless moved), and in
//! the dice and hunt games each side's mode (`knights=A:B/C:D`, the word is
//! the game's), the food left and stored, and `pending=...` (a throw or a
//! choice due).

use crate::rules::bitboard::Bitboard;
use crate::rules::fen::{parse_board, FenError};
use crate::rules::geometry::{square_name_len, Geometry};
use crate::rules::position::{EnPassant, Pending, Position};
use crate::rules::square::{Color, Square};
use crate::rules::variant::{HuntRules, Variant};
use crate::rules::zobrist::MAX_IN_HAND;
use std::sync::Arc;

/// The extension fields of a FEN, as written.
#[derive(Default)]
struct Extensions<'a> {
    moved: Option<&'a str>,
    register: Option<&'a str>,
    pending: Option<&'a str>,
    food: Option<&'a str>,
    stores: Option<&'a str>,
}

/// The words that name a game's extension fields.
struct Words<'a> {
    register: &'a str,
    food: &'a str,
    stores: &'a str,
}

impl<'a> Words<'a> {
    fn of(v: &'a Variant) -> Words<'a> {
        let hunt = v.hunt.as_ref();
        Words {
            register: v.chance.as_ref().map_or("knights", |c| &c.register),
            food: hunt.map_or("truffles", |h| &h.food_word),
            stores: hunt.map_or("stores", |h| &h.store_word),
        }
    }
}

/// Splits a FEN into its standard fields and the extensions after them.
fn split_extensions<'a>(
    words: &Words,
    fen: &'a str,
) -> Result<(Vec<&'a str>, Extensions<'a>), FenError> {
    let is_field = |text: &str, word: &str| text.split_once('=').is_some_and(|(w, _)| w == word);
    let mut all: Vec<&str> = fen.split_whitespace().collect();
    let mut ext = Extensions::default();
    while all.len() > 1 {
        let last = all[all.len() - 1];
        let slot = if last.starts_with('~') {
            &mut ext.moved
        } else if is_field(last, words.register) {
            &mut ext.register
        } else if last.starts_with("pending=") {
            &mut ext.pending
        } else if is_field(last, words.food) {
            &mut ext.food
        } else if is_field(last, words.stores) {
            &mut ext.stores
        } else {
            break;
        };
        if slot.is_some() {
            return Err(FenError::BadDiceState(format!("'{last}' given twice")));
        }
        *slot = all.pop();
    }
    Ok((all, ext))
}

impl Position {
    pub(super) fn read_fen(
        variant: Arc<Variant>,
        fen: &str,
        refuse_opponent_check: bool,
    ) -> Result<Position, FenError> {
        let words = Words::of(&variant);
        let (fields, ext) = split_extensions(&words, fen)?;
        let mut fields = fields.into_iter();
        let mut pos = Position::empty(variant.clone());
        pos.read_board_field(fields.next().ok_or(FenError::Empty)?)?;
        pos.side = match fields.next() {
            None | Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(s) => return Err(FenError::BadSideToMove(s.to_string())),
        };
        // Royal pieces first: castling and check tests need them.
        pos.check_royals()?;
        if let Some(castling) = fields.next() {
            pos.castle_rooks = parse_castling(&pos, castling)?;
        }
        let ep_field = fields.next();
        pos.read_counters(fields.next(), fields.next())?;
        if fields.next().is_some() {
            return Err(FenError::TooManyFields);
        }
        pos.read_extensions(&words, &ext)?;
        pos.unmoved = pos.default_unmoved();
        if let Some(field) = ext.moved {
            pos.read_moved(field)?;
        }
        pos.check_promotion_ranks()?;
        // After the modes: whether en passant may be taken depends on them.
        if let Some(text) = ep_field.filter(|&t| t != "-") {
            pos.ep = read_en_passant(&pos, text)?;
        }
        if let Some(k) = pos.royal_square(pos.side.opposite()) {
            if refuse_opponent_check && pos.attacked(k, pos.side) {
                return Err(FenError::OpponentInCheck);
            }
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The board, and the holdings in `[...]` after it.
    fn read_board_field(&mut self, field: &str) -> Result<(), FenError> {
        let (board_text, holdings) = match field.find('[') {
            Some(open) => {
                let rest = &field[open + 1..];
                let close = rest
                    .find(']')
                    .ok_or_else(|| FenError::BadHoldings("missing ']'".to_string()))?;
                if close + 1 != rest.len() {
                    return Err(FenError::BadHoldings(
                        "text after ']' in the board field".to_string(),
                    ));
                }
                (&field[..open], Some(&rest[..close]))
            }
            None => (field, None),
        };
        let variant = self.variant.clone();
        let v = &*variant;
        for (sq, p) in parse_board(&v.geometry, |c, plus| v.kind_of_symbol(c, plus), board_text)? {
            self.put(sq, p);
        }
        match holdings {
            Some(h) => self.read_holdings(h),
            None => Ok(()),
        }
    }

    /// The pieces in hand: a letter a piece (upper case White's), `-` none.
    fn read_holdings(&mut self, text: &str) -> Result<(), FenError> {
        let variant = self.variant.clone();
        let v = &*variant;
        if !v.uses_hands && !text.is_empty() && text != "-" {
            return Err(FenError::BadHoldings(format!(
                "{} has no pieces in hand",
                v.name
            )));
        }
        for c in text.chars().filter(|&c| c != '-') {
            let kind = v
                .kind_of_letter(c)
                .ok_or_else(|| FenError::BadHoldings(format!("'{c}' is not a piece")))?;
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let n = &mut self.hands[color.index()][kind as usize];
            if *n as usize >= MAX_IN_HAND {
                return Err(FenError::BadHoldings(format!(
                    "more than {MAX_IN_HAND} of '{c}'"
                )));
            }
            *n += 1;
        }
        Ok(())
    }

    /// Exactly one royal piece a side, where the game has them.
    fn check_royals(&self) -> Result<(), FenError> {
        let royal_kinds = self.variant.royal_kinds;
        if royal_kinds == 0 {
            return Ok(());
        }
        for c in Color::BOTH {
            match self.pieces_of_kinds(c, royal_kinds).count() {
                0 => return Err(FenError::MissingRoyal(c)),
                1 => {}
                _ => return Err(FenError::TooManyRoyals(c)),
            }
        }
        Ok(())
    }

    /// The halfmove clock and the fullmove number (from 1), where given.
    fn read_counters(&mut self, half: Option<&str>, full: Option<&str>) -> Result<(), FenError> {
        if let Some(h) = half {
            self.halfmove = h
                .parse()
                .map_err(|_| FenError::BadHalfmoveClock(h.to_string()))?;
        }
        if let Some(f) = full {
            self.fullmove = f
                .parse()
                .ok()
                .filter(|&n: &u32| n >= 1)
                .ok_or_else(|| FenError::BadFullmoveNumber(f.to_string()))?;
        }
        Ok(())
    }

    /// The dice or hunt fields, refused in a game without them.
    fn read_extensions(&mut self, words: &Words, ext: &Extensions) -> Result<(), FenError> {
        let variant = self.variant.clone();
        if variant.chance.is_some() {
            return self.read_dice_fields(words, ext);
        }
        if let Some(hunt) = &variant.hunt {
            return self.read_hunt_fields(hunt, words, ext);
        }
        match ext.register.or(ext.pending).or(ext.food).or(ext.stores) {
            Some(f) => Err(FenError::BadDiceState(format!(
                "{} has no dice: '{f}'",
                variant.name
            ))),
            None => Ok(()),
        }
    }

    /// Each side's mode (without the field, both have their start mode)
    /// and the throw, choice or promotion due.
    fn read_dice_fields(&mut self, words: &Words, ext: &Extensions) -> Result<(), FenError> {
        if let Some(field) = ext.register {
            self.modes = two_sided(field, words.register, |name| self.parse_mode_name(name))?;
        }
        if let Some(field) = ext.pending {
            let bad = || FenError::BadDiceState(field.to_string());
            self.pending = match &field["pending=".len()..] {
                "roll" => Pending::Roll,
                rest if rest.starts_with("promote:") => {
                    let sq = self
                        .variant
                        .geometry
                        .parse_square(&rest["promote:".len()..]);
                    let waits = |sq| self.waits_to_promote(sq);
                    Pending::Promote(sq.filter(|&sq| waits(sq)).ok_or_else(bad)?)
                }
                rest => {
                    let throw = rest.strip_prefix("choose:").ok_or_else(bad)?;
                    self.pending_choice(throw).ok_or_else(bad)?
                }
            };
        }
        Ok(())
    }

    /// The food left on each square and in each store (without the
    /// fields: the start's, and empty stores), and the activation or find
    /// due.
    fn read_hunt_fields(
        &mut self,
        hunt: &HuntRules,
        words: &Words,
        ext: &Extensions,
    ) -> Result<(), FenError> {
        self.food[..hunt.start.len()].copy_from_slice(&hunt.start);
        if let Some(field) = ext.food {
            self.read_food(&field[words.food.len() + 1..])
                .ok_or_else(|| FenError::BadDiceState(field.to_string()))?;
        }
        if let Some(field) = ext.stores {
            self.stores = two_sided(field, words.stores, |text| {
                text.parse::<u8>().ok().filter(|&n| n <= hunt.store_max)
            })?;
        }
        if let Some(field) = ext.pending {
            self.pending = self
                .hunt_pending(hunt, &field["pending=".len()..])
                .ok_or_else(|| FenError::BadDiceState(field.to_string()))?;
        }
        if let Some(f) = ext.register {
            return Err(FenError::BadDiceState(format!(
                "{} has no dice knights: '{f}'",
                self.variant.name
            )));
        }
        Ok(())
    }

    /// The food on each square, rank by rank from the top, a digit (0 to
    /// 7) a cell; `None` if malformed.
    fn read_food(&mut self, text: &str) -> Option<()> {
        let ranks: Vec<&str> = text.split('/').collect();
        let g = &self.variant.geometry;
        let (width, height) = (g.width() as usize, g.height() as usize);
        if ranks.len() != height {
            return None;
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = height - 1 - i;
            if rank_text.len() != width {
                return None;
            }
            for (file, c) in rank_text.chars().enumerate() {
                let n = c.to_digit(10).filter(|&n| n <= 7)? as u8;
                self.food[rank * width + file] = n;
            }
        }
        Some(())
    }

    /// A hunt's pending step: `activate`, or `find:SQ` where the actor's
    /// hunter stands.
    fn hunt_pending(&self, hunt: &HuntRules, text: &str) -> Option<Pending> {
        if text == "activate" {
            return Some(Pending::Activate);
        }
        let sq = text
            .strip_prefix("find:")
            .and_then(|n| self.variant.geometry.parse_square(n))?;
        let hunter = self
            .piece_at(sq)
            .is_some_and(|p| p.color() != self.side && hunt.hunter_kinds >> p.kind() & 1 != 0);
        hunter.then_some(Pending::Find(sq))
    }

    /// The `~` list: pieces on a start square that have moved.
    fn read_moved(&mut self, field: &str) -> Result<(), FenError> {
        for name in field[1..].split(',') {
            let sq = self
                .variant
                .geometry
                .parse_square(name)
                .filter(|&sq| self.unmoved.contains(sq))
                .ok_or_else(|| FenError::BadMovedList(name.to_string()))?;
            self.unmoved.remove(sq);
        }
        Ok(())
    }

    /// No piece stands where it must have promoted, unless its promotion
    /// waits for the throw due.
    fn check_promotion_ranks(&self) -> Result<(), FenError> {
        let v = &*self.variant;
        for sq in self.occupied() {
            let p = self.board[sq.index()];
            let waits = self.pending != Pending::Nothing && self.waits_to_promote(sq);
            if v.kinds[p.kind() as usize].must_promote[p.color().index()].contains(sq) && !waits {
                return Err(FenError::PieceOnPromotionRank {
                    square: v.geometry.name(sq),
                });
            }
        }
        Ok(())
    }
}

/// White's and Black's values of a `word=white/black` field, each read
/// by `read`; an error quoting the field if either is missing or bad.
fn two_sided<T>(
    field: &str,
    word: &str,
    mut read: impl FnMut(&str) -> Option<T>,
) -> Result<[T; 2], FenError> {
    let bad = || FenError::BadDiceState(field.to_string());
    let (white, black) = field[word.len() + 1..].split_once('/').ok_or_else(bad)?;
    Ok([read(white).ok_or_else(bad)?, read(black).ok_or_else(bad)?])
}

/// The en passant field: `I` (the passed square; the piece stands just
/// beyond it), `I>V` (it stands on V), or the two-step itself, `FI,IV`
/// (where its legs matter). `None` when no enemy piece could take it.
fn read_en_passant(pos: &Position, text: &str) -> Result<Option<EnPassant>, FenError> {
    let v = &*pos.variant;
    let g = &v.geometry;
    let bad = || FenError::BadEnPassant(text.to_string());
    let mover = pos.side.opposite();
    let (target, victim, start) = match text.split_once(',') {
        Some((first, second)) => {
            let (from, mid) = two_squares(g, first).ok_or_else(bad)?;
            let (mid2, to) = two_squares(g, second).ok_or_else(bad)?;
            if mid2 != mid {
                return Err(bad());
            }
            (mid, Some(to), Some(from))
        }
        None => {
            let (t, vt) = match text.split_once('>') {
                Some((t, vt)) => (t, Some(vt)),
                None => (text, None),
            };
            let target = g.parse_square(t).ok_or_else(bad)?;
            let victim = match vt {
                None => g.offset(target, 0, mover.forward()),
                Some(vt) => Some(g.parse_square(vt).ok_or_else(bad)?),
            };
            (target, victim, None)
        }
    };
    let origin = start.or_else(|| g.offset(target, 0, -mover.forward()));
    // A two-leg step need not start straight behind I.
    let origin_empty = |o: Square| v.two_leg_kinds != 0 || pos.board[o.index()].is_none();
    let valid = match (victim, origin) {
        (Some(victim), Some(origin)) => {
            pos.board[target.index()].is_none()
                && origin_empty(origin)
                && pos
                    .piece_at(victim)
                    .is_some_and(|p| p.color() == mover && v.ep_victims >> p.kind() & 1 != 0)
        }
        _ => false,
    };
    let (Some(victim), Some(origin), true) = (victim, origin, valid) else {
        return Err(FenError::EnPassantWithoutPawn(text.to_string()));
    };
    let legs = pos.two_step_legs(origin, target, victim);
    let ep = pos.two_step_ep(origin, target, victim, legs);
    Ok(pos.ep_capture_possible(ep, pos.side).then_some(ep))
}

/// Two square names written together (`d2d3`).
fn two_squares(g: &Geometry, text: &str) -> Option<(Square, Square)> {
    let n = square_name_len(text)?;
    Some((g.parse_square(&text[..n])?, g.parse_square(&text[n..])?))
}

/// Castling rights as `KQkq` letters or Shredder-style rook files (`HAha`).
fn parse_castling(pos: &Position, text: &str) -> Result<Bitboard, FenError> {
    let v = &*pos.variant;
    let mut rooks = Bitboard::EMPTY;
    if text == "-" {
        return Ok(rooks);
    }
    for ch in text.chars() {
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rights = &v.castling[color.index()];
        let right = rights
            .iter()
            .find(|c| c.fen_letter == ch)
            .or_else(|| {
                rights.iter().find(|c| {
                    (b'a' + v.geometry.file_of(c.rook_from)) as char == ch.to_ascii_lowercase()
                })
            })
            .ok_or_else(|| {
                FenError::BadCastling(format!("'{ch}' names no castling of this variant"))
            })?;
        if rooks.contains(right.rook_from) {
            return Err(FenError::BadCastling(format!("'{ch}' given twice")));
        }
        let king_ok = pos.royal_square(color) == Some(right.king_from);
        let rook_ok = pos
            .piece_at(right.rook_from)
            .is_some_and(|p| p.color() == color && right.right_holders >> p.kind() & 1 != 0);
        if !king_ok || !rook_ok {
            return Err(FenError::BadCastling(format!(
                "'{ch}' needs the king on {} and the rook on {}",
                v.geometry.name(right.king_from),
                v.geometry.name(right.rook_from)
            )));
        }
        rooks.insert(right.rook_from);
    }
    Ok(rooks)
}
