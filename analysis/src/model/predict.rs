//! The model carried to a deeper search (`model --predict D`): seed 000
//! §5's factors measured at several depths d with one task depth d − d′,
//! each factor's trend over d (`trend`), and their product at D — the
//! paper's d = 24 of Tables 2 and 5 from runs this machine can make.

use super::fit::{factors, ConfigModel, Factors, VariantRatios};
use super::trend::Trend;
use crate::summary::Config;
use std::collections::BTreeMap;

/// The sequential variants' factors over d at one task depth.
#[derive(Clone, Debug)]
pub(crate) struct SequentialTrends {
    pub synthetic: bool,
    pub b: u16,
    /// The task depth d − d′.
    pub task_depth: u32,
    /// No sharing over the baseline (t_n), no sharing with full windows
    /// over full windows (t_f), full windows over the baseline (w).
    pub t_n: Trend,
    pub t_f: Trend,
    pub w: Trend,
}

impl SequentialTrends {
    fn factors(&self, d: u32, r: f64, tasks: f64) -> Factors {
        factors(r, self.t_n.at(d), self.t_f.at(d), self.w.at(d), tasks)
    }

    fn below(&self, d: u32) -> Option<SequentialTrends> {
        Some(SequentialTrends {
            t_n: self.t_n.below(d)?,
            t_f: self.t_f.below(d)?,
            w: self.w.below(d)?,
            ..self.clone()
        })
    }
}

/// One parallel configuration run at several depths, carried to `depth`.
#[derive(Clone, Debug)]
pub(crate) struct Prediction {
    /// The deepest run's configuration.
    pub config: Config,
    pub task_depth: u32,
    /// The full-window share (linear in d), the tasks factor and the
    /// actual increase (exponential in d).
    pub r: Trend,
    pub tasks: Trend,
    pub actual: Trend,
    /// The speedup over the plain sequential search (exponential in d),
    /// where every depth has one.
    pub speedup: Option<Trend>,
    /// The model's estimate at each depth run.
    pub estimated: Vec<(u32, f64)>,
    /// The factors at `depth` and their product.
    pub at_depth: Factors,
    /// The check: the trends through the depths below the deepest run,
    /// carried to it — (the estimate, the actual's own trend).
    pub check: Option<(f64, f64)>,
}

/// The sequential trends of every task depth run at two depths or more.
pub(crate) fn sequential_trends(ratios: &[VariantRatios]) -> Vec<SequentialTrends> {
    type Points = [Vec<(u32, f64)>; 3];
    let mut by_task_depth: BTreeMap<(bool, u16, u32), Points> = BTreeMap::new();
    for v in ratios {
        let (synthetic, b, d, dp) = v.split;
        let (Some(none), Some(full), Some(none_full)) = (v.none, v.full, v.none_full) else {
            continue;
        };
        let points = by_task_depth.entry((synthetic, b, d - dp)).or_default();
        points[0].push((d, none));
        points[1].push((d, none_full / full));
        points[2].push((d, full));
    }
    by_task_depth
        .into_iter()
        .filter_map(|((synthetic, b, task_depth), [t_n, t_f, w])| {
            Some(SequentialTrends {
                synthetic,
                b,
                task_depth,
                t_n: Trend::exponential(t_n)?,
                t_f: Trend::exponential(t_f)?,
                w: Trend::exponential(w)?,
            })
        })
        .collect()
}

/// Every parallel configuration run at two depths or more with the same
/// task depth, whose sequential variants have a trend, carried to `depth`;
/// `speedups`: each configuration's speedup, where it has one.
pub(crate) fn predict(
    models: &[ConfigModel],
    sequential: &[SequentialTrends],
    speedups: &BTreeMap<Config, f64>,
    depth: u32,
) -> Vec<Prediction> {
    // A series: one configuration but for d and d′, at one task depth.
    let mut series: BTreeMap<(Config, u32), Vec<&ConfigModel>> = BTreeMap::new();
    for m in models.iter().filter(|m| !m.trees.is_empty()) {
        let Some(dp) = m.config.d_prime else { continue };
        let key = Config {
            d: 0,
            d_prime: None,
            ..m.config.clone()
        };
        series.entry((key, m.config.d - dp)).or_default().push(m);
    }
    series
        .into_iter()
        .filter_map(|((_, task_depth), mut runs)| {
            runs.sort_by_key(|m| m.config.d);
            let deepest = runs.last()?.config.clone();
            let seq = sequential.iter().find(|s| {
                (Some(s.synthetic), s.b, s.task_depth)
                    == (deepest.trees.paper(), deepest.b, task_depth)
            })?;
            let points = |f: fn(&ConfigModel) -> f64| -> Vec<(u32, f64)> {
                runs.iter().map(|m| (m.config.d, f(m))).collect()
            };
            let r = Trend::linear(points(|m| m.r))?;
            let tasks = Trend::exponential(points(|m| m.full_depth.tasks))?;
            let actual = Trend::exponential(points(|m| m.actual))?;
            let speedup = runs
                .iter()
                .map(|m| Some((m.config.d, *speedups.get(&m.config)?)))
                .collect::<Option<Vec<_>>>()
                .and_then(Trend::exponential);
            let carry = |seq: &SequentialTrends, r: &Trend, tasks: &Trend, d: u32| {
                seq.factors(d, r.at(d).clamp(0.0, 1.0), tasks.at(d))
            };
            let last = deepest.d;
            let check = (|| {
                let estimate = carry(
                    &seq.below(last)?,
                    &r.below(last)?,
                    &tasks.below(last)?,
                    last,
                );
                Some((estimate.estimated, actual.below(last)?.at(last)))
            })();
            Some(Prediction {
                task_depth,
                at_depth: carry(seq, &r, &tasks, depth),
                estimated: points(|m| m.full_depth.estimated),
                config: deepest,
                r,
                tasks,
                actual,
                speedup,
                check,
            })
        })
        .collect()
}
