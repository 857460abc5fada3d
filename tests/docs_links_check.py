#!/usr/bin/env python3
"""Checks every relative Markdown link and image in README.md
and docs/**/*.md (usage: tests/docs_links_check.py [REPO_ROOT]):
the file exists and, for #anchors, a heading with that GitHub slug exists."""
import pathlib, re, sys
root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else '.').resolve()
def slugs(path):
    out, fence = set(), False
    for line in path.read_text(encoding='utf-8').splitlines():
        if line.startswith('```'): fence = not fence
        if fence or not line.startswith('#'): continue
        t = line.lstrip('#').strip().lower()
        t = re.sub(r'[^\w\- ]', '', t)  # GitHub keeps letters, digits, _, -, spaces
        out.add(t.replace(' ', '-'))
    return out
bad = 0; n = 0
for md in [root / 'README.md', *sorted((root / 'docs').rglob('*.md'))]:
    text, fence = [], False
    for line in md.read_text(encoding='utf-8').splitlines():
        if line.startswith('```'): fence = not fence; continue
        if not fence: text.append(re.sub(r'`[^`]*`', '', line))
    for target in re.findall(r'\]\(([^)\s]+)\)', '\n'.join(text)):
        if re.match(r'[a-z]+:', target): continue
        n += 1
        path, _, anchor = target.partition('#')
        f = (md.parent / path).resolve() if path else md
        if not f.exists():
            print(f'{md.relative_to(root)}: {target}: no such file'); bad += 1
        elif anchor and f.suffix == '.md' and anchor not in slugs(f):
            print(f'{md.relative_to(root)}: {target}: no such heading'); bad += 1
print(f'{n} links checked, {bad} broken'); sys.exit(1 if bad else 0)
