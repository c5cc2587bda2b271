//! cshogi's USI engine driver plays `yomi` against itself: a complete game
//! at fixed node budgets and a short one under byoyomi, every move checked
//! legal by cshogi, no move over the byoyomi (see
//! `scripts/cshogi_usi_games.py`).

mod cshogi_script;

#[test]
fn cshogi_referees_games_of_yomi_against_itself() {
    cshogi_script::run("cshogi_usi_games.py", &[]);
}
