#!/usr/bin/env bash
# Runs the benchmarks recorded in docs/benchmarks.md: native pricing and the shift report
# (criterion), the same cart and shift through the WebAssembly build under Node, and the sizes of
# what the browser downloads.
# Benchmarks are measurements, not tests: nothing here fails on a slow machine.
source "$(dirname "$0")/lib/common.sh"
source "$ROOT/scripts/lib/web.sh"
source "$ROOT/scripts/lib/wasm.sh"
cd "$ROOT"

web_dependencies
build_wasm
build_web

step "Native pricing (criterion)"
cargo bench -q -p pos-core --bench pricing -- --warm-up-time 2 --measurement-time 5 2>&1 | grep -E 'time:|^[a-z_0-9]+$'

step "Native shift report, 10,000 sales (criterion)"
cargo bench -q -p pos-core --bench shift -- --warm-up-time 2 --measurement-time 5 2>&1 | grep -E 'time:|^[a-z_0-9]+$'

step "WebAssembly pricing and shift report under Node"
(cd web && npm run --silent bench)

step "Download sizes (raw and gzip -9)"
for file in web/src/wasm-core/*_bg.wasm web/dist/assets/*.js web/dist/assets/*.css; do
  printf '    %-60s %8d bytes  %8d gzip\n' "$(basename "$file")" "$(wc -c < "$file")" "$(gzip -9c "$file" | wc -c)"
done
