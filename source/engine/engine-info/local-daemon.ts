import {readFileSync, readdirSync} from 'node:fs';
import {type EngineTarget, isLoopback} from '../target.js';

export type LocalDaemon = {pid: number; configFile: string};

// The dockerd process behind a local engine, found by the address it was told to listen on (its -H), and the
// daemon.json it reads (--config-file, else the default). Only for unix sockets and loopback TCP; undefined when
// /proc does not show it (another user's process, another machine behind a forwarded port, -H fd://).
export function findLocalDaemon(
  target: EngineTarget,
  defaultConfig = '/etc/docker/daemon.json',
): LocalDaemon | undefined {
  const wanted =
    target.kind === 'unix'
      ? [`unix://${target.socketPath}`, target.socketPath!]
      : target.kind === 'tcp' && target.host && isLoopback(target.host)
        ? [`tcp://${target.host}:${target.port}`, `${target.host}:${target.port}`]
        : [];
  if (wanted.length === 0) return undefined;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter(name => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const defaultSocket =
    target.kind === 'unix' && ['/var/run/docker.sock', '/run/docker.sock'].includes(target.socketPath!);
  let fallback: LocalDaemon | undefined;
  for (const pid of pids) {
    let args: string[];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    } catch {
      continue;
    }
    if (!args[0] || !/(^|\/)dockerd$/.test(args[0])) continue;
    const configFile = flagValue(args, '--config-file') ?? defaultConfig;
    const hosts = [...flagValues(args, '-H'), ...flagValues(args, '--host')];
    if (hosts.some(host => wanted.includes(host))) return {pid: Number(pid), configFile};
    // The system engine usually listens on the default socket through -H fd:// (socket activation) or no -H.
    if (defaultSocket && (hosts.length === 0 || hosts.includes('fd://'))) fallback ??= {pid: Number(pid), configFile};
  }
  return fallback;
}

function flagValues(args: string[], name: string): string[] {
  const out: string[] = [];
  args.forEach((arg, i) => {
    const next = args[i + 1];
    if (arg === name && next) out.push(next);
    else if (arg.startsWith(`${name}=`)) out.push(arg.slice(name.length + 1));
  });
  return out;
}
const flagValue = (args: string[], name: string) => flagValues(args, name).at(-1);
