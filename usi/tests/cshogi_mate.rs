//! cshogi's USI engine driver asks `yomi` for `go mate 3000` on the 50
//! mates of 3–11 plies from the ends of professional games
//! (`positions/tsume_pro_endings.sfen`) and referees every answer: each
//! `checkmate` line legal, every attacker move a check, the last position
//! mate (see `scripts/cshogi_mate_check.py`); at least 95 % solved.

mod cshogi_script;

#[test]
fn cshogi_referees_go_mate_on_mates_from_professional_games() {
    cshogi_script::run(
        "cshogi_mate_check.py",
        &[
            "--positions",
            "positions/tsume_pro_endings.sfen",
            "--time-ms",
            "3000",
            "--min-solved",
            "0.95",
        ],
    );
}
