#!/usr/bin/env python3
"""Build mate problems ("tsume") from the ends of professional shogi games.

Regenerates positions/tsume_pro_endings.sfen and positions/tsume_long.sfen
from a directory of fetched game records, so that the set is reproducible.

Usage:
  python3 scripts/tsume_set.py --records DIR [options]

Arguments:
  --records DIR        Directory of fetched record files (KIF/KIFU/KI2/CSA),
                       laid out as DIR/<owner>+<name>/<path in repository>,
                       with DIR/MANIFEST.tsv: one line per file,
                       "local_path<TAB>repository<TAB>path<TAB>commit[<TAB>commit date
                       <TAB>HEAD|history]" (of duplicate records, one at HEAD is kept)
                       (lines starting with # are ignored).  Records that are
                       not in the manifest are still read (provenance "?").
  --out-endings FILE   Short mates from game ends (default positions/tsume_pro_endings.sfen).
  --out-long FILE      Long mates, 17 plies or more (default positions/tsume_long.sfen).
  --window N           Plies before the end of each game to scan (default 40).
  --min-plies N        Ignore records shorter than this (default 60).
  --max-mate N         Longest short mate looked for, odd (default 11).
  --per-game N         Short mates kept per game in the first passes (default 2).
  --fill-to N          When fewer than N short mates were kept, add a further
                       position (of another length) from games that have one,
                       least represented length first (default 50; 0: off).
  --timeout S          Seconds allowed per cshogi mate_move call (default 20).
  --long-min N         Shortest length counted as a long mate (default 17).
  --long-max N         Longest mate_move depth tried for long mates (default 31).
  --long-timeout S     Seconds per mate_move call for long mates (default 20).
  --long-nodes N       Node budget of the exact Python search per long candidate
                       (default 10000000, about a minute).
  --long-count N       Long mates from game ends kept at most (default 12).
  --long-stated-max N  Composed problems longer than this are left out (default 1000).
  --dfpn-nodes N       Node limit of cshogi.DfPn on positions without a short mate
                       (default 300000).
  --problem-dfpn-nodes N  Node limit of the DfPn sanity check of composed problems
                       (default 5000000).
  --no-long            Skip the long-mate search.
  --verify             Re-check every kept short mate with an exact search written
                       here in Python (all legal moves; attacker checks every move):
                       mate in N exists and no mate in N-2.  Slow for N = 9, 11.
  --verify-nodes N     Node limit per exact check (default 3000000); over it: "unverified".
  --cache FILE         JSON file caching mate results by SFEN (resumable runs).
  --deny PATTERN       Extra fnmatch pattern on "repository:path" for records to skip
                       (repeatable); the built-in DENY list drops computer, amateur
                       and test-stub games.
  --survey             Only list the games found (kept or dropped, and why).
  --table FILE         Also write a markdown table of the games used (for the README).
  --export GITDIR=OWNER/NAME
                       Only copy the record files of a local git mirror (bare
                       repository) of OWNER/NAME into --records and append their
                       MANIFEST.tsv rows (repeatable), then stop.
  -h, --help           Show this help.

Selection rule (short mates): every game is replayed legally from its start
position (a record that does not replay to its end is dropped).  For each
position after ply k, k in [n-window, n], where the side to move is not in
check and has no mate in 1, the shortest mate length N is the smallest odd
N in 3..max-mate for which cshogi's Board.mate_move(N) returns a move
(cshogi's mate search: the attacker checks on every move, the defender may
play any evasion).  Each game then gives at most --per-game positions with
distinct N, chosen so that the lengths stay spread (least represented length
first, then longer first, then earlier ply).

Long mates: positions of the same windows where no mate <= max-mate was found
but cshogi.DfPn proves a mate whose PV has L >= long-min plies (L bounds the
shortest mate from above).  Lower bounds come from cshogi mate_move(N) for
N = max-mate+2, ... (each call bounded by --long-timeout; stops at the first
timeout) and from the exact Python search deepened the same way (bounded by
--long-nodes).  When no mate <= N-2 and a mate <= N are both established the
line says "mate N", otherwise "mate <=L"; the provenance field says which
search gave which bound.  One position per game (its candidate with the
shortest PV >= long-min), established lengths first, then the longest.
Composed problems (records that start from a board diagram and name a composer
or state a length, e.g. "手数：59") are added to the long file with the stated
length (or the length of their solution record) and a DfPn sanity check.

Requires the Python package cshogi.
"""

import argparse
import fnmatch
import json
import multiprocessing as mp
import os
import re
import sys
import time

import cshogi
import cshogi.KIF  # only for its table of handicap start positions

try:
    from importlib.metadata import version as _version
    CSHOGI_VERSION = _version("cshogi")
except Exception:  # noqa: BLE001 - the version is only reported
    CSHOGI_VERSION = "?"

# ---------------------------------------------------------------- records

# Records that are not games between professionals (computer games, amateur
# games, parser test stubs).  Matched with fnmatch against "repository:path".
DENY = [
    "*:*floodgate*", "*:*GPS*", "*:*YAMADA*", "*:*aobazero*",
    "ebifrier/Ragnarok:*SampleCsa.csa", "ebifrier/Ragnarok:*Kif_CheckMate*",
    "ebifrier/Ragnarok:*Kif_PV*", "ebifrier/Ragnarok:*Kif_Variation*",
    "ebifrier/Ragnarok:*GenFiles/kifu.kif", "ebifrier/Ragnarok:*Kif_UTF8*",
    "akicho8/shogi-player:*Shimi8266*", "akicho8/shogi-player:*foo.kif",
    "akicho8/shogi-player:*ureshino*",
    "mogproject/mog-core-scala:*/kif/game/00[235689].kif",
    "mogproject/mog-core-scala:*/kif/game/01[4567].kif",
    "mogproject/mog-core-scala:*/csa/game/002.csa",
    "na2hiro/Kifu-for-JS:*denou*", "na2hiro/Kifu-for-JS:*9fu*",
    "na2hiro/Kifu-for-JS:*meijinsen_20180508_M7_10034.kif",  # a 52-ply fragment
]

# Records whose players or event name a computer program or a server.
DENY_HEAD = re.compile(r"floodgate|YaneuraOu|elmo|Gikou|GPS|Bonanza|ponanza|Apery|shitate|uwate|人間",
                       re.I)

# ids for records whose file names do not give a readable ASCII id, and ids
# already used by positions/pro_middlegame_32.sfen (kept identical).
ID_OVERRIDE = {
    "na2hiro/Kifu-for-JS:20091203.ki2": "kfj_20091203_ginga",
    "akicho8/shogi-player:第11回朝日杯将棋オープン戦本戦.kif": "sp_asahi11",
    "akicho8/shogi-player:藤井聡太四段_vs_澤田真吾六段.kif": "sp_fujii_sawada",
}

# Header data missing from a record, keyed by file name.
META_OVERRIDE = {
    "藤井聡太四段_vs_澤田真吾六段.kif": {"black": "藤井聡太四段", "white": "澤田真吾六段"},
}

ROMAJI = {"大山": "oyama", "板谷": "itaya", "南口": "minamiguchi", "塚田": "tsukada",
          "花村": "hanamura", "松田": "matsuda", "升田": "masuda", "二上": "futakami",
          "加藤": "kato", "中原": "nakahara", "米長": "yonenaga", "内藤": "naito",
          "有吉": "ariyoshi", "山田": "yamada", "灘": "nada"}

REPO_PREFIX = {"akicho8/bioshogi": "bio", "na2hiro/Kifu-for-JS": "kfj",
               "mogproject/mog-core-scala": "mog", "gunyarakun/python-shogi": "ps",
               "ebifrier/Ragnarok": "rg", "akicho8/shogi-player": "sp"}


def decode(raw):
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    for enc in ("utf-8", "cp932"):
        try:
            return raw.decode(enc)
        except UnicodeDecodeError:
            pass
    return raw.decode("utf-8", "replace")


class RecordError(Exception):
    pass


# --- KI2 (own resolver: cshogi's KI2 parser fails on 左/右 and several records)

KI2_MOVE = re.compile(
    r"([▲△☗☖])\s*(?:([１-９1-9])([一二三四五六七八九])|同\s*)"
    r"(成銀|成桂|成香|[歩香桂銀金角飛玉王と杏圭全馬龍竜])"
    r"(左|右|直)?(上|寄|引|行|入)?(打|成|不成|生)?")
FILE_CH = {c: i for i, c in enumerate("１２３４５６７８９", 1)}
FILE_CH.update({c: i for i, c in enumerate("123456789", 1)})
RANK_CH = {c: i for i, c in enumerate("一二三四五六七八九", 1)}
PIECE_KANJI = {"歩": cshogi.PAWN, "香": cshogi.LANCE, "桂": cshogi.KNIGHT, "銀": cshogi.SILVER,
               "金": cshogi.GOLD, "角": cshogi.BISHOP, "飛": cshogi.ROOK, "玉": cshogi.KING,
               "王": cshogi.KING, "と": cshogi.PROM_PAWN, "杏": cshogi.PROM_LANCE,
               "成香": cshogi.PROM_LANCE, "圭": cshogi.PROM_KNIGHT, "成桂": cshogi.PROM_KNIGHT,
               "全": cshogi.PROM_SILVER, "成銀": cshogi.PROM_SILVER, "馬": cshogi.PROM_BISHOP,
               "龍": cshogi.PROM_ROOK, "竜": cshogi.PROM_ROOK}


def sq_of(file, rank):
    return (file - 1) * 9 + (rank - 1)


def moved_piece_type(move):
    if cshogi.move_is_drop(move):
        return cshogi.hand_piece_to_piece_type(cshogi.move_drop_hand_piece(move))
    return cshogi.move_from_piece_type(move)


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


# --- board diagrams (BOD) used by composed problems

BOD_PIECE = {"歩": "p", "香": "l", "桂": "n", "銀": "s", "金": "g", "角": "b", "飛": "r",
             "玉": "k", "王": "k", "と": "+p", "杏": "+l", "圭": "+n", "全": "+s",
             "馬": "+b", "龍": "+r", "竜": "+r"}
HAND_ORDER = "rbgsnlp"
FULL_SET = {"r": 2, "b": 2, "g": 4, "s": 4, "n": 4, "l": 4, "p": 18, "k": 2}
KANJI_NUM = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
             "十": 10, "十一": 11, "十二": 12, "十三": 13, "十四": 14, "十五": 15,
             "十六": 16, "十七": 17, "十八": 18}


def parse_hand(value):
    value = value.strip().replace(" ", "　")
    if value in ("", "なし"):
        return {}
    if "残り" in value:
        return None
    hand = {}
    for item in value.split("　"):
        if not item:
            continue
        p = BOD_PIECE[item[0]]
        hand[p] = KANJI_NUM[item[1:]] if len(item) > 1 else 1
    return hand


def parse_bod(text):
    rows = []
    hands = {"b": None, "w": None}
    turn = "b"
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("|") and s.count("|") >= 2:
            body = s[1:s.rindex("|")]
            cells, i = [], 0
            while i < len(body) and len(cells) < 9:
                side, ch = body[i], body[i + 1]
                cells.append(None if ch == "・" else ("w" if side == "v" else "b", BOD_PIECE[ch]))
                i += 2
            rows.append(cells)
        elif s.startswith(("先手の持駒", "下手の持駒")):
            hands["b"] = parse_hand(s.split("：", 1)[1])
        elif s.startswith(("後手の持駒", "上手の持駒")):
            hands["w"] = parse_hand(s.split("：", 1)[1])
        elif s.startswith("後手番") or s.startswith("上手番"):
            turn = "w"
    if len(rows) != 9:
        return None
    used = {k: 0 for k in FULL_SET}
    out = []
    for cells in rows:
        r, empty = "", 0
        for c in cells:
            if c is None:
                empty += 1
                continue
            if empty:
                r += str(empty)
                empty = 0
            side, p = c
            used[p[-1]] += 1
            r += p.upper() if side == "b" else p
        if empty:
            r += str(empty)
        out.append(r)
    for side in "bw":
        for p, n in (hands[side] or {}).items():
            used[p] += n
    for side in "bw":
        if hands[side] is None:  # "残り全部" or missing: the rest of the pieces
            hands[side] = {p: FULL_SET[p] - used[p] for p in HAND_ORDER if FULL_SET[p] - used[p] > 0}
            break
    hs = ""
    for side in "bw":
        for p in HAND_ORDER:
            n = (hands[side] or {}).get(p, 0)
            if n:
                hs += (str(n) if n > 1 else "") + (p.upper() if side == "b" else p)
    return "%s %s %s 1" % ("/".join(out), turn, hs or "-")


# --- CSA (own reader: cshogi's CSA reader crashed on one test file)

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
            line, cells, empty = rows[r], [], 0
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


def read_record(path):
    """Returns dict(kind, sfen, moves, head, stated) or raises RecordError."""
    text = decode(open(path, "rb").read())
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


# ---------------------------------------------------------------- games

def export_mirror(gitdir, repo, root):
    """Copies every KIF/KIFU/KI2/CSA file of a git mirror (bare repository)
    into root/<owner>+<name>/<path>: the version at HEAD, or for a file no
    longer at HEAD its last version; appends the rows to root/MANIFEST.tsv."""
    import subprocess

    def git(*args):
        return subprocess.run(["git", "-c", "core.quotepath=off", "--git-dir", gitdir] + list(args),
                              capture_output=True)
    head = git("rev-parse", "HEAD").stdout.decode().strip()
    at_head = set(git("ls-tree", "-r", "--name-only", "HEAD").stdout.decode().splitlines())
    log = git("log", "--all", "--name-only", "--format=@@%H", "--no-renames").stdout.decode("utf-8", "replace")
    touched, cur = {}, None
    for line in log.splitlines():
        if line.startswith("@@"):
            cur = line[2:]
        elif re.search(r"\.(kif|kifu|ki2|csa)$", line.strip(), re.I):
            touched.setdefault(line.strip(), []).append(cur)
    os.makedirs(root, exist_ok=True)
    man = os.path.join(root, "MANIFEST.tsv")
    known = open(man, encoding="utf-8").read() if os.path.exists(man) else ""
    n = 0
    with open(man, "a", encoding="utf-8") as m:
        if not known:
            m.write("# local_path\trepository\tpath\tcommit\tcommit_date\twhere\n")
        for path, commits in sorted(touched.items()):
            where = "HEAD" if path in at_head else "history"
            for c in ([head] if where == "HEAD" else commits):
                blob = git("show", "%s:%s" % (c, path))
                if blob.returncode == 0:
                    break
            else:
                continue
            lp = "%s/%s" % (repo.replace("/", "+"), path)
            os.makedirs(os.path.dirname(os.path.join(root, lp)), exist_ok=True)
            with open(os.path.join(root, lp), "wb") as f:
                f.write(blob.stdout)
            if lp + "\t" not in known:
                date = git("show", "-s", "--format=%cs", c).stdout.decode().strip()
                m.write("\t".join((lp, repo, path, c, date, where)) + "\n")
            n += 1
    print("exported %d record files of %s" % (n, repo), file=sys.stderr)


def load_manifest(root):
    man = {}
    path = os.path.join(root, "MANIFEST.tsv")
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            if line.startswith("#") or not line.strip():
                continue
            f = line.rstrip("\n").split("\t")
            man[f[0]] = dict(repo=f[1], path=f[2], commit=f[3], date=f[4] if len(f) > 4 else "",
                             where=f[5] if len(f) > 5 else "")
    return man


def make_id(repo, path, head):
    base = os.path.basename(path)
    key = "%s:%s" % (repo, base)
    if key in ID_OVERRIDE:
        return ID_OVERRIDE[key]
    prefix = REPO_PREFIX.get(repo, re.sub(r"[^a-z0-9]", "", repo.split("/")[-1].lower())[:6])
    stem, ext = os.path.splitext(base)
    if repo == "akicho8/bioshogi":
        m = re.match(r"(九段戦|十段戦|竜王戦)(\d{4})-(\d+) (.+?)-(\w+)$", stem)
        if m:
            names = m.group(4)
            rom = []
            while names:
                for k in sorted(ROMAJI, key=len, reverse=True):
                    if names.startswith(k):
                        rom.append(ROMAJI[k])
                        names = names[len(k):]
                        break
                else:
                    rom.append("x")
                    names = names[1:]
            return "bio_%s_%s_%s_%s" % (m.group(2), m.group(3), "_".join(rom), m.group(5))
    if repo == "mogproject/mog-core-scala":
        return "mog_%s%s" % (ext[1:].lower(), stem)
    if repo == "akicho8/shogi-player" and re.match(r"\d+$", stem):
        return "sp_kbi%s" % stem
    s = re.sub(r"[^a-z0-9]+", "_", stem.lower()).strip("_")
    if not s or re.search(r"[^\x00-\x7f]", stem) and len(s) < 3:
        s = re.sub(r"[^0-9]", "", head.get("date", ""))[:8] or "game"
    return "%s_%s" % (prefix, s)


def norm_date(d):
    m = re.search(r"\d{4}[/-]\d{1,2}[/-]\d{1,2}", d)
    if m:
        return m.group(0)
    m = re.search(r"\d{4}[/-]\d{1,2}", d)
    return m.group(0) if m else (d.strip() or "?")


def event_of(head):
    ev = head.get("event", "").strip()
    t = head.get("title", "").strip()
    if t and t != ev and t not in ev:
        return "%s / %s" % (ev, t) if ev else t
    return ev or "?"


def collect(root, deny, survey=False):
    man = load_manifest(root)
    files = []
    for dp, _, fns in os.walk(root):
        for fn in fns:
            if os.path.splitext(fn)[1].lower() in (".kif", ".kifu", ".ki2", ".csa"):
                lp = os.path.relpath(os.path.join(dp, fn), root)
                files.append(lp)
    # Of duplicate records the first one read is kept: files present at the
    # repository's head first, then by path.
    files.sort(key=lambda lp: (man.get(lp, {}).get("where") != "HEAD", lp))
    games, problems, seen = {}, [], {}
    for lp in files:
        info = man.get(lp) or dict(repo=lp.split("/")[0].replace("+", "/"),
                                   path="/".join(lp.split("/")[1:]), commit="?", date="", where="")
        tag = "%s:%s" % (info["repo"], info["path"])
        try:
            rec = read_record(os.path.join(root, lp))
        except (RecordError, KeyError, ValueError, IndexError) as e:
            if survey:
                print("skip   %-70s %s" % (tag, str(e)[:80]))
            continue
        base = os.path.basename(lp)
        rec["head"].update(META_OVERRIDE.get(base, {}))
        board = cshogi.Board(rec["sfen"])
        n_ok = 0
        for mv in rec["moves"]:
            if not board.is_legal(mv):
                break
            board.push(mv)
            n_ok += 1
        if rec["stated"] is not None:
            key = (rec["sfen"], tuple(rec["moves"]))
            if key not in seen:
                seen[key] = lp
                problems.append(dict(rec, info=info, lp=lp, legal=n_ok))
            continue
        why = None
        h = rec["head"]
        if any(fnmatch.fnmatch(tag, p) for p in deny) or DENY_HEAD.search(
                " ".join((h["black"], h["white"], h["event"]))):
            why = "denied (not a professional game)"
        elif n_ok != len(rec["moves"]):
            why = "illegal move at ply %d" % (n_ok + 1)
        elif h.get("ended_at") not in (None, n_ok, n_ok + 1):
            # "まで161手で先手の勝ち" must match the moves read (a truncated or
            # mistyped record shows up here; "まで122手で中断" after 121 moves
            # and a time forfeit is accepted)
            why = "record says %d plies, %d read" % (h["ended_at"], n_ok)
        elif len(rec["moves"]) < args_min_plies[0]:
            why = "only %d plies" % len(rec["moves"])
        elif not (rec["head"]["black"] and rec["head"]["white"]):
            why = "no player names"
        key = (rec["sfen"], tuple(rec["moves"]))
        if why is None and key in seen:
            why = "duplicate of %s" % seen[key]
        if why:
            if survey:
                print("drop   %-70s %s" % (tag, why))
            continue
        gid = make_id(info["repo"], info["path"], rec["head"])
        seen[key] = gid
        while gid in games:
            gid += "_"
        games[gid] = dict(rec, info=info, lp=lp, id=gid)
        if survey:
            h = rec["head"]
            print("keep   %-28s %4d  %s | %s | %s vs %s | %s" % (
                gid, len(rec["moves"]), norm_date(h["date"]), event_of(h), h["black"], h["white"], tag))
    return games, problems


args_min_plies = [60]

# ---------------------------------------------------------------- mate search


def _mate_worker(conn):
    while True:
        msg = conn.recv()
        if msg is None:
            return
        kind, sfen, n = msg
        b = cshogi.Board(sfen)
        if kind == "mate":
            conn.send(b.mate_move(n))
        elif kind == "dfpn":
            d = cshogi.DfPn()
            d.set_max_search_node(n)
            ok = d.search(b)
            conn.send((ok, [cshogi.move_to_usi(m) for m in d.get_pv(b)] if ok else [],
                       d.searched_node))


class Worker:
    """One subprocess for cshogi searches, killed and restarted on timeout."""

    def __init__(self):
        self.ctx = mp.get_context("fork")
        self.proc = None

    def _start(self):
        self.conn, child = self.ctx.Pipe()
        self.proc = self.ctx.Process(target=_mate_worker, args=(child,), daemon=True)
        self.proc.start()

    def call(self, msg, timeout):
        if self.proc is None or not self.proc.is_alive():
            self._start()
        self.conn.send(msg)
        if self.conn.poll(timeout):
            return self.conn.recv()
        self.proc.kill()
        self.proc.join()
        self.proc = None
        raise TimeoutError

    def close(self):
        if self.proc is not None and self.proc.is_alive():
            self.conn.send(None)
            self.proc.join(5)


class Cache:
    def __init__(self, path):
        self.path = path
        self.d = {}
        if path and os.path.exists(path):
            self.d = json.load(open(path))
        self.dirty = 0

    def get(self, k, default=None):
        return self.d.get(k, default)

    def put(self, k, v):
        self.d[k] = v
        self.dirty += 1
        if self.path and self.dirty >= 20:
            self.flush()

    def flush(self):
        if self.path:
            tmp = self.path + ".tmp"
            json.dump(self.d, open(tmp, "w"))
            os.replace(tmp, self.path)
        self.dirty = 0


def mate_call(worker, cache, sfen, n, timeout):
    """cshogi mate_move(n): 'mate' usi / 'none' / 'timeout'."""
    key = "mate|%s|%d" % (sfen, n)
    v = cache.get(key)
    if v is not None and not (v == "timeout" and cache.get(key + "|t", 0) < timeout):
        return v
    try:
        mv = worker.call(("mate", sfen, n), timeout)
        v = cshogi.move_to_usi(mv) if mv else "none"
    except TimeoutError:
        v = "timeout"
        cache.put(key + "|t", timeout)
    cache.put(key, v)
    return v


def shortest_mate(worker, cache, sfen, nmax, timeout):
    """(N, first move) for the smallest odd N in 3..nmax with a cshogi mate,
    (None, 'none') when none, (None, 'timeout@N') when a call timed out."""
    for n in range(3, nmax + 1, 2):
        v = mate_call(worker, cache, sfen, n, timeout)
        if v == "timeout":
            return None, "timeout@%d" % n
        if v != "none":
            return n, v
    return None, "none"


# --- exact check in Python (independent of cshogi's mate search; uses only
# cshogi's legal move generator): the attacker must check on every move, the
# defender may play any legal move; repetitions are not scored.

class Exact:
    def __init__(self, node_limit):
        self.proven, self.disproven, self.nodes, self.limit = {}, {}, 0, node_limit

    def _tt(self, b, d):
        k = b.zobrist_hash()
        p, q = self.proven.get(k), self.disproven.get(k)
        if p is not None and p <= d:
            return k, True
        if q is not None and q >= d:
            return k, False
        return k, None

    def _store(self, k, d, r):
        if r:
            if self.proven.get(k, 1 << 30) > d:
                self.proven[k] = d
        elif self.disproven.get(k, -1) < d:
            self.disproven[k] = d

    def or_node(self, b, d):
        self.nodes += 1
        if self.nodes > self.limit:
            raise TimeoutError
        k, r = self._tt(b, d)
        if r is not None:
            return r
        checks = []
        for m in b.legal_moves:
            b.push(m)
            if b.is_check():
                checks.append(m)
            b.pop()
        for m in checks:
            b.push(m)
            r = self.and_node(b, d - 1)
            b.pop()
            if r:
                self._store(k, d, True)
                return True
        self._store(k, d, False)
        return False

    def and_node(self, b, d):
        self.nodes += 1
        k, r = self._tt(b, d)
        if r is not None:
            return r
        moves = list(b.legal_moves)
        if not moves:
            return True
        if d == 0:
            return False
        for m in moves:
            b.push(m)
            r = self.or_node(b, d - 1)
            b.pop()
            if not r:
                self._store(k, d, False)
                return False
        self._store(k, d, True)
        return True


def _exact_job(args):
    sfen, n, limit = args
    b = cshogi.Board(sfen)
    ex = Exact(limit)
    try:
        yes = ex.or_node(b, n)
        no_shorter = (not ex.or_node(b, n - 2)) if n >= 3 else True
        return "ok" if (yes and no_shorter) else ("FAIL mate-in-%d:%s shorter:%s" % (n, yes, not no_shorter))
    except TimeoutError:
        return "unverified (node limit)"


# ---------------------------------------------------------------- selection


def scan_games(games, a, cache):
    worker = Worker()
    found = {}
    t0 = time.time()
    try:
        for gi, (gid, g) in enumerate(sorted(games.items())):
            n = len(g["moves"])
            b = cshogi.Board(g["sfen"])
            sfens = []
            for k, mv in enumerate(g["moves"]):
                if k >= n - a.window:
                    sfens.append((k, b.sfen()))
                b.push(mv)
            sfens.append((n, b.sfen()))
            res = []
            for k, sfen in sfens:
                bb = cshogi.Board(sfen)
                if bb.is_check() or bb.is_game_over():
                    continue
                if bb.mate_move_in_1ply():
                    res.append((k, sfen, 1, "mate1"))
                    continue
                nn, info = shortest_mate(worker, cache, sfen, a.max_mate, a.timeout)
                res.append((k, sfen, nn, info))
            found[gid] = res
            short = sorted(set(r[2] for r in res if r[2] and r[2] > 1))
            print("[%3d/%d %5.0fs] %-30s n=%3d short mates %s" % (
                gi + 1, len(games), time.time() - t0, gid, n, short), file=sys.stderr)
            cache.flush()
    finally:
        worker.close()
    return found


def select_short(found, a):
    lengths = list(range(3, a.max_mate + 1, 2))
    count = {n: 0 for n in lengths}
    picks = {gid: [] for gid in found}
    cands = {gid: [r for r in res if r[2] in count] for gid, res in found.items()}
    for _ in range(a.per_game):
        order = sorted(cands, key=lambda g: (len(set(r[2] for r in cands[g])), g))
        for gid in order:
            used = set(r[2] for r in picks[gid])
            avail = [r for r in cands[gid] if r[2] not in used]
            if not avail:
                continue
            best = min(avail, key=lambda r: (count[r[2]], -r[2], r[0]))
            picks[gid].append(best)
            count[best[2]] += 1
    # Top up to --fill-to with one more position (of a length not yet taken
    # from that game) from the games that have one, least represented length
    # first.
    extra = 0
    while sum(count.values()) < a.fill_to:
        avail = [(count[r[2]], -r[2], len(picks[gid]), gid, r) for gid in sorted(cands)
                 for r in cands[gid] if r[2] not in set(x[2] for x in picks[gid])]
        if not avail:
            break
        _, _, _, gid, r = min(avail)
        picks[gid].append(r)
        count[r[2]] += 1
        extra += 1
    return picks, count, extra


def long_candidates(found, games, a, cache):
    worker = Worker()
    out = []
    try:
        for gid in sorted(found):
            # earliest unsolved positions first: they give the longest mates
            for k, sfen, nn, info in found[gid]:
                if nn is not None or info != "none":
                    continue
                key = "dfpn|%s|%d" % (sfen, a.dfpn_nodes)
                v = cache.get(key)
                if v is None:
                    try:
                        ok, pv, nodes = worker.call(("dfpn", sfen, a.dfpn_nodes), 600)
                    except TimeoutError:
                        ok, pv, nodes = False, [], -1
                    v = [ok, pv, nodes]
                    cache.put(key, v)
                ok, pv, nodes = v
                if ok and len(pv) >= a.long_min:
                    out.append(dict(gid=gid, k=k, sfen=sfen, pv=pv))
            cache.flush()
    finally:
        worker.close()
    return out


def _long_exact_job(args):
    """Exact search, iterative deepening n = start, start+2, ... L under a node
    budget: (largest n with no mate <= n, smallest n with a mate <= n or None, nodes)."""
    sfen, start, L, limit = args
    b = cshogi.Board(sfen)
    ex = Exact(limit)
    lo, hi = start - 2, None
    try:
        for n in range(start, L + 1, 2):
            if ex.or_node(b, n):
                hi = n
                break
            lo = n
    except TimeoutError:
        pass
    return lo, hi, ex.nodes


def establish_long(cands, a, cache):
    """Bounds on the shortest mate of each long candidate (fills c['mate'], c['note']).

    Lower bound: mate_move(n) = no move for n = max_mate+2, ... (cshogi, each call
    bounded by --long-timeout) and the exact Python search (bounded by --long-nodes).
    Upper bound: the DfPn PV length L, or a mate found by either search."""
    start = a.max_mate + 2
    # cshogi mate_move, n increasing, stopping at the first timeout or mate
    worker = Worker()
    try:
        for c in cands:
            L = len(c["pv"])
            c["cs_lo"], c["cs_hi"], c["cs_note"] = a.max_mate, None, ""
            for n in range(start, min(L, a.long_max) + 1, 2):
                v = mate_call(worker, cache, c["sfen"], n, a.long_timeout)
                if v == "timeout":
                    c["cs_note"] = "mate_move(%d) over %ds" % (n, a.long_timeout)
                    break
                if v != "none":
                    c["cs_hi"] = n
                    break
                c["cs_lo"] = n
            cache.flush()
    finally:
        worker.close()
    # exact search in Python, two processes
    def cached_exact(c):
        # a finished search (mate found) under any budget, else the largest
        # budget >= --long-nodes
        pre = "exact|%s|%d|" % (c["sfen"], len(c["pv"]))
        got = [(int(k[len(pre):]), v) for k, v in cache.d.items() if k.startswith(pre)]
        done = [v for n, v in got if v[1] is not None]
        if done:
            return done[0]
        big = [v for n, v in sorted(got) if n >= a.long_nodes]
        return big[-1] if big else None

    todo = []
    for c in cands:
        key = "exact|%s|%d|%d" % (c["sfen"], len(c["pv"]), a.long_nodes)
        if cached_exact(c) is None:
            todo.append((key, (c["sfen"], start, len(c["pv"]), a.long_nodes)))
    if todo:
        with mp.get_context("fork").Pool(max(1, min(2, os.cpu_count() or 1))) as pool:
            for (key, _), r in zip(todo, pool.map(_long_exact_job, [t[1] for t in todo], chunksize=1)):
                cache.put(key, list(r))
        cache.flush()
    for c in cands:
        L = len(c["pv"])
        ex_lo, ex_hi, ex_nodes = cached_exact(c)
        lo = max(c["cs_lo"], ex_lo)
        his = [h for h in (c["cs_hi"], ex_hi, L) if h]
        hi = min(his)
        src_lo = "exact search" if ex_lo >= c["cs_lo"] else "cshogi mate_move"
        src_hi = ("exact search" if hi == ex_hi else
                  "cshogi mate_move" if hi == c["cs_hi"] else "cshogi DfPn PV")
        c["hi"], c["lo"] = hi, lo
        if hi == lo + 2:
            c["mate"] = "mate %d" % hi
        else:
            c["mate"] = "mate <=%d" % hi
        c["note"] = ("no mate <=%d (%s); mate <=%d (%s); DfPn PV %d plies; "
                     "mate_move: none <=%d%s; exact search: none <=%d%s, %d nodes"
                     % (lo, src_lo, hi, src_hi, L, c["cs_lo"],
                        (", mate at %d" % c["cs_hi"]) if c["cs_hi"] else
                        ((", " + c["cs_note"]) if c["cs_note"] else ""),
                        ex_lo, (", mate at %d" % ex_hi) if ex_hi else "", ex_nodes))
    return cands


# ---------------------------------------------------------------- output


def line_for(g, k, sfen, mate):
    h = g["head"]
    return "sfen %s\t%s | %s | %s | %s vs %s | ply %d/%d | %s" % (
        sfen, g["id"], norm_date(h["date"]), event_of(h), h["black"], h["white"],
        k, len(g["moves"]), mate)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--records", required=True, metavar="DIR")
    ap.add_argument("--out-endings", default="positions/tsume_pro_endings.sfen", metavar="FILE")
    ap.add_argument("--out-long", default="positions/tsume_long.sfen", metavar="FILE")
    ap.add_argument("--window", type=int, default=40, metavar="N")
    ap.add_argument("--min-plies", type=int, default=60, metavar="N")
    ap.add_argument("--max-mate", type=int, default=11, metavar="N")
    ap.add_argument("--per-game", type=int, default=2, metavar="N")
    ap.add_argument("--fill-to", type=int, default=50, metavar="N")
    ap.add_argument("--timeout", type=float, default=20, metavar="S")
    ap.add_argument("--long-min", type=int, default=17, metavar="N")
    ap.add_argument("--long-max", type=int, default=31, metavar="N")
    ap.add_argument("--long-timeout", type=float, default=20, metavar="S")
    ap.add_argument("--long-count", type=int, default=12, metavar="N")
    ap.add_argument("--long-stated-max", type=int, default=1000, metavar="N")
    ap.add_argument("--problem-dfpn-nodes", type=int, default=5000000, metavar="N")
    ap.add_argument("--dfpn-nodes", type=int, default=300000, metavar="N")
    ap.add_argument("--long-nodes", type=int, default=10000000, metavar="N")
    ap.add_argument("--no-long", action="store_true")
    ap.add_argument("--verify", action="store_true")
    ap.add_argument("--verify-nodes", type=int, default=3000000, metavar="N")
    ap.add_argument("--cache", metavar="FILE")
    ap.add_argument("--deny", action="append", default=[], metavar="PATTERN")
    ap.add_argument("--survey", action="store_true")
    ap.add_argument("--table", metavar="FILE")
    ap.add_argument("--export", action="append", default=[], metavar="GITDIR=OWNER/NAME")
    a = ap.parse_args()
    args_min_plies[0] = a.min_plies
    for spec in a.export:
        gitdir, _, repo = spec.partition("=")
        export_mirror(gitdir, repo, a.records)
    if a.export:
        return

    games, problems = collect(a.records, DENY + a.deny, survey=a.survey)
    if a.survey:
        print("%d games kept, %d composed problems" % (len(games), len(problems)))
        for p in problems:
            print("problem %s:%s stated %s, %d/%d moves replay" % (
                p["info"]["repo"], p["info"]["path"], p["stated"], p["legal"], len(p["moves"])))
        return
    cache = Cache(a.cache)
    found = scan_games(games, a, cache)
    picks, count, extra = select_short(found, a)

    rows = []
    for gid in sorted(picks):
        for k, sfen, n, mv in sorted(picks[gid]):
            rows.append((gid, k, sfen, n, mv))
    verdict = {}
    if a.verify:
        with mp.get_context("fork").Pool(max(1, min(2, os.cpu_count() or 1))) as pool:
            res = pool.map(_exact_job, [(r[2], r[3], a.verify_nodes) for r in rows])
        verdict = {(r[0], r[1]): v for r, v in zip(rows, res)}
        bad = [(r[0], r[1], verdict[(r[0], r[1])]) for r in rows if verdict[(r[0], r[1])].startswith("FAIL")]
        for b in bad:
            print("exact check disagrees: %s ply %d: %s" % b, file=sys.stderr)

    used_games = sorted(set(r[0] for r in rows))
    table = {}
    for gid, k, sfen, n, mv in rows:
        table.setdefault(gid, []).append("mate %d @%d" % (n, k))
    with open(a.out_endings, "w", encoding="utf-8") as f:
        f.write("# Mate problems from the ends of professional shogi games (scripts/tsume_set.py).\n")
        f.write("# Format: sfen <SFEN><TAB>id | date | event | black vs white | ply k/n | mate N\n")
        f.write("# The position is the one after ply k of an n-ply game; the side to move is not in\n")
        f.write("# check and mates in N plies at the shortest (cshogi %s Board.mate_move: attacker\n"
                % CSHOGI_VERSION)
        f.write("# checks on every move; no mate in N-2; not a mate in 1).\n")
        f.write("# Window: last %d plies of each game; %d positions per game at most, then %d more\n"
                "# (other lengths, least represented first) to reach %d; lengths %s.\n"
                % (a.window, a.per_game, extra, a.fill_to, "/".join(str(n) for n in count)))
        f.write("# Counts: %s; %d positions from %d games.\n" % (
            ", ".join("mate %d: %d" % (n, c) for n, c in count.items()), len(rows), len(used_games)))
        if a.verify:
            nv = sum(1 for v in verdict.values() if v == "ok")
            f.write("# Exact re-check in Python (all legal moves): %d of %d confirmed, %d over the node limit, %d disagree.\n"
                    % (nv, len(rows), sum(1 for v in verdict.values() if v.startswith("unverified")),
                       sum(1 for v in verdict.values() if v.startswith("FAIL"))))
        for gid, k, sfen, n, mv in rows:
            f.write(line_for(games[gid], k, sfen, "mate %d" % n) + "\n")
    print("wrote %s: %d positions from %d games; %s" % (
        a.out_endings, len(rows), len(used_games), count), file=sys.stderr)

    if a.no_long:
        if a.table:
            write_table(a.table, games, table)
        return
    longs = long_candidates(found, games, a, cache)
    print("long candidates (DfPn PV >= %d): %d in %d games" % (
        a.long_min, len(longs), len(set(c["gid"] for c in longs))), file=sys.stderr)
    # per game, the candidate with the shortest PV >= long-min first (the
    # likeliest to have its length established); the next one when its mate
    # turns out shorter than long-min
    queue = {}
    for c in sorted(longs, key=lambda c: (len(c["pv"]), c["k"])):
        queue.setdefault(c["gid"], []).append(c)
    best = {}
    for _ in range(3):
        batch = [q.pop(0) for gid, q in sorted(queue.items()) if gid not in best and q]
        if not batch:
            break
        establish_long(batch, a, cache)
        for c in batch:
            if c["hi"] >= a.long_min:
                best[c["gid"]] = c
    chosen = sorted(best.values(), key=lambda c: (c["hi"] == c["lo"] + 2, c["hi"]), reverse=True)
    chosen = chosen[:a.long_count]
    for c in chosen:
        print("long %s ply %d: %s (%s)" % (c["gid"], c["k"], c["mate"], c["note"]), file=sys.stderr)
        table.setdefault(c["gid"], []).append("long: %s @%d" % (c["mate"], c["k"]))
    with open(a.out_long, "w", encoding="utf-8") as f:
        f.write("# Long mate problems, 17 plies or more (scripts/tsume_set.py).\n")
        f.write("# Format: sfen <SFEN><TAB>id | date | event | black vs white | ply k/n | mate N | provenance\n")
        f.write("# 'mate N': shortest length established (see provenance); 'mate <=N': a mate of at most\n")
        f.write("# N plies is proven (cshogi DfPn PV), the exact shortest length is not established.\n")
        f.write("# Composed problems: 'mate N' is the length stated by the source (tsume conventions:\n")
        f.write("# useless interpositions are not counted, so an engine may report a longer mate).\n")
        for c in sorted(chosen, key=lambda c: c["gid"]):
            g = games[c["gid"]]
            f.write(line_for(g, c["k"], c["sfen"], c["mate"]) + " | game end; %s\n" % c["note"])
        worker = Worker()
        try:
            for p in sorted(problems, key=lambda p: (p["info"]["repo"], p["info"]["path"])):
                if (p["stated"] < a.long_min or p["stated"] > a.long_stated_max
                        or p["legal"] != len(p["moves"]) or len(p["moves"]) != p["stated"]):
                    continue
                h = p["head"]
                parts = os.path.splitext(p["info"]["path"])[0].split("/")
                stem = parts[-1] if not parts[-1].isdigit() else "_".join(parts[-2:])
                pid = "%s_%s" % (REPO_PREFIX.get(p["info"]["repo"], "x"),
                                 re.sub(r"[^a-z0-9]+", "_", stem.lower()).strip("_"))
                key = "dfpn|%s|%d" % (p["sfen"], a.problem_dfpn_nodes)
                v = cache.get(key)
                if v is None:
                    try:
                        ok, pv, nodes = worker.call(("dfpn", p["sfen"], a.problem_dfpn_nodes), 900)
                    except TimeoutError:
                        ok, pv, nodes = False, [], -1
                    v = [ok, pv, nodes]
                    cache.put(key, v)
                ok, pv, nodes = v
                check = ("cshogi DfPn proves a mate, PV %d plies" % len(pv) if ok else
                         "cshogi DfPn finds no mate within %d nodes" % a.problem_dfpn_nodes)
                f.write("sfen %s\t%s | %s | %s | composer %s | ply 0/%d | mate %d | composed problem; "
                        "length stated by the source (%s) and its solution replays legally "
                        "(%d plies); %s; %s:%s@%s\n" % (
                            p["sfen"], pid, norm_date(h["date"]) if h["date"] else "?",
                            " ".join(x for x in (h["journal"], h["work"]) if x) or "?",
                            h["author"] or "?", p["stated"], p["stated"],
                            "header" if h.get("stated_from") == "header" else "length of its solution record",
                            len(p["moves"]), check,
                            p["info"]["repo"], p["info"]["path"], p["info"]["commit"][:12]))
        finally:
            worker.close()
    cache.flush()
    if a.table:
        write_table(a.table, games, table)


def write_table(path, games, table):
    """Markdown table of the games used: id, date, event, players, length,
    positions taken, repository, path, commit."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("| id | date | event | black vs white | plies | positions (length @ply) "
                "| repository | path | commit |\n|---|---|---|---|---|---|---|---|---|\n")
        for gid in sorted(table, key=lambda g: (norm_date(games[g]["head"]["date"]), g)):
            g = games[gid]
            h = g["head"]
            f.write("| %s | %s | %s | %s vs %s | %d | %s | %s | %s | %s |\n" % (
                gid, norm_date(h["date"]), event_of(h).replace("|", "/"), h["black"], h["white"],
                len(g["moves"]), ", ".join(table[gid]), g["info"]["repo"], g["info"]["path"],
                g["info"]["commit"][:12]))


if __name__ == "__main__":
    main()
