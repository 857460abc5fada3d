#!/usr/bin/env bash
# RankLab set-up.
#   ./run.sh        install what is missing, build, create the example data,
#                   open the workbench on it (no display: print the CLI's table)
#   ./run.sh test   the same set-up, then the whole test suite
set -euo pipefail
cd "$(dirname "$0")"

MODE="${1:-open}"
case "$MODE" in
  open|test) ;;
  *) echo "usage: ./run.sh [test]" >&2; exit 2 ;;
esac

# Debian 12 packages the build, the tests and the screenshots need.
PACKAGES=(
  cmake ninja-build g++ pkg-config
  qt6-base-dev qt6-charts-dev qt6-svg-dev libgl-dev qt6-qpa-plugins
  libtbb-dev libboost-math-dev zlib1g-dev libzstd-dev
  libcli11-dev nlohmann-json3-dev libabsl-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  xvfb xauth gzip zstd
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "run.sh: installing ${missing[*]}"
  if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
  elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "run.sh: these Debian packages are missing; install them as root and run again:" >&2
    echo "  apt-get install ${missing[*]}" >&2
    exit 1
  fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi

JOBS="$(nproc 2>/dev/null || echo 2)"
# Parquet input: DuckDB's library from npm into build/duckdb (pinned; optional,
# loaded at run time: without it everything but Parquet works).
bash cmake/fetch_duckdb.sh build || true
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build -j "$JOBS"

CLI=build/app/ranklab-cli
EXAMPLES=resources/examples
if [ ! -f "$EXAMPLES/qrels.txt" ]; then
  echo "run.sh: creating the example data set in $EXAMPLES"
  "$CLI" synth --out "$EXAMPLES" --users 3000 --items 4000 --per-user 100 --seed 42
fi

if [ "$MODE" = test ]; then
  export QT_QPA_PLATFORM=offscreen
  ctest --test-dir build --output-on-failure -j "$JOBS" --timeout 600
  exit $?
fi

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec build/app/ranklab "$EXAMPLES/example.ranklab"
fi
echo "run.sh: no display; the example data through ranklab-cli instead:"
"$CLI" inspect --qrels "$EXAMPLES/qrels.txt" \
  --run "$EXAMPLES/toprank.run" --run "$EXAMPLES/broad.run" --run "$EXAMPLES/popularity.run" \
  --exclude "$EXAMPLES/train.tsv" --cohorts "$EXAMPLES/users.tsv"
echo
exec "$CLI" eval --qrels "$EXAMPLES/qrels.txt" \
  --run "$EXAMPLES/toprank.run" --run "$EXAMPLES/broad.run" --run "$EXAMPLES/popularity.run" \
  --exclude "$EXAMPLES/train.tsv" --metrics hr,precision,recall,ndcg,ap,rr --cutoffs 10
