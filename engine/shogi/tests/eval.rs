//! The static evaluations: colour symmetry, sensible material values,
//! `move_gain` equal to the exact change of `material_placement`, and the
//! tuner's features giving the evaluation back.

mod common;

use std::hint::black_box;
use std::time::Instant;
use yomi_shogi::board::Color;
use yomi_shogi::board::{PieceKind, Position};
use yomi_shogi::eval::weights::Weights;
use yomi_shogi::eval::{
    features, piece_value, play_weights, research_weights, Evaluator, Score, PLAY, RESEARCH,
};

/// An evaluation, its name and its weights.
type Named = (&'static str, &'static Evaluator, fn() -> Weights);

/// Both evaluations: the properties below hold for either.
const BOTH: [Named; 2] = [
    ("research", &RESEARCH, research_weights),
    ("play", &PLAY, play_weights),
];

fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

/// The position with the board rotated 180°, colours and hands swapped and
/// the other side to move: the same game seen by the other player.
fn flipped(pos: &Position) -> Position {
    let text = pos.to_sfen();
    let fields: Vec<&str> = text.split(' ').collect();
    let [board, side, hand, ply] = fields[..] else {
        panic!("four SFEN fields in {text}");
    };
    let ranks: Vec<String> = board
        .split('/')
        .rev()
        .map(|rank| {
            // A token is a run of empty squares, or a piece with its '+'.
            let mut tokens = Vec::new();
            let mut chars = rank.chars();
            while let Some(c) = chars.next() {
                tokens.push(match c {
                    '+' => format!("+{}", swap_case(chars.next().expect("a promoted piece"))),
                    c => swap_case(c).to_string(),
                });
            }
            tokens.reverse();
            tokens.concat()
        })
        .collect();
    let side = if side == "b" { "w" } else { "b" };
    let hand: String = hand.chars().map(swap_case).collect();
    sfen(&format!("{} {side} {hand} {ply}", ranks.join("/")))
}

/// Only White has a king: king-relative terms must cope with a missing one.
const KINGLESS: &str = "4k4/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 1";

fn sfen(text: &str) -> Position {
    Position::from_sfen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn the_flip_helper_rotates_the_board() {
    let pos = sfen("lnsgkgsnl/1r5b1/pppppp1pp/9/9/2P6/PP1PPPP1P/1B5R1/LNSGKGSNL w Pp 2");
    assert_eq!(
        flipped(&pos).to_sfen(),
        "lnsgkgsnl/1r5b1/p1pppp1pp/6p2/9/9/PP1PPPPPP/1B5R1/LNSGKGSNL b Pp 2"
    );
    assert_eq!(flipped(&flipped(&pos)).to_sfen(), pos.to_sfen());
}

#[test]
fn colour_flip_keeps_the_value() {
    let positions = yomi_shogi::positions::startpos_and_pro()
        .into_iter()
        .chain(common::random_play(23, 1, 100))
        .chain([sfen(KINGLESS)]);
    for pos in positions {
        let flip = flipped(&pos);
        for (name, e, _) in BOTH {
            let at = format!("{name}: {}", pos.to_sfen());
            assert_eq!(e.evaluate(&pos), e.evaluate(&flip), "{at}");
            assert_eq!(
                e.material_placement(&pos),
                e.material_placement(&flip),
                "{at}"
            );
        }
    }
}

#[test]
fn the_start_position_is_about_even() {
    for (name, e, _) in BOTH {
        let v = e.evaluate(&Position::startpos());
        assert!(v.abs() < 100, "{name}: start position {v}");
    }
}

#[test]
fn a_missing_pawn_costs_about_a_pawn() {
    let evaluate = |pos: &Position| RESEARCH.evaluate(pos);
    let start = evaluate(&Position::startpos());
    for (rank, side) in [("PP1PPPPPP", "b"), ("PPPPPPP1P", "b"), ("PPPP1PPPP", "w")] {
        let text = format!("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/{rank}/1B5R1/LNSGKGSNL {side} - 1");
        let v = evaluate(&sfen(&text));
        // From Black's view either way.
        let loss = start - if side == "b" { v } else { -v };
        assert!((60..=140).contains(&loss), "{text}: {loss}");
    }
}

#[test]
fn a_piece_in_hand_is_worth_about_its_value() {
    // Each piece is taken off White's side of the start position, then given
    // to Black's hand.
    let evaluate = |pos: &Position| RESEARCH.evaluate(pos);
    for (letter, white_side) in [
        ('P', "lnsgkgsnl/1r5b1/pppppppp1"),
        ('L', "lnsgkgsn1/1r5b1/ppppppppp"),
        ('N', "lnsgkgs1l/1r5b1/ppppppppp"),
        ('S', "lnsgkg1nl/1r5b1/ppppppppp"),
        ('G', "lnsgk1snl/1r5b1/ppppppppp"),
        ('B', "lnsgkgsnl/1r7/ppppppppp"),
        ('R', "lnsgkgsnl/7b1/ppppppppp"),
    ] {
        let board = format!("{white_side}/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL");
        let without = evaluate(&sfen(&format!("{board} b - 1")));
        let gain = evaluate(&sfen(&format!("{board} b {letter} 1"))) - without;
        let value = piece_value(PieceKind::from_sfen_letter(letter).unwrap());
        assert!(
            (gain - value).abs() <= value / 5,
            "{letter} in hand: {gain} for a value of {value}"
        );
    }
}

#[test]
fn promotions_and_material_order() {
    use PieceKind::*;
    let order = [Pawn, Lance, Knight, Silver, Gold, Bishop, Rook];
    assert!(order
        .windows(2)
        .all(|w| piece_value(w[0]) < piece_value(w[1])));
    for kind in [Pawn, Lance, Knight, Silver, Bishop, Rook] {
        assert!(piece_value(kind.promoted()) > piece_value(kind), "{kind:?}");
    }
}

/// The king-safety part of the research evaluation, for the side to move.
fn king_safety(pos: &Position) -> Score {
    RESEARCH.evaluate(pos) - RESEARCH.material_placement(pos)
}

#[test]
fn king_safety_punishes_an_exposed_king_facing_drops() {
    // Black holds every piece; White's bare king is open to drops.
    let bare = sfen("4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1");
    assert!(king_safety(&bare) > 90, "{}", king_safety(&bare));
    // The same king boxed in by its own generals and pawns is safer.
    let castled = sfen("3gkg3/3sps3/9/9/9/9/9/9/4K4 b 2R2B2G2S4N4L17P 1");
    assert!(king_safety(&castled) < king_safety(&bare) / 2);
    // Attackers next to the king weigh on top of the drops.
    let attacked = sfen("4k4/2+P3+P2/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L16P 1");
    assert!(king_safety(&attacked) > king_safety(&bare) + 50);
    // With nothing to drop and nobody near, the start position is quiet.
    assert_eq!(king_safety(&Position::startpos()), 0);
}

/// For every legal non-king move, `move_gain` is the mover's exact change of
/// `material_placement`.
fn check_move_gain(e: &'static Evaluator, pos: &mut Position) {
    let before = e.material_placement(pos);
    for &mv in pos.legal_moves().iter() {
        let is_king = !mv.is_drop() && pos.piece_at(mv.from()).kind() == PieceKind::King;
        let gain = e.move_gain(pos, mv);
        pos.make_move(mv);
        let after = -e.material_placement(pos);
        pos.unmake_move(mv);
        if !is_king {
            assert_eq!(after - before, gain, "{mv} in {}", pos.to_sfen());
        }
    }
}

#[test]
fn move_gain_is_the_exact_placement_change() {
    let mut positions = yomi_shogi::positions::startpos_and_pro();
    positions.extend(common::random_play(29, 1, 100));
    positions.push(sfen(KINGLESS));
    assert!(positions.len() > 3000);
    for mut pos in positions {
        for (_, e, _) in BOTH {
            check_move_gain(e, &mut pos);
        }
    }
}

#[test]
fn the_features_give_the_evaluation_back() {
    let mut positions = yomi_shogi::positions::startpos_and_pro();
    positions.extend(common::random_play(31, 1, 100));
    positions.push(sfen(KINGLESS));
    for (name, e, weights) in BOTH {
        let flat: Vec<f64> = weights().to_flat().into_iter().map(f64::from).collect();
        for pos in &positions {
            let black = features(pos).dot(&flat);
            let sign = if pos.side_to_move() == Color::Black {
                1
            } else {
                -1
            };
            let v = sign * e.evaluate(pos);
            // King danger is rounded per side in the evaluation.
            assert!(
                (black - f64::from(v)).abs() <= 2.0,
                "{name}: {black} against {v} in {}",
                pos.to_sfen()
            );
        }
    }
}

/// Run by hand: `cargo test --release -p yomi-shogi --test eval -- --ignored --nocapture`.
#[test]
#[ignore]
fn timing() {
    let positions: Vec<Position> = yomi_shogi::positions::startpos_and_pro()
        .into_iter()
        .skip(1)
        .collect();
    let rounds = 20_000;
    let time = |name: &str, calls: usize, f: &dyn Fn() -> Score| {
        let start = Instant::now();
        let mut sum = 0;
        for _ in 0..rounds {
            sum += f();
        }
        let ns = start.elapsed().as_nanos() as f64 / (rounds * calls) as f64;
        println!("{name}: {ns:.1} ns/call (checksum {sum})");
    };
    time("evaluate", positions.len(), &|| {
        positions.iter().map(|p| PLAY.evaluate(black_box(p))).sum()
    });
    time("material_placement", positions.len(), &|| {
        positions
            .iter()
            .map(|p| PLAY.material_placement(black_box(p)))
            .sum()
    });
    let moves: Vec<_> = positions
        .iter()
        .flat_map(|p| p.legal_moves().iter().map(|&m| (p, m)).collect::<Vec<_>>())
        .collect();
    time("move_gain", moves.len(), &|| {
        moves
            .iter()
            .map(|&(p, m)| PLAY.move_gain(black_box(p), black_box(m)))
            .sum()
    });
}
