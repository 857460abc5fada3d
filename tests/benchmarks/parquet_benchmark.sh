#!/usr/bin/env bash
# Parquet input against the TREC reader on the same 10M-line run: the run is
# written once as Parquet (zstd) by DuckDB, then read alone and read +
# evaluated (qrels + run, 6 metrics @10), best of 3, ratio in the same run.
# Usage (after ./run.sh builds and fetches DuckDB):
#   tests/benchmarks/parquet_benchmark.sh [BUILD_DIR] [DATA_DIR] [PARQUET_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD="${1:-build}"
DATA="${2:-$BUILD/bench-data}"
OUT="${3:-$BUILD/bench-parquet}"
bash cmake/fetch_duckdb.sh "$BUILD"
cmake --build "$BUILD" --target ranklab-cli ranklab_parquet_bench
if [ ! -f "$DATA/toprank.run" ]; then
  "$BUILD/app/ranklab-cli" synth --out "$DATA" --users 100000 --items 20000 --per-user 100 --seed 7
fi
mkdir -p "$OUT"
echo "== machine: $(nproc) cores, $(uname -r)"
echo "== a 10M-line run as TREC text and as Parquet (zstd)"
nice -n 10 "$BUILD/tests/benchmarks/ranklab_parquet_bench" "$DATA/toprank.run" "$DATA/qrels.txt" \
  "$OUT/toprank.parquet" --repeats 3
