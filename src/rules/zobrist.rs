//! Zobrist keys: one random number per piece-square, per flag-square and per
//! counter value, so that the hash covers every part of the position's state.

use crate::rules::compile_modes::MAX_MODES;
use crate::rules::geometry::MAX_SQUARES;
use crate::rules::piece::{Piece, MAX_KINDS};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256StarStar;
use std::sync::OnceLock;

/// Most pieces of one kind a hand can hold that the hash tells apart.
pub const MAX_IN_HAND: usize = 32;

pub struct Keys {
    pub piece_square: Vec<[u64; MAX_SQUARES]>,
    /// The piece on this square has never moved.
    pub unmoved: [u64; MAX_SQUARES],
    /// The rook on this square keeps its castling right.
    pub castling: [u64; MAX_SQUARES],
    pub en_passant: [u64; MAX_SQUARES],
    pub black_to_move: u64,
    /// `hand[color][kind][count]`.
    pub hand: Vec<[[u64; MAX_IN_HAND + 1]; MAX_KINDS]>,
    /// `mode[color][index]`: a side's mode.
    pub mode: [[u64; MAX_MODES]; 2],
    pub pending_roll: u64,
    /// `pending_choice[a][b]`: the dice thrown when a choice is pending.
    pub pending_choice: [[u64; 8]; 8],
    /// `truffle[square][count]`, `store[color][count]` (Truffle Hunt).
    pub food: Vec<[u64; 8]>,
    pub store: [[u64; 8]; 2],
    pub pending_find: [u64; MAX_SQUARES],
    pub pending_activate: u64,
    pub pending_promote: [u64; MAX_SQUARES],
    /// What the legs of the two-step that may be taken en passant did,
    /// where that matters (`EnPassant::two_step`).
    pub two_step_legs: [u64; 16],
}

/// Draws every key from one generator of fixed seed, so that hashes are
/// the same on every run and machine. The order of the draws is part of
/// the keys: a new table is drawn after all the others.
fn make_keys() -> Keys {
    let mut rng = Xoshiro256StarStar::seed_from_u64(0x6d65_6e61_6765_7269);
    let piece_square = (0..Piece::CODES).map(|_| square_keys(&mut rng)).collect();
    let unmoved = square_keys(&mut rng);
    let castling = square_keys(&mut rng);
    let en_passant = square_keys(&mut rng);
    let black_to_move = rng.next_u64();
    let hand = (0..2).map(|_| hand_keys(&mut rng)).collect();
    // The first 32 keys of each side in the order of the earlier 32-key
    // table, the rest after the tables that came next.
    let mut mode = [[0u64; MAX_MODES]; 2];
    fill(
        &mut rng,
        mode.iter_mut().flat_map(|side| side[..32].iter_mut()),
    );
    let pending_roll = rng.next_u64();
    let mut pending_choice = [[0u64; 8]; 8];
    fill(&mut rng, pending_choice.iter_mut().flatten());
    let food = (0..MAX_SQUARES).map(|_| drawn::<8>(&mut rng)).collect();
    let mut store = [[0u64; 8]; 2];
    fill(&mut rng, store.iter_mut().flatten());
    let pending_find = square_keys(&mut rng);
    let pending_activate = rng.next_u64();
    fill(
        &mut rng,
        mode.iter_mut().flat_map(|side| side[32..].iter_mut()),
    );
    let pending_promote = square_keys(&mut rng);
    let two_step_legs = drawn::<16>(&mut rng);
    Keys {
        two_step_legs,
        food,
        store,
        pending_find,
        pending_activate,
        pending_promote,
        mode,
        pending_roll,
        pending_choice,
        piece_square,
        unmoved,
        castling,
        en_passant,
        black_to_move,
        hand,
    }
}

/// Sets each key of `keys` to the generator's next number, in order.
fn fill<'a>(rng: &mut Xoshiro256StarStar, keys: impl IntoIterator<Item = &'a mut u64>) {
    for k in keys {
        *k = rng.next_u64();
    }
}

/// `N` keys drawn in order.
fn drawn<const N: usize>(rng: &mut Xoshiro256StarStar) -> [u64; N] {
    let mut a = [0u64; N];
    fill(rng, a.iter_mut());
    a
}

/// A key per square.
fn square_keys(rng: &mut Xoshiro256StarStar) -> [u64; MAX_SQUARES] {
    drawn::<MAX_SQUARES>(rng)
}

/// One side's hand: a key per kind and count, the count 0 none (an empty
/// hand changes nothing).
fn hand_keys(rng: &mut Xoshiro256StarStar) -> [[u64; MAX_IN_HAND + 1]; MAX_KINDS] {
    let mut h = [[0u64; MAX_IN_HAND + 1]; MAX_KINDS];
    fill(rng, h.iter_mut().flat_map(|kind| kind[1..].iter_mut()));
    h
}

pub fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(make_keys)
}
