#!/usr/bin/env bash
# The scale benchmarks of docs/performance.md: 100,000 users x 100 items per model
# (10M lines per run) made by `ranklab-cli synth`, timed against `wc -l` on
# the same files in the same run. Usage (after ./run.sh builds):
#   tests/benchmarks/run_benchmarks.sh [BUILD_DIR] [DATA_DIR]
# Besides the report on stdout, every figure goes to BUILD_DIR/benchmark-results.tsv,
# one line each: benchmark, key, value (the RESULT lines of the benchmarks and
# cli_speed.sh's speed lines), for scripts that track them.
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD="${1:-build}"
DATA="${2:-$BUILD/bench-data}"
cmake --build "$BUILD" --target ranklab-cli ranklab_read_bench ranklab_eval_bench ranklab_stats_bench \
  ranklab_beyond_bench ranklab_study_bench
RESULTS="$BUILD/benchmark-results.tsv"
LOG="$(mktemp)"
trap 'rm -f "$LOG"' EXIT
benchmarks() {
  if [ ! -f "$DATA/toprank.run" ]; then
    "$BUILD/app/ranklab-cli" synth --out "$DATA" --users 100000 --items 20000 --per-user 100 --seed 7
  fi
  # The same size with a 100k-item catalogue whose ids are spread like a real
  # one's (ASIN-like: no shared prefixes, no order).
  DATA_WIDE="${DATA_WIDE:-$DATA-100k-items}"
  if [ ! -f "$DATA_WIDE/toprank.run" ]; then
    "$BUILD/app/ranklab-cli" synth --out "$DATA_WIDE" --users 100000 --items 100000 --per-user 100 --seed 7 \
      --item-ids spread
  fi
  echo "== machine: $(nproc) cores, $(uname -r)"
  echo "== start-up (50 topics x 1,000 documents) and the 10M-line runs of both catalogues, against wc -l"
  echo "   (tab-separated: speed, data set, command, wall s, cpu s, wall/wc, cpu/wc; TREC_EVAL=path adds trec_eval)"
  tests/benchmarks/cli_speed.sh "$BUILD/app/ranklab-cli" "$BUILD/bench-small50" "$DATA" "$DATA_WIDE"
  echo "== reading a 10M-line TREC run"
  "$BUILD/tests/benchmarks/ranklab_read_bench" "$DATA/toprank.run"
  echo "== evaluating it"
  "$BUILD/tests/benchmarks/ranklab_eval_bench" --cli "$BUILD/app/ranklab-cli" --qrels "$DATA/qrels.txt" --run "$DATA/toprank.run"
  echo "== significance tests on all three models (100,000 users, 6 metrics x 6 cutoffs, all pairs)"
  "$BUILD/tests/benchmarks/ranklab_stats_bench" --qrels "$DATA/qrels.txt" \
    --run "$DATA/popularity.run" --run "$DATA/toprank.run" --run "$DATA/broad.run"
  if cmake --build "$BUILD" --target ranklab_gui_bench >/dev/null 2>&1; then
    echo "== the window on all three models: loading, evaluating, comparing, then every tab and control (event-loop gaps)"
    "$BUILD/tests/benchmarks/ranklab_gui_bench" --qrels "$DATA/qrels.txt" \
      --run "$DATA/popularity.run" --run "$DATA/toprank.run" --run "$DATA/broad.run"
  fi
  echo "== beyond-accuracy metrics on the same data (per-user and set-level columns)"
  "$BUILD/tests/benchmarks/ranklab_beyond_bench" --qrels "$DATA/qrels.txt" --train "$DATA/train.tsv" \
    --run "$DATA/popularity.run" --run "$DATA/toprank.run" --run "$DATA/broad.run"
  echo "== many-model statistics: 10 models x 36 columns x 100,000 users (Tukey, Friedman, randomized Tukey)"
  "$BUILD/tests/benchmarks/ranklab_study_bench"
}
benchmarks | tee "$LOG"

# The machine-readable results: "RESULT key=value ..." lines of each
# benchmark (named by the section before them) and the speed lines.
awk -F'\t' '
  /^== / { section = $0; sub(/^== /, "", section); sub(/[ :(].*/, "", section) }
  /^RESULT / { n = split(substr($0, 8), kv, " "); for (i = 1; i <= n; ++i) { split(kv[i], p, "="); print section "\t" p[1] "\t" p[2] } }
  /^speed\t/ { print "speed:" $2 ":" $3 "\twall_s\t" $4; print "speed:" $2 ":" $3 "\tcpu_over_wc\t" $7 }
' "$LOG" > "$RESULTS"
echo "results: $RESULTS ($(wc -l < "$RESULTS") figures)" >&2
