//! A `go`'s limits checked before the search: one missing, unreadable or
//! out of range is reported by name and replaced by its smallest sensible
//! value, so that every `go` is answered with a `bestmove` that the search
//! reaches by itself (a GUI waits for it; a limit merely dropped could
//! leave a search without end).

use engine_protocol::uci::GoParams;

/// The limits of `params` made sound, and what was wrong with them, one
/// message a problem.
pub(super) fn checked(params: &GoParams) -> (GoParams, Vec<String>) {
    let mut go = params.clone();
    let mut problems = Vec::new();
    for bad in std::mem::take(&mut go.bad_limits) {
        let instead = smallest(&bad.keyword, &mut go);
        problems.push(format!("{}; {instead}", bad.error));
    }
    out_of_range(&mut go, &mut problems);
    for token in std::mem::take(&mut go.ignored) {
        problems.push(format!("go: '{token}' is not a limit; ignored"));
    }
    (go, problems)
}

/// Sets the limit `keyword` to its smallest; what the search does then.
fn smallest(keyword: &str, go: &mut GoParams) -> &'static str {
    match keyword {
        "depth" => {
            go.depth = Some(1);
            "searching to depth 1"
        }
        "nodes" => {
            go.nodes = Some(1);
            "searching as few nodes as it can"
        }
        "movetime" => {
            go.movetime = Some(1);
            "searching 1 ms"
        }
        "mate" => {
            go.mate = Some(1);
            "searching for a mate in 1"
        }
        "wtime" => {
            go.wtime = Some(0);
            "White's clock taken as empty"
        }
        "btime" => {
            go.btime = Some(0);
            "Black's clock taken as empty"
        }
        "winc" => {
            go.winc = None;
            "no increment"
        }
        "binc" => {
            go.binc = None;
            "no increment"
        }
        "movestogo" => {
            go.movestogo = None;
            "the clock taken as sudden death"
        }
        _ => "nothing counted",
    }
}

/// Limits that were read but cannot be meant: a depth, node count, time
/// or mate of 0, a negative increment, no moves to go. (A negative clock
/// is no problem: GUIs send one once it has run out; it counts as 0.)
fn out_of_range(go: &mut GoParams, problems: &mut Vec<String>) {
    let is_zero = |v: Option<u64>| (v == Some(0)).then_some(0i64);
    let wrong = [
        ("depth", is_zero(go.depth.map(u64::from))),
        ("nodes", is_zero(go.nodes)),
        ("movetime", is_zero(go.movetime)),
        ("mate", is_zero(go.mate.map(u64::from))),
        ("movestogo", is_zero(go.movestogo.map(u64::from))),
        ("winc", go.winc.filter(|&n| n < 0)),
        ("binc", go.binc.filter(|&n| n < 0)),
    ];
    for (keyword, value) in wrong {
        if let Some(value) = value {
            let instead = smallest(keyword, go);
            problems.push(format!("go {keyword} {value} is out of range; {instead}"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine_protocol::{parse_uci, UciCommand};

    fn check(line: &str) -> (GoParams, Vec<String>) {
        match parse_uci(line) {
            Ok(UciCommand::Go(params)) => checked(&params),
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn sound_limits_pass_unchanged() {
        let line = "go wtime -5 btime 1000 winc 0 binc 10 movestogo 3 depth 4 nodes 9";
        let (go, problems) = check(line);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(format!("go{go}"), line);
    }

    #[test]
    fn bad_limits_become_their_smallest_and_are_named() {
        let (go, problems) = check("go depth -1 nodes 0 movetime x mate 0 frob");
        assert_eq!(
            (go.depth, go.nodes, go.movetime, go.mate),
            (Some(1), Some(1), Some(1), Some(1))
        );
        assert_eq!(
            problems,
            [
                "Invalid number for 'go depth': '-1'; searching to depth 1",
                "Invalid number for 'go movetime': 'x'; searching 1 ms",
                "go nodes 0 is out of range; searching as few nodes as it can",
                "go mate 0 is out of range; searching for a mate in 1",
                "go: 'frob' is not a limit; ignored",
            ]
        );
        let (go, problems) = check("go wtime x btime 5 winc -1 binc y movestogo 0");
        assert_eq!(
            (go.wtime, go.btime, go.winc, go.binc, go.movestogo),
            (Some(0), Some(5), None, None, None)
        );
        assert_eq!(problems.len(), 4, "{problems:?}");
    }
}
