#!/usr/bin/env python3
"""Where the points of the games benchmark are: what `safety --search --json` proved at the
end of each GNU Go game, against what the board holds.

    JSON_DIR=/tmp/sj SEARCH_SECS=1 bash scripts/safety-bench.sh   # keeps each end position's JSON
    python3 scripts/safety_where.py /tmp/sj [GAMES_DIR]

GAMES_DIR defaults to ${TSUMEGO_CACHE:-~/.cache/tsumego-studio}/gnugo-games (the SGF records
of scripts/gnugo-games.sh; each JSON file is named as its game, `game-NN.json`). Prints, per
game on average (both colours together):

- the stones on the board, those proven safe, and the proven territory;
- the areas of the partition by size (interior points: at most 15, 16-30, more) and by their
  searched status, with their points (interior and boundary stones);
- the zones left out, by reason;
- the stones on the boundary of a small area, of large areas only, and of no area;
- the failed small areas that fail at their root by the outside watch: a defender block on
  or beside the claim's region, not a boundary block, with a liberty outside it and at most
  one inside (the region taken as the interior, the gap points and the boundary blocks'
  outside liberties: the dividers' layer-one and layer-two points are not in the JSON, so
  this reads a little more failures than the search does);
- a generous ceiling of the two-eye argument: Benson's fixed point with *every* region of
  the colour (a connected set of points without its stones, holding an empty point) counted
  as an eye, whatever its size or contents. Not sound; what any rule that needs two enclosed
  eye regions per block could reach at most. And the same with every *empty* region of at least
  six points (no opponent stone) counted as two eyes: what a rule giving a large empty
  territory's wall its two eyes could reach at most;
- the empty regions of at least six points (no opponent stone; the open board of more than
  120 points left out), their points, and how many of them are bounded by one *chain*: blocks
  joined, directly or through others, by two common empty liberties (the links of
  `knowledge/linked_life.rs`, without its conditions), with those regions' points and stones.

Reads the board by replaying the record (captures, no ko check: the records are legal).
"""

import collections
import glob
import json
import os
import re
import sys

LETTERS = "ABCDEFGHJKLMNOPQRST"


def neighbours(p, size):
    x, y = p
    for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
        if 0 <= q[0] < size and 0 <= q[1] < size:
            yield q


def block(board, p, size):
    """The block at p and its liberties."""
    colour = board[p]
    stones, libs, todo = {p}, set(), [p]
    while todo:
        q = todo.pop()
        for r in neighbours(q, size):
            if r not in board:
                libs.add(r)
            elif board[r] == colour and r not in stones:
                stones.add(r)
                todo.append(r)
    return stones, libs


def replay(sgf, size):
    board = {}
    for colour, move in re.findall(r";\s*([BW])\[([a-s]{0,2})\]", sgf):
        if len(move) != 2:
            continue
        p = (ord(move[0]) - 97, ord(move[1]) - 97)
        board[p] = colour
        for q in neighbours(p, size):
            if q in board and board[q] != colour:
                stones, libs = block(board, q, size)
                if not libs:
                    for s in stones:
                        del board[s]
        stones, libs = block(board, p, size)
        if not libs:
            for s in stones:
                del board[s]
    return board


def point(name, size):
    return (LETTERS.index(name[0]), size - int(name[1:]))


def size_class(interior):
    return "<=15" if interior <= 15 else ("16-30" if interior <= 30 else ">30")


def blocks_of(board, colour, size):
    index, blocks = {}, []
    for p, c in board.items():
        if c == colour and p not in index:
            stones, _ = block(board, p, size)
            for s in stones:
                index[s] = len(blocks)
            blocks.append(stones)
    return index, blocks


def regions_of(board, colour, size, index):
    """The colour's regions: (points, indices of the blocks round them)."""
    seen, out = set(), []
    for x in range(size):
        for y in range(size):
            p = (x, y)
            if board.get(p) == colour or p in seen:
                continue
            comp, todo, around = {p}, [p], set()
            seen.add(p)
            while todo:
                q = todo.pop()
                for r in neighbours(q, size):
                    if board.get(r) == colour:
                        around.add(index[r])
                    elif r not in seen:
                        seen.add(r)
                        comp.add(r)
                        todo.append(r)
            out.append((comp, around))
    return out


def large_empty_regions(board, colour, size, minimum=6, largest=120):
    """The empty regions of `minimum` to `largest` points, each with the number of chains
    (blocks joined by two common empty liberties, transitively) round it and their stones."""
    index, blocks = blocks_of(board, colour, size)
    liberties = [block(board, min(b), size)[1] for b in blocks]
    out = []
    for comp, around in regions_of(board, colour, size, index):
        if any(q in board for q in comp) or not minimum <= len(comp) <= largest:
            continue
        around = sorted(around)
        parent = {b: b for b in around}

        def root(b):
            while parent[b] != b:
                b = parent[b]
            return b

        for i, a in enumerate(around):
            for b in around[i + 1 :]:
                if len(liberties[a] & liberties[b]) >= 2:
                    parent[root(a)] = root(b)
        chains = len({root(b) for b in around})
        stones = set().union(*(blocks[b] for b in around)) if around else set()
        out.append((comp, chains, stones))
    return out


def generous_two_eyes(board, colour, size, big=None):
    """Benson's fixed point with every region holding an empty point as an eye: the stones.
    With `big`, an empty region of at least `big` points counts as two eyes."""
    index, blocks = blocks_of(board, colour, size)
    regions = []
    for comp, around in regions_of(board, colour, size, index):
        empty = [q for q in comp if q not in board]
        if empty:
            two = big is not None and len(comp) >= big and len(empty) == len(comp)
            regions.append((around, 2 if two and len(comp) <= 120 else 1))
    alive = set(range(len(blocks)))
    while True:
        counted = [(r, k) for r, k in regions if r <= alive]
        eyes = collections.Counter()
        for r, k in counted:
            for b in r:
                eyes[b] += k
        kept = {b for b in alive if eyes[b] >= 2}
        if kept == alive:
            break
        alive = kept
    return sum(len(blocks[b]) for b in alive)


def root_watch_failure(board, colour, area, size):
    interior = {point(n, size) for n in area["interior"]}
    region = set(interior)
    region |= {point(g["point"], size) for g in area["gap_points"]}
    for b in area["boundary_blocks"]:
        region |= {point(n, size) for n in b["external_liberties"]}
    boundary = {point(n, size) for b in area["boundary_blocks"] for n in b["stones"]}
    near = set(region)
    for p in region:
        near.update(neighbours(p, size))
    seen = set()
    for p in sorted(near):
        if board.get(p) != colour or p in boundary or p in seen:
            continue
        stones, libs = block(board, p, size)
        seen |= stones
        if libs - region and len(libs & region) <= 1:
            return True
    return False


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    json_dir = sys.argv[1]
    cache = os.environ.get("TSUMEGO_CACHE", os.path.expanduser("~/.cache/tsumego-studio"))
    games_dir = sys.argv[2] if len(sys.argv) > 2 else os.path.join(cache, "gnugo-games")
    files = sorted(glob.glob(os.path.join(json_dir, "*.json")))
    if not files:
        sys.exit(f"no JSON files in {json_dir}")
    sums = collections.Counter()
    for f in files:
        with open(f) as report:
            d = json.load(report)
        size = d["size"]
        name = os.path.basename(f)[: -len(".json")] + ".sgf"
        with open(os.path.join(games_dir, name)) as record:
            board = replay(record.read(), size)
        for colour, key in (("B", "black"), ("W", "white")):
            side = d[key]
            searched = side.get("searched") or {}
            stones = {p for p, c in board.items() if c == colour}
            sums["stones on the board"] += len(stones)
            sums["stones proven safe"] += len(searched.get("proven_stones", []))
            sums["territory proven safe"] += len(searched.get("proven_territory", []))
            sums["safe points (static and searched)"] += searched.get(
                "safe_points", side["safe_points"]
            )
            small, large = set(), set()
            statuses = searched.get("areas", [None] * len(side["areas"]))
            for area, status in zip(side["areas"], statuses):
                if not isinstance(area["interior"], list):
                    continue
                n = len(area["interior"])
                walls = {point(s, size) for b in area["boundary_blocks"] for s in b["stones"]}
                cls = size_class(n)
                sums[f"areas {cls} {status}"] += 1
                sums[f"areas {cls} {status}: points"] += n + len(walls)
                (small if n <= 15 else large).update(walls)
                if n <= 15 and status != "safe":
                    sums["small areas not safe"] += 1
                    if root_watch_failure(board, colour, area, size):
                        sums["small areas not safe, failing at the root by the watch"] += 1
            for z in side["left_out"]:
                sums[f"zones left out: {z['reason']}"] += 1
                sums[f"zones left out: {z['reason']}: points"] += z["points"]
            sums["stones bounding a small area"] += len(small)
            sums["stones bounding large areas only"] += len(large - small)
            sums["stones bounding no area"] += len(stones - small - large)
            sums["generous two-eye ceiling: stones"] += generous_two_eyes(board, colour, size)
            sums["generous two-eye ceiling, big empty regions twice: stones"] += (
                generous_two_eyes(board, colour, size, big=6)
            )
            one_chain = set()
            for comp, chains, walls in large_empty_regions(board, colour, size):
                sums["empty regions of 6+ points"] += 1
                sums["empty regions of 6+ points: points"] += len(comp)
                if chains == 1:
                    sums["empty regions of 6+ points round one chain"] += 1
                    sums["empty regions of 6+ points round one chain: points"] += len(comp)
                    one_chain |= walls
            sums["empty regions of 6+ points round one chain: their stones"] += len(one_chain)
    n = len(files)
    print(f"{n} games; per game, both colours:")
    for k in sorted(sums):
        print(f"  {k:58s} {sums[k] / n:8.1f}")


if __name__ == "__main__":
    main()
