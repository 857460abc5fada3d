#!/usr/bin/env bash
# ranklab-cli's own speed against `wc -l` on the same file, in the same run:
# start-up on a 50-topic run (beside trec_eval when TREC_EVAL names its
# binary), then `trec` and `eval` on each 10M-line data set given. Prints one
# tab-separated line per command (best of REPEATS, default 3):
#   speed  DATASET  COMMAND  wall_s  cpu_s  wall/wc  cpu/wc
# CPU (user + system, every thread) is the steadier figure on a shared machine.
#   tests/benchmarks/cli_speed.sh CLI SMALL_DIR DATA_DIR...
set -euo pipefail
CLI="$1"; SMALL="$2"; shift 2
REPEATS="${REPEATS:-3}"
METRICS="hr,precision,recall,ndcg,ap,rr"
CUTOFFS="1,5,10,20,50,100"

# best wall and cpu seconds of REPEATS runs of "$@" (output to /dev/null)
best() {
  local bw="" bc=""
  for _ in $(seq "$REPEATS"); do
    local t; t=$(mktemp)
    /usr/bin/time -o "$t" -f "%e %U %S" "$@" > /dev/null 2>&1 || true
    read -r w u s < <(tail -1 "$t"); rm -f "$t"
    local c; c=$(awk -v u="$u" -v s="$s" 'BEGIN{printf "%.3f", u + s}')
    if [ -z "$bw" ] || awk -v a="$w" -v b="$bw" 'BEGIN{exit !(a < b)}'; then bw="$w"; fi
    if [ -z "$bc" ] || awk -v a="$c" -v b="$bc" 'BEGIN{exit !(a < b)}'; then bc="$c"; fi
  done
  echo "$bw $bc"
}

report() {  # dataset name wc_wall wc_cpu wall cpu
  awk -v d="$1" -v n="$2" -v ww="$3" -v wc="$4" -v w="$5" -v c="$6" 'BEGIN{
    cw = wc > 0.01 ? wc : 0.01; www = ww > 0.01 ? ww : 0.01;  # time(1) has 10 ms steps
    printf "speed\t%s\t%s\t%.2f\t%.2f\t%.2f\t%.2f\n", d, n, w, c, w / www, c / cw }'
}

if [ ! -f "$SMALL/toprank.run" ]; then
  "$CLI" synth --out "$SMALL" --users 50 --items 20000 --per-user 1000 --seed 7 > /dev/null
fi
read -r ww wc <<< "$(best wc -l "$SMALL/toprank.run")"
report small50 "wc -l" "$ww" "$wc" "$ww" "$wc"
read -r w c <<< "$(best "$CLI" --help)"
report small50 "ranklab-cli --help" "$ww" "$wc" "$w" "$c"
read -r w c <<< "$(best "$CLI" trec "$SMALL/qrels.txt" "$SMALL/toprank.run")"
report small50 "ranklab-cli trec" "$ww" "$wc" "$w" "$c"
if [ -n "${TREC_EVAL:-}" ]; then
  read -r w c <<< "$(best "$TREC_EVAL" "$SMALL/qrels.txt" "$SMALL/toprank.run")"
  report small50 "trec_eval" "$ww" "$wc" "$w" "$c"
fi

for DATA in "$@"; do
  name=$(basename "$DATA")
  read -r ww wc <<< "$(best wc -l "$DATA/toprank.run")"
  report "$name" "wc -l" "$ww" "$wc" "$ww" "$wc"
  read -r w c <<< "$(best "$CLI" trec "$DATA/qrels.txt" "$DATA/toprank.run")"
  report "$name" "ranklab-cli trec" "$ww" "$wc" "$w" "$c"
  read -r w c <<< "$(best "$CLI" eval --qrels "$DATA/qrels.txt" --run "$DATA/toprank.run" --metrics "$METRICS" --cutoffs "$CUTOFFS")"
  report "$name" "ranklab-cli eval" "$ww" "$wc" "$w" "$c"
done
