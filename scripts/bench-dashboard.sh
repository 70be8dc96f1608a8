#!/usr/bin/env bash
# Benchmark of the dashboards (docs/benchmarks.md, "Dashboards"): one shop with 1,000,000 paid
# invoices on SQLite, seeded by the Rust seeder server/examples/dashboard_load (priced by
# pos_core, written with multi-row INSERTs by db::invoices::sales_history), its roll-ups rebuilt by the
# release server's start (timed from the server's own log line), then every dashboard route
# called as the admin and as the super admin: N times each in turn, then N times each from 8
# clients at once -> p50/p99/max per route. Target: every p99 <= 200 ms.
#
#   bash scripts/bench-dashboard.sh                            # seeds once, re-runs reuse it
#   POS_BENCH_RESEED=1 bash scripts/bench-dashboard.sh         # a fresh database
#   POS_BENCH_INVOICES=100000 POS_BENCH_CALLS=50 bash scripts/bench-dashboard.sh
#
# The seeded database is kept in target/bench-dashboard/ (one per invoice count). Every run
# marks the roll-ups as not built first, so every run measures the start-up rebuild too.
# Fails when a p99 is over 200 ms, an answer is wrong, or (exit 2) the server lacks the routes.
source "$(dirname "$0")/lib/common.sh"
cd "$ROOT"

INVOICES="${POS_BENCH_INVOICES:-1000000}"
CALLS="${POS_BENCH_CALLS:-200}"
CLIENTS="${POS_BENCH_CLIENTS:-8}"
PORT="${POS_BENCH_PORT:-18933}"
BASE="http://127.0.0.1:$PORT"
target_dir="${CARGO_TARGET_DIR:-$ROOT/target}"
data="$target_dir/bench-dashboard"
db_file="$data/dashboard-$INVOICES.db"
work="$(mktemp -d)"
server_pid=""

cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

step "Building the release server and the benchmark tool"
cargo build -q --release -p pos-server --bin pos-server --example dashboard_load
server="$target_dir/release/pos-server"
tool="$target_dir/release/examples/dashboard_load"
mkdir -p "$data"

if [ -n "${POS_BENCH_RESEED:-}" ] || [ ! -f "$db_file.seeded" ]; then
  step "Seeding $INVOICES paid invoices into $db_file"
  rm -f "$db_file" "$db_file-wal" "$db_file-shm" "$db_file.seeded"
  "$tool" seed --database "sqlite://$db_file" --invoices "$INVOICES" | tee "$data/seed-$INVOICES.txt"
  touch "$db_file.seeded"
else
  step "Reusing $db_file ($(cat "$data/seed-$INVOICES.txt" 2>/dev/null || echo seeded earlier))"
  "$tool" unbuild --database "sqlite://$db_file"
fi
note "database: $(du -h "$db_file" | cut -f1)"

step "Starting the release server (it rebuilds the roll-ups before listening)"
# RUST_LOG: warnings, plus the rebuild's INFO line (the per-request lines would be measured too).
started=$(date +%s%N)
DATABASE_URL="sqlite://$db_file" POS_LISTEN="127.0.0.1:$PORT" \
  POS_WEB_DIR="$work/no-web" POS_MAIL_OUTBOX="$work/outbox" \
  RUST_LOG="warn,pos_server::dashboard=info" \
  "$server" > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 1200); do
  curl -sf "$BASE/api/v1/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || die "the server stopped: $(tail -5 "$work/server.log")"
  sleep 0.5
done
curl -sf "$BASE/api/v1/health" >/dev/null || die "the server did not answer on $BASE"
note "answering after $(( ($(date +%s%N) - started) / 1000000 )) ms"
rebuilt="$(grep 'dashboard roll-ups rebuilt' "$work/server.log" || true)"
[ -n "$rebuilt" ] || die "no rebuild logged: $(tail -5 "$work/server.log")"
note "${rebuilt#*INFO }"
note "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"

step "Calling every dashboard route ($CALLS calls each, then from $CLIENTS clients at once)"
status=0
"$tool" drive --base "$BASE" --calls "$CALLS" --clients "$CLIENTS" || status=$?
if [ "$status" = 2 ]; then
  die "the server has no dashboard read routes yet (route missing); nothing was measured"
elif [ "$status" != 0 ]; then
  die "the dashboard benchmark failed (exit $status); server log: $(tail -5 "$work/server.log")"
fi
