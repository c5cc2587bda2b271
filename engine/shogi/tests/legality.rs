//! The generator, the legality test for outside moves, make/unmake and the
//! incremental hash agree with each other on positions from random play.

mod common;

use std::collections::HashSet;
use yomi_shogi::board::{Move, Position, UsiMoveError};

#[test]
fn is_legal_agrees_with_the_generator_on_every_encodable_move() {
    let positions = common::random_play(7, 2, 120);
    assert!(positions.len() > 3000);
    for pos in &positions {
        let legal: HashSet<Move> = pos.legal_moves().iter().copied().collect();
        for bits in 0..=u16::MAX {
            if let Some(mv) = Move::from_bits(bits) {
                assert_eq!(
                    pos.is_legal(mv),
                    legal.contains(&mv),
                    "{mv} in {}",
                    pos.to_sfen()
                );
            }
        }
    }
}

#[test]
fn generated_moves_are_distinct_and_counted_exactly() {
    for pos in common::random_play(11, 4, 150) {
        let moves = pos.legal_moves();
        let distinct: HashSet<Move> = moves.iter().copied().collect();
        assert_eq!(
            distinct.len(),
            moves.len(),
            "duplicates in {}",
            pos.to_sfen()
        );
        assert_eq!(
            pos.count_legal_moves(),
            moves.len() as u64,
            "{}",
            pos.to_sfen()
        );
    }
}

#[test]
fn make_unmake_restores_and_the_hash_is_incremental() {
    for mut pos in common::random_play(13, 1, 150) {
        let before = pos.to_sfen();
        let hash = pos.hash();
        for &mv in pos.legal_moves().iter() {
            pos.make_move(mv);
            let fresh = Position::from_sfen(&pos.to_sfen())
                .expect("a legal move leads to a valid position");
            assert_eq!(pos.hash(), fresh.hash(), "hash after {mv} from {before}");
            assert_eq!(
                pos.checkers(),
                fresh.checkers(),
                "checkers after {mv} from {before}"
            );
            pos.unmake_move(mv);
            assert_eq!(pos.to_sfen(), before);
            assert_eq!(pos.hash(), hash);
        }
    }
}

#[test]
fn shogi_core_round_trip() {
    for pos in common::random_play(17, 1, 100) {
        let core = pos.to_core();
        assert_eq!(core.to_sfen_owned(), pos.to_sfen());
        assert_eq!(Position::from_core(&core).unwrap().to_sfen(), pos.to_sfen());
        for &mv in pos.legal_moves().iter() {
            assert_eq!(Move::from_core(mv.into()), Some(mv));
        }
    }
}

#[test]
fn usi_move_text_is_parsed_and_checked() {
    let pos = Position::startpos();
    assert_eq!(pos.parse_usi_move("7g7f").unwrap().to_string(), "7g7f");
    for illegal in ["7g7e", "P*5e", "8h2b+"] {
        assert!(
            matches!(pos.parse_usi_move(illegal), Err(UsiMoveError::Illegal(_))),
            "{illegal}"
        );
    }
    assert!(matches!(
        pos.parse_usi_move("7g7"),
        Err(UsiMoveError::Syntax(_))
    ));
    for pos in common::random_play(19, 1, 80) {
        for &mv in pos.legal_moves().iter() {
            assert_eq!(pos.parse_usi_move(&mv.to_string()), Ok(mv));
        }
    }
}
