#!/usr/bin/env bash
# RankLab set-up.
#   ./run.sh              install what is missing, build, create the example data,
#                         open the workbench on it (no display: print the CLI's table)
#   ./run.sh test         the same set-up, then the whole test suite
#   ./run.sh test asan    core, CLI, UI and corpus-replay tests under AddressSanitizer
#                         + UndefinedBehaviorSanitizer (Debug -O1, in build-asan)
#   ./run.sh test asan readers   only the readers' corpus replays under ASan + UBSan
#                         (the layers they need; what CI runs after the whole suite)
#   ./run.sh test tsan    core, CLI, corpus-replay and job-tracker tests under ThreadSanitizer
#                         (in build-tsan; suppressions for the uninstrumented TBB:
#                         tests/tsan.supp)
#   ./run.sh fuzz [SECONDS]  a libFuzzer campaign (clang): every target in
#                         tests/fuzz for SECONDS each (default 60), in build-fuzz
#                         (RANKLAB_FUZZ_TARGETS="partial npy": only those);
#                         new inputs in build-fuzz/corpus/<target>, crashes in
#                         build-fuzz/crashes/ (copy each into tests/fuzz/corpus/<target>
#                         with its fix: the corpus replay then keeps it fixed)
set -euo pipefail
cd "$(dirname "$0")"

MODE="${1:-open}"
VARIANT="${2:-}"
SUBSET="${3:-}"
case "$MODE" in
  open) ;;
  test) case "$VARIANT" in ""|asan|tsan) ;; *) echo "usage: ./run.sh test [asan [readers]|tsan]" >&2; exit 2 ;; esac
        case "$VARIANT:$SUBSET" in *:|asan:readers) ;; *) echo "usage: ./run.sh test [asan [readers]|tsan]" >&2; exit 2 ;; esac ;;
  fuzz) [[ -z "$VARIANT" || "$VARIANT" =~ ^[0-9]+$ ]] || { echo "usage: ./run.sh fuzz [SECONDS]" >&2; exit 2; } ;;
  *) echo "usage: ./run.sh [test [asan|tsan] | fuzz [SECONDS]]" >&2; exit 2 ;;
esac

# Debian 12 packages the build, the tests and the screenshots need, without
# Recommends (those would bring systemd, GTK 3 and LLVM).
PACKAGES=(
  cmake ninja-build g++ pkg-config
  qt6-base-dev qt6-charts-dev qt6-svg-dev libgl-dev qt6-qpa-plugins
  qt6-base-private-dev   # the GUI monkey test turns a real mouse wheel (qpa)
  libqt6opengl6-dev   # Qt6Charts' CMake package needs it (only a Recommends of qt6-base-dev)
  libtbb-dev libboost-math-dev zlib1g-dev libzstd-dev libzip-dev libhwy-dev
  pybind11-dev python3-dev python3-numpy python3-pandas python3-dask python3-distributed
  libcli11-dev nlohmann-json3-dev libabsl-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  xvfb xauth gzip zstd
  poppler-utils   # pdftotext: the report test reads what each PDF page says
  fonts-dejavu-core   # text in the charts of offscreen and Xvfb screenshots
)
# The fuzzing campaign also needs clang and its libFuzzer runtime.
[ "$MODE" = fuzz ] && PACKAGES+=(clang libclang-rt-14-dev)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
  elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "run.sh: these Debian packages are missing; install them as root and run again:" >&2
    echo "  apt-get install --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
  # dpkg's ~1,400 lines go to a log; one line a step here.
  LOG="${TMPDIR:-/tmp}/ranklab-apt.log"
  echo "run.sh: installing ${#missing[@]} packages and their dependencies (details: $LOG)"
  echo "run.sh:   on a fresh Debian 12: about 290 packages, 210 MB to download, 0.9 GB on disk, 2-5 minutes"
  echo "run.sh:   apt-get update"
  $SUDO apt-get update -qq >"$LOG" 2>&1 || { tail -n 20 "$LOG" >&2; exit 1; }
  echo "run.sh:   apt-get install --no-install-recommends ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >>"$LOG" 2>&1 \
    || { tail -n 20 "$LOG" >&2; exit 1; }
  echo "run.sh:   done"
fi

JOBS="$(nproc 2>/dev/null || echo 2)"
EXTRA_CMAKE=()
# CI builds with -Werror (.ci/run sets RANKLAB_WERROR=ON).
[ "${RANKLAB_WERROR:-OFF}" = ON ] && EXTRA_CMAKE+=(-DRANKLAB_WERROR=ON)
command -v ccache >/dev/null 2>&1 && EXTRA_CMAKE+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

# Sanitizer lanes: their own build folders (CMakePresets.json), then the suites.
if [ "$MODE" = test ] && [ -n "$VARIANT" ]; then
  if [ "$VARIANT" = asan ]; then
    PRESET=debug-asan; DIR=build-asan; LABELS='core|cli|ui|fuzz'
    export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1"
    export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
    export LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp"
  else
    PRESET=tsan; DIR=build-tsan; LABELS='core|cli|fuzz|tsan'
    export TSAN_OPTIONS="suppressions=$PWD/tests/tsan.supp:halt_on_error=1:second_deadlock_stack=1"
  fi
  cmake --preset "$PRESET" "${EXTRA_CMAKE[@]}" >/dev/null
  if [ "$SUBSET" = readers ]; then
    # The readers alone: each corpus-replay target and the layers it links.
    LABELS='fuzz'
    cmake --build "$DIR" -j "$JOBS" --target fuzz_replay_trec fuzz_replay_delimited fuzz_replay_json \
      fuzz_replay_compressed fuzz_replay_workspace fuzz_replay_npy fuzz_replay_npz fuzz_replay_parquet \
      fuzz_replay_partial fuzz_replay_bucket_sizes fuzz_replay_manifest
  else
    cmake --build "$DIR" -j "$JOBS"
  fi
  export QT_QPA_PLATFORM=offscreen
  # The example-data fixture runs with the UI tests; the timing tests (event
  # loop gaps) measure the sanitizer's slowness, not RankLab's: left out.
  ctest --test-dir "$DIR" --output-on-failure -j "$JOBS" --timeout 1800 -L "$LABELS" -LE timing
  exit $?
fi

if [ "$MODE" = fuzz ]; then
  SECONDS_EACH="${VARIANT:-60}"
  cmake --preset fuzz >/dev/null
  if [ -n "${RANKLAB_FUZZ_TARGETS:-}" ]; then
    cmake --build build-fuzz -j "$JOBS" --target $(printf 'fuzz_%s ' $RANKLAB_FUZZ_TARGETS)
  else
    cmake --build build-fuzz -j "$JOBS"
  fi
  mkdir -p build-fuzz/crashes build-fuzz/logs
  # The parquet target needs DuckDB's library (else it skips every input).
  bash cmake/fetch_duckdb.sh build || true
  export RANKLAB_DUCKDB="${RANKLAB_DUCKDB:-$PWD/build/duckdb/libduckdb.so}"
  status=0
  for target in ${RANKLAB_FUZZ_TARGETS:-trec delimited json compressed workspace npy npz parquet partial bucket_sizes manifest}; do
    mkdir -p "build-fuzz/corpus/$target"
    dict=(); [ -f "tests/fuzz/$target.dict" ] && dict=(-dict="tests/fuzz/$target.dict")
    echo "run.sh: fuzzing $target for ${SECONDS_EACH}s (log: build-fuzz/logs/$target.log)"
    # New inputs go to the first folder; the others are the seeds.
    if ! "build-fuzz/tests/fuzz/fuzz_$target" "build-fuzz/corpus/$target" "tests/fuzz/corpus/$target" tests/data \
        -max_total_time="$SECONDS_EACH" -max_len=32768 -timeout=60 -rss_limit_mb=2560 "${dict[@]}" \
        -artifact_prefix="build-fuzz/crashes/$target-" -print_final_stats=1 >"build-fuzz/logs/$target.log" 2>&1; then
      echo "run.sh:   $target FOUND A PROBLEM: $(ls -t build-fuzz/crashes/$target-* 2>/dev/null | head -n 1)" >&2
      status=1
    fi
    # libFuzzer's last status line: executions, coverage (cov: edges, ft: features), corpus, exec/s.
    echo "run.sh:   $(grep -E '^#[0-9]+' "build-fuzz/logs/$target.log" | tail -n 1)"
  done
  exit $status
fi

# Parquet input: DuckDB's library from npm into build/duckdb (pinned; optional,
# loaded at run time: without it everything but Parquet works).
bash cmake/fetch_duckdb.sh build || true
# The benchmarks are off by default (a faster edit-build loop) but this build,
# and so CI's `./run.sh test`, keeps building them, as tests/benchmarks/*.sh expect.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DRANKLAB_BUILD_BENCHMARKS=ON "${EXTRA_CMAKE[@]}"
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
