#!/usr/bin/env python3
"""Plays yomi against itself through cshogi's USI engine driver.

cshogi (an independent shogi library) starts two `yomi` processes with
`cshogi.usi.Engine`, runs the handshake, sets options, and referees: every
move must be legal on cshogi's board, `bestmove resign` only when there is no
legal move, `bestmove win` only with a legal entering-king declaration,
and under a byoyomi clock every move must come within the
byoyomi (no loss on time). Exit status 0 when every check holds; an
engine that dies or stops answering fails the run after `--time-limit`
seconds (cshogi's driver itself would wait on it forever).

    python3 scripts/cshogi_usi_games.py --yomi target/release/yomi
"""

import argparse
import os
import signal
import sys
import time

import cshogi
from cshogi.usi import Engine


def start(path, options):
    engine = Engine(path)
    for name, value in options.items():
        engine.setoption(name, value)
    engine.isready()
    engine.usinewgame()
    return engine


def play(engines, go_args, max_moves, byoyomi_ms=None, clock_ms=None, inc_ms=0, slack_ms=300):
    """One game; `go_args` holds the go parameters of Black and White (or,
    with `clock_ms`, a Fischer clock of that many ms plus `inc_ms` a move
    is kept here and sent). Returns (result text, moves played, move times
    in ms)."""
    board = cshogi.Board()
    moves = []
    times = []
    clocks = [clock_ms, clock_ms]
    while len(moves) < max_moves:
        engine = engines[board.turn]
        engine.position(moves)
        args = dict(go_args[board.turn])
        if clock_ms is not None:
            args.update(btime=clocks[0], wtime=clocks[1], binc=inc_ms, winc=inc_ms)
        begin = time.monotonic()
        best, _ponder = engine.go(**args)
        elapsed = (time.monotonic() - begin) * 1000
        times.append(elapsed)
        side = "black" if board.turn == cshogi.BLACK else "white"
        if byoyomi_ms is not None and elapsed > byoyomi_ms + slack_ms:
            return f"FAIL: {side} took {elapsed:.0f} ms at move {len(moves) + 1} (byoyomi {byoyomi_ms})", moves, times
        if clock_ms is not None:
            clocks[board.turn] -= int(elapsed)
            if clocks[board.turn] < 0:
                return f"FAIL: {side} lost on time at move {len(moves) + 1}", moves, times
            clocks[board.turn] += inc_ms
        if best == "resign":
            if any(True for _ in board.legal_moves):
                return f"FAIL: {side} resigned with legal moves in {board.sfen()}", moves, times
            return f"{side} resigns (mated)", moves, times
        if best == "win":
            if not board.is_nyugyoku():
                return f"FAIL: {side} declared a win it does not have in {board.sfen()}", moves, times
            return f"{side} declares a win (entering king)", moves, times
        move = board.move_from_usi(best)
        if not board.is_legal(move):
            return f"FAIL: {side} played illegal {best} in {board.sfen()}", moves, times
        board.push(move)
        moves.append(best)
        draw = board.is_draw()
        if draw == cshogi.REPETITION_DRAW:
            return "draw by repetition", moves, times
        if draw in (cshogi.REPETITION_WIN, cshogi.REPETITION_LOSE):
            return f"perpetual check ({'win' if draw == cshogi.REPETITION_WIN else 'loss'} for the side to move)", moves, times
    return "unfinished", moves, times


def summary(times):
    if not times:
        return "no moves"
    return f"move time mean {sum(times) / len(times):.0f} ms, max {max(times):.0f} ms"


def fail_after(seconds):
    """Ends the whole run as failed once `seconds` have passed: cshogi's
    driver waits for a dead engine's answer forever."""

    def give_up(_signum, _frame):
        print(f"FAIL: not done within {seconds} s (an engine died or stopped answering)", flush=True)
        os._exit(1)

    signal.signal(signal.SIGALRM, give_up)
    signal.alarm(seconds)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--yomi", required=True)
    parser.add_argument("--nodes", type=int, nargs=2, default=[1000, 30000], help="node budgets of Black and White")
    parser.add_argument("--byoyomi", type=int, default=500)
    parser.add_argument("--byoyomi-moves", type=int, default=30)
    parser.add_argument("--fischer", type=int, nargs=2, default=[3000, 100], help="main time and increment, ms")
    parser.add_argument("--fischer-moves", type=int, default=40)
    parser.add_argument("--games", nargs="+", choices=["nodes", "byoyomi", "fischer"],
                        default=["nodes", "byoyomi", "fischer"], help="which games to play")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a further engine option for both engines")
    parser.add_argument("--time-limit", type=int, default=600, help="seconds before the run fails")
    args = parser.parse_args()
    fail_after(args.time_limit)
    # cshogi starts the engine in the engine's own folder.
    args.yomi = os.path.abspath(args.yomi)

    failed = False
    options = {"USI_Hash": 16, "USI_Ponder": "false"}
    options.update(o.split("=", 1) for o in args.option)
    if "nodes" in args.games:
        failed |= nodes_game(args, options)
    if "byoyomi" in args.games:
        failed |= byoyomi_game(args, options)
    if "fischer" in args.games:
        failed |= fischer_game(args, options)
    print("FAILED" if failed else "passed")
    return 1 if failed else 0


def nodes_game(args, options):
    engines = [start(args.yomi, options), start(args.yomi, options)]
    budgets = [{"nodes": n} for n in args.nodes]
    result, moves, _ = play(engines, budgets, max_moves=400)
    print(f"game 1 (nodes {args.nodes[0]} against {args.nodes[1]}): {result} after {len(moves)} moves")
    for e in engines:
        e.quit()
    return result.startswith("FAIL") or result.startswith("unfinished")


def byoyomi_game(args, options):
    engines = [start(args.yomi, options), start(args.yomi, options)]
    go = {"btime": 0, "wtime": 0, "byoyomi": args.byoyomi}
    result, moves, times = play(engines, [go, go], args.byoyomi_moves, byoyomi_ms=args.byoyomi)
    print(f"game 2 (byoyomi {args.byoyomi} ms): {result} after {len(moves)} moves; {summary(times)}")
    for e in engines:
        e.quit()
    return result.startswith("FAIL")


def fischer_game(args, options):
    engines = [start(args.yomi, options), start(args.yomi, options)]
    main_ms, inc_ms = args.fischer
    result, moves, times = play(engines, [{}, {}], args.fischer_moves, clock_ms=main_ms, inc_ms=inc_ms)
    print(f"game 3 ({main_ms} ms + {inc_ms} ms a move): {result} after {len(moves)} moves; {summary(times)}")
    for e in engines:
        e.quit()
    return result.startswith("FAIL")


if __name__ == "__main__":
    sys.exit(main())
