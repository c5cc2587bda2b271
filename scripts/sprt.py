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
ship them, or a ShogiArena run's `game.db` (or `game.db.gz`) with
`--engine NAME`, whose games pair by starting position. A game that
replays an earlier one move for move (an opening drawn again, with
ShogiArena's default `selection_policy=with_replacement`, played by
engines that play alike every time, as at a fixed node count) is left out:
it tells nothing new.

A part's last game without its partner (a match cut off by its deadline)
counts game by game, not in the pairs.
"""

import argparse
import os
import sqlite3
import sys

from arena_games import open_db, points_by_opening, replays
from match import summary
from paired_games import POINTS, parts, results
from shogiarena._core.shared.kernel.statistics.gsprt import compute_llr, sprt_bounds


def series(path, engine):
    """The first engine's points, game by game, in runs whose consecutive
    games pair (the two colours of an opening): a match folder's parts, a
    part log, or a ShogiArena database's openings (`engine`'s points)."""
    if path.endswith((".db", ".db.gz")):
        if engine is None:
            raise ValueError(f"{path}: a ShogiArena database needs --engine")
        return points_by_opening(open_db(path), engine)
    logs = [results(path)] if os.path.isfile(path) else parts(path).values()
    return [[POINTS[r] for r in games] for games in logs]


def tallies(paths, engine=None):
    """(trinomial L/D/W counts, pentanomial counts of pair scores 0, 0.5,
    1, 1.5, 2) over every run of every path."""
    tri, penta = [0, 0, 0], [0, 0, 0, 0, 0]
    for path in paths:
        for points in series(path, engine):
            for p in points:
                tri[int(2 * p)] += 1
            for i in range(0, len(points) - 1, 2):
                penta[int(2 * (points[i] + points[i + 1]))] += 1
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
    p.add_argument("matches", nargs="+", help="parallel_match.py output folders, part logs, or ShogiArena game.db files")
    p.add_argument("--engine", help="whose games to count in a ShogiArena database")
    p.add_argument("--elo0", type=float, default=0.0)
    p.add_argument("--elo1", type=float, default=10.0)
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    args = p.parse_args()
    try:
        tri, penta = tallies(args.matches, args.engine)
        lower, upper = sprt_bounds(args.alpha, args.beta)
        if args.elo1 <= args.elo0:
            raise ValueError("--elo1 must be above --elo0")
    except (OSError, ValueError, sqlite3.Error) as e:
        sys.exit(f"sprt.py: {e}")
    losses, draws, wins = tri
    if wins + losses + draws == 0:
        sys.exit("sprt.py: no finished game")
    for path in args.matches:
        if path.endswith((".db", ".db.gz")) and (n := len(replays(open_db(path)))):
            print(f"{path}: {n} games left out, each a replay of an earlier one move for move")
    print(summary(wins, losses, draws))
    print(f"opening pairs (0, 0.5, 1, 1.5, 2 points): {' '.join(map(str, penta))}")
    print(f"SPRT elo0 {args.elo0:g}, elo1 {args.elo1:g}, bounds {lower:.2f} and {upper:.2f}:")
    for name, counts in (("on pairs", penta), ("game by game", tri)):
        llr = compute_llr(counts, elo0=args.elo0, elo1=args.elo1) if sum(counts) else 0.0
        print(f"  {name}: LLR {llr:.2f}, {verdict(llr, lower, upper)}")


if __name__ == "__main__":
    main()
