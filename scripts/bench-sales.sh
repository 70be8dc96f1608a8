#!/usr/bin/env bash
# Benchmark of selling under load (docs/benchmarks.md, "Sales load"): the release server on a
# fresh SQLite file with the demo shop (POS_DEMO=1), driven over HTTP by the Rust load driver
# server/examples/sales_load/ in one run: the bare endpoint (GET /health), an authenticated
# read (GET /product), add-line (POST /invoice/{id}/products) and full paid sales (create cart,
# add line, pay cash), each a closed loop of N tills (each its own staff member) -> requests/s,
# ratio to the bare endpoint, p50/p99; then paid sales paced at half the measured maximum -> p99.
# Custom invoice writes are measured too (and stand in for the sale routes if a build lacks them).
# Targets: >= 200 paid sales/s, p99 <= 50 ms at half that load.
#
#   bash scripts/bench-sales.sh                       # 10 s per phase, 16 tills
#   POS_BENCH_SECONDS=20 POS_BENCH_TILLS=32 bash scripts/bench-sales.sh
#
# A measurement, not a test: it fails only when a request is not answered as expected.
source "$(dirname "$0")/lib/common.sh"
cd "$ROOT"

SECONDS_PER_PHASE="${POS_BENCH_SECONDS:-10}"
TILLS="${POS_BENCH_TILLS:-16}"
PORT="${POS_BENCH_PORT:-18932}"
BASE="http://127.0.0.1:$PORT"
work="$(mktemp -d)"
server_pid=""

cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

step "Building the release server and the load driver"
cargo build -q --release -p pos-server --bin pos-server --example sales_load
target="${CARGO_TARGET_DIR:-$ROOT/target}/release"

step "Starting the server on a fresh SQLite database with the demo shop"
# RUST_LOG=warn: the per-request INFO log line would be measured too.
DATABASE_URL="sqlite://$work/bench.db" POS_LISTEN="127.0.0.1:$PORT" POS_DEMO=1 \
  POS_WEB_DIR="$work/no-web" POS_MAIL_OUTBOX="$work/outbox" RUST_LOG=warn \
  "$target/pos-server" > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 120); do
  curl -sf "$BASE/api/v1/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || die "the server stopped: $(tail -5 "$work/server.log")"
  sleep 0.5
done
curl -sf "$BASE/api/v1/health" >/dev/null || die "the server did not answer on $BASE"
note "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"

step "Driving it ($TILLS tills, $SECONDS_PER_PHASE s per phase)"
"$target/examples/sales_load" --base "$BASE" --seconds "$SECONDS_PER_PHASE" --concurrency "$TILLS" \
  || die "the load driver failed; server log: $(tail -20 "$work/server.log")"
