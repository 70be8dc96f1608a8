#!/usr/bin/env bash
# Benchmark of the offline till (docs/benchmarks.md, "Offline till"): the release server with
# the demo shop and the bench catalogue of 100,000 products (imported through POST /file/upload,
# as scripts/bench-import.sh does), and the built web app served by it; then
# web/bench/offline-till.bench.mjs drives headless Chromium (Debian's /usr/bin/chromium) through
# the till and prints a results table. Targets, for a shop of 100,000 products on one tablet:
# first catalogue sync <= 10 s, till usable <= 1.5 s after a cold start, adding a line p99
# <= 16 ms, name search p99 <= 30 ms, barcode lookup p99 <= 5 ms, 1,000 queued sales synced
# <= 10 s.
#
#   bash scripts/bench-offline.sh
#   POS_BENCH_ROWS=5000 POS_BENCH_SALES=100 bash scripts/bench-offline.sh   # a quick run
#
# A measurement, not a test: it fails only when something does not work (a build, the seeding,
# a step of the till), never because a number misses its target.
source "$(dirname "$0")/lib/common.sh"
source "$ROOT/scripts/lib/bench-catalog.sh"
source "$ROOT/scripts/lib/web.sh"
source "$ROOT/scripts/lib/wasm.sh"
source "$ROOT/scripts/lib/chromium.sh"
cd "$ROOT"

export POS_BENCH_ROWS="${POS_BENCH_ROWS:-100000}"
PORT="${POS_BENCH_PORT:-18932}"
BASE="http://127.0.0.1:$PORT"
# Under the target folder, not /tmp: a long run must not lose its database to a /tmp clean-up.
work="${CARGO_TARGET_DIR:-$ROOT/target}/bench-offline"
rm -rf "$work" && mkdir -p "$work"
server_pid=""

cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

ensure_chromium
web_dependencies
[ -f "$ROOT/web/src/wasm-core/pos_core_wasm_bg.wasm" ] || build_wasm
build_web
step "Building the release server"
cargo build -q --release -p pos-server
binary="${CARGO_TARGET_DIR:-$ROOT/target}/release/pos-server"

step "Starting the server with the demo shop"
DATABASE_URL="sqlite://$work/bench.db" POS_LISTEN="127.0.0.1:$PORT" POS_DEMO=1 POS_WEB_DIR="$ROOT/web/dist" \
  POS_PUBLIC_URL="$BASE" POS_MAIL_OUTBOX="$work/outbox" RUST_LOG=warn "$binary" > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 240); do
  curl -sf "$BASE/api/v1/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || die "the server stopped: $(tail -5 "$work/server.log")"
  sleep 0.5
done
curl -sf "$BASE/api/v1/health" >/dev/null || die "the server did not start: $(tail -5 "$work/server.log")"

step "Importing $POS_BENCH_ROWS products in 50 categories"
bench_categories_file > "$work/categories.csv"
bench_products_file "$POS_BENCH_ROWS" 0 > "$work/products.csv"
curl -sf -c "$work/jar" -b "$work/jar" -H 'content-type: application/json' \
  -d '{"email":"demo@tillwise.test","password":"demomart1"}' "$BASE/api/v1/shop/login" >/dev/null
curl -sf -c "$work/jar" -b "$work/jar" -H 'content-type: application/json' \
  -d '{"phoneNumber":"7000001","password":"admin1234"}' "$BASE/api/v1/admin/login" >/dev/null
# upload ROUTE FILE EXPECTED_FIELD
upload() {
  curl -sS -b "$work/jar" -o "$work/answer.json" -F "file=@$2;type=text/csv" "$BASE/api/v1$1"
  grep -q '"success":true' "$work/answer.json" && grep -q "$3" "$work/answer.json" \
    || die "unexpected answer from $1: $(head -c 600 "$work/answer.json")"
}
upload /file/upload/category "$work/categories.csv" '"added":50,'
upload /file/upload "$work/products.csv" "\"added\":$POS_BENCH_ROWS,"
note "imported; load average now: $(cut -d' ' -f1-3 /proc/loadavg)"

step "Driving the till in headless Chromium ($(nproc) cores)"
(cd "$ROOT/web" && POS_BENCH_URL="$BASE" node bench/offline-till.bench.mjs)
note "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
