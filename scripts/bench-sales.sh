#!/usr/bin/env bash
# Server load benchmark (docs/benchmarks.md, "Server load"): the release
# server with the demo shop (POS_DEMO=1), once on a fresh SQLite file and once on a fresh
# PostgreSQL database, driven over HTTP by the Rust load driver server/examples/sales_load/ (it
# stands in for oha or wrk: sales need signed-in tills and requests that use earlier answers).
# For each backend, in one run: a bare axum endpoint (the driver's own server, no middleware, no
# database, same JSON as /health/live), the full middleware stack (GET /health/live, the liveness
# check: no database), the readiness check (GET /health: the stack and a database ping), an
# authenticated read (GET /product), add-line, full paid sales (create cart, add line, pay cash) and the till's
# one-request payment (POST /till/invoices/{ref}/payment with an Idempotency-Key), each a closed
# loop of N tills -> requests/s, ratio to the bare endpoint, p50/p99; then paid sales paced at
# half the measured maximum -> p99, alone and while 50 clients sign in over and over, the two
# alternating for 3 rounds (POS_BENCH_ROUNDS) and pooled per kind. Prints one
# table per backend and the goals, met or missed: middleware >= 70% of bare, authenticated read
# >= 25%, >= 200 paid sales/s, p99 <= 50 ms at half load, within 2x with the sign-ins.
#
#   bash scripts/bench-sales.sh                       # 10 s per phase, 16 tills, both backends
#   POS_BENCH_SECONDS=5 POS_BENCH_BACKENDS=sqlite bash scripts/bench-sales.sh
#   POS_BENCH_TILLS=32 POS_BENCH_SIGN_INS=50 bash scripts/bench-sales.sh
#   POS_BENCH_PG_TCP=1 POS_BENCH_BACKENDS=postgres bash scripts/bench-sales.sh   # over TCP
#
# PostgreSQL comes from scripts/lib/postgres.sh (installed and started when missing), reached over
# its Unix socket when that script could allow it, else over TCP; the run creates its own
# database and drops it at the end. A measurement, not a test: it fails only
# when a request is not answered as expected, never on a missed goal.
source "$(dirname "$0")/lib/common.sh"
cd "$ROOT"

SECONDS_PER_PHASE="${POS_BENCH_SECONDS:-10}"
TILLS="${POS_BENCH_TILLS:-16}"
SIGN_INS="${POS_BENCH_SIGN_INS:-50}"
ROUNDS="${POS_BENCH_ROUNDS:-3}"
BACKENDS="${POS_BENCH_BACKENDS:-sqlite postgres}"
PORT="${POS_BENCH_PORT:-18932}"
BARE_PORT=$((PORT + 1))
BASE="http://127.0.0.1:$PORT"
work="$(mktemp -d)"
server_pid=""
bare_pid=""
pg_database=""

stop_pid() {
  if [ -n "$1" ]; then kill "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; fi
}

cleanup() {
  stop_pid "$server_pid"
  stop_pid "$bare_pid"
  if [ -n "$pg_database" ]; then
    psql "$POS_TEST_POSTGRES_URL" -X -q -c "DROP DATABASE IF EXISTS $pg_database WITH (FORCE)" \
      >/dev/null 2>&1 || note "could not drop the PostgreSQL database $pg_database"
  fi
  rm -rf "$work"
}
trap cleanup EXIT

step "Building the release server and the load driver"
cargo build -q --release -p pos-server --bin pos-server --example sales_load
target="${CARGO_TARGET_DIR:-$ROOT/target}/release"

# Starts the server on DATABASE_URL=$1 and the bare endpoint, and waits until both answer.
start_servers() {
  # RUST_LOG=warn: the per-request INFO log line would be measured too.
  DATABASE_URL="$1" POS_LISTEN="127.0.0.1:$PORT" POS_DEMO=1 \
    POS_WEB_DIR="$work/no-web" POS_MAIL_OUTBOX="$work/outbox" RUST_LOG=warn \
    "$target/pos-server" > "$work/server.log" 2>&1 &
  server_pid=$!
  "$target/examples/sales_load" --serve-bare "127.0.0.1:$BARE_PORT" \
    > "$work/bare.log" 2>&1 &
  bare_pid=$!
  for _ in $(seq 1 120); do
    curl -sf "$BASE/api/v1/health" >/dev/null 2>&1 && break
    kill -0 "$server_pid" 2>/dev/null || die "the server stopped: $(tail -5 "$work/server.log")"
    sleep 0.5
  done
  curl -sf "$BASE/api/v1/health" >/dev/null || die "the server did not answer on $BASE"
  curl -sf "http://127.0.0.1:$BARE_PORT/api/v1/health/live" >/dev/null ||
    die "the bare endpoint did not answer: $(tail -5 "$work/bare.log")"
}

stop_servers() {
  stop_pid "$server_pid"
  stop_pid "$bare_pid"
  server_pid=""
  bare_pid=""
}

# The machine's CPU time so far as "total steal" (jiffies): steal is time the hypervisor gave
# this machine's cores to other guests, the likeliest cause of one run differing from the next.
cpu_times() { awk '/^cpu / { print $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9, $9 }' /proc/stat; }

# Runs every phase against the running servers; $1 is the table's label.
drive() {
  note "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
  local before after
  before=$(cpu_times)
  "$target/examples/sales_load" --base "$BASE" --bare "http://127.0.0.1:$BARE_PORT" \
    --label "$1" --seconds "$SECONDS_PER_PHASE" --concurrency "$TILLS" --sign-ins "$SIGN_INS" \
    --rounds "$ROUNDS" \
    | tee -a "$work/results.txt" ||
    die "the load driver failed; server log: $(tail -20 "$work/server.log")"
  after=$(cpu_times)
  note "load average after: $(cut -d' ' -f1-3 /proc/loadavg); CPU time taken by the host (steal):" \
    "$(echo "$before $after" | awk '{ t = $3 - $1; printf "%.1f%%", (t > 0 ? 100 * ($4 - $2) / t : 0) }')"
}

for backend in $BACKENDS; do
  case "$backend" in
    sqlite)
      step "SQLite: a fresh database file with the demo shop ($TILLS tills, $SECONDS_PER_PHASE s per phase)"
      start_servers "sqlite://$work/bench.db"
      drive SQLite
      stop_servers
      ;;
    postgres)
      step "PostgreSQL: a fresh database with the demo shop ($TILLS tills, $SECONDS_PER_PHASE s per phase)"
      # shellcheck source=lib/postgres.sh
      source scripts/lib/postgres.sh >/dev/null || die "PostgreSQL is not available"
      pg_database="pos_bench_$$"
      psql "$POS_TEST_POSTGRES_URL" -X -q -v ON_ERROR_STOP=1 -c "CREATE DATABASE $pg_database" \
        >/dev/null || die "could not create the PostgreSQL database $pg_database"
      # The server reaches PostgreSQL on the same machine over its Unix socket, as a shop's
      # server should: a round trip costs under half of one over TCP loopback
      # (docs/benchmarks.md, "PostgreSQL over its Unix socket"). POS_BENCH_PG_TCP=1 measures TCP.
      if [ -n "${POS_POSTGRES_SOCKET_URL:-}" ] && [ -z "${POS_BENCH_PG_TCP:-}" ]; then
        note "the server connects over the Unix socket (${POS_POSTGRES_SOCKET_URL#*\?})"
        start_servers "${POS_POSTGRES_SOCKET_URL%%/postgres\?*}/$pg_database?${POS_POSTGRES_SOCKET_URL#*\?}"
      else
        note "the server connects over TCP (${POS_TEST_POSTGRES_URL#*@})"
        start_servers "${POS_TEST_POSTGRES_URL%/*}/$pg_database"
      fi
      drive PostgreSQL
      stop_servers
      ;;
    *) die "POS_BENCH_BACKENDS: unknown backend '$backend' (sqlite, postgres)" ;;
  esac
done

step "Goals"
grep '^goals (' "$work/results.txt" | sed 's/^/    /'
