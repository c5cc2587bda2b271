#!/usr/bin/env python3
"""Checks every relative link in README.md and docs/**/*.md (run:
`python3 scripts/check_links.py`): the file must
exist and, for #anchor, the target Markdown file must have that heading
(GitHub / mdBook slugs). Also that the book leaves no page out: every
page under docs/ is in docs/SUMMARY.md (mdBook renders only those), and
every dated results page is in the index, docs/results.md. Prints each
broken link and each page left out; exits 1 if any."""
import re, sys, unicodedata
from pathlib import Path

root = Path(__file__).resolve().parent.parent
files = [root / 'README.md'] + sorted(
    f for f in (root / 'docs').rglob('*.md')
    )

def strip_code(text):
    text = re.sub(r'^```.*?^```', '', text, flags=re.S | re.M)
    return re.sub(r'`[^`\n]*`', '', text)

def slug(heading):
    h = re.sub(r'`', '', heading.strip()).lower()
    h = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', h)
    out = []
    for c in h:
        if c.isalnum() or c in '-_':
            out.append(c)
        elif c == ' ':
            out.append('-')
        elif unicodedata.category(c).startswith('M'):
            out.append(c)
    return ''.join(out)

anchors_cache = {}
def anchors(path):
    if path not in anchors_cache:
        text = re.sub(r'^```.*?^```', '', path.read_text(), flags=re.S | re.M)
        seen, result = {}, set()
        for m in re.finditer(r'^#{1,6}\s+(.*?)\s*#*\s*$', text, flags=re.M):
            s = slug(m.group(1))
            n = seen.get(s, 0)
            result.add(s if n == 0 else f'{s}-{n}')
            seen[s] = n + 1
        anchors_cache[path] = result
    return anchors_cache[path]

bad = 0
count = 0
for f in files:
    text = strip_code(f.read_text())
    for m in re.finditer(r'!?\[[^\]]*\]\(([^)\s]+)\)', text):
        target = m.group(1)
        if re.match(r'[a-z]+:', target):
            continue
        count += 1
        path_part, _, anchor = target.partition('#')
        dest = (f.parent / path_part).resolve() if path_part else f
        rel = f.relative_to(root)
        if not dest.exists():
            print(f'{rel}: {target}: no such file'); bad += 1; continue
        if anchor:
            if dest.suffix != '.md':
                print(f'{rel}: {target}: anchor into a non-Markdown file'); bad += 1
            elif anchor not in anchors(dest):
                print(f'{rel}: {target}: no heading #{anchor} in {dest.relative_to(root)}'); bad += 1
docs = root / 'docs'
summary = (docs / 'SUMMARY.md').read_text()
index = (docs / 'results.md').read_text()
for f in files[1:]:
    rel = f.relative_to(docs).as_posix()
    if f.name in ('SUMMARY.md', 'README.md'):
        continue
    if f'({rel})' not in summary:
        print(f'docs/{rel}: not in docs/SUMMARY.md, so not in the book'); bad += 1
    if rel.startswith('results/20') and f'({rel})' not in index:
        print(f'docs/{rel}: not in the index docs/results.md'); bad += 1
print(f'{count} relative links in {len(files)} files, {bad} broken or left out')
sys.exit(1 if bad else 0)
