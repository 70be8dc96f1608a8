# Debian's Chromium for the browser tests (never a browser downloaded by a test tool).
ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then note "chromium: $(/usr/bin/chromium --version 2>/dev/null | head -1)"; return; fi
  step "Installing Chromium for the browser tests"
  apt_install chromium
}
