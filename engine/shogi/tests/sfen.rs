//! SFEN parsing: clear errors for bad input, never a panic, and round trips.

use proptest::prelude::*;
use yomi_shogi::board::{Color, Position, SfenError, STARTPOS};

fn err(text: &str) -> SfenError {
    match Position::from_sfen(text) {
        Ok(_) => panic!("accepted {text:?}"),
        Err(e) => e,
    }
}

#[test]
fn bad_sfens_give_the_right_errors() {
    use SfenError::*;
    assert_eq!(err(""), Empty);
    assert_eq!(
        err("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1"),
        RankCount(8)
    );
    assert_eq!(
        err("lnsgkgsnl/1r5b1/ppppppppp/9/9/8/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
        RankLength {
            rank: 6,
            squares: 8
        }
    );
    assert_eq!(
        err("lnsgkgsnl/1r5b1/ppppppppp/9/9/91/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
        RankLength {
            rank: 6,
            squares: 10
        }
    );
    assert_eq!(
        err("lnsgkgsnl/1r5b1/ppppppppp/9/4X4/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
        UnknownPiece {
            letter: 'X',
            rank: 5
        }
    );
    assert_eq!(
        err("lnsgkgsnl/1r5b1/ppppppppp/9/4+G4/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
        BadPromotion { rank: 5 }
    );
    assert_eq!(
        err("lnsgkgsnl/1r5b1/ppppppppp/9/8+/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
        BadPromotion { rank: 5 }
    );
    assert_eq!(
        err("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"),
        MissingSide
    );
    assert_eq!(
        err("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1"),
        BadSide("x".into())
    );
    assert_eq!(
        err("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b"),
        MissingHand
    );
    for hand in ["K", "+P", "0P", "19p", "PP", "2", "X", "P-"] {
        let text = format!("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b {hand} 1");
        assert!(matches!(err(&text), BadHand { .. }), "hand {hand}");
    }
    assert_eq!(
        err("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0"),
        BadMoveNumber("0".into())
    );
    assert_eq!(
        err("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 x"),
        TrailingText("x".into())
    );
    assert_eq!(
        err("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1"),
        TooManyPieces {
            letter: 'P',
            count: 19,
            max: 18
        }
    );
    assert_eq!(
        err("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2B 1"),
        TooManyPieces {
            letter: 'B',
            count: 4,
            max: 2
        }
    );
    assert_eq!(err("4k4/9/9/9/9/9/9/9/3KK4 b - 1"), TwoKings(Color::Black));
    assert!(matches!(
        err("P3k4/9/9/9/9/9/9/9/4K4 b - 1"),
        DeadPiece(Color::Black, _)
    ));
    assert!(matches!(
        err("4k4/1N7/9/9/9/9/9/9/4K4 b - 1"),
        DeadPiece(Color::Black, _)
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/l3K4 b - 1"),
        DeadPiece(Color::White, _)
    ));
    assert_eq!(
        err("4k4/9/9/9/4P4/4P4/9/9/4K4 b - 1"),
        TwoPawns(Color::Black, 5)
    );
    assert_eq!(err("4k4/4R4/9/9/9/9/9/9/4K4 b - 1"), OpponentInCheck);
}

#[test]
fn unusual_but_valid_sfens_parse() {
    // No Black king, no White king, a move number omitted, counts in hand.
    for text in [
        "4k4/9/9/9/9/9/9/9/9 b 16P 1",
        "9/9/9/9/9/9/9/9/4K4 w 2r2b4g4s4n4l18p",
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        STARTPOS,
    ] {
        let pos = Position::from_sfen(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            Position::from_sfen(&pos.to_sfen()).unwrap().to_sfen(),
            pos.to_sfen()
        );
    }
}

/// A valid SFEN with some characters replaced, inserted or deleted.
fn mutated_sfen() -> impl Strategy<Value = String> {
    let sources: Vec<String> = yomi_shogi::positions::startpos_and_pro()
        .iter()
        .map(|p| p.to_sfen())
        .collect();
    (
        proptest::sample::select(sources),
        proptest::collection::vec((any::<u8>(), 0usize..100, 0u8..3), 1..4),
    )
        .prop_map(|(source, edits)| {
            let mut bytes = source.into_bytes();
            for (byte, at, op) in edits {
                let at = at % (bytes.len() + 1);
                const ALPHABET: &[u8] = b"0123456789+-/ bwPLNSGBRKplnsgbrkx\t";
                let byte = ALPHABET[byte as usize % ALPHABET.len()];
                match op {
                    0 if at < bytes.len() => bytes[at] = byte,
                    1 => bytes.insert(at, byte),
                    _ if at < bytes.len() => {
                        bytes.remove(at);
                    }
                    _ => {}
                }
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,200}") {
        let _ = Position::from_sfen(&text);
    }

    #[test]
    fn mutated_sfens_are_rejected_or_round_trip(text in mutated_sfen()) {
        if let Ok(pos) = Position::from_sfen(&text) {
            let again = Position::from_sfen(&pos.to_sfen()).expect("written SFEN parses");
            prop_assert_eq!(again.to_sfen(), pos.to_sfen());
            prop_assert_eq!(again.hash(), pos.hash());
            // Whatever parses is safe to generate moves on and play.
            let mut pos = pos;
            for &mv in pos.legal_moves().iter() {
                pos.make_move(mv);
                pos.unmake_move(mv);
            }
        }
    }
}
