#!/usr/bin/env python3
"""The same answers through GTP as through `solve`: every problem file under the given paths
(SGF or research JSON, folders searched recursively) is solved by one `tsumego-studio gtp`
session (`loadsgf FILE`, `tsumego_solve`) and by `tsumego-studio solve --json FILE`, both with
the same search options, and the words of the two results are compared (the GTP reply's text
after ` -- `, `solve`'s `result`). Prints each difference and the counts; exit status 1 when any
differ. A node limit keeps both runs deterministic.

    python3 scripts/gtp-vs-solve.py [--bin BIN] [--max-nodes N] PATH [PATH ...]
"""

import argparse
import json
import os
import subprocess
import sys


def problem_files(paths):
    """The .sgf and .json files under `paths`, sorted."""
    found = []
    for path in paths:
        if os.path.isdir(path):
            for root, _, names in os.walk(path):
                found += [os.path.join(root, n) for n in names if n.endswith((".sgf", ".json"))]
        else:
            found.append(path)
    return sorted(found)


def gtp_words(binary, options, files):
    """The words of `tsumego_solve` for each file, from one GTP session."""
    script = "".join(f"loadsgf {f}\ntsumego_solve\n" for f in files)
    out = subprocess.run([binary, "gtp", *options], input=script, capture_output=True,
                         text=True, check=True).stdout
    replies = out.split("\n\n")[:-1]
    words = []
    for loaded, solved in zip(replies[0::2], replies[1::2]):
        if not loaded.startswith("="):
            words.append(f"(loadsgf failed: {loaded})")
        else:
            words.append(solved.split(" -- ", 1)[1] if " -- " in solved else f"({solved})")
    return words


def solve_words(binary, options, path):
    out = subprocess.run([binary, "solve", "--json", *options, path], capture_output=True,
                         text=True)
    try:
        return json.loads(out.stdout)["result"]
    except (ValueError, KeyError):
        return f"(solve failed: {out.stderr.strip()})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--bin", default=os.path.join(
        os.environ.get("CARGO_TARGET_DIR", "target"), "release", "tsumego-studio"))
    parser.add_argument("--max-nodes", default="200000")
    args = parser.parse_args()
    files = problem_files(args.paths)
    options = ["--max-nodes", args.max_nodes]
    through_gtp = gtp_words(args.bin, options, files)
    differ = 0
    decided = 0
    for path, gtp in zip(files, through_gtp):
        solve = solve_words(args.bin, options, path)
        if gtp != solve:
            differ += 1
            print(f"DIFFER {path}\n  gtp:   {gtp}\n  solve: {solve}")
        elif not gtp.startswith("unknown"):
            decided += 1
    print(f"{len(files)} files, {len(files) - differ} the same ({decided} of them decided), "
          f"{differ} differ (max-nodes {args.max_nodes})")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
