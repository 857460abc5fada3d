#!/usr/bin/env bash
# Re-takes the pictures of the workbench in README.md and docs/guide.md: the example workspace
# opened under Xvfb, one picture per tab once its numbers are on screen.
# Usage (after ./run.sh has built and made the example data):
#   resources/screenshots/take_screenshots.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD="${1:-build}"
OUT=resources/screenshots
shoot() {  # FILE [TAB]
  local args=(--screenshot "$OUT/$1")
  [ -n "${2:-}" ] && args+=(--tab "$2")
  xvfb-run -a -s "-screen 0 1600x1000x24" "$BUILD/app/ranklab" "${args[@]}" resources/examples/example.ranklab
}
shoot workbench.png
shoot curves.png Curves
shoot ranks.png "Rank distribution"
shoot per-user.png "Per user"
shoot user.png User
shoot cohorts.png Cohorts
shoot checks.png Checks
# The whole window on a 1366 x 768 laptop screen.
xvfb-run -a -s "-screen 0 1366x768x24" "$BUILD/app/ranklab" --screenshot "$OUT/workbench-1366.png" \
  resources/examples/example.ranklab
# The Summary showing Δ to the baseline: the UI test that checks it keeps its picture.
RANKLAB_SCREENSHOT_DIR="$PWD/$OUT" xvfb-run -a -s "-screen 0 1600x1000x24" \
  "$BUILD/tests/ranklab_ui_tests" --gtest_filter='SummaryScreenshotTest.*' >/dev/null
