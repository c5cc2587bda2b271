//! The paper's Figs. 7 and 8 as SVG: time ratio against leaf ratio with
//! and without dynamic updates, and speedup against processes with the
//! ideal line; the paper's own points beside this input's.

use crate::comparisons::{self, Pair, Series};
use plotters::prelude::*;

const SIZE: (u32, u32) = (720, 540);

/// Colours of the input's series, in turn.
const PALETTE: [RGBColor; 6] = [
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x8c, 0x56, 0x4b),
];
const PAPER: RGBColor = RGBColor(0x7f, 0x7f, 0x7f);

fn failed<E: std::fmt::Debug>(e: E) -> String {
    format!("drawing a figure failed: {e:?}")
}

/// The series' legend, top left.
fn legend<'a, DB, X, Y>(chart: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>) -> Result<(), String>
where
    DB: DrawingBackend + 'a,
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(failed)
}

/// Fig. 7: one point per configuration run with and without updates,
/// labelled (b, d, processes), and the paper's six points.
pub fn updates(pairs: &[Pair]) -> Result<String, String> {
    let paper = comparisons::paper_updates();
    let top = pairs
        .iter()
        .flat_map(|p| [p.time_ratio, p.leaf_ratio])
        .chain(paper.iter().flat_map(|p| [p.1, p.2]))
        .fold(1.0f64, f64::max)
        * 1.1;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Fig. 7: with dynamic updates over without",
                ("sans-serif", 18),
            )
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(55)
            .build_cartesian_2d(0f64..top, 0f64..top)
            .map_err(failed)?;
        chart
            .configure_mesh()
            .x_desc("search time ratio (with / without updates)")
            .y_desc("leaf ratio (with / without updates)")
            .draw()
            .map_err(failed)?;
        let colour = PALETTE[0];
        chart
            .draw_series(pairs.iter().map(|p| {
                let c = &p.first.config;
                let label = format!("({}, {}, {})", c.b, c.d, c.ranks);
                EmptyElement::at((p.time_ratio, p.leaf_ratio))
                    + Circle::new((0, 0), 4, colour.filled())
                    + Text::new(label, (6, -12), ("sans-serif", 11))
            }))
            .map_err(failed)?
            .label("this input (b, d, processes)")
            .legend(move |(x, y)| Circle::new((x + 10, y), 4, colour.filled()));
        chart
            .draw_series(paper.iter().map(|(label, t, l)| {
                EmptyElement::at((*t, *l))
                    + TriangleMarker::new((0, 0), 5, PAPER.filled())
                    + Text::new(
                        label.clone(),
                        (6, 2),
                        ("sans-serif", 11).into_font().color(&PAPER),
                    )
            }))
            .map_err(failed)?
            .label("paper, shogi (b, d, processes)")
            .legend(|(x, y)| TriangleMarker::new((x + 10, y), 5, PAPER.filled()));
        legend(&mut chart)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

/// Fig. 8: speedup against processes on log–log axes, one line per
/// configuration, the paper's where it ran the same one, and the ideal.
pub fn speedups(series: &[Series]) -> Result<String, String> {
    let points = || series.iter().flat_map(|s| s.points.iter().chain(&s.paper));
    let most = points()
        .map(|&(p, s)| (p as f64).max(s))
        .fold(2.0f64, f64::max)
        * 1.5;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let mut chart = ChartBuilder::on(&root)
            .caption("Fig. 8: speedup with dynamic updates", ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(55)
            .build_cartesian_2d((1f64..most).log_scale(), (1f64..most).log_scale())
            .map_err(failed)?;
        chart
            .configure_mesh()
            .x_desc("processes")
            .y_desc("speedup")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .draw()
            .map_err(failed)?;
        chart
            .draw_series(LineSeries::new(
                [(1.0, 1.0), (most, most)],
                BLACK.stroke_width(1),
            ))
            .map_err(failed)?
            .label("ideal")
            .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], BLACK));
        for (i, s) in series.iter().enumerate() {
            let colour = PALETTE[i % PALETTE.len()];
            let xy = |&(p, s): &(usize, f64)| (p as f64, s);
            chart
                .draw_series(LineSeries::new(
                    s.points.iter().map(xy),
                    colour.stroke_width(2),
                ))
                .map_err(failed)?
                .label(s.label.clone())
                .legend(move |(x, y)| {
                    PathElement::new([(x, y), (x + 20, y)], colour.stroke_width(2))
                });
            chart
                .draw_series(
                    s.points
                        .iter()
                        .map(|p| Circle::new(xy(p), 4, colour.filled())),
                )
                .map_err(failed)?;
            if !s.paper.is_empty() {
                chart
                    .draw_series(LineSeries::new(s.paper.iter().map(xy), colour.mix(0.5)))
                    .map_err(failed)?
                    .label(format!("paper, {}", s.label))
                    .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], colour.mix(0.5)));
                chart
                    .draw_series(
                        s.paper
                            .iter()
                            .map(|p| TriangleMarker::new(xy(p), 5, colour.mix(0.5).filled())),
                    )
                    .map_err(failed)?;
            }
        }
        legend(&mut chart)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}
