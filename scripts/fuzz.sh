#!/usr/bin/env bash
# Fuzzes every hand-written parser (fuzz/fuzz_targets/*.rs, one target per group; docs/fuzzing.md
# lists them and what each asserts) for a bounded time per target.
#
#   bash scripts/fuzz.sh                  # 15 s per target (the short pass scripts/test.sh runs)
#   bash scripts/fuzz.sh 3600             # a long run: one hour per target
#   bash scripts/fuzz.sh 300 number_text  # some targets only
#
# Exits non-zero when a target panics, breaks an invariant, runs out of memory (-rss_limit_mb,
# and -malloc_limit_mb, which defaults to it: one input allocating 2 GB is a blow-up) or takes
# over 10 s on one input; libFuzzer then writes the input to fuzz/artifacts/<target>/ (replay it
# from fuzz/: CARGO_PROFILE_RELEASE_STRIP=debuginfo cargo fuzz run --sanitizer none <target>
# artifacts/<target>/<file>; without that variable cargo rebuilds with line tables). Corpora
# grow in fuzz/corpus/<target> (not committed); fuzz/seeds/<target> holds the committed seeds.
#
# Stable Rust only: cargo-fuzz's default AddressSanitizer needs the nightly-only -Zsanitizer,
# so the targets are built with `--sanitizer none`, which uses only stable flags (libFuzzer's
# coverage instrumentation, with debug assertions and overflow checks on). The crates forbid
# unsafe code, so what the fuzzer can find is panics, overflows and broken invariants, which
# need no sanitizer.
source "$(dirname "$0")/lib/common.sh"

seconds="${1:-15}"
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || die "usage: scripts/fuzz.sh [SECONDS per target] [TARGET...] (SECONDS a whole number above 0, default 15)"
shift || true

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
# The binaries without their debug info: it was 97 % of each one (about 118 of 120 MB, the
# instrumented dependencies' line tables and libFuzzer's own), and a crash still names the
# panic's file and line, which the panic message carries. Set here for the build and every run
# alike, so a run reuses the build instead of rebuilding everything with other flags.
export CARGO_PROFILE_RELEASE_STRIP="${CARGO_PROFILE_RELEASE_STRIP:-debuginfo}"
# Instrumented builds stay apart from the normal ones (other flags would rebuild everything).
target_dir="${CARGO_TARGET_DIR:+$CARGO_TARGET_DIR/fuzz}"
target_dir="${target_dir:-$ROOT/fuzz/target}"
cd "$ROOT/fuzz"

known=$("$CARGO_FUZZ" fuzz list)
if [ $# -gt 0 ]; then
  for target in "$@"; do
    grep -qx "$target" <<<"$known" || die "no fuzz target '$target'; the targets are: $(echo $known)"
  done
  targets=("$@")
else
  mapfile -t targets <<<"$known"
fi

step "Building the fuzz targets (instrumented; one cargo build for all of them)"
build_start=$SECONDS
"$CARGO_FUZZ" fuzz build --sanitizer none --target-dir "$target_dir"
note "built in $((SECONDS - build_start)) s"

summary=()
for target in "${targets[@]}"; do
  step "Fuzzing $target for $seconds s"
  mkdir -p "corpus/$target"
  log="$(mktemp)"
  # Seeds are read, never written: new inputs go to the corpus folder (the first one).
  if ! "$CARGO_FUZZ" fuzz run --sanitizer none --target-dir "$target_dir" "$target" \
    "corpus/$target" "seeds/$target" -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 2>&1 | tee "$log"; then
    rm -f "$log"
    die "fuzz target $target failed: the input is in fuzz/artifacts/$target/ (see above)"
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
  summary+=("$(printf '%-18s %12s runs in %s s, peak RSS %s MB, 0 crashes' "$target" "${runs:-?}" "$seconds" "${rss:-?}")")
  rm -f "$log"
done

step "Fuzzing done: ${#targets[@]} targets, $seconds s each"
printf '    %s\n' "${summary[@]}"
