# Starts the real server (debug build) on a free port with a throwaway SQLite database, runs the
# browser tests against it, and always stops it again.
run_e2e() {
  step "Browser tests (Playwright + Chromium) against the real server"
  cargo build -q -p pos-server --manifest-path "$ROOT/Cargo.toml"
  local port data log
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
  data="$(mktemp -d)"; log="$data/server.log"
  # A known super admin, and mail written to a folder the tests read reset links from.
  export POS_E2E_SUPER_ADMIN_PHONE=7999999 POS_E2E_SUPER_ADMIN_PASSWORD=e2e-super-9 POS_E2E_OUTBOX="$data/outbox"
  DATABASE_URL="sqlite://$data/e2e.db" POS_LISTEN="127.0.0.1:$port" POS_WEB_DIR="$ROOT/web/dist" POS_DEMO=1 \
    POS_PUBLIC_URL="http://127.0.0.1:$port" POS_MAIL_OUTBOX="$POS_E2E_OUTBOX" \
    POS_SUPER_ADMIN_PHONE="$POS_E2E_SUPER_ADMIN_PHONE" POS_SUPER_ADMIN_PASSWORD="$POS_E2E_SUPER_ADMIN_PASSWORD" \
    "$ROOT/target/debug/pos-server" > "$log" 2>&1 &
  local server_pid=$!
  # shellcheck disable=SC2064
  trap "kill $server_pid 2>/dev/null; wait $server_pid 2>/dev/null; rm -rf '$data'" RETURN
  local tries=0
  until curl -fsS "http://127.0.0.1:$port/api/v1/health" >/dev/null 2>&1; do
    tries=$((tries + 1))
    if [ "$tries" -gt 120 ] || ! kill -0 "$server_pid" 2>/dev/null; then cat "$log"; die "server did not start"; fi
    sleep 0.5
  done
  # Flows that cut the server start their own from the same binary and app (tests/e2e/own-server.mjs).
  (cd "$ROOT/web" && POS_E2E_URL="http://127.0.0.1:$port" POS_E2E_SERVER_BIN="$ROOT/target/debug/pos-server" \
    POS_E2E_WEB_DIR="$ROOT/web/dist" npm run --silent e2e)
}
