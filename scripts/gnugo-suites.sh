#!/usr/bin/env bash
# GNU Go's life-and-death regression suites (ld_owl.tst, owl.tst, owl1.tst) as a benchmark of
# the open-boundary owl search. The suites are GPL files of GNU Go's source: they are fetched
# once from Debian's source package into ${TSUMEGO_CACHE:-$HOME/.cache/tsumego-studio}/gnugo-src/
# and read from there; the parsed cases and every result go to .../gnugo-suites/, never into
# the repository. The work is done by scripts/gnugo_suites.py (standard library only; its tests:
# scripts/test_gnugo_suites.py).
#
#   scripts/gnugo-suites.sh gnugo [--jobs J]    # fetch, parse, and the reference run: GNU Go
#                                               # itself on every case (a check of the parser)
#   scripts/gnugo-suites.sh ours [--secs S] [--jobs J] [--limit N] [--seed S] [--fresh]
#                                               # fetch, parse, and every case through
#                                               # `tsumego-studio owl` (default --secs 10), in
#                                               # a seeded order; an interrupted run resumes
#   scripts/gnugo-suites.sh ours --report-only  # the tables of the results so far
#   scripts/gnugo-suites.sh ours --tag T        # results kept apart (ours-secsS-T.*)
#   scripts/gnugo-suites.sh ours --engine gnugo # GNU Go's owl reading in the place of ours
#   scripts/gnugo-suites.sh parse               # fetch and parse only
#
# BIN: the binary (default: target/release/tsumego-studio under CARGO_TARGET_DIR or ./target).
# GNUGO: GNU Go (default: gnugo on the PATH or /usr/games/gnugo; Debian's `gnugo` is installed
# when missing: the reference run and the positions with moves after `loadsgf` need it).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
what=${1:-gnugo}
shift || true

source scripts/gnugo-lib.sh
if [ -z "${GNUGO:-}" ]; then
    GNUGO=$(ensure_gnugo) || exit 1
fi
export GNUGO
export BIN=${BIN:-"${CARGO_TARGET_DIR:-target}/release/tsumego-studio"}

python3 scripts/gnugo_suites.py fetch >/dev/null
python3 scripts/gnugo_suites.py parse
case "$what" in
    parse) ;;
    gnugo | ours) python3 scripts/gnugo_suites.py "$what" "$@" ;;
    *) echo "usage: scripts/gnugo-suites.sh gnugo|ours|parse [OPTIONS]" >&2; exit 2 ;;
esac
