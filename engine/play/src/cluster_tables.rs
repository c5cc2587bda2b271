//! How the cluster search's machines make their tables, at rank 0's
//! word (a new USI_Hash): rank 0 tells every other machine's first rank
//! the size; each first rank creates the machine's table in shared memory
//! and names it to the machine's other ranks, which map it and say so; the
//! first rank then unlinks the name (the mappings keep the memory) and
//! tells rank 0, which lets no search start before every machine is done.

use super::cluster_message::ClusterMessage as Message;
use super::machines::Machines;
use super::rank_watch::{RankWatch, TABLE_WAIT};
use super::table::PlayTable;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;
use yomi_memory::SharedMemory;
use yomi_runtime::{Rank, Transport};

/// Rank 0: every machine makes a new table of `megabytes` MB; returns
/// when all have (so that no search starts before), with rank 0's. Ranks
/// already dropped are left out; one that has not answered by
/// `TABLE_WAIT` is dropped.
pub(super) fn make_tables<T: Transport<Message>>(
    transport: &mut T,
    machines: &Machines,
    megabytes: usize,
    watch: &mut RankWatch,
) -> PlayTable {
    let live = |ranks: Vec<Rank>| -> Vec<Rank> {
        ranks.into_iter().filter(|&r| watch.is_live(r)).collect()
    };
    let others = live(machines.other_leaders(0));
    let peers = live(machines.peers(0));
    for &leader in &others {
        transport.send(leader, Message::TableSize(megabytes));
    }
    let deadline = Instant::now() + TABLE_WAIT;
    let (table, missing) = table_among(transport, megabytes, peers, others, Some(deadline));
    let why = format!("made no table within {} s", TABLE_WAIT.as_secs());
    for rank in missing {
        watch.drop_rank(rank, &why);
    }
    table
}

/// Names of this process's shared tables, one after another.
static TABLES_MADE: AtomicUsize = AtomicUsize::new(0);

/// A machine's first rank: its new table of `megabytes` MB, in memory
/// shared with the machine's other ranks if it has any (and can), once
/// they and the ranks of `also` (rank 0: the other machines' first ranks)
/// have said `TableMapped`. One wait for all: a `TableMapped` is never
/// taken for another's.
pub(super) fn lead_table<T: Transport<Message>>(
    transport: &mut T,
    machines: &Machines,
    megabytes: usize,
    also: Vec<Rank>,
) -> PlayTable {
    let peers = machines.peers(transport.rank());
    table_among(transport, megabytes, peers, also, None).0
}

/// [`lead_table`] with the machine's `peers` given, waiting until
/// `deadline` at most: the table, and the ranks that did not answer.
fn table_among<T: Transport<Message>>(
    transport: &mut T,
    megabytes: usize,
    peers: Vec<Rank>,
    also: Vec<Rank>,
    deadline: Option<Instant>,
) -> (PlayTable, Vec<Rank>) {
    if peers.is_empty() {
        let missing = wait_for_mapped(transport, also, deadline);
        return (PlayTable::new(megabytes), missing);
    }
    let serial = TABLES_MADE.fetch_add(1, Ordering::Relaxed);
    let name = format!("/yomi-{}-{serial}", std::process::id());
    let (table, shared) = match SharedMemory::create(&name, PlayTable::bytes(megabytes)) {
        Ok(memory) => (PlayTable::shared(memory), name.clone()),
        Err(e) => {
            eprintln!(
                "yomi: rank {}: cannot share a table of {megabytes} MB in {name} ({e}); \
                 each rank on this machine keeps its own",
                transport.rank()
            );
            (PlayTable::new(megabytes), String::new())
        }
    };
    for &peer in &peers {
        transport.send(peer, Message::TableMemory(shared.clone(), megabytes));
    }
    let missing = wait_for_mapped(transport, peers.into_iter().chain(also).collect(), deadline);
    SharedMemory::unlink(&name);
    (table, missing)
}

/// A machine's other rank: its table, the one `name` shares (none: one
/// of its own).
pub(super) fn mapped_table(name: &str, megabytes: usize) -> PlayTable {
    if name.is_empty() {
        return PlayTable::new(megabytes);
    }
    match SharedMemory::open(name, PlayTable::bytes(megabytes)) {
        Ok(memory) => PlayTable::shared(memory),
        Err(e) => {
            eprintln!("yomi: cannot map the shared table {name} ({e}); keeping one of its own");
            PlayTable::new(megabytes)
        }
    }
}

/// Until every rank of `waiting` says `TableMapped` (or `deadline`
/// passes: those still waiting); entries arriving meanwhile are of the
/// old tables and dropped.
fn wait_for_mapped<T: Transport<Message>>(
    transport: &mut T,
    mut waiting: Vec<Rank>,
    deadline: Option<Instant>,
) -> Vec<Rank> {
    while !waiting.is_empty() && deadline.is_none_or(|d| Instant::now() < d) {
        match transport.poll() {
            Some((from, Message::TableMapped)) => waiting.retain(|&r| r != from),
            Some(_) => {}
            None => transport.idle(),
        }
    }
    waiting
}
