//! Chance nodes: Star1, Star2, merged throws and plain expectimax return
//! exactly the same value at a fixed depth, with the throws at the horizon
//! shared or each searched (the two are different valuations of the
//! horizon: each is compared with itself); the table changes only the work
//! (where its entries are used, values can depend on the search order).

use menagerie::bench::{chance_positions, CHANCE_CONFIGS};
use menagerie::rules::position::Position;
use menagerie::search::{Limits, Searcher};

/// Score and nodes of a plain alpha-beta (no reductions, the table only
/// ordering moves) with the chance nodes of `config`, the horizon's throws
/// shared or not.
fn exact_search(pos: &Position, depth: u32, config: usize, share: bool) -> (i32, u64) {
    let mut s = CHANCE_CONFIGS[config].searcher(16);
    s.share_horizon = share;
    s.reductions = false;
    s.tt_cutoffs = false;
    let mut p = pos.clone();
    let r = s.search(&mut p, &Limits::depth(depth), &mut |_| {});
    (r.score, r.nodes)
}

/// Every configuration gives the expectimax value; the nodes of each.
fn agree(positions: &[Position], depth: u32, share: bool) -> Vec<u64> {
    let mut nodes = vec![0; CHANCE_CONFIGS.len()];
    for pos in positions {
        let (plain, n) = exact_search(pos, depth, 0, share);
        nodes[0] += n;
        for (c, total) in nodes.iter_mut().enumerate().skip(1) {
            let (v, n) = exact_search(pos, depth, c, share);
            assert_eq!(
                v,
                plain,
                "{} at depth {depth}: {}",
                CHANCE_CONFIGS[c].name,
                pos.to_fen()
            );
            *total += n;
        }
    }
    for (c, n) in CHANCE_CONFIGS.iter().zip(&nodes) {
        eprintln!("depth {depth} share {share} {}: {n} nodes", c.name);
    }
    nodes
}

#[test]
fn star1_star2_and_merging_return_the_expectimax_value_at_depth_1() {
    let positions = chance_positions();
    assert_eq!(positions.len(), 20);
    let nodes = agree(&positions, 1, false);
    assert!(nodes[1] < nodes[0], "Star1 prunes");
    // Shared, the horizon's throws are valued outright: nothing to prune.
    agree(&positions, 1, true);
}

#[test]
fn star1_star2_and_merging_return_the_expectimax_value_at_depth_2() {
    // The Carnival position quickest to search, every Truffle Hunt one.
    let positions = chance_positions();
    let picked: Vec<Position> = [3, 14, 15, 16, 17, 18, 19]
        .iter()
        .map(|&i| positions[i].clone())
        .collect();
    for share in [false, true] {
        let nodes = agree(&picked, 2, share);
        assert!(nodes[2] < nodes[1], "Star2 prunes more than Star1");
        assert!(nodes[1] < nodes[0], "Star1 prunes");
    }
}

#[test]
#[ignore = "long: expectimax at depth 3 in five configurations (12 s)"]
fn truffle_hunt_agrees_at_depth_3() {
    let positions = chance_positions();
    agree(&positions[14..], 3, true);
}

#[test]
fn sharing_the_horizon_changes_nothing_where_throws_change_the_board() {
    // A truffle throw moves pigs and wakes pieces: no two children differ
    // in a leaper only, so the same search is made: same value, same nodes.
    for pos in &chance_positions()[14..] {
        for depth in [1, 2] {
            let shared = exact_search(pos, depth, 4, true);
            let each = exact_search(pos, depth, 4, false);
            assert_eq!(shared, each, "depth {depth}: {}", pos.to_fen());
        }
    }
}

#[test]
fn sharing_the_horizon_in_carnival_is_cheaper_and_close() {
    // The children differ in the thrower's leaper: one quiescence search
    // stands for the others. The value moves little; the work shrinks.
    let positions = chance_positions();
    let (mut shared_nodes, mut each_nodes) = (0, 0);
    for pos in &positions[..14] {
        let (shared, n) = exact_search(pos, 1, 4, true);
        let (each, m) = exact_search(pos, 1, 4, false);
        shared_nodes += n;
        each_nodes += m;
        assert!(
            (shared - each).abs() <= 25,
            "shared {shared}, each {each}: {}",
            pos.to_fen()
        );
    }
    assert!(
        2 * shared_nodes < each_nodes,
        "{shared_nodes} nodes shared, {each_nodes} each"
    );
}

#[test]
fn the_table_changes_the_work_not_the_value_at_depth_1() {
    for pos in chance_positions() {
        let (v, _) = exact_search(&pos, 1, 4, true);
        let mut s = Searcher::new(16);
        s.reductions = false;
        let mut p = pos.clone();
        let r = s.search(&mut p, &Limits::depth(1), &mut |_| {});
        assert_eq!(r.score, v, "{}", pos.to_fen());
    }
}

/// Nodes of a depth-`depth` search of `variant` after `moves`, with every
/// forward pruning on but what `off` switches off.
fn pruned_nodes(variant: &str, moves: &str, depth: u32, off: fn(&mut Searcher)) -> u64 {
    let v = menagerie::rules::variants::load(variant).expect("variant");
    let mut pos = Position::startpos(v);
    for text in moves.split_whitespace() {
        pos.play_action_text(text).expect("a legal action");
    }
    let mut s = Searcher::new(16);
    off(&mut s);
    s.search(&mut pos, &Limits::depth(depth), &mut |_| {}).nodes
}

/// Army Orientation's first four openings, as moves.
fn army_openings() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openings/armyorientation.txt");
    let text = std::fs::read_to_string(path).expect("the openings");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .take(4)
        .map(|l| l.trim_start_matches("startpos moves ").to_string())
        .collect()
}

fn nothing_off(_: &mut Searcher) {}

#[test]
fn chance_probcut_cuts_throws_where_every_move_throws() {
    // The shallower searches cost less than the throws they cut (under
    // three quarters of the nodes at depth 3).
    let (mut with, mut without) = (0, 0);
    for moves in army_openings() {
        with += pruned_nodes("armyorientation", &moves, 3, nothing_off);
        without += pruned_nodes("armyorientation", &moves, 3, |s| s.chance_probcut = false);
    }
    assert!(
        4 * with < 3 * without,
        "{with} nodes with it, {without} without"
    );
}

#[test]
fn dice_pieces_are_pruned_where_the_game_asks() {
    // Every Army Orientation piece is a dice piece: without the switch its
    // weights set, futility and move-count pruning never act there.
    let (mut with, mut without) = (0, 0);
    for moves in army_openings() {
        with += pruned_nodes("armyorientation", &moves, 3, nothing_off);
        without += pruned_nodes("armyorientation", &moves, 3, |s| {
            s.dice_piece_pruning = false
        });
    }
    assert!(
        20 * with < 19 * without,
        "{with} nodes with it, {without} without"
    );
}

#[test]
fn search_switches_act_only_where_a_game_sets_them() {
    // Piece Orientation's weights set no ChanceProbCut margin and do not
    // ask to prune dice pieces: the same tree either way.
    let moves = "b1c3 roll:5:3 b7b6 roll:6:5 g2g3,g3g4 roll:4:2 e7e6,e6e5 roll:2:5";
    let with = pruned_nodes("pieceorientation", moves, 4, nothing_off);
    let without = pruned_nodes("pieceorientation", moves, 4, |s| s.chance_probcut = false);
    assert_eq!(with, without);
    let without = pruned_nodes("pieceorientation", moves, 4, |s| {
        s.dice_piece_pruning = false
    });
    assert_eq!(with, without, "nor does it ask to prune dice pieces");
}
