#!/usr/bin/env bash
# Builds only the WebAssembly pricing core into web/src/wasm-core (needs web/node_modules).
source "$(dirname "$0")/lib/common.sh"
build_wasm_entry() { source "$ROOT/scripts/lib/wasm.sh"; build_wasm; }
build_wasm_entry
