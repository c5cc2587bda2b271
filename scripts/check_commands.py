#!/usr/bin/env python3
"""Every command the README and the book show runs as written: each
`sh` block's calls of Yomi's binaries name subcommands and flags their
`--help` lists, `cargo` builds name workspace packages and their features,
the scripts' flags are those their `--help` lists, and the repository
files a command names exist.

The dated results pages (docs/results/) are records of runs at their
commits, not instructions, and are left out.

Usage: python3 scripts/check_commands.py [--bin-dir target/release]
(the binaries built with MPI too, as the test command builds them).
"""

import argparse
import glob
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARIES = ["yomi", "yomi-mpi", "yomi-harness", "yomi-harness-mpi", "yomi-analysis"]
# Subcommands with subcommands of their own.
NESTED = {("yomi", "nnue"), ("yomi-mpi", "nnue")}
# Where a named file is looked for: paths under these folders must exist.
TRACKED = ("configs/", "scripts/", "positions/", "docs/", "engine/", "harness/", "usi/", "analysis/")


def pages():
    yield os.path.join(ROOT, "README.md")
    for path in sorted(glob.glob(os.path.join(ROOT, "docs", "*.md"))):
        yield path


def sh_blocks(path):
    """(line number, command) of each command in the file's sh blocks,
    continuation lines joined and comments dropped."""
    inside, pending, start = False, "", 0
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            stripped = line.rstrip("\n")
            if stripped.startswith("```"):
                inside = stripped.strip() in ("```sh", "```bash")
                pending = ""
                continue
            if not inside:
                continue
            if not pending:
                start = number
            text = stripped
            if text.endswith("\\"):
                pending += text[:-1] + " "
                continue
            command = (pending + text).strip()
            pending = ""
            if command and not command.startswith("#"):
                yield start, command


def words_of(command):
    """The command's words, without a trailing comment; None if it does
    not parse as shell words."""
    try:
        lexer = shlex.shlex(command, posix=True, punctuation_chars=";&|")
        lexer.whitespace_split = True
        lexer.commenters = "#"
        return list(lexer)
    except ValueError:
        return None


def simple_commands(words):
    """The words split at ;, &&, || and |."""
    current = []
    for w in words:
        if w in (";", "&&", "||", "|", "&"):
            if current:
                yield current
            current = []
        else:
            current.append(w)
    if current:
        yield current


HELP = {}


def help_text(binary, args):
    key = (binary, tuple(args))
    if key not in HELP:
        run = subprocess.run([binary, *args, "--help"], capture_output=True, text=True)
        HELP[key] = run.stdout + run.stderr if run.returncode == 0 else None
    return HELP[key]


def subcommands(text):
    """The subcommand names a clap help lists under Commands:."""
    names, inside = set(), False
    for line in text.splitlines():
        if line.strip() == "Commands:":
            inside = True
            continue
        if inside:
            if not line.startswith("  "):
                break
            names.add(line.split()[0])
    return names


def check_binary_call(words, bin_dir, problems):
    binary = os.path.basename(words[0])
    path = os.path.join(bin_dir, binary)
    if not os.path.exists(path):
        problems.append(f"{binary} is not built in {bin_dir}")
        return
    top = help_text(path, [])
    args = words[1:]
    sub = []
    if args and not args[0].startswith("-"):
        if args[0] not in subcommands(top):
            problems.append(f"{binary} has no subcommand {args[0]!r}")
            return
        sub = [args[0]]
        if (binary, args[0]) in NESTED and len(args) > 1 and not args[1].startswith("-"):
            nested = help_text(path, sub)
            if args[1] not in subcommands(nested):
                problems.append(f"{binary} {args[0]} has no subcommand {args[1]!r}")
                return
            sub.append(args[1])
    text = help_text(path, sub)
    if text is None:
        problems.append(f"{binary} {' '.join(sub)} --help fails")
        return
    for w in args[len(sub):]:
        if w.startswith("--"):
            flag = w.split("=", 1)[0]
            if not re.search(re.escape(flag) + r"\b", text):
                problems.append(f"{binary} {' '.join(sub)} has no flag {flag}")


def check_script_call(words, problems):
    """A script's flags against its `--help` (the scripts use argparse)."""
    script = os.path.join(ROOT, words[0])
    if not os.path.exists(script):
        return  # said by check_files
    key = ("python3", (words[0],))
    if key not in HELP:
        run = subprocess.run([sys.executable, script, "--help"], capture_output=True, text=True,
                             cwd=ROOT)
        HELP[key] = run.stdout if run.returncode == 0 else None
    text = HELP[key]
    if text is None:
        problems.append(f"{words[0]} --help fails")
        return
    for w in words[1:]:
        if w == "--":
            break  # what follows goes to another program
        if w.startswith("--"):
            flag = w.split("=", 1)[0]
            if not re.search(re.escape(flag) + r"\b", text):
                problems.append(f"{words[0]} has no flag {flag}")


def workspace():
    """Package names and their features, from cargo metadata."""
    run = subprocess.run(["cargo", "metadata", "--no-deps", "--format-version", "1"],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    import json
    return {p["name"]: set(p["features"]) for p in json.loads(run.stdout)["packages"]}


def check_cargo(words, packages, problems):
    if len(words) < 2 or words[1] not in ("build", "run", "test", "install"):
        return
    if words[1] == "install":
        return
    selected = [words[i + 1] for i, w in enumerate(words[:-1]) if w in ("-p", "--package")]
    for p in selected:
        if p not in packages:
            problems.append(f"cargo: no workspace package {p!r}")
    for i, w in enumerate(words[:-1]):
        if w == "--features":
            for feature in words[i + 1].split(","):
                if "/" in feature:
                    package, feature = feature.split("/", 1)
                    owners = [package]
                else:
                    owners = selected or list(packages)
                if not any(feature in packages.get(o, set()) for o in owners):
                    problems.append(f"cargo: no feature {feature!r} in {owners}")


def check_files(words, problems):
    for w in words:
        for candidate in (w.split("=", 1)[-1],):
            path = candidate.split("#", 1)[0]
            if path.startswith(TRACKED) and not any(c in path for c in "*{}$<>"):
                if not os.path.exists(os.path.join(ROOT, path)):
                    problems.append(f"no file {path}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin-dir", default=os.path.join(ROOT, "target", "release"))
    args = parser.parse_args()
    packages = workspace()
    failures, commands = 0, 0
    for page in pages():
        for number, command in sh_blocks(page):
            words = words_of(command)
            if words is None:
                continue
            for simple in simple_commands(words):
                # Past a launcher: mpirun/srun and their options, timeout.
                while simple and simple[0] in ("mpirun", "srun", "timeout", "exec", "sudo", "env"):
                    simple = simple[1:]
                    while simple and (simple[0].startswith("-") or simple[0].isdigit()
                                      or "=" in simple[0]):
                        if simple[0] in ("-np", "-n", "--hostfile", "-x") and len(simple) > 1:
                            simple = simple[1:]
                        simple = simple[1:]
                if not simple:
                    continue
                problems = []
                name = os.path.basename(simple[0])
                if name in BINARIES and ("/" in simple[0] or simple[0] == name):
                    check_binary_call(simple, args.bin_dir, problems)
                elif name == "cargo":
                    check_cargo(simple, packages, problems)
                elif name in ("python3", "python") and len(simple) > 1 and simple[1].startswith("scripts/"):
                    check_script_call(simple[1:], problems)
                check_files(simple, problems)
                commands += 1
                for p in problems:
                    failures += 1
                    print(f"{os.path.relpath(page, ROOT)}:{number}: {p}\n    {command}")
    print(f"{commands} commands checked, {failures} problems")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
