"""A directory of fetched records as professional games: every record
read and replayed, computer, amateur and broken records dropped, each game
named by a readable id, with its provenance from the directory's manifest."""

import fnmatch
import os
import re
import sys

import cshogi

from .reader import read_record
from .text import RecordError

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


def collect(root, deny, survey=False, min_plies=60):
    """The games and composed problems under `root`: (games by id, problems).
    `deny`: fnmatch patterns on "repository:path" of records to skip;
    `survey`: print what each record became, and why."""
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
        elif len(rec["moves"]) < min_plies:
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
