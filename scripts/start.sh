#!/usr/bin/env bash
# Builds everything, then starts the app at http://localhost:8080 on an embedded SQLite database
# (data/pos.db) with demo data. Any variable from the README's configuration table can be set
# before this command to override the defaults.
source "$(dirname "$0")/lib/common.sh"
bash "$ROOT/scripts/build.sh"
cd "$ROOT"
export POS_DEMO="${POS_DEMO:-1}"
export POS_LISTEN="${POS_LISTEN:-127.0.0.1:8080}"
step "Starting Tillwise POS on http://${POS_LISTEN/127.0.0.1/localhost}"
exec "$ROOT/target/release/pos-server"
