#!/usr/bin/env bash
# A stand-in for systemctl where systemd is not PID 1 (these machines): just what `berth setup remote --apply`
# calls, acting on a dockerd of the test's own. systemd itself cannot be had here; dockerd, its flags, the TLS
# handshake and the drop-in's command line are real.
#   BERTH_SYSTEM_ROOT  root with lib/systemd/system/docker.service and etc/systemd/system/docker.service.d/
#   STANDIN_PIDFILE    the dockerd's --pidfile;  STANDIN_SOCKET its unix socket;  STANDIN_LOG its log
set -u
root=$BERTH_SYSTEM_ROOT
echo "$*" >>"$root/systemctl.calls"
case "${1:-}" in
  --version) echo 'systemd (berth test stand-in)'; exit 0 ;;
  daemon-reload) exit 0 ;;
  restart) [ "${2:-}" = docker ] || exit 1 ;;
  *) exit 1 ;;
esac
# The command systemd would run: the last non-empty ExecStart= of the unit, then of the drop-ins in name order.
line=
for f in "$root/lib/systemd/system/docker.service" $(ls "$root"/etc/systemd/system/docker.service.d/*.conf 2>/dev/null | sort); do
  while IFS= read -r l; do case $l in ExecStart=?*) line=${l#ExecStart=} ;; esac; done <"$f"
done
pid=$(cat "$STANDIN_PIDFILE" 2>/dev/null)
if [ -n "$pid" ]; then
  kill -TERM "$pid" 2>/dev/null
  for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
fi
DOCKER_OPTS=
eval "set -- $line"
setsid "$@" >>"$STANDIN_LOG" 2>&1 </dev/null &
started=$!
# Type=notify: restart returns when dockerd is ready, fails when it exits first.
for _ in $(seq 600); do
  docker -H "unix://$STANDIN_SOCKET" version >/dev/null 2>&1 && exit 0
  kill -0 "$started" 2>/dev/null || exit 1
  sleep 0.1
done
exit 1
