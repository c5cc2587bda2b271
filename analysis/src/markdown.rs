//! A Markdown table and the number formats the report prints.

pub(crate) struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    pub(crate) fn new(header: &[&str]) -> Table {
        Table {
            header: header.iter().map(|h| h.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    pub(crate) fn row(&mut self, cells: Vec<String>) {
        debug_assert_eq!(cells.len(), self.header.len());
        self.rows.push(cells);
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    pub(crate) fn render(&self) -> String {
        let line = |cells: &[String]| format!("| {} |\n", cells.join(" | "));
        let mut out = line(&self.header);
        out += &line(&vec!["---".to_string(); self.header.len()]);
        for row in &self.rows {
            out += &line(row);
        }
        out
    }
}

/// Seconds with two decimals, as the paper prints them; three significant
/// digits below a second.
pub(crate) fn time(s: f64) -> String {
    if s >= 1.0 {
        format!("{s:.2}")
    } else {
        significant(s)
    }
}

/// A ratio or speedup: two decimals, three significant digits below 1.
pub(crate) fn ratio(x: f64) -> String {
    if x >= 1.0 {
        format!("{x:.2}")
    } else {
        significant(x)
    }
}

/// Leaves in millions, as the paper prints them.
pub(crate) fn millions(leaves: f64) -> String {
    let m = leaves / 1e6;
    if m >= 100.0 {
        format!("{m:.0}")
    } else {
        significant(m)
    }
}

/// A whole number with its thousands marked: 12,759,256.
pub(crate) fn thousands(n: f64) -> String {
    let digits = format!("{n:.0}");
    let (sign, digits) = match digits.strip_prefix('-') {
        Some(d) => ("-", d),
        None => ("", digits.as_str()),
    };
    let mut out = sign.to_string();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

pub(crate) fn optional(x: Option<f64>, f: fn(f64) -> String) -> String {
    x.map_or_else(|| "—".to_string(), f)
}

fn significant(x: f64) -> String {
    if x == 0.0 {
        return "0".into();
    }
    let decimals = (2 - x.abs().log10().floor() as i32).clamp(0, 6) as usize;
    format!("{x:.decimals$}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_three_significant_digits() {
        assert_eq!(time(19438.92), "19438.92");
        assert_eq!(time(1.23456), "1.23");
        assert_eq!(time(56.71), "56.71");
        assert_eq!(time(0.0123456), "0.0123");
        assert_eq!(millions(790e6), "790");
        assert_eq!(millions(302_445.0), "0.302");
        assert_eq!(ratio(0.4721), "0.472");
        assert_eq!(optional(None, ratio), "—");
        let mut t = Table::new(&["a", "b"]);
        t.row(vec!["1".into(), "2".into()]);
        assert_eq!(t.render(), "| a | b |\n| --- | --- |\n| 1 | 2 |\n");
    }
}
