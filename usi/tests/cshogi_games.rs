//! cshogi's USI engine driver plays `yomi` against itself: a complete game
//! at fixed node budgets and a short one under byoyomi, every move checked
//! legal by cshogi, no move over the byoyomi (see
//! `scripts/cshogi_usi_games.py`), with alpha-beta and with UCT-Treesplit.

mod cshogi_script;

#[test]
fn cshogi_referees_games_of_yomi_against_itself() {
    cshogi_script::run("cshogi_usi_games.py", &[]);
}

/// The same under byoyomi and a Fischer clock with `ParallelMethod
/// uct-treesplit` on two threads: Monte-Carlo tree search keeps the
/// clock as alpha-beta does.
#[test]
fn cshogi_referees_uct_treesplit_games_under_clocks() {
    cshogi_script::run(
        "cshogi_usi_games.py",
        &[
            "--games",
            "byoyomi",
            "fischer",
            "--byoyomi-moves",
            "16",
            "--fischer-moves",
            "16",
            "--option",
            "ParallelMethod=uct-treesplit",
            "--option",
            "Threads=2",
        ],
    );
}
