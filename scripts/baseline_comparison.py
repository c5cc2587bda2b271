#!/usr/bin/env python3
"""The baselines beside seed 000's methods on the virtual cluster: every
method on the same trees (synthetic seeds, or shogi positions of the
professional set) at about 64, 256 and 1,536 ranks, as a
Markdown table (time, speedups over both sequential searches, leaves over
the method's own sequential reference, idle times). Seed 000's methods,
YBWC and Jamboree take the rank counts as given; tree-splitting,
PV-splitting and staged SSS* (--stage-depth plies a stage) take processor
trees (3,4), (4,4) and (4,6), of 64, 256 and 1,296 terminal processors.
Every record's value is checked against the sequential search's. The
virtual cluster is deterministic, so --only (methods, comma-separated)
reruns some rows of a table without changing the others. With --rbf-model
(a model `yomi-harness fit-rbf-model` fitted for these trees), a second
table gives seed 003's RBF, sequential and parallel (master–slave), allowed
as many generated nodes as plain alpha-beta to d: its time and the share
of its moves that are exact-best (RBF does not prove the root's value),
and the share of the time its master (rank 0) was busy.

    python3 scripts/baseline_comparison.py [--tree synthetic] [--trees 1-16] [--b 5] [--d 12] [--d-prime 6]
    python3 scripts/baseline_comparison.py --tree shogi --trees 1-16 --d 8 --d-prime 4
    python3 scripts/baseline_comparison.py --only staged-sss
    python3 scripts/baseline_comparison.py --only none --rbf-model rbf_model_synthetic.toml
"""

import argparse
import json
import math
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.join(HERE, "..", "target", "release", "yomi-harness")


def search(trees, *method):
    out = subprocess.run([HARNESS, "search", *trees, *method], check=True,
                         capture_output=True, text=True, cwd=os.path.join(HERE, "..")).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def geomean(xs):
    return math.exp(sum(math.log(max(x, 1e-12)) for x in xs) / len(xs))


def mean(xs):
    return sum(xs) / len(xs)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tree", choices=["synthetic", "shogi"], default="synthetic")
    p.add_argument("--trees", default="1-16", help="seeds, or positions of the professional set")
    p.add_argument("--b", default="5")
    p.add_argument("--d", default="12")
    p.add_argument("--d-prime", default="6", help="seed 000's methods")
    p.add_argument("--stage-depth", default="2", help="staged SSS*")
    p.add_argument("--only", help="these methods' rows only, e.g. ybwc,staged-sss")
    p.add_argument("--rbf-model", help="RBF's rows with this real-score model")
    a = p.parse_args()
    which = (["--seeds", a.trees] if a.tree == "synthetic"
             else ["--position", f"positions/pro_middlegame_32.sfen#{a.trees}"])
    trees = ["--tree", a.tree, *which, "--b", a.b, "--d", a.d, "--backend", "sim"]
    seq = search(trees, "--method", "sequential")
    plain = search(trees, "--method", "tree-splitting", "--levels", "0", "--fanout", "1")
    staged = ["--stage-depth", a.stage_depth]
    sss = search(trees, "--method", "staged-sss", "--levels", "0", "--fanout", "1", *staged)
    t_seq, t_plain, t_sss = (geomean([r["time_s"] for r in rs]) for rs in (seq, plain, sss))
    l_seq, l_plain, l_sss = (mean([r["leaves"] for r in rs]) for rs in (seq, plain, sss))
    runs = []
    for ranks in ("64", "256", "1536"):
        for m in ("with-updates", "negascout-eps"):
            runs.append((f"{m} d′={a.d_prime}", l_seq, ["--method", m, "--d-prime", a.d_prime, "--ranks", ranks]))
        for m in ("ybwc", "jamboree"):
            runs.append((m, l_plain, ["--method", m, "--ranks", ranks]))
    for levels, fanout in (("3", "4"), ("4", "4"), ("4", "6")):
        for m in ("tree-splitting", "pv-splitting"):
            runs.append((f"{m} ({levels},{fanout})", l_plain, ["--method", m, "--levels", levels, "--fanout", fanout]))
        runs.append((f"staged-sss ({levels},{fanout}) stage {a.stage_depth}", l_sss,
                     ["--method", "staged-sss", "--levels", levels, "--fanout", fanout, *staged]))
    if a.only:
        runs = [r for r in runs if r[0].split()[0] in a.only.split(",")]
    print(f"{a.tree.capitalize()} b = {a.b}, d = {a.d}, trees {a.trees}; seed 000's sequential search "
          f"{t_seq * 1e3:.1f} ms, {l_seq:.0f} leaves; plain alpha-beta {t_plain * 1e3:.1f} ms, {l_plain:.0f} leaves; "
          f"staged SSS* ({a.stage_depth} plies a stage) {t_sss * 1e3:.1f} ms, {l_sss:.0f} leaves.\n")
    print("| method | ranks (searching) | time ms | speedup over seed 000's sequential | over plain α-β | "
          "leaves × its sequential | startup idle ms | other idle ms |")
    print("|---|---|---|---|---|---|---|---|")
    for label, reference_leaves, method in runs:
        rs = search(trees, *method)
        for r, s in zip(rs, seq):
            assert r["value"] == s["value"], f"{label} {r['tree']}: {r['value']} != {s['value']}"
        t = geomean([r["time_s"] for r in rs])
        searching = rs[0].get("searchers", rs[0].get("workers"))
        print(f"| {label} | {rs[0]['virtual_cluster']['ranks']} ({searching}) | {t * 1e3:.1f} | "
              f"{t_seq / t:.1f} | {t_plain / t:.1f} | {mean([r['leaves'] for r in rs]) / reference_leaves:.2f} | "
              f"{mean([r['startup_idle_s'] for r in rs]) * 1e3:.1f} | {mean([r['other_idle_s'] for r in rs]) * 1e3:.1f} |",
              flush=True)
    if a.rbf_model:
        rbf_rows(trees, a, t_seq, t_plain)


def rbf_rows(trees, a, t_seq, t_plain):
    """RBF at plain alpha-beta's generated nodes to d, moves judged at d."""
    budget = ["--match-depth", a.d, "--judge-depth", a.d, "--rbf-model", a.rbf_model]
    print(f"\nRBF (model {a.rbf_model}) given plain alpha-beta's generated nodes to d = {a.d}:\n")
    print("| method | ranks | time ms | speedup over seed 000's sequential | over plain α-β | "
          "moves exact-best | master busy |")
    print("|---|---|---|---|---|---|---|")
    for ranks in ("1", "64", "256", "1536"):
        rs = search(trees, "--method", "parallel-rbf", "--ranks", ranks, *budget)
        t = geomean([r["time_s"] for r in rs])
        share = lambda key: sum(bool(r[key]) for r in rs) / len(rs)
        label = "rbf (one rank)" if ranks == "1" else "parallel-rbf"
        print(f"| {label} | {ranks} | {t * 1e3:.1f} | {t_seq / t:.1f} | {t_plain / t:.1f} | "
              f"{share('correct'):.2f} | {1 - mean([r['master_idle_s'] / r['time_s'] for r in rs]):.2f} |",
              flush=True)


if __name__ == "__main__":
    main()
