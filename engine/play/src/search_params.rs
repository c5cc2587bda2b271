//! The play search's numeric parameters (margins, reductions, history
//! bonuses), in one list with their defaults and the ranges a tuner may
//! try. A match runner's SPSA sets them as USI options (`yomi usi
//! --search-params` lists them; `usi_tunables` describes them to
//! ShogiArena); games are played with the defaults.

/// One parameter as a tuner sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tunable {
    /// The USI option's name.
    pub option: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    /// SPSA's perturbation at the end of a run (its `c_end`).
    pub step: i32,
    /// What the search does with it.
    pub meaning: &'static str,
}

/// Declares [`SearchParams`] and [`TUNABLES`] from one list, so that a
/// field, its option and its range cannot drift apart.
macro_rules! search_params {
    ($($field:ident $option:literal = $default:literal in $min:literal..=$max:literal
        step $step:literal: $meaning:literal;)*) => {
        /// The play search's numeric parameters; see [`TUNABLES`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SearchParams {
            $(#[doc = $meaning] pub $field: i32,)*
        }

        impl Default for SearchParams {
            fn default() -> SearchParams {
                SearchParams { $($field: $default,)* }
            }
        }

        /// Every parameter, in declaration order.
        pub const TUNABLES: &[Tunable] = &[$(Tunable {
            option: $option,
            default: $default,
            min: $min,
            max: $max,
            step: $step,
            meaning: $meaning,
        },)*];

        impl SearchParams {
            /// Sets the parameter whose option is `option` (any case) to
            /// `value` clamped to its range; the value set, or `None` for a
            /// name that is no parameter.
            pub fn set(&mut self, option: &str, value: i32) -> Option<i32> {
                $(if option.eq_ignore_ascii_case($option) {
                    self.$field = value.clamp($min, $max);
                    return Some(self.$field);
                })*
                None
            }

            /// The value of the parameter whose option is `option`.
            pub fn get(&self, option: &str) -> Option<i32> {
                $(if option.eq_ignore_ascii_case($option) {
                    return Some(self.$field);
                })*
                None
            }
        }
    };
}

search_params! {
    razor_margin "RazorMargin" = 250 in 50..=600 step 25:
        "Razoring: a node this far below alpha per ply of depth (depth 1-2) tries captures only.";
    reverse_futility_margin "ReverseFutilityMargin" = 80 in 20..=200 step 8:
        "Reverse futility: a node this far above beta per ply of depth returns its static value.";
    reverse_futility_improving "ReverseFutilityImproving" = 40 in 0..=120 step 6:
        "Reverse futility: the margin less this when the static value improves on two plies before.";
    reverse_futility_depth "ReverseFutilityDepth" = 4 in 2..=12 step 1:
        "Reverse futility: the deepest node it applies to.";
    reverse_futility_tt_pv "ReverseFutilityTtPv" = 0 in 0..=1 step 1:
        "Reverse futility: 1 spares a node on a principal variation now or when last searched.";
    null_move_base "NullMoveBase" = 5 in 1..=6 step 1:
        "Null move: the reduction's constant part.";
    null_move_depth_divisor "NullMoveDepthDivisor" = 3 in 2..=8 step 1:
        "Null move: a ply more of reduction per this many plies of depth.";
    null_move_eval_divisor "NullMoveEvalDivisor" = 200 in 50..=600 step 20:
        "Null move: a ply more of reduction per this much above beta (three at most).";
    iir_depth "IirDepth" = 4 in 2..=12 step 1:
        "Internal iterative reduction: a node without a table move this deep or deeper is searched a ply shallower.";
    singular_depth "SingularDepth" = 8 in 4..=14 step 1:
        "Singular extension: the shallowest node it is tried at.";
    singular_margin "SingularMargin" = 2 in 1..=8 step 1:
        "Singular extension: the other moves must fall this much per ply of depth below the table's value.";
    singular_negative "SingularNegative" = 0 in 0..=1 step 1:
        "Singular extension: 1 searches the table move 3 plies shallower where the other moves reach beta, 2 at an expected cut node; 0 at its depth.";
    check_extension_depth "CheckExtensionDepth" = 1 in 1..=64 step 1:
        "Check extension: moves that give check are searched a ply deeper at this depth and above.";
    check_extension_see "CheckExtensionSee" = 0 in 0..=1 step 1:
        "Check extension: 1 extends only the checks that lose no material (static exchange); 0 every check.";
    check_see_pruning "CheckSeePruning" = 1 in 0..=1 step 1:
        "Shallow pruning: 1 also leaves out checks that lose material (static exchange), as captures; 0 spares every check.";
    capture_history "CaptureHistory" = 2 in 0..=2 step 1:
        "Capture history: 1 orders captures and promotions by the material taken and what such moves did before, learnt at each cutoff; 0 by victim and attacker only; 2 as 1 with an NNUE net (+26 in self-play there), as 0 with the built-in evaluation (no gain shown there).";
    continuation_plies "ContinuationPlies" = 2 in 2..=4 step 1:
        "Continuation histories: how many of the moves 1, 2, 4 and 6 plies before a node score its quiet moves and learn from its cutoffs.";
    correction_history "CorrectionHistory" = 1 in 0..=1 step 1:
        "Correction history: 1 corrects static values by what searches found of their errors (per pawns, minor pieces, other pieces, move pairs); 0 takes them as they are.";
    late_move_base "LateMoveBase" = 3 in 0..=12 step 1:
        "Late move pruning: quiet moves past (this + depth^2), halved when not improving, are left out.";
    quiet_check_bonus "QuietCheckBonus" = 0 in 0..=32768 step 2048:
        "Move ordering: a quiet check that loses at most 75 by SEE is ordered this much above its history (YaneuraOu: 16,384; 0: off).";
    late_move_checks "LateMoveChecks" = 1 in 0..=1 step 1:
        "Late move pruning: 1 keeps the quiet checks; 0 leaves them out with the other quiet moves, as YaneuraOu does.";
    history_pruning "HistoryPruning" = 2000 in 500..=6000 step 150:
        "Shallow pruning: a quiet move whose history is below minus this per ply of depth is left out.";
    history_pruning_depth "HistoryPruningDepth" = 1800 in 600..=6000 step 150:
        "Shallow pruning: a quiet move is judged a ply deeper per this much history (futility and SEE at the reduced depth).";
    futility_base "FutilityBase" = 52 in 0..=200 step 8:
        "Futility: a quiet move is left out when the static value plus this and the margins below stays at or below alpha.";
    futility_per_depth "FutilityPerDepth" = 148 in 50..=300 step 10:
        "Futility: the margin per ply of the depth the move's reduction leaves.";
    futility_no_best "FutilityNoBest" = 186 in 0..=400 step 15:
        "Futility: the margin more while no move has raised alpha.";
    futility_above_alpha "FutilityAboveAlpha" = 106 in 0..=300 step 10:
        "Futility: the margin more when the static value is above alpha.";
    see_quiet "SeeQuiet" = 31 in 5..=100 step 4:
        "Shallow pruning: a quiet move losing more than this per ply squared of the depth its reduction leaves (static exchange) is left out.";
    capture_futility_base "CaptureFutilityBase" = 270 in 50..=600 step 20:
        "Capture futility: a capture is left out when the static value plus this, the per-depth margin and the piece taken stays at or below alpha.";
    capture_futility_per_depth "CaptureFutilityPerDepth" = 275 in 50..=500 step 20:
        "Capture futility: the margin per ply of the depth the reduction leaves.";
    see_tactical "SeeTactical" = 120 in 20..=300 step 10:
        "Shallow pruning: a capture losing more than this per ply of depth (static exchange) is left out.";
    lmr_base "LmrBase" = 75 in 0..=200 step 8:
        "Late move reductions: the table's constant part, in hundredths of a ply.";
    lmr_divisor "LmrDivisor" = 225 in 100..=500 step 15:
        "Late move reductions: ln(depth) ln(move number) divided by this, in hundredths.";
    lmr_check "LmrCheck" = 1 in 0..=3 step 1:
        "Late move reductions: plies less for a move that gives check (2 against 1: +45 (+15 to +76) in 465 games in self-play at 100,000 nodes; YaneuraOu: none).";
    lmr_cut "LmrCut" = 1 in 0..=3 step 1:
        "Late move reductions: plies more at a node expected to cut off (a child first searched with a null window: nearly every non-PV node).";
    lmr_table_capture "LmrTableCapture" = 0 in 0..=2 step 1:
        "Late move reductions: plies more where the table move is a capture.";
    lmr_child_cutoffs "LmrChildCutoffs" = 0 in 0..=2 step 1:
        "Late move reductions: plies more where more than two nodes a ply below (under the node above) cut off.";
    lmr_tt_pv "LmrTtPv" = 0 in 0..=2 step 1:
        "Late move reductions: at a node on a principal variation now or when last searched, this many plies less, and a ply less each where the table's value beats alpha and where its depth reaches the node's (0: off).";
    lmr_deeper "LmrDeeper" = 0 in 0..=120 step 6:
        "Late move reductions: where the reduced search beats alpha, the search again is a ply deeper when its value beats the best so far by this, a ply shallower when it beats it by less than LmrShallower (YaneuraOu: 48 and 9; 0: off, again at the unreduced depth).";
    lmr_shallower "LmrShallower" = 9 in 0..=60 step 3:
        "Late move reductions: with LmrDeeper on, the search again is a ply shallower when the reduced search's value beats the best so far by less than this.";
    lmr_history_divisor "LmrHistoryDivisor" = 8192 in 2048..=32768 step 512:
        "Late move reductions: a quiet move's reduction shrinks by a ply per this much history.";
    history_bonus_quadratic "HistoryBonusQuadratic" = 16 in 2..=64 step 2:
        "History: a cutoff's bonus per depth squared.";
    history_bonus_linear "HistoryBonusLinear" = 32 in 0..=128 step 6:
        "History: a cutoff's bonus per ply of depth.";
    history_bonus_max "HistoryBonusMax" = 1600 in 400..=4000 step 120:
        "History: the largest bonus.";
    history_malus "HistoryMalus" = 100 in 25..=400 step 25:
        "History: the quiet moves tried before a quiet cutoff fall by this percentage of its bonus (YaneuraOu's fall is 3 to 10 times its rise).";
    fail_low_bonus "FailLowBonus" = 0 in 0..=400 step 20:
        "History: where no move of a node raises alpha, the opponent's quiet move into it rises by this percentage of a cutoff's bonus, in its history and continuation histories, as the move that refuted ours (YaneuraOu's and Stockfish's prior-countermove bonus); 0 leaves it.";
    table_cutoff_bonus "TableCutoffBonus" = 0 in 0..=200 step 10:
        "History: where the table's value cuts a node off, its quiet move rises by this percentage of a cutoff's bonus in its history and continuation histories (YaneuraOu: about 80); 0 leaves it.";
    history_aging "HistoryAging" = 1 in 0..=1 step 1:
        "History: 1 halves the quiet, continuation and capture histories before each search, so that the newer weigh more; 0 keeps them as they are until a new game (YaneuraOu's way).";
    reduction_hindsight "ReductionHindsight" = 0 in 0..=1 step 1:
        "Late move reductions: 1 revises a reduced node's depth in hindsight, a ply deeper after a reduction of 3 or more where the opponent's static value did not worsen, a ply shallower after one of 2 or more where both sides' static values sum above 173, as YaneuraOu does; 0 leaves it.";
    alpha_raise_reduction "AlphaRaiseReduction" = 0 in 0..=2 step 1:
        "Principal variation: after a move raises alpha without a cutoff, the moves after it are searched this many plies shallower, at depths 3 to 13 and while the value is no mate (YaneuraOu: 2; 0: off).";
    fail_high_damping "FailHighDamping" = 0 in 0..=1 step 1:
        "Main search: 1 draws a value that cuts off toward beta, by one part in depth + 1, as YaneuraOu does (values that are no mates); 0 keeps it.";
    quiescence_pruning "QuiescencePruning" = 1 in 0..=1 step 1:
        "Quiescence: 1 prunes as YaneuraOu does (past the first two captures only checks and recaptures, the margin's futility and SEE against alpha, in check only captures once mate is escaped; +76 Elo at byoyomi 100 ms); 0 by delta and SEE alone, every evasion.";
    quiescence_damping "QuiescenceDamping" = 0 in 0..=1 step 1:
        "Quiescence: 1 draws a value that cuts off (standing pat or after the moves) halfway to beta, as YaneuraOu does; 0 keeps it.";
    generate_all_legal_moves "GenerateAllLegalMoves" = 1 in 0..=1 step 1:
        "Move generation: 0 leaves out the moves that could promote but do not of pawns, bishops and rooks, and a lance's onto the second rank (promoted, each keeps every move it had), as YaneuraOu's search does; 1 searches every legal move.";
    quiescence_see "QuiescenceSee" = 0 in 0..=150 step 8:
        "Quiescence: with QuiescencePruning 1, a move losing more than this by static exchange is left out (YaneuraOu: 73; 0: any move that loses material).";
    delta_margin "DeltaMargin" = 200 in 50..=600 step 20:
        "Quiescence: a capture that cannot lift the static value within this of alpha is left out.";
}

impl SearchParams {
    /// Late move reductions by depth and move number (plies).
    pub(crate) fn reductions(&self) -> Vec<[u8; 64]> {
        let base = f64::from(self.lmr_base) / 100.0;
        let divisor = f64::from(self.lmr_divisor) / 100.0;
        (0..64)
            .map(|d| {
                let mut row = [0u8; 64];
                for (m, r) in row.iter_mut().enumerate().skip(1) {
                    if d > 0 {
                        let v = base + (d as f64).ln() * (m as f64).ln() / divisor;
                        *r = v.max(0.0) as u8;
                    }
                }
                row
            })
            .collect()
    }

    /// A quiet cutoff's history bonus at `depth`.
    pub(crate) fn history_bonus(&self, depth: i32) -> i32 {
        (depth * depth * self.history_bonus_quadratic + self.history_bonus_linear * depth)
            .min(self.history_bonus_max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_in_their_ranges_and_options_are_unique() {
        let params = SearchParams::default();
        for t in TUNABLES {
            assert!(t.min <= t.default && t.default <= t.max, "{t:?}");
            assert!(t.step > 0 && t.step <= t.max - t.min, "{t:?}");
            assert_eq!(params.get(t.option), Some(t.default));
            let same = TUNABLES.iter().filter(|u| u.option == t.option).count();
            assert_eq!(same, 1, "{}", t.option);
        }
    }

    #[test]
    fn set_clamps_and_refuses_unknown_names() {
        let mut params = SearchParams::default();
        assert_eq!(params.set("razormargin", 300), Some(300));
        assert_eq!(params.razor_margin, 300);
        assert_eq!(params.set("RazorMargin", 10_000), Some(600));
        assert_eq!(params.set("NoSuchParameter", 1), None);
        assert_eq!(params.get("NoSuchParameter"), None);
    }

    #[test]
    fn the_reduction_table_and_bonus_keep_their_old_values() {
        let table = SearchParams::default().reductions();
        // 0.75 + ln d ln m / 2.25, truncated.
        assert_eq!(
            (table[1][1], table[4][4], table[10][20], table[63][63]),
            (0, 1, 3, 8)
        );
        assert_eq!(table[0], [0; 64]);
        let p = SearchParams::default();
        assert_eq!(
            (p.history_bonus(1), p.history_bonus(5), p.history_bonus(20)),
            (48, 560, 1600)
        );
    }
}
