"""KI2 moves (own resolver: cshogi's KI2 parser fails on 左/右 and several
records): a move names only its destination and piece, and the words
左右直上寄引 pick the mover among the legal moves."""

import re

import cshogi

from .notation import FILE_CH, PIECE_KANJI, RANK_CH, moved_piece_type, sq_of
from .text import RecordError

KI2_MOVE = re.compile(
    r"([▲△☗☖])\s*(?:([１-９1-9])([一二三四五六七八九])|同\s*)"
    r"(成銀|成桂|成香|[歩香桂銀金角飛玉王と杏圭全馬龍竜])"
    r"(左|右|直)?(上|寄|引|行|入)?(打|成|不成|生)?")


def resolve_ki2(board, m, last_to):
    if m.group(2):
        to = sq_of(FILE_CH[m.group(2)], RANK_CH[m.group(3)])
    else:
        if last_to is None:
            raise RecordError("同 without a previous move")
        to = last_to
    pt = PIECE_KANJI[m.group(4)]
    lr, vert, act = m.group(5), m.group(6), m.group(7)
    cands = [mv for mv in board.legal_moves
             if cshogi.move_to(mv) == to and moved_piece_type(mv) == pt]
    drops = [mv for mv in cands if cshogi.move_is_drop(mv)]
    boards = [mv for mv in cands if not cshogi.move_is_drop(mv)]
    if act == "打":
        cands = drops
    else:
        cands = boards if boards else drops
    if act == "成":
        cands = [mv for mv in cands if cshogi.move_is_promotion(mv)]
    elif act in ("不成", "生"):
        cands = [mv for mv in cands if not cshogi.move_is_promotion(mv)]
    elif any(cshogi.move_is_promotion(mv) for mv in cands):
        cands = [mv for mv in cands if not cshogi.move_is_promotion(mv)]
    black = board.turn == cshogi.BLACK
    fwd = -1 if black else 1  # rank index change of a forward move

    def dy(mv):
        return (cshogi.move_to(mv) % 9) - (cshogi.move_from(mv) % 9)

    def ffile(mv):
        return cshogi.move_from(mv) // 9

    board_only = [mv for mv in cands if not cshogi.move_is_drop(mv)]
    if vert in ("上", "行", "入"):
        cands = [mv for mv in board_only if dy(mv) * fwd > 0]
    elif vert == "引":
        cands = [mv for mv in board_only if dy(mv) * fwd < 0]
    elif vert == "寄":
        cands = [mv for mv in board_only if dy(mv) == 0]
    if lr == "直":
        cands = [mv for mv in cands if not cshogi.move_is_drop(mv)
                 and ffile(mv) == to // 9 and dy(mv) * fwd > 0]
    elif lr in ("左", "右") and cands:
        files = [ffile(mv) for mv in cands]
        # Black's right is file 1 (index 0); White's right is file 9.
        want_min = (lr == "右") == black
        target = min(files) if want_min else max(files)
        cands = [mv for mv in cands if ffile(mv) == target]
    if len(cands) != 1:
        raise RecordError("cannot resolve KI2 move %r (%d candidates) at %s"
                          % (m.group(0), len(cands), board.sfen()))
    return cands[0]


def parse_ki2_moves(text, sfen):
    board = cshogi.Board(sfen)
    moves, last_to = [], None
    for line in text.splitlines():
        if not line or line[0] in "*#&" or "：" in line:
            continue
        if line.startswith("まで") or line.startswith("変化"):
            break
        for m in KI2_MOVE.finditer(line):
            mv = resolve_ki2(board, m, last_to)
            moves.append(mv)
            board.push(mv)
            last_to = cshogi.move_to(mv)
    return moves
