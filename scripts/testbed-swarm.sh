#!/usr/bin/env bash
# A two-node swarm for trying view 6 by hand and for the swarm benchmarks (tests use test/helpers/swarm.ts,
# which starts and stops their own). Two isolated dockerd, like the bench engine (own data and exec roots,
# pidfile and socket, --bridge none, no iptables): a manager advertising 127.0.0.1 and a worker advertising
# 127.0.0.2, each with the bench's berth-test/busybox:latest loaded. Both report the same hostname.
#
#   scripts/testbed-swarm.sh up      start both and form the swarm (idempotent)
#   scripts/testbed-swarm.sh down    stop both and remove their state
#   scripts/testbed-swarm.sh env     DOCKER_HOST=unix://…/manager/docker.sock
#   scripts/testbed-swarm.sh worker-stop | worker-start   stop / start the worker's dockerd (node down / back)
# State: BERTH_SWARM_DIR (default /tmp/berth-swarm). Ports: BERTH_SWARM_PORT (manager, default 2477; worker +1).
set -euo pipefail
S=${BERTH_SWARM_DIR:-/tmp/berth-swarm}
PORT=${BERTH_SWARM_PORT:-2477}
IMAGE=berth-test/busybox:latest
unset DOCKER_HOST DOCKER_TLS_VERIFY DOCKER_CERT_PATH DOCKER_CONTEXT
export DOCKER_CLI_HINTS=false
log() { printf 'testbed-swarm: %s\n' "$*" >&2; }
dk() { local node=$1; shift; docker -H "unix://$S/$node/docker.sock" "$@"; }
answers() { [[ -S $S/$1/docker.sock ]] && dk "$1" version --format '{{.Server.Version}}' >/dev/null 2>&1; }

start_node() {
  local node=$1 d=$S/$1
  answers "$node" && return 0
  mkdir -p "$d/data" "$d/exec"
  [[ -s $d/daemon.json ]] || echo '{}' >"$d/daemon.json"
  local driver=()
  local bench=${BERTH_TESTBED_DIR:-/tmp/berth-testbed}
  [[ -s $bench/engine/storage-driver ]] && driver=(--storage-driver "$(<"$bench/engine/storage-driver")")
  setsid nohup dockerd --data-root "$d/data" --exec-root "$d/exec" --pidfile "$d/dockerd.pid" -H "unix://$d/docker.sock" \
    --bridge none --iptables=false --ip6tables=false --ip-masq=false --cgroup-parent "/berth-swarm-$node" \
    --config-file "$d/daemon.json" "${driver[@]}" </dev/null >>"$d/dockerd.log" 2>&1 &
  for _ in $(seq 1 300); do answers "$node" && return 0; sleep 0.1; done
  tail -n 20 "$d/dockerd.log" >&2
  log "dockerd $node did not answer"; exit 1
}

load_image() {
  dk "$1" image inspect "$IMAGE" >/dev/null 2>&1 && return 0
  eval "$(bash "$(dirname "$0")/testbed.sh" env)"
  docker save "$IMAGE" | dk "$1" load >/dev/null
  unset DOCKER_HOST DOCKER_TLS_VERIFY DOCKER_CERT_PATH
}

stop_node() {
  local d=$S/$1 pid
  [[ -s $d/dockerd.pid ]] || return 0
  pid=$(<"$d/dockerd.pid")
  if kill -0 "$pid" 2>/dev/null && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q -- "$d/"; then
    kill -TERM "$pid"
    for _ in $(seq 1 200); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
  fi
  rm -f "$d/dockerd.pid"
}

case ${1:-} in
  up)
    start_node manager
    start_node worker
    load_image manager
    load_image worker
    if [[ $(dk manager info --format '{{.Swarm.LocalNodeState}}') != active ]]; then
      dk manager swarm init --advertise-addr "127.0.0.1:$PORT" --listen-addr "127.0.0.1:$PORT" >/dev/null
    fi
    if [[ $(dk worker info --format '{{.Swarm.LocalNodeState}}') != active ]]; then
      dk worker swarm join --token "$(dk manager swarm join-token -q worker)" --advertise-addr "127.0.0.2:$((PORT + 1))" --listen-addr "127.0.0.2:$((PORT + 1))" "127.0.0.1:$PORT" >/dev/null
    fi
    dk manager node ls
    ;;
  down)
    stop_node worker
    stop_node manager
    # dockerd's own containerd and shims name the state directory on their command lines.
    for pid in $(pgrep -f -- "$S/" || true); do kill -KILL "$pid" 2>/dev/null || true; done
    grep -o " $S/[^ ]*" /proc/mounts | sort -r | xargs -r -n1 umount -l 2>/dev/null || true
    rm -rf "$S"
    ;;
  env) echo "export DOCKER_HOST=unix://$S/manager/docker.sock DOCKER_TLS_VERIFY= DOCKER_CERT_PATH="; ;;
  worker-stop) stop_node worker ;;
  worker-start) start_node worker ;;
  *) echo "usage: $0 up|down|env|worker-stop|worker-start" >&2; exit 2 ;;
esac
