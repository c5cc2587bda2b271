//! Training learns: on positions labelled by the built-in evaluation, the
//! loss falls (on held-out positions too, if slowly: halfKP has a weight per
//! king square, and these are few positions), the rounded net stays close
//! to the float one, and the written net agrees with the labels' signs far
//! more often than not.

use rand::{rngs::StdRng, RngExt, SeedableRng};
use yomi_nnue::{Network, Sample, TrainOptions};
use yomi_shogi::eval;
use yomi_shogi::positions;

fn labelled_positions(n: usize) -> Vec<Sample> {
    let mut rng = StdRng::seed_from_u64(3);
    let starts = positions::startpos_and_pro();
    let mut out = Vec::new();
    while out.len() < n {
        let mut pos = starts[rng.random_range(0..starts.len())].clone();
        for _ in 0..rng.random_range(0..30) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.make_move(moves[rng.random_range(0..moves.len())]);
        }
        let value = eval::PLAY.evaluate(&pos).clamp(-3000, 3000);
        out.push(Sample {
            position: pos,
            result: 0.5,
            value,
        });
    }
    out
}

#[test]
fn training_learns_its_labels() {
    let samples = labelled_positions(4000);
    let options = TrainOptions {
        epochs: 8,
        batch: 64,
        learning_rate: 5e-3,
        lambda: 1.0,
        validation_share: 0.1,
        ..TrainOptions::default()
    };
    let mut reports = Vec::new();
    let net: Network = yomi_nnue::train(&samples, &options, |r| reports.push(r.clone())).unwrap();
    assert_eq!(reports.len(), 8);
    let (first, last) = (&reports[0], &reports[7]);
    assert!(
        last.train_loss < first.train_loss * 0.7,
        "loss {} → {}",
        first.train_loss,
        last.train_loss
    );
    assert!(
        last.validation_loss < first.validation_loss,
        "held-out loss {} → {}",
        first.validation_loss,
        last.validation_loss
    );
    assert!(
        last.rounding_cp < 25.0,
        "rounding costs {} cp",
        last.rounding_cp
    );
    // Signs of clearly decided labels.
    let decided: Vec<&Sample> = samples.iter().filter(|s| s.value.abs() > 300).collect();
    let agree = decided
        .iter()
        .filter(|s| {
            let v = yomi_nnue::evaluate(&net, &s.position).unwrap();
            (v > 0) == (s.value > 0)
        })
        .count();
    assert!(
        agree * 10 > decided.len() * 8,
        "{agree} of {} signs agree",
        decided.len()
    );
    // The written file reads back as the same net.
    let back = Network::from_bytes(&net.to_bytes()).unwrap();
    let pos = &samples[0].position;
    assert_eq!(
        yomi_nnue::evaluate(&back, pos),
        yomi_nnue::evaluate(&net, pos)
    );
}
