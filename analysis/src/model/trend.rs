//! A factor's trend over the search depth d: a least-squares line through
//! the points (d, value), or (d, ln value) for a factor that grows by the
//! same ratio each ply, to carry what was measured at small d to a deeper
//! search.

#[derive(Clone, Debug)]
pub(crate) struct Trend {
    /// The measured points (d, value), d ascending.
    pub points: Vec<(u32, f64)>,
    /// Fitted to ln value: exponential in d.
    log: bool,
    intercept: f64,
    slope: f64,
}

impl Trend {
    /// Exponential in d; `None` below two depths or with a value ≤ 0.
    pub(crate) fn exponential(points: Vec<(u32, f64)>) -> Option<Trend> {
        if points.iter().any(|&(_, v)| v <= 0.0) {
            return None;
        }
        Trend::fit(points, true)
    }

    /// Linear in d (a share); `None` below two depths.
    pub(crate) fn linear(points: Vec<(u32, f64)>) -> Option<Trend> {
        Trend::fit(points, false)
    }

    fn fit(mut points: Vec<(u32, f64)>, log: bool) -> Option<Trend> {
        points.sort_by_key(|p| p.0);
        let xy: Vec<(f64, f64)> = points
            .iter()
            .map(|&(d, v)| (f64::from(d), if log { v.ln() } else { v }))
            .collect();
        let n = xy.len() as f64;
        let mx = xy.iter().map(|p| p.0).sum::<f64>() / n;
        let my = xy.iter().map(|p| p.1).sum::<f64>() / n;
        let sxx: f64 = xy.iter().map(|(x, _)| (x - mx).powi(2)).sum();
        if sxx == 0.0 {
            return None; // one depth: no trend
        }
        let slope = xy.iter().map(|(x, y)| (x - mx) * (y - my)).sum::<f64>() / sxx;
        Some(Trend {
            points,
            log,
            intercept: my - slope * mx,
            slope,
        })
    }

    /// The trend's value at depth `d`.
    pub(crate) fn at(&self, d: u32) -> f64 {
        let y = self.intercept + self.slope * f64::from(d);
        if self.log {
            y.exp()
        } else {
            y
        }
    }

    /// What two more plies do: the ratio (exponential) or the difference
    /// (linear).
    pub(crate) fn per_two_plies(&self) -> f64 {
        if self.log {
            (2.0 * self.slope).exp()
        } else {
            2.0 * self.slope
        }
    }

    /// The same kind of trend through the points below `d` only.
    pub(crate) fn below(&self, d: u32) -> Option<Trend> {
        let points = self.points.iter().copied().filter(|p| p.0 < d).collect();
        Trend::fit(points, self.log)
    }

    /// The deepest depth measured.
    pub(crate) fn deepest(&self) -> u32 {
        self.points.last().map_or(0, |p| p.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exponential_trend_carries_the_ratio_per_ply() {
        // 2, 4, 8 at d = 10, 12, 14: twice per two plies, 32 at d = 18.
        let t = Trend::exponential(vec![(14, 8.0), (10, 2.0), (12, 4.0)]).unwrap();
        assert!((t.at(18) - 32.0).abs() < 1e-9);
        assert!((t.per_two_plies() - 2.0).abs() < 1e-12);
        assert_eq!(t.deepest(), 14);
        let below = t.below(14).unwrap();
        assert!((below.at(14) - 8.0).abs() < 1e-9);
        assert!(below.below(12).is_none(), "one depth left: no trend");
    }

    #[test]
    fn a_linear_trend_and_what_has_none() {
        let t = Trend::linear(vec![(16, 0.1), (18, 0.2), (20, 0.3)]).unwrap();
        assert!((t.at(24) - 0.5).abs() < 1e-9);
        assert!((t.per_two_plies() - 0.1).abs() < 1e-12);
        assert!(Trend::linear(vec![(20, 0.3), (20, 0.4)]).is_none());
        assert!(Trend::exponential(vec![(16, 0.0), (18, 1.0)]).is_none());
    }
}
