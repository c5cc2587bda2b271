"""One record file, whatever its format: start position, moves, header."""

import os
import re

import cshogi
import cshogi.KIF  # only for its table of handicap start positions

from .bod import parse_bod
from .csa import parse_csa
from .ki2 import KI2_MOVE, parse_ki2_moves
from .kif import KIF_MOVE, kif_header, kif_moves_from
from .text import RecordError, decode

def read_record(path):
    """Returns dict(kind, sfen, moves, head, stated) or raises RecordError."""
    with open(path, "rb") as f:
        text = decode(f.read())
    ext = os.path.splitext(path)[1].lower()
    if ext == ".csa":
        sfen, moves, head = parse_csa(text)
        return dict(kind="csa", sfen=sfen, moves=moves, head=head, stated=None)
    if ext not in (".kif", ".kifu", ".ki2"):
        raise RecordError("not a record")
    cut = re.search(r"^変化[：:]", text, re.M)
    if cut:
        text = text[:cut.start()]
    h = kif_header(text)
    bod = parse_bod(text) if re.search(r"^\s*\|", text, re.M) else None
    sfen = bod or cshogi.STARTING_SFEN
    if not bod and h.get("手合割", "平手").strip("　 ") not in ("平手", ""):
        sfen = cshogi.KIF.Parser.HANDYCAP_SFENS.get(h["手合割"].strip("　 "))
        if not sfen:
            raise RecordError("handicap %r" % h["手合割"])
    is_kif = bool(KIF_MOVE.search(text)) and ext != ".ki2"
    moves = kif_moves_from(text, sfen) if is_kif else parse_ki2_moves(text, sfen)
    head = {"black": h.get("先手") or h.get("下手") or "",
            "white": h.get("後手") or h.get("上手") or "",
            "date": h.get("開始日時") or h.get("対局日") or h.get("発表年月") or "",
            "event": h.get("棋戦", ""), "title": h.get("表題") or h.get("棋戦詳細") or "",
            "author": h.get("作者", ""), "work": h.get("作品名", ""),
            "journal": h.get("発表誌", "")}
    if not head["work"]:
        first_move = KIF_MOVE.search(text) or KI2_MOVE.search(text)
        for line in text[:first_move.start() if first_move else len(text)].splitlines():
            if line.startswith("*") and "：" not in line and line[1:].strip():
                head["work"] = line[1:].strip().replace("\u3000", " ")
                break
    stated = None
    # A composed problem: starts from a board diagram and names its composer
    # or states its length.
    if bod and (h.get("作者") or h.get("作品名") or h.get("手数")):
        m = re.search(r"手数[：:]\s*(\d+)", text) or re.search(r"まで(\d+)手(?:で)?詰", text)
        stated = int(m.group(1)) if m else len(moves)
        head["stated_from"] = "header" if m else "solution record"
    m = re.search(r"^まで(\d+)手", text, re.M)
    head["ended_at"] = int(m.group(1)) if m else None
    return dict(kind="kif" if is_kif else "ki2", sfen=sfen, moves=moves, head=head, stated=stated)
