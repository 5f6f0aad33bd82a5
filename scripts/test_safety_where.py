#!/usr/bin/env python3
"""Tests of scripts/safety_where.py on made-up boards and reports (none of GNU Go's games):
the replay with captures, the generous two-eye ceiling, the root failure by the outside watch
and the summary; and of scripts/counted_games.py on made-up records.

    python3 scripts/test_safety_where.py
"""

import contextlib
import io
import json
import os
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import counted_games as cg  # noqa: E402
import safety_where as sw  # noqa: E402


def board_of(rows):
    """A board from rows of `X` (Black), `O` (White) and `.`, the first row on top."""
    board = {}
    for y, row in enumerate(rows):
        for x, c in enumerate(row.split()):
            if c in "XO":
                board[(x, y)] = "B" if c == "X" else "W"
    return board


class Replay(unittest.TestCase):
    def test_a_capture_removes_the_stone_and_a_pass_is_skipped(self):
        # White's stone at b2 (1, 1) surrounded by Black; the last Black move captures it.
        sgf = "(;SZ[5];B[ba];W[bb];B[ab];W[];B[cb];W[ee];B[bc])"
        board = sw.replay(sgf, 5)
        self.assertNotIn((1, 1), board)
        self.assertEqual(board[(1, 2)], "B")
        self.assertEqual(board[(4, 4)], "W")
        self.assertEqual(sum(1 for c in board.values() if c == "B"), 4)

    def test_points_are_named_as_gtp_names_them(self):
        self.assertEqual(sw.point("A19", 19), (0, 0))
        self.assertEqual(sw.point("J1", 19), (8, 18))
        self.assertEqual(sw.point("T10", 19), (18, 9))


class GenerousTwoEyes(unittest.TestCase):
    def test_a_block_with_two_regions_counts_and_one_with_one_does_not(self):
        # Every region counts, the one outside a group too: so on a 3x3 board of Black.
        two = board_of([". X X", "X X X", "X X ."])
        self.assertEqual(sw.generous_two_eyes(two, "B", 3), 7)
        one = board_of([". X X", "X X X", "X X X"])
        self.assertEqual(sw.generous_two_eyes(one, "B", 3), 0)

    def test_a_region_without_an_empty_point_is_no_eye(self):
        board = board_of([". X X", "X O X", "X X X"])
        self.assertEqual(sw.generous_two_eyes(board, "B", 3), 0)

    def test_a_region_beside_a_removed_block_counts_no_more(self):
        # The lone Black stone on the bottom row has one region (the White wall's side), so it
        # goes, and that region with it; the top block keeps its two corner points.
        board = board_of([". X . X", "X X X X", "O O O O", ". X . ."])
        self.assertEqual(sw.generous_two_eyes(board, "B", 4), 6)
        # With a third corner point for the lone stone's region to be needed: none left.
        board = board_of([". X X X", "X X X X", "O O O O", ". X . ."])
        self.assertEqual(sw.generous_two_eyes(board, "B", 4), 0)


class LargeEmptyRegions(unittest.TestCase):
    def test_a_large_empty_region_counts_twice_only_when_asked(self):
        # One Black block of eight stones with one region of eight empty points above it.
        board = board_of([". . . .", ". . . .", "X X X X", "X X X X"])
        self.assertEqual(sw.generous_two_eyes(board, "B", 4), 0)
        self.assertEqual(sw.generous_two_eyes(board, "B", 4, big=6), 8)
        self.assertEqual(sw.generous_two_eyes(board, "B", 4, big=9), 0)
        ((comp, chains, stones),) = sw.large_empty_regions(board, "B", 4)
        self.assertEqual((len(comp), chains, len(stones)), (8, 1, 8))

    def test_blocks_with_one_common_liberty_are_two_chains(self):
        # The region above is bounded by the two-stone block on the left and the one on the
        # right below it, which share only c2 (2, 2); White's stones hold no empty point.
        board = board_of([". . . .", ". . . .", "X X . .", "O O X X"])
        ((comp, chains, stones),) = sw.large_empty_regions(board, "B", 4)
        self.assertEqual((len(comp), chains, len(stones)), (10, 2, 4))
        # A region holding an opponent stone is not empty; a small one is not large.
        board = board_of([". . . .", ". O . .", "X X X X", "X X X X"])
        self.assertEqual(sw.large_empty_regions(board, "B", 4), [])
        self.assertEqual(sw.large_empty_regions(board_of([". X", "X X"]), "B", 2), [])


class RootWatch(unittest.TestCase):
    BOARD = board_of(
        [
            ". . X . .",
            "X X X O .",
            "O O X . .",
            ". . . . .",
            ". . . . .",
        ]
    )

    def area(self, liberties):
        return {
            "interior": ["A5", "B5"],
            "gap_points": [],
            "boundary_blocks": [
                {"stones": ["A4", "B4", "C4", "C5", "C3"], "external_liberties": liberties}
            ],
        }

    def test_a_defender_block_beside_the_region_with_one_liberty_inside_fails(self):
        board = dict(self.BOARD)
        board[(4, 0)] = "B"  # E5: liberties D5 (in the region) and E4 (outside)
        self.assertTrue(sw.root_watch_failure(board, "B", self.area(["D5", "C2"]), 5))
        # With E4 in the region too, E5 reaches outside no more.
        self.assertFalse(sw.root_watch_failure(board, "B", self.area(["D5", "C2", "E4"]), 5))

    def test_boundary_blocks_are_not_watched(self):
        self.assertFalse(sw.root_watch_failure(self.BOARD, "B", self.area(["D5", "C2"]), 5))


class Summary(unittest.TestCase):
    def test_the_summary_averages_over_the_games(self):
        with tempfile.TemporaryDirectory() as tmp:
            games, reports = Path(tmp, "games"), Path(tmp, "json")
            games.mkdir()
            reports.mkdir()
            (games / "game-01.sgf").write_text("(;SZ[5];B[aa];W[ee])")
            side = {
                "safe_points": 0,
                "areas": [
                    {
                        "interior": ["B5"],
                        "gap_points": [],
                        "boundary_blocks": [{"stones": ["A5"], "external_liberties": ["A4"]}],
                    }
                ],
                "left_out": [{"reason": "too_large", "points": 20}],
                "searched": {
                    "safe_points": 3,
                    "proven_stones": ["A5"],
                    "proven_territory": ["B5"],
                    "areas": ["safe"],
                },
            }
            white = {"safe_points": 0, "areas": [], "left_out": []}
            report = {"size": 5, "black": side, "white": white}
            (reports / "game-01.json").write_text(json.dumps(report))
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                sys.argv = ["safety_where.py", str(reports), str(games)]
                sw.main()
            text = out.getvalue()
            self.assertIn("1 games", text)
            lines = {l.rsplit(None, 1)[0].strip(): float(l.split()[-1]) for l in text.splitlines()[1:]}
            self.assertEqual(lines["stones on the board"], 2)
            self.assertEqual(lines["stones proven safe"], 1)
            self.assertEqual(lines["safe points (static and searched)"], 3)
            self.assertEqual(lines["areas <=15 safe"], 1)
            self.assertEqual(lines["areas <=15 safe: points"], 2)
            self.assertEqual(lines["zones left out: too_large: points"], 20)
            self.assertEqual(lines["stones bounding a small area"], 1)
            self.assertEqual(lines["stones bounding no area"], 1)


class CountedGames(unittest.TestCase):
    def test_only_counted_even_19x19_games_are_kept(self):
        self.assertEqual(cg.counted("(;SZ[19]RE[B+2.5];B[pd];W[dd])"), "B+2.5")
        self.assertEqual(cg.counted("(;RE[W+0.5];B[pd])"), "W+0.5")
        self.assertIsNone(cg.counted("(;SZ[19]RE[B+R];B[pd])"))
        self.assertIsNone(cg.counted("(;SZ[19]RE[W+Resign];B[pd])"))
        self.assertIsNone(cg.counted("(;SZ[19]RE[B+T];B[pd])"))
        self.assertIsNone(cg.counted("(;SZ[13]RE[B+2.5];B[dd])"))
        self.assertIsNone(cg.counted("(;SZ[19]HA[2]AB[dd][pp]RE[B+2.5];W[pd])"))
        self.assertIsNone(cg.counted("(;SZ[19]RE[B+2.5])"))
        self.assertIsNone(cg.counted("(;SZ[19]RE[B+2.5];B[pd];W[dd])", min_moves=3))
        self.assertEqual(cg.counted("(;SZ[19]RE[B+2.5];B[pd];W[dd];B[])", min_moves=3), "B+2.5")

    def test_a_seeded_sample_is_written_with_its_sources(self):
        with tempfile.TemporaryDirectory() as tmp:
            src, out = Path(tmp, "src"), Path(tmp, "out")
            (src / "a").mkdir(parents=True)
            for i in range(5):
                (src / "a" / f"g{i}.SGF").write_text(f"(;SZ[19]RE[B+{i}.5];B[pd];W[dd])")
            (src / "a" / "r.sgf").write_text("(;SZ[19]RE[B+R];B[pd])")
            with contextlib.redirect_stdout(io.StringIO()):
                cg.main([str(src), str(out), "--count", "3", "--seed", "7", "--min-moves", "2"])
            names = sorted(p.name for p in out.iterdir())
            self.assertEqual(names, ["game-01.sgf", "game-02.sgf", "game-03.sgf", "sources.txt"])
            lines = (out / "sources.txt").read_text().splitlines()
            self.assertEqual(len(lines), 3)
            self.assertTrue(all(l.split("\t")[2].startswith("a/g") for l in lines))
            again = Path(tmp, "again")
            with contextlib.redirect_stdout(io.StringIO()):
                cg.main([str(src), str(again), "--count", "3", "--seed", "7", "--min-moves", "2"])
            self.assertEqual((again / "sources.txt").read_text(), (out / "sources.txt").read_text())


if __name__ == "__main__":
    os.environ.pop("TSUMEGO_CACHE", None)
    unittest.main()
