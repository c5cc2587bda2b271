#!/usr/bin/env python3
"""Finds import circles between the source files of each crate: a file
imports another when it names a path into it (`crate::a::b`, `super::x`,
`self::x`). Parent modules that declare or re-export their children are
not counted as importing them. Exits 1 listing every circle, except the
one allowed pair: the virtual cluster's scheduler and its transport,
which belong together.
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = {frozenset({"engine/runtime/src/sim/scheduler.rs", "engine/runtime/src/sim/sim_transport.rs"})}
PATH = re.compile(r"\b(crate|super|self)((?:::[a-z_][a-z_0-9]*)+)")


def module_file(src, parts):
    """The file of the module `parts` below `src` (deepest that exists)."""
    best = None
    d = src
    for p in parts:
        for f in (d / f"{p}.rs", d / p / "mod.rs"):
            if f.exists():
                best = f
        d = d / p
    return best


def module_parts(src, f):
    rel = f.relative_to(src).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return parts


def edges(src):
    files = [f for f in src.rglob("*.rs") if "bin" not in f.relative_to(src).parts]
    out = {}
    for f in files:
        me = module_parts(src, f)
        is_parent = f.name in ("mod.rs", "lib.rs", "main.rs")
        text = re.sub(r"//[^\n]*", "", f.read_text())
        # The tests of a module may reach anywhere.
        text = text.split("#[cfg(test)]")[0]
        targets = set()
        for kind, path in PATH.findall(text):
            parts = path.strip(":").split("::")
            if kind == "crate":
                base = []
            elif kind == "super":
                base = me[:-1]
                while parts and parts[0] == "super":
                    base, parts = base[:-1], parts[1:]
            else:
                base = me
            t = module_file(src, base + parts)
            if t and t != f:
                targets.add(t)
        # A parent module's declarations and re-exports of its children are
        # not imports.
        if is_parent:
            targets = {t for t in targets if module_parts(src, t)[: len(me)] != me}
        out[f] = targets
    return out


def circles(graph):
    index, low, stack, on, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(comp)

    sys.setrecursionlimit(10000)
    for v in graph:
        if v not in index:
            visit(v)
    return found


def main():
    problems = []
    for manifest in sorted(ROOT.glob("**/Cargo.toml")):
        if "target" in manifest.parts or manifest.parent == ROOT:
            continue
        src = manifest.parent / "src"
        if not src.is_dir():
            continue
        for comp in circles(edges(src)):
            names = frozenset(str(f.relative_to(ROOT)) for f in comp)
            if names not in ALLOWED:
                problems.append(sorted(names))
    for p in problems:
        print("import circle:", " <-> ".join(p))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
