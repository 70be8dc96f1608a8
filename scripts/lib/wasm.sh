# Builds core-wasm into web/src/wasm-core (glue + optimised .wasm). Source after common.sh.
#
# A wasm32 compiler comes from one of two routes, chosen without any manual step:
#   A. rustup's wasm32-unknown-unknown target (a normal developer machine);
#   B. Debian's rustc-web/cargo-web with a wasm32 std built once into a cached sysroot
#      (machines whose rustup cannot fetch the target). POS_WASM_ROUTE=debian forces B.
# See ../shared/toolchain.md for the measurements behind these steps.

WASM_BINDGEN_VERSION="$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' "$ROOT/Cargo.toml")"
WASM_TARGET=wasm32-unknown-unknown
WASM_OUT="$ROOT/web/src/wasm-core"

# Sets WASM_CARGO and WASM_ENV (extra env for the wasm cargo build).
wasm_choose_route() {
  WASM_ENV=()
  if [ "${POS_WASM_ROUTE:-auto}" != debian ] && command -v rustup >/dev/null; then
    if rustup target list --installed 2>/dev/null | grep -qx "$WASM_TARGET"; then
      note "wasm32 target: rustup (already installed)"; WASM_CARGO=cargo; return
    fi
    # On a machine that cannot reach the toolchain server this may hang rather than fail.
    if timeout 120 rustup target add "$WASM_TARGET" >/dev/null 2>&1; then
      note "wasm32 target: rustup (just added)"; WASM_CARGO=cargo; return
    fi
    note "rustup could not add $WASM_TARGET; using Debian's rustc-web instead"
  fi
  wasm_debian_sysroot
  WASM_CARGO=/usr/bin/cargo
  WASM_ENV=(RUSTC=/usr/bin/rustc "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS=--sysroot=$WASM_SYSROOT")
}

# Route B: Debian's compiler plus a wasm32 std built once per exact rustc build.
wasm_debian_sysroot() {
  if ! [ -x /usr/bin/rustc ] || ! /usr/bin/rustc -vV 2>/dev/null | grep -q '^release: 1\.\(9[6-9]\|[1-9][0-9][0-9]\)' \
     || ! [ -d /usr/lib/rustlib/src/rust ] || ! command -v rust-lld >/dev/null; then
    step "Installing Debian's Rust for WebAssembly (rustc-web, cargo-web, rust-web-src, lld-22)"
    apt_install rustc-web cargo-web rust-web-src lld-22
  fi
  local key; key="$(/usr/bin/rustc -vV | sha256sum | cut -c1-16)"
  WASM_SYSROOT="$POS_CACHE/wasm-sysroot-$key"
  local libdir="$WASM_SYSROOT/lib/rustlib/$WASM_TARGET/lib"
  if [ -f "$WASM_SYSROOT/.complete" ]; then note "wasm32 std: cached at $WASM_SYSROOT"; return; fi
  step "Building the wasm32 standard library once (about a minute)"
  local scratch; scratch="$(mktemp -d)"
  mkdir -p "$scratch/src"
  printf '[package]\nname = "sysroot_seed"\nversion = "0.0.0"\nedition = "2021"\n[lib]\npath = "src/lib.rs"\n[workspace]\n' > "$scratch/Cargo.toml"
  printf '#![no_std]\n' > "$scratch/src/lib.rs"
  (cd "$scratch" && RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc CARGO_ENCODED_RUSTFLAGS=-Cembed-bitcode=yes \
    /usr/bin/cargo build -q --release --target "$WASM_TARGET" -Zbuild-std=std,panic_abort,proc_macro,test)
  rm -rf "$WASM_SYSROOT"; mkdir -p "$libdir"
  find "$scratch/target/$WASM_TARGET/release/deps" -name 'lib*.rlib' ! -name 'libsysroot_seed*' -exec cp {} "$libdir/" \;
  ln -s /usr/lib/rustlib/x86_64-unknown-linux-gnu "$WASM_SYSROOT/lib/rustlib/x86_64-unknown-linux-gnu"
  touch "$WASM_SYSROOT/.complete"
  rm -rf "$scratch"
}

# The wasm-bindgen CLI must be exactly the crate's version ("different bindgen format" otherwise).
wasm_bindgen_cli() {
  local bin
  for bin in "$(command -v wasm-bindgen || true)" "$POS_CACHE/bin/wasm-bindgen"; do
    if [ -n "$bin" ] && [ -x "$bin" ] && "$bin" --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION\$"; then
      WASM_BINDGEN="$bin"; return
    fi
  done
  step "Installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (once per machine, a few minutes)"
  local cargo_bin=cargo; command -v cargo >/dev/null || cargo_bin=/usr/bin/cargo
  # The CLI's own lock file may name a crate version the registry no longer serves; then let
  # cargo resolve afresh (same CLI version, compatible dependencies).
  "$cargo_bin" install -q wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --locked --root "$POS_CACHE" 2>/dev/null \
    || "$cargo_bin" install -q wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --root "$POS_CACHE"
  WASM_BINDGEN="$POS_CACHE/bin/wasm-bindgen"
}

build_wasm() {
  step "Building the pricing core for WebAssembly"
  wasm_choose_route
  wasm_bindgen_cli
  local wasm_opt="$ROOT/web/node_modules/.bin/wasm-opt"
  [ -x "$wasm_opt" ] || die "wasm-opt missing: run 'npm ci' in web/ first (binaryen is a dev dependency)"
  rm -rf "$WASM_OUT"; mkdir -p "$WASM_OUT"
  # Two modules from one crate: the till's (loaded on every page, budget 150 KB gzip) and the back
  # office's (refunds, custom invoices, re-pricing, dashboards; loaded only by admin screens).
  wasm_build_module till pos_core_wasm "$wasm_opt"
  wasm_build_module back-office pos_core_back_office_wasm "$wasm_opt"
}

# wasm_build_module FEATURE OUT_NAME WASM_OPT
wasm_build_module() {
  local feature="$1" name="$2" wasm_opt="$3"
  env "${WASM_ENV[@]}" "$WASM_CARGO" build -q --profile wasm-release --target "$WASM_TARGET" \
    -p pos-core-wasm --no-default-features --features "$feature" --target-dir "$ROOT/target/wasm"
  "$WASM_BINDGEN" --target web --out-dir "$WASM_OUT" --out-name "$name" \
    "$ROOT/target/wasm/$WASM_TARGET/wasm-release/pos_core_wasm.wasm"
  "$wasm_opt" -Oz "$WASM_OUT/${name}_bg.wasm" -o "$WASM_OUT/${name}_bg.wasm"
  note "$name: $(wc -c < "$WASM_OUT/${name}_bg.wasm") bytes, $(gzip -9c "$WASM_OUT/${name}_bg.wasm" | wc -c) gzipped"
}
