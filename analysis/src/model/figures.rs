//! The performance model's figures as SVG: Fig. 9 (the sequential
//! variants over the baseline against d), Fig. 10 (the full-window share
//! against processes) and Fig. 11 (estimated against actual, per tree).

use super::fit::{ConfigModel, VariantRatios};
use crate::chart::{self, colour, diagonal, failed, line};
use crate::summary::Config;
use plotters::prelude::*;
use std::collections::BTreeMap;

fn top(values: impl Iterator<Item = f64>) -> f64 {
    values.fold(1.0f64, f64::max) * 1.15
}

/// Fig. 9: a colour per variant, a line per tree set, b and d − d′
/// (named at its last point) against d.
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
    let (lo, hi) = ratios.iter().fold((f64::MAX, 0f64), |(lo, hi), v| {
        (lo.min(f64::from(v.split.2)), hi.max(f64::from(v.split.2)))
    });
    // Room above the lines for the legend.
    let ymax = top(lines.values().flatten().map(|p| p.1)) * 1.4;
    chart::svg(
        SeriesLabelPosition::UpperLeft,
        "Fig. 9: sequential variants over the two-table baseline",
        ((lo - 1.0)..(hi + 3.0), "d"),
        (0f64..ymax, "leaves / baseline leaves"),
        |chart| {
            let mut named = [false; 4];
            for ((k, trees), points) in lines {
                let style = colour(k).stroke_width(2);
                let series = chart
                    .draw_series(LineSeries::new(points.iter().copied(), style))
                    .map_err(failed)?;
                if !std::mem::replace(&mut named[k], true) {
                    series
                        .label(kinds[k].0)
                        .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], style));
                }
                chart
                    .draw_series(points.iter().map(|&p| Circle::new(p, 3, style.filled())))
                    .map_err(failed)?;
                let last = points[points.len() - 1];
                chart
                    .draw_series([Text::new(trees, last, ("sans-serif", 10))])
                    .map_err(failed)?;
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
        SeriesLabelPosition::UpperLeft,
        "Fig. 10: tasks finished with full windows",
        ((1f64..most).log_scale(), "processes"),
        (0f64..1.05, "full-window tasks / tasks finished"),
        |chart| {
            for (i, (label, mut points)) in lines.into_iter().enumerate() {
                points.sort_by(|a, b| a.0.total_cmp(&b.0));
                line(chart, &points, colour(i).stroke_width(2), label)?;
            }
            Ok(())
        },
    )
}

/// Fig. 11: a point per tree, estimated against actual, a colour per
/// configuration with its correlation, and the diagonal.
pub(crate) fn estimated_vs_actual(models: &[ConfigModel]) -> Result<String, String> {
    let most = top(models
        .iter()
        .flat_map(|m| &m.trees)
        .flat_map(|t| [t.full_depth.estimated, t.actual]));
    chart::svg(
        // Points lie near the diagonal: the lower right is free.
        SeriesLabelPosition::LowerRight,
        "Fig. 11: estimated against actual increase of leaves",
        (0f64..most, "estimated (table × windows × tasks)"),
        (0f64..most, "actual (leaves / baseline leaves)"),
        |chart| {
            diagonal(chart, 0.0, most, "estimated = actual")?;
            for (i, m) in models.iter().filter(|m| !m.trees.is_empty()).enumerate() {
                let c = &m.config;
                let style = colour(i).filled();
                let corr = m.corr.map_or("—".to_string(), |r| format!("{r:.2}"));
                let label = format!("{}: corr {corr}", c.label());
                chart
                    .draw_series(
                        m.trees
                            .iter()
                            .map(|t| Circle::new((t.full_depth.estimated, t.actual), 4, style)),
                    )
                    .map_err(failed)?
                    .label(label)
                    .legend(move |(x, y)| Circle::new((x + 10, y), 4, style));
            }
            Ok(())
        },
    )
}
