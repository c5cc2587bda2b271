#!/usr/bin/env python3
"""ShogiArena runs Yomi with its default rules: a two-game SPRT of `yomi`
against itself at byoyomi 100 ms, nothing overridden but the time control,
so ShogiArena's move limit reaches the engine through `MaxMovesToDraw`
(it refuses an engine without that option or `Draw_Ply`). Exit status 0
when both games finished cleanly, with no error and no loss on time, and
the engines were told the move limit.

    python3 scripts/shogiarena_smoke.py --yomi target/release/yomi
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile


def shogiarena():
    """The CLI beside this interpreter (where pip puts it), else on the PATH."""
    beside = os.path.join(os.path.dirname(sys.executable), "shogiarena")
    return beside if os.path.exists(beside) else "shogiarena"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--yomi", required=True)
    p.add_argument("--byoyomi", type=int, default=100, help="ms a move")
    a = p.parse_args()
    yomi = os.path.abspath(a.yomi)
    with tempfile.TemporaryDirectory() as tmp:
        run_dir = os.path.join(tmp, "run")
        cmd = [
            shogiarena(), "--output-dir", os.path.join(tmp, "out"),
            "run", "sprt", "--games", "2", "--run-dir", run_dir,
            "--engine", "name=yomi", f"path={yomi}",
            "--engine", "name=yomi-too", f"path={yomi}",
            "--rules", "time_control.time_ms=0", f"time_control.byoyomi_ms={a.byoyomi}",
            "--dashboard", "enabled=false",
        ]
        print(" ".join(cmd), flush=True)
        done = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            print(done.stdout[-4000:], done.stderr[-4000:], sep="\n")
            sys.exit(f"FAIL: shogiarena exited with {done.returncode}")
        with open(os.path.join(run_dir, "completion_status.json")) as f:
            status = json.load(f)
        print(json.dumps({k: status[k] for k in ("status", "completed", "error_games", "timeouts_by_origin")}))
        failures = []
        if status["status"] != "clean" or status["completed"] != 2 or status["error_games"]:
            failures.append("the run did not complete two games cleanly")
        if status["timeouts_by_origin"]:
            failures.append(f"losses on time: {status['timeouts_by_origin']}")
        told = []
        for spec in glob.glob(os.path.join(run_dir, "game_execution_specs", "*.json")):
            with open(spec) as f:
                told.append("MaxMovesToDraw" in f.read())
        if not told or not all(told):
            failures.append("ShogiArena did not set MaxMovesToDraw")
        if failures:
            sys.exit("FAIL: " + "; ".join(failures))
        print("ShogiArena's default rules ran two games of Yomi: ok")


if __name__ == "__main__":
    main()
