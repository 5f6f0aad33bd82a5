#!/usr/bin/env bash
# Generates one shard of training data for the large-region net (issue 40) and keeps it in the
# repository: PROBLEMS (default 4000) 19x19 large corner fights of seed SEED, each claim proven
# by df-pn within NODES (default 150000) nodes, on THREADS (default 2) threads; about 50
# minutes of both cores for 4,000 problems. The data is the same for the same settings on any
# thread count. Writes weights/data/large-sSEED.jsonl.gz (override with OUT) and prints its size.
#
# A later round (PROVER_NET=FILE): MCTS guided by that net proves the problems instead
# (PROVER=dfpn keeps df-pn, now guided by the net), NODES defaults to 20000, and the shard is
# weights/data/large-PROVER-sSEED.jsonl.gz; about 6 s of one core a problem with MCTS.
#
#   scripts/gen-shard.sh 8                 # weights/data/large-s8.jsonl.gz
#   PROBLEMS=200 OUT=/tmp/s.jsonl.gz scripts/gen-shard.sh 9
#   PROBLEMS=400 PROVER_NET=weights/ftl-large-r2.safetensors scripts/gen-shard.sh 11
#
# Fit on shards with `train --problems 0 --shard FILE ...` (README, "Training data kept between
# runs"); the shards in the repository are listed in weights/README.md.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seed=${1:?usage: scripts/gen-shard.sh SEED}
problems=${PROBLEMS:-4000}
threads=${THREADS:-2}
prover_args=()
if [ -n "${PROVER_NET:-}" ]; then
    prover=${PROVER:-mcts}
    nodes=${NODES:-20000}
    prover_args=(--prover "$prover" --prover-net "$PROVER_NET")
    out=${OUT:-$root/weights/data/large-$prover-s$seed.jsonl.gz}
else
    nodes=${NODES:-150000}
    out=${OUT:-$root/weights/data/large-s$seed.jsonl.gz}
fi
bin=${BIN:-$root/target/release/tsumego-studio}
if [ ! -x "$bin" ]; then
    (cd "$root" && source scripts/setup.sh >/dev/null && cargo build --release)
fi
work=${WORK:-$root/target/gen-large-s$seed}
"$bin" train --generate-only --problems "$problems" --large-every 1 --killall-every 0 \
    --nodes "$nodes" --seed "$seed" --threads "$threads" --work "$work" --shard-out "$out" \
    "${prover_args[@]}"
ls -l "$out"
