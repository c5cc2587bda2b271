//! Labels of points set where they overprint no other text: each label
//! tries places around its point, nearest first (right, left, above,
//! below, then farther out), and takes the first whose box meets no label
//! already placed and stays inside the plot; a label set away from its
//! point gets a thin line to it. Boxes are reckoned as the figures' tests
//! reckon them: `CHAR_WIDTH` of the font size a character.

use plotters::prelude::*;
use std::ops::Range;

/// The share of the font size a character takes (generous for
/// sans-serif; the figures' tests reckon widths so too).
pub(crate) const CHAR_WIDTH: f64 = 0.6;

type Chart<'a, 'b, X, Y> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<X, Y>>;

fn failed<E: std::fmt::Debug>(e: E) -> String {
    format!("drawing a label failed: {e:?}")
}

/// A box in pixels: left, top, right, bottom.
type Rect = (f64, f64, f64, f64);

struct Label {
    at: (f64, f64),
    text: String,
    size: f64,
    colour: RGBColor,
}

pub(crate) struct Labels {
    plot: (Range<i32>, Range<i32>),
    wanted: Vec<Label>,
    /// Boxes to keep clear of (markers), in pixels.
    obstacles: Vec<Rect>,
}

impl Labels {
    /// Labels inside the plot whose pixel ranges are `plot`.
    pub(crate) fn new(plot: (Range<i32>, Range<i32>)) -> Labels {
        Labels {
            plot,
            wanted: Vec::new(),
            obstacles: Vec::new(),
        }
    }

    /// `text` for the point at `at` (data coordinates), in `size` px.
    pub(crate) fn add(&mut self, at: (f64, f64), text: String, size: f64, colour: RGBColor) {
        self.wanted.push(Label {
            at,
            text,
            size,
            colour,
        });
    }

    /// Sets every label, in the order added.
    pub(crate) fn draw<X, Y>(&mut self, chart: &mut Chart<X, Y>) -> Result<(), String>
    where
        X: Ranged<ValueType = f64>,
        Y: Ranged<ValueType = f64>,
    {
        let pixel = |chart: &Chart<X, Y>, p: (f64, f64)| {
            let (x, y) = chart.backend_coord(&p);
            (f64::from(x), f64::from(y))
        };
        // Every labelled point's marker is kept clear.
        for label in &self.wanted {
            let (x, y) = pixel(chart, label.at);
            self.obstacles.push((x - 5.0, y - 5.0, x + 5.0, y + 5.0));
        }
        let mut placed: Vec<Rect> = Vec::new();
        for label in std::mem::take(&mut self.wanted) {
            let (px, py) = pixel(chart, label.at);
            let w = label.text.chars().count() as f64 * label.size * CHAR_WIDTH;
            let h = label.size;
            let spot = candidates(w, h)
                .map(|(dx, dy)| (dx, dy, (px + dx, py + dy, px + dx + w, py + dy + h)))
                .find(|(_, _, r)| {
                    self.inside(r)
                        && !placed.iter().any(|p| meets(p, r))
                        && !self.obstacles.iter().any(|o| meets(o, r))
                });
            let Some((dx, dy, rect)) = spot else {
                continue; // nowhere free: better no label than one over another
            };
            placed.push(rect);
            let font = ("sans-serif", label.size).into_font().color(&label.colour);
            let (dx, dy) = (dx.round() as i32, dy.round() as i32);
            chart
                .draw_series([EmptyElement::at(label.at) + Text::new(label.text, (dx, dy), font)])
                .map_err(failed)?;
            if dx.abs() > 24 || dy.abs() > 24 {
                // Far from its point: a line from the point to the label.
                let end = (
                    dx + (w / 2.0) as i32,
                    if dy < 0 { dy + h as i32 } else { dy },
                );
                let style = label.colour.mix(0.5).stroke_width(1);
                chart
                    .draw_series([
                        EmptyElement::at(label.at) + PathElement::new([(0, 0), end], style)
                    ])
                    .map_err(failed)?;
            }
        }
        Ok(())
    }

    fn inside(&self, r: &Rect) -> bool {
        let (xs, ys) = &self.plot;
        r.0 >= f64::from(xs.start)
            && r.2 <= f64::from(xs.end)
            && r.1 >= f64::from(ys.start)
            && r.3 <= f64::from(ys.end)
    }
}

/// Offsets of a `w` × `h` label's top left from its point, nearest first.
fn candidates(w: f64, h: f64) -> impl Iterator<Item = (f64, f64)> {
    (0..8).flat_map(move |ring| {
        let far = 6.0 + 14.0 * f64::from(ring);
        [
            (far, -h - 2.0),
            (far, 2.0),
            (-far - w, -h - 2.0),
            (-far - w, 2.0),
            (-w / 2.0, -far - h),
            (-w / 2.0, far),
        ]
    })
}

/// Whether two boxes overlap.
fn meets(a: &Rect, b: &Rect) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}
