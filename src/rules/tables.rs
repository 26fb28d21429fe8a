//! Movement atoms compiled into lookup tables at variant load: leap targets
//! per square, ray masks for riders, and the reverse ("who attacks this
//! square") tables used for check detection.

use crate::rules::betza::{lame_path, Atom, Mode, Reach};
use crate::rules::bitboard::Bitboard;
use crate::rules::geometry::{Geometry, MAX_SQUARES};
use crate::rules::kind_info::KindInfo;
use crate::rules::piece::Kind;
use crate::rules::square::{Color, Square};

/// One rider direction with a range, from every square.
#[derive(Debug)]
pub struct RayTable {
    /// The direction's index into `Rays::full`.
    pub dir: usize,
    /// Squares grow along the ray, so the nearest blocker is the lowest bit.
    pub positive: bool,
}

/// All ray tables of a variant, shared by every piece. Per-square tables
/// are flat, `MAX_SQUARES` entries per ray or direction: one bounds check
/// and one load on the hot path instead of two indirections.
#[derive(Debug, Default)]
pub struct Rays {
    dirs: Vec<(i8, i8)>,
    /// Unlimited ray per direction, per square (used to cut a ray behind a
    /// blocker): entry `dir * MAX_SQUARES + sq`.
    full: Vec<Bitboard>,
    tables: Vec<(i8, i8, Option<u8>)>,
    rays: Vec<RayTable>,
    /// The squares of ray `id` from `sq`: entry `id * MAX_SQUARES + sq`.
    masks: Vec<Bitboard>,
    /// Lines (a direction and its opposite, one range): per square, the
    /// line's squares below it and above it in index order.
    line_keys: Vec<(i8, i8, Option<u8>)>,
    /// Flat: line `id` of square `sq` is entry `id * MAX_SQUARES + sq`
    /// (one bounds check on the hot path instead of two indirections).
    lines: Vec<[Bitboard; 2]>,
}

impl Rays {
    fn ray_mask(geometry: &Geometry, sq: Square, v: (i8, i8), limit: Option<u8>) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        let mut cur = sq;
        let mut steps = 0u32;
        while limit.is_none_or(|l| steps < l as u32) {
            match geometry.offset(cur, v.0 as i32, v.1 as i32) {
                Some(next) => {
                    bb.insert(next);
                    cur = next;
                    steps += 1;
                }
                None => break,
            }
        }
        bb
    }

    /// The id of the ray table for vector `v` with range `limit`, made on first use.
    pub fn id(&mut self, geometry: &Geometry, v: (i8, i8), limit: Option<u8>) -> usize {
        if let Some(i) = self.tables.iter().position(|&t| t == (v.0, v.1, limit)) {
            return i;
        }
        let dir = match self.dirs.iter().position(|&d| d == v) {
            Some(d) => d,
            None => {
                self.dirs.push(v);
                self.full.extend(Self::per_square(geometry, |sq| {
                    Self::ray_mask(geometry, sq, v, None)
                }));
                self.dirs.len() - 1
            }
        };
        let positive = v.1 > 0 || (v.1 == 0 && v.0 > 0);
        self.tables.push((v.0, v.1, limit));
        self.rays.push(RayTable { dir, positive });
        self.masks.extend(Self::per_square(geometry, |sq| {
            Self::ray_mask(geometry, sq, v, limit)
        }));
        self.rays.len() - 1
    }

    /// `MAX_SQUARES` entries of `f` for each square, empty off the board.
    fn per_square<'a>(
        geometry: &'a Geometry,
        f: impl Fn(Square) -> Bitboard + 'a,
    ) -> impl Iterator<Item = Bitboard> + 'a {
        (0..MAX_SQUARES).map(move |s| match s < geometry.cells() {
            true => f(Square(s as u8)),
            false => Bitboard::EMPTY,
        })
    }

    /// The id of the line table for `v` and `-v` with range `limit`.
    pub fn line_id(&mut self, geometry: &Geometry, v: (i8, i8), limit: Option<u8>) -> usize {
        let key = if v.1 > 0 || (v.1 == 0 && v.0 > 0) {
            (v.0, v.1, limit)
        } else {
            (-v.0, -v.1, limit)
        };
        if let Some(i) = self.line_keys.iter().position(|&k| k == key) {
            return i;
        }
        let up = (key.0, key.1);
        let down = (-key.0, -key.1);
        self.line_keys.push(key);
        self.lines.extend((0..MAX_SQUARES).map(|s| {
            let sq = Square(s as u8);
            if s >= geometry.cells() {
                return [Bitboard::EMPTY; 2];
            }
            [
                Self::ray_mask(geometry, sq, down, limit),
                Self::ray_mask(geometry, sq, up, limit),
            ]
        }));
        self.line_keys.len() - 1
    }

    /// The squares a slider on `sq` reaches along both directions of line
    /// `id`, up to and including the first occupied square each way. One
    /// subtraction finds both ends ("obstruction difference"): the highest
    /// blocker below and the lowest above bound the reachable span.
    #[inline(always)]
    pub fn slide(&self, id: usize, sq: Square, occupied: Bitboard) -> Bitboard {
        let [below, above] = self.lines[id * MAX_SQUARES + sq.index()];
        let lower = (below & occupied).0;
        let upper = (above & occupied).0;
        let low_end = if lower == 0 {
            1
        } else {
            1u128 << (127 - lower.leading_zeros())
        };
        let span = upper ^ upper.wrapping_sub(low_end);
        Bitboard((below.0 | above.0) & span)
    }

    /// The squares a rider on `sq` reaches along ray `id`: up to and including
    /// the first occupied square.
    #[inline(always)]
    pub fn ride(&self, id: usize, sq: Square, occupied: Bitboard) -> Bitboard {
        let mask = self.mask(id, sq);
        let blockers = mask & occupied;
        if blockers.is_empty() {
            return mask;
        }
        let r = &self.rays[id];
        let b = if r.positive {
            blockers.first()
        } else {
            blockers.last()
        };
        mask & !self.full(r.dir, b)
    }

    /// The first occupied square along ray `id` from `sq`, if any in range.
    #[inline(always)]
    pub fn first_blocker(&self, id: usize, sq: Square, occupied: Bitboard) -> Option<Square> {
        let blockers = self.mask(id, sq) & occupied;
        if blockers.is_empty() {
            None
        } else if self.rays[id].positive {
            Some(blockers.first())
        } else {
            Some(blockers.last())
        }
    }

    /// Every square of ray `id` from `sq`, blockers ignored.
    #[inline(always)]
    pub fn mask(&self, id: usize, sq: Square) -> Bitboard {
        self.masks[id * MAX_SQUARES + sq.index()]
    }

    /// Every square from `sq` in direction `dir`, to the board's edge.
    #[inline(always)]
    fn full(&self, dir: usize, sq: Square) -> Bitboard {
        self.full[dir * MAX_SQUARES + sq.index()]
    }

    /// The square of `bb` (a subset of one ray `id`) nearest the ray's start.
    #[inline(always)]
    pub fn nearest(&self, id: usize, bb: Bitboard) -> Square {
        if self.rays[id].positive {
            bb.first()
        } else {
            bb.last()
        }
    }

    /// The part of ray `id` from `sq` that lies beyond `b` (which is on it).
    #[inline(always)]
    pub fn beyond(&self, id: usize, sq: Square, b: Square) -> Bitboard {
        self.mask(id, sq) & self.full(self.rays[id].dir, b)
    }

    /// The part of ray `id` from `sq` up to and including `b`.
    #[inline(always)]
    pub fn up_to(&self, id: usize, sq: Square, b: Square) -> Bitboard {
        self.mask(id, sq) & !self.full(self.rays[id].dir, b)
    }
}

/// A lame leap from one square: the target and the squares that must be empty.
#[derive(Clone, Copy, Debug)]
pub struct LameLeap {
    pub to: Square,
    pub path: Bitboard,
    pub mode: Mode,
    pub initial: bool,
}

#[derive(Clone, Copy, Debug)]
pub struct RiderAtom {
    pub ray: usize,
    pub mode: Mode,
    pub initial: bool,
}

/// A rider that moves only from some squares (a mode's rank-bound atom):
/// a line (both ways, `Rays::slide`) or one ray (`Rays::ride`).
#[derive(Clone, Copy, Debug)]
pub struct BoundRider {
    pub atom: RiderAtom,
    pub line: bool,
    pub from: Bitboard,
}

/// One kind's moves for one colour.
#[derive(Debug)]
pub struct PieceTables {
    /// Plain leaps usable to move to an empty square / to capture.
    pub quiet: Box<[Bitboard]>,
    pub capture: Box<[Bitboard]>,
    /// The same for leaps allowed only while the piece has never moved.
    pub initial_quiet: Box<[Bitboard]>,
    pub initial_capture: Box<[Bitboard]>,
    pub has_initial_leaps: bool,
    /// Lame leaps per square (usually empty).
    pub lame: Box<[Vec<LameLeap>]>,
    pub has_lame: bool,
    /// Every lame leap is a first-move one (a pawn's double step).
    pub lame_only_initial: bool,
    pub riders: Vec<RiderAtom>,
    /// Riders going both ways along a line, computed as one (`Rays::slide`).
    pub sliders: Vec<RiderAtom>,
    /// Riders bound to some squares (usually none).
    pub bound: Vec<BoundRider>,
    /// The same moves, one vector at a time for all pieces of the kind at
    /// once, when the kind has only a few leaps (pawns, sergeants).
    pub bulk: Option<BulkMoves>,
}

/// A leap taken by every piece of a kind at once: shift the set of pieces.
#[derive(Debug, Clone, Copy)]
pub struct BulkLeap {
    /// Index offset of the leap (`dy * width + dx`).
    pub offset: i32,
    /// Squares from which the leap lands on a square.
    pub from: Bitboard,
    pub mode: Mode,
    pub initial: bool,
}

/// A first-move two-square step over one square that must be empty, for
/// every piece of a kind at once.
#[derive(Debug, Clone, Copy)]
pub struct BulkDoubleStep {
    /// Offset to the passed-over square; the step is twice that.
    pub half: i32,
    pub from: Bitboard,
    pub mode: Mode,
}

#[derive(Debug, Clone, Default)]
pub struct BulkMoves {
    pub leaps: Vec<BulkLeap>,
    pub double_steps: Vec<BulkDoubleStep>,
}

/// Most leap vectors a kind may have to be generated in bulk: beyond this
/// one lookup a piece is cheaper than one shift a vector.
const MAX_BULK_VECTORS: usize = 4;

impl BulkMoves {
    /// The bulk form of a kind's atoms, if it has one: leaps only, few
    /// vectors, no two atoms reaching the same square the same way (bulk
    /// generation cannot merge duplicates as a per-piece target set does).
    fn compile(geometry: &Geometry, atoms: &[Atom], color: Color) -> Option<BulkMoves> {
        if atoms.iter().any(|a| a.ranks.is_some()) {
            return None;
        }
        let mut bulk = BulkMoves::default();
        let mut seen: Vec<((i8, i8), Mode)> = Vec::new();
        for atom in atoms {
            if atom.reach != Reach::Leap {
                return None;
            }
            for &v in &atom.vectors {
                let v = oriented(v, color);
                let clash = seen.iter().any(|&(w, m)| {
                    w == v
                        && (m == atom.mode
                            || m == Mode::MoveAndCapture
                            || atom.mode == Mode::MoveAndCapture)
                });
                if clash {
                    return None;
                }
                seen.push((v, atom.mode));
                let offset = v.1 as i32 * geometry.width() as i32 + v.0 as i32;
                let mut from = Bitboard::EMPTY;
                for sq in geometry.squares() {
                    if geometry.offset(sq, v.0 as i32, v.1 as i32).is_none() {
                        continue;
                    }
                    if atom.lame {
                        let half = (v.0 / 2, v.1 / 2);
                        if geometry.offset(sq, half.0 as i32, half.1 as i32).is_some() {
                            from.insert(sq);
                        }
                    } else {
                        from.insert(sq);
                    }
                }
                if atom.lame {
                    // Only a straight two-step over its midpoint, first move only.
                    let straight_two = (v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs())
                        && v.0.abs().max(v.1.abs()) == 2;
                    if !straight_two || !atom.initial || atom.mode != Mode::MoveOnly {
                        return None;
                    }
                    bulk.double_steps.push(BulkDoubleStep {
                        half: offset / 2,
                        from,
                        mode: atom.mode,
                    });
                } else {
                    bulk.leaps.push(BulkLeap {
                        offset,
                        from,
                        mode: atom.mode,
                        initial: atom.initial,
                    });
                }
            }
        }
        let vectors = bulk.leaps.len() + bulk.double_steps.len();
        (vectors > 0 && vectors <= MAX_BULK_VECTORS).then_some(bulk)
    }
}

/// Moves every square of `bb` by `offset` cells.
#[inline(always)]
pub fn shift(bb: Bitboard, offset: i32) -> Bitboard {
    if offset >= 0 {
        Bitboard(bb.0 << offset)
    } else {
        Bitboard(bb.0 >> -offset)
    }
}

/// The squares a lame leap of vector `v` from `sq` passes over, or `None`
/// if one of them is off the board (which blocks the leap).
fn lame_path_squares(geometry: &Geometry, sq: Square, v: (i8, i8)) -> Option<Bitboard> {
    let mut path = Bitboard::EMPTY;
    for (px, py) in lame_path(v).unwrap_or_default() {
        path.insert(geometry.offset(sq, px as i32, py as i32)?);
    }
    Some(path)
}

/// The rank of `sq` counted from `color`'s side.
fn own_rank(geometry: &Geometry, sq: Square, color: Color) -> u8 {
    match color {
        Color::White => geometry.rank_of(sq),
        Color::Black => geometry.height() - 1 - geometry.rank_of(sq),
    }
}

/// The squares on which `atom` applies for `color`.
fn atom_squares(geometry: &Geometry, atom: &Atom, color: Color) -> Bitboard {
    geometry
        .squares()
        .filter(|&sq| atom.applies_on(own_rank(geometry, sq, color)))
        .fold(Bitboard::EMPTY, |b, sq| b | Bitboard::from_square(sq))
}

/// The vector as seen by `color`: Black's forward is White's backward.
fn oriented(v: (i8, i8), color: Color) -> (i8, i8) {
    match color {
        Color::White => v,
        Color::Black => (v.0, -v.1),
    }
}

impl PieceTables {
    pub fn compile(geometry: &Geometry, rays: &mut Rays, atoms: &[Atom], color: Color) -> Self {
        let n = geometry.cells();
        let mut t = PieceTables {
            quiet: vec![Bitboard::EMPTY; n].into(),
            capture: vec![Bitboard::EMPTY; n].into(),
            initial_quiet: vec![Bitboard::EMPTY; n].into(),
            initial_capture: vec![Bitboard::EMPTY; n].into(),
            has_initial_leaps: false,
            lame: vec![Vec::new(); n].into(),
            has_lame: false,
            lame_only_initial: atoms.iter().all(|a| !a.lame || a.initial),
            riders: Vec::new(),
            sliders: Vec::new(),
            bound: Vec::new(),
            bulk: BulkMoves::compile(geometry, atoms, color),
        };
        for atom in atoms {
            let squares = atom_squares(geometry, atom, color);
            for &v in &atom.vectors {
                let v = oriented(v, color);
                match atom.reach {
                    Reach::Ride(limit) => t.add_rider(geometry, rays, atom, v, limit, color),
                    Reach::Leap => t.add_leaps(geometry, atom, v, squares),
                }
            }
        }
        t
    }

    /// The rider of `atom` along `v` (as seen by `color`): a line when the
    /// atom also rides the opposite way (taken once, from its positive
    /// direction), bound when the atom applies on some ranks only.
    fn add_rider(
        &mut self,
        geometry: &Geometry,
        rays: &mut Rays,
        atom: &Atom,
        v: (i8, i8),
        limit: Option<u8>,
        color: Color,
    ) {
        let opposite = oriented((-v.0, -v.1), color);
        let positive = v.1 > 0 || (v.1 == 0 && v.0 > 0);
        let line = atom.vectors.contains(&opposite);
        if line && !positive {
            return;
        }
        let rider = RiderAtom {
            ray: match line {
                true => rays.line_id(geometry, v, limit),
                false => rays.id(geometry, v, limit),
            },
            mode: atom.mode,
            initial: atom.initial,
        };
        match (atom.ranks.is_some(), line) {
            (true, _) => self.bound.push(BoundRider {
                atom: rider,
                line,
                from: atom_squares(geometry, atom, color),
            }),
            (false, true) => self.sliders.push(rider),
            (false, false) => self.riders.push(rider),
        }
    }

    /// The leaps of `atom` along `v` from each of `squares`: lame ones
    /// with the path that must be empty, the others into the quiet and
    /// capture tables (the first-move ones apart).
    fn add_leaps(&mut self, geometry: &Geometry, atom: &Atom, v: (i8, i8), squares: Bitboard) {
        for sq in squares {
            let Some(to) = geometry.offset(sq, v.0 as i32, v.1 as i32) else {
                continue;
            };
            if atom.lame {
                if let Some(path) = lame_path_squares(geometry, sq, v) {
                    self.has_lame = true;
                    self.lame[sq.index()].push(LameLeap {
                        to,
                        path,
                        mode: atom.mode,
                        initial: atom.initial,
                    });
                }
                continue;
            }
            let (quiet, capture) = if atom.initial {
                self.has_initial_leaps = true;
                (&mut self.initial_quiet, &mut self.initial_capture)
            } else {
                (&mut self.quiet, &mut self.capture)
            };
            if atom.mode.can_move() {
                quiet[sq.index()].insert(to);
            }
            if atom.mode.can_capture() {
                capture[sq.index()].insert(to);
            }
        }
    }
}

/// Pieces of some kinds that attack a square by leaping: `from[target]` are
/// the squares a piece of those kinds attacks `target` from.
#[derive(Debug)]
pub struct LeapAttack {
    pub from: Box<[Bitboard]>,
    pub kinds: u32,
    /// Index of `kinds` in `AttackTables::groups`.
    pub group: usize,
    pub initial: bool,
}

/// Pieces of some kinds that attack along a ray: looking from the target
/// along ray `ray`, the first piece met attacks it if it is of those kinds.
#[derive(Debug)]
pub struct RayAttack {
    pub ray: usize,
    pub kinds: u32,
    pub group: usize,
    pub initial: bool,
}

/// A ray attack from some squares only (a mode's rank-bound atom): kept
/// apart, so that the common rays' loop tests no squares.
#[derive(Debug)]
pub struct BoundRayAttack {
    pub attack: RayAttack,
    /// Squares it attacks from.
    pub from: Bitboard,
}

/// A lame leaper attacking `target` from `from` if `path` is empty.
#[derive(Debug, Clone, Copy)]
pub struct LameAttack {
    pub from: Square,
    pub path: Bitboard,
    pub kinds: u32,
    pub group: usize,
    pub initial: bool,
}

/// Everything that lets pieces of one colour attack a square.
#[derive(Debug)]
pub struct AttackTables {
    pub leaps: Vec<LeapAttack>,
    pub rays: Vec<RayAttack>,
    pub bound_rays: Vec<BoundRayAttack>,
    pub lame: Box<[Vec<LameAttack>]>,
    pub has_lame: bool,
    /// The distinct sets of kinds the entries above name: a position
    /// computes each set's pieces once, not once per entry.
    pub groups: Vec<u32>,
}

/// Most distinct attacker groups a variant may have.
pub const MAX_GROUPS: usize = 8;

impl AttackTables {
    pub fn compile(geometry: &Geometry, rays: &mut Rays, kinds: &[KindInfo], color: Color) -> Self {
        let mut tables = AttackTables {
            leaps: Vec::new(),
            rays: Vec::new(),
            bound_rays: Vec::new(),
            lame: vec![Vec::new(); geometry.cells()].into(),
            has_lame: false,
            groups: Vec::new(),
        };
        for (k, info) in kinds.iter().enumerate() {
            for initial in [false, true] {
                let attacker = Attacker {
                    bit: 1u32 << (k as Kind),
                    initial,
                };
                tables.add_kind(geometry, rays, &info.atoms, attacker, color);
            }
        }
        tables.has_lame = tables.lame.iter().any(|l| !l.is_empty());
        tables.assign_groups();
        tables
    }

    /// The attacks of one kind's capturing atoms (its first-move ones or
    /// the others): rays one by one, plain leaps as one pattern, shared
    /// with the kinds whose pattern is the same.
    fn add_kind(
        &mut self,
        geometry: &Geometry,
        rays: &mut Rays,
        atoms: &[Atom],
        attacker: Attacker,
        color: Color,
    ) {
        let mut from: Box<[Bitboard]> = vec![Bitboard::EMPTY; geometry.cells()].into();
        let mut any_leap = false;
        let capturing = atoms
            .iter()
            .filter(|a| a.initial == attacker.initial && a.mode.can_capture());
        for atom in capturing {
            let squares = atom_squares(geometry, atom, color);
            for &v in &atom.vectors {
                let v = oriented(v, color);
                match atom.reach {
                    Reach::Ride(limit) => {
                        // Seen from the target, the attacker lies the other way.
                        let id = rays.id(geometry, (-v.0, -v.1), limit);
                        let bound = atom.ranks.is_some().then_some(squares);
                        self.add_ray(id, bound, attacker);
                    }
                    Reach::Leap => {
                        any_leap |= self.add_leaps(geometry, atom, v, squares, &mut from, attacker)
                    }
                }
            }
        }
        if any_leap {
            self.add_leap_pattern(from, attacker);
        }
    }

    /// A ray attack, merged into an existing one along the same ray (and
    /// from the same squares, for a bound one).
    fn add_ray(&mut self, id: usize, bound: Option<Bitboard>, attacker: Attacker) {
        let Attacker { bit, initial } = attacker;
        let attack = RayAttack {
            ray: id,
            kinds: bit,
            group: 0,
            initial,
        };
        let same = |r: &RayAttack| r.ray == id && r.initial == initial;
        match bound {
            Some(squares) => match self
                .bound_rays
                .iter_mut()
                .find(|b| same(&b.attack) && b.from == squares)
            {
                Some(b) => b.attack.kinds |= bit,
                None => self.bound_rays.push(BoundRayAttack {
                    attack,
                    from: squares,
                }),
            },
            None => match self.rays.iter_mut().find(|r| same(r)) {
                Some(r) => r.kinds |= bit,
                None => self.rays.push(attack),
            },
        }
    }

    /// The leaps of `atom` along `v` from `squares`, seen from their
    /// targets: lame ones into the lame table, the others into `from`.
    /// Whether there was any plain leap.
    fn add_leaps(
        &mut self,
        geometry: &Geometry,
        atom: &Atom,
        v: (i8, i8),
        squares: Bitboard,
        from: &mut [Bitboard],
        attacker: Attacker,
    ) -> bool {
        let mut any_leap = false;
        for sq in squares {
            let Some(target) = geometry.offset(sq, v.0 as i32, v.1 as i32) else {
                continue;
            };
            if !atom.lame {
                from[target.index()].insert(sq);
                any_leap = true;
            } else if let Some(path) = lame_path_squares(geometry, sq, v) {
                self.lame[target.index()].push(LameAttack {
                    from: sq,
                    path,
                    kinds: attacker.bit,
                    group: 0,
                    initial: attacker.initial,
                });
            }
        }
        any_leap
    }

    /// A kind's plain leaps: kinds with the same pattern share one lookup.
    fn add_leap_pattern(&mut self, from: Box<[Bitboard]>, attacker: Attacker) {
        let Attacker { bit, initial } = attacker;
        match self
            .leaps
            .iter_mut()
            .find(|l| l.initial == initial && l.from == from)
        {
            Some(l) => l.kinds |= bit,
            None => self.leaps.push(LeapAttack {
                from,
                kinds: bit,
                group: 0,
                initial,
            }),
        }
    }

    /// Numbers the distinct sets of kinds, in the order first named.
    fn assign_groups(&mut self) {
        let mut groups: Vec<u32> = Vec::new();
        let mut group_of = |kinds: u32| match groups.iter().position(|&g| g == kinds) {
            Some(i) => i,
            None => {
                groups.push(kinds);
                groups.len() - 1
            }
        };
        for l in self.leaps.iter_mut() {
            l.group = group_of(l.kinds);
        }
        for r in self.rays.iter_mut() {
            r.group = group_of(r.kinds);
        }
        for b in self.bound_rays.iter_mut() {
            b.attack.group = group_of(b.attack.kinds);
        }
        for l in self.lame.iter_mut().flatten() {
            l.group = group_of(l.kinds);
        }
        self.groups = groups;
    }
}

/// The kind (one bit) whose attacks are being added, and whether they
/// are its first-move ones.
#[derive(Clone, Copy)]
struct Attacker {
    bit: u32,
    initial: bool,
}

/// One leg of a two-leg first move (the Eurofighter pawn's), with its
/// reverse tables for attack detection.
#[derive(Debug)]
pub struct TwoLegTables {
    pub quiet: Box<[Bitboard]>,
    pub capture: Box<[Bitboard]>,
    /// `rev_quiet[m]`: squares from which a quiet leg reaches `m`.
    pub rev_quiet: Box<[Bitboard]>,
    pub rev_capture: Box<[Bitboard]>,
    /// `reach[t]`: squares from which two legs can end in a capture on `t`
    /// (a quiet or capturing first leg, then a capture): no two-leg piece
    /// there, no two-leg attack on `t`.
    pub reach: Box<[Bitboard]>,
}

impl TwoLegTables {
    pub fn compile(geometry: &Geometry, rays: &mut Rays, atoms: &[Atom], color: Color) -> Self {
        let t = PieceTables::compile(geometry, rays, atoms, color);
        let reverse = |table: &[Bitboard]| -> Box<[Bitboard]> {
            let mut rev = vec![Bitboard::EMPTY; table.len()];
            for (from, targets) in table.iter().enumerate() {
                for to in *targets {
                    rev[to.index()].insert(Square(from as u8));
                }
            }
            rev.into()
        };
        let rev_quiet = reverse(&t.quiet);
        let rev_capture = reverse(&t.capture);
        let reach = rev_capture
            .iter()
            .map(|mids| {
                mids.fold(Bitboard::EMPTY, |r, m| {
                    r | rev_quiet[m.index()] | rev_capture[m.index()]
                })
            })
            .collect();
        TwoLegTables {
            rev_quiet,
            rev_capture,
            reach,
            quiet: t.quiet,
            capture: t.capture,
        }
    }
}
