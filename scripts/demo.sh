#!/usr/bin/env bash
# npm run demo: bring the test bench up (engine over TLS, logging containers, a registry) and open berth on it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/testbed.sh up
eval "$(bash scripts/testbed.sh env)"
[ -f dist/berth.js ] || node scripts/build.mjs
exec node --max-semi-space-size=4 bin/berth.js "$@"
