//! Rewards in [0, 1] for the side to move, from Yomi's values: UCT
//! averages win probabilities, not evaluations.

use yomi_tree::{Value, LOSS};

/// A static value's win probability: logistic in `value / scale` (a
/// value of `scale` wins about 73 % of the time); lost and won values map
/// to 0 and 1.
pub fn reward_of_value(value: Value, scale: f64) -> f64 {
    if value <= LOSS {
        0.0
    } else if value >= -LOSS {
        1.0
    } else {
        1.0 / (1.0 + (-f64::from(value) / scale).exp())
    }
}

/// The value whose win probability is `reward` at `scale` ([`reward_of_value`]
/// inverted), within the game's values short of won and lost.
pub fn value_of_reward(reward: f64, scale: f64) -> Value {
    let logit = (reward / (1.0 - reward)).ln() * scale;
    logit
        .clamp(f64::from(LOSS) + 1.0, -f64::from(LOSS) - 1.0)
        .round() as Value
}

/// An ended game's reward: a loss 0, a win 1, anything between (a draw,
/// a score) by its sign, half for zero.
pub fn reward_of_end(value: Value) -> f64 {
    match value.signum() {
        -1 => 0.0,
        1 => 1.0,
        _ => 0.5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewards_are_win_probabilities_for_the_side_to_move() {
        assert_eq!(reward_of_value(LOSS, 100.0), 0.0);
        assert_eq!(reward_of_value(-LOSS, 100.0), 1.0);
        assert_eq!(reward_of_value(0, 100.0), 0.5);
        let (a, b) = (reward_of_value(100, 100.0), reward_of_value(-100, 100.0));
        assert!((a + b - 1.0).abs() < 1e-12 && (a - 0.731).abs() < 0.001);
        assert_eq!(
            (reward_of_end(LOSS), reward_of_end(0), reward_of_end(7)),
            (0.0, 0.5, 1.0)
        );
    }
}
