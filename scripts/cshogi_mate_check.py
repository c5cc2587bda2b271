#!/usr/bin/env python3
"""Checks `go mate` through cshogi's USI engine driver.

cshogi (an independent shogi library) starts `yomi` with
`cshogi.usi.Engine`, sends each position of a set and `go mate <ms>`, and
referees the answer: every move of a `checkmate` line must be legal on
cshogi's board, every attacker move must give check, and the line must end
in a position whose defender has no legal move. Prints one line a
position, then the share solved, the time per solved mate (as the client
waits for it) and the engine's nodes per second; with `--cshogi` also the
time cshogi's own mate search (`Board.mate_move(N)`, N the set's mate
length) takes on the same positions.

Exit status 0 when every returned line is a mate and at least
`--min-solved` of the set is solved.

With `--play-ms N` it asks the play search instead (`go byoyomi N`) and
counts the positions where it announces a mate (`score mate +k`) and
plays a check: whether the play search already finds these mates.

    python3 scripts/cshogi_mate_check.py --yomi target/release/yomi \\
        --positions positions/tsume_pro_endings.sfen --time-ms 3000
"""

import argparse
import os
import re
import sys
import time

import cshogi
from cshogi.usi import Engine


def read_set(path):
    """(line number, SFEN, metadata) for each position of a set file."""
    out = []
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        position, _, meta = line.partition("\t")
        sfen = position[5:] if position.startswith("sfen ") else position
        out.append((number, sfen, meta))
    return out


def referee(sfen, moves):
    """None when `moves` is a legal mating line from `sfen`, else why not."""
    board = cshogi.Board(sfen)
    for i, usi in enumerate(moves):
        move = board.move_from_usi(usi)
        if move == 0 or not board.is_legal(move):
            return f"ply {i + 1}: {usi} is illegal"
        board.push(move)
        if i % 2 == 0 and not board.is_check():
            return f"ply {i + 1}: {usi} does not check"
    if len(moves) % 2 == 0:
        return "the line ends with the defender's move"
    if any(True for _ in board.legal_moves):
        return "the line does not end in mate"
    return None


def play_search(args):
    """Counts the positions where the play search announces a mate."""
    engine = Engine(os.path.abspath(args.yomi))
    for option in args.option:
        name, _, value = option.partition("=")
        engine.setoption(name, value)
    engine.isready()
    positions = read_set(args.positions)
    found = 0
    for number, sfen, meta in positions:
        scores = []

        def listen(line):
            hit = re.search(r" score (cp|mate) (\S+)", line)
            if hit:
                scores.append(hit.group(1) + " " + hit.group(2))

        engine.usinewgame()
        engine.position(sfen="sfen " + sfen)
        best, _ = engine.go(byoyomi=args.play_ms, btime=0, wtime=0, listener=listen)
        board = cshogi.Board(sfen)
        board.push_usi(best)
        last = scores[-1] if scores else "none"
        mates = last.startswith("mate ") and not last.startswith("mate -") and board.is_check()
        found += mates
        print(f"line {number:>4} {'mate' if mates else 'MISSED':<6} {best:<6} score {last:<10} {meta}",
              flush=True)
    engine.quit()
    print(f"play search announced {found}/{len(positions)} mates at byoyomi {args.play_ms} ms")
    return 0


def mate_length(meta):
    found = re.search(r"mate <?=?(\d+)", meta)
    return int(found.group(1)) if found else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--yomi", required=True, help="the engine binary")
    parser.add_argument("--positions", default="positions/tsume_pro_endings.sfen")
    parser.add_argument("--time-ms", type=int, default=3000)
    parser.add_argument("--min-solved", type=float, default=0.95,
                        help="the share of the set that must be solved")
    parser.add_argument("--option", action="append", default=[],
                        help="a USI option NAME=VALUE")
    parser.add_argument("--cshogi", action="store_true",
                        help="also time cshogi's mate_move(N) on each position")
    parser.add_argument("--play-ms", type=int,
                        help="ask the play search (go byoyomi N) instead of go mate")
    args = parser.parse_args()
    if args.play_ms:
        return play_search(args)

    # cshogi starts the engine in its own folder: the path must be absolute.
    engine = Engine(os.path.abspath(args.yomi))
    for option in args.option:
        name, _, value = option.partition("=")
        engine.setoption(name, value)
    engine.isready()

    solved, wrong, waited, nodes, engine_ms, cshogi_ms = 0, 0, 0.0, 0, 0, 0.0
    positions = read_set(args.positions)
    for number, sfen, meta in positions:
        info = {}

        def listen(line):
            found = re.match(r"info time (\d+) nodes (\d+)", line)
            if found:
                info["ms"], info["nodes"] = int(found.group(1)), int(found.group(2))

        engine.position(sfen="sfen " + sfen)
        begin = time.monotonic()
        answer = engine.go_mate(byoyomi=args.time_ms, listener=listen).split()
        took = time.monotonic() - begin
        nodes += info.get("nodes", 0)
        engine_ms += info.get("ms", 0)
        verdict = ""
        if answer and answer[0] not in ("nomate", "timeout", "notimplemented"):
            why = referee(sfen, answer)
            if why is None:
                solved += 1
                waited += took
                verdict = f"mate {len(answer)} plies"
            else:
                wrong += 1
                verdict = f"WRONG: {why}"
        else:
            verdict = " ".join(answer) or "no answer"
        extra = ""
        length = mate_length(meta)
        if args.cshogi and length:
            board = cshogi.Board(sfen)
            begin = time.monotonic()
            board.mate_move(length)
            spent = time.monotonic() - begin
            cshogi_ms += spent * 1e3
            extra = f" cshogi_ms {spent * 1e3:.1f}"
        print(f"line {number:>4} {verdict:<24} time_ms {took * 1e3:7.0f}{extra}  {meta}", flush=True)
    engine.quit()

    n = len(positions)
    nps = nodes / max(engine_ms, 1) * 1e3
    summary = (f"solved {solved}/{n} ({100 * solved / max(n, 1):.1f}%), wrong {wrong}, "
               f"mean ms per solved {1e3 * waited / max(solved, 1):.0f}, nps {nps:.0f}")
    if args.cshogi:
        summary += f", cshogi mate_move total ms {cshogi_ms:.0f}"
    print(summary)
    if wrong or solved < args.min_solved * n:
        sys.exit(1)


if __name__ == "__main__":
    main()
