#!/usr/bin/env python3
"""Nodes Yomi's play search spends to a fixed depth with search switches
set, through USI as a GUI drives it: for a switch, the size of its tree
against the defaults' (the play bench, `yomi bench --play`, takes no
switches).

Each position of ../shared/positions/pro_middlegame_32.sfen (the first
--positions) is searched after `usinewgame` with `go depth D`; the nodes
and time are those of each search's last `info` line, summed.

Usage:
  python3 scripts/depth_nodes.py [--yomi target/release/yomi] [--depth 12]
      [--positions 8] [--hash 64] [NAME=VALUE ...]
"""

import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
POSITIONS = os.path.join(ROOT, "..", "shared", "positions", "pro_middlegame_32.sfen")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--yomi", default=os.path.join(ROOT, "target", "release", "yomi"))
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("options", nargs="*", metavar="NAME=VALUE")
    args = ap.parse_args()
    options = []
    for o in args.options:
        name, sep, value = o.partition("=")
        if not sep or not name:
            sys.exit(f"depth_nodes: expected NAME=VALUE, got {o!r}")
        options.append((name, value))
    with open(POSITIONS) as f:
        sfens = [l.split("\t")[0].strip() for l in f if l.startswith("sfen")]
    sfens = sfens[: args.positions]

    engine = subprocess.Popen(
        [args.yomi, "usi", "--search-params"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
    )

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def until(prefix):
        lines = []
        while True:
            line = engine.stdout.readline()
            if not line:
                sys.exit(f"depth_nodes: the engine quit before '{prefix}'")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    send("usi")
    until("usiok")
    send(f"setoption name USI_Hash value {args.hash}")
    for name, value in options:
        send(f"setoption name {name} value {value}")
    send("isready")
    for line in until("readyok"):
        if line.startswith("info string") and "error" in line.lower():
            sys.exit(f"depth_nodes: {line.strip()}")
    nodes = time_ms = 0
    for sfen in sfens:
        send("usinewgame")
        send("position " + sfen)
        send(f"go depth {args.depth}")
        info = [l for l in until("bestmove") if l.startswith("info") and " nodes " in l][-1].split()
        nodes += int(info[info.index("nodes") + 1])
        time_ms += int(info[info.index("time") + 1])
    send("quit")
    engine.wait()
    label = " ".join(args.options) or "defaults"
    print(f"{label}: depth {args.depth}, {len(sfens)} positions: nodes {nodes} time_ms {time_ms}")


if __name__ == "__main__":
    main()
