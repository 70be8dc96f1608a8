#!/usr/bin/env bash
# Builds everything: the WebAssembly pricing core, the web app and the release server.
# Idempotent: installs what it needs the first time, skips what is already there.
source "$(dirname "$0")/lib/common.sh"
source "$ROOT/scripts/lib/web.sh"
source "$ROOT/scripts/lib/wasm.sh"

web_dependencies
build_wasm
build_web
step "Building the server (release)"
cargo build --release -p pos-server --manifest-path "$ROOT/Cargo.toml"
note "built: $ROOT/target/release/pos-server"
