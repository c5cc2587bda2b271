#!/usr/bin/env python3
"""Plays yomi against itself through cshogi's USI engine driver.

cshogi (an independent shogi library) starts two `yomi` processes with
`cshogi.usi.Engine`, runs the handshake, sets options, and referees: every
move must be legal on cshogi's board, `bestmove resign` only when there is no
legal move, and under a byoyomi clock every move must come within the
byoyomi (no loss on time). Exit status 0 when every check holds.

    python3 scripts/cshogi_usi_games.py --yomi target/release/yomi
"""

import argparse
import os
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


def play(engines, go_args, max_moves, byoyomi_ms=None, slack_ms=300):
    """One game; `go_args` holds the go parameters of Black and White.
    Returns (result text, moves played, worst move time in ms)."""
    board = cshogi.Board()
    moves = []
    worst = 0.0
    while len(moves) < max_moves:
        engine = engines[board.turn]
        engine.position(moves)
        begin = time.monotonic()
        best, _ponder = engine.go(**go_args[board.turn])
        elapsed = (time.monotonic() - begin) * 1000
        worst = max(worst, elapsed)
        side = "black" if board.turn == cshogi.BLACK else "white"
        if byoyomi_ms is not None and elapsed > byoyomi_ms + slack_ms:
            return f"FAIL: {side} took {elapsed:.0f} ms at move {len(moves) + 1} (byoyomi {byoyomi_ms})", moves, worst
        if best == "resign":
            if any(True for _ in board.legal_moves):
                return f"FAIL: {side} resigned with legal moves in {board.sfen()}", moves, worst
            return f"{side} resigns (mated)", moves, worst
        if best == "win":
            return f"FAIL: {side} declared a win", moves, worst
        move = board.move_from_usi(best)
        if not board.is_legal(move):
            return f"FAIL: {side} played illegal {best} in {board.sfen()}", moves, worst
        board.push(move)
        moves.append(best)
        draw = board.is_draw()
        if draw == cshogi.REPETITION_DRAW:
            return "draw by repetition", moves, worst
        if draw in (cshogi.REPETITION_WIN, cshogi.REPETITION_LOSE):
            return f"perpetual check ({'win' if draw == cshogi.REPETITION_WIN else 'loss'} for the side to move)", moves, worst
    return "unfinished", moves, worst


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--yomi", required=True)
    parser.add_argument("--nodes", type=int, nargs=2, default=[1000, 30000], help="node budgets of Black and White")
    parser.add_argument("--byoyomi", type=int, default=500)
    parser.add_argument("--byoyomi-moves", type=int, default=30)
    args = parser.parse_args()
    # cshogi starts the engine in the engine's own folder.
    args.yomi = os.path.abspath(args.yomi)

    failed = False
    options = {"USI_Hash": 16, "USI_Ponder": "false"}
    engines = [start(args.yomi, options), start(args.yomi, options)]
    budgets = [{"nodes": n} for n in args.nodes]
    result, moves, worst = play(engines, budgets, max_moves=400)
    print(f"game 1 (nodes {args.nodes[0]} against {args.nodes[1]}): {result} after {len(moves)} moves")
    failed |= result.startswith("FAIL") or result.startswith("unfinished")
    for e in engines:
        e.quit()

    engines = [start(args.yomi, options), start(args.yomi, options)]
    go = {"btime": 0, "wtime": 0, "byoyomi": args.byoyomi}
    result, moves, worst = play(engines, [go, go], args.byoyomi_moves, byoyomi_ms=args.byoyomi)
    print(f"game 2 (byoyomi {args.byoyomi} ms): {result} after {len(moves)} moves, slowest move {worst:.0f} ms")
    failed |= result.startswith("FAIL")
    for e in engines:
        e.quit()
    print("FAILED" if failed else "passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
