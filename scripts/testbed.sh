#!/usr/bin/env bash
# berth test bench: an isolated Docker engine (TLS on TCP), a TLS registry with seeded
# repositories, and a few labelled containers with known behaviour.
#
#   scripts/testbed.sh up             start (or repair) everything; idempotent, < 2 s when warm
#   scripts/testbed.sh down [--purge] stop the engine, its containerd/shims and the registry
#   scripts/testbed.sh env [--json]   print the settings (eval "$(scripts/testbed.sh env)")
#   scripts/testbed.sh status         exit 0 when the TLS engine and the registry answer
#
# State lives under BERTH_TESTBED_DIR (default /tmp/berth-testbed):
#   engine/ssl/{ca.pem,ca-key.pem,server-cert.pem,server-key.pem}  engine TLS material
#   engine/daemon.json (passed with --config-file), engine/dockerd.{pid,log}, engine/docker.sock
#   engine/data (data-root), engine/exec (exec-root; dockerd's own containerd lives in exec/containerd)
#   client/{ca.pem,cert.pem,key.pem}        DOCKER_CERT_PATH for the engine (CN=berth-client)
#   client-wrong/{ca.pem,cert.pem,key.pem}  real CA, but cert/key from another CA (engine must refuse it)
#   wrong-ca/{ca.pem,ca-key.pem}            that other CA
#   registry/{config.yml,ca.pem,ca-key.pem,server-cert.pem,server-key.pem,registry.{pid,log}}, registry/data
# Ports: BERTH_TESTBED_PORT (engine, TLS, default 2375), BERTH_TESTBED_REGISTRY_PORT (default 5000).
#
# Engine: dockerd 20.10 (API 1.41), --bridge none (containers without --network get no network; compose's
# user-defined bridge networks work), --iptables=false, containers in cgroup /berth-testbed.
# Image berth-test/busybox:latest (imported from busybox-static, PATH=/bin, CMD sh).
# Containers (label berth.testbed=1, --network none, --restart no; the long-running ones use --init, so
# stop/restart take well under a second):
#   bench-logger  "<UTC ts> stdout line N" every 0.5 s; every 5th N goes to stderr as "<UTC ts> stderr line N"
#   bench-colors  a line with SGR colours (31/32/33/1;34/7) every 2 s
#   bench-idle    sleep 1000000
#   bench-env     sleep 1000000 with DB_PASSWORD=hunter2 API_TOKEN=abc123 MODE=demo
#   bench-done    echo done, exited 0 (not restarted by up)
# Registry (TLS, delete enabled): tools/busybox 1.0.0 1.2.0 1.10.0 2.0.0-rc.1 2.0.0 latest (2.0.0, latest and
# library/hello:latest share one digest; the others differ), apps/web 1.0 1.1, library/hello latest.
# Missing tags are pushed again by `up`. The registry CA is installed as /etc/docker/certs.d/127.0.0.1:PORT/ca.crt
# (dockerd treats 127.0.0.0/8 as an insecure registry anyway, so pushes from the engine work without it).
# Compose: scripts/testbed/compose-demo/docker-compose.yml. docker-compose v1 (docker-py/requests) lets
# REQUESTS_CA_BUNDLE / CURL_CA_BUNDLE override DOCKER_CERT_PATH/ca.pem: unset them for compose v1 over TLS.
set -euo pipefail

T=${BERTH_TESTBED_DIR:-/tmp/berth-testbed}
EPORT=${BERTH_TESTBED_PORT:-2375}
RPORT=${BERTH_TESTBED_REGISTRY_PORT:-5000}
case $T in /*) ;; *) T=$PWD/$T ;; esac
T=${T%/}
E=$T/engine
SSL=$E/ssl
SOCK=$E/docker.sock
R=$T/registry
REG=127.0.0.1:$RPORT
CERTS_D=/etc/docker/certs.d/$REG
IMAGE=berth-test/busybox:latest
LABEL=berth.testbed=1
MARKER=$T/.berth-testbed
# cgroup parent of the bench containers, one per state dir (down kills what a dead shim left there)
if [[ $T == /tmp/berth-testbed ]]; then CGROUP=berth-testbed; else CGROUP=berth-testbed-$(printf %s "$T" | md5sum | cut -c1-8); fi

# Never inherit the caller's engine settings or docker config: setup talks to the bench socket only.
unset DOCKER_HOST DOCKER_TLS_VERIFY DOCKER_CERT_PATH DOCKER_CONTEXT DOCKER_TLS DOCKER_API_VERSION
export DOCKER_CONFIG=$T/docker-config
export DOCKER_CLI_HINTS=false

log() { printf 'testbed: %s\n' "$*" >&2; }
die() { printf 'testbed: ERROR: %s\n' "$*" >&2; exit 1; }
dk() { docker -H "unix://$SOCK" "$@"; }
now_ms() { date +%s%3N; }

# ---------------------------------------------------------------- processes
# pid_cmd PID -> command line with spaces (empty when the process is gone)
pid_cmd() { tr '\0' ' ' 2>/dev/null </proc/"$1"/cmdline || true; }
# alive_bench PIDFILE WORD -> prints the pid when it runs, its command line has WORD and mentions $T
alive_bench() {
  local pf=$1 word=$2 pid cmd
  [[ -s $pf ]] || return 1
  pid=$(tr -dc '0-9' <"$pf")
  [[ -n $pid ]] || return 1
  cmd=$(pid_cmd "$pid")
  [[ $cmd == *"$word"* && $cmd == *"$T/"* ]] || return 1
  printf '%s\n' "$pid"
}
# stop_pids SECONDS PID...: SIGTERM all, wait for all, then SIGKILL what is left
stop_pids() {
  local secs=$1 i pid left
  shift
  for pid in "$@"; do kill -TERM "$pid" 2>/dev/null || true; done
  for ((i = 0; i < secs * 20; i++)); do
    left=0
    for pid in "$@"; do kill -0 "$pid" 2>/dev/null && left=1; done
    ((left)) || return 0
    sleep 0.05
  done
  for pid in "$@"; do
    if kill -0 "$pid" 2>/dev/null; then
      log "pid $pid did not stop in ${secs}s, sending SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
    fi
  done
  sleep 0.2
}
# Processes started by the bench that could survive their parent: match the executable's
# name AND a command line that mentions $T/ (never anything else on the machine).
bench_leftovers() {
  local d pid exe cmd
  for d in /proc/[0-9]*; do
    pid=${d#/proc/}
    [[ $pid == "$$" ]] && continue
    exe=$(readlink "$d/exe" 2>/dev/null) || continue
    case ${exe##*/} in
      dockerd | containerd | containerd-shim | containerd-shim-runc-v1 | containerd-shim-runc-v2 | docker-registry | docker-proxy | runc) ;;
      *) continue ;;
    esac
    cmd=$(pid_cmd "$pid")
    [[ $cmd == *"$T/"* ]] && printf '%s\n' "$pid"
  done
  return 0
}

# ---------------------------------------------------------------- packages
ensure_packages() {
  local missing=() b
  for b in dockerd docker-registry docker-compose busybox tmux openssl curl ssh-keygen ssh-agent ssh-add podman; do
    command -v "$b" >/dev/null 2>&1 || missing+=("$b")
  done
  command -v docker >/dev/null 2>&1 || missing+=(docker)
  # the ssh:// engine tests run a private sshd (test/helpers/sshd.ts)
  [[ -x /usr/sbin/sshd ]] || missing+=(sshd)
  ((${#missing[@]} == 0)) && return 0
  log "missing: ${missing[*]}; installing Debian packages"
  [[ $(id -u) == 0 ]] || die "need root to apt-get install (missing: ${missing[*]})"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  # podman: test/helpers/podman.ts serves its Docker-compatible API for the Podman tests
  apt-get install -y docker.io docker-registry docker-compose busybox-static tmux openssl curl openssh-server openssh-client podman
}

# ---------------------------------------------------------------- certificates
# new_ca DIR CN
new_ca() {
  local dir=$1 cn=$2
  mkdir -p "$dir"
  openssl req -x509 -new -nodes -newkey rsa:2048 -sha256 -days 825 \
    -keyout "$dir/ca-key.pem" -out "$dir/ca.pem" -subj "/CN=$cn" \
    -addext "basicConstraints=critical,CA:TRUE" \
    -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
  chmod 0600 "$dir/ca-key.pem"
}
# new_leaf CA_DIR CERT KEY CN EXTENSIONS...
new_leaf() {
  local cadir=$1 cert=$2 key=$3 cn=$4
  shift 4
  local csr=$cert.csr ext=$cert.ext
  mkdir -p "$(dirname "$cert")" "$(dirname "$key")"
  openssl req -new -nodes -newkey rsa:2048 -sha256 -keyout "$key" -out "$csr" -subj "/CN=$cn" 2>/dev/null
  printf '%s\n' "basicConstraints=critical,CA:FALSE" "$@" >"$ext"
  openssl x509 -req -sha256 -days 825 -in "$csr" -CA "$cadir/ca.pem" -CAkey "$cadir/ca-key.pem" \
    -set_serial "0x$(openssl rand -hex 16)" -extfile "$ext" -out "$cert" 2>/dev/null
  rm -f "$csr" "$ext"
  chmod 0600 "$key"
}
SERVER_EXT=("keyUsage=critical,digitalSignature,keyEncipherment" "extendedKeyUsage=serverAuth"
  "subjectAltName=IP:127.0.0.1,DNS:localhost")
CLIENT_EXT=("keyUsage=critical,digitalSignature,keyEncipherment" "extendedKeyUsage=clientAuth")

ensure_certs() {
  local fresh=0
  if [[ ! -s $SSL/ca.pem || ! -s $SSL/ca-key.pem ]]; then
    log "creating engine CA in $SSL"
    new_ca "$SSL" "berth testbed engine CA"
    fresh=1
  fi
  if ((fresh)) || [[ ! -s $SSL/server-cert.pem || ! -s $SSL/server-key.pem ]]; then
    new_leaf "$SSL" "$SSL/server-cert.pem" "$SSL/server-key.pem" localhost "${SERVER_EXT[@]}"
  fi
  if ((fresh)) || [[ ! -s $T/client/cert.pem || ! -s $T/client/key.pem || ! -s $T/client/ca.pem ]]; then
    new_leaf "$SSL" "$T/client/cert.pem" "$T/client/key.pem" berth-client "${CLIENT_EXT[@]}"
    cp "$SSL/ca.pem" "$T/client/ca.pem"
  fi
  if [[ ! -s $T/wrong-ca/ca.pem || ! -s $T/wrong-ca/ca-key.pem ]]; then
    new_ca "$T/wrong-ca" "berth testbed WRONG CA"
    rm -f "$T/client-wrong/cert.pem"
  fi
  if ((fresh)) || [[ ! -s $T/client-wrong/cert.pem || ! -s $T/client-wrong/key.pem || ! -s $T/client-wrong/ca.pem ]]; then
    new_leaf "$T/wrong-ca" "$T/client-wrong/cert.pem" "$T/client-wrong/key.pem" berth-client "${CLIENT_EXT[@]}"
    cp "$SSL/ca.pem" "$T/client-wrong/ca.pem"
  fi
  # registry: its own CA
  local rfresh=0
  if [[ ! -s $R/ca.pem || ! -s $R/ca-key.pem ]]; then
    log "creating registry CA in $R"
    new_ca "$R" "berth testbed registry CA"
    rfresh=1
  fi
  if ((rfresh)) || [[ ! -s $R/server-cert.pem || ! -s $R/server-key.pem ]]; then
    new_leaf "$R" "$R/server-cert.pem" "$R/server-key.pem" localhost "${SERVER_EXT[@]}"
  fi
}

# ---------------------------------------------------------------- engine
engine_answers() { [[ -S $SOCK ]] && dk version --format '{{.Server.Version}}' >/dev/null 2>&1; }

start_dockerd() { # start_dockerd STORAGE_DRIVER ('' = dockerd's choice)
  local driver=$1 args
  args=(
    --data-root "$E/data" --exec-root "$E/exec" --pidfile "$E/dockerd.pid"
    -H "unix://$SOCK" -H "tcp://127.0.0.1:$EPORT"
    --tlsverify --tlscacert "$SSL/ca.pem" --tlscert "$SSL/server-cert.pem" --tlskey "$SSL/server-key.pem"
    --bridge none --iptables=false --ip6tables=false --ip-masq=false
    --cgroup-parent "/$CGROUP"
    --config-file "$E/daemon.json"
  )
  [[ -n $driver ]] && args+=(--storage-driver "$driver")
  printf '\n==== %s testbed: dockerd %s\n' "$(date -Is)" "${args[*]}" >>"$E/dockerd.log"
  # setsid: own session, so it survives the calling shell and terminal; stdin from /dev/null.
  setsid nohup dockerd "${args[@]}" </dev/null >>"$E/dockerd.log" 2>&1 &
  DOCKERD_PID=$!
}

wait_engine() { # wait_engine SECONDS -> 0 when answering, 1 on timeout, 2 when dockerd died
  local secs=$1 i
  for ((i = 0; i < secs * 10; i++)); do
    engine_answers && return 0
    kill -0 "$DOCKERD_PID" 2>/dev/null || { sleep 0.2; engine_answers && return 0; return 2; }
    sleep 0.1
  done
  return 1
}

ensure_engine() {
  mkdir -p "$E/data" "$E/exec"
  [[ -s $E/daemon.json ]] || printf '{\n  "log-driver": "json-file",\n  "log-opts": { "max-size": "10m", "max-file": "3" }\n}\n' >"$E/daemon.json"
  local pid
  if pid=$(alive_bench "$E/dockerd.pid" dockerd); then
    engine_answers && return 0
    DOCKERD_PID=$pid
    wait_engine 20 && return 0
    die "dockerd (pid $pid) runs but $SOCK does not answer; see $E/dockerd.log (try: $0 down)"
  fi
  rm -f "$E/dockerd.pid" # stale
  local driver=''
  [[ -s $E/storage-driver ]] && driver=$(<"$E/storage-driver")
  log "starting dockerd (tcp://127.0.0.1:$EPORT TLS, unix://$SOCK${driver:+, storage $driver})"
  local from
  from=0; [[ -f $E/dockerd.log ]] && from=$(wc -c <"$E/dockerd.log")
  start_dockerd "$driver"
  local rc=0
  wait_engine 60 || rc=$?
  if ((rc == 2)) && [[ -z $driver ]] && tail -c +"$((from + 1))" "$E/dockerd.log" | grep -qiE 'overlay|storage.driver|graphdriver'; then
    log "dockerd failed with the default storage driver; retrying with --storage-driver vfs"
    echo vfs >"$E/storage-driver"
    rm -f "$E/dockerd.pid"
    start_dockerd vfs
    rc=0
    wait_engine 60 || rc=$?
  fi
  if ((rc != 0)); then
    printf -- '--- last lines of %s ---\n' "$E/dockerd.log" >&2
    tail -n 25 "$E/dockerd.log" >&2 || true
    ((rc == 2)) && die "dockerd exited during startup (see above)"
    die "engine did not answer on unix://$SOCK within 60 s"
  fi
  if [[ ! -s $E/storage-driver ]]; then
    dk info --format '{{.Driver}}' >"$E/storage-driver" 2>/dev/null || rm -f "$E/storage-driver"
  fi
}

# ---------------------------------------------------------------- image
# make_image NAME RELEASE-TEXT: import a busybox rootfs (RELEASE-TEXT goes to /etc/berth-release)
make_image() {
  local name=$1 release=$2 root=$T/image/rootfs a
  if [[ ! -x $root/bin/busybox ]]; then
    rm -rf "$T/image"
    mkdir -p "$root"/{bin,etc,tmp,root,proc,sys,dev,var,home,usr}
    cp "$(command -v busybox)" "$root/bin/busybox"
    for a in $("$root/bin/busybox" --list); do
      [[ $a == busybox ]] || ln -sf busybox "$root/bin/$a"
    done
    ln -s ../bin "$root/usr/bin"
    ln -s bin "$root/sbin"
    printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/bin/false\n' >"$root/etc/passwd"
    printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"
    chmod 1777 "$root/tmp"
    chmod 0700 "$root/root"
  fi
  printf '%s\n' "$release" >"$root/etc/berth-release"
  tar -C "$root" --numeric-owner --owner=0 --group=0 --sort=name --mtime=@0 -c . |
    dk import --change 'ENV PATH=/bin' --change 'CMD ["sh"]' - "$name" >/dev/null
}

ensure_image() {
  dk image inspect "$IMAGE" >/dev/null 2>&1 && return 0
  log "importing $IMAGE from busybox-static"
  make_image "$IMAGE" "berth-test busybox base"
}

# ---------------------------------------------------------------- containers
# shellcheck disable=SC2016 # expanded by the container's sh
LOGGER_SH='i=0; while :; do i=$((i+1)); ts=$(date -u +%Y-%m-%dT%H:%M:%SZ); if [ $((i % 5)) -eq 0 ]; then echo "$ts stderr line $i" >&2; else echo "$ts stdout line $i"; fi; sleep 0.5; done'
# shellcheck disable=SC2016
COLORS_SH='i=0; while :; do i=$((i+1)); printf "\033[31mred\033[0m \033[32mgreen\033[0m \033[33myellow\033[0m \033[1;34mbold-blue\033[0m \033[7mreverse\033[0m line %d\n" $i; sleep 2; done'

create_container() { # create_container NAME [docker create args...] -- IMAGE CMD...
  local name=$1
  shift
  dk create --name "$name" --label "$LABEL" --network none --restart no "$@" >/dev/null
}

ensure_containers() {
  local states name state
  # name -> state, one call
  declare -A have=()
  states=$(dk ps -a --filter "label=$LABEL" --format '{{.Names}} {{.State}}')
  while read -r name state; do
    [[ -n ${name:-} ]] && have[$name]=$state
  done <<<"$states"
  local -a to_start=()
  if [[ -z ${have[bench-logger]:-} ]]; then
    create_container bench-logger --init "$IMAGE" sh -c "$LOGGER_SH"
    have[bench-logger]=created
  fi
  if [[ -z ${have[bench-colors]:-} ]]; then
    create_container bench-colors --init "$IMAGE" sh -c "$COLORS_SH"
    have[bench-colors]=created
  fi
  if [[ -z ${have[bench-idle]:-} ]]; then
    create_container bench-idle --init "$IMAGE" sleep 1000000
    have[bench-idle]=created
  fi
  if [[ -z ${have[bench-env]:-} ]]; then
    create_container bench-env --init -e DB_PASSWORD=hunter2 -e API_TOKEN=abc123 -e MODE=demo "$IMAGE" sleep 1000000
    have[bench-env]=created
  fi
  for name in bench-logger bench-colors bench-idle bench-env; do
    [[ ${have[$name]} == running ]] || to_start+=("$name")
  done
  # bench-done runs once and stays exited
  if [[ -z ${have[bench-done]:-} ]]; then
    create_container bench-done "$IMAGE" echo "done"
    to_start+=(bench-done)
  fi
  if ((${#to_start[@]})); then
    # a paused container cannot be started; unpause those instead
    local -a paused=() start=()
    for name in "${to_start[@]}"; do
      if [[ ${have[$name]:-} == paused ]]; then paused+=("$name"); else start+=("$name"); fi
    done
    ((${#paused[@]})) && dk unpause "${paused[@]}" >/dev/null
    ((${#start[@]})) && dk start "${start[@]}" >/dev/null
    log "started: ${to_start[*]}"
  fi
  # leave bench-done exited
  if [[ " ${to_start[*]} " == *" bench-done "* ]]; then
    dk wait bench-done >/dev/null
  fi
  return 0
}

# ---------------------------------------------------------------- registry
registry_answers() {
  [[ $(curl -s -o /dev/null -w '%{http_code}' --max-time 3 --cacert "$R/ca.pem" "https://$REG/v2/" 2>/dev/null) == 200 ]]
}

ensure_registry() {
  mkdir -p "$R/data"
  cat >"$R/config.yml.new" <<EOF
version: 0.1
log:
  level: info
  fields:
    service: registry
storage:
  filesystem:
    rootdirectory: $R/data
  delete:
    enabled: true
http:
  addr: $REG
  headers:
    X-Content-Type-Options: [nosniff]
  tls:
    certificate: $R/server-cert.pem
    key: $R/server-key.pem
EOF
  if cmp -s "$R/config.yml.new" "$R/config.yml"; then rm -f "$R/config.yml.new"; else mv "$R/config.yml.new" "$R/config.yml"; fi

  local pid
  if pid=$(alive_bench "$R/registry.pid" docker-registry); then
    registry_answers && return 0
  else
    rm -f "$R/registry.pid"
    log "starting registry on https://$REG"
    printf '\n==== %s testbed: docker-registry serve %s\n' "$(date -Is)" "$R/config.yml" >>"$R/registry.log"
    # keep REGISTRY_* variables from overriding the config
    (
      while IFS='=' read -r v _; do [[ $v == REGISTRY_* ]] && unset "$v"; done < <(env)
      setsid nohup docker-registry serve "$R/config.yml" </dev/null >>"$R/registry.log" 2>&1 &
      echo $! >"$R/registry.pid"
    )
    pid=$(<"$R/registry.pid")
  fi
  local i
  for ((i = 0; i < 300; i++)); do
    registry_answers && return 0
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  printf -- '--- last lines of %s ---\n' "$R/registry.log" >&2
  tail -n 15 "$R/registry.log" >&2 || true
  die "registry did not answer 200 on https://$REG/v2/"
}

ensure_certs_d() {
  # dockerd (as root) reads /etc/docker/certs.d/<host:port>/ca.crt; so does berth by convention.
  if ! cmp -s "$R/ca.pem" "$CERTS_D/ca.crt" 2>/dev/null; then
    if mkdir -p "$CERTS_D" 2>/dev/null && cp "$R/ca.pem" "$CERTS_D/ca.crt" 2>/dev/null; then
      log "installed registry CA as $CERTS_D/ca.crt"
    else
      log "warning: could not write $CERTS_D/ca.crt (not root?)"
    fi
  fi
}

# repository tags to seed: REPO:TAG=VARIANT (same variant = same image = same digest)
SEED=(
  tools/busybox:1.0.0=v1.0.0
  tools/busybox:1.2.0=v1.2.0
  tools/busybox:1.10.0=v1.10.0
  tools/busybox:2.0.0-rc.1=v2.0.0-rc.1
  tools/busybox:2.0.0=base
  tools/busybox:latest=base
  apps/web:1.0=web-1.0
  apps/web:1.1=web-1.1
  library/hello:latest=base
)

registry_tags() { # registry_tags REPO -> one tag per line
  curl -s --max-time 5 --cacert "$R/ca.pem" "https://$REG/v2/$1/tags/list" |
    grep -o '"tags":\[[^]]*\]' | sed 's/^"tags":\[//; s/\]$//' | tr ',' '\n' | tr -d '"' || true
}

ensure_seed() {
  local entry ref repo tag variant
  declare -A tags=()
  local -a missing=()
  for entry in "${SEED[@]}"; do
    ref=${entry%%=*}
    repo=${ref%%:*}
    if [[ -z ${tags[$repo]+x} ]]; then tags[$repo]=" $(registry_tags "$repo" | tr '\n' ' ') "; fi
    tag=${ref#*:}
    [[ ${tags[$repo]} == *" $tag "* ]] || missing+=("$entry")
  done
  ((${#missing[@]} == 0)) && return 0
  log "seeding registry: ${missing[*]%%=*}"
  declare -A made=()
  local local_ref
  for entry in "${missing[@]}"; do
    ref=${entry%%=*}
    variant=${entry#*=}
    local_ref=$REG/$ref
    if [[ $variant == base ]]; then
      dk tag "$IMAGE" "$local_ref"
    else
      if [[ -z ${made[$variant]:-} ]] && ! dk image inspect "berth-test/variant:$variant" >/dev/null 2>&1; then
        make_image "berth-test/variant:$variant" "berth-test $variant"
      fi
      made[$variant]=1
      dk tag "berth-test/variant:$variant" "$local_ref"
    fi
    dk push -q "$local_ref" >/dev/null || die "push $local_ref failed"
  done
  # keep the local image list tidy: the 127.0.0.1:PORT/... tags stay, the build names go
  for variant in "${!made[@]}"; do dk rmi "berth-test/variant:$variant" >/dev/null 2>&1 || true; done
}

# ---------------------------------------------------------------- commands
cmd_up() {
  local t0
  t0=$(now_ms)
  ensure_packages
  mkdir -p "$T" "$E" "$R" "$DOCKER_CONFIG"
  : >"$MARKER"
  ensure_certs
  ensure_engine
  ensure_image
  ensure_containers
  ensure_registry
  ensure_certs_d
  ensure_seed
  docker-compose version --short >/dev/null 2>&1 || die "docker-compose version failed"
  local driver running
  driver=$(cat "$E/storage-driver" 2>/dev/null || echo '?')
  running=$(dk ps -q --filter "label=$LABEL" | wc -l)
  printf 'testbed up in %sms: engine tcp://127.0.0.1:%s (TLS, storage %s) + unix://%s, %s bench containers running, registry https://%s, state %s\n' \
    "$(($(now_ms) - t0))" "$EPORT" "$driver" "$SOCK" "$running" "$REG" "$T"
}

unmount_under_T() {
  local m
  # deepest first
  while read -r m; do
    [[ -n $m ]] || continue
    umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || log "could not unmount $m"
  done < <(awk -v t="$T/" 'index($2, t) == 1 { print $2 }' /proc/self/mounts | sort -r)
}

cmd_down() {
  local purge=0 pid
  [[ ${1:-} == --purge ]] && purge=1
  # registry and dockerd in parallel (dockerd stops the containers, then its containerd: ~3 s)
  local -a pids=()
  if pid=$(alive_bench "$R/registry.pid" docker-registry); then
    log "stopping registry (pid $pid)"
    pids+=("$pid")
  fi
  if pid=$(alive_bench "$E/dockerd.pid" dockerd); then
    log "stopping dockerd (pid $pid)"
    pids+=("$pid")
  fi
  ((${#pids[@]})) && stop_pids 40 "${pids[@]}"
  # dockerd's containerd, shims, runc, proxies, a registry without pid file...
  local left
  left=$(bench_leftovers)
  if [[ -n $left ]]; then
    log "stopping leftover bench processes: ${left//$'\n'/ }"
    # shellcheck disable=SC2086
    stop_pids 5 $left
  fi
  # container processes orphaned by a killed shim live in the bench cgroup
  local f
  for f in /sys/fs/cgroup/*/"$CGROUP"/*/cgroup.procs /sys/fs/cgroup/"$CGROUP"/*/cgroup.procs; do
    [[ -r $f ]] || continue
    for pid in $(<"$f"); do kill -KILL "$pid" 2>/dev/null || true; done
  done
  rmdir /sys/fs/cgroup/*/"$CGROUP"/*/ /sys/fs/cgroup/*/"$CGROUP"/ 2>/dev/null || true
  unmount_under_T
  rm -f "$E/dockerd.pid" "$SOCK" "$R/registry.pid"
  rm -rf "$E/exec/containerd/containerd.pid" 2>/dev/null || true
  if ((purge)); then
    if [[ -d $T ]]; then
      [[ -e $MARKER && $T != / && -n $T ]] || die "refusing to purge $T: no $MARKER"
      if [[ -s $R/ca.pem ]] && cmp -s "$R/ca.pem" "$CERTS_D/ca.crt" 2>/dev/null; then
        rm -f "$CERTS_D/ca.crt"
        rmdir "$CERTS_D" 2>/dev/null || true
      fi
      rm -rf "$T"
      log "purged $T"
    fi
  fi
  if ((purge)); then echo "testbed down (purged $T)"; else echo "testbed down (state kept in $T)"; fi
}

json_str() { local s=$1; s=${s//\\/\\\\}; s=${s//\"/\\\"}; printf '"%s"' "$s"; }

cmd_env() {
  local -a keys=(DOCKER_HOST DOCKER_TLS_VERIFY DOCKER_CERT_PATH BERTH_TESTBED_SOCKET BERTH_REGISTRY BERTH_REGISTRY_CA BERTH_TESTBED_DIR)
  local -A val=(
    [DOCKER_HOST]=tcp://127.0.0.1:$EPORT
    [DOCKER_TLS_VERIFY]=1
    [DOCKER_CERT_PATH]=$T/client
    [BERTH_TESTBED_SOCKET]=unix://$SOCK
    [BERTH_REGISTRY]=https://$REG
    [BERTH_REGISTRY_CA]=$R/ca.pem
    [BERTH_TESTBED_DIR]=$T
  )
  local k sep=''
  if [[ ${1:-} == --json ]]; then
    printf '{'
    for k in "${keys[@]}"; do
      printf '%s"%s":%s' "$sep" "$k" "$(json_str "${val[$k]}")"
      sep=','
    done
    printf '}\n'
  else
    for k in "${keys[@]}"; do printf 'export %s=%q\n' "$k" "${val[$k]}"; done
  fi
}

cmd_status() {
  local ok=0 v
  if v=$(docker --tlsverify --tlscacert "$T/client/ca.pem" --tlscert "$T/client/cert.pem" --tlskey "$T/client/key.pem" \
    -H "tcp://127.0.0.1:$EPORT" version --format '{{.Server.Version}} API {{.Server.APIVersion}}' 2>/dev/null); then
    echo "engine:   up   tcp://127.0.0.1:$EPORT TLS (Docker $v)"
  else
    echo "engine:   DOWN tcp://127.0.0.1:$EPORT (TLS) does not answer"
    ok=1
  fi
  if registry_answers; then
    echo "registry: up   https://$REG"
  else
    echo "registry: DOWN https://$REG/v2/ does not answer 200"
    ok=1
  fi
  return $ok
}

case ${1:-} in
  up) cmd_up ;;
  down) shift; cmd_down "$@" ;;
  env) shift; cmd_env "$@" ;;
  status) cmd_status ;;
  *) echo "usage: $0 up | down [--purge] | env [--json] | status" >&2; exit 2 ;;
esac
