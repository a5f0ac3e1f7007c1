import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';

export type SystemdState = {usable: true} | {usable: false; reason: string};

// sd_booted(3): systemd is the init system iff /run/systemd/system exists. Without it systemctl cannot reach a
// manager ("System has not been booted with systemd as init system").
export function systemdState(runDir = '/run/systemd/system'): SystemdState {
  let init = '?';
  try {
    init = readFileSync('/proc/1/comm', 'utf8').trim();
  } catch {
    // no /proc/1/comm (not Linux, or hidden): the init system stays '?'
  }
  if (!existsSync(runDir))
    return {
      usable: false,
      reason: `systemd is not the init system here (PID 1 is "${init}"), so systemctl cannot reload or restart the engine`,
    };
  const probe = spawnSync('systemctl', ['--version'], {stdio: 'ignore', timeout: 10_000});
  if (probe.error || probe.status !== 0) return {usable: false, reason: 'systemctl cannot run here'};
  return {usable: true};
}

export function systemctl(args: string[]): {ok: boolean; output: string} {
  const result = spawnSync('systemctl', args, {encoding: 'utf8', timeout: 120_000});
  return {
    ok: result.status === 0,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() || (result.error?.message ?? ''),
  };
}
