#!/usr/bin/env python3
"""Instructions the play search executes on its bench, counted by
valgrind (cachegrind), for one build or several: a speed change that keeps
the tree (the same node counts) is judged by these counts, which do not
move with the machine's load, where its wall-clock times on a shared
2-core machine spread by 10-30 % from one run to the next.

Each binary runs `yomi bench --play` at the same depth and positions;
the script checks that every binary searched the same nodes, then prints
the totals and, by function, where the counts differ most.

With --usi, each binary is a USI engine instead (Yomi, or YaneuraOu built
unstripped): it searches `go nodes N` from the positions of
scripts/nnue_speed.py, and the counts are per node searched (the limit
times the positions: both engines stop at the limit), less what a start
alone costs (`usi`, `isready`: loading a net).

valgrind does not know AVX-512: build for x86-64-v3, outside the usual
target folder so that the build for this machine stays as it is:

  CARGO_TARGET_DIR=/tmp/v3 RUSTFLAGS="-C target-cpu=x86-64-v3" cargo build --release --bin yomi
  python3 scripts/instructions.py BASE_BIN CHANGED_BIN [--depth 12] [--positions 8] [--top 12]
  python3 scripts/instructions.py --usi 300000 YOMI_BIN YANEURAOU_BIN [--option EvalDir=DIR]
      [--usi-positions FILE]
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

COUNT = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(\S.*)$")


def functions(annotated):
    """{function: instructions} from cg_annotate's by-function table (the
    program total under the key "PROGRAM TOTALS")."""
    out = {}
    for line in annotated.splitlines():
        m = COUNT.match(line)
        if m:
            name = m.group(2).strip()
            name = name.split(":", 1)[1] if name.startswith("???:") else name
            if name == "events annotated":
                continue
            out.setdefault(name, int(m.group(1).replace(",", "")))
    return out


def bench_nodes(output):
    """The bench's total node count, from its `total nodes N …` line."""
    for line in output.splitlines():
        w = line.split()
        if w[:2] == ["total", "nodes"]:
            return int(w[2])
    return None


def valgrind(out_file):
    return ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=" + out_file]


def usi_nodes(command, nodes, options=(), search=True, positions_file=None):
    """Runs a USI engine over nnue_speed.py's positions (or a file's
    `position ...` lines), `go nodes` each; the nodes searched (the limit,
    for each position searched to it). Without `search`, only starts it
    (`isready`, which loads a net)."""
    from nnue_speed import positions
    p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True,
                         cwd=os.path.dirname(command[-1]))
    setup = ["usi", "setoption name USI_Hash value 16", "setoption name Threads value 1",
             "setoption name BookFile value no_book"]
    setup += ["setoption name %s value %s" % tuple(o.split("=", 1)) for o in options]
    setup.append("isready")
    p.stdin.write("\n".join(setup) + "\n")
    p.stdin.flush()
    for line in p.stdout:
        if line.startswith("readyok"):
            break
    searched = 0
    for pos in positions(positions_file) if search else []:
        p.stdin.write("usinewgame\nposition %s\ngo nodes %d\n" % (pos, nodes))
        p.stdin.flush()
        for line in p.stdout:
            if line.startswith("bestmove"):
                break
        searched += nodes
    p.stdin.write("quit\n")
    p.stdin.close()
    return searched if p.wait() == 0 else None


def measure(binary, depth, positions, folder, usi=None, options=(), positions_file=None):
    out_file = os.path.join(folder, "cg.%d" % abs(hash(binary)))
    start = None
    if usi:
        nodes = usi_nodes(valgrind(out_file) + [binary], usi, options, True, positions_file)
        run = None
        # Less what starting costs (reading a net is billions).
        started = usi_nodes(valgrind(out_file + ".start") + [binary], usi, options, search=False)
        if started is not None:
            start = functions(subprocess.run(["cg_annotate", "--auto=no", out_file + ".start"],
                                             capture_output=True, text=True, check=True).stdout)
    else:
        run = subprocess.run(
            valgrind(out_file) + [binary, "bench", "--play", "--depth", str(depth),
                                  "--positions", str(positions), "--hash-mb", "16"],
            capture_output=True, text=True)
        nodes = bench_nodes(run.stdout) if run.returncode == 0 else None
    if nodes is None:
        sys.exit("%s under valgrind failed (built for x86-64-v3?)%s" % (
            binary, ":\n" + run.stderr[-2000:] if run else ""))
    annotated = subprocess.run(["cg_annotate", "--auto=no", out_file], capture_output=True, text=True, check=True)
    counts = functions(annotated.stdout)
    if start:
        counts = {k: max(v - start.get(k, 0), 0) for k, v in counts.items()}
    return nodes, counts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("binaries", nargs="+")
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--top", type=int, default=12)
    ap.add_argument("--usi", type=int, metavar="NODES",
                    help="USI engines searching NODES from each of nnue_speed.py's positions")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a USI option set in every engine (--usi), e.g. EvalDir=DIR")
    ap.add_argument("--usi-positions", metavar="FILE",
                    help="with --usi, search the `position ...` lines of FILE instead "
                    "(game positions with their moves: the history a GUI sends)")
    a = ap.parse_args()
    for tool in ("valgrind", "cg_annotate"):
        if shutil.which(tool) is None:
            sys.exit("%s not found: install valgrind (Debian: apt-get install valgrind)" % tool)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    with tempfile.TemporaryDirectory() as folder:
        runs = [(b, *measure(os.path.abspath(b), a.depth, a.positions, folder, a.usi, a.option,
                             a.usi_positions))
                for b in a.binaries]
    base_name, base_nodes, base = runs[0]
    for name, nodes, counts in runs:
        total = counts["PROGRAM TOTALS"]
        print("%s: %s nodes, %s instructions, %.0f a node, %+.2f %% against %s" % (
            name, format(nodes, ","), format(total, ","), total / nodes,
            100.0 * (total / base["PROGRAM TOTALS"] - 1), os.path.basename(base_name)))
    if not a.usi and any(nodes != base_nodes for _, nodes, _ in runs):
        print("the node counts differ: the trees are not the same, so the counts compare "
              "different work")
    # Different engines share no function names: each one's own list.
    for name, _, counts in ([] if a.usi else runs[1:]):
        keys = set(base) | set(counts)
        keys.discard("PROGRAM TOTALS")
        moved = sorted(keys, key=lambda k: -abs(counts.get(k, 0) - base.get(k, 0)))[:a.top]
        print("\n%s against %s, by function (instructions):" % (name, base_name))
        for k in moved:
            print("  %+15s  %15s -> %15s  %s" % (
                format(counts.get(k, 0) - base.get(k, 0), ","), format(base.get(k, 0), ","),
                format(counts.get(k, 0), ","), k[:110]))
    for name, nodes, counts in runs if a.usi or len(runs) == 1 else []:
        print("\n%s by function (instructions, a node):" % name)
        for k, v in sorted(counts.items(), key=lambda kv: -kv[1])[1:a.top + 1]:
            print("  %15s  %5.2f %%  %6.0f  %s" % (
                format(v, ","), 100.0 * v / counts["PROGRAM TOTALS"], v / nodes, k[:110]))


if __name__ == "__main__":
    main()
