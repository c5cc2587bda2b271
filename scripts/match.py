#!/usr/bin/env python3
"""A match between two USI engines, refereed by cshogi's match runner
(`cshogi.cli`), from the short openings in `scripts/openings.txt`, each
played with both colours. Prints wins, losses and draws of the first
engine, its score and an Elo estimate with a 95 % interval.

    python3 scripts/match.py target/release/yomi /path/to/YaneuraOu --games 40 --byoyomi 1000
    python3 scripts/match.py target/release/yomi /tmp/yomi-old --games 40 --nodes 100000

`--yaneuraou` gives the second engine the settings a fair match needs
(no network delays, no opening book) and the first (Yomi) the same
margin: ByoyomiMargin 0. `--nodes N` plays at N nodes a
move for both (NodesLimit) with a byoyomi long enough not to bind.
`--part K/N` plays only the K-th of N equal slices of the openings (each
with both colours), so that one match can run as N processes on a
machine with many cores; add the parts' W-L-D. `--resign CP` adjudicates
a game lost for the engine whose score falls to -CP or below.
`--from-opening I` starts at the I-th (from 0) of the openings' fixed
order (the part's, with `--part`): a stopped match continued where its
last finished pair of games ended.
"""

import argparse
import math
import os
import random
import sys
import tempfile
import time

import cshogi.cli
from cshogi.usi import Engine

HERE = os.path.dirname(os.path.abspath(__file__))

YANEURAOU = {
    "NetworkDelay": "0",
    "NetworkDelay2": "0",
    "BookFile": "no_book",
    "MinimumThinkingTime": "100",
    "Threads": "1",
}


def time_every_move(byoyomi_ms=None):
    """Records how long each engine takes for each `go` (the runner itself
    checks no byoyomi), and says at once of a move that took longer than
    `byoyomi_ms`: engines in the order the runner makes them."""
    engines = []
    init, go = Engine.__init__, Engine.go

    def timed_init(self, *args, **kwargs):
        init(self, *args, **kwargs)
        self.move_ms = []
        engines.append(self)

    def timed_go(self, *args, **kwargs):
        start = time.perf_counter()
        result = go(self, *args, **kwargs)
        ms = (time.perf_counter() - start) * 1000
        self.move_ms.append(ms)
        if byoyomi_ms and ms > byoyomi_ms:
            print(f"over the byoyomi: {self.name} {ms:.1f} ms", flush=True)
        return result

    Engine.__init__, Engine.go = timed_init, timed_go
    return engines


def parse_options(text):
    options = {}
    for kv in filter(None, text.split(",")):
        name, sep, value = kv.partition(":")
        if not sep:
            sys.exit(f"option {kv!r} is not NAME:VALUE")
        options[name] = value
    return options


def opening_part(path, part):
    """The file of the K-th of N slices of the openings in `path`, for
    `--part K/N`; the slices split the file's lines as evenly as can be."""
    k, sep, n = part.partition("/")
    if not (sep and k.isdigit() and n.isdigit() and 1 <= int(k) <= int(n)):
        sys.exit(f"--part {part!r} is not K/N with 1 <= K <= N")
    with open(path) as f:
        lines = [line for line in f if line.strip()]
    k, n = int(k), int(n)
    chosen = lines[len(lines) * (k - 1) // n : len(lines) * k // n]
    if not chosen:
        sys.exit(f"--part {part}: {len(lines)} openings leave part {k} empty")
    return openings_file(chosen), len(chosen)


def openings_file(lines):
    """A temporary file of these openings' lines, for the runner."""
    out = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
    out.writelines(lines)
    out.close()
    return out.name


def continued(path, start):
    """A file of `path`'s openings that the runner's shuffle (seed 0) puts
    in the order it gives `path` itself, less the first `start`: the
    shuffle's swaps depend only on the list's length, so each opening is
    placed where that shuffle will take it from. Returns (file, count)."""
    with open(path) as f:
        lines = [line for line in f if line.strip()]
    random.seed(0)
    random.shuffle(lines)
    rest = lines[start:]
    if not rest:
        sys.exit(f"--from-opening {start}: only {len(lines)} openings")
    places = list(range(len(rest)))
    random.seed(0)
    random.shuffle(places)
    placed = [""] * len(rest)
    for line, place in zip(rest, places):
        placed[place] = line
    return openings_file(placed), len(rest)


def elo(score):
    """Elo difference of a score share in (0, 1)."""
    return -400 * math.log10(1 / score - 1)


def summary(wins, losses, draws):
    n = wins + losses + draws
    score = (wins + draws / 2) / n
    # Per-game variance of the result (1, 1/2, 0) around the mean.
    var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / n
    half = 1.96 * math.sqrt(var / n)
    clamp = lambda x: min(max(x, 1e-3), 1 - 1e-3)  # noqa: E731 (±1200 Elo at most)
    return (
        f"{wins}-{losses}-{draws} (W-L-D) in {n} games: score {score:.3f}, "
        f"Elo {elo(clamp(score)):+.0f} (95 %: {elo(clamp(score - half)):+.0f} to {elo(clamp(score + half)):+.0f})"
    )


def running_total(stats):
    """Prints the first engine's W-L-D after every game (a match stopped
    early still has its finished games in the log); the runner goes on."""
    print(f"after {stats['total']} games: {stats['engine1_won']}-{stats['engine2_won']}-{stats['draw']}", flush=True)
    return True


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("engine1")
    p.add_argument("engine2")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--byoyomi", type=int, default=1000, help="ms a move")
    p.add_argument("--nodes", type=int, help="nodes a move for both engines")
    p.add_argument("--options1", default="", help="NAME:VALUE,... for engine1")
    p.add_argument("--options2", default="", help="NAME:VALUE,... for engine2")
    p.add_argument("--yaneuraou", action="store_true", help="engine2 is YaneuraOu: fair settings")
    p.add_argument("--hash", type=int, default=256, help="MB of table for both")
    p.add_argument("--openings", default=os.path.join(HERE, "openings.txt"))
    p.add_argument("--draw", type=int, default=256, help="moves before a draw")
    p.add_argument("--part", help="K/N: play only the K-th of N slices of the openings")
    p.add_argument("--from-opening", type=int, default=0, help="start at this opening of the fixed order")
    p.add_argument("--resign", type=int, help="a score of -CP or below loses the game")
    p.add_argument("--pgn", help="write the games here (moves only)")
    p.add_argument("--csa", help="append the games here as CSA, with each move's time, score and line")
    args = p.parse_args()

    options1 = {"USI_Hash": str(args.hash)}
    options2 = {"USI_Hash": str(args.hash)}
    if args.yaneuraou:
        # Equal margins: Yomi keeps back nothing either (its own 3 ms to
        # stop aside, see docs/engine.md).
        options1["ByoyomiMargin"] = "0"
        options2.update(YANEURAOU)
    byoyomi = args.byoyomi
    if args.nodes:
        options1["NodesLimit"] = str(args.nodes)
        options2["NodesLimit"] = str(args.nodes)
        byoyomi = max(byoyomi, 60_000)
    options1.update(parse_options(args.options1))
    options2.update(parse_options(args.options2))

    openings, games = args.openings, args.games
    if args.part:
        openings, count = opening_part(args.openings, args.part)
        games = min(games, 2 * count)
    if args.from_opening:
        openings, count = continued(openings, args.from_opening)
        games = min(games, 2 * count)

    engines = time_every_move(None if args.nodes else byoyomi)
    result = cshogi.cli.main(
        os.path.abspath(args.engine1),
        os.path.abspath(args.engine2),
        options1,
        options2,
        games=games,
        resign=args.resign,
        byoyomi=byoyomi,
        draw=args.draw,
        opening=openings,
        opening_seed=0,
        pgn=args.pgn,
        csa=args.csa,
        multi_csa=bool(args.csa),
        print_summary=False,
        callback=running_total,
    )
    for label, engine in zip(("engine1", "engine2"), engines):
        ms = engine.move_ms or [0.0]
        over = sum(t > byoyomi for t in ms) if not args.nodes else 0
        print(
            f"{label} {engine.name}: {len(ms)} moves, mean {sum(ms) / len(ms):.0f} ms, "
            f"worst {max(ms):.0f} ms" + (f", {over} over the byoyomi of {byoyomi} ms" if not args.nodes else "")
        )
    print(summary(result["engine1_won"], result["engine2_won"], result["draw"]))


if __name__ == "__main__":
    main()
