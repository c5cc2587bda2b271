//! What every figure shares: an SVG page with a caption, axes with
//! descriptions, a colour per series and the legend top left.

use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;

const SIZE: (u32, u32) = (720, 540);

/// Colours of the input's series, in turn.
pub(crate) const PALETTE: [RGBColor; 12] = [
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

/// The paper's points.
pub(crate) const PAPER: RGBColor = RGBColor(0x7f, 0x7f, 0x7f);

pub(crate) fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

pub(crate) fn failed<E: std::fmt::Debug>(e: E) -> String {
    format!("drawing a figure failed: {e:?}")
}

/// An axis label: whole numbers from 10 up, else up to two decimals.
fn tick(x: &f64) -> String {
    if x.abs() >= 10.0 {
        format!("{x:.0}")
    } else {
        let s = format!("{x:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

pub(crate) type Chart<'a, 'b, X, Y> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<X, Y>>;

/// An SVG figure: `caption`, the axes (range, description), what `draw`
/// puts on them, and the legend at `legend`.
pub(crate) fn svg<X, Y>(
    legend: SeriesLabelPosition,
    caption: &str,
    (x, x_desc): (X, &str),
    (y, y_desc): (Y, &str),
    draw: impl FnOnce(&mut Chart<X::CoordDescType, Y::CoordDescType>) -> Result<(), String>,
) -> Result<String, String>
where
    X: AsRangedCoord<Value = f64>,
    Y: AsRangedCoord<Value = f64>,
    X::CoordDescType: ValueFormatter<f64>,
    Y::CoordDescType: ValueFormatter<f64>,
{
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let mut chart = ChartBuilder::on(&root)
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
        draw(&mut chart)?;
        chart
            .configure_series_labels()
            .position(legend)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()
            .map_err(failed)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

/// The line y = x from `from` to `to`, black, in the legend as `label`.
pub(crate) fn diagonal<X, Y>(
    chart: &mut Chart<X, Y>,
    from: f64,
    to: f64,
    label: &str,
) -> Result<(), String>
where
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    chart
        .draw_series(LineSeries::new(
            [(from, from), (to, to)],
            BLACK.stroke_width(1),
        ))
        .map_err(failed)?
        .label(label)
        .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], BLACK));
    Ok(())
}

/// A line through `points` with a dot at each, in the legend as `label`.
pub(crate) fn line<X, Y>(
    chart: &mut Chart<X, Y>,
    points: &[(f64, f64)],
    style: ShapeStyle,
    label: String,
) -> Result<(), String>
where
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    chart
        .draw_series(LineSeries::new(points.iter().copied(), style))
        .map_err(failed)?
        .label(label)
        .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], style));
    chart
        .draw_series(points.iter().map(|&p| Circle::new(p, 3, style.filled())))
        .map_err(failed)?;
    Ok(())
}
