#!/usr/bin/env python3
"""The SPRT's verdict on one or more self-play matches of a change.

Adds up the first engine's games from `parallel_match.py` folders (the
same change on other openings, or a match continued in a new folder),
and prints the total with its Elo and 95 % interval, then the sequential
probability ratio test's log-likelihood ratio for `--elo0` against
`--elo1` with ShogiArena's GSPRT (fishtest's approximation), counted two
ways: on opening pairs (pentanomial: the two games of an opening, one
with each colour, are consecutive in a part's log, so a lopsided opening
counts once) and game by game (trinomial). The test accepts elo1 at
log((1 - beta) / alpha) and elo0 at log(beta / (1 - alpha)).

Usage:
    python3 scripts/sprt.py OUT [OUT ...] [--elo0 0 --elo1 10]

An argument may also be one part's log (plain or gzip), as results pages
ship them.

A part's last game without its partner (a match cut off by its deadline)
counts game by game, not in the pairs.
"""

import argparse
import os
import sys

from match import summary
from paired_games import POINTS, parts, results
from shogiarena._core.shared.kernel.statistics.gsprt import compute_llr, sprt_bounds


def tallies(paths):
    """(trinomial L/D/W counts, pentanomial counts of pair scores 0, 0.5,
    1, 1.5, 2) over every part of every folder, and the part logs named."""
    tri, penta = [0, 0, 0], [0, 0, 0, 0, 0]
    for path in paths:
        logs = [results(path)] if os.path.isfile(path) else parts(path).values()
        for games in logs:
            for r in games:
                tri["LDW".index(r)] += 1
            for i in range(0, len(games) - 1, 2):
                penta[int(2 * (POINTS[games[i]] + POINTS[games[i + 1]]))] += 1
    return tri, penta


def verdict(llr, lower, upper):
    if llr >= upper:
        return "accepts elo1"
    if llr <= lower:
        return "accepts elo0"
    return "goes on"


def main():
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("matches", nargs="+", help="parallel_match.py output folders, or part logs")
    p.add_argument("--elo0", type=float, default=0.0)
    p.add_argument("--elo1", type=float, default=10.0)
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    args = p.parse_args()
    try:
        tri, penta = tallies(args.matches)
        lower, upper = sprt_bounds(args.alpha, args.beta)
        if args.elo1 <= args.elo0:
            raise ValueError("--elo1 must be above --elo0")
    except (OSError, ValueError) as e:
        sys.exit(f"sprt.py: {e}")
    losses, draws, wins = tri
    if wins + losses + draws == 0:
        sys.exit("sprt.py: no finished game")
    print(summary(wins, losses, draws))
    print(f"opening pairs (0, 0.5, 1, 1.5, 2 points): {' '.join(map(str, penta))}")
    print(f"SPRT elo0 {args.elo0:g}, elo1 {args.elo1:g}, bounds {lower:.2f} and {upper:.2f}:")
    for name, counts in (("on pairs", penta), ("game by game", tri)):
        llr = compute_llr(counts, elo0=args.elo0, elo1=args.elo1) if sum(counts) else 0.0
        print(f"  {name}: LLR {llr:.2f}, {verdict(llr, lower, upper)}")


if __name__ == "__main__":
    main()
