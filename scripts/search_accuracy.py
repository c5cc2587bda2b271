#!/usr/bin/env python3
"""How close a search at a few nodes comes to deep searches of the same
positions: a quick screen for a play-search change, minutes on one core
where a match that could see the same change takes hours. It does not
replace the match: a change lands with games (docs/strength.md).

    # once: deep references (resumable: positions already in OUT are kept)
    python3 scripts/search_accuracy.py search "YO" REF-YO.jsonl --nodes 2000000 --yaneuraou --net DIR
    python3 scripts/search_accuracy.py search "target/release/yomi" REF-YOMI.jsonl --nodes 2000000 --net DIR
    # each candidate, then the figures
    python3 scripts/search_accuracy.py search "target/release/yomi usi --search-params" CAND.jsonl \\
        --nodes 100000 --net DIR --options CheckSeePruning:1
    python3 scripts/search_accuracy.py score REF-YO.jsonl REF-YOMI.jsonl --results BASE.jsonl CAND.jsonl

`search` runs one engine (a command line: a wrapper, or Yomi with `usi
--search-params` to set its search parameters as options) on every
position of `--positions` (one SFEN a line), one thread, the table
cleared before each, `go nodes N`, and writes one JSON line a position:
the SFEN, and the last reported line's value for the side to move, depth
and first move. YaneuraOu reports 100 for a pawn worth 90 of its values; with
`--yaneuraou` its values are scaled back to its own (the net's) units and
it gets the settings a fair match gives it. `--value-scale` does the same for
an engine told to scale its values (`--options FV_SCALE:24 --value-scale 1.5`).

`score` sets each result against the mean of the references' values
(positions where a reference sees a mate or more than --limit left out):
the mean and root-mean-square distance, and how many first moves agree
with each reference. Lower distance, more agreement: a search that comes
nearer to what a deep search finds. Two or more references, each engine's
own, keep a reference's leanings from favouring its own engine.
"""

import argparse
import gzip
import json
import math
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# YaneuraOu's `score cp` is 100 * value / PawnValue, PawnValue = 90.
YANEURAOU_CP = 0.9
# A reported mate, as a value: past every evaluation a net gives.
MATE = 30000


def reported_value(info):
    """The value of an `info … score cp V | mate N …` line's words."""
    at = info.index("score")
    kind, value = info[at + 1], info[at + 2]
    if kind == "mate":
        return -MATE if value.startswith("-") else MATE
    return int(value)


class Engine:
    """One USI engine process, kept across positions."""

    def __init__(self, command, options):
        argv = shlex.split(command)
        # Run from the engine's folder (YaneuraOu looks for its files there).
        argv[0] = os.path.abspath(argv[0]) if os.sep in argv[0] else argv[0]
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                         cwd=os.path.dirname(argv[0]) or None)
        except OSError as e:
            sys.exit(f"cannot start {argv[0]}: {e}")
        self.send("usi")
        self.until("usiok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.until("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, word):
        for line in self.proc.stdout:
            w = line.split()
            if w and w[0] == word:
                return w
        sys.exit(f"the engine ended before {word!r}")

    def search(self, sfen, nodes):
        """(value, depth, first move) of the last line a search from a
        cleared table reports: its value and move belong together (the
        `bestmove` of an iteration cut off by the node limit can differ)."""
        self.send("usinewgame")
        self.send("isready")
        self.until("readyok")
        self.send("position sfen " + sfen)
        self.send(f"go nodes {nodes}")
        last = None
        for line in self.proc.stdout:
            w = line.split()
            if w and w[0] == "info" and "score" in w and "pv" in w:
                last = w
            elif w and w[0] == "bestmove":
                if last is None:
                    return None, 0, w[1]
                return reported_value(last), int(last[last.index("depth") + 1]), last[last.index("pv") + 1]
        sys.exit("the engine ended during a search")

    def close(self):
        self.send("quit")
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def search(a):
    positions = [line.split("#")[0].strip() for line in open(a.positions)]
    positions = [p[5:] if p.startswith("sfen ") else p for p in positions if p]
    done = set()
    if os.path.exists(a.out):
        done = {json.loads(line)["sfen"] for line in open(a.out)}
    options = [("USI_Hash", str(a.hash)), ("Threads", "1")]
    if a.net:
        options.append(("EvalDir", os.path.abspath(a.net)))
    from match import YANEURAOU, parse_options  # cshogi is needed only here

    if a.yaneuraou:
        options += [kv for kv in YANEURAOU.items() if kv[0] != "Threads"]
    engine = Engine(a.engine, options + list(parse_options(a.options).items()))
    with open(a.out, "a") as out:
        for sfen in positions:
            if sfen in done:
                continue
            value, depth, move = engine.search(sfen, a.nodes)
            if value is not None and abs(value) < MATE:
                value = round(value * (YANEURAOU_CP if a.yaneuraou else 1) * a.value_scale)
            out.write(json.dumps({"sfen": sfen, "value": value, "depth": depth, "move": move}) + "\n")
            out.flush()
    engine.close()


def load(path):
    """A `search` output, plain or gzip, by SFEN."""
    with (gzip.open if path.endswith(".gz") else open)(path, "rt") as f:
        return {r["sfen"]: r for r in map(json.loads, f)}


def common_keys(refs, results, limit):
    """Positions every reference values within `limit` and every result has."""
    return [k for k in refs[0]
            if all(k in r and r[k]["value"] is not None and abs(r[k]["value"]) <= limit for r in refs)
            and all(k in r and r[k]["value"] is not None for r in results)]


def distances(refs, result, keys, limit):
    """Each position's distance of `result`'s value from the references'
    mean; a mate against a reference's value counts as `limit` off."""
    return [min(abs(result[k]["value"] - sum(r[k]["value"] for r in refs) / len(refs)), limit) for k in keys]


def accuracy(refs, result, keys, limit):
    """(mean distance, rms distance, first moves agreeing with each reference)."""
    dist = distances(refs, result, keys, limit)
    agree = [sum(result[k]["move"] == r[k]["move"] for k in keys) for r in refs]
    return sum(dist) / len(dist), math.sqrt(sum(d * d for d in dist) / len(dist)), agree


def paired_change(before, after):
    """The mean of `after - before` position by position and its 95 %
    half-width (normal approximation)."""
    diff = [b - a for a, b in zip(before, after)]
    mean = sum(diff) / len(diff)
    var = sum((d - mean) ** 2 for d in diff) / max(1, len(diff) - 1)
    return mean, 1.96 * math.sqrt(var / len(diff))


def score(a):
    refs = [load(p) for p in a.refs]
    results = [load(p) for p in a.results]
    keys = common_keys(refs, results, a.limit)
    if not keys:
        sys.exit("no position that every reference and result has")
    print(f"{len(keys)} positions; the change in mean distance is against the first result")
    print("| result | mean distance | change | rms | first moves agreeing |")
    print("|---|---|---|---|---|")
    first = distances(refs, results[0], keys, a.limit)
    for path, result in zip(a.results, results):
        mean, rms, agree = accuracy(refs, result, keys, a.limit)
        change, half = paired_change(first, distances(refs, result, keys, a.limit))
        agreeing = " + ".join(str(x) for x in agree) + (f" = {sum(agree)}" if len(agree) > 1 else "")
        print(f"| {os.path.basename(path)} | {mean:.1f} | {change:+.1f} ± {half:.1f} | {rms:.1f} | {agreeing} |")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("search", help="one engine on every position, to OUT (JSON lines)")
    s.add_argument("engine", help="the engine's command line")
    s.add_argument("out")
    s.add_argument("--nodes", type=int, required=True)
    s.add_argument("--positions", default=os.path.join(
        os.path.dirname(HERE), "docs/results/data/2026-11-28-search-accuracy/positions.sfen"))
    s.add_argument("--net", help="the folder of nn.bin (EvalDir)")
    s.add_argument("--hash", type=int, default=256)
    s.add_argument("--options", default="", help="NAME:VALUE,... set after the others")
    s.add_argument("--yaneuraou", action="store_true", help="the engine is YaneuraOu")
    s.add_argument("--value-scale", type=float, default=1.0,
                   help="multiply the values by this, back to the net's units (FV_SCALE set to F: F/16)")
    s.set_defaults(run=search)
    c = sub.add_parser("score", help="each result against the references")
    c.add_argument("refs", nargs="+", help="the references' files")
    c.add_argument("--results", nargs="+", required=True)
    c.add_argument("--limit", type=int, default=3000, help="leave out positions a reference values past this")
    c.set_defaults(run=score)
    a = p.parse_args()
    a.run(a)


if __name__ == "__main__":
    main()
