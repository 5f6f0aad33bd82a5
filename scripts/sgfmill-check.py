#!/usr/bin/env python3
"""Read SGF files with sgfmill, a second SGF reader independent of ours (not run in CI).

For each file: the board size, the root properties, the number of nodes, of variations (lines
from the root to a leaf) and of moves (passes counted apart). Every standard property of every
node is interpreted by sgfmill (points, point lists, text, moves), so a value it cannot read
fails; of our private properties, TSZONE and TSMUST are read as (compressed) point lists and the
others as raw values (sgfmill would take an unknown property for one text value).
Exit status 1 when any file could not be read, 2 on a usage error.

    python3 -m venv /tmp/sgfmill-venv && /tmp/sgfmill-venv/bin/pip install sgfmill
    /tmp/sgfmill-venv/bin/python scripts/sgfmill-check.py ANSWERS.sgf PROOF.sgf ...
"""

import sys

try:
    from sgfmill import sgf
except ImportError:
    sys.exit("sgfmill is not installed: python3 -m venv VENV && VENV/bin/pip install sgfmill")

# Our private properties that hold point lists (SGF compressed lists, `aa:ii`).
POINT_LISTS = {"TSZONE", "TSMUST"}

# Root properties shown with their value (others are listed by name only).
SHOWN = {"SZ", "PL", "GN", "TSOR", "TSGOAL", "TSKOB", "TSKOW", "TSRESULT", "TSHOW", "TSSETUP"}


def interpret(node, ident, presenter):
    """The value of one property as sgfmill reads it; ValueError when it cannot."""
    if ident in POINT_LISTS:
        point_list = presenter.property_types_by_ident["AB"]
        return presenter.interpret_as_type(point_list, node.get_raw_list(ident))
    if ident.startswith("TS"):
        return node.get_raw_list(ident)
    return node.get(ident)


def walk(node, counts, presenter):
    """Count nodes, leaves and moves below `node` (iteratively: proof trees can be deep)."""
    stack = [node]
    while stack:
        n = stack.pop()
        counts["nodes"] += 1
        for ident in n.properties():
            interpret(n, ident, presenter)
        colour, move = n.get_move()
        if colour is not None:
            counts["moves"] += 1
            if move is None:
                counts["passes"] += 1
        children = list(n)
        if not children:
            counts["variations"] += 1
        stack.extend(children)


def check(path):
    with open(path, "rb") as f:
        game = sgf.Sgf_game.from_bytes(f.read())
    root = game.get_root()
    counts = {"nodes": 0, "variations": 0, "moves": 0, "passes": 0}
    walk(root, counts, game.presenter)
    size = game.get_size()
    props = []
    for ident in root.properties():
        if ident in SHOWN:
            value = interpret(root, ident, game.presenter)
            if isinstance(value, list):
                value = "][".join(v.decode("utf-8", "replace") for v in value)
            props.append(f"{ident}[{value}]")
        else:
            props.append(ident)
    print(f"{path}: {size}x{size}")
    print(f"  root: {' '.join(props)}")
    if root.has_property("C"):
        lines = root.get("C").strip().splitlines()
        print(f"  root comment, last line: {lines[-1] if lines else ''}")
    print(
        f"  {counts['nodes']} nodes, {counts['variations']} variations, "
        f"{counts['moves']} moves ({counts['passes']} passes)"
    )


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    failed = 0
    for path in argv[1:]:
        try:
            check(path)
        except (ValueError, OSError) as e:
            print(f"{path}: sgfmill cannot read it: {e}")
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
