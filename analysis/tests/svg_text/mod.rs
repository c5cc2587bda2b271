//! Text boxes of an SVG figure, reckoned from each `<text>`'s `x`, `y`,
//! `dy`, `text-anchor`, `font-size`, rotation and string length (0.6 of
//! the font size a character: generous for sans-serif), and the pairs of
//! them that overlap.

// Each test crate uses only part of this module.
#![allow(dead_code)]

/// Left, top, right, bottom.
type Rect = (f64, f64, f64, f64);

/// Every text of `svg` with its box.
pub(crate) fn boxes(svg: &str) -> Vec<(String, Rect)> {
    let doc = roxmltree::Document::parse(svg).expect("the figure is well-formed XML");
    let number = |n: &roxmltree::Node, name: &str| -> f64 {
        n.attribute(name)
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0)
    };
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| {
            let text = n.text()?.trim().to_string();
            if text.is_empty() {
                return None;
            }
            let (x, y, size) = (number(&n, "x"), number(&n, "y"), number(&n, "font-size"));
            let w = text.chars().count() as f64 * size * 0.6;
            let (left, right) = match n.attribute("text-anchor") {
                Some("middle") => (x - w / 2.0, x + w / 2.0),
                Some("end") => (x - w, x),
                _ => (x, x + w),
            };
            let (top, bottom) = match n.attribute("dy") {
                Some("0.76em") => (y, y + size),
                Some("0.5ex") => (y - size / 2.0, y + size / 2.0),
                Some("-0.5ex") => (y - size, y),
                _ => (y - 0.8 * size, y + 0.2 * size), // the baseline at y
            };
            let mut rect = (left, top, right, bottom);
            if let Some(rotation) = n.attribute("transform") {
                rect = rotated(rect, rotation);
            }
            Some((text, rect))
        })
        .collect()
}

/// `rect` under `rotate(a, cx, cy)` (a multiple of 90°).
fn rotated(rect: Rect, transform: &str) -> Rect {
    let inner = transform
        .trim_start_matches("rotate(")
        .trim_end_matches(')');
    let v: Vec<f64> = inner
        .split([',', ' '])
        .filter(|s| !s.is_empty())
        .filter_map(|s| s.parse().ok())
        .collect();
    let [a, cx, cy] = v[..] else {
        panic!("unexpected transform {transform:?}");
    };
    let (sin, cos) = a.to_radians().sin_cos();
    let turn = |(x, y): (f64, f64)| {
        let (dx, dy) = (x - cx, y - cy);
        (cx + dx * cos - dy * sin, cy + dx * sin + dy * cos)
    };
    let corners = [
        turn((rect.0, rect.1)),
        turn((rect.2, rect.3)),
        turn((rect.0, rect.3)),
        turn((rect.2, rect.1)),
    ];
    let xs = corners.map(|c| c.0);
    let ys = corners.map(|c| c.1);
    let min = |v: [f64; 4]| v.into_iter().fold(f64::MAX, f64::min);
    let max = |v: [f64; 4]| v.into_iter().fold(f64::MIN, f64::max);
    (min(xs), min(ys), max(xs), max(ys))
}

/// The pairs of texts of `svg` whose boxes overlap (by more than half a
/// pixel: touching is fine).
pub(crate) fn overlaps(svg: &str) -> Vec<(String, String)> {
    let all = boxes(svg);
    let mut out = Vec::new();
    for (i, (a, ra)) in all.iter().enumerate() {
        for (b, rb) in &all[..i] {
            let w = ra.2.min(rb.2) - ra.0.max(rb.0);
            let h = ra.3.min(rb.3) - ra.1.max(rb.1);
            if w > 0.5 && h > 0.5 {
                out.push((a.clone(), b.clone()));
            }
        }
    }
    out
}

/// Panics naming the overlapping texts of the figure `name`, if any.
pub(crate) fn assert_no_overlap(name: &str, svg: &str) {
    let found = overlaps(svg);
    assert!(found.is_empty(), "{name}: overlapping texts {found:?}");
}
