# Web dependencies and build. Source after common.sh.

# Node 20.19+ is what Vite 8 needs; Debian 12's own nodejs is older, so say so instead of guessing.
require_node() {
  command -v node >/dev/null && command -v npm >/dev/null \
    || die "Node.js 20.19+ and npm are needed (https://nodejs.org or your package manager)"
  local major; major="$(node -p 'process.versions.node.split(".")[0]')"
  [ "$major" -ge 20 ] || die "Node.js $(node -v) is too old: 20.19 or newer is needed"
}

# npm ci, skipped when node_modules already matches package-lock.json.
web_dependencies() {
  require_node
  local stamp="$ROOT/web/node_modules/.installed-lock-sha" want
  want="$(sha256sum "$ROOT/web/package-lock.json" | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then note "web dependencies: up to date"; return; fi
  step "Installing web dependencies (npm ci)"
  (cd "$ROOT/web" && npm ci --no-audit --no-fund --loglevel=error)
  echo "$want" > "$stamp"
}

build_web() {
  step "Building the web app"
  (cd "$ROOT/web" && npm run --silent build)
}
