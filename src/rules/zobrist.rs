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

fn make_keys() -> Keys {
    // A fixed seed: hashes are the same on every run and machine.
    let mut rng = Xoshiro256StarStar::seed_from_u64(0x6d65_6e61_6765_7269);
    let square_keys = |rng: &mut Xoshiro256StarStar| {
        let mut a = [0u64; MAX_SQUARES];
        for k in a.iter_mut() {
            *k = rng.next_u64();
        }
        a
    };
    let piece_square = (0..Piece::CODES).map(|_| square_keys(&mut rng)).collect();
    let unmoved = square_keys(&mut rng);
    let castling = square_keys(&mut rng);
    let en_passant = square_keys(&mut rng);
    let black_to_move = rng.next_u64();
    let hand = (0..2)
        .map(|_| {
            let mut h = [[0u64; MAX_IN_HAND + 1]; MAX_KINDS];
            for kind in h.iter_mut() {
                // Count 0 hashes as nothing, so an empty hand changes nothing.
                for k in kind.iter_mut().skip(1) {
                    *k = rng.next_u64();
                }
            }
            h
        })
        .collect();
    // The first 32 keys of each side in the order of the earlier 32-key
    // table, the rest at the end, so that no other key changed.
    let mut mode = [[0u64; MAX_MODES]; 2];
    for k in mode.iter_mut().flat_map(|side| side[..32].iter_mut()) {
        *k = rng.next_u64();
    }
    let pending_roll = rng.next_u64();
    let mut pending_choice = [[0u64; 8]; 8];
    for k in pending_choice.iter_mut().flatten() {
        *k = rng.next_u64();
    }
    let food = (0..MAX_SQUARES)
        .map(|_| {
            let mut a = [0u64; 8];
            for k in a.iter_mut() {
                *k = rng.next_u64();
            }
            a
        })
        .collect();
    let mut store = [[0u64; 8]; 2];
    for k in store.iter_mut().flatten() {
        *k = rng.next_u64();
    }
    let pending_find = square_keys(&mut rng);
    let pending_activate = rng.next_u64();
    for k in mode.iter_mut().flat_map(|side| side[32..].iter_mut()) {
        *k = rng.next_u64();
    }
    let pending_promote = square_keys(&mut rng);
    let mut two_step_legs = [0u64; 16];
    for k in two_step_legs.iter_mut() {
        *k = rng.next_u64();
    }
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

pub fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(make_keys)
}
