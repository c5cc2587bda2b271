#!/usr/bin/env python3
"""Sets a match's games against a baseline's, game for game.

At a fixed number of nodes a move, one thread each, a match replays
exactly: the same binaries play the same games from the same openings in
the same order. Two `parallel_match.py` runs with the same arguments but
one engine's build or options therefore differ only where the change
made a game go otherwise, so each of the candidate's games is set
against the baseline's game in the same place (part K, game n), and a
sign test over the games that changed tells whether the change did
better more often than worse.

Usage:
    python3 scripts/paired_games.py BASELINE CANDIDATE [CANDIDATE ...]

Each argument is a `parallel_match.py` output folder (its part-K.log or
part-K.log.gz files). Only games both runs finished are compared, so a
run stopped early or one with fewer games still pairs with a longer
baseline. The first engine's results are counted (Yomi's, as the
matches are run).
"""

import argparse
import glob
import gzip
import math
import os
import re
import sys

from parallel_match import TOTAL

POINTS = {"W": 1.0, "D": 0.5, "L": 0.0}


def results(path):
    """Each game's result ('W', 'L' or 'D', the first engine's) in the
    order one part's log finished them, from its running totals."""
    opener = gzip.open if path.endswith(".gz") else open
    games, last = [], (0, 0, 0)
    with opener(path, "rt") as f:
        for line in f:
            m = TOTAL.match(line.strip())
            if not m:
                continue
            now = tuple(int(x) for x in m.groups()[1:])
            step = [a - b for a, b in zip(now, last)]
            if sorted(step) != [0, 0, 1] or int(m.group(1)) != sum(now):
                raise ValueError(f"{path}: running totals jump at {line.strip()!r}")
            games.append("WLD"[step.index(1)])
            last = now
    return games


def parts(folder):
    """{K: results} for each part log in a match folder."""
    found = {}
    for path in glob.glob(os.path.join(folder, "part-*.log*")):
        m = re.fullmatch(r"part-(\d+)\.log(\.gz)?", os.path.basename(path))
        if m:
            if int(m.group(1)) in found:
                raise ValueError(f"{folder}: part {m.group(1)} has both a log and a .gz")
            found[int(m.group(1))] = results(path)
    if not found:
        raise ValueError(f"{folder}: no part-K.log or part-K.log.gz")
    return found


def sign_test(better, worse):
    """Two-sided probability of a split at least this uneven under no
    difference (the games that changed, each way with probability 1/2)."""
    n, k = better + worse, min(better, worse)
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def compare(base, cand):
    """(games, baseline points, candidate points, better, worse) over
    the games both folders finished."""
    games = base_points = cand_points = better = worse = 0
    for k in sorted(base.keys() & cand.keys()):
        for b, c in zip(base[k], cand[k]):
            games += 1
            base_points += POINTS[b]
            cand_points += POINTS[c]
            better += POINTS[c] > POINTS[b]
            worse += POINTS[c] < POINTS[b]
    return games, base_points, cand_points, better, worse


def main():
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("baseline", help="the baseline match's parallel_match.py folder")
    p.add_argument("candidates", nargs="+", help="matches to set against it, game for game")
    args = p.parse_args()
    try:
        base = parts(args.baseline)
        runs = [(c, parts(c)) for c in args.candidates]
    except (OSError, ValueError) as e:
        sys.exit(f"paired_games.py: {e}")
    print("match\tgames\tbaseline points\tpoints\tbetter\tworse\tsign-test p")
    for name, cand in runs:
        games, bp, cp, better, worse = compare(base, cand)
        if games == 0:
            print(f"{name}\t0 (no part both finished a game of)")
            continue
        p_value = sign_test(better, worse)
        print(f"{name}\t{games}\t{bp:g}\t{cp:g}\t{better}\t{worse}\t{p_value:.2f}")


if __name__ == "__main__":
    main()
