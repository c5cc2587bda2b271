#!/usr/bin/env python3
"""A ShogiArena run's games, counted: one engine's wins, losses and draws
with an Elo estimate, and, under a clock (`--time-ms`, `--increment-ms`),
each engine's time used, its longest move and the least time left on its
clock after a move.

ShogiArena keeps a run's games in `RUN_DIR/game.db` (SQLite); results
pages ship it packed, and a file ending in `.gz` is unpacked to read it.

    python3 scripts/arena_games.py RUN_DIR/game.db --engine yomi \\
        --time-ms 10000 --increment-ms 100
"""

import argparse
import gzip
import os
import sqlite3
import sys

from match import summary  # the W-L-D line match.py prints


def open_db(path):
    """A connection to the games at `path`, unpacked first when it ends in .gz."""
    if not path.endswith(".gz"):
        return sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    with gzip.open(path, "rb") as packed:
        data = bytearray(packed.read())
    # A run's database is in write-ahead mode, which an image in memory
    # cannot keep: its header is set back to the rollback journal's.
    data[18:20] = b"\x01\x01"
    db = sqlite3.connect(":memory:")
    db.deserialize(bytes(data))
    return db


def totals(db, engine):
    """`engine`'s (wins, losses, draws) over every finished game but
    replays of earlier ones (`replays`)."""
    ids = dict(db.execute("select player_name, id from player"))
    if engine not in ids:
        sys.exit(f"no engine {engine!r} in the games (engines: {', '.join(sorted(ids))})")
    me = ids[engine]
    repeated = replays(db)
    w = l = d = 0
    for gid, black, white, result in db.execute(
        "select id, black_player_id, white_player_id, game_result from game"
    ):
        if gid in repeated:
            continue
        if result in ("BLACK_WIN", "WHITE_WIN"):
            winner = black if result == "BLACK_WIN" else white
            if me == winner:
                w += 1
            elif me in (black, white):
                l += 1
        elif me in (black, white):
            d += 1
    return w, l, d


def replays(db):
    """The ids of games that repeat an earlier game move for move: the same
    engines with the same colours from the same position. ShogiArena draws
    a run's openings with replacement by default, and engines that play
    alike every time (a fixed node count, no pondering, tables cleared
    between games) then play an opening drawn twice the same way twice; a
    replay tells nothing new and is left out of the counts."""
    moves = {}
    for gid, move in db.execute("select game_id, next_move from game_move order by game_id, ply"):
        moves.setdefault(gid, []).append(move)
    seen, repeated = set(), set()
    for gid, black, white, sfen in db.execute(
        "select id, black_player_id, white_player_id, initial_position_sfen from game order by game_name"
    ):
        key = (black, white, sfen, tuple(moves.get(gid, ())))
        if key in seen:
            repeated.add(gid)
        seen.add(key)
    return repeated


def points_by_opening(db, engine):
    """`engine`'s points (1, 0.5 or 0) in each game it played, grouped by
    starting position, each group in the order the games were scheduled
    (ShogiArena plays a position with both colours one after the other);
    replays of earlier games (`replays`) left out."""
    ids = dict(db.execute("select player_name, id from player"))
    if engine not in ids:
        raise ValueError(f"no engine {engine!r} in the games (engines: {', '.join(sorted(ids))})")
    me = ids[engine]
    repeated = replays(db)
    groups = {}
    for gid, black, white, result, sfen in db.execute(
        "select id, black_player_id, white_player_id, game_result, initial_position_sfen "
        "from game order by game_name"
    ):
        if me not in (black, white) or gid in repeated:
            continue
        if result in ("BLACK_WIN", "WHITE_WIN"):
            points = float(me == (black if result == "BLACK_WIN" else white))
        else:
            points = 0.5
        groups.setdefault(sfen, []).append(points)
    return list(groups.values())


def clocks(db, time_ms, increment_ms):
    """Per engine: total time used over its games, the longest move, the
    least left on its clock after a move (its increment added), and how
    many moves left less than nothing."""
    names = dict(db.execute("select id, player_name from player"))
    used = {p: 0 for p in names}
    longest = {p: 0 for p in names}
    least = {p: time_ms for p in names}
    short = {p: 0 for p in names}
    games = db.execute(
        "select id, black_player_id, white_player_id, initial_position_sfen from game"
    ).fetchall()
    for gid, black, white, sfen in games:
        fields = sfen.split()
        first = white if len(fields) > 1 and fields[0] != "startpos" and fields[1] == "w" else black
        left = {black: time_ms, white: time_ms}
        mover = first
        for (t,) in db.execute(
            "select next_move_time_ms from game_move where game_id = ? order by ply", (gid,)
        ):
            t = t or 0
            used[mover] += t
            longest[mover] = max(longest[mover], t)
            left[mover] += increment_ms - t
            least[mover] = min(least[mover], left[mover])
            short[mover] += left[mover] < 0
            mover = white if mover == black else black
    return {
        names[p]: (used[p] / max(len(games), 1), longest[p], least[p], short[p]) for p in names
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("db", help="a ShogiArena run's game.db, or game.db.gz")
    ap.add_argument("--engine", required=True, help="whose score to count")
    ap.add_argument("--time-ms", type=int, help="each side's time at the start")
    ap.add_argument("--increment-ms", type=int, default=0, help="the Fischer increment")
    args = ap.parse_args()
    if not os.path.exists(args.db):
        sys.exit(f"no such file: {args.db}")
    db = open_db(args.db)
    w, l, d = totals(db, args.engine)
    if w + l + d == 0:
        sys.exit("no finished game")
    print(f"{args.engine}: {summary(w, l, d)}")
    if args.time_ms is not None:
        for name, (mean, longest, least, short) in sorted(clocks(db, args.time_ms, args.increment_ms).items()):
            print(
                f"{name}: {mean / 1000:.1f} s used a game on average, longest move {longest} ms, "
                f"least left after a move {least} ms, moves past the clock {short}"
            )


if __name__ == "__main__":
    main()
