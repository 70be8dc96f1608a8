#!/usr/bin/env bash
# Benchmark of the CSV import (docs/benchmarks.md, "CSV import"): a generated 50,000-row
# products file (every column filled) uploaded to the release server through HTTP, as the demo
# shop's admin, on a fresh SQLite database and, when POS_TEST_POSTGRES_URL is set, on a fresh
# PostgreSQL database. Three uploads each: adding the 50,000 products, the same file again
# (all unchanged), and a file changing every price (50,000 updates). Target: adding <= 5 s.
#
#   bash scripts/bench-import.sh                 # SQLite only
#   source scripts/lib/postgres.sh && bash scripts/bench-import.sh   # both backends
#
# A measurement, not a test: it fails only when an upload is not answered as expected.
source "$(dirname "$0")/lib/common.sh"
source "$ROOT/scripts/lib/bench-catalog.sh"
cd "$ROOT"

ROWS="${POS_BENCH_ROWS:-50000}"
PORT="${POS_BENCH_PORT:-18931}"
BASE="http://127.0.0.1:$PORT/api/v1"
work="$(mktemp -d)"
server_pid=""
pg_database=""

cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  if [ -n "$pg_database" ]; then psql -X -q "$POS_TEST_POSTGRES_URL" -c "DROP DATABASE IF EXISTS $pg_database WITH (FORCE)" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

step "Building the release server (once)"
cargo build -q --release -p pos-server
binary="${CARGO_TARGET_DIR:-$ROOT/target}/release/pos-server"

step "Generating $ROWS products in 50 categories"
bench_categories_file > "$work/categories.csv"
bench_products_file "$ROWS" 0 > "$work/products.csv"
bench_products_file "$ROWS" 100 > "$work/products-new-prices.csv"
note "products.csv: $(wc -c < "$work/products.csv") bytes"

# upload ROUTE FILE EXPECTED_FIELD: prints the seconds the upload took.
upload() {
  local seconds
  seconds="$(curl -sS -b "$work/jar" -o "$work/answer.json" -w '%{time_total}' \
    -F "file=@$2;type=text/csv" "$BASE$1")"
  grep -q '"success":true' "$work/answer.json" && grep -q "$3" "$work/answer.json" \
    || die "unexpected answer from $1: $(head -c 600 "$work/answer.json")"
  printf '%s' "$seconds"
}

# bench BACKEND DATABASE_URL
bench() {
  local backend="$1"
  step "$backend"
  rm -f "$work/jar"
  DATABASE_URL="$2" POS_LISTEN="127.0.0.1:$PORT" POS_DEMO=1 POS_WEB_DIR="$work/no-web" \
    POS_MAIL_OUTBOX="$work/outbox" RUST_LOG=warn "$binary" > "$work/server-$backend.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 120); do
    curl -sf "$BASE/health" >/dev/null 2>&1 && break
    kill -0 "$server_pid" 2>/dev/null || die "the server stopped: $(tail -5 "$work/server-$backend.log")"
    sleep 0.5
  done
  curl -sf -c "$work/jar" -b "$work/jar" -H 'content-type: application/json' \
    -d '{"email":"demo@tillwise.test","password":"demomart1"}' "$BASE/shop/login" >/dev/null
  curl -sf -c "$work/jar" -b "$work/jar" -H 'content-type: application/json' \
    -d '{"phoneNumber":"7000001","password":"admin1234"}' "$BASE/admin/login" >/dev/null
  upload /file/upload/category "$work/categories.csv" '"added":50,' >/dev/null
  local added unchanged updated
  added="$(upload /file/upload "$work/products.csv" "\"added\":$ROWS,")"
  unchanged="$(upload /file/upload "$work/products.csv" "\"unchanged\":$ROWS,")"
  updated="$(upload /file/upload "$work/products-new-prices.csv" "\"updated\":$ROWS,")"
  printf '    %-10s add %s rows: %6.2f s   same file again (unchanged): %6.2f s   new prices (updated): %6.2f s\n' \
    "$backend" "$ROWS" "$added" "$unchanged" "$updated"
  kill "$server_pid"; wait "$server_pid" 2>/dev/null || true
  server_pid=""
}

bench sqlite "sqlite://$work/bench.db"
if [ -n "${POS_TEST_POSTGRES_URL:-}" ]; then
  pg_database="pos_bench_$$"
  psql -X -q "$POS_TEST_POSTGRES_URL" -c "CREATE DATABASE $pg_database" >/dev/null
  bench postgres "${POS_TEST_POSTGRES_URL%/*}/$pg_database"
else
  note "POS_TEST_POSTGRES_URL is not set: PostgreSQL skipped (source scripts/lib/postgres.sh first)"
fi
