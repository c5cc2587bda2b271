//! The paper's Figs. 7 and 8 as SVG: time ratio against leaf ratio with
//! and without dynamic updates, and speedup against processes with the
//! ideal line; the paper's own points beside this input's.

use crate::chart::{self, colour, diagonal, failed, line, PAPER};
use crate::comparisons::{self, Pair, Series};
use plotters::prelude::*;

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
        SeriesLabelPosition::UpperLeft,
        "Fig. 7: with dynamic updates over without",
        (0f64..top, "search time ratio (with / without updates)"),
        (0f64..top, "leaf ratio (with / without updates)"),
        |chart| {
            let ours = colour(0);
            chart
                .draw_series(pairs.iter().map(|p| {
                    let c = &p.first.config;
                    let label = format!("({}, {}, {})", c.b, c.d, c.ranks);
                    EmptyElement::at((p.time_ratio, p.leaf_ratio))
                        + Circle::new((0, 0), 4, ours.filled())
                        + Text::new(label, (6, -12), ("sans-serif", 11))
                }))
                .map_err(failed)?
                .label("this input (b, d, processes)")
                .legend(move |(x, y)| Circle::new((x + 10, y), 4, ours.filled()));
            chart
                .draw_series(paper.iter().enumerate().map(|(i, p)| {
                    // Labels alternately below and above: the points crowd.
                    let dy = if i % 2 == 0 { 2 } else { -14 };
                    let font = ("sans-serif", 11).into_font().color(&PAPER);
                    EmptyElement::at((p.time_ratio, p.leaf_ratio))
                        + TriangleMarker::new((0, 0), 5, PAPER.filled())
                        + Text::new(p.label(), (6, dy), font)
                }))
                .map_err(failed)?
                .label("paper, shogi (b, d, processes)")
                .legend(|(x, y)| TriangleMarker::new((x + 10, y), 5, PAPER.filled()));
            Ok(())
        },
    )
}

/// Fig. 8: speedup against processes on log–log axes, one line per
/// configuration, the paper's where it ran the same one, and the ideal.
pub(crate) fn speedups(series: &[Series]) -> Result<String, String> {
    let most = series
        .iter()
        .flat_map(|s| s.points.iter().chain(&s.paper))
        .map(|&(p, s)| (p as f64).max(s))
        .fold(2.0f64, f64::max)
        * 1.5;
    let xy = |points: &[(usize, f64)]| -> Vec<(f64, f64)> {
        points.iter().map(|&(p, s)| (p as f64, s)).collect()
    };
    chart::svg(
        SeriesLabelPosition::UpperLeft,
        "Fig. 8: speedup with dynamic updates",
        ((1f64..most).log_scale(), "processes"),
        ((1f64..most).log_scale(), "speedup"),
        |chart| {
            diagonal(chart, 1.0, most, "ideal")?;
            for (i, s) in series.iter().enumerate() {
                line(
                    chart,
                    &xy(&s.points),
                    colour(i).stroke_width(2),
                    s.label.clone(),
                )?;
                if !s.paper.is_empty() {
                    let style = colour(i).mix(0.5).stroke_width(1);
                    line(chart, &xy(&s.paper), style, format!("paper, {}", s.label))?;
                }
            }
            Ok(())
        },
    )
}
