#!/usr/bin/env python3
"""Seed 004 §4's Tables 1 and 2 beside Yomi's runs of the same experiment
(configs/seed004/pick.toml): pick-the-last-one-loses on boards of height 5
and 6 with 6 to 14 random pieces, 20 boards a size, sequential alpha-beta
against seed 004's grid master with 8 workers and a manager, both move
orders (scan/: a plain generator's; longest segments first); then every
method of the sweep on the same 9 ranks, as speedups over plain
alpha-beta. Means over a size's 20 boards, as the paper took them; a
speedup is the ratio of mean times, as the paper's are. Every record's
value is checked against plain alpha-beta's on its board.

    yomi-harness sweep configs/seed004/pick.toml --out seed004.jsonl
    python3 scripts/seed004_tables.py seed004.jsonl
"""

import argparse
import json
import math
import sys
from collections import defaultdict

# Seed 004, Table 1 (seconds) and Table 2 (nodes), by height, from 6 pieces.
PAPER_TIME = {
    (5, "MPI"): [0.05, 0.05, 0.10, 0.20, 0.40, 2.95, 13.85],
    (5, "SEQ"): [0.00, 0.00, 0.05, 0.20, 1.00, 9.50, 42.20],
    (6, "MPI"): [0.05, 0.05, 0.10, 0.20, 0.50, 2.95, 29.35, 183.10, 1762.80],
    (6, "SEQ"): [0.00, 0.00, 0.05, 0.25, 1.60, 8.35, 106.05, 631.50, 5524.45],
}
PAPER_NODES = {
    (5, "MPI"): [964, 2254, 20539, 109940, 396740, 3957260, 19796435],
    (5, "SEQ"): [510, 1716, 11611, 66934, 292256, 2907487, 12759256],
    (6, "MPI"): [908, 2558, 16730, 91395, 497349, 3377081, 33766472],
    (6, "SEQ"): [468, 1888, 6752, 57436, 414297, 2095231, 26623136],
}
PIECES = {5: range(6, 13), 6: range(6, 15)}

# Seed 004's grid master as records name it; "master-worker" in records
# written before its rename.
GRID_MASTER = ("grid-master", "master-worker")

# Configurations of the sweep, in table order: (label, test on a record).
METHODS = [
    ("grid master", lambda r: r["method"] in GRID_MASTER and not r.get("push_bounds")),
    ("+ bounds pushed", lambda r: r["method"] in GRID_MASTER and r.get("push_bounds")),
    ("YBWC", lambda r: r["method"] == "ybwc"),
    ("Jamboree", lambda r: r["method"] == "jamboree"),
    ("tree-splitting", lambda r: r["method"] == "tree-splitting"),
    ("PV-splitting", lambda r: r["method"] == "pv-splitting"),
    ("seed 000 sequential", lambda r: r["method"] == "sequential"),
    ("seed 000 with updates", lambda r: r["method"] == "with-updates"),
]


def ranks(r):
    return r.get("processors") or (r.get("virtual_cluster") or {}).get("ranks") or 1


def label(r):
    if r["method"] in GRID_MASTER and ranks(r) == 1:
        return "alpha-beta"
    for name, test in METHODS:
        if test(r):
            return name
    return None


def load(paths):
    """(group, label) → records; and alpha-beta's value by board."""
    cells, exact = defaultdict(list), {}
    for path in paths:
        with open(path) as f:
            for line in f:
                r = json.loads(line)
                if r.get("tree_kind") != "pick" or not r.get("tree_group"):
                    continue
                name = label(r)
                if name is None:
                    continue
                cells[(r["tree_group"], name)].append(r)
                if name == "alpha-beta":
                    exact[r["tree"]] = r["value"]
    return cells, exact


def check_values(cells, exact):
    wrong = [(r["tree"], name) for (_, name), rs in cells.items() for r in rs
             if r["tree"] in exact and r["value"] != exact[r["tree"]]]
    for tree, name in wrong:
        print(f"value differs from alpha-beta's: {name} on {tree}", file=sys.stderr)
    return len(wrong)


def mean(rs, key):
    return sum(r[key] for r in rs) / len(rs) if rs else None


def fmt_time(t):
    """Three significant digits (seed 004's own times are in hundredths)."""
    return "—" if t is None else f"{t:.3g}"


def fmt_nodes(n):
    return "—" if n is None else f"{n:,.0f}"


def fmt_ratio(a, b):
    return "—" if not a or not b else f"{a / b:.2f}"


def row(cells):
    return "| " + " | ".join(cells) + " |"


def paper_vs_yomi(cells, key, paper, fmt, paper_fmt, ratio_of):
    """Rows by height and pieces: seed 004's sequential, MPI and ratio,
    then Yomi's alpha-beta, grid master and ratio in both orders."""
    lines = [row(["height", "pieces", "seed 004 SEQ", "MPI", "ratio",
                  "Yomi scan order: alpha-beta", "grid master", "ratio",
                  "longest first: alpha-beta", "grid master", "ratio"]),
             row(["---"] * 11)]
    for h, pieces in PIECES.items():
        for i, n in enumerate(pieces):
            seq = paper.get((h, "SEQ"), [])
            mpi = paper.get((h, "MPI"), [])
            s = seq[i] if i < len(seq) else None
            m = mpi[i] if i < len(mpi) else None
            out = [str(h), str(n), paper_fmt(s), paper_fmt(m), ratio_of(s, m)]
            for prefix in ("scan/", ""):
                group = f"{prefix}{h}x{n}"
                a = mean(cells.get((group, "alpha-beta"), []), key)
                w = mean(cells.get((group, "grid master"), []), key)
                out += [fmt(a), fmt(w), ratio_of(a, w)]
            lines.append(row(out))
    return "\n".join(lines)


def every_method(cells, groups):
    names = [name for name, _ in METHODS]
    lines = [row(["board", "alpha-beta [s]"] + names), row(["---"] * (2 + len(names)))]
    for group in groups:
        base = mean(cells.get((group, "alpha-beta"), []), "time_s")
        if base is None:
            continue
        out = [group, fmt_time(base)]
        for name in names:
            rs = cells.get((group, name), [])
            t = mean(rs, "time_s")
            nodes = fmt_ratio(mean(rs, "nodes"), mean(cells[(group, "alpha-beta")], "nodes"))
            out.append("—" if t is None else f"{base / t:.2f} ({nodes})")
        lines.append(row(out))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+", help="the sweep's JSON Lines")
    parser.add_argument("--from-pieces", type=int, default=10,
                        help="the every-method table's smallest boards")
    args = parser.parse_args()
    cells, exact = load(args.records)
    wrong = check_values(cells, exact)
    speedup = lambda s, m: fmt_ratio(s, m)
    overhead = lambda s, m: fmt_ratio(m, s)
    print("Time [s] (seed 004: Pentium III cluster; Yomi: the virtual cluster "
          "at 3.7 µs a node), and the speedup SEQ / MPI:\n")
    print(paper_vs_yomi(cells, "time_s", PAPER_TIME, fmt_time,
                        lambda t: "—" if t is None else f"{t:.2f}", speedup))
    print("\nNodes searched, and the ratio MPI / SEQ (seed 004's Table 2 "
          "stops at 12 pieces):\n")
    print(paper_vs_yomi(cells, "nodes", PAPER_NODES, fmt_nodes, fmt_nodes, overhead))
    groups = [f"{prefix}{h}x{n}" for prefix in ("scan/", "") for h, pieces in PIECES.items()
              for n in pieces if n >= args.from_pieces]
    print("\nEvery method on 9 ranks: speedup over plain alpha-beta (mean "
          "times), and in brackets nodes over alpha-beta's:\n")
    print(every_method(cells, groups))
    records = sum(len(rs) for rs in cells.values())
    print(f"\n{records} records; {wrong} values differ from alpha-beta's.")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
