//! Seed 001 §III-B's logical network between broadcast ranks: m connected
//! k-ary n-cubes. A broadcast runs along the cube's dimensions in turn
//! (Procedure Broadcast) and every rank it reaches in the first cube
//! passes it to its counterparts in the other m − 1 cubes, so each rank
//! talks to at most n + m − 1 others and a message needs n(k − 1) + 1
//! hops.

/// `m` cubes of `k`ⁿ ranks each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CubeNet {
    pub m: usize,
    pub k: usize,
    pub n: usize,
}

/// Seed 001 keeps each broadcast rank under 16 peers, 4 of them its
/// search ranks: n + m − 1 ≤ 12.
pub const PEER_LIMIT: usize = 12;

impl CubeNet {
    /// The network for `ranks` broadcast ranks: kⁿ·m = ranks with
    /// n + m − 1 ≤ `limit`, the least k + n (seed 001), then the fewest
    /// hops. One ring of `ranks` (k = ranks, n = m = 1) always fits.
    pub fn for_ranks(ranks: usize, limit: usize) -> CubeNet {
        let ranks = ranks.max(1);
        let mut best = CubeNet {
            m: 1,
            k: ranks,
            n: 1,
        };
        let cost = |c: &CubeNet| (c.k + c.n, c.hops());
        for m in (1..=ranks).filter(|&m| ranks.is_multiple_of(m)) {
            let cube = ranks / m;
            for n in 1..=limit {
                if n + m - 1 > limit {
                    break;
                }
                let Some(k) = (1..=cube).find(|&k| k.checked_pow(n as u32) == Some(cube)) else {
                    continue;
                };
                let c = CubeNet { m, k, n };
                if cost(&c) < cost(&best) {
                    best = c;
                }
            }
        }
        best
    }

    pub fn size(&self) -> usize {
        self.m * self.k.pow(self.n as u32)
    }

    /// The most hops a broadcast takes.
    pub fn hops(&self) -> usize {
        self.n * (self.k - 1) + 1
    }

    /// Where rank `at` sends a broadcast that `origin` began: to a rank in
    /// the same cube with the dimension it goes on from (`Some`), or to a
    /// counterpart in another cube that only delivers it (`None`).
    /// `dimension` is the one `at` was given (ignored at the origin).
    pub fn forward(
        &self,
        origin: usize,
        at: usize,
        dimension: usize,
    ) -> Vec<(usize, Option<usize>)> {
        let cube = self.k.pow(self.n as u32);
        let (a, b) = (at / cube, at % cube);
        let star = origin % cube;
        let mut out: Vec<(usize, Option<usize>)> = (0..self.m)
            .filter(|&x| x != a)
            .map(|x| (x * cube + b, None))
            .collect();
        let dimension = if at == origin { self.n } else { dimension };
        let digit = |v: usize, i: usize| v / self.k.pow(i as u32) % self.k;
        for i in 0..dimension {
            let (bi, si) = (digit(b, i), digit(star, i));
            if (bi + 1) % self.k == si {
                continue;
            }
            let next = match (bi + 2) % self.k == si {
                true => i,
                false => i + 1,
            };
            let step = self.k.pow(i as u32);
            let moved = b - bi * step + (bi + 1) % self.k * step;
            out.push((a * cube + moved, Some(next)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_001_table_i() {
        let table = [
            (1, (1, 1, 1)),
            (2, (2, 1, 1)),
            (4, (4, 1, 1)),
            (8, (8, 1, 1)),
            (16, (8, 2, 1)),
            (32, (8, 2, 2)),
            (64, (8, 2, 3)),
        ];
        for (ranks, (m, k, n)) in table {
            assert_eq!(
                CubeNet::for_ranks(ranks, PEER_LIMIT),
                CubeNet { m, k, n },
                "{ranks}"
            );
        }
        // 1,536 search ranks: 384 broadcast ranks.
        let big = CubeNet::for_ranks(384, PEER_LIMIT);
        assert_eq!((big.size(), big.n + big.m - 1 <= PEER_LIMIT), (384, true));
        assert_eq!(
            CubeNet::for_ranks(17, PEER_LIMIT),
            CubeNet { m: 1, k: 17, n: 1 }
        );
    }

    /// Every rank gets every broadcast exactly once, from a bounded set
    /// of peers, in at most n(k − 1) + 1 hops.
    #[test]
    fn a_broadcast_reaches_every_rank_once() {
        for ranks in 1..=70 {
            let net = CubeNet::for_ranks(ranks, PEER_LIMIT);
            assert_eq!(net.size(), ranks);
            let mut peers = vec![std::collections::BTreeSet::new(); ranks];
            for origin in 0..ranks {
                let mut got = vec![0; ranks];
                got[origin] = 1;
                let mut front = vec![(origin, 0, 0)];
                let mut hops = 0;
                while let Some((at, dimension, hop)) = front.pop() {
                    hops = hops.max(hop);
                    for (to, next) in net.forward(origin, at, dimension) {
                        got[to] += 1;
                        peers[at].insert(to);
                        if let Some(d) = next {
                            front.push((to, d, hop + 1));
                        } else {
                            hops = hops.max(hop + 1);
                        }
                    }
                }
                assert!(
                    got.iter().all(|&g| g == 1),
                    "{net:?} from {origin}: {got:?}"
                );
                assert!(hops <= net.hops(), "{net:?}: {hops} hops");
            }
            let most = peers.iter().map(|p| p.len()).max().unwrap();
            assert!(most < net.n + net.m, "{net:?}: {most} peers");
        }
    }
}
