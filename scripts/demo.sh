#!/usr/bin/env bash
# npm run demo: bring the test bench up (an engine over TLS, logging containers, a registry) and open berth on it;
# when berth quits, stop what this script started (a bench that was already running is left running).
set -euo pipefail
cd "$(dirname "$0")/.."

if bash scripts/testbed.sh status >/dev/null 2>&1; then
  started=0
else
  engine_port=${BERTH_TESTBED_PORT:-2375} registry_port=${BERTH_TESTBED_REGISTRY_PORT:-5000}
  cat >&2 <<NEEDS
npm run demo starts a private Docker engine (TLS on 127.0.0.1:$engine_port) and a registry (127.0.0.1:$registry_port)
under ${BERTH_TESTBED_DIR:-/tmp/berth-testbed}. It needs root on Debian or Ubuntu (it installs docker.io,
docker-registry, docker-compose, busybox-static, tmux, openssl, curl, openssh and podman with apt-get when
missing), those two ports free, and writes the registry's CA to /etc/docker/certs.d/127.0.0.1:$registry_port/.
Both are stopped again when berth quits.
NEEDS
  if [ "$(id -u)" != 0 ]; then
    echo "npm run demo: needs root to start the bench (run it as root, or start it with sudo bash scripts/testbed.sh up)" >&2
    exit 1
  fi
  started=1
fi
stop_bench() {
  if [ "$started" = 1 ]; then
    echo "npm run demo: stopping the bench it started (scripts/testbed.sh down)" >&2
    bash scripts/testbed.sh down >/dev/null 2>&1 || true
  fi
}
trap stop_bench EXIT
bash scripts/testbed.sh up
eval "$(bash scripts/testbed.sh env)"
[ -f dist/berth.cjs ] || node scripts/build.mjs
./bin/berth.js "$@"
