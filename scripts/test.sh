#!/usr/bin/env bash
# The README's test command: installs what the tests need beyond JDK and Maven (Debian's chromium,
# chromium-driver and prometheus, for the browser and Prometheus tests), then runs every test (`mvn -B verify`).
# Arguments go to Maven (e.g. scripts/test.sh -Pall-servers).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-test-deps.sh
mvn -B verify "$@"
