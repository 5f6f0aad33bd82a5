#!/usr/bin/env python3
"""GTP regression files (`.tst`) run against any GTP engine, in the manner of GoGui's
gogui-regress (standard library only).

    python3 scripts/gtp_regress.py --engine "gnugo --mode gtp --quiet" FILE.tst [FILE.tst ...]
    python3 scripts/gtp_regress.py --engine "target/release/tsumego-studio gtp" FILE.tst \
        [--timeout S] [--filter REGEX] [--limit N] [--seed S] [--json OUT [--resume]]

The `.tst` format (GNU Go's `regression/` folder, gogui-regress): every line is a GTP command
sent to the engine in order; `#` starts a comment, blank lines are skipped. A command with a
numeric id (`263 owl_defend M13`) followed by a line `#? [REGEX]` is a test: its reply (without
`=ID`, whitespace collapsed) must match REGEX in full; `[!REGEX]` means it must not; a trailing
`*` marks a known failure and `&` a reply that is not checked (run, recorded, not counted).
`loadsgf` paths are relative to the `.tst` file's folder: they are sent as absolute paths, so
one engine process runs every file.

Outcomes, as gogui-regress names them: `pass`, `FAIL` (an unexpected failure), `PASS` (a known
failure that passes), `fail` (a known failure that fails). An error reply (`?`), a malformed
reply, an engine that exits and a timeout are failures with the reason in `error`; the
summary counts them again as errors or timeouts. After a timeout (the engine is killed) or an
exit, the engine is restarted before the next command and the file's setup commands since its
last `loadsgf` / `boardsize` / `clear_board` are replayed (with the last `boardsize` and `komi`
before it), so later tests see the right position. Tests are taken as queries: their commands
are not replayed, and with --filter / --limit the tests not selected are not sent while every
setup command before the last selected test of a file still is.

The exit status is 0 whatever the tests' outcomes (a benchmark), 2 on a usage error.
"""

import argparse
import collections
import json
import os
import queue
import random
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

# The commands that set a new position: a replay after a restart starts at the last of them.
RESETS = ("loadsgf", "boardsize", "clear_board")

# Settings a `clear_board` or `loadsgf` may keep: the last of each before the reset is replayed.
KEPT_ACROSS_RESETS = ("boardsize", "komi")

# The outcomes of a test, in the order the summary shows them; `ignored` (`&`) is not counted.
OUTCOMES = ("pass", "FAIL", "PASS", "fail")

# How many of the engine's last stderr lines are kept for the message of an exit.
STDERR_TAIL = 5

# How long the engine is given to answer `quit` before it is killed.
QUIT_SECONDS = 5


# ---------------------------------------------------------------------------------------------
# Parsing the .tst format


class Expectation:
    """A test's `#? [REGEX]` line: the regex, whether it is negated (`!`), a known failure
    (`*`), or not checked (`&`)."""

    def __init__(self, raw):
        match = re.fullmatch(r"\[(.*)\]\s*([*&]*)", raw)
        if not match:
            raise ValueError(f"not of the form [REGEX] with an optional * or &: {raw!r}")
        self.pattern, flags = match.group(1), match.group(2)
        self.negate = self.pattern.startswith("!")
        self.regex = self.pattern[1:] if self.negate else self.pattern
        self.known_failure = "*" in flags
        self.ignored = "&" in flags

    def passes(self, reply):
        """Whether a reply (whitespace collapsed) passes: a full match, inverted for `!`; a
        regex that does not compile matches nothing."""
        try:
            matched = re.fullmatch(self.regex, collapse(reply)) is not None
        except re.error:
            matched = False
        return matched != self.negate


class Command:
    """One command line of a `.tst` file: its line number, numeric id (or None), the command
    as written without the id (`text`), as sent (`wire`: the id kept, loadsgf's path made
    absolute), its name, and its Expectation when it is a test."""

    def __init__(self, line, text, base):
        self.line = line
        words = text.split()
        self.id = int(words[0]) if words[0].isdigit() else None
        if self.id is not None:
            words = words[1:]
        self.text = " ".join(words)
        self.name = words[0] if words else ""
        if self.name == "loadsgf" and len(words) > 1:
            words = [self.name, absolute(words[1], base), *words[2:]]
        self.wire = " ".join(([str(self.id)] if self.id is not None else []) + words)
        self.expected = None

    @property
    def is_test(self):
        """Whether the command is a test (an id and a `#?` line)."""
        return self.expected is not None


def absolute(path, base):
    """A `loadsgf` path relative to the `.tst` file's folder `base`, made absolute."""
    return path if os.path.isabs(path) else os.path.normpath(os.path.join(base, path))


def collapse(text):
    """A reply with every run of whitespace made one space, trimmed (as gogui-regress does)."""
    return " ".join(text.split())


class TstFile:
    """A parsed `.tst` file: its name (for `file:id`) and commands in order."""

    def __init__(self, path):
        path = Path(path)
        self.name = path.name
        text = path.read_text(encoding="utf-8", errors="replace")
        self.commands = parse_tst(text, str(path.resolve().parent), self.name)

    def tests(self):
        """The commands that are tests."""
        return [c for c in self.commands if c.is_test]


def parse_tst(text, base, name="-"):
    """The commands of a `.tst` text whose `loadsgf` paths are relative to `base`; a numbered
    command followed (after blank lines) by `#? [...]` gets that Expectation. A malformed `#?`
    line is warned about and leaves its command an ordinary one."""
    commands = []
    pending = None  # the last numbered command, until its next non-blank line
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith("#?"):
            if pending is not None:
                try:
                    pending.expected = Expectation(line[2:].strip())
                except ValueError as e:
                    warn(f"{name}:{number}: {e}")
            pending = None
            continue
        line = line.split("#", 1)[0].strip()
        if raw.strip():
            pending = None
        if not line:
            continue
        command = Command(number, line, base)
        if not command.name:
            warn(f"{name}:{number}: an id without a command")
            continue
        commands.append(command)
        pending = command if command.id is not None else None
    return commands


def warn(message):
    """A message on stderr."""
    print(message, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# The engine


class EngineError(Exception):
    """No usable reply: a timeout, the engine gone, or a reply that is not GTP."""


class Engine:
    """One GTP engine process. Its stdout is read by a thread into a queue (so a reply is
    awaited with a deadline), its stderr drained by another (its last lines kept)."""

    def __init__(self, argv):
        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            errors="replace",
            bufsize=1,
            start_new_session=True,  # its own process group: a kill reaches its children
        )
        self.lines = queue.Queue()
        self.stderr_tail = collections.deque(maxlen=STDERR_TAIL)
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    def _read_stdout(self):
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _drain_stderr(self):
        for line in self.process.stderr:
            self.stderr_tail.append(line.rstrip())

    def alive(self):
        """Whether the process is still running."""
        return self.process.poll() is None

    def send(self, wire, timeout):
        """Sends one command line; returns `(ok, text)`: whether the reply was `=` (else `?`)
        and its text without the status and id. Raises EngineError on a timeout, an exit or a
        malformed reply."""
        try:
            self.process.stdin.write(wire + "\n")
            self.process.stdin.flush()
        except OSError:
            raise EngineError(self.exit_message()) from None
        lines = self._read_reply(time.monotonic() + timeout)
        return parse_reply(lines, wire)

    def _read_reply(self, deadline):
        """The non-empty lines of one reply (up to the blank line that ends it)."""
        lines = []
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise EngineError("timeout") from None
            if line is None:
                raise EngineError(self.exit_message())
            line = line.rstrip("\r\n")
            if line.strip():
                lines.append(line)
            elif lines:
                return lines

    def exit_message(self):
        """`engine exited (status N)` and the last lines of its stderr."""
        try:
            status = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            status = "unknown"
        tail = " | ".join(self.stderr_tail)
        return f"engine exited (status {status})" + (f": {tail}" if tail else "")

    def kill(self):
        """Kills the engine's process group and waits for it."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.process.wait()

    def close(self):
        """Sends `quit`, then kills the engine if it has not exited."""
        if self.alive():
            try:
                self.send("quit", QUIT_SECONDS)
            except EngineError:
                pass
        try:
            self.process.wait(timeout=QUIT_SECONDS)
        except subprocess.TimeoutExpired:
            pass
        self.kill()


def parse_reply(lines, wire):
    """`(ok, text)` of a reply's lines: `=` or `?`, then the command's id when it had one."""
    match = re.fullmatch(r"([=?])(\d*)(.*)", lines[0], re.DOTALL)
    sent_id = wire.split()[0] if wire.split()[0].isdigit() else ""
    if not match or match.group(2) != sent_id:
        raise EngineError("malformed reply: " + collapse(" ".join(lines))[:200])
    text = "\n".join([match.group(3).strip(), *lines[1:]]).strip()
    return match.group(1) == "=", text


class Session:
    """The engine as the files see it: started when needed, restarted after a timeout or an
    exit with the position replayed."""

    def __init__(self, argv, timeout):
        self.argv = argv
        self.timeout = timeout
        self.engine = None

    def send(self, wire, history):
        """Sends a command (restarting the engine first when it is not running, the setup
        commands `history` replayed); `(ok, text)`, or EngineError, after which the engine is
        stopped (killed on a timeout) to be restarted by the next command."""
        try:
            if self.engine is None or not self.engine.alive():
                self.restart(history)
            return self.engine.send(wire, self.timeout)
        except EngineError:
            self.stop()
            raise

    def restart(self, history):
        """A fresh engine with the replay of `history` sent; an error reply is warned about,
        a lost engine raises EngineError."""
        self.stop()
        self.engine = Engine(self.argv)
        for command in replay_commands(history):
            try:
                ok, text = self.engine.send(command.wire, self.timeout)
            except EngineError as e:
                raise EngineError(f"replaying '{command.text}' after a restart: {e}") from None
            if not ok:
                warn(f"replaying '{command.text}' after a restart: ? {text}")

    def stop(self):
        """Kills the engine, if there is one."""
        if self.engine is not None:
            self.engine.kill()
            self.engine = None

    def close(self):
        """Quits the engine, if there is one."""
        if self.engine is not None:
            self.engine.close()
            self.engine = None


def replay_commands(history):
    """The setup commands that rebuild the position of `history` (a file's setup commands that
    succeeded so far) on a fresh engine: those from the last reset on, after the last
    `boardsize` and `komi` before it."""
    start = max((i for i, c in enumerate(history) if c.name in RESETS), default=0)
    kept = {c.name: i for i, c in enumerate(history[:start]) if c.name in KEPT_ACROSS_RESETS}
    return [history[i] for i in sorted(kept.values())] + history[start:]


# ---------------------------------------------------------------------------------------------
# Running the files


def outcome_of(passed, known_failure):
    """gogui-regress's name of a test's outcome."""
    if passed:
        return "PASS" if known_failure else "pass"
    return "fail" if known_failure else "FAIL"


def run_test(session, tst, command, history):
    """Sends one test; its result row."""
    start = time.monotonic()
    try:
        ok, reply = session.send(command.wire, history)
        error = None if ok else f"? {reply}"
    except EngineError as e:
        reply, error = None, str(e)
    seconds = time.monotonic() - start
    expected = command.expected
    passed = error is None and expected.passes(reply)
    return {
        "file": tst.name,
        "line": command.line,
        "id": command.id,
        "command": command.text,
        "expected": expected.pattern,
        "known_failure": expected.known_failure,
        "reply": reply,
        "error": error,
        "outcome": "ignored" if expected.ignored else outcome_of(passed, expected.known_failure),
        "seconds": round(seconds, 3),
    }


def run_setup(session, tst, command, history):
    """Sends one setup command; appended to `history` when it succeeds, warned about if not."""
    try:
        ok, text = session.send(command.wire, history)
    except EngineError as e:
        warn(f"{tst.name}:{command.line}: {command.text}: {e}")
        return
    if ok:
        history.append(command)
    else:
        warn(f"{tst.name}:{command.line}: {command.text}: ? {text}")


def run_file(session, tst, wanted, report):
    """Runs a file's commands up to its last wanted test (`wanted`: the set of `(file, id)`
    to run); every result row goes to `report`."""
    keys = [key(tst, c) for c in tst.commands]
    last = max((i for i, k in enumerate(keys) if k in wanted), default=-1)
    history = []
    for command, k in zip(tst.commands[: last + 1], keys):
        if not command.is_test:
            run_setup(session, tst, command, history)
        elif k in wanted:
            report(run_test(session, tst, command, history))


def key(tst, command):
    """The key of a test in filters and results: `(file name, id)` (None for a non-test)."""
    return (tst.name, command.id) if command.is_test else None


def select(files, pattern, limit, seed):
    """The `(file, id)` keys of the tests to run: those whose `file:id` matches `pattern`, then
    the first `limit` of them (of a shuffle by `seed` when given, else in file order)."""
    keys = [
        (f.name, c.id)
        for f in files
        for c in f.tests()
        if pattern is None or re.search(pattern, f"{f.name}:{c.id}")
    ]
    if seed is not None:
        random.Random(seed).shuffle(keys)
    if limit is not None:
        keys = keys[:limit]
    return set(keys)


def read_results(path):
    """The result rows of a JSON Lines file (a torn last line dropped)."""
    rows = []
    for line in Path(path).read_text().splitlines():
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            pass
    return rows


def run(files, argv, timeout, wanted, json_path=None, earlier=()):
    """Runs the wanted tests not among the `earlier` rows; returns every wanted row, earlier
    ones included. Rows are appended to `json_path` as they come, progress goes to stderr."""
    rows = [r for r in earlier if (r["file"], r["id"]) in wanted]
    todo = wanted - {(r["file"], r["id"]) for r in rows}
    out = open(json_path, "a") if json_path else None
    started = time.monotonic()

    def report(row):
        rows.append(row)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
        note = f" ({row['error']})" if row["error"] else ""
        warn(
            f"[{len(rows)}/{len(wanted)} {time.monotonic() - started:.0f} s] "
            f"{row['file']}:{row['id']} {row['command']}: {row['outcome']}, "
            f"[{row['expected']}] {collapse(row['reply'] or '')!r}{note}"
        )

    session = Session(argv, timeout)
    try:
        for tst in files:
            run_file(session, tst, todo, report)
    finally:
        session.close()
        if out:
            out.close()
    return rows


# ---------------------------------------------------------------------------------------------
# The summary


def counts(rows):
    """A summary row's numbers: tests (not `&`), each outcome, errors, timeouts, seconds."""
    counted = [r for r in rows if r["outcome"] != "ignored"]
    row = {"tests": len(counted)}
    row.update({o: sum(r["outcome"] == o for r in counted) for o in OUTCOMES})
    row["errors"] = sum(r["error"] not in (None, "timeout") for r in counted)
    row["timeouts"] = sum(r["error"] == "timeout" for r in counted)
    row["seconds"] = sum(r["seconds"] for r in counted)
    return row


def summary(rows, names):
    """The summary as Markdown: a row per file (in `names`' order) and the total, the tests
    not counted (`&`), then every unexpected result (FAIL, then PASS)."""
    lines = [
        "| file | tests | pass | FAIL | PASS | fail | errors | timeouts | seconds |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name in [*names, "total"]:
        c = counts([r for r in rows if name in ("total", r["file"])])
        lines.append(
            f"| {name} | {c['tests']} | {c['pass']} | {c['FAIL']} | {c['PASS']} | {c['fail']} | "
            f"{c['errors']} | {c['timeouts']} | {c['seconds']:.1f} |"
        )
    ignored = sum(r["outcome"] == "ignored" for r in rows)
    if ignored:
        lines.append(f"\n{ignored} tests marked `&` run and not counted.")
    order = {name: i for i, name in enumerate(names)}
    for outcome, title in (("FAIL", "Unexpected failures"), ("PASS", "Unexpected passes")):
        chosen = sorted(
            (r for r in rows if r["outcome"] == outcome),
            key=lambda r: (order[r["file"]], r["line"]),
        )
        if chosen:
            lines.append(f"\n{title} ({outcome}, {len(chosen)}):\n")
            for r in chosen:
                got = r["error"] if r["error"] else repr(collapse(r["reply"]))
                lines.append(f"- {r['file']}:{r['id']} {r['command']}: [{r['expected']}], {got}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Command line


def parse_args(argv):
    """The options (argparse exits with status 2 on a usage error)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", metavar="FILE.tst", help="GTP regression files")
    parser.add_argument("--engine", required=True, help="the engine's command line")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per command")
    parser.add_argument("--filter", help="only the tests whose `file:id` matches this regex")
    parser.add_argument("--limit", type=int, help="only the first N tests")
    parser.add_argument("--seed", type=int, help="shuffle the tests (for --limit) with this seed")
    parser.add_argument("--json", help="every result as a JSON line to this file")
    parser.add_argument(
        "--resume", action="store_true", help="keep the results in --json, run the others"
    )
    args = parser.parse_args(argv)
    if args.resume and not args.json:
        parser.error("--resume needs --json")
    if args.timeout <= 0:
        parser.error("--timeout must be positive")
    try:
        args.engine_argv = shlex.split(args.engine)
        if args.filter is not None:
            re.compile(args.filter)
    except (ValueError, re.error) as e:
        parser.error(str(e))
    if not args.engine_argv:
        parser.error("--engine is empty")
    missing = [f for f in args.files if not Path(f).is_file()]
    if missing:
        parser.error("no such file: " + ", ".join(missing))
    return args


def main(argv=None):
    """Runs the files and prints the summary; the exit status (0, or 2 on a usage error)."""
    args = parse_args(argv)
    files = [TstFile(f) for f in args.files]
    wanted = select(files, args.filter, args.limit, args.seed)
    earlier = []
    if args.json:
        if args.resume and Path(args.json).is_file():
            earlier = read_results(args.json)
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text("".join(json.dumps(r) + "\n" for r in earlier))
    try:
        rows = run(files, args.engine_argv, args.timeout, wanted, args.json, earlier)
    except OSError as e:
        print(f"error: cannot start the engine '{args.engine}': {e}", file=sys.stderr)
        return 2
    print(summary(rows, [f.name for f in files]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
