//! The paper's Figs. 7 and 8 as SVG: time ratio against leaf ratio with
//! and without dynamic updates, and speedup against processes with the
//! ideal line; the paper's own points beside this input's.

use crate::chart::{self, diagonal, line, log_axis, look, markers, paper_look, PAPER};
use crate::comparisons::{self, Pair, Series};

/// Fig. 7: one point per configuration run with and without updates,
/// labelled (b, d, processes), and the paper's six points.
pub(crate) fn updates(pairs: &[Pair]) -> Result<String, String> {
    let paper = comparisons::paper_updates();
    let top = pairs
        .iter()
        .flat_map(|p| [p.time_ratio, p.leaf_ratio])
        .chain(paper.iter().flat_map(|p| [p.time_ratio, p.leaf_ratio]))
        .fold(1.0f64, f64::max)
        * 1.1;
    chart::svg(
        "Fig. 7: with dynamic updates over without",
        (0f64..top, "search time ratio (with / without updates)"),
        (0f64..top, "leaf ratio (with / without updates)"),
        |chart, legend, labels| {
            let ours = look(0);
            let points: Vec<(f64, f64)> =
                pairs.iter().map(|p| (p.time_ratio, p.leaf_ratio)).collect();
            markers(chart, &points, ours)?;
            legend.marker("this input (b, d, processes)", ours);
            for (p, &at) in pairs.iter().zip(&points) {
                let c = &p.first.config;
                labels.add(
                    at,
                    format!("({}, {}, {})", c.b, c.d, c.ranks),
                    11.0,
                    ours.colour,
                );
            }
            let theirs = paper_look(0);
            let points: Vec<(f64, f64)> =
                paper.iter().map(|p| (p.time_ratio, p.leaf_ratio)).collect();
            markers(chart, &points, theirs)?;
            legend.marker("paper, shogi (b, d, processes)", theirs);
            for (p, &at) in paper.iter().zip(&points) {
                labels.add(at, p.label(), 11.0, PAPER);
            }
            Ok(())
        },
    )
}

/// Fig. 8: speedup against processes on log–log axes, one line per
/// configuration of this input, the paper's (all it published), and the
/// ideal.
pub(crate) fn speedups(series: &[Series]) -> Result<String, String> {
    let paper = comparisons::paper_speedups();
    let most = series
        .iter()
        .flat_map(|s| &s.points)
        .chain(paper.iter().flat_map(|(_, points)| points))
        .map(|&(p, s)| (p as f64).max(s))
        .fold(2.0f64, f64::max)
        * 1.5;
    let xy = |points: &[(usize, f64)]| -> Vec<(f64, f64)> {
        points.iter().map(|&(p, s)| (p as f64, s)).collect()
    };
    chart::svg(
        "Fig. 8: speedup with dynamic updates",
        (log_axis(most), "processes"),
        (log_axis(most), "speedup"),
        |chart, legend, _| {
            diagonal(chart, legend, 1.0, most, "ideal")?;
            for (i, s) in series.iter().enumerate() {
                line(chart, legend, &xy(&s.points), (look(i), 2), s.label.clone())?;
            }
            for (i, (label, points)) in paper.iter().enumerate() {
                line(
                    chart,
                    legend,
                    &xy(points),
                    (paper_look(i), 1),
                    label.clone(),
                )?;
            }
            Ok(())
        },
    )
}
