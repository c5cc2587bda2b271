//! Which ranks of the cluster search run on one machine. Those keep one
//! table in shared memory, searching together as Lazy SMP's threads do;
//! between machines only deep entries travel, each to one rank of every
//! other machine (what it stores, its machine's other ranks find).

use yomi_runtime::Rank;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Machines {
    /// Every rank's machine's first rank.
    leaders: Vec<Rank>,
}

impl Machines {
    /// From every rank's machine's first rank.
    pub fn from_leaders(leaders: Vec<Rank>) -> Machines {
        debug_assert!(leaders.iter().enumerate().all(|(r, &l)| l <= r));
        Machines { leaders }
    }

    /// `ranks` ranks, each on a machine of its own (no memory shared).
    pub fn separate(ranks: usize) -> Machines {
        Machines::from_leaders((0..ranks).collect())
    }

    /// `ranks` ranks on one machine.
    pub fn one(ranks: usize) -> Machines {
        Machines::from_leaders(vec![0; ranks])
    }

    pub fn ranks(&self) -> usize {
        self.leaders.len()
    }

    /// How many machines.
    pub fn count(&self) -> usize {
        (0..self.ranks()).filter(|&r| self.leaders[r] == r).count()
    }

    /// The first rank of `rank`'s machine, which makes its table.
    pub fn leader(&self, rank: Rank) -> Rank {
        self.leaders[rank]
    }

    /// The first ranks of the machines other than `rank`'s.
    pub fn other_leaders(&self, rank: Rank) -> Vec<Rank> {
        let mine = self.leader(rank);
        (0..self.ranks())
            .filter(|&r| self.leaders[r] == r && r != mine)
            .collect()
    }

    /// The ranks on `rank`'s machine, `rank` aside.
    pub fn peers(&self, rank: Rank) -> Vec<Rank> {
        self.on_machine_of(rank)
            .into_iter()
            .filter(|&r| r != rank)
            .collect()
    }

    /// Where `rank` sends its entries: on every other machine, the rank
    /// in the same place among that machine's ranks (counting round), so
    /// that the machines' ranks share the traffic.
    pub fn partners(&self, rank: Rank) -> Vec<Rank> {
        let place = self.on_machine_of(rank).iter().position(|&r| r == rank);
        let place = place.expect("a rank is on its machine");
        self.other_leaders(rank)
            .into_iter()
            .map(|leader| {
                let ranks = self.on_machine_of(leader);
                ranks[place % ranks.len()]
            })
            .collect()
    }

    fn on_machine_of(&self, rank: Rank) -> Vec<Rank> {
        let leader = self.leader(rank);
        (0..self.ranks())
            .filter(|&r| self.leaders[r] == leader)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_send_to_one_rank_of_every_other_machine() {
        // Machines {0, 1, 2}, {3, 4}, {5}.
        let m = Machines::from_leaders(vec![0, 0, 0, 3, 3, 5]);
        assert_eq!(m.count(), 3);
        assert_eq!(m.peers(1), vec![0, 2]);
        assert_eq!(m.other_leaders(4), vec![0, 5]);
        assert_eq!(m.partners(0), vec![3, 5]);
        assert_eq!(m.partners(1), vec![4, 5]);
        assert_eq!(m.partners(2), vec![3, 5]);
        assert_eq!(m.partners(4), vec![1, 5]);
        assert_eq!(m.partners(5), vec![0, 3]);
        assert_eq!(Machines::separate(3).partners(1), vec![0, 2]);
        assert!(Machines::one(3).partners(1).is_empty());
        assert_eq!(Machines::one(3).peers(0), vec![1, 2]);
    }
}
