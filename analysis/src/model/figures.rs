//! The performance model's figures as SVG: Fig. 9 (the sequential
//! variants over the baseline against d), Fig. 10 (the full-window share
//! against processes) and Fig. 11 (estimated against actual, per tree).

use super::fit::{ConfigModel, VariantRatios};
use crate::chart::{self, diagonal, line, log_axis, look, marker, markers, whole_axis, Look};
use crate::summary::Config;
use std::collections::{BTreeMap, BTreeSet};

fn top(values: impl Iterator<Item = f64>) -> f64 {
    values.fold(1.0f64, f64::max) * 1.15
}

/// Fig. 9: a line per variant and tree set (b and d − d′) against d:
/// a colour per variant, a marker per tree set (so no two lines alike for
/// up to four tree sets).
pub(crate) fn variants(ratios: &[VariantRatios]) -> Result<String, String> {
    type Pick = fn(&VariantRatios) -> Option<f64>;
    let kinds: [(&str, Pick); 4] = [
        ("no share", |v| v.none),
        ("partial share", |v| v.partial),
        ("full windows", |v| v.full),
        ("no share, full windows", |v| v.none_full),
    ];
    // (variant, trees) → points.
    let mut lines: BTreeMap<(usize, String), Vec<(f64, f64)>> = BTreeMap::new();
    for v in ratios {
        let (synthetic, b, d, dp) = v.split;
        let set = if synthetic { "synthetic" } else { "shogi" };
        for (k, (_, pick)) in kinds.iter().enumerate() {
            if let Some(y) = pick(v) {
                let trees = format!("{set} b={b} d-d'={}", d - dp);
                lines.entry((k, trees)).or_default().push((f64::from(d), y));
            }
        }
    }
    let sets: Vec<&String> = lines
        .keys()
        .map(|(_, trees)| trees)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let (lo, hi) = ratios.iter().fold((f64::MAX, 0f64), |(lo, hi), v| {
        (lo.min(f64::from(v.split.2)), hi.max(f64::from(v.split.2)))
    });
    let ymax = top(lines.values().flatten().map(|p| p.1));
    chart::svg(
        "Fig. 9: sequential variants over the two-table baseline",
        (whole_axis(lo, hi), "d"),
        (0f64..ymax, "leaves / baseline leaves"),
        |chart, legend, _| {
            for ((k, trees), points) in &lines {
                let set = sets.iter().position(|s| *s == trees).unwrap_or(0);
                let look = Look {
                    colour: look(*k).colour,
                    marker: marker(set),
                };
                line(
                    chart,
                    legend,
                    points,
                    (look, 2),
                    format!("{}: {trees}", kinds[*k].0),
                )?;
            }
            Ok(())
        },
    )
}

/// Fig. 10: r against processes, a line per configuration.
pub(crate) fn full_window_share(models: &[ConfigModel]) -> Result<String, String> {
    let mut lines: BTreeMap<String, Vec<(f64, f64)>> = BTreeMap::new();
    for m in models {
        let c = &m.config;
        let label = Config {
            ranks: 1,
            ..c.clone()
        }
        .label();
        lines.entry(label).or_default().push((c.ranks as f64, m.r));
    }
    let most = models
        .iter()
        .map(|m| m.config.ranks as f64)
        .fold(2.0, f64::max)
        * 1.5;
    chart::svg(
        "Fig. 10: tasks finished with full windows",
        (log_axis(most), "processes"),
        (0f64..1.05, "full-window tasks / tasks finished"),
        |chart, legend, _| {
            for (i, (label, mut points)) in lines.into_iter().enumerate() {
                points.sort_by(|a, b| a.0.total_cmp(&b.0));
                line(chart, legend, &points, (look(i), 2), label)?;
            }
            Ok(())
        },
    )
}

/// Fig. 11: a point per tree, estimated against actual, a look per
/// configuration with its correlation, and the diagonal.
pub(crate) fn estimated_vs_actual(models: &[ConfigModel]) -> Result<String, String> {
    let most = top(models
        .iter()
        .flat_map(|m| &m.trees)
        .flat_map(|t| [t.full_depth.estimated, t.actual]));
    chart::svg(
        "Fig. 11: estimated against actual increase of leaves",
        (0f64..most, "estimated (table × windows × tasks)"),
        (0f64..most, "actual (leaves / baseline leaves)"),
        |chart, legend, _| {
            diagonal(chart, legend, 0.0, most, "estimated = actual")?;
            for (i, m) in models.iter().filter(|m| !m.trees.is_empty()).enumerate() {
                let corr = m.corr.map_or("—".to_string(), |r| format!("{r:.2}"));
                let points: Vec<(f64, f64)> = m
                    .trees
                    .iter()
                    .map(|t| (t.full_depth.estimated, t.actual))
                    .collect();
                markers(chart, &points, look(i))?;
                legend.marker(format!("{}: corr {corr}", m.config.label()), look(i));
            }
            Ok(())
        },
    )
}
