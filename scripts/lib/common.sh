# Shared helpers for the project's scripts. Source it; it sets ROOT to the repository root.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export ROOT
# Tools the scripts install for themselves live here (cached across runs on one machine).
POS_CACHE="${POS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tillwise-pos}"
export POS_CACHE
mkdir -p "$POS_CACHE"
# rustup's cargo, when present, comes first so `cargo` is the developer's usual toolchain.
[ -d "$HOME/.cargo/bin" ] && export PATH="$HOME/.cargo/bin:$PATH"

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }
note() { printf '    %s\n' "$*"; }
die() { printf '\033[31merror:\033[0m %s\n' "$*" >&2; exit 1; }

# Runs a command as root: directly when we are root, through sudo otherwise.
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else die "need root to run: $* (install it by hand or run as root)"; fi
}

# apt-get install of the given packages, running 'apt-get update' at most once per script run.
APT_UPDATED=""
apt_install() {
  command -v apt-get >/dev/null || die "apt-get not found: install $* with your system's package manager"
  if [ -z "$APT_UPDATED" ]; then as_root apt-get update -qq; APT_UPDATED=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
