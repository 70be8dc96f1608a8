#!/usr/bin/env bash
# Benchmark of the invoice lists (docs/benchmarks.md, "Invoice lists"): one shop with 100,000
# paid invoices, seeded by server/examples/dashboard_load (priced by pos_core, written by
# db::invoices::sales_history), on SQLite and on PostgreSQL; the release server started on each, then
# `dashboard_load lists` walks the whole paid list in pages and times each way of finding a sale
# of three months ago (docs/api-sales.md, "Finding an invoice").
#
#   bash scripts/bench-invoice-lists.sh
#   POS_BENCH_INVOICES=20000 POS_BENCH_CALLS=10 POS_BENCH_BACKENDS=sqlite bash scripts/bench-invoice-lists.sh
#
# Each run seeds fresh databases (about 20 s per 100,000 invoices) and removes them afterwards.
source "$(dirname "$0")/lib/common.sh"
cd "$ROOT"

INVOICES="${POS_BENCH_INVOICES:-100000}"
CALLS="${POS_BENCH_CALLS:-20}"
BACKENDS="${POS_BENCH_BACKENDS:-sqlite postgres}"
PORT="${POS_BENCH_PORT:-18934}"
BASE="http://127.0.0.1:$PORT"
target_dir="${CARGO_TARGET_DIR:-$ROOT/target}"
work="$(mktemp -d)"
server_pid=""
pg_database=""

cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  if [ -n "$pg_database" ]; then
    psql "$POS_TEST_POSTGRES_URL" -X -q -c "DROP DATABASE IF EXISTS $pg_database" >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

step "Building the release server and the benchmark tool"
cargo build -q --release -p pos-server --bin pos-server --example dashboard_load
server="$target_dir/release/pos-server"
tool="$target_dir/release/examples/dashboard_load"

# Seeds $1, starts the server on it, drives the lists, stops the server.
measure() {
  local name="$1" url="$2"
  step "$name: seeding $INVOICES paid invoices"
  "$tool" seed --database "$url" --invoices "$INVOICES"
  # A shop's database has planner statistics; a bulk load has none until autovacuum gets to it,
  # and without them PostgreSQL first walks the pages by a worse plan (5x slower).
  case "$url" in postgres*) psql "$url" -X -q -c ANALYZE ;; esac
  step "$name: starting the release server (it builds the roll-ups before listening)"
  DATABASE_URL="$url" POS_LISTEN="127.0.0.1:$PORT" POS_WEB_DIR="$work/no-web" \
    POS_MAIL_OUTBOX="$work/outbox" RUST_LOG=warn "$server" > "$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 600); do
    curl -sf "$BASE/api/v1/health" >/dev/null 2>&1 && break
    kill -0 "$server_pid" 2>/dev/null || die "the server stopped: $(tail -5 "$work/server.log")"
    sleep 0.5
  done
  curl -sf "$BASE/api/v1/health" >/dev/null || die "the server did not answer on $BASE"
  note "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
  step "$name: the invoice lists"
  "$tool" lists --base "$BASE" --calls "$CALLS" ||
    die "the list benchmark failed; server log: $(tail -5 "$work/server.log")"
  kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""
}

for backend in $BACKENDS; do
  case "$backend" in
    sqlite) measure SQLite "sqlite://$work/lists.db" ;;
    postgres)
      # shellcheck source=lib/postgres.sh
      source scripts/lib/postgres.sh >/dev/null || die "PostgreSQL is not available"
      pg_database="pos_bench_lists_$$"
      psql "$POS_TEST_POSTGRES_URL" -X -q -v ON_ERROR_STOP=1 -c "CREATE DATABASE $pg_database" \
        >/dev/null || die "could not create the PostgreSQL database $pg_database"
      measure PostgreSQL "${POS_TEST_POSTGRES_URL%/*}/$pg_database"
      psql "$POS_TEST_POSTGRES_URL" -X -q -c "DROP DATABASE $pg_database" >/dev/null
      pg_database=""
      ;;
    *) die "POS_BENCH_BACKENDS: unknown backend '$backend' (sqlite, postgres)" ;;
  esac
done
