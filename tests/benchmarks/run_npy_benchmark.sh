#!/usr/bin/env bash
# The numpy benchmarks of issue 15. A dense float32 matrix USERS x ITEMS
# (default 100,000 x 20,000 = 8 GB) evaluated at 6 metrics x 6 cutoffs,
# timed against `cat FILE > /dev/null` from the page cache, with the peak
# resident memory from /usr/bin/time -v; then top-k arrays of 10M entries
# against the same entries as a TREC run. The data is written to DATA_DIR
# and deleted afterwards. Usage (after ./run.sh builds):
#   tests/benchmarks/run_npy_benchmark.sh [BUILD_DIR] [DATA_DIR] [USERS] [ITEMS]
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD="${1:-build}"
DATA="${2:-$BUILD/npy-bench-data}"
USERS="${3:-100000}"
ITEMS="${4:-20000}"
CLI="$BUILD/app/ranklab-cli"
cmake --build "$BUILD" --target ranklab-cli ranklab_npy_bench >/dev/null
mkdir -p "$DATA"
trap 'rm -rf "$DATA"' EXIT
METRICS="--metrics hr,precision,recall,ndcg,ap,rr --cutoffs 1,5,10,20,50,100"

# Wall seconds and peak RSS (kB) of a command, from /usr/bin/time -v.
measure() {
  /usr/bin/time -v "$@" >/dev/null 2>"$DATA/time.txt"
  local wall rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$DATA/time.txt")
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$DATA/time.txt")
  echo "$wall $rss"
}

echo "== machine: $(nproc) cores, $(uname -r)"
echo "== dense matrix ${USERS} x ${ITEMS} float32"
"$BUILD/tests/benchmarks/ranklab_npy_bench" dense "$DATA" "$USERS" "$ITEMS"
BYTES=$(stat -c %s "$DATA/scores.npy")
sync  # the 8 GB just written are flushed first: writeback would compete with the runs timed
cat "$DATA/scores.npy" > /dev/null  # into the page cache
# One untimed run first, as cat's first read: on this virtual machine memory
# just freed (the 8 GB writer's) is handed back to the host (free page
# reporting), and the first process to touch it again pays up to a second
# of kernel time zeroing pages (clear_page), which no later run pays.
"$CLI" eval --qrels "$DATA/qrels.txt" --run "$DATA/scores.npy" $METRICS > /dev/null
# The best of three of each, interleaved (the virtual machine's timings wander).
CAT=""; EVAL=""; RSS=""
for round in 1 2 3; do
  read -r c _ < <(measure cat "$DATA/scores.npy")
  read -r e r < <(measure "$CLI" eval --qrels "$DATA/qrels.txt" --run "$DATA/scores.npy" $METRICS)
  if [ -z "$CAT" ] || awk -v a="$c" -v b="$CAT" 'BEGIN {exit !(a < b)}'; then CAT=$c; fi
  if [ -z "$EVAL" ] || awk -v a="$e" -v b="$EVAL" 'BEGIN {exit !(a < b)}'; then EVAL=$e; RSS=$r; fi
done
echo "file: $BYTES bytes; cat from page cache: ${CAT} s; eval (6 metrics x 6 cutoffs): ${EVAL} s" \
     "($(awk -v a="$EVAL" -v b="$CAT" 'BEGIN {printf "%.2f", a / b}') x cat)"
echo "peak RSS: ${RSS} kB ($(awk -v r="$RSS" -v f="$BYTES" 'BEGIN {printf "%.1f", 100 * r * 1024 / f}') % of the file)"
rm -f "$DATA/scores.npy" "$DATA/qrels.txt"

echo "== top-k arrays: 100,000 users x 100 (10M entries) against the same TREC run"
"$BUILD/tests/benchmarks/ranklab_npy_bench" topk "$DATA" 100000 100 1000000
cat "$DATA"/*.npy "$DATA/topk.run" > /dev/null
read -r NPY NPYRSS < <(measure "$CLI" eval --qrels "$DATA/qrels.txt" --run "$DATA/items.npy" \
  --run-format "npy-topk,scores=$DATA/scores.npy" $METRICS)
read -r TREC TRECRSS < <(measure "$CLI" eval --qrels "$DATA/qrels.txt" --run "$DATA/topk.run" $METRICS)
echo "npy-topk eval: ${NPY} s (peak ${NPYRSS} kB); TREC run eval: ${TREC} s (peak ${TRECRSS} kB)"
