//! Seed 002's processor tree: processors are the nodes of a tree of
//! fan-out K and L levels below the root; a processor's successors are
//! its slaves, its predecessor its master, and each talks only with
//! those. Ranks number the processors breadth first, so rank 0 is the
//! root and rank r's slaves are r·K + 1 … r·K + K.

use yomi_runtime::Rank;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProcessorTree {
    /// Levels below the root (the paper's L); 0 is one processor.
    pub levels: u32,
    /// Slaves of every master (the paper's K).
    pub fanout: usize,
}

impl ProcessorTree {
    /// 1 + K + … + K^L processors, or an error where that is not a
    /// usable tree (no fan-out, or too many processors).
    pub fn new(levels: u32, fanout: usize) -> Result<ProcessorTree, String> {
        if levels > 0 && fanout == 0 {
            return Err("a processor tree needs a fan-out of at least 1".into());
        }
        let tree = ProcessorTree { levels, fanout };
        let mut total: usize = 1;
        let mut level: usize = 1;
        for _ in 0..levels {
            level = level
                .checked_mul(fanout)
                .ok_or("the processor tree is too large")?;
            total = total
                .checked_add(level)
                .ok_or("the processor tree is too large")?;
        }
        if total > 1 << 20 {
            return Err(format!(
                "a processor tree of {total} processors is too large"
            ));
        }
        Ok(tree)
    }

    /// Processors in all (masters and terminal ones).
    pub fn processors(&self) -> usize {
        (0..=self.levels).map(|l| self.fanout.pow(l)).sum()
    }

    /// The terminal processors, which do the searching (K^L).
    pub fn terminals(&self) -> usize {
        self.fanout.pow(self.levels)
    }

    /// Whether `rank` is terminal: it searches what it is given itself.
    pub fn is_terminal(&self, rank: Rank) -> bool {
        rank >= self.processors() - self.terminals()
    }

    /// `rank`'s slaves (none for a terminal processor).
    pub fn slaves(&self, rank: Rank) -> std::ops::Range<Rank> {
        if self.is_terminal(rank) {
            return 0..0;
        }
        rank * self.fanout + 1..rank * self.fanout + self.fanout + 1
    }

    /// `rank`'s master (none for the root).
    pub fn master(&self, rank: Rank) -> Option<Rank> {
        (rank > 0).then(|| (rank - 1) / self.fanout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_numbered_breadth_first() {
        let t = ProcessorTree::new(2, 3).unwrap();
        assert_eq!((t.processors(), t.terminals()), (13, 9));
        assert_eq!(t.slaves(0), 1..4);
        assert_eq!(t.slaves(2), 7..10);
        assert!(t.slaves(4).is_empty() && t.is_terminal(4) && !t.is_terminal(3));
        assert_eq!(
            (t.master(9), t.master(3), t.master(0)),
            (Some(2), Some(0), None)
        );
        let one = ProcessorTree::new(0, 8).unwrap();
        assert_eq!((one.processors(), one.is_terminal(0)), (1, true));
        assert!(ProcessorTree::new(1, 0).is_err());
        assert!(ProcessorTree::new(40, 4).is_err());
    }
}
