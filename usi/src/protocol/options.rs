//! The engine options a GUI sees after `usi` and sets with `setoption`:
//! declared once in a table, validated and clamped on the way in.

use std::fmt::Write;
use yomi_play::{SearchParams, TUNABLES};
use yomi_tree::BranchLimit;

/// Research or play: the search's mode (`SearchMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    Play,
    Research,
}

/// How threads beyond the first search in play mode (`ParallelMethod`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Method {
    /// Every thread searches the root, sharing the table.
    LazySmp,
    /// The paper's master and workers, the root's moves as tasks.
    MasterWorker,
    /// Not alpha-beta: seed 001's UCT-Treesplit, Monte-Carlo tree search
    /// with the tree spread over the threads.
    UctTreesplit,
}

/// The option values the engine runs with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Options {
    pub hash_mb: usize,
    pub ponder: bool,
    pub threads: usize,
    pub branch_limit: BranchLimit,
    pub multipv: usize,
    /// 0: no limit.
    pub depth_limit: u32,
    /// 0: no limit.
    pub nodes_limit: u64,
    /// The game is drawn after this many moves (YaneuraOu's
    /// `MaxMovesToDraw`); 0: no limit.
    pub max_moves_to_draw: u32,
    pub mode: Mode,
    pub method: Method,
    /// Kept back from every time budget for transmission and GUI delays.
    pub margin_ms: u64,
    /// The folder of `nn.bin` (relative: to the binary's folder).
    pub eval_dir: String,
    /// The divisor of the net's output (YaneuraOu's FV_SCALE).
    pub fv_scale: i32,
    /// The play search's margins and reductions: options of their own
    /// only when listed (`yomi usi --search-params`, for tuning).
    pub search_params: SearchParams,
    pub search_params_listed: bool,
}

enum Kind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check {
        default: bool,
    },
    Combo {
        default: &'static str,
        values: &'static [&'static str],
    },
    /// Free text (a path).
    Text {
        default: &'static str,
    },
    /// An action, no value (the session carries it out).
    Button,
}

struct Spec {
    name: &'static str,
    kind: Kind,
}

/// The button that empties the table.
pub(super) const CLEAR_HASH: &str = "Clear Hash";

const SPECS: &[Spec] = &[
    Spec {
        name: "USI_Hash",
        kind: Kind::Spin {
            default: 256,
            min: 1,
            max: 65536,
        },
    },
    // The usual button of that name: the table emptied now (SPSA runs
    // ask for it between their games).
    Spec {
        name: CLEAR_HASH,
        kind: Kind::Button,
    },
    Spec {
        name: "USI_Ponder",
        kind: Kind::Check { default: true },
    },
    Spec {
        name: "Threads",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 1024,
        },
    },
    Spec {
        name: "BranchLimit",
        kind: Kind::Spin {
            default: 0,
            min: 0,
            max: 600,
        },
    },
    Spec {
        name: "MultiPV",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 600,
        },
    },
    Spec {
        name: "DepthLimit",
        kind: Kind::Spin {
            default: 0,
            min: 0,
            max: 200,
        },
    },
    Spec {
        name: "NodesLimit",
        kind: Kind::Spin {
            default: 0,
            min: 0,
            // 2^53 − 1: the largest integer a JavaScript GUI (ShogiHome)
            // holds exactly.
            max: (1 << 53) - 1,
        },
    },
    // YaneuraOu's name and meaning: match runners (ShogiArena) tell the
    // engine the game's move limit through it.
    Spec {
        name: "MaxMovesToDraw",
        kind: Kind::Spin {
            default: 0,
            min: 0,
            max: 100_000,
        },
    },
    Spec {
        name: "SearchMode",
        kind: Kind::Combo {
            default: "play",
            values: &["play", "research"],
        },
    },
    Spec {
        name: "ParallelMethod",
        kind: Kind::Combo {
            default: "lazy-smp",
            values: &["lazy-smp", "master-worker", "uct-treesplit"],
        },
    },
    Spec {
        name: "ByoyomiMargin",
        kind: Kind::Spin {
            default: 100,
            min: 0,
            max: 60_000,
        },
    },
    // YaneuraOu's name and default: the folder of the NNUE net `nn.bin`.
    Spec {
        name: "EvalDir",
        kind: Kind::Text { default: "eval" },
    },
    // YaneuraOu's too: the net's output is divided by it (some public nets
    // are meant for 24).
    Spec {
        name: "FV_SCALE",
        kind: Kind::Spin {
            default: 16,
            min: 1,
            max: 128,
        },
    },
];

impl Default for Options {
    fn default() -> Options {
        let mut o = Options {
            hash_mb: 0,
            ponder: false,
            threads: 0,
            branch_limit: BranchLimit::ALL,
            multipv: 0,
            depth_limit: 0,
            nodes_limit: 0,
            max_moves_to_draw: 0,
            mode: Mode::Play,
            method: Method::LazySmp,
            margin_ms: 0,
            eval_dir: String::new(),
            fv_scale: 0,
            search_params: SearchParams::default(),
            search_params_listed: false,
        };
        for spec in SPECS {
            let value = match spec.kind {
                Kind::Spin { default, .. } => default.to_string(),
                Kind::Check { default } => default.to_string(),
                Kind::Combo { default, .. } => default.to_string(),
                Kind::Text { default } => default.to_string(),
                Kind::Button => continue,
            };
            o.apply(spec, &value).expect("defaults are valid");
        }
        o
    }
}

impl Options {
    /// The defaults, with the search parameters listed as options.
    pub(super) fn listing_search_params() -> Options {
        Options {
            search_params_listed: true,
            ..Options::default()
        }
    }

    /// The `option name …` lines of the `usi` answer.
    pub(super) fn declarations(&self) -> String {
        let mut out = String::new();
        for spec in SPECS {
            let _ = match &spec.kind {
                Kind::Spin { default, min, max } => writeln!(
                    out,
                    "option name {} type spin default {default} min {min} max {max}",
                    spec.name
                ),
                Kind::Check { default } => {
                    writeln!(
                        out,
                        "option name {} type check default {default}",
                        spec.name
                    )
                }
                Kind::Combo { default, values } => {
                    let vars: Vec<String> = values.iter().map(|v| format!("var {v}")).collect();
                    writeln!(
                        out,
                        "option name {} type combo default {default} {}",
                        spec.name,
                        vars.join(" ")
                    )
                }
                Kind::Text { default } => writeln!(
                    out,
                    "option name {} type string default {default}",
                    spec.name
                ),
                Kind::Button => writeln!(out, "option name {} type button", spec.name),
            };
        }
        if self.search_params_listed {
            for t in TUNABLES {
                let _ = writeln!(
                    out,
                    "option name {} type spin default {} min {} max {}",
                    t.option, t.default, t.min, t.max
                );
            }
        }
        out
    }

    /// ShogiArena's description of the search parameters (the answer to
    /// its `usi_tunables`: a manifest of schema `shogiarena.usi_tunables.v1`),
    /// one line of JSON.
    pub(super) fn search_params_manifest() -> String {
        let tunables: Vec<String> = TUNABLES
            .iter()
            .map(|t| {
                format!(
                    "{{\"id\":\"{o}\",\"option\":\"{o}\",\"value_type\":\"int\",\
                     \"encoding\":\"integer\",\"default\":{},\"min\":{},\"max\":{},\
                     \"schedule\":{{\"c_end\":{},\"r_end\":0.002}}}}",
                    t.default,
                    t.min,
                    t.max,
                    t.step,
                    o = t.option
                )
            })
            .collect();
        format!(
            "{{\"schema_version\":\"shogiarena.usi_tunables.v1\",\"tunables\":[{}]}}",
            tunables.join(",")
        )
    }

    /// Applies `setoption name <name> value <value>`; names match without
    /// regard to case. Out-of-range numbers are clamped (the answer says so);
    /// anything else that does not fit is an error and changes nothing.
    pub(super) fn set(&mut self, name: &str, value: &str) -> Result<Option<String>, String> {
        let value = value.trim();
        if let Some(spec) = SPECS.iter().find(|s| s.name.eq_ignore_ascii_case(name)) {
            return self.apply(spec, value);
        }
        match TUNABLES
            .iter()
            .find(|t| t.option.eq_ignore_ascii_case(name))
        {
            Some(t) if self.search_params_listed => {
                let v: i32 = value
                    .parse()
                    .map_err(|_| format!("option {} needs an integer, not {value:?}", t.option))?;
                let set = self.search_params.set(t.option, v).unwrap_or(v);
                Ok((set != v).then(|| format!("{} {v} is out of range, set to {set}", t.option)))
            }
            _ => Err(format!("unknown option {name:?}")),
        }
    }

    fn apply(&mut self, spec: &Spec, value: &str) -> Result<Option<String>, String> {
        let mut note = None;
        match &spec.kind {
            Kind::Spin { min, max, .. } => {
                let v: i128 = value
                    .parse()
                    .map_err(|_| format!("option {} needs an integer, not {value:?}", spec.name))?;
                let clamped = v.clamp(i128::from(*min), i128::from(*max)) as i64;
                if i128::from(clamped) != v {
                    note = Some(format!(
                        "{} {v} is out of range, set to {clamped}",
                        spec.name
                    ));
                }
                self.set_number(spec.name, clamped);
            }
            Kind::Check { .. } => {
                let v = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => {
                        return Err(format!(
                            "option {} needs true or false, not {value:?}",
                            spec.name
                        ))
                    }
                };
                match spec.name {
                    "USI_Ponder" => self.ponder = v,
                    _ => unreachable!("every check option has a field"),
                }
            }
            Kind::Combo { values, .. } => {
                let v = values
                    .iter()
                    .find(|v| v.eq_ignore_ascii_case(value))
                    .ok_or_else(|| {
                        format!("option {} is one of {values:?}, not {value:?}", spec.name)
                    })?;
                match *v {
                    "play" => self.mode = Mode::Play,
                    "research" => self.mode = Mode::Research,
                    "lazy-smp" => self.method = Method::LazySmp,
                    "master-worker" => self.method = Method::MasterWorker,
                    "uct-treesplit" => self.method = Method::UctTreesplit,
                    _ => unreachable!("every combo value has a meaning"),
                }
            }
            Kind::Text { .. } => match spec.name {
                "EvalDir" => self.eval_dir = value.to_string(),
                _ => unreachable!("every text option has a field"),
            },
            Kind::Button => {}
        }
        Ok(note)
    }

    fn set_number(&mut self, name: &str, v: i64) {
        let v = v.max(0);
        match name {
            "USI_Hash" => self.hash_mb = v as usize,
            "Threads" => self.threads = v as usize,
            "BranchLimit" => self.branch_limit = BranchLimit::top(v as usize),
            "MultiPV" => self.multipv = v as usize,
            "DepthLimit" => self.depth_limit = v as u32,
            "NodesLimit" => self.nodes_limit = v as u64,
            "MaxMovesToDraw" => self.max_moves_to_draw = v as u32,
            "ByoyomiMargin" => self.margin_ms = v as u64,
            "FV_SCALE" => self.fv_scale = v as i32,
            _ => unreachable!("every spin option has a field"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_declarations() {
        let o = Options::default();
        assert_eq!(
            (o.hash_mb, o.threads, o.multipv, o.mode),
            (256, 1, 1, Mode::Play)
        );
        let d = o.declarations();
        assert!(d.contains("option name USI_Hash type spin default 256 min 1 max 65536\n"));
        assert!(d.contains("option name Clear Hash type button\n"));
        assert!(
            d.contains("option name SearchMode type combo default play var play var research\n")
        );
        assert_eq!(d.lines().count(), SPECS.len());
    }

    #[test]
    fn set_validates_and_clamps() {
        let mut o = Options::default();
        assert_eq!(o.set("usi_hash", "64"), Ok(None));
        assert_eq!(o.hash_mb, 64);
        assert!(o.set("MultiPV", "0").unwrap().unwrap().contains("set to 1"));
        assert_eq!(o.multipv, 1);
        assert!(o
            .set("NodesLimit", "99999999999999999999999")
            .unwrap()
            .is_some());
        assert_eq!(o.nodes_limit, (1 << 53) - 1, "clamped to what GUIs hold");
        let before = o.clone();
        assert!(o.set("BranchLimit", "five").is_err());
        assert!(o.set("USI_Ponder", "yes").is_err());
        assert!(o.set("SearchMode", "blitz").is_err());
        assert!(o
            .set("NoSuchOption", "1")
            .unwrap_err()
            .contains("unknown option"));
        assert_eq!(o, before);
        assert_eq!(o.set("SearchMode", "Research"), Ok(None));
        assert_eq!(o.mode, Mode::Research);
        assert!(o.set("ParallelMethod", "ybwc").is_err());
        assert_eq!(o.set("ParallelMethod", "master-worker"), Ok(None));
        assert_eq!((o.method, o.mode), (Method::MasterWorker, Mode::Research));
    }

    #[test]
    fn search_params_are_options_only_when_listed() {
        let mut o = Options::default();
        assert!(o
            .set("RazorMargin", "300")
            .unwrap_err()
            .contains("unknown option"));
        assert!(!o.declarations().contains("RazorMargin"));
        let mut o = Options::listing_search_params();
        assert!(o
            .declarations()
            .contains("option name RazorMargin type spin default 250 min 50 max 600\n"));
        assert_eq!(
            o.declarations().lines().count(),
            SPECS.len() + TUNABLES.len()
        );
        assert_eq!(o.set("razormargin", "300"), Ok(None));
        assert_eq!(o.search_params.razor_margin, 300);
        assert!(o
            .set("RazorMargin", "9999")
            .unwrap()
            .unwrap()
            .contains("set to 600"));
        assert!(o.set("RazorMargin", "wide").is_err());
        assert_eq!(o.search_params.razor_margin, 600);
        let manifest = Options::search_params_manifest();
        assert!(manifest.starts_with(
            "{\"schema_version\":\"shogiarena.usi_tunables.v1\",\"tunables\":[{\"id\":\"RazorMargin\""
        ));
        assert_eq!(manifest.matches("\"id\"").count(), TUNABLES.len());
    }
}
