#!/usr/bin/env python3
"""A seeded sample of the *counted* games of a folder of SGF records, for the safety benchmark
on games played to their end (scripts/safety-bench.sh takes the folder it writes).

    python3 scripts/counted_games.py SRC_DIR OUT_DIR [--count 30] [--seed 1] [--min-moves 200]

Walks SRC_DIR for `.sgf` files (any case) and keeps the games on 19x19 with no handicap and
no setup stones whose result is a count (`RE[B+2.5]`, `RE[W+0.5]`: not a resignation, time
or forfeit) and that have at least MIN_MOVES moves (server records with a count after 60 or 90
moves are broken or abandoned games): games played until both sides passed, as the Safety
Solver 2.0 paper's "completed games" are. Writes COUNT of them, chosen with SEED from the sorted list, as
OUT_DIR/game-01.sgf ... and OUT_DIR/sources.txt (each file's source path and result). The
records are read, never changed; keep OUT_DIR outside the repository (other people's games).
"""

import argparse
import os
import random
import re
import sys

RESULT = re.compile(r"RE\[([^\]]*)\]")
COUNTED = re.compile(r"^[BW]\+[0-9]")


def counted(text, min_moves=0):
    """The counted result of an even 19x19 game record of at least `min_moves` moves, or None."""
    result = RESULT.search(text)
    if not result or not COUNTED.match(result.group(1).strip()):
        return None
    size = re.search(r"SZ\[(\d+)\]", text)
    if size and size.group(1) != "19":
        return None
    if re.search(r"HA\[[1-9]", text) or re.search(r"\bA[BW]\[", text):
        return None
    moves = len(re.findall(r";\s*[BW]\[[a-s]{0,2}\]", text))
    if moves == 0 or moves < min_moves:
        return None
    return result.group(1).strip()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("src")
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-moves", type=int, default=200)
    args = parser.parse_args(argv)
    found = []
    for root, dirs, files in os.walk(args.src):
        dirs.sort()
        for name in sorted(files):
            if not name.lower().endswith(".sgf"):
                continue
            path = os.path.join(root, name)
            with open(path, encoding="utf-8", errors="replace") as record:
                text = record.read()
            result = counted(text, args.min_moves)
            if result:
                found.append((os.path.relpath(path, args.src), result, text))
    if not found:
        sys.exit(f"no counted 19x19 even games under {args.src}")
    chosen = random.Random(args.seed).sample(found, min(args.count, len(found)))
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "sources.txt"), "w") as sources:
        for i, (path, result, text) in enumerate(chosen, 1):
            name = f"game-{i:02d}.sgf"
            with open(os.path.join(args.out, name), "w", encoding="utf-8") as out:
                out.write(text)
            sources.write(f"{name}\t{result}\t{path}\n")
    print(f"{len(chosen)} of {len(found)} counted games written to {args.out}")


if __name__ == "__main__":
    main()
