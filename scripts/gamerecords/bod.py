"""Board diagrams (BOD), which composed problems start from: the board as
rows of kanji, each side's hand, the side to move; as SFEN."""

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
