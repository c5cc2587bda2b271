#!/usr/bin/env python3
"""One match as N processes of scripts/match.py, for a machine with many
cores: process K plays `--part K/N` of the openings (both colours each),
its log goes to OUT/part-K.log and its games (CSA, with each move's time,
score and expected line) to OUT/part-K.csa, and the first engine's wins, losses and
draws are added up from the logs' running totals, so that a match cut off
by `--deadline` still counts every finished game.

    python3 scripts/parallel_match.py 15 OUT --deadline 540 -- \\
        .device/yomi .device/yo-material --yaneuraou --games 400 --byoyomi 1000

Everything after `--` goes to match.py as it is (without `--part` and
`--csa`, which this script sets), so
`--games G` caps each process: process K plays min(G, 2 × the openings
of its slice) games, from its slice's openings in one fixed shuffled
order (the runner's seed 0), so two runs with the same arguments play
the same openings in the same order.
"""

import argparse
import os
import re
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

TOTAL = re.compile(r"^after (\d+) games: (\d+)-(\d+)-(\d+)$")


def read_log(path):
    """The last running total (W, L, D) of one part's log, and its lines
    about moves over the byoyomi."""
    total, over = (0, 0, 0), []
    with open(path, errors="replace") as f:
        for line in f:
            m = TOTAL.match(line.strip())
            if m:
                total = tuple(int(g) for g in m.groups()[1:])
            elif line.startswith("over the byoyomi:"):
                over.append(line.strip())
    return total, over


def split_at_dashes(argv):
    """(this script's arguments, whether `--` was given, match.py's)."""
    if "--" not in argv:
        return argv, False, []
    at = argv.index("--")
    return argv[:at], True, argv[at + 1 :]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("parts", type=int, help="processes (N)")
    p.add_argument("out", help="folder for the parts' logs")
    p.add_argument("--deadline", type=float, help="seconds after which unfinished parts are stopped")
    p.epilog = "then -- and match.py's arguments"
    own, sep, args = split_at_dashes(sys.argv[1:])
    a = p.parse_args(own)
    if a.parts < 1 or not sep or not args:
        sys.exit("give N >= 1 and match.py's arguments after --")
    os.makedirs(a.out, exist_ok=True)
    procs = []
    for k in range(1, a.parts + 1):
        log = open(os.path.join(a.out, f"part-{k}.log"), "w")
        records = os.path.join(a.out, f"part-{k}.csa")
        open(records, "w").close()  # the runner appends; a rerun starts afresh, as the log does
        cmd = [sys.executable, os.path.join(HERE, "match.py"), *args, "--part", f"{k}/{a.parts}", "--csa", records]
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        procs.append(subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True))
    start = time.monotonic()
    while any(q.poll() is None for q in procs):
        if a.deadline and time.monotonic() - start > a.deadline:
            for q in procs:
                if q.poll() is None:
                    os.killpg(q.pid, signal.SIGTERM)
            time.sleep(2)
            for q in procs:
                if q.poll() is None:
                    os.killpg(q.pid, signal.SIGKILL)
            break
        time.sleep(1)
    wins = losses = draws = 0
    unfinished = 0
    over = []
    for k, q in enumerate(procs, 1):
        (w, l, d), part_over = read_log(os.path.join(a.out, f"part-{k}.log"))
        over += part_over
        wins, losses, draws = wins + w, losses + l, draws + d
        unfinished += q.returncode != 0
        print(f"part {k}/{a.parts}: {w}-{l}-{d}" + ("" if q.returncode == 0 else " (stopped)"))
    if wins + losses + draws == 0:
        sys.exit("no game finished")
    from match import summary  # noqa: E402 (match.py imports cshogi)

    print(f"{unfinished} of {a.parts} parts stopped before their last game")
    print(f"{len(over)} moves over the byoyomi" + "".join("\n  " + o for o in over[:20]))
    print(summary(wins, losses, draws))


if __name__ == "__main__":
    main()
