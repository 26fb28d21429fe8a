//! The command line of `menagerie match`: the arguments, and the engine
//! definitions `--engine cmd=... proto=uci|xboard name=... option.K=V`.

use super::clock::{parse_tc, Limits};
use super::dialect::Dialect;
use super::stats::Sprt;

/// How the referee talks to an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Xboard,
}

/// One engine of the match, as given with `--engine`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// `name=`, else the name the engine gives (`id name`, `myname`), else
    /// the program's file name.
    pub name: String,
    /// The name came from `name=`.
    pub named: bool,
    pub program: String,
    pub args: Vec<String>,
    pub dir: Option<String>,
    pub protocol: Protocol,
    /// Options in the order given (`option.Hash=64`): UCI `setoption`,
    /// XBoard `option NAME=VALUE`.
    pub options: Vec<(String, String)>,
    /// Limits of its own (`tc=`, `movetime=`, `depth=`, `nodes=`); when any
    /// is given the match's limits do not apply to this engine.
    pub limits: Limits,
    /// `notation=fsf|ours`: how it writes our moves; `None` decides from
    /// its name (Fairy-Stockfish writes its own, see `dialect`).
    pub notation: Option<Dialect>,
    /// `variant=NAME`: its name for the game (UCI_Variant), when it is not
    /// ours (`menagerie-hubbub` from scripts/fsf/hubbub.ini).
    pub variant: Option<String>,
    /// `promotion=with-move`: in a game whose promotions wait for the
    /// throw it writes and reads a promotion with its piece (`a7a8q`), as
    /// engines that know only the older reading do (UCI only).
    pub promotion_with_move: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

fn number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, SpecError> {
    value
        .parse()
        .map_err(|_| SpecError(format!("{key}={value}: not a number")))
}

impl EngineSpec {
    /// Parses the `KEY=VALUE` words of one `--engine`. `cmd` may hold the
    /// program and its arguments separated by spaces; `arg=` adds one
    /// argument (with spaces kept).
    pub fn parse(words: &[String]) -> Result<EngineSpec, SpecError> {
        let mut spec = EngineSpec {
            name: String::new(),
            named: false,
            program: String::new(),
            args: Vec::new(),
            dir: None,
            protocol: Protocol::Uci,
            options: Vec::new(),
            limits: Limits::default(),
            notation: None,
            variant: None,
            promotion_with_move: false,
        };
        let mut cmd: Option<Vec<String>> = None;
        let mut extra = Vec::new();
        let mut name = None;
        for word in words {
            let Some((key, value)) = word.split_once('=') else {
                return Err(SpecError(format!(
                    "'{word}' in --engine is not KEY=VALUE (keys: cmd, arg, dir, name, proto, option.NAME, tc, movetime, depth, nodes, notation, variant, promotion)"
                )));
            };
            match key {
                "cmd" => {
                    let parts: Vec<String> = value.split_whitespace().map(String::from).collect();
                    if parts.is_empty() {
                        return Err(SpecError("cmd= is empty".to_string()));
                    }
                    cmd = Some(parts);
                }
                "arg" => extra.push(value.to_string()),
                "name" => name = Some(value.to_string()),
                _ => spec.set(key, value)?,
            }
        }
        let Some(mut parts) = cmd else {
            return Err(SpecError("--engine needs cmd=PROGRAM".to_string()));
        };
        spec.program = parts.remove(0);
        parts.extend(extra);
        spec.args = parts;
        spec.named = name.is_some();
        spec.name = name.unwrap_or_else(|| {
            std::path::Path::new(&spec.program)
                .file_name()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_else(|| spec.program.clone())
        });
        Ok(spec)
    }

    /// One `KEY=VALUE` word other than the command and the name.
    fn set(&mut self, key: &str, value: &str) -> Result<(), SpecError> {
        match key {
            "dir" => self.dir = Some(value.to_string()),
            "proto" => self.protocol = parse_protocol(value)?,
            "notation" => self.notation = Some(parse_notation(value)?),
            "variant" if value.is_empty() => {
                return Err(SpecError("variant= is empty".to_string()))
            }
            "variant" => self.variant = Some(value.to_string()),
            "promotion" => self.promotion_with_move = parse_promotion(value)?,
            "tc" => self.limits.clock = Some(parse_tc(value).map_err(|e| SpecError(e.0))?),
            "movetime" => self.limits.movetime = Some(number(key, value)?),
            "depth" => self.limits.depth = Some(number(key, value)?),
            "nodes" => self.limits.nodes = Some(number(key, value)?),
            _ => match key.strip_prefix("option.") {
                Some(opt) if !opt.is_empty() => {
                    self.options.push((opt.to_string(), value.to_string()))
                }
                _ => return Err(SpecError(format!("unknown key '{key}' in --engine"))),
            },
        }
        Ok(())
    }
}

fn parse_protocol(value: &str) -> Result<Protocol, SpecError> {
    match value {
        "uci" => Ok(Protocol::Uci),
        "xboard" | "cecp" => Ok(Protocol::Xboard),
        _ => Err(SpecError(format!(
            "proto={value}: the protocols are uci and xboard"
        ))),
    }
}

/// `promotion=with-move` (true) or `after-throw`.
fn parse_promotion(value: &str) -> Result<bool, SpecError> {
    match value {
        "with-move" => Ok(true),
        "after-throw" => Ok(false),
        _ => Err(SpecError(format!(
            "promotion={value}: with-move or after-throw"
        ))),
    }
}

fn parse_notation(value: &str) -> Result<Dialect, SpecError> {
    match value {
        "fsf" => Ok(Dialect::Fsf),
        "ours" | "menagerie" => Ok(Dialect::Ours),
        _ => Err(SpecError(format!(
            "notation={value}: the notations are fsf and ours"
        ))),
    }
}

/// `menagerie match`: play engines against each other, the referee owning
/// the rules, the clocks and the dice.
#[derive(clap::Args, Debug, Clone)]
pub struct MatchArgs {
    /// The words of each `--engine` (filled by `MatchCommand`).
    #[arg(skip)]
    pub engine: Vec<Vec<String>>,
    /// The game.
    /// The game: a built-in one or one of `--variants` (`menagerie variants` lists them).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Number of games, at least one (rounded up to whole pairs).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// Seed of the dice (and of `--make-openings`): a seed replays a match.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Start positions, one a line (`startpos moves ...`, `fen FEN [moves ...]`
    /// or a bare FEN); pair k plays line k (cycling). Default: the start.
    #[arg(long)]
    pub openings: Option<String>,
    /// Games played at once (each on its own thread).
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Sudden death with increment, in seconds: `10+0.1`.
    #[arg(long)]
    pub tc: Option<String>,
    /// Fixed time per move in milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Search depth per move.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Nodes per move (UCI engines).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Milliseconds an answer may exceed its clock or time per move before
    /// the flag falls.
    #[arg(long, default_value_t = 100)]
    pub timemargin: u64,
    /// Milliseconds to wait for an untimed (depth / nodes) answer before
    /// the engine counts as silent and loses.
    #[arg(long, default_value_t = 60_000)]
    pub move_timeout: u64,
    /// Adjudicate a draw once the engines have made this many moves.
    #[arg(long)]
    pub max_plies: Option<u32>,
    /// Write the games here (PGN, in game order).
    #[arg(long)]
    pub pgn: Option<String>,
    /// Go on with an interrupted match: keep the games already in the
    /// --pgn file (whole pairs, checked to be this match's: engines, seed,
    /// game) and play the others. Without the file, the match starts.
    #[arg(long)]
    pub resume: bool,
    /// Play only slice K of N of the match (`2/4`): whole pairs, each game
    /// as the single run would play it; `menagerie pool` merges the
    /// slices' PGN files into the match (docs/match.md).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Log every line sent to and received from the engines.
    #[arg(long)]
    pub log: Option<String>,
    /// Stop when a sequential test decides: `elo0=0 elo1=10 [alpha=0.05 beta=0.05]`.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub sprt: Option<Vec<String>>,
    /// Instead of a match: write N openings for --variant (random walks of
    /// --opening-plies moves kept when a shallow search finds them balanced).
    #[arg(long, value_name = "N")]
    pub make_openings: Option<usize>,
    /// Moves in each generated opening.
    #[arg(long, default_value_t = 8)]
    pub opening_plies: u32,
    /// Depth of the search that filters generated openings.
    #[arg(long, default_value_t = 3)]
    pub opening_depth: u32,
    /// Largest score (centipawns, either side) a generated opening may have.
    #[arg(long, default_value_t = 120)]
    pub opening_margin: i32,
    /// Where generated openings go (default: standard output).
    #[arg(long)]
    pub out: Option<String>,
}

/// `MatchArgs` with the `--engine` words kept apart per occurrence (clap's
/// derive flattens a repeated multi-word option).
#[derive(Debug, Clone)]
pub struct MatchCommand(pub MatchArgs);

const ENGINE_HELP: &str = "An engine: cmd=PROGRAM [arg=ARG ...] [proto=uci|xboard] [name=NAME] \
[option.NAME=VALUE ...] [tc=B+I] [movetime=MS] [depth=N] [nodes=N] [notation=fsf|ours] \
[variant=ITS_NAME] [promotion=with-move]. Give it twice.";

impl clap::FromArgMatches for MatchCommand {
    fn from_arg_matches(m: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let mut args = MatchArgs::from_arg_matches(m)?;
        args.engine = m
            .get_occurrences::<String>("engine")
            .map(|occ| occ.map(|words| words.cloned().collect()).collect())
            .unwrap_or_default();
        Ok(MatchCommand(args))
    }

    fn update_from_arg_matches(&mut self, m: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl clap::Args for MatchCommand {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        MatchArgs::augment_args(
            cmd.arg(
                clap::Arg::new("engine")
                    .long("engine")
                    .num_args(1..)
                    .action(clap::ArgAction::Append)
                    .value_name("KEY=VALUE")
                    .help(ENGINE_HELP),
            ),
        )
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl MatchArgs {
    /// The match's own limits (from --tc, --movetime, --depth, --nodes).
    pub fn limits(&self) -> Result<Limits, SpecError> {
        Ok(Limits {
            clock: match &self.tc {
                Some(t) => Some(parse_tc(t).map_err(|e| SpecError(e.0))?),
                None => None,
            },
            movetime: self.movetime,
            depth: self.depth,
            nodes: self.nodes,
        })
    }

    pub fn sprt(&self) -> Result<Option<Sprt>, SpecError> {
        parse_sprt(self.sprt.as_deref())
    }
}

/// `--sprt`'s words, `elo0=0 elo1=10 [alpha=0.05 beta=0.05]`; `None`
/// when not given.
pub fn parse_sprt(words: Option<&[String]>) -> Result<Option<Sprt>, SpecError> {
    let Some(words) = words else {
        return Ok(None);
    };
    let mut s = Sprt {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
    };
    for w in words {
        let Some((k, v)) = w.split_once('=') else {
            return Err(SpecError(format!("--sprt: '{w}' is not KEY=VALUE")));
        };
        let x: f64 = number(k, v)?;
        match k {
            "elo0" => s.elo0 = x,
            "elo1" => s.elo1 = x,
            "alpha" => s.alpha = x,
            "beta" => s.beta = x,
            _ => return Err(SpecError(format!("--sprt: unknown key '{k}'"))),
        }
    }
    if s.elo1 <= s.elo0 || !(0.0..0.5).contains(&s.alpha) || !(0.0..0.5).contains(&s.beta) {
        return Err(SpecError(
            "--sprt needs elo0 < elo1 and 0 < alpha, beta < 0.5".to_string(),
        ));
    }
    if s.alpha <= 0.0 || s.beta <= 0.0 {
        return Err(SpecError(
            "--sprt: alpha and beta must be above 0".to_string(),
        ));
    }
    Ok(Some(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split(' ').map(String::from).collect()
    }

    #[test]
    fn engine_specs_parse() {
        let e = EngineSpec::parse(&words(
            "cmd=/usr/games/fairy-stockfish proto=uci option.Hash=64 option.VariantPath=/x/v.ini name=FSF depth=3",
        ))
        .unwrap();
        assert_eq!(e.name, "FSF");
        assert_eq!(e.program, "/usr/games/fairy-stockfish");
        assert_eq!(e.protocol, Protocol::Uci);
        assert_eq!(
            e.options,
            vec![
                ("Hash".to_string(), "64".to_string()),
                ("VariantPath".to_string(), "/x/v.ini".to_string())
            ]
        );
        assert_eq!(e.limits.depth, Some(3));
        assert_eq!((e.notation, e.variant), (None, None));
        let e = EngineSpec::parse(&words(
            "cmd=fsf notation=fsf variant=menagerie-hubbub option.VariantPath=h.ini",
        ))
        .unwrap();
        assert_eq!(e.notation, Some(Dialect::Fsf));
        assert_eq!(e.variant.as_deref(), Some("menagerie-hubbub"));
        let e =
            EngineSpec::parse(&words("cmd=/usr/games/fairymax proto=xboard tc=10+0.1")).unwrap();
        assert_eq!(e.name, "fairymax");
        assert_eq!(e.protocol, Protocol::Xboard);
        assert_eq!(e.limits.clock, Some((10_000, 100)));
        let with_args = EngineSpec::parse(&["cmd=./menagerie uci".to_string()]).unwrap();
        assert_eq!(with_args.args, vec!["uci".to_string()]);
        let e = EngineSpec::parse(&words(
            "arg=-x cmd=./e arg=two dir=/tmp proto=cecp movetime=50 nodes=900 promotion=with-move",
        ))
        .unwrap();
        assert_eq!((e.program.as_str(), e.named), ("./e", false));
        assert_eq!(e.args, vec!["-x".to_string(), "two".to_string()]);
        assert_eq!(e.dir.as_deref(), Some("/tmp"));
        assert_eq!(e.protocol, Protocol::Xboard);
        assert_eq!((e.limits.movetime, e.limits.nodes), (Some(50), Some(900)));
        assert!(e.promotion_with_move);
        let e = EngineSpec::parse(&words("cmd=e promotion=after-throw name=x")).unwrap();
        assert!(!e.promotion_with_move && e.named);
        for bad in [
            "proto=uci",
            "cmd=x proto=winboard",
            "cmd=x depth=a",
            "cmd=x foo=1",
            "cmd=x nokey",
            "cmd=x notation=san",
            "cmd=x variant=",
            "cmd=",
            "cmd=x option.=1",
            "cmd=x promotion=never",
            "cmd=x tc=fast",
        ] {
            assert!(EngineSpec::parse(&words(bad)).is_err(), "{bad}");
        }
    }
}
