#!/usr/bin/env python3
"""Seed 001's measures of UCT-Treesplit from Yomi's records: the
simulation rate, work-load and bandwidth against search ranks (its
Figs. 8-11), where a search rank's time goes (Fig. 5), and the Elo of
more ranks against fewer at equal time a move (Fig. 7).

    yomi-harness sweep configs/seed001/rate.toml --out rate.jsonl --jobs 2
    yomi-harness uct-match ... > games.jsonl
    python3 scripts/seed001_tables.py rate.jsonl games.jsonl

Input: JSON Lines of `yomi-harness search`/`sweep` records (uct-treesplit
ones are read) and of `yomi-harness uct-match` games, in any files.
Exit status 1 when a record's root visits differ from its simulations
(a simulation lost or counted twice).
"""

import argparse
import json
import math
import sys
from collections import defaultdict

PACKAGES = ["in_tree_s", "playout_s", "update_s", "sync_s", "receive_s", "idle_s"]
PACKAGE_NAMES = ["in-tree", "playout", "update", "sync", "receive", "idle"]


def mean(values):
    values = list(values)
    return sum(values) / len(values) if values else float("nan")


def variant(r):
    """What UCT-Treesplit ran with, beside the ranks."""
    dup = f"N_dup {r['n_dup']}" if r["n_dup"] else "no duplication"
    per = f"1 broadcast rank / {r['per_broadcast']}" if r["per_broadcast"] else "no broadcast ranks"
    k = f"K {r['forward_k']}" if r["forward_k"] else "no forwarding"
    vl = "virtual loss" if r.get("virtual_loss", True) else "no virtual loss"
    return f"{dup}, {per}, {k}, {vl}, O {r['in_flight']}"


def setting(r):
    """The trees and budget a rate table holds."""
    plies = r.get("playout_plies")
    playouts = f"{plies}-ply playouts" if plies else "playouts to the horizon"
    budget = f"{r['time_ms']} ms" if r.get("time_ms") else f"{r.get('simulations')} simulations"
    return f"{r['tree_kind']} b {r['b']} d {r['d']}, {playouts}, {budget}"


def elo(p):
    p = min(max(p, 1e-3), 1 - 1e-3)
    return 400 * math.log10(p / (1 - p))


def rate_tables(runs):
    out = []
    groups = defaultdict(lambda: defaultdict(list))
    for r in runs:
        groups[setting(r)][(variant(r), r["search_ranks"])].append(r)
    for name, cells in sorted(groups.items()):
        # One search rank is sequential UCT, whatever the variant.
        base = mean(r["simulations_per_s"] for (_, m), rs in cells.items() if m == 1 for r in rs)
        out.append(f"\n### Simulation rate against search ranks: {name}\n")
        out.append("| variant | search ranks | + broadcast | simulations/s | speedup | efficiency "
                   "| work-load | Mb/s a search rank | Mb/s a broadcast rank | moves a simulation "
                   "| duplicated states | judged best | trees |")
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for (v, m), rs in sorted(cells.items()):
            rate = mean(r["simulations_per_s"] for r in rs)
            bc = [r["broadcast_mbps"] for r in rs if r.get("broadcast_mbps") is not None]
            bc_text = f"{mean(bc):.1f}" if bc else "—"
            out.append(
                f"| {v} | {m} | {rs[0]['broadcast_ranks']} | {rate:,.0f} | {rate / base:.1f} "
                f"| {rate / base / m:.2f} | {mean(r['workload'] for r in rs):.2f} "
                f"| {mean(r['search_mbps'] for r in rs):.1f} | {bc_text} "
                f"| {mean(r['moves'] / r['root_visits'] for r in rs):.2f} "
                f"| {mean(r['duplicated'] for r in rs):.1f} "
                f"| {mean(1.0 if r['correct'] else 0.0 for r in rs):.2f} | {len(rs)} |"
            )
        out.append(f"\n### Where a search rank's time goes (seed 001 Fig. 5): {name}\n")
        out.append("| variant | search ranks | " + " | ".join(PACKAGE_NAMES) + " |")
        out.append("|---|---:|" + "---:|" * len(PACKAGES))
        for (v, m), rs in sorted(cells.items()):
            total = mean(sum(r[p] for p in PACKAGES) for r in rs)
            shares = [100 * mean(r[p] for r in rs) / total for p in PACKAGES]
            out.append(f"| {v} | {m} | " + " | ".join(f"{s:.1f} %" for s in shares) + " |")
    return out


def elo_tables(games):
    out = []
    groups = defaultdict(lambda: defaultdict(list))
    for g in games:
        against_ms = g.get("opponent_time_ms", g["time_ms"])
        groups[(g["tree"], g["time_ms"])][(g["contender_ranks"], g["opponent_ranks"], against_ms)].append(g)
    for (tree, ms), pairs in sorted(groups.items()):
        out.append(f"\n### Elo of more ranks against fewer, {tree}, {ms} ms a move\n")
        out.append("| ranks | against | games | +  | − | = | score | Elo | 95 % interval "
                   "| simulations a move | against | chained Elo |")
        out.append("|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|")
        chain = {}
        for (n, m, against_ms), gs in sorted(pairs.items()):
            scores = [g["score"] for g in gs]
            p = mean(scores)
            half = 1.96 * math.sqrt(mean((s - p) ** 2 for s in scores) / len(scores))
            e = elo(p)
            # Elo against the smallest opponent through a chain of matches
            # (at equal time; a control at another time stands alone).
            equal = against_ms == ms
            if equal and (m in chain or not chain):
                chain[n] = chain.get(m, 0.0) + e
            chained = f"{chain[n]:+.0f}" if equal and n in chain else ""
            opponent = m if equal else f"{m} at {against_ms} ms"
            out.append(
                f"| {n} | {opponent} | {len(gs)} | {scores.count(1.0)} | {scores.count(0.0)} "
                f"| {scores.count(0.5)} | {p:.3f} | {e:+.0f} | [{elo(p - half):+.0f}, {elo(p + half):+.0f}] "
                f"| {mean(g['contender_simulations'] for g in gs):,.0f} "
                f"| {mean(g['opponent_simulations'] for g in gs):,.0f} | {chained} |"
            )
    return out


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("records", nargs="+", help="JSON Lines files of records and games")
    args = parser.parse_args()
    runs, games, lost = [], [], []
    for path in args.records:
        try:
            with open(path) as f:
                lines = f.readlines()
        except OSError as e:
            sys.exit(f"error: cannot read {path}: {e.strerror}")
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                r = json.loads(line)
            except json.JSONDecodeError:
                sys.exit(f"error: {path}:{number}: not a JSON record")
            if "contender_first" in r:
                games.append(r)
            elif r.get("method") == "uct-treesplit":
                runs.append(r)
    for r in runs:
        ran = round(r["simulations_per_s"] * r["time_s"])
        if abs(r["root_visits"] - ran) > 1:
            lost.append(f"{r['tree']}: {r['root_visits']} root visits of {ran} simulations")
    lines = rate_tables(runs) + elo_tables(games)
    print("\n".join(lines).lstrip())
    if lost:
        print("\nsimulations lost or counted twice:\n" + "\n".join(lost), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
