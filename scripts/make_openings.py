#!/usr/bin/env python3
"""More openings for longer matches: each of `scripts/openings.txt`'s
lines, in turn, extended by a few moves drawn at random from the moves an
engine rates within a margin of its best (MultiPV at a fixed node count),
so the new openings stay sound. Writes `startpos moves ...` lines, the
format `scripts/match.py --openings` reads.

    python3 scripts/make_openings.py target/release/yomi --count 100 --plies 4 > /tmp/openings_100.txt

`scripts/openings-120.txt` was made so (`--count 120 --plies 4`, the play
search of commit ca799a2), and `scripts/openings-240.txt` (`--count 240
--plies 6 --seed 27`, the play search of commit a404977), and
`scripts/openings-240b.txt` (`--count 240 --plies 8 --seed 41`, the play
search of commit 4616521), and `scripts/openings-340c.txt` (`--count 240
--plies 8 --seed 53`, then `--count 100 --plies 8 --seed 59`, the play
search of commit 2f6bcfa; none of them in the other files).

Fixed-node matches are deterministic: forty games from 20 openings are all
a fixed-node match can tell, and more games need more openings.
"""

import argparse
import os
import random

from cshogi.usi import Engine

HERE = os.path.dirname(os.path.abspath(__file__))


def scored_lines(engine, moves, nodes):
    """(score, move) of each MultiPV line of a search of `moves`."""
    lines = {}

    def listen(line):
        words = line.split()
        if words[:1] != ["info"] or "multipv" not in words or "pv" not in words:
            return
        k = int(words[words.index("multipv") + 1])
        i = words.index("score")
        score = int(words[i + 2]) if words[i + 1] == "cp" else (30000 if int(words[i + 2]) > 0 else -30000)
        lines[k] = (score, words[words.index("pv") + 1])

    engine.position(moves)
    engine.go(nodes=nodes, listener=listen)
    return list(lines.values())


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("engine")
    p.add_argument("--count", type=int, default=100, help="openings to write")
    p.add_argument("--plies", type=int, default=4, help="moves added to each")
    p.add_argument("--lines", type=int, default=4, help="MultiPV lines to draw from")
    p.add_argument("--margin", type=int, default=60, help="how much worse than the best a drawn move may be")
    p.add_argument("--nodes", type=int, default=200_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--openings", default=os.path.join(HERE, "openings.txt"))
    args = p.parse_args()

    rng = random.Random(args.seed)
    bases = [line.split()[2:] for line in open(args.openings) if line.strip()]
    engine = Engine(os.path.abspath(args.engine))
    engine.setoption("MultiPV", args.lines)
    engine.isready()
    seen = set()
    n = 0
    while len(seen) < args.count:
        moves = list(bases[n % len(bases)])
        n += 1
        for _ in range(args.plies):
            lines = scored_lines(engine, moves, args.nodes)
            if not lines:
                break
            best = max(score for score, _ in lines)
            moves.append(rng.choice([mv for score, mv in lines if score >= best - args.margin]))
        line = "startpos moves " + " ".join(moves)
        if line not in seen:
            seen.add(line)
            print(line, flush=True)
    engine.quit()


if __name__ == "__main__":
    main()
