#!/usr/bin/env python3
"""Runs the same parallel searches on threads, MPI and the virtual cluster
and prints one Markdown table: mean leaves, geometric-mean time and mean
idle times per backend and rank count.

    cargo build --release -p yomi-harness --features mpi
    scripts/compare_backends.py --tree synthetic --b 5 --d 12 --d-prime 4

The virtual cluster's node cost is measured once (by a sequential sim run)
and then given to every sim run, so that all rows use the same model.
`--records DIR` keeps every run's records (DIR/LABEL.jsonl, the label as
`label` below makes it), to ship beside a results page;
`--message-costs 1,2` adds sim rows on the shared-memory preset with the
processor time per message replaced (µs).
"""

import argparse
import json
import math
import os
import subprocess
import sys

# The MPI build runs every backend (threads and sim as well as mpi).
HARNESS = os.path.join(os.path.dirname(__file__), "..", "target", "release", "yomi-harness-mpi")


def run(args, mpi_ranks=None):
    cmd = [HARNESS, "search"] + args
    env = dict(os.environ)
    if mpi_ranks:
        env.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
        env.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        cmd = ["timeout", "-k", "10", "1800", "mpirun", "--oversubscribe", "-np", str(mpi_ranks)] + cmd
    out = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{out.stderr}")
    return [json.loads(line) for line in out.stdout.splitlines()], out.stderr


def geomean_time(records):
    return math.exp(sum(math.log(max(r["time_s"], 1e-9)) for r in records) / len(records))


def row(name, ranks, records, seq_time):
    """A table row: mean leaves, geometric-mean time, the speedup over
    `seq_time` (s) and the mean idle times."""
    n = len(records)
    leaves = sum(r["leaves"] for r in records) / n
    time = geomean_time(records)
    startup = sum(r.get("startup_idle_s", 0.0) for r in records) / n
    other = sum(r.get("other_idle_s", 0.0) for r in records) / n
    return (f"| {name} | {ranks} | {leaves:,.0f} | {time * 1e3:.2f} | {seq_time / time:.2f} "
            f"| {startup * 1e3:.2f} | {other * 1e3:.2f} |")


def label(backend, ranks=1, detail=""):
    """The record file's name for one run: `mpi-16`, `sim-shared-memory-16-mc1.25`."""
    return "-".join(str(x) for x in (backend, ranks, detail) if x != "")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tree", default="synthetic")
    p.add_argument("--seeds", default="1-32")
    p.add_argument("--b", default="5")
    p.add_argument("--d", required=True)
    p.add_argument("--d-prime", required=True)
    p.add_argument("--method", default="with-updates")
    p.add_argument("--tt-mb", default="16")
    p.add_argument("--ranks", default="2,3,5,9", help="ranks, the master included")
    p.add_argument("--networks", default="shared-memory,ethernet10g",
                   help="the virtual cluster's network presets, one row each")
    p.add_argument("--message-costs", default="",
                   help="µs a message: sim rows on the shared-memory preset with it replaced")
    p.add_argument("--no-mpi", action="store_true", help="leave out the MPI rows")
    p.add_argument("--records", help="a folder to keep every run's records in")
    a = p.parse_args()
    if a.records:
        os.makedirs(a.records, exist_ok=True)

    def kept(name, result):
        records, _ = result
        if a.records:
            with open(os.path.join(a.records, name + ".jsonl"), "w") as f:
                f.writelines(json.dumps(r) + "\n" for r in records)
        return records

    trees = ["--tree", a.tree, "--b", a.b, "--d", a.d, "--tt-mb", a.tt_mb]
    trees += ["--seeds", a.seeds] if a.tree == "synthetic" else []
    seq = kept(label("threads"), run(trees))
    seq_sim = kept(label("sim"), run(trees + ["--backend", "sim", "--node-cost-us", "measured"]))
    cost = seq_sim[0]["virtual_cluster"]["node_cost_us"]
    seq_time, seq_sim_time = geomean_time(seq), geomean_time(seq_sim)
    print(f"{a.tree} b = {a.b}, d = {a.d}, d′ = {a.d_prime}, {a.method}, {a.tt_mb} MB tables; "
          f"virtual cluster: {cost} µs a node\n")
    print("| backend | ranks | mean leaves | geomean time ms | speedup | start-up idle ms | other idle ms |")
    print("|---|---|---|---|---|---|---|")
    print(row("sequential (wall)", 1, seq, seq_time))
    print(row("sequential (sim)", 1, seq_sim, seq_sim_time))
    par = trees + ["--d-prime", a.d_prime, "--method", a.method]
    for ranks in [int(r) for r in a.ranks.split(",")]:
        recs = kept(label("threads", ranks), run(par + ["--workers", str(ranks - 1)]))
        print(row("threads", ranks, recs, seq_time))
        if not a.no_mpi:
            recs = kept(label("mpi", ranks), run(par + ["--backend", "mpi"], mpi_ranks=ranks))
            print(row("MPI", ranks, recs, seq_time))
        sim = par + ["--backend", "sim", "--ranks", str(ranks), "--node-cost-us", str(cost)]
        for network in a.networks.split(","):
            recs = kept(label(f"sim-{network}", ranks), run(sim + ["--network", network]))
            print(row(f"sim, {network}", ranks, recs, seq_sim_time))
        for mc in filter(None, a.message_costs.split(",")):
            args = sim + ["--network", "shared-memory", "--message-cost-us", mc]
            recs = kept(label("sim-shared-memory", ranks, f"mc{mc}"), run(args))
            print(row(f"sim, shared-memory, {mc} µs a message", ranks, recs, seq_sim_time))


if __name__ == "__main__":
    main()
