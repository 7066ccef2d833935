#!/usr/bin/env bash
# Installs the Debian packages some tests drive for real: headless Chromium and its driver (the endpoint's page,
# through Selenium) and Prometheus (the Grafana dashboard's queries). Does nothing when they are already there.
# Needs root (or sudo) and Debian's package archive; the tests that need a missing one fail saying which.
set -euo pipefail
packages=(chromium chromium-driver prometheus)
have() { command -v "$1" >/dev/null 2>&1; }
if have chromium && have chromedriver && have prometheus; then
  echo "[test-deps] chromium, chromedriver and prometheus are installed"
  exit 0
fi
if [ "$(id -u)" = 0 ]; then sudo=(); elif have sudo; then sudo=(sudo -n); else
  echo "[test-deps] cannot install ${packages[*]}: not root and no sudo; install them with apt-get" >&2
  exit 1
fi
echo "[test-deps] installing ${packages[*]} from Debian's archive"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
echo "[test-deps] installed: $(chromium --version 2>/dev/null | head -1); $(prometheus --version 2>&1 | head -1)"
