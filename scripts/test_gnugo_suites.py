#!/usr/bin/env python3
"""Tests of scripts/gnugo_suites.py on made-up `.tst` snippets (none of GNU Go's files) and a
fake `tsumego-studio owl` written by the tests: the parser, the reading of expected answers,
and the classification and report of our run.

    python3 scripts/test_gnugo_suites.py
"""

import json
import os
import stat
import sys
import tempfile
import unittest
from unittest import mock
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gnugo_suites as gs  # noqa: E402

# A made-up suite: two positions, setup moves, every kind of expected answer.
SNIPPET = """\
# A made-up suite.
loadsgf games/one.sgf 12
1 owl_attack C3
#? [1 (B2|D4)]
2 owl_defend C3
#? [0]
3 owl_attack E5
#? [2 E6]*
# A comment between a test and its answer is allowed.
4 owl_defend E5
# why
#? [!0]
5 owl_does_attack B2 C3
#? [1]
play white B1
black A1
6 dragon_status C3
#? [critical (A2|B2) B2]
7 dragon_status E5
#? [alive]&

loadsgf games/two.sgf
komi 0.5
8 dragon_status Q16
#? [dead]
9 owl_attack Q16
#? [(2|3) R17]
10 owl_attack R3
#? [!1 S2]
11 owl_defend R3
"""


class ParseTest(unittest.TestCase):
    """The `.tst` reader on the snippet."""

    def setUp(self):
        self.cases, self.stats = gs.parse_tst(SNIPPET, "made-up")
        self.by_number = {c["number"]: c for c in self.cases}

    def test_counts(self):
        self.assertEqual(sorted(self.by_number), [1, 2, 4, 6, 8, 9, 10])
        self.assertEqual(self.stats["tests"], 10)
        self.assertEqual(self.stats["known_failures"], 1)
        self.assertEqual(self.stats["unchecked"], 1)
        self.assertEqual(self.stats["no_answer"], 1)
        self.assertEqual(self.stats["skipped_commands"], {"owl_does_attack": 1, "komi": 1})

    def test_positions(self):
        first, sixth, eighth = self.by_number[1], self.by_number[6], self.by_number[8]
        self.assertEqual((first["sgf"], first["move"], first["plays"]), ("games/one.sgf", 12, []))
        self.assertEqual(sixth["plays"], [["white", "B1"], ["black", "A1"]])
        self.assertEqual(
            (eighth["sgf"], eighth["move"], eighth["plays"]), ("games/two.sgf", None, [])
        )
        self.assertEqual(
            gs.setup_commands(sixth), ["loadsgf games/one.sgf 12", "play white B1", "play black A1"]
        )

    def test_claims(self):
        claims = {n: c["claim"] for n, c in self.by_number.items()}
        self.assertEqual(
            claims,
            {
                1: "works",
                2: "fails",
                4: "works",
                6: "critical",
                8: "dead",
                9: "works-ko",
                10: "open",
            },
        )
        self.assertTrue(self.by_number[4]["negate"])
        self.assertEqual(self.by_number[4]["expected"], "0")

    def test_answers_as_regress_awk_reads_them(self):
        self.assertTrue(gs.answer_matches("1 (B2|D4)", False, "1 D4"))
        self.assertFalse(gs.answer_matches("1 (B2|D4)", False, "1 D44"))
        self.assertTrue(gs.answer_matches("0", True, "1 A1"))
        self.assertFalse(gs.answer_matches("0", True, "0"))
        self.assertEqual(gs.expected_codes("(2|3) R17", False), {2, 3})
        self.assertEqual(gs.expected_statuses("critical (A2|B2) B2", False), {"critical"})


# The fake `tsumego-studio owl`: its answers, by the target point and direction.
FAKE_OWL = r"""#!/usr/bin/env python3
import json, sys
args = sys.argv[1:]
assert args[0] == "owl" and "--json" in args and "--secs" in args
side = "attack" if "--attack" in args else "defend"
point = args[args.index("--" + side) + 1]
answers = json.loads(open(__file__ + ".json").read())
answer = answers.get(point + " " + side)
if answer is None:
    sys.exit("fake owl: no answer for " + point + " " + side)
code = answer[2] if len(answer) > 2 else None
print(json.dumps({"result": answer[0], "move": answer[1], "gnugo": code, "seconds": 0.5}))
"""


class OursTest(unittest.TestCase):
    """Our run's classification and report against the fake engine."""

    def test_run_and_report(self):
        cases, _ = gs.parse_tst(SNIPPET, "ld_owl")
        cases = [c for c in cases if not c["plays"]]  # a derived position needs GNU Go
        answers = {
            "C3 attack": ["proven", "d4"],  # 1: agrees, a move the suite accepts
            "C3 defend": ["proven", "C4"],  # 2: the suite says defence fails: contradicts
            "E5 defend": ["unknown", None],  # 4: unknown
            "Q16 defend": ["disproven", None],  # 8: dead: agrees
            "Q16 attack": ["ko", "S18", 2],  # 9: a ko answer, ours works: agrees, other move
            "R3 attack": ["proven", "S2"],  # 10: no claim
        }
        with tempfile.TemporaryDirectory() as tmp:
            fake = Path(tmp) / "fake-owl"
            fake.write_text(FAKE_OWL)
            fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
            Path(str(fake) + ".json").write_text(json.dumps(answers))
            patch = mock.patch.dict(os.environ, {"TSUMEGO_CACHE": tmp})
            patch.start()
            self.addCleanup(patch.stop)
            results_path = Path(tmp) / "ours.jsonl"
            search = gs.product_searcher(str(fake), Path(tmp), 1.0)
            results = gs.run_ours(cases, search, 2, results_path)
            by_number = {r["number"]: r for r in results}
            outcomes = {n: r["outcome"] for n, r in by_number.items()}
            self.assertEqual(
                outcomes,
                {
                    1: "agrees",
                    2: "contradicts",
                    4: "unknown",
                    8: "agrees",
                    9: "agrees",
                    10: "no-claim",
                },
            )
            self.assertEqual((by_number[1]["move"], by_number[1]["move_ok"]), ("D4", True))
            self.assertEqual((by_number[9]["ko"], by_number[9]["move_ok"]), (True, False))
            self.assertEqual(by_number[2]["ours"], "works")
            self.assertEqual(by_number[9]["ours"], "works by ko (code 2)")
            # A second run resumes: nothing is searched again (the fake would now fail).
            Path(str(fake) + ".json").write_text("{}")
            again = gs.run_ours(cases, search, 1, results_path)
            self.assertEqual(sorted(r["number"] for r in again), sorted(by_number))
            report = gs.ours_report(cases, results, "the fake", len(cases))
            self.assertIn("| ld_owl | 6 | 3 | 1 | 1 | 0 | 1 | 1 | 1 of 2 |", report)
            self.assertIn("- 1: (none given)", report)
            self.assertIn(
                "| ld_owl:2 | owl_defend | games/one.sgf | 12 | C3 | `[0]` | works | C4 |", report
            )
            # An engine that fails is an error, not an answer.
            broken = gs.run_owl(
                [str(fake), "owl", "x.sgf", "--attack", "A1", "--secs", "1", "--json"], 1
            )
            self.assertIn("no answer for A1 attack", broken["error"])

    def test_dragon_status_both_directions(self):
        case = {
            "command": "dragon_status",
            "claim": "critical",
            "expected": "critical (A2|B2) B2",
            "negate": False,
        }
        self.assertEqual(gs.directions(case), ["attack", "defend"])
        proven = {
            "attack": {"result": "proven", "move": "A2"},
            "defend": {"result": "proven", "move": "B2"},
        }
        self.assertEqual(gs.classify(case, proven), ("agrees", "critical", "A2 B2", True))
        alive = {
            "attack": {"result": "disproven", "move": None},
            "defend": {"result": "proven", "move": "C1"},
        }
        self.assertEqual(gs.classify(case, alive)[:2], ("contradicts", "alive"))
        alive_claim = {**case, "claim": "alive"}
        self.assertEqual(gs.directions(alive_claim), ["attack"])
        attack_works = {"attack": {"result": "proven", "move": "A2"}}
        self.assertEqual(gs.classify(alive_claim, attack_works)[0], "contradicts")
        by_ko = {"attack": {"result": "proven", "move": "A2", "ko_code": 3}}
        self.assertEqual(
            gs.classify(alive_claim, by_ko),
            ("contradicts", "not alive (attack works) by ko", "A2", None),
        )


# A fake GNU Go: answers `loadsgf` and `play` with nothing, and the tests as listed; `boom`
# fails as GTP does.
FAKE_GTP = r"""#!/usr/bin/env python3
import sys
answers = {"owl_attack C3": "1 B2", "owl_defend C3": "1 C4", "owl_defend E5": "0"}
for line in sys.stdin:
    command = line.strip()
    if command == "quit":
        print("= \n", flush=True)
        break
    if command.startswith(("loadsgf", "play")):
        print("= \n", flush=True)
    elif command in answers:
        print("= " + answers[command] + "\n", flush=True)
    else:
        print("? unknown command\n", flush=True)
"""


class GnugoTest(unittest.TestCase):
    """The reference run's GTP exchange and comparison against a fake GNU Go."""

    def test_reference_run(self):
        cases, _ = gs.parse_tst(SNIPPET, "made-up")
        cases = [c for c in cases if c["number"] in (1, 2, 4, 8)]
        with tempfile.TemporaryDirectory() as tmp:
            fake = Path(tmp) / "fake-gnugo"
            fake.write_text(FAKE_GTP)
            fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
            with mock.patch.dict(os.environ, {"GNUGO": str(fake)}):
                results = gs.run_gnugo(cases, Path(tmp), 1)
        got = {r["number"]: (r["answer"], r["passed"]) for r in results}
        # 1 passes, 2 answers a defence where the suite wants 0, 4 answers 0 against [!0],
        # 8 is unknown to the fake: a GTP failure.
        self.assertEqual(
            got, {1: ("1 B2", True), 2: ("1 C4", False), 4: ("0", False), 8: (None, False)}
        )
        self.assertIn("unknown command", results[3]["error"])

    def test_gnugo_in_the_place_of_owl(self):
        cases, _ = gs.parse_tst(SNIPPET, "made-up")
        cases = [c for c in cases if c["number"] in (1, 2, 4)]
        with tempfile.TemporaryDirectory() as tmp:
            fake = Path(tmp) / "fake-gnugo"
            fake.write_text(FAKE_GTP)
            fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
            with mock.patch.dict(os.environ, {"GNUGO": str(fake)}):
                search = gs.gnugo_searcher(Path(tmp))
                results = gs.run_ours(cases, search, 1, Path(tmp) / "gnugo-owl.jsonl")
        got = {r["number"]: (r["outcome"], r["ours"], r["move"]) for r in results}
        self.assertEqual(
            got,
            {
                1: ("agrees", "works", "B2"),
                2: ("contradicts", "works", "C4"),
                4: ("contradicts", "fails", None),
            },
        )


if __name__ == "__main__":
    unittest.main()
