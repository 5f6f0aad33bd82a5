#!/usr/bin/env python3
"""Tests of scripts/gtp_regress.py on made-up `.tst` and `.sgf` texts (none of GNU Go's files)
and a fake GTP engine written by the tests: the parser, the expected answers, the outcomes,
the restart and replay after a timeout or a crash, the options, the summary and the JSON
lines; then one small file against the real GNU Go when it is installed.

    python3 scripts/test_gtp_regress.py
"""

import contextlib
import io
import json
import os
import shlex
import shutil
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gtp_regress as gr  # noqa: E402

# The fake engine. It logs every line it reads (and `start` when it starts) to the file named
# by its argument; `where` answers the loaded file's name, its move count and the komi.
FAKE_ENGINE = r"""
import os, sys, time
log = open(sys.argv[1], "a", buffering=1)
log.write("start\n")
position, moves, komi = "empty", 0, "0"

def reply(id, ok, text=""):
    sys.stdout.write(("=" if ok else "?") + id + (" " + text if text else "") + "\n\n")
    sys.stdout.flush()

for line in sys.stdin:
    log.write(line)
    words = line.split()
    id = words.pop(0) if words[0].isdigit() else ""
    name, args = words[0], words[1:]
    if name == "loadsgf":
        if not os.path.isfile(args[0]):
            reply(id, False, "cannot open file")
            continue
        position, moves = os.path.basename(args[0]), int(args[1])
    elif name in ("boardsize", "clear_board"):
        position, moves = "empty", 0
    elif name == "play":
        moves += 1
    elif name == "komi":
        komi = args[0]
    elif name == "where":
        reply(id, True, f"{position} {moves} {komi}")
        continue
    elif name == "echo":
        reply(id, True, " ".join(args))
        continue
    elif name == "sleep":
        time.sleep(float(args[0]))
    elif name == "crash":
        sys.stderr.write("fake engine: crashing\n")
        sys.exit(3)
    elif name == "garbage":
        sys.stdout.write("nonsense\n\n")
        sys.stdout.flush()
        continue
    elif name == "multiline":
        sys.stdout.write(f"={id} first\n  second   line\n\n")
        sys.stdout.flush()
        continue
    elif name == "noisy":
        sys.stderr.write("x" * 1000000)
    elif name == "quit":
        reply(id, True)
        break
    else:
        reply(id, False, "unknown command")
        continue
    reply(id, True)
"""

# A made-up game: the fake engine only checks that the file is there.
SGF = "(;GM[1]FF[4]SZ[9];B[cc];W[dc];B[ee];W[ff])\n"

# A made-up suite for the fake engine: every outcome, an error reply, a timeout, a crash and a
# malformed reply, each followed by a test that needs the position replayed.
SUITE_A = """\
# A made-up suite.
boardsize 9
komi 5.5
loadsgf games/one.sgf 3
play B C3
1 where
#? [one.sgf 4 5.5]

2 echo 1 G7
#? [1 (G4|G7|B6)]
3 echo 0
#? [!0]*
4 echo 1 A1
#? [!0]*
5 echo 2
#? [3]
6 bogus
#? [.*]
7 sleep 5
#? [.*]
play W D4
8 where
#? [one.sgf 5 5.5]
9 crash
#? [.*]*
10 where
#? [one.sgf 5 5.5]
11 garbage
#? [.*]
12 multiline
#? [first second line]
13 noisy
#? []
14 echo anything
#? [x]&
"""

SUITE_B = """\
boardsize 19
20 where
#? [empty 0 .*]
21 echo x   # an inline comment
#? [x]
"""


class ParseTest(unittest.TestCase):
    """The `.tst` reader and the expected answers."""

    TEXT = """\
# comment
loadsgf games/x.sgf 12
loadsgf /abs/y.sgf
263 owl_defend M13
#? [1 R11]*
264 owl_attack D18

#? [2 A18]&
265 owl_attack S15
# a comment: 265 is no test
#? [1 S16]
266 owl_defend C15
#? [!0]
267 dragon_status B2
#? bad
268 genmove b
"""

    def setUp(self):
        with contextlib.redirect_stderr(io.StringIO()) as err:
            self.commands = gr.parse_tst(self.TEXT, "/base/dir", "t.tst")
        self.warnings = err.getvalue()
        self.by_id = {c.id: c for c in self.commands if c.id is not None}

    def test_commands_and_tests(self):
        self.assertEqual(len(self.commands), 8)
        self.assertEqual([c.id for c in self.commands if c.is_test], [263, 264, 266])
        first = self.by_id[263]
        self.assertEqual(
            (first.line, first.text, first.wire), (4, "owl_defend M13", "263 owl_defend M13")
        )
        self.assertTrue(first.expected.known_failure)
        self.assertTrue(self.by_id[264].expected.ignored)
        self.assertFalse(self.by_id[265].is_test)
        self.assertFalse(self.by_id[267].is_test)
        self.assertIn("t.tst:15: not of the form [REGEX]", self.warnings)
        self.assertFalse(self.by_id[268].is_test)
        negated = self.by_id[266].expected
        self.assertEqual((negated.pattern, negated.regex, negated.negate), ("!0", "0", True))

    def test_loadsgf_paths(self):
        self.assertEqual(self.commands[0].wire, "loadsgf /base/dir/games/x.sgf 12")
        self.assertEqual(self.commands[0].text, "loadsgf games/x.sgf 12")
        self.assertEqual(self.commands[1].wire, "loadsgf /abs/y.sgf")

    def test_expectations(self):
        alternatives = gr.Expectation("[1 (G4|G7|B6)]")
        self.assertTrue(alternatives.passes("1 G7"))
        self.assertTrue(alternatives.passes(" 1   G4\n"))
        self.assertFalse(alternatives.passes("1 G77"))
        self.assertFalse(alternatives.passes("0"))
        negated = gr.Expectation("[!0]")
        self.assertTrue(negated.passes("1 A1"))
        self.assertFalse(negated.passes("0"))
        self.assertFalse(gr.Expectation("[(]").passes("("))
        self.assertTrue(gr.Expectation("[1 [A-H]1] *").known_failure)
        self.assertTrue(gr.Expectation("[1 [A-H]1]").passes("1 C1"))
        with self.assertRaises(ValueError):
            gr.Expectation("1 A1")

    def test_replay(self):
        history = gr.parse_tst(
            "boardsize 9\nkomi 6.5\nplay B A1\nclear_board\nplay B C3\nplay W D4\n", "/"
        )
        replay = [c.text for c in gr.replay_commands(history)]
        self.assertEqual(
            replay, ["boardsize 9", "komi 6.5", "clear_board", "play B C3", "play W D4"]
        )
        loaded = gr.parse_tst("boardsize 9\nplay B A1\nloadsgf a.sgf\nplay B C3\n", "/")
        self.assertEqual(
            [c.text for c in gr.replay_commands(loaded)],
            ["boardsize 9", "loadsgf a.sgf", "play B C3"],
        )


class FakeEngineTest(unittest.TestCase):
    """Whole runs against the fake engine."""

    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.dir = Path(tmp.name)
        (self.dir / "suite").mkdir()
        (self.dir / "suite" / "games").mkdir()
        (self.dir / "suite" / "games" / "one.sgf").write_text(SGF)
        self.a = self.dir / "suite" / "a.tst"
        self.a.write_text(SUITE_A)
        self.b = self.dir / "suite" / "b.tst"
        self.b.write_text(SUITE_B)
        fake = self.dir / "fake_engine.py"
        fake.write_text(FAKE_ENGINE)
        self.log = self.dir / "engine.log"
        self.engine = shlex.join([sys.executable, str(fake), str(self.log)])
        self.json = self.dir / "out" / "results.jsonl"

    def run_main(self, *args):
        """main() with the fake engine: `(status, stdout, stderr)`."""
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = gr.main(["--engine", self.engine, "--json", str(self.json), *args])
        return status, out.getvalue(), err.getvalue()

    def results(self):
        """The JSON lines written, by id."""
        return {r["id"]: r for r in map(json.loads, self.json.read_text().splitlines())}

    def engine_log(self):
        """The lines the fake engines read (and a `start` per engine)."""
        return self.log.read_text().splitlines()

    def test_full_run(self):
        status, out, err = self.run_main("--timeout", "1", str(self.a), str(self.b))
        self.assertEqual(status, 0)
        rows = self.results()
        outcomes = {i: r["outcome"] for i, r in rows.items()}
        self.assertEqual(
            outcomes,
            {
                1: "pass",
                2: "pass",
                3: "fail",
                4: "PASS",
                5: "FAIL",
                6: "FAIL",
                7: "FAIL",
                8: "pass",
                9: "fail",
                10: "pass",
                11: "FAIL",
                12: "pass",
                13: "pass",
                14: "ignored",
                20: "pass",
                21: "pass",
            },
        )
        self.assertEqual(rows[6]["error"], "? unknown command")
        self.assertEqual(rows[7]["error"], "timeout")
        self.assertLess(rows[7]["seconds"], 3)
        self.assertTrue(rows[9]["error"].startswith("engine exited (status 3)"), rows[9]["error"])
        self.assertIn("fake engine: crashing", rows[9]["error"])
        self.assertTrue(rows[11]["error"].startswith("malformed reply: nonsense"))
        self.assertEqual(rows[12]["reply"], "first\n  second   line")
        fields = ("file", "id", "command", "expected", "known_failure", "reply")
        self.assertEqual(
            {k: rows[4][k] for k in fields},
            {
                "file": "a.tst",
                "id": 4,
                "command": "echo 1 A1",
                "expected": "!0",
                "known_failure": True,
                "reply": "1 A1",
            },
        )
        self.assertIsInstance(rows[4]["seconds"], float)
        self.assertEqual(rows[21]["command"], "echo x")
        # One start, then a restart after the timeout, the crash and the malformed reply, each
        # replaying the setup from the last reset (with the boardsize and komi before it).
        log = self.engine_log()
        self.assertEqual(log.count("start"), 4)
        sgf = self.dir / "suite" / "games" / "one.sgf"
        self.assertEqual(log.count(f"loadsgf {sgf} 3"), 4)
        self.assertEqual(log.count("play W D4"), 3)
        self.assertEqual(log.count("7 sleep 5"), 1)
        self.assertIn("| a.tst | 13 | 6 | 4 | 1 | 2 | 3 | 1 |", out)
        self.assertIn("| b.tst | 2 | 2 | 0 | 0 | 0 | 0 | 0 |", out)
        self.assertIn("| total | 15 | 8 | 4 | 1 | 2 | 3 | 1 |", out)
        self.assertIn("1 tests marked `&` run and not counted.", out)
        self.assertIn("- a.tst:5 echo 2: [3], '2'", out)
        self.assertIn("- a.tst:4 echo 1 A1: [!0], '1 A1'", out)
        self.assertIn("a.tst:7 sleep 5: FAIL", err)

    def test_filter_sends_setup_only_up_to_the_last_test(self):
        status, _, _ = self.run_main(
            "--timeout", "1", "--filter", r"a\.tst:(1|8)$", str(self.a), str(self.b)
        )
        self.assertEqual(status, 0)
        rows = self.results()
        self.assertEqual({i: r["outcome"] for i, r in rows.items()}, {1: "pass", 8: "pass"})
        log = self.engine_log()
        self.assertEqual(log.count("start"), 1)
        self.assertIn("play W D4", log)
        self.assertNotIn("7 sleep 5", log)
        self.assertNotIn("9 crash", log)
        self.assertNotIn("boardsize 19", log)  # b.tst has no test selected

    def test_limit_and_seed(self):
        self.run_main("--limit", "3", str(self.a), str(self.b))
        self.assertEqual(sorted(self.results()), [1, 2, 3])
        tests = [gr.TstFile(self.a), gr.TstFile(self.b)]
        sampled = gr.select(tests, None, 4, 7)
        self.assertEqual(len(sampled), 4)
        self.assertEqual(sampled, gr.select(tests, None, 4, 7))
        self.assertEqual(gr.select(tests, "b.tst", None, None), {("b.tst", 20), ("b.tst", 21)})

    def test_resume(self):
        self.run_main("--filter", r":(1|2)$", str(self.a))
        self.log.unlink()
        status, out, _ = self.run_main(
            "--resume", "--filter", r":(1|2|3|20)$", str(self.a), str(self.b)
        )
        self.assertEqual(status, 0)
        self.assertEqual(sorted(self.results()), [1, 2, 3, 20])
        log = self.engine_log()
        self.assertNotIn("1 where", log)
        self.assertIn("3 echo 0", log)
        self.assertIn("| total | 4 | 3 | 0 | 0 | 1 | 0 | 0 |", out)

    def test_usage_errors(self):
        for args in (
            [str(self.a)],
            ["--engine", self.engine, str(self.dir / "missing.tst")],
            ["--engine", self.engine, "--resume", str(self.a)],
            ["--engine", self.engine, "--filter", "(", str(self.a)],
        ):
            with self.subTest(args=args), contextlib.redirect_stderr(io.StringIO()):
                with self.assertRaises(SystemExit) as raised:
                    gr.main(args)
                self.assertEqual(raised.exception.code, 2)
        with contextlib.redirect_stderr(io.StringIO()) as err:
            status = gr.main(["--engine", str(self.dir / "no-such-engine"), str(self.a)])
        self.assertEqual(status, 2)
        self.assertIn("cannot start the engine", err.getvalue())


def find_gnugo():
    """GNU Go's path, or None."""
    found = shutil.which("gnugo")
    if found:
        return found
    return "/usr/games/gnugo" if os.access("/usr/games/gnugo", os.X_OK) else None


# A made-up file for GNU Go: liberties counted after moves, then in a loaded game.
SUITE_GNUGO = """\
boardsize 9
clear_board
play B C3
play W C4
play W D3
10 countlib C3
#? [2]
11 countlib C3
#? [!2]*
loadsgf games/tiny.sgf
20 countlib C7
#? [3]
21 is_legal B D7
#? [!1]
"""


@unittest.skipUnless(find_gnugo(), "GNU Go is not installed")
class GnuGoTest(unittest.TestCase):
    """A small handwritten file against the real GNU Go."""

    def test_countlib(self):
        with tempfile.TemporaryDirectory() as tmp:
            tst = Path(tmp) / "mine.tst"
            tst.write_text(SUITE_GNUGO)
            (Path(tmp) / "games").mkdir()
            (Path(tmp) / "games" / "tiny.sgf").write_text("(;GM[1]FF[4]SZ[9];B[cc];W[dc])\n")
            out = io.StringIO()
            engine = shlex.join([find_gnugo(), "--mode", "gtp", "--quiet"])
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
                status = gr.main(["--engine", engine, str(tst)])
        self.assertEqual(status, 0)
        self.assertIn("| mine.tst | 4 | 3 | 0 | 0 | 1 | 0 | 0 |", out.getvalue())


if __name__ == "__main__":
    unittest.main()
