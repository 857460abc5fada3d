#!/usr/bin/env bash
# Fetches DuckDB's shared library (libduckdb.so, the complete C API; MIT) for
# RankLab's Parquet reader from the npm package @duckdb/node-bindings-linux-x64
# at a pinned version, with the ordinary npm client, into BUILD_DIR/duckdb/.
# RankLab loads it at run time (dlopen); without it RankLab builds, runs and
# tests as before and a Parquet file gets a message saying how to enable it.
# Idempotent (nothing is fetched when the pinned version is there) and
# offline-tolerant: when npm cannot fetch, one line says so and it exits 0.
#   cmake/fetch_duckdb.sh [BUILD_DIR]      (default: build)
set -u
VERSION=1.4.4-r.4
PACKAGE=@duckdb/node-bindings-linux-x64
BUILD_DIR="${1:-build}"
DEST="$BUILD_DIR/duckdb"

if [ -f "$DEST/libduckdb.so" ] && [ "$(cat "$DEST/VERSION" 2>/dev/null)" = "$VERSION" ]; then
  exit 0
fi
skip() { echo "fetch_duckdb: $1; Parquet input stays off (RankLab builds and tests without it)"; exit 0; }
[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] || skip "no prebuilt DuckDB for $(uname -s)-$(uname -m) is pinned"
command -v npm >/dev/null 2>&1 || skip "npm is not installed (Debian: apt-get install npm)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if ! (cd "$work" && timeout 600 npm pack --silent "$PACKAGE@$VERSION" >pack.out 2>pack.err); then
  skip "npm could not fetch $PACKAGE@$VERSION ($(grep -m1 -i err "$work/pack.err" || echo offline?))"
fi
tgz="$(ls "$work"/*.tgz 2>/dev/null | head -n1)"
[ -n "$tgz" ] && tar -xzf "$tgz" -C "$work" package/libduckdb.so package/LICENSE 2>/dev/null ||
  skip "the npm package $PACKAGE@$VERSION holds no package/libduckdb.so"
mkdir -p "$DEST"
mv -f "$work/package/LICENSE" "$DEST/LICENSE"
mv -f "$work/package/libduckdb.so" "$DEST/libduckdb.so.tmp"
mv -f "$DEST/libduckdb.so.tmp" "$DEST/libduckdb.so"
echo "$VERSION" >"$DEST/VERSION"
echo "fetch_duckdb: DuckDB $VERSION (MIT) in $DEST/libduckdb.so: Parquet input is on"
