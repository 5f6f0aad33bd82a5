#!/usr/bin/env python3
"""GNU Go's life-and-death regression suites as a benchmark (standard library only).

The suites (`ld_owl.tst`, `owl.tst`, `owl1.tst` and the SGF games they load) are GPL files of
GNU Go's source: they are read at run time from a cache outside the repository
(CACHE/gnugo-src/, fetched once from Debian's source package) and neither they nor any case
list made from them is ever written into the repository.

Subcommands (each prints what it did; scripts/gnugo-suites.sh runs them in order):

    fetch                    Debian's gnugo source into CACHE/gnugo-src/ (once)
    parse                    the three suites -> CACHE/gnugo-suites/cases.jsonl
    gnugo [--jobs J]         every case through GNU Go itself (GTP), its answer against the
                             suite's -> CACHE/gnugo-suites/gnugo-reference.json
    ours [--secs S] [--jobs J] [--limit N] [--seed S] [--fresh] [--report-only] [--tag T]
                             every case through `tsumego-studio owl` ($BIN) ->
                             CACHE/gnugo-suites/ours-secsS[-T].jsonl (resumed when run again),
                             ours-secsS.json and ours-secsS.md (tables, contradictions);
                             --report-only writes them from the results so far (a run
                             stopped midway: its cases are the first of the seeded order)
    ours --engine gnugo      the same with GNU Go's own owl_attack / owl_defend in the place
                             of ours (-> gnugo-owl.*): a check of how the harness maps the
                             suite's answers onto owl searches

CACHE is $TSUMEGO_CACHE or ~/.cache/tsumego-studio.

The `.tst` format as GNU Go's regress.awk and gogui-regress read it: `loadsgf FILE [N]` sets the
position (the game before move N is played), `play COLOUR VERTEX` (and the old `black VERTEX` /
`white VERTEX`) add moves to it until the next `loadsgf`; a numbered command `NNN owl_attack P`
is a test, the next line `#? [REGEX]` its expected answer (matched as `^REGEX$`), `[!REGEX]` a
negation, a trailing `*` a known failure and `&` an answer not checked. Known failures and
unchecked answers are counted and skipped; so are numbered commands other than `owl_attack`,
`owl_defend` and `dragon_status`, and unnumbered commands other than the ones above.
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tarfile
import threading
import time
import urllib.request
from pathlib import Path

# The three life-and-death suites, in the order the reports list them.
SUITES = ("ld_owl", "owl", "owl1")

# The test commands that become cases; every other numbered command is counted and skipped.
TEST_COMMANDS = ("owl_attack", "owl_defend", "dragon_status")

# Debian's upstream tarball of GNU Go 3.8 and its SHA-256 from the package's .dsc (3.8-11).
ORIG_TARBALL = "gnugo_3.8.orig.tar.gz"
ORIG_URL = "https://deb.debian.org/debian/pool/main/g/gnugo/" + ORIG_TARBALL
ORIG_SHA256 = "da68d7a65f44dcf6ce6e4e630b6f6dd9897249d34425920bfdd4e07ff1866a72"

# GTP column letters (no `I`) of boards up to 19x19.
COLUMNS = "ABCDEFGHJKLMNOPQRST"

# Every answer vertex of a 19x19 board and a pass: the candidates an expected regex is tried
# against to learn which results it accepts.
VERTICES = tuple(f"{c}{r}" for c in COLUMNS for r in range(1, 20)) + ("PASS",)


def cache_dir():
    """The cache folder outside the repository ($TSUMEGO_CACHE or ~/.cache/tsumego-studio)."""
    return Path(os.environ.get("TSUMEGO_CACHE") or Path.home() / ".cache" / "tsumego-studio")


def suites_dir():
    """Where the parsed cases and the runs' results are written (inside the cache)."""
    return cache_dir() / "gnugo-suites"


# ---------------------------------------------------------------------------------------------
# Fetching the source


def regression_dir(src):
    """The `regression/` folder of an unpacked GNU Go source under `src`, or None."""
    for candidate in sorted(src.glob("gnugo-*/regression")):
        if all((candidate / f"{s}.tst").is_file() for s in SUITES):
            return candidate
    return None


def fetch(src):
    """Makes sure GNU Go's source is unpacked under `src`; returns its `regression/` folder.

    `apt-get source gnugo` when a deb-src line is configured, otherwise the upstream tarball of
    Debian's pool (checked against the .dsc's SHA-256)."""
    found = regression_dir(src)
    if found:
        return found
    src.mkdir(parents=True, exist_ok=True)
    if shutil.which("apt-get") and deb_src_configured():
        print("gnugo source: apt-get source gnugo", file=sys.stderr)
        result = subprocess.run(["apt-get", "source", "--download-only", "gnugo"], cwd=src)
        if result.returncode != 0:
            print("apt-get source failed; downloading the tarball", file=sys.stderr)
    tarball = src / ORIG_TARBALL
    if not tarball.is_file():
        print(f"gnugo source: downloading {ORIG_URL}", file=sys.stderr)
        part = tarball.with_suffix(".part")
        with urllib.request.urlopen(ORIG_URL, timeout=120) as response, open(part, "wb") as out:
            shutil.copyfileobj(response, out)
        part.rename(tarball)
    digest = hashlib.sha256(tarball.read_bytes()).hexdigest()
    if digest != ORIG_SHA256:
        raise SystemExit(f"error: {tarball} has SHA-256 {digest}, expected {ORIG_SHA256}")
    with tarfile.open(tarball) as archive:
        members = [m for m in archive.getmembers() if safe_member(m.name)]
        archive.extractall(src, members=members)
    found = regression_dir(src)
    if not found:
        raise SystemExit(f"error: no regression/ folder with the suites under {src}")
    return found


def safe_member(name):
    """Whether a tar member's path stays inside the folder it is unpacked into."""
    return not name.startswith("/") and ".." not in Path(name).parts


def deb_src_configured():
    """Whether apt has a deb-src source (then `apt-get source` can fetch the package)."""
    for path in [Path("/etc/apt/sources.list"), *Path("/etc/apt/sources.list.d").glob("*")]:
        try:
            text = path.read_text()
        except OSError:
            continue
        for line in text.splitlines():
            line = line.strip()
            if line.startswith("deb-src") or (line.startswith("Types:") and "deb-src" in line):
                return True
    return False


# ---------------------------------------------------------------------------------------------
# Parsing the .tst format


def expected_codes(pattern, negate):
    """Which owl result codes (0 fails, 1 works, 2 and 3 works by ko) an expected regex accepts,
    trying `0` and `C VERTEX` for every code and vertex."""
    codes = set()
    if answer_matches(pattern, negate, "0"):
        codes.add(0)
    for code in (1, 2, 3):
        if any(answer_matches(pattern, negate, f"{code} {v}") for v in VERTICES):
            codes.add(code)
    return codes


def expected_statuses(pattern, negate):
    """Which `dragon_status` answers (alive, critical, dead, unknown) an expected regex accepts.
    `critical ATTACK DEFENCE` is tried with every pair of vertices only when the regex can
    name it (it contains `critical`, or it is a negation)."""
    statuses = {s for s in ("alive", "dead", "unknown") if answer_matches(pattern, negate, s)}
    if "critical" in pattern or negate:
        if any(
            answer_matches(pattern, negate, f"critical {a} {d}") for a in VERTICES for d in VERTICES
        ):
            statuses.add("critical")
    return statuses


def answer_matches(pattern, negate, answer):
    """Whether a GTP answer passes an expected regex as regress.awk checks it: `^REGEX$`
    searched in the answer, the result inverted for a `[!REGEX]`."""
    try:
        matched = re.search("^" + pattern + "$", answer) is not None
    except re.error:
        matched = False
    return matched != negate


def claim_of(command, pattern, negate):
    """What the suite claims about its target, in the terms of an open-boundary owl search.

    owl_attack / owl_defend: `works` (code 1 accepted, 0 not), `works-ko` (only ko codes 2/3),
    `fails` (only 0), `open` (both 0 and a win accepted), `none` (nothing on a 19x19 board).
    dragon_status: `alive`, `critical`, `dead` (the single status accepted), else `open`."""
    if command == "dragon_status":
        statuses = expected_statuses(pattern, negate)
        return next(iter(statuses)) if len(statuses) == 1 else "open"
    codes = expected_codes(pattern, negate)
    if not codes:
        return "none"
    if codes == {0}:
        return "fails"
    if 0 in codes:
        return "open"
    return "works" if 1 in codes else "works-ko"


def parse_tst(text, suite):
    """The cases of one `.tst` file and what was skipped: `(cases, stats)`.

    Each case is a dict: suite, number, line, command, point, sgf (as written in the file),
    move (the loadsgf move number or None), until (a non-numeric loadsgf limit or None), plays
    (`[colour, vertex]` after the loadsgf), expected (the regex), negate, claim. stats counts
    `tests` (numbered commands with an answer), `cases`, `known_failures` (`*`), `unchecked`
    (`&`), `skipped_commands` (name -> count) and `no_answer` (numbered tests without `#?`)."""
    cases = []
    stats = {
        "tests": 0,
        "cases": 0,
        "known_failures": 0,
        "unchecked": 0,
        "no_answer": 0,
        "skipped_commands": {},
    }
    position = {"sgf": None, "move": None, "until": None, "plays": []}
    pending = None  # the last numbered test command, waiting for its `#?` line

    def skip(name):
        stats["skipped_commands"][name] = stats["skipped_commands"].get(name, 0) + 1

    def close_pending():
        nonlocal pending
        if pending is not None:
            stats["no_answer"] += 1
            pending = None

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith("#?"):
            answer = line[2:].strip()
            if pending is None:
                continue
            test, pending = pending, None
            stats["tests"] += 1
            match = re.fullmatch(r"\[(.*)\]\s*([*&]*)", answer)
            if not match:
                stats["no_answer"] += 1
                continue
            pattern, flags = match.group(1), match.group(2)
            if "*" in flags:
                stats["known_failures"] += 1
                continue
            if "&" in flags:
                stats["unchecked"] += 1
                continue
            if test["command"] not in TEST_COMMANDS:
                skip(test["command"])
                continue
            negate = pattern.startswith("!")
            if negate:
                pattern = pattern[1:]
            case = {
                "suite": suite,
                "number": test["number"],
                "line": test["line"],
                "command": test["command"],
                "point": test["args"][0].upper() if test["args"] else None,
                "sgf": position["sgf"],
                "move": position["move"],
                "until": position["until"],
                "plays": [list(p) for p in position["plays"]],
                "expected": pattern,
                "negate": negate,
            }
            case["claim"] = claim_of(case["command"], pattern, negate)
            cases.append(case)
            stats["cases"] += 1
            continue
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        close_pending()
        words = line.split()
        test_number = None
        if words[0].isdigit():
            test_number = int(words[0])
            words = words[1:]
            if not words:
                continue
        name, args = words[0], words[1:]
        if name == "loadsgf" and args:
            limit = args[1] if len(args) > 1 else None
            position = {
                "sgf": args[0],
                "move": int(limit) if limit is not None and limit.isdigit() else None,
                "until": limit if limit is not None and not limit.isdigit() else None,
                "plays": [],
            }
        elif name == "play" and len(args) == 2:
            position["plays"].append((colour_name(args[0]), args[1].upper()))
        elif name in ("black", "white") and len(args) == 1:
            position["plays"].append((name, args[0].upper()))
        elif test_number is None:
            skip(name)
        if test_number is not None:
            pending = {"number": test_number, "line": number, "command": name, "args": args}
    close_pending()
    return cases, stats


def colour_name(word):
    """`black` or `white` from a GTP colour (`b`, `B`, `black`, `w`, …)."""
    return "black" if word.lower().startswith("b") else "white"


def parse_suites(regression):
    """Parses the three suites under `regression`; returns `(cases, stats by suite)`."""
    cases, stats = [], {}
    for suite in SUITES:
        text = (regression / f"{suite}.tst").read_text(encoding="utf-8", errors="replace")
        suite_cases, suite_stats = parse_tst(text, suite)
        cases += suite_cases
        stats[suite] = suite_stats
    return cases, stats


def write_jsonl(path, rows):
    """Writes rows as JSON Lines (via a temporary file, so a killed run leaves none half)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_suffix(path.suffix + ".part")
    with open(part, "w") as out:
        for row in rows:
            out.write(json.dumps(row, sort_keys=True) + "\n")
    part.rename(path)


def read_jsonl(path):
    """The rows of a JSON Lines file (none when it does not exist); a torn last line is dropped."""
    rows = []
    if path.is_file():
        for line in path.read_text().splitlines():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                pass
    return rows


def print_parse_stats(stats):
    """The parse counts per suite, as a Markdown table, and the skipped commands."""
    print(
        "| suite | tests | cases | known failures (`*`) | unchecked (`&`) | other tests skipped |"
    )
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    for suite, s in stats.items():
        skipped = ", ".join(f"{k} {v}" for k, v in sorted(s["skipped_commands"].items()))
        print(
            f"| {suite} | {s['tests']} | {s['cases']} | {s['known_failures']} | "
            f"{s['unchecked']} | {skipped or '-'} |"
        )


# ---------------------------------------------------------------------------------------------
# GTP


class Gtp:
    """One GTP engine process (GNU Go), spoken to one command at a time."""

    def __init__(self, argv, cwd):
        self.process = subprocess.Popen(
            argv,
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def send(self, command):
        """The engine's answer to `command` without its `= ` (a `? ` failure raises GtpError)."""
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise GtpError(f"the engine exited during '{command}'")
            line = line.rstrip("\r\n")
            if not line and lines:
                break
            if line:
                lines.append(line)
        answer = "\n".join(lines)
        if answer.startswith("?"):
            raise GtpError(f"'{command}': {answer[1:].strip()}")
        return answer[1:].strip()

    def close(self):
        """Quits the engine and waits for it."""
        try:
            self.process.stdin.write("quit\n")
            self.process.stdin.close()
        except OSError:
            pass
        self.process.wait(timeout=30)
        self.process.stdout.close()


class GtpError(Exception):
    """A GTP failure answer, or the engine gone."""


def setup_commands(case):
    """The GTP commands that set up a case's position."""
    load = f"loadsgf {case['sgf']}"
    limit = case["move"] if case["move"] is not None else case["until"]
    if limit is not None:
        load += f" {limit}"
    return [load] + [f"play {colour} {vertex}" for colour, vertex in case["plays"]]


def gnugo_argv():
    """GNU Go's command line as its regression suite runs it (`--quiet --mode gtp`)."""
    gnugo = os.environ.get("GNUGO") or shutil.which("gnugo") or "/usr/games/gnugo"
    return [gnugo, "--quiet", "--mode", "gtp"]


def run_gnugo(cases, regression, jobs):
    """Every case through GNU Go: its answer and whether it passes the suite's regex."""
    lock = threading.Lock()
    engines = []
    local = threading.local()

    def engine():
        if not hasattr(local, "gtp"):
            local.gtp = Gtp(gnugo_argv(), regression)
            with lock:
                engines.append(local.gtp)
        return local.gtp

    def one(case):
        start = time.monotonic()
        try:
            gtp = engine()
            for command in setup_commands(case):
                gtp.send(command)
            answer = gtp.send(f"{case['command']} {case['point']}")
            error = None
        except GtpError as e:
            answer, error = None, str(e)
            if hasattr(local, "gtp") and local.gtp.process.poll() is not None:
                del local.gtp
        passed = answer is not None and answer_matches(case["expected"], case["negate"], answer)
        return {
            **key_of(case),
            "answer": answer,
            "passed": passed,
            "error": error,
            "seconds": round(time.monotonic() - start, 3),
        }

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(one, cases))
    for gtp in engines:
        gtp.close()
    return results


def key_of(case):
    """The fields that name a case in every result row."""
    return {"suite": case["suite"], "number": case["number"], "command": case["command"]}


def print_gnugo_report(cases, results):
    """The GNU Go self-check per suite as a Markdown table, then every case it fails."""
    print("| suite | cases | GNU Go passes | fails | errors | time (s) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for suite in SUITES + ("all",):
        rows = [r for r in results if suite in ("all", r["suite"])]
        passed = sum(r["passed"] for r in rows)
        errors = sum(r["error"] is not None for r in rows)
        seconds = sum(r["seconds"] for r in rows)
        print(
            f"| {suite} | {len(rows)} | {passed} | {len(rows) - passed - errors} | {errors} | "
            f"{seconds:.0f} |"
        )
    by_key = {(c["suite"], c["number"]): c for c in cases}
    failed = [r for r in results if not r["passed"]]
    if failed:
        print("\nGNU Go's answers that do not pass:")
        for r in failed:
            case = by_key[(r["suite"], r["number"])]
            want = ("!" if case["negate"] else "") + case["expected"]
            got = r["answer"] if r["error"] is None else f"error: {r['error']}"
            print(f"- {r['suite']}:{r['number']} {r['command']} {case['point']}: [{want}], {got}")


# ---------------------------------------------------------------------------------------------
# Our run: `tsumego-studio owl`


def derived_position(case, regression, positions):
    """An SGF of a case's position when the suite plays moves after its `loadsgf` (the `owl`
    command reads a file and a move number only): GNU Go loads the game, plays the moves and
    prints the position (`printsgf`: the stones and the side to move; the ko ban of the last
    move is not kept). Written once under `positions`; returns its path."""
    path = positions / f"{case['suite']}-{case['number']}.sgf"
    if path.is_file():
        return path
    gtp = Gtp(gnugo_argv(), regression)
    try:
        for command in setup_commands(case):
            gtp.send(command)
        sgf = gtp.send("printsgf")
    finally:
        gtp.close()
    # GNU Go's own IL[] property (its illegal points) is no part of the position.
    sgf = re.sub(r"IL(\[[a-s]{0,2}\]\s*)+", "", sgf)
    positions.mkdir(parents=True, exist_ok=True)
    part = path.with_suffix(".part")
    part.write_text(sgf + "\n")
    part.rename(path)
    return path


def owl_argv(binary, case, regression, positions, side, secs):
    """The `tsumego-studio owl` command line of one direction (`attack` or `defend`)."""
    if case["plays"]:
        argv = [binary, "owl", str(derived_position(case, regression, positions))]
    else:
        argv = [binary, "owl", str(regression / case["sgf"])]
        if case["move"] is not None:
            argv += ["--move", str(case["move"])]
    return argv + [f"--{side}", case["point"], "--secs", f"{secs:g}", "--json"]


def run_owl(argv, secs):
    """One owl search: `{"result", "move", "ko_code", "seconds", "raw"}` or `{"error"}`;
    `ko_code` is the answer's GNU Go code (the JSON's `gnugo`) when it is a ko (2 or 3), whose
    result (`ko`) counts as `proven`."""
    start = time.monotonic()
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=3 * secs + 60)
    except subprocess.TimeoutExpired:
        return {
            "error": f"no answer within {3 * secs + 60:g} s",
            "seconds": time.monotonic() - start,
        }
    try:
        reply = json.loads(done.stdout)
        result = reply["result"]
    except (json.JSONDecodeError, KeyError, TypeError):
        tail = (done.stderr.strip().splitlines() or ["(nothing on stderr)"])[-1]
        return {"error": f"exit {done.returncode}: {tail}", "seconds": time.monotonic() - start}
    code = reply.get("gnugo")
    if result == "ko" and code in (2, 3):
        # The asked side wins by a ko (GNU Go's codes 2 and 3): "works with ko", as the suites
        # read those codes; `ko_code` keeps it apart.
        result = "proven"
    if result not in ("proven", "disproven", "unknown"):
        return {"error": f"result '{result}'", "seconds": time.monotonic() - start}
    move = reply.get("move")
    return {
        "result": result,
        "move": move.upper() if isinstance(move, str) else None,
        "ko_code": code if code in (2, 3) else None,
        "seconds": reply.get("seconds", time.monotonic() - start),
        "raw": reply,
    }


def directions(case):
    """The owl searches a case needs: `attack` and/or `defend`."""
    if case["command"] == "owl_attack":
        return ["attack"]
    if case["command"] == "owl_defend":
        return ["defend"]
    return {"alive": ["attack"], "dead": ["defend"]}.get(case["claim"], ["attack", "defend"])


def classify(case, runs):
    """A case's outcome from its owl runs (direction -> run): `(outcome, ours, move, move_ok)`.

    outcome: `agrees` (proven as the suite says), `contradicts` (proven the opposite),
    `unknown` (not proven within the limit), `error`, or `no-claim` (the suite's regex accepts
    both answers). ours: our answer in the suite's words; move: our move; move_ok: whether the
    suite's regex accepts our move as well (None when there is no move to compare)."""
    if any("error" in r for r in runs.values()):
        return "error", "error", None, None
    claim = case["claim"]
    if case["command"] in ("owl_attack", "owl_defend"):
        run = runs["attack" if case["command"] == "owl_attack" else "defend"]
        ours = {"proven": "works", "disproven": "fails", "unknown": "unknown"}[run["result"]]
        move = run["move"] if run["result"] == "proven" else None
        if ours == "works" and run.get("ko_code"):
            ours = f"works by ko (code {run['ko_code']})"
        if ours == "unknown":
            return "unknown", ours, move, None
        if claim in ("open", "none"):
            return "no-claim", ours, move, None
        says_works = claim in ("works", "works-ko")
        if (ours != "fails") != says_works:
            return "contradicts", ours, move, None
        if ours != "fails" and move is not None:
            answers = [f"{code} {move}" for code in (1, 2, 3)]
            ok = any(answer_matches(case["expected"], case["negate"], a) for a in answers)
            return "agrees", ours, move, ok
        return "agrees", ours, move, None
    # dragon_status
    attack, defend = runs.get("attack"), runs.get("defend")
    if claim == "alive":
        return status_outcome(attack, "disproven", "alive", "not alive (attack works)")
    if claim == "dead":
        return status_outcome(defend, "disproven", "dead", "not dead (defence works)")
    if claim == "critical":
        results = (attack["result"], defend["result"])
        if "disproven" in results:
            ours = "alive" if results[0] == "disproven" else "dead"
            move = attack["move"] or defend["move"]
            return "contradicts", ours, move, None
        if "unknown" in results:
            return "unknown", "unknown", attack["move"] or defend["move"], None
        moves = f"{attack['move']} {defend['move']}"
        ok = answer_matches(case["expected"], case["negate"], f"critical {moves}")
        return "agrees", "critical" + ko_words(attack, defend), moves, ok
    return "no-claim", "-", None, None


def status_outcome(run, agreeing, agreeing_words, opposite_words):
    """The outcome of an alive or dead claim from its one search."""
    if run["result"] == "unknown":
        return "unknown", "unknown", None, None
    if run["result"] == agreeing:
        return "agrees", agreeing_words, None, None
    return "contradicts", opposite_words + ko_words(run), run["move"], None


def ko_words(*runs):
    """` by ko` when one of the runs was won by a ko, else nothing."""
    return " by ko" if any(run.get("ko_code") for run in runs) else ""


def is_ko_case(case):
    """Whether the suite's answer is a ko result (codes 2/3: works by ko): reported apart."""
    return case["claim"] == "works-ko"


def product_searcher(binary, regression, secs):
    """The owl searches of `tsumego-studio owl` (`binary`), one process each: a function
    `(case, side) -> run` for run_ours."""
    positions = suites_dir() / "positions"

    def search(case, side):
        if case["until"] is not None:
            return {"error": "loadsgf up to a vertex: owl takes a move number"}
        try:
            argv = owl_argv(binary, case, regression, positions, side, secs)
        except (GtpError, OSError) as e:
            return {"error": f"position: {e}"}
        return run_owl(argv, secs)

    return search


def gnugo_searcher(regression):
    """GNU Go's own owl reading (`owl_attack` / `owl_defend`, one GTP process per worker) in
    the place of ours: a function `(case, side) -> run` for run_ours. Codes 1-3 are `proven`
    (2 and 3 by ko, kept as `ko_code`), 0 `disproven`. A check of the harness's mapping of the
    suite's answers, `dragon_status` ones included, onto owl searches."""
    local = threading.local()
    engines, lock = [], threading.Lock()

    def search(case, side):
        start = time.monotonic()
        if not hasattr(local, "gtp"):
            local.gtp = Gtp(gnugo_argv(), regression)
            with lock:
                engines.append(local.gtp)
        try:
            for command in setup_commands(case):
                local.gtp.send(command)
            words = local.gtp.send(f"owl_{side} {case['point']}").split()
        except GtpError as e:
            if local.gtp.process.poll() is not None:
                del local.gtp
            return {"error": str(e), "seconds": time.monotonic() - start}
        return {
            "result": "disproven" if words[0] == "0" else "proven",
            "move": words[1].upper() if len(words) > 1 else None,
            "ko_code": int(words[0]) if words[0] in ("2", "3") else None,
            "seconds": time.monotonic() - start,
        }

    def close():
        for gtp in engines:
            gtp.close()

    search.close = close
    return search


def run_ours(cases, search, jobs, results_path):
    """Runs every case not yet in `results_path` through `search` (`(case, side) -> run`,
    closed by its `close()` at the end when it has one), appending each row as it is done;
    returns the rows of all `cases`."""
    done = {(r["suite"], r["number"]) for r in read_jsonl(results_path)}
    todo = [c for c in cases if (c["suite"], c["number"]) not in done]
    lock = threading.Lock()
    results_path.parent.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()

    def one(case):
        runs = {side: search(case, side) for side in directions(case)}
        outcome, ours, move, move_ok = classify(case, runs)
        row = {
            **key_of(case),
            "point": case["point"],
            "claim": case["claim"],
            "ko": is_ko_case(case),
            "outcome": outcome,
            "ours": ours,
            "move": move,
            "move_ok": move_ok,
            "seconds": round(sum(r.get("seconds", 0) for r in runs.values()), 3),
            "runs": runs,
        }
        with lock:
            with open(results_path, "a") as out:
                out.write(json.dumps(row, sort_keys=True) + "\n")
            count = len(done) + 1
            done.add((case["suite"], case["number"]))
            elapsed = time.monotonic() - started
            print(
                f"[{count}/{len(cases)} {elapsed:.0f} s] {case['suite']}:{case['number']} "
                f"{case['command']} {case['point']}: {outcome} ({ours})",
                file=sys.stderr,
                flush=True,
            )
        return row

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(one, todo))
    if hasattr(search, "close"):
        search.close()
    wanted = {(c["suite"], c["number"]) for c in cases}
    return [r for r in read_jsonl(results_path) if (r["suite"], r["number"]) in wanted]


def ours_report(cases, results, title, total):
    """Our run as Markdown: a table per suite (all cases, then the ko cases alone), the moves
    the suite also accepts, and the list of contradictions."""
    by_key = {(c["suite"], c["number"]): c for c in cases}
    lines = []
    run_note = (
        f"{len(results)} of {total} cases run" if len(results) < total else f"all {total} cases"
    )
    lines.append(f"{title}: {run_note}.\n")

    def table(title, rows_of):
        lines.append(f"{title}\n")
        lines.append(
            "| suite | cases | agree | contradict | unknown | errors | no claim | "
            "ours by ko | agreeing moves the suite accepts | time (s) |"
        )
        lines.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for suite in SUITES + ("all",):
            rows = [r for r in rows_of if suite in ("all", r["suite"])]
            count = {o: sum(r["outcome"] == o for r in rows) for o in OUTCOMES}
            with_move = [r for r in rows if r["move_ok"] is not None]
            moves_ok = sum(r["move_ok"] for r in with_move)
            seconds = sum(r["seconds"] for r in rows)
            by_ko = sum(any(run.get("ko_code") for run in r["runs"].values()) for r in rows)
            lines.append(
                f"| {suite} | {len(rows)} | {count['agrees']} | {count['contradicts']} | "
                f"{count['unknown']} | {count['error']} | {count['no-claim']} | {by_ko} | "
                f"{moves_ok} of {len(with_move)} | {seconds:.0f} |"
            )
        lines.append("")

    table("All cases:", results)
    table(
        "Of which the suite's answer is a ko (codes 2/3, taken as 'works'):",
        [r for r in results if r["ko"]],
    )
    reasons = {}
    for r in results:
        if r["outcome"] == "unknown":
            for run in r["runs"].values():
                if run.get("result") == "unknown":
                    reason = run.get("raw", {}).get("reason") or "(none given)"
                    reasons[reason] = reasons.get(reason, 0) + 1
    if reasons:
        lines.append("The searches that stayed unknown, by the reason given:\n")
        for reason, count in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0])):
            lines.append(f"- {count}: {reason}")
        lines.append("")
    contradictions = [r for r in results if r["outcome"] == "contradicts"]
    lines.append(f"Contradictions ({len(contradictions)}):\n")
    if contradictions:
        lines.append("| suite:test | command | file | move | point | expected | ours | our move |")
        lines.append("| --- | --- | --- | ---: | --- | --- | --- | --- |")
        for r in sorted(contradictions, key=lambda r: (SUITES.index(r["suite"]), r["number"])):
            case = by_key[(r["suite"], r["number"])]
            expected = (("!" if case["negate"] else "") + case["expected"]).replace("|", "\\|")
            where = case["move"] if case["move"] is not None else "end"
            if case["plays"]:
                where = f"{where} + {' '.join(v for _, v in case['plays'])}"
            lines.append(
                f"| {r['suite']}:{r['number']} | {r['command']} | {case['sgf']} | {where} | "
                f"{r['point']} | `[{expected}]`{' (ko)' if r['ko'] else ''} | {r['ours']} | "
                f"{r['move'] or '-'} |"
            )
    errors = [r for r in results if r["outcome"] == "error"]
    if errors:
        lines.append(f"\nErrors ({len(errors)}):\n")
        for r in errors[:50]:
            message = next((x["error"] for x in r["runs"].values() if "error" in x), "?")
            lines.append(f"- {r['suite']}:{r['number']} {r['command']} {r['point']}: {message}")
    return "\n".join(lines) + "\n"


# The outcomes of a case, in the order the tables show them.
OUTCOMES = ("agrees", "contradicts", "unknown", "error", "no-claim")


# ---------------------------------------------------------------------------------------------
# Command line


def load_cases():
    """The parsed cases (parsing first when the cache has none)."""
    path = suites_dir() / "cases.jsonl"
    if not path.is_file():
        raise SystemExit(f"error: no {path}: run `parse` first")
    return read_jsonl(path)


def main(argv=None):
    """The subcommands (see the module's doc)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("fetch", help="GNU Go's source into the cache")
    sub.add_parser("parse", help="the suites' cases into the cache")
    gnugo = sub.add_parser("gnugo", help="the reference run through GNU Go")
    gnugo.add_argument("--jobs", type=int, default=1)
    ours = sub.add_parser("ours", help="the run through `tsumego-studio owl`")
    ours.add_argument("--secs", type=float, default=10.0, help="time limit per search")
    ours.add_argument("--jobs", type=int, default=1, help="searches at once")
    ours.add_argument("--limit", type=int, help="the first N cases of the seeded order only")
    ours.add_argument("--seed", type=int, default=1, help="the seed of the cases' order")
    ours.add_argument("--fresh", action="store_true", help="forget earlier results of this run")
    ours.add_argument("--tag", help="a name added to the result files (a run of another binary)")
    ours.add_argument(
        "--report-only", action="store_true", help="the report of the results so far, no search"
    )
    ours.add_argument(
        "--engine",
        choices=("owl", "gnugo"),
        default="owl",
        help="owl: `tsumego-studio owl` ($BIN); gnugo: GNU Go's owl reading (checks the mapping)",
    )
    args = parser.parse_args(argv)

    src = cache_dir() / "gnugo-src"
    if args.command == "fetch":
        print(fetch(src))
        return 0
    regression = fetch(src)
    if args.command == "parse":
        cases, stats = parse_suites(regression)
        write_jsonl(suites_dir() / "cases.jsonl", cases)
        (suites_dir() / "parse-stats.json").write_text(json.dumps(stats, indent=1) + "\n")
        print_parse_stats(stats)
        claims = {}
        for c in cases:
            claims[c["claim"]] = claims.get(c["claim"], 0) + 1
        print("\nclaims: " + ", ".join(f"{k} {v}" for k, v in sorted(claims.items())))
        print(f"written: {suites_dir() / 'cases.jsonl'}")
        return 0
    cases = load_cases()
    if args.command == "gnugo":
        results = run_gnugo(cases, regression, args.jobs)
        out = suites_dir() / "gnugo-reference.json"
        out.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
        print_gnugo_report(cases, results)
        print(f"\nwritten: {out}")
        return 0
    if args.engine == "gnugo":
        search = gnugo_searcher(regression)
        stem = "gnugo-owl"
    else:
        binary = os.environ.get("BIN") or "target/release/tsumego-studio"
        if not (Path(binary).is_file() and os.access(binary, os.X_OK)):
            raise SystemExit(f"error: no binary at {binary} (cargo build --release, or set BIN)")
        search = product_searcher(binary, regression, args.secs)
        stem = f"ours-secs{args.secs:g}" + (f"-{args.tag}" if args.tag else "")
    order = list(cases)
    random.Random(args.seed).shuffle(order)
    if args.limit is not None:
        order = order[: args.limit]
    results_path = suites_dir() / f"{stem}.jsonl"
    if args.fresh and results_path.exists():
        results_path.unlink()
    if args.report_only:
        wanted = {(c["suite"], c["number"]) for c in order}
        results = [r for r in read_jsonl(results_path) if (r["suite"], r["number"]) in wanted]
    else:
        results = run_ours(order, search, args.jobs, results_path)
    title = (
        "GNU Go's `owl_attack` / `owl_defend`"
        if args.engine == "gnugo"
        else (f"`tsumego-studio owl --secs {args.secs:g}`")
    )
    report = ours_report(cases, results, title, len(cases))
    (suites_dir() / f"{stem}.md").write_text(report)
    (suites_dir() / f"{stem}.json").write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    print(report)
    print(f"written: {suites_dir() / (stem + '.md')}, {suites_dir() / (stem + '.json')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
