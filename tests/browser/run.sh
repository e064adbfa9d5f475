#!/usr/bin/env bash
# Browser test of the web viewer (ctest: browser.run). Installs what it needs when missing —
# Debian chromium, node and npm (apt), playwright-core and axe-core (npm ci, from
# package-lock.json) — then
# starts `nqueens serve` on a free port and drives the page in headless Chromium.
# Usage: tests/browser/run.sh NQUEENS_BINARY [OUTPUT_DIR]   (screenshots go to OUTPUT_DIR;
# docs/images/ holds the ones docs/WEB.md shows, copied from there)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
[ $# -ge 1 ] || { echo "usage: $0 NQUEENS_BINARY [OUTPUT_DIR]" >&2; exit 2; }
bin="$(realpath "$1")"
out="$(mkdir -p "${2:-$here/artifacts}" && cd "${2:-$here/artifacts}" && pwd)"

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v node >/dev/null || need+=(nodejs)
command -v npm >/dev/null || need+=(npm)
if [ ${#need[@]} -gt 0 ]; then
  echo "run.sh: installing ${need[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
fi

cd "$here"
if [ ! -f node_modules/playwright-core/package.json ] || [ ! -f node_modules/axe-core/axe.min.js ] ||
   ! grep -q "\"version\": \"$(sed -n 's/.*"playwright-core": "\(.*\)".*/\1/p' package.json)\"" \
        node_modules/playwright-core/package.json; then
  # npm ci installs exactly the locked version; no browser is downloaded (playwright-core
  # has no install script), the test uses Debian's /usr/bin/chromium.
  npm ci --no-audit --no-fund --loglevel=error >&2 ||
    npm install --no-audit --no-fund --loglevel=error >&2
fi
exec node "$here/viewer.test.mjs" "$bin" "$out"
