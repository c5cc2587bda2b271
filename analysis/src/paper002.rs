//! Seed 002's published Tables 1–3 (Marsland and Campbell): the mean
//! simulated elapsed time, one unit a leaf, of tree-splitting (TS),
//! PV-splitting (PV) and staged SSS* (SSS) over 100 ordered trees of width
//! 24 and depth 4, by processor tree (L, K).

use yomi_record::Method;

/// (L, K, TS, PV, SSS); 0 where the paper has no entry.
type Row = (u32, usize, u32, u32, u32);

#[rustfmt::skip]
const RANDOM: &[Row] = &[
    (1, 2, 6443, 6101, 4305), (1, 4, 4384, 4028, 2854), (1, 8, 3273, 2958, 2032),
    (1, 12, 3021, 2644, 1696), (2, 2, 3689, 3967, 0), (2, 4, 1506, 1973, 0),
    (2, 8, 758, 1273, 0), (3, 2, 2317, 0, 0), (3, 4, 654, 0, 0),
];

#[rustfmt::skip]
const STRONG: &[Row] = &[
    (1, 2, 1264, 944, 1140), (1, 4, 1187, 604, 690), (1, 8, 1232, 440, 463),
    (1, 12, 1270, 412, 383), (2, 2, 766, 686, 0), (2, 4, 391, 391, 0),
    (2, 8, 236, 287, 0), (3, 2, 541, 0, 0), (3, 4, 244, 0, 0),
];

#[rustfmt::skip]
const PERFECT: &[Row] = &[
    (1, 2, 863, 599, 876), (1, 4, 719, 311, 497), (1, 8, 647, 167, 284),
    (1, 12, 623, 119, 213), (2, 2, 575, 443, 0), (2, 4, 287, 190, 0),
    (2, 8, 143, 83, 0), (3, 2, 431, 0, 0), (3, 4, 179, 0, 0),
];

/// The paper's time for `method` on processor tree (`levels`, `fanout`)
/// over trees of `ordering` (its TS and PV without options, SSS with
/// stages of two plies), if it has one.
pub(crate) fn find(
    ordering: &str,
    method: Method,
    levels: u32,
    fanout: usize,
    option: Option<u32>,
) -> Option<u32> {
    let table = match ordering {
        "random" => RANDOM,
        "strong" => STRONG,
        "perfect" => PERFECT,
        _ => return None,
    };
    let &(_, _, ts, pv, sss) = table.iter().find(|r| (r.0, r.1) == (levels, fanout))?;
    let time = match (method, option) {
        (Method::TreeSplitting, None) => ts,
        (Method::PvSplitting, Some(1)) => pv,
        (Method::StagedSss, Some(2)) => sss,
        _ => 0,
    };
    (time > 0).then_some(time)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_finds_the_papers_entries_and_only_those() {
        let (ts, pv, sss) = (
            Method::TreeSplitting,
            Method::PvSplitting,
            Method::StagedSss,
        );
        assert_eq!(find("strong", pv, 2, 4, Some(1)), Some(391));
        assert_eq!(find("perfect", sss, 1, 12, Some(2)), Some(213));
        assert_eq!(find("random", ts, 3, 4, None), Some(654));
        assert_eq!(find("random", sss, 2, 2, Some(2)), None);
        assert_eq!(find("perfect", pv, 1, 2, Some(2)), None);
        assert_eq!(find("strong", ts, 1, 3, None), None);
    }
}
