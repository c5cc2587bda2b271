"""KIF records: the header's key：value lines and the numbered moves, each
naming its origin square."""

import re

import cshogi

from .notation import FILE_CH, PIECE_KANJI, RANK_CH, moved_piece_type, sq_of

def kif_header(text):
    h = {}
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        body = line[1:] if line.startswith("*") else line
        if "：" in body and not re.match(r"\s*\d", body):
            k, v = body.split("：", 1)
            k = k.strip()
            if line.startswith("*") and k != "棋戦詳細":
                continue
            h.setdefault(k, v.strip().rstrip("　"))
    return h


KIF_MOVE = re.compile(r"^\s*\d+\s+[▲△☗☖]?(?:([１-９])([一二三四五六七八九])|同\s*)"
                      r"(成銀|成桂|成香|[歩香桂銀金角飛玉王と杏圭全馬龍竜])(成|不成)?(打)?(?:\((\d)(\d)\))?",
                      re.M)


def kif_moves_from(text, sfen):
    board = cshogi.Board(sfen)
    moves, last_to = [], None
    for line in text.splitlines():
        m = KIF_MOVE.match(line)
        if not m:
            continue
        to = sq_of(FILE_CH[m.group(1)], RANK_CH[m.group(2)]) if m.group(1) else last_to
        pt = PIECE_KANJI[m.group(3)]
        cands = []
        for mv in board.legal_moves:
            if cshogi.move_to(mv) != to or moved_piece_type(mv) != pt:
                continue
            if bool(m.group(5)) != cshogi.move_is_drop(mv):
                continue
            if m.group(6) and cshogi.move_from(mv) != sq_of(int(m.group(6)), int(m.group(7))):
                continue
            if (m.group(4) == "成") != cshogi.move_is_promotion(mv):
                continue
            cands.append(mv)
        if len(cands) != 1:
            break
        moves.append(cands[0])
        board.push(cands[0])
        last_to = to
    return moves
