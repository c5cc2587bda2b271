//! What every figure shares: an SVG page with a caption and axes with
//! descriptions; each series its own look (a colour and a marker, no two
//! series alike); the legend in a panel right of the plot, never over the
//! data; log axes labelled once at each power of ten; and point labels
//! set where they overprint no other text (see `label_placement`).

use crate::label_placement::{Labels, CHAR_WIDTH};
use plotters::coord::combinators::{BindKeyPoints, LogCoord, WithKeyPoints};
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;

/// The plot's part of the page.
const PLOT: (u32, u32) = (720, 540);
/// The legend panel right of it.
const LEGEND: u32 = 300;
/// The legend's text size, px.
const LEGEND_FONT: f64 = 12.0;

/// Colours of the series, in turn.
const PALETTE: [RGBColor; 12] = [
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x8c, 0x56, 0x4b),
    RGBColor(0xe3, 0x77, 0xc2),
    RGBColor(0xbc, 0xbd, 0x22),
    RGBColor(0x17, 0xbe, 0xcf),
    RGBColor(0x39, 0x3b, 0x79),
    RGBColor(0x63, 0x79, 0x39),
    RGBColor(0xad, 0x49, 0x4a),
];

/// The paper's points: greys.
pub(crate) const PAPER: RGBColor = RGBColor(0x55, 0x55, 0x55);
const PAPER_GREYS: [RGBColor; 3] = [
    PAPER,
    RGBColor(0x88, 0x88, 0x88),
    RGBColor(0x22, 0x22, 0x22),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Marker {
    Circle,
    Triangle,
    Square,
    Cross,
}

const MARKERS: [Marker; 4] = [
    Marker::Circle,
    Marker::Triangle,
    Marker::Square,
    Marker::Cross,
];

/// How a series looks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Look {
    pub colour: RGBColor,
    pub marker: Marker,
}

/// Series `i`'s look: colours in turn, the marker changing with the
/// colour too, so that no two of the first 48 series look alike.
pub(crate) fn look(i: usize) -> Look {
    let colour = PALETTE[i % PALETTE.len()];
    let marker = MARKERS[(i + i / PALETTE.len()) % MARKERS.len()];
    Look { colour, marker }
}

/// Marker `i`, in turn (for series told apart by colour already).
pub(crate) fn marker(i: usize) -> Marker {
    MARKERS[i % MARKERS.len()]
}

/// The paper's series `i`: greys and markers, no two of the first 12
/// alike.
pub(crate) fn paper_look(i: usize) -> Look {
    Look {
        colour: PAPER_GREYS[(i / MARKERS.len()) % PAPER_GREYS.len()],
        marker: MARKERS[(i + 1) % MARKERS.len()],
    }
}

pub(crate) fn failed<E: std::fmt::Debug>(e: E) -> String {
    format!("drawing a figure failed: {e:?}")
}

/// An axis label: a whole number as such, else one decimal from 10 up
/// and up to two below (so that no two ticks read alike).
fn tick(x: &f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{x:.0}")
    } else if x.abs() >= 10.0 {
        format!("{x:.1}")
    } else {
        let s = format!("{x:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// A linear axis around `lo`..`hi` at least 10 wide, so that its ticks
/// (about ten) fall on whole numbers (depths).
pub(crate) fn whole_axis(lo: f64, hi: f64) -> std::ops::Range<f64> {
    let span = (hi - lo + 2.0).max(10.0).ceil();
    let start = ((lo + hi) / 2.0 - span / 2.0).floor();
    start..start + span
}

/// A log axis from 1 to `most`, its labels the powers of ten within.
pub(crate) fn log_axis(most: f64) -> WithKeyPoints<LogCoord<f64>> {
    let decades: Vec<f64> = (0..)
        .map(|k| 10f64.powi(k))
        .take_while(|&p| p <= most)
        .collect();
    (1f64..most).log_scale().with_key_points(decades)
}

pub(crate) type Chart<'a, 'b, X, Y> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<X, Y>>;

/// What a legend line shows before its label.
enum Sample {
    Line(ShapeStyle, Option<Look>),
    Marker(Look),
}

/// The legend, filled while the series are drawn and set in its panel.
#[derive(Default)]
pub(crate) struct Legend {
    entries: Vec<(String, Sample)>,
}

impl Legend {
    /// A line (with the look's marker, if any).
    pub(crate) fn line(&mut self, label: impl Into<String>, style: ShapeStyle, look: Option<Look>) {
        self.entries.push((label.into(), Sample::Line(style, look)));
    }

    /// Points alone.
    pub(crate) fn marker(&mut self, label: impl Into<String>, look: Look) {
        self.entries.push((label.into(), Sample::Marker(look)));
    }

    fn draw(&self, area: &DrawingArea<SVGBackend, plotters::coord::Shift>) -> Result<(), String> {
        let font = ("sans-serif", LEGEND_FONT).into_font();
        let room = ((f64::from(LEGEND) - 44.0) / (LEGEND_FONT * CHAR_WIDTH)) as usize;
        let mut y = 50i32;
        for (label, sample) in &self.entries {
            let mid = y + (LEGEND_FONT / 2.0) as i32;
            match sample {
                Sample::Line(style, look) => {
                    area.draw(&PathElement::new([(6, mid), (32, mid)], *style))
                        .map_err(failed)?;
                    if let Some(look) = look {
                        draw_marker(area, (19, mid), *look)?;
                    }
                }
                Sample::Marker(look) => draw_marker(area, (19, mid), *look)?,
            }
            for part in wrap(label, room) {
                area.draw(&Text::new(part, (40, y), font.clone()))
                    .map_err(failed)?;
                y += (LEGEND_FONT * 1.3) as i32;
            }
            y += 4;
        }
        Ok(())
    }
}

/// `text` in lines of at most `room` characters, broken at spaces.
fn wrap(text: &str, room: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let last = lines.last_mut().expect("one line at least");
        if !last.is_empty() && last.chars().count() + 1 + word.chars().count() > room {
            lines.push(word.to_string());
        } else {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    lines
}

/// A marker of `look` at `at` (pixels) on `area`.
fn draw_marker(
    area: &DrawingArea<SVGBackend, plotters::coord::Shift>,
    at: (i32, i32),
    look: Look,
) -> Result<(), String> {
    let filled = look.colour.filled();
    let (x, y) = at;
    match look.marker {
        Marker::Circle => area.draw(&Circle::new(at, 4, filled)),
        Marker::Triangle => area.draw(&TriangleMarker::new(at, 5, filled)),
        Marker::Square => area.draw(&Rectangle::new([(x - 4, y - 4), (x + 4, y + 4)], filled)),
        Marker::Cross => area.draw(&Cross::new(at, 4, look.colour.stroke_width(2))),
    }
    .map_err(failed)
}

/// An SVG figure: `caption`, the axes (range, description), what `draw`
/// puts on them (with the legend and the point labels), the legend set
/// right of the plot.
pub(crate) fn svg<X, Y>(
    caption: &str,
    (x, x_desc): (X, &str),
    (y, y_desc): (Y, &str),
    draw: impl FnOnce(
        &mut Chart<X::CoordDescType, Y::CoordDescType>,
        &mut Legend,
        &mut Labels,
    ) -> Result<(), String>,
) -> Result<String, String>
where
    X: AsRangedCoord<Value = f64>,
    Y: AsRangedCoord<Value = f64>,
    X::CoordDescType: ValueFormatter<f64>,
    Y::CoordDescType: ValueFormatter<f64>,
{
    let mut svg = String::new();
    {
        let page = (PLOT.0 + LEGEND, PLOT.1);
        let root = SVGBackend::with_string(&mut svg, page).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let (plot, panel) = root.split_horizontally(PLOT.0);
        let mut chart = ChartBuilder::on(&plot)
            .caption(caption, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(55)
            .build_cartesian_2d(x, y)
            .map_err(failed)?;
        chart
            .configure_mesh()
            .x_desc(x_desc)
            .y_desc(y_desc)
            .x_label_formatter(&tick)
            .y_label_formatter(&tick)
            .draw()
            .map_err(failed)?;
        let mut legend = Legend::default();
        let mut labels = Labels::new(chart.plotting_area().get_pixel_range());
        draw(&mut chart, &mut legend, &mut labels)?;
        labels.draw(&mut chart)?;
        legend.draw(&panel)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

/// The line y = x from `from` to `to`, black, in the legend as `label`.
pub(crate) fn diagonal<X, Y>(
    chart: &mut Chart<X, Y>,
    legend: &mut Legend,
    from: f64,
    to: f64,
    label: &str,
) -> Result<(), String>
where
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    let style = BLACK.stroke_width(1);
    chart
        .draw_series(LineSeries::new([(from, from), (to, to)], style))
        .map_err(failed)?;
    legend.line(label, style, None);
    Ok(())
}

/// Markers of `look` at `points` (data coordinates).
pub(crate) fn markers<X, Y>(
    chart: &mut Chart<X, Y>,
    points: &[(f64, f64)],
    look: Look,
) -> Result<(), String>
where
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    let filled = look.colour.filled();
    let at = |p: &(f64, f64)| EmptyElement::at(*p);
    let result = match look.marker {
        Marker::Circle => chart
            .draw_series(
                points
                    .iter()
                    .map(|p| at(p) + Circle::new((0, 0), 4, filled)),
            )
            .map(|_| ()),
        Marker::Triangle => chart
            .draw_series(
                points
                    .iter()
                    .map(|p| at(p) + TriangleMarker::new((0, 0), 5, filled)),
            )
            .map(|_| ()),
        Marker::Square => chart
            .draw_series(
                points
                    .iter()
                    .map(|p| at(p) + Rectangle::new([(-4, -4), (4, 4)], filled)),
            )
            .map(|_| ()),
        Marker::Cross => chart
            .draw_series(
                points
                    .iter()
                    .map(|p| at(p) + Cross::new((0, 0), 4, look.colour.stroke_width(2))),
            )
            .map(|_| ()),
    };
    result.map_err(failed)
}

/// A line through `points` with the look's marker at each, in the legend
/// as `label`.
pub(crate) fn line<X, Y>(
    chart: &mut Chart<X, Y>,
    legend: &mut Legend,
    points: &[(f64, f64)],
    (look, width): (Look, u32),
    label: String,
) -> Result<(), String>
where
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    let style = look.colour.stroke_width(width);
    chart
        .draw_series(LineSeries::new(points.iter().copied(), style))
        .map_err(failed)?;
    markers(chart, points, look)?;
    legend.line(label, style, Some(look));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_48_series_all_look_different() {
        let looks: Vec<_> = (0..48)
            .map(|i| {
                let l = look(i);
                (l.colour, l.marker)
            })
            .collect();
        for (i, a) in looks.iter().enumerate() {
            assert!(!looks[..i].contains(a), "series {i} repeats a look");
        }
    }

    #[test]
    fn the_papers_first_12_series_all_look_different() {
        let looks: Vec<_> = (0..12)
            .map(|i| {
                let l = paper_look(i);
                (l.colour, l.marker)
            })
            .collect();
        for (i, a) in looks.iter().enumerate() {
            assert!(!looks[..i].contains(a), "paper series {i} repeats a look");
        }
    }

    #[test]
    fn long_legend_labels_wrap_at_spaces() {
        assert_eq!(wrap("a bb ccc", 4), ["a bb", "ccc"]);
        assert_eq!(wrap("short", 40), ["short"]);
    }
}
