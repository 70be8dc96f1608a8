#!/usr/bin/env bash
# Durability under SIGKILL (docs/durability.md): the harness server/examples/durability/ sells
# paid sales through the till route on a few tills, kills the server with SIGKILL at a random
# moment, checks the SQLite file (integrity_check, numbers and refs used once), restarts it,
# resends what was in flight with the same Idempotency-Key, and reads every acknowledged sale
# back. Fails on any lost or duplicated sale, integrity failure or unexpected answer.
#
#   bash scripts/durability.sh            # 5 cycles (CI, part of scripts/test.sh)
#   bash scripts/durability.sh 60         # the long run
#   POS_DURABILITY_PROFILE=release bash scripts/durability.sh 60   # on a release build
#
# Debug builds by default (the same code; fewer sales per cycle). POS_DURABILITY_TILLS (4) and
# POS_DURABILITY_PORT (18941) change the tills and the port.
source "$(dirname "$0")/lib/common.sh"
cd "$ROOT"

CYCLES="${1:-5}"
[[ "$CYCLES" =~ ^[1-9][0-9]*$ ]] || die "cycles must be a whole number of 1 or more, got '$CYCLES'"
PROFILE="${POS_DURABILITY_PROFILE:-debug}"
TILLS="${POS_DURABILITY_TILLS:-4}"
PORT="${POS_DURABILITY_PORT:-18941}"
work="$(mktemp -d)"
harness_pid=""

# The harness kills its server itself; this covers a harness that was stopped (Ctrl-C, a
# failure) while a server it started still runs. The pid file is checked against the binary,
# so a reused pid is never signalled.
cleanup() {
  if [ -n "$harness_pid" ]; then kill "$harness_pid" 2>/dev/null || true; wait "$harness_pid" 2>/dev/null || true; fi
  if [ -f "$work/server.pid" ]; then
    pid="$(cat "$work/server.pid")"
    if [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$(readlink -f "$target/pos-server")" ]; then
      kill -9 "$pid" 2>/dev/null || true
    fi
  fi
  rm -rf "$work"
}
trap cleanup EXIT

case "$PROFILE" in
  debug) profile_flag=() ;;
  release) profile_flag=(--release) ;;
  *) die "POS_DURABILITY_PROFILE must be debug or release, got '$PROFILE'" ;;
esac
target="${CARGO_TARGET_DIR:-$ROOT/target}/$PROFILE"

step "Building the $PROFILE server and the durability harness"
cargo build -q "${profile_flag[@]}" -p pos-server --bin pos-server --example durability

step "Killing the server $CYCLES times while $TILLS tills sell"
"$target/examples/durability" --server "$target/pos-server" --work "$work" \
  --cycles "$CYCLES" --tills "$TILLS" --port "$PORT" &
harness_pid=$!
status=0
wait "$harness_pid" || status=$?
harness_pid=""
if [ "$status" -ne 0 ]; then
  note "server log (last lines):"
  tail -20 "$work/server.log" 2>/dev/null | sed 's/^/    /' || true
  die "the durability harness failed (exit $status)"
fi
