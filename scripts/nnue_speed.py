#!/usr/bin/env python3
"""Nodes per second of Yomi's play search against YaneuraOu's: with --net,
YaneuraOu's NNUE edition on the same net; without, its material edition
against Yomi's built-in evaluation. One thread each, the same positions,
in the same run.

Each position (the start position and 8 of the embedded professional set,
every 4th) is searched by each engine for --ms milliseconds (`go byoyomi`),
the engines taking turns position by position so that the machine's noise
falls on both; the nps of each engine is its total nodes over its total
search time (from the last `info` line of each search). Yomi is also run
with its built-in evaluation.

With --positions FILE, the positions are FILE's `position ...` lines
instead (USI, as a GUI sends them: `position startpos moves ...` carries
the game's history, which a position set up from its SFEN alone does not,
and which the search's repetition test reads).

Usage:
  python3 scripts/nnue_speed.py --yaneuraou BIN [--net DIR] [--yomi target/release/yomi]
      [--ms 5000] [--rounds 1] [--hash 64] [--positions FILE] [--yomi-option NAME=VALUE ...]
"""

import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def positions(file=None):
    """What follows `position` in each search's USI command: the start
    position and every 4th embedded professional one, or FILE's
    `position ...` lines."""
    if file:
        with open(file) as f:
            return [l.split(None, 1)[1].strip() for l in f if l.startswith("position ")]
    lines = [l.split("\t")[0].strip() for l in open(os.path.join(ROOT, "positions/pro_middlegame_32.sfen"))
             if l.startswith("sfen ")]
    return ["startpos"] + ["sfen " + l[5:] if l.startswith("sfen ") else l for l in lines[::4]]


def search(binary, options, position, ms, cwd=None):
    """(nodes, time_ms) of one search: the last info line with both."""
    cmds = ["usi"] + ["setoption name %s value %s" % kv for kv in options] + [
        "isready", "usinewgame", "position " + position, "go btime 0 wtime 0 byoyomi %d" % ms]
    p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=cwd)
    p.stdin.write("\n".join(cmds) + "\n")
    p.stdin.flush()
    nodes = time_ms = None
    for line in p.stdout:
        w = line.split()
        if w and w[0] == "info" and "nodes" in w and "time" in w:
            nodes, time_ms = int(w[w.index("nodes") + 1]), int(w[w.index("time") + 1])
        if w and w[0] == "bestmove":
            break
    p.stdin.write("quit\n")
    p.stdin.close()
    p.wait(timeout=30)
    return nodes, time_ms


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--yaneuraou", required=True)
    ap.add_argument("--yomi", default=os.path.join(ROOT, "target/release/yomi"))
    ap.add_argument("--net", help="the folder of nn.bin (EvalDir); without it, YaneuraOu's "
                    "material edition against Yomi's built-in evaluation")
    ap.add_argument("--ms", type=int, default=5000)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--positions", metavar="FILE",
                    help="search the `position ...` lines of FILE (USI) instead")
    ap.add_argument("--yomi-option", metavar="NAME=VALUE", action="append", default=[],
                    help="a USI option more for Yomi (repeatable; a search parameter needs "
                    "--yomi naming a wrapper that runs `yomi usi --search-params`)")
    a = ap.parse_args()
    a.yomi, a.yaneuraou = os.path.abspath(a.yomi), os.path.abspath(a.yaneuraou)
    common = [("USI_Hash", a.hash), ("Threads", 1)]
    yaneuraou = common + [("BookFile", "no_book"), ("NetworkDelay", 0), ("NetworkDelay2", 0)]
    extra = [tuple(o.split("=", 1)) for o in a.yomi_option]
    builtin = (a.yomi, common + [("EvalDir", ""), ("ByoyomiMargin", 0)] + extra)
    if a.net:
        net = os.path.abspath(a.net)
        base = "YaneuraOu NNUE"
        engines = {
            base: (a.yaneuraou, yaneuraou + [("EvalDir", net)]),
            "Yomi NNUE": (a.yomi, common + [("EvalDir", net), ("ByoyomiMargin", 0)] + extra),
            "Yomi built-in": builtin,
        }
    else:
        base = "YaneuraOu material"
        engines = {base: (a.yaneuraou, yaneuraou), "Yomi built-in": builtin}
    totals = {k: [0, 0] for k in engines}
    print("| position | " + " | ".join("%s nps" % k for k in engines) + " |")
    print("|---|" + "---|" * len(engines))
    for r in range(a.rounds):
        for i, pos in enumerate(positions(a.positions)):
            row = []
            for name, (binary, options) in engines.items():
                nodes, ms = search(binary, options, pos, a.ms,
                                   cwd=os.path.dirname(os.path.abspath(binary)))
                totals[name][0] += nodes
                totals[name][1] += ms
                row.append("{:,}".format(nodes * 1000 // max(ms, 1)))
            if a.positions:
                label = "#%d" % (i + 1)
            else:
                label = "startpos" if i == 0 else "pro#%d" % (1 + 4 * (i - 1))
            print("| %s | %s |" % (label, " | ".join(row)))
            sys.stdout.flush()
    nps = {k: n * 1000 // max(t, 1) for k, (n, t) in totals.items()}
    print("| **all** | " + " | ".join("**{:,}**".format(nps[k]) for k in engines) + " |")
    print("\n" + "; ".join("%s / %s: %.2f" % (k, base, nps[k] / nps[base])
                           for k in engines if k != base))


if __name__ == "__main__":
    main()
