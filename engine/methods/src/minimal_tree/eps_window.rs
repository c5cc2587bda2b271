//! ε-windows (seed 000 §5.4): with NegaScout in the master, a worker given
//! a null pass window (a, a + 1) searches (a − ε, a + 1 + ε), and keeps that
//! window while later pass windows of the task stay inside it, so that its
//! table results stay usable.

use yomi_tree::Value;

/// The window a worker searches for the pass window (`alpha`, `beta`): the
/// ε-widened one for a null window, else the pass window itself.
pub(crate) fn widen(alpha: Value, beta: Value, eps: Value) -> (Value, Value) {
    if i64::from(beta) - i64::from(alpha) == 1 {
        (alpha - eps, beta + eps)
    } else {
        (alpha, beta)
    }
}

/// The worker's window for a task it is searching with `current` when the
/// master's new pass window is (`alpha`, `beta`): kept when the new pass
/// window lies inside it, else the new widened window.
pub(crate) fn update(
    current: (Value, Value),
    alpha: Value,
    beta: Value,
    eps: Value,
) -> (Value, Value) {
    if current.0 <= alpha && beta <= current.1 {
        current
    } else {
        widen(alpha, beta, eps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn null_windows_are_widened_others_kept() {
        assert_eq!(widen(10, 11, 100), (-90, 111));
        assert_eq!(widen(10, 50, 100), (10, 50));
    }

    #[test]
    fn the_paper_example() {
        // Searching (10 − ε, 11 + ε); the pass window moves to (15, 16).
        let eps = 10;
        let current = widen(10, 11, eps);
        assert_eq!(update(current, 15, 16, eps), current, "16 <= 11 + ε: kept");
        let eps = 4;
        let current = widen(10, 11, eps);
        assert_eq!(
            update(current, 15, 16, eps),
            (11, 20),
            "16 > 11 + ε: new window"
        );
        assert_eq!(update(current, 5, 6, eps), (1, 10), "below the old window");
    }
}
