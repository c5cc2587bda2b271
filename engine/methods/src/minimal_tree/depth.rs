//! GetSearchDepth (seed 000 Fig. 5): what a worker searches next for a
//! task, given what it has already finished for the task's position.

use yomi_tree::Value;

/// A finished search of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Finished {
    pub depth: u32,
    pub alpha: Value,
    pub beta: Value,
}

/// The depth of the next search for a task of `required` depth with window
/// (`alpha`, `beta`), or `None` when a finished search already covers it
/// (as deep, with the same or a wider window). With dynamic updates the
/// worker deepens 2 plies past its deepest finished search of the position
/// (from 1 or 2 by parity); without them it always searches the required
/// depth (deepening inside that search).
pub(crate) fn next_depth(
    finished: &[Finished],
    required: u32,
    alpha: Value,
    beta: Value,
    updates: bool,
) -> Option<u32> {
    if finished
        .iter()
        .any(|f| f.depth >= required && f.alpha <= alpha && beta <= f.beta)
    {
        return None;
    }
    if !updates {
        return Some(required);
    }
    let deepest = finished.iter().map(|f| f.depth).max();
    Some(match deepest {
        Some(d) => (d + 2).min(required),
        None if required.is_multiple_of(2) => 2.min(required),
        None => 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(depth: u32, alpha: Value, beta: Value) -> Finished {
        Finished { depth, alpha, beta }
    }

    #[test]
    fn deepens_two_plies_at_a_time_up_to_the_required_depth() {
        assert_eq!(next_depth(&[], 6, 0, 10, true), Some(2));
        assert_eq!(next_depth(&[], 5, 0, 10, true), Some(1));
        assert_eq!(next_depth(&[f(2, 0, 10)], 6, 0, 10, true), Some(4));
        assert_eq!(
            next_depth(&[f(2, 0, 10), f(4, -5, 5)], 6, 0, 10, true),
            Some(6)
        );
        assert_eq!(next_depth(&[], 0, 0, 10, true), Some(0));
    }

    #[test]
    fn skips_what_is_already_searched_deep_and_wide_enough() {
        assert_eq!(next_depth(&[f(6, -10, 20)], 6, 0, 10, true), None);
        assert_eq!(next_depth(&[f(8, 0, 10)], 6, 0, 10, true), None);
        // A narrower finished window does not cover a wider task window.
        assert_eq!(next_depth(&[f(6, 0, 5)], 6, 0, 10, true), Some(6));
    }

    #[test]
    fn without_updates_the_required_depth() {
        assert_eq!(next_depth(&[], 6, 0, 10, false), Some(6));
        assert_eq!(next_depth(&[f(6, -10, 20)], 6, 0, 10, false), None);
    }
}
