"""CSA records (own reader: cshogi's CSA reader crashed on one test file)."""

import re

import cshogi

from .bod import HAND_ORDER
from .text import RecordError

CSA_PIECE = {"FU": "p", "KY": "l", "KE": "n", "GI": "s", "KI": "g", "KA": "b", "HI": "r",
             "OU": "k", "TO": "+p", "NY": "+l", "NK": "+n", "NG": "+s", "UM": "+b", "RY": "+r"}


def parse_csa(text):
    head, rows, moves_txt = {}, {}, []
    turn, hands = None, {"+": {}, "-": {}}
    for raw in text.splitlines():
        for st in raw.split(","):
            st = st.strip()
            if not st or st.startswith("'"):
                continue
            if st.startswith("N+"):
                head["black"] = st[2:].strip()
            elif st.startswith("N-"):
                head["white"] = st[2:].strip()
            elif st.startswith("$") and ":" in st:
                k, v = st[1:].split(":", 1)
                head[k] = v.strip()
            elif st == "PI":
                rows = "PI"
            elif re.match(r"P[1-9]", st):
                if rows == "PI":
                    raise RecordError("PI and P1..P9 both given")
                rows[int(st[1])] = st[2:]
            elif re.match(r"P[+-]", st):
                body = st[2:]
                for i in range(0, len(body) - 3, 4):
                    if body[i:i + 2] == "00":
                        p = CSA_PIECE[body[i + 2:i + 4]]
                        hands[st[1]][p] = hands[st[1]].get(p, 0) + 1
            elif st in ("+", "-") and turn is None and not moves_txt:
                turn = st
            elif re.match(r"[+-]\d{4}[A-Z]{2}$", st):
                moves_txt.append(st[1:])
            elif st.startswith("%"):
                head.setdefault("end", st)
                if st not in ("%MATTA",):
                    break
    if rows in ({}, "PI"):
        sfen = cshogi.STARTING_SFEN
        if turn == "-":
            raise RecordError("PI with white to move")
    else:
        out = []
        for r in range(1, 10):
            line, empty = rows[r], 0
            s = ""
            for i in range(9):
                c = line[3 * i:3 * i + 3]
                if c.strip() in ("*", ""):
                    empty += 1
                    continue
                if empty:
                    s += str(empty)
                    empty = 0
                p = CSA_PIECE[c[1:3]]
                s += p.upper() if c[0] == "+" else p
            if empty:
                s += str(empty)
            out.append(s)
        hs = ""
        for side in "+-":
            for p in HAND_ORDER:
                n = hands[side].get(p, 0)
                if n:
                    hs += (str(n) if n > 1 else "") + (p.upper() if side == "+" else p)
        sfen = "%s %s %s 1" % ("/".join(out), "w" if turn == "-" else "b", hs or "-")
    board = cshogi.Board(sfen)
    moves = []
    for t in moves_txt:
        mv = board.move_from_csa(t)
        if not mv or not board.is_legal(mv):
            break
        moves.append(mv)
        board.push(mv)
    head["date"] = head.get("START_TIME") or head.get("START") or ""
    head["event"] = head.get("EVENT", "")
    for k in ("black", "white", "title", "author", "work", "journal"):
        head.setdefault(k, "")
    return sfen, moves, head
