#!/usr/bin/env bash
# Make sure a Chromium for the Playwright e2e tests exists.
#   CHROMIUM_PATH=/path/to/chrome   use that binary (must exist)
#   PLAYWRIGHT_USE_BUNDLED=1        use Playwright's own browsers; nothing to do here
# Otherwise Debian's /usr/bin/chromium is used and, when running as root, installed with apt.
set -euo pipefail

if [[ "${PLAYWRIGHT_USE_BUNDLED:-}" == "1" ]]; then
  echo "ensure-chromium: PLAYWRIGHT_USE_BUNDLED=1, using Playwright's bundled browsers"
  exit 0
fi

if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  if [[ -x "$CHROMIUM_PATH" ]]; then
    echo "ensure-chromium: using CHROMIUM_PATH=$CHROMIUM_PATH"
    exit 0
  fi
  echo "ensure-chromium: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file." >&2
  echo "  Point it at a Chromium/Chrome binary, or unset it to use /usr/bin/chromium." >&2
  exit 1
fi

DEFAULT=/usr/bin/chromium
if [[ -x "$DEFAULT" ]]; then
  echo "ensure-chromium: using $DEFAULT"
  exit 0
fi

if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: $DEFAULT not found, installing Debian's chromium package (apt-get)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq </dev/null
  apt-get install -y -qq chromium </dev/null
  if [[ -x "$DEFAULT" ]]; then
    echo "ensure-chromium: installed $("$DEFAULT" --version 2>/dev/null || echo chromium)"
    exit 0
  fi
  echo "ensure-chromium: apt-get finished but $DEFAULT is still missing." >&2
  exit 1
fi

cat >&2 <<MSG
ensure-chromium: no Chromium found at $DEFAULT, and this script can only install it as root with apt-get.
The end-to-end tests need a Chromium browser. Pick one:
  * Debian/Ubuntu:   sudo apt-get update && sudo apt-get install -y chromium
  * Any Chrome/Chromium binary:   export CHROMIUM_PATH=/path/to/chromium
  * Playwright's own browsers:    npx playwright install chromium && export PLAYWRIGHT_USE_BUNDLED=1
Then run the tests again (or run unit tests only: node scripts/test-all.mjs --unit-only).
MSG
exit 1
