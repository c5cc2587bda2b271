//! Which ranks search and which relay synchronisation (seed 001 §III-B):
//! of `size` ranks, one in every `per_broadcast + 1` is a broadcast rank
//! (16 search ranks and 4 broadcast ranks make 20), placed after the
//! search ranks; each search rank sends its synchronisation messages to,
//! and hears the others' from, one broadcast partner.

use super::cube_net::{CubeNet, PEER_LIMIT};
use yomi_runtime::Rank;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Ranks 0..search search the tree.
    pub search: usize,
    /// Ranks search..search + broadcast relay.
    pub broadcast: usize,
    pub net: CubeNet,
}

impl Layout {
    /// `per_broadcast` 0: no broadcast ranks (search ranks send their
    /// synchronisation to every other search rank).
    pub fn new(size: usize, per_broadcast: usize) -> Layout {
        let broadcast = match per_broadcast {
            0 => 0,
            p => size / (p + 1),
        };
        Layout {
            search: size - broadcast,
            broadcast,
            net: CubeNet::for_ranks(broadcast, PEER_LIMIT),
        }
    }

    /// The rank that owns a state's statistics (seed 001's i(s)).
    pub fn owner(&self, key: u64) -> Rank {
        (key % self.search as u64) as Rank
    }

    /// A search rank's broadcast partner, if there are broadcast ranks.
    pub fn partner(&self, rank: Rank) -> Option<Rank> {
        (self.broadcast > 0).then(|| self.search + rank * self.broadcast / self.search)
    }

    /// The search ranks a broadcast rank serves.
    pub fn members(&self, broadcast_rank: Rank) -> Vec<Rank> {
        (0..self.search)
            .filter(|&r| self.partner(r) == Some(broadcast_rank))
            .collect()
    }

    /// A broadcast rank's place in the cube network, and back.
    pub fn net_index(&self, rank: Rank) -> usize {
        rank - self.search
    }

    pub fn net_rank(&self, index: usize) -> Rank {
        self.search + index
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_broadcast_rank_for_four_search_ranks() {
        let l = Layout::new(20, 4);
        assert_eq!((l.search, l.broadcast), (16, 4));
        assert_eq!(l.members(16), vec![0, 1, 2, 3]);
        assert_eq!(l.members(19), vec![12, 13, 14, 15]);
        assert_eq!(l.partner(5), Some(17));
        // Too few ranks for a broadcast rank, or none asked for.
        assert_eq!(Layout::new(4, 4).broadcast, 0);
        assert_eq!(Layout::new(20, 0).partner(3), None);
        // Uneven: every search rank has a partner, each serves 2 or 3.
        let l = Layout::new(11, 4);
        assert_eq!((l.search, l.broadcast), (9, 2));
        let sizes: Vec<usize> = (9..11).map(|b| l.members(b).len()).collect();
        assert_eq!(sizes.iter().sum::<usize>(), 9);
        assert!(sizes.iter().all(|&s| (4..=5).contains(&s)), "{sizes:?}");
    }
}
