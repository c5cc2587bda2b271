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
import json
import multiprocessing as mp
import os
import re
import sys
import time

import cshogi

from gamerecords import DENY, REPO_PREFIX, collect, event_of, export_mirror, norm_date

try:
    from importlib.metadata import version as _version
    CSHOGI_VERSION = _version("cshogi")
except Exception:  # noqa: BLE001 - the version is only reported
    CSHOGI_VERSION = "?"

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
    for spec in a.export:
        gitdir, _, repo = spec.partition("=")
        export_mirror(gitdir, repo, a.records)
    if a.export:
        return

    games, problems = collect(a.records, DENY + a.deny, survey=a.survey, min_plies=a.min_plies)
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
