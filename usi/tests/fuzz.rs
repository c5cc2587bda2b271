//! Thousands of random and mutated command lines: no crash, no hang, no
//! panic, and `isready` still answered.

mod engine_process;

use engine_process::Engine;
use std::time::Duration;

/// Valid commands the mutations start from (no `quit`, no huge tables).
const CORPUS: &[&str] = &[
    "usi",
    "isready",
    "usinewgame",
    "setoption name Threads value 2",
    "setoption name BranchLimit value 5",
    "setoption name MultiPV value 3",
    "setoption name DepthLimit value 6",
    "setoption name NodesLimit value 20000",
    "setoption name SearchMode value research",
    "setoption name USI_Ponder value false",
    "setoption name ByoyomiMargin value 50",
    "position startpos",
    "position startpos moves 7g7f 3c3d 8h2b+ 3a2b",
    "position sfen ln3g1nl/1r4k2/3spgsp1/pbpp1pp1p/4P4/P1PPSBP1P/1P1S2NP1/2G1RG3/LN1K4L b Pp 51",
    "position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b",
    "go depth 3",
    "go nodes 3000",
    "go btime 100 wtime 100 byoyomi 100",
    "go btime 500 wtime 500 binc 50 winc 50",
    "go movetime 50",
    "go infinite",
    "go ponder btime 100 wtime 100 byoyomi 50",
    "go mate 100",
    "stop",
    "ponderhit",
    "gameover lose",
];

/// xorshift64*: a fixed, dependency-free stream of choices.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn mutate(rng: &mut Rng) -> Vec<u8> {
    let base = CORPUS[rng.below(CORPUS.len())];
    let mut words: Vec<Vec<u8>> = base.split(' ').map(|w| w.as_bytes().to_vec()).collect();
    for _ in 0..=rng.below(3) {
        let i = rng.below(words.len());
        match rng.below(7) {
            0 => {
                words.remove(i);
                if words.is_empty() {
                    words.push(Vec::new());
                }
            }
            1 => {
                let w = words[i].clone();
                words.insert(i, w);
            }
            2 => {
                let j = rng.below(words.len());
                words.swap(i, j);
            }
            3 => {
                // A digit or a letter changed.
                if !words[i].is_empty() {
                    let k = rng.below(words[i].len());
                    words[i][k] = b"0123456789-+*abcxyzPGK/"[rng.below(23)];
                }
            }
            4 => words[i] = (0..rng.below(12)).map(|_| rng.next() as u8).collect(),
            5 => words[i] = b"99999999999999999999999".to_vec(),
            _ => words.truncate(i + 1),
        }
    }
    words.join(&b' ')
}

fn random_bytes(rng: &mut Rng) -> Vec<u8> {
    (0..rng.below(200))
        .map(|_| rng.next() as u8)
        .filter(|&b| b != b'\n')
        .collect()
}

#[test]
fn random_and_mutated_lines_never_break_the_engine() {
    let mut e = Engine::start();
    e.send("setoption name USI_Hash value 8");
    let mut rng = Rng(0x5945_4D49_2024);
    for i in 0..4000 {
        let mut line = if i % 4 == 0 {
            random_bytes(&mut rng)
        } else {
            mutate(&mut rng)
        };
        line.push(b'\n');
        e.send_bytes(&line);
        if i % 500 == 499 {
            e.ready(Duration::from_secs(30));
        }
    }
    e.send("stop");
    e.ready(Duration::from_secs(30));
    e.send("position startpos");
    e.send("go depth 2");
    e.bestmove(Duration::from_secs(30));
    e.send("quit");
    assert_eq!(e.wait_exit(Duration::from_secs(10)), Some(0));
    let errors = e
        .transcript
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .count();
    assert!(errors > 1000, "only {errors} errors reported");
    let stderr = e.stderr();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!e.transcript.iter().any(|l| l.contains("the search failed")));
}
