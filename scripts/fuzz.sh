#!/usr/bin/env bash
# Fuzzes the CSV import's parser (fuzz/fuzz_targets/csv_import.rs: arbitrary bytes as a
# products file, as an admin and as staff, and as a categories file) for a bounded time.
#
#   bash scripts/fuzz.sh            # 30 s (the short pass scripts/test.sh can run)
#   bash scripts/fuzz.sh 3600       # a long run: one hour
#
# Exits non-zero when the target panics or breaks an invariant; libFuzzer then writes the
# input to fuzz/artifacts/csv_import/ (replay it: cargo fuzz run --sanitizer none csv_import
# fuzz/artifacts/csv_import/<file>, from fuzz/). The corpus grows in fuzz/corpus/csv_import
# (not committed); fuzz/seeds/csv_import holds the committed seed files.
#
# Stable Rust only: cargo-fuzz's default AddressSanitizer needs the nightly-only -Zsanitizer,
# so the target is built with `--sanitizer none`, which uses only stable flags (libFuzzer's
# coverage instrumentation). The import crate forbids unsafe code, so what the fuzzer can find
# is panics and broken invariants, which need no sanitizer.
source "$(dirname "$0")/lib/common.sh"

seconds="${1:-30}"
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || die "usage: scripts/fuzz.sh [SECONDS] (a whole number above 0, default 30)"

CARGO_FUZZ_VERSION=0.13.2

# cargo-fuzz, installed once per machine into the tool cache (like wasm-bindgen-cli).
fuzz_cli() {
  local bin
  for bin in "$(command -v cargo-fuzz || true)" "$POS_CACHE/bin/cargo-fuzz"; do
    if [ -n "$bin" ] && [ -x "$bin" ] && "$bin" --version 2>/dev/null | grep -q "^cargo-fuzz "; then
      CARGO_FUZZ="$bin"; return
    fi
  done
  step "Installing cargo-fuzz $CARGO_FUZZ_VERSION (once per machine, a few minutes)"
  # Its own temporary target folder, whatever CARGO_TARGET_DIR the caller has.
  env -u CARGO_TARGET_DIR cargo install -q --locked cargo-fuzz --version "$CARGO_FUZZ_VERSION" --root "$POS_CACHE"
  CARGO_FUZZ="$POS_CACHE/bin/cargo-fuzz"
}

fuzz_cli
# Instrumented builds stay apart from the normal ones (other flags would rebuild everything).
target_dir="${CARGO_TARGET_DIR:+$CARGO_TARGET_DIR/fuzz}"
target_dir="${target_dir:-$ROOT/fuzz/target}"
cd "$ROOT/fuzz"
mkdir -p corpus/csv_import
step "Fuzzing the CSV import for $seconds s"
"$CARGO_FUZZ" fuzz run --sanitizer none --target-dir "$target_dir" csv_import \
  corpus/csv_import seeds/csv_import -- \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
