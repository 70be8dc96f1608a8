#!/usr/bin/env bash
# Runs every test suite: formatting and lints, Rust tests on SQLite AND PostgreSQL (core unit
# tests, properties, golden fixtures, server integration tests), Schemathesis against the
# server's OpenAPI document, a short durability run (SIGKILL during paid sales), vitest (with the
# same golden fixtures through the WebAssembly build under Node), the browser tests in Chromium,
# and last a short fuzzing pass of every parser.
# Installs what it needs (PostgreSQL, Chromium, web dependencies, wasm tools) when missing.
source "$(dirname "$0")/lib/common.sh"
source "$ROOT/scripts/lib/web.sh"
source "$ROOT/scripts/lib/wasm.sh"
source "$ROOT/scripts/lib/chromium.sh"
source "$ROOT/scripts/lib/e2e.sh"
source "$ROOT/scripts/lib/disk.sh"
cd "$ROOT"
started=$SECONDS
# One build per run: incremental caches would only add about a gigabyte of disk (with the
# debug settings in Cargo.toml a whole run's target folder stays near 2 GB).
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"

step "Prerequisites"
disk_free
command -v curl >/dev/null || apt_install curl
ensure_chromium
# shellcheck source=lib/postgres.sh
source "$ROOT/scripts/lib/postgres.sh"
[ -n "${POS_TEST_POSTGRES_URL:-}" ] || die "PostgreSQL setup did not provide POS_TEST_POSTGRES_URL"
web_dependencies
build_wasm
build_web

step "Formatting and lints"
cargo fmt --all --check
cargo clippy -q --workspace --all-targets -- -D warnings
(cd web && npm run --silent lint)

step "Rust tests (SQLite and PostgreSQL)"
disk_free
cargo test -q --workspace

step "Schemathesis against a seeded server (a bounded run; bash scripts/schemathesis.sh 300 for a long one)"
bash "$ROOT/scripts/schemathesis.sh" "${POS_SCHEMATHESIS_EXAMPLES:-20}"

step "Durability: SIGKILL during paid sales (a short run; bash scripts/durability.sh 60 for a long one)"
bash "$ROOT/scripts/durability.sh" "${POS_DURABILITY_CYCLES:-5}"

step "Web tests (vitest, including the golden fixtures through WebAssembly)"
(cd web && npm test --silent)

run_e2e

# Every fuzz target, 15 s each (about 2 minutes plus the instrumented build; docs/fuzzing.md).
# Last, because its instrumented build of the whole server takes 1.5 GB more and no step after
# it needs the debug build (2.3 GB), which a machine short of disk can then drop first
# (scripts/lib/disk.sh).
step "Fuzzing every parser (a short pass; bash scripts/fuzz.sh 3600 for a long one)"
disk_free
make_room "${POS_FUZZ_BUILD_NEED_MB:-2500}" "the instrumented fuzzing build" "${CARGO_TARGET_DIR:-$ROOT/target}/debug"
bash "$ROOT/scripts/fuzz.sh" "${POS_FUZZ_SECONDS:-15}"

step "All test suites passed in $((SECONDS - started)) s"
disk_free
