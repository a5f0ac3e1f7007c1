import {readdirSync, statSync} from 'node:fs';
import {basename, dirname} from 'node:path';
import type Docker from 'dockerode';
import type {EngineTarget} from '../target.js';
import {isLoopback} from '../target.js';
import {compareText} from '../../text/compare.js';
import {itemAt} from '../../util/item-at.js';

export type ContainerLogFacts = {
  id: string;
  name: string;
  state: string;
  driver: string;
  options: Record<string, string>;
  // json-file without max-size: the log grows until the disk is full.
  unbounded: boolean;
  // Local engines only: the bytes of <id>-json.log and its rotated files (.1, .2.gz, …).
  logBytes?: number;
  logFiles?: number;
};

export type LogHygiene = {
  containers: ContainerLogFacts[];
  unbounded: ContainerLogFacts[];
  // Whether the log files could be measured (unix socket or loopback, and LogPath readable by berth).
  local: boolean;
  totalLogBytes?: number;
};

type Inspect = {
  Id: string;
  Name?: string;
  State?: {Status?: string};
  LogPath?: string;
  HostConfig?: {LogConfig?: {Type?: string; Config?: Record<string, string> | null}};
};

async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({length: Math.min(limit, items.length)}, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(itemAt(items, i));
      }
    }),
  );
  return out;
}

function measure(logPath: string | undefined): {bytes: number; files: number} | undefined {
  if (!logPath) return undefined;
  try {
    const dir = dirname(logPath);
    const base = basename(logPath);
    let bytes = 0;
    let files = 0;
    for (const name of readdirSync(dir)) {
      if (name !== base && !name.startsWith(`${base}.`)) continue;
      bytes += statSync(`${dir}/${name}`).size;
      files++;
    }
    return files ? {bytes, files} : undefined;
  } catch {
    return undefined;
  }
}

// Every container's log driver and options come from inspect, so this works on remote engines; the file sizes
// only where the engine runs on this machine and its LogPath is readable. Largest logs first, then by name.
export async function logHygiene(docker: Docker, target: EngineTarget): Promise<LogHygiene> {
  const list = await docker.listContainers({all: true});
  const maybeLocal =
    target.kind === 'unix' || (target.kind === 'tcp' && Boolean(target.host) && isLoopback(target.host!));
  const facts = await mapLimited(list, 8, async (row): Promise<ContainerLogFacts | undefined> => {
    let inspect: Inspect;
    try {
      inspect = await docker.getContainer(row.Id).inspect();
    } catch {
      return undefined; // removed meanwhile
    }
    const driver = inspect.HostConfig?.LogConfig?.Type ?? '';
    const options = inspect.HostConfig?.LogConfig?.Config ?? {};
    const measured = maybeLocal ? measure(inspect.LogPath) : undefined;
    return {
      id: inspect.Id,
      name: (inspect.Name ?? row.Names?.[0] ?? inspect.Id.slice(0, 12)).replace(/^\//, ''),
      state: inspect.State?.Status ?? row.State ?? '',
      driver,
      options,
      // max-size -1 is json-file's own "unlimited".
      unbounded: driver === 'json-file' && (!options['max-size'] || options['max-size'] === '-1'),
      logBytes: measured?.bytes,
      logFiles: measured?.files,
    };
  });
  const containers = facts.filter((f): f is ContainerLogFacts => Boolean(f));
  const local = containers.some(c => c.logBytes !== undefined);
  containers.sort((a, b) => (b.logBytes ?? -1) - (a.logBytes ?? -1) || compareText(a.name, b.name));
  return {
    containers,
    unbounded: containers.filter(c => c.unbounded),
    local,
    totalLogBytes: local ? containers.reduce((sum, c) => sum + (c.logBytes ?? 0), 0) : undefined,
  };
}
