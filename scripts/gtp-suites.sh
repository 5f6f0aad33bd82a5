#!/usr/bin/env bash
# GNU Go's life-and-death regression suites (ld_owl.tst, owl.tst, owl1.tst) run as GTP
# regression files, in the manner of GoGui's gogui-regress, against a GTP engine: GNU Go itself
# or ours (`tsumego-studio gtp`). The suites are GPL files of GNU Go's source: they are fetched
# once into ${TSUMEGO_CACHE:-$HOME/.cache/tsumego-studio}/gnugo-src/ (scripts/gnugo_suites.py
# fetch) and read from there; every result goes to .../gtp-suites/, never into the repository.
# The work is done by scripts/gtp_regress.py (standard library only; its tests:
# scripts/test_gtp_regress.py).
#
#   scripts/gtp-suites.sh                      # GNU Go (`gnugo --mode gtp --quiet`) on every test
#   scripts/gtp-suites.sh --engine ours        # `tsumego-studio gtp` ($BIN) on every test
#   scripts/gtp-suites.sh --engine ours -- --time-limit-secs 5
#                                              # extra arguments of the engine after `--`
#   scripts/gtp-suites.sh [--limit N] [--seed S] [--timeout S] [--tag T] [--resume]
#                                              # N tests of a seeded order; seconds per command
#                                              # (default 60); results kept apart (ENGINE-T.*);
#                                              # an interrupted run continued
#
# Results: .../gtp-suites/ENGINE[-TAG].jsonl (a JSON line per test) and .md (the summary, also
# printed). The exit status is 0 whatever the outcomes, 2 on a usage error.
# BIN: our binary (default: target/release/tsumego-studio under CARGO_TARGET_DIR or ./target).
# GNUGO: GNU Go (default: gnugo on the PATH or /usr/games/gnugo; Debian's `gnugo` is installed
# when missing).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

usage() {
    echo "usage: scripts/gtp-suites.sh [--engine gnugo|ours] [--limit N] [--seed S]" \
        "[--timeout S] [--tag T] [--resume] [-- ENGINE ARGS]" >&2
    exit 2
}

engine=gnugo
tag=""
options=()
while [ $# -gt 0 ]; do
    case "$1" in
        --engine) [ $# -ge 2 ] || usage; engine=$2; shift 2 ;;
        --tag) [ $# -ge 2 ] || usage; tag=$2; shift 2 ;;
        --limit | --seed | --timeout) [ $# -ge 2 ] || usage; options+=("$1" "$2"); shift 2 ;;
        --resume) options+=("$1"); shift ;;
        --) shift; break ;;
        *) usage ;;
    esac
done

case "$engine" in
    gnugo)
        source scripts/gnugo-lib.sh
        if [ -z "${GNUGO:-}" ]; then
            GNUGO=$(ensure_gnugo) || exit 1
        fi
        command_line=$(printf '%q ' "$GNUGO" --mode gtp --quiet "$@")
        ;;
    ours)
        BIN=${BIN:-"${CARGO_TARGET_DIR:-target}/release/tsumego-studio"}
        if [ ! -x "$BIN" ]; then
            echo "error: no binary at $BIN (cargo build --release, or set BIN)" >&2
            exit 2
        fi
        command_line=$(printf '%q ' "$BIN" gtp "$@")
        ;;
    *) usage ;;
esac

regression=$(python3 scripts/gnugo_suites.py fetch)
out="${TSUMEGO_CACHE:-$HOME/.cache/tsumego-studio}/gtp-suites/$engine${tag:+-$tag}"
mkdir -p "$(dirname "$out")"
python3 scripts/gtp_regress.py --engine "$command_line" --json "$out.jsonl" "${options[@]}" \
    "$regression/ld_owl.tst" "$regression/owl.tst" "$regression/owl1.tst" | tee "$out.md"
echo "written: $out.jsonl, $out.md"
