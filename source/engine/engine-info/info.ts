import {existsSync, readFileSync} from 'node:fs';
import type Docker from 'dockerode';
import {dial} from '../client.js';
import type {EngineTarget} from '../target.js';
import {findLocalDaemon} from './local-daemon.js';

export type EngineInfoFacts = {
  name?: string;
  serverVersion?: string;
  operatingSystem?: string;
  dockerRootDir?: string;
  storageDriver?: string;
  loggingDriver?: string;
  cgroupDriver?: string;
  cgroupVersion?: string;
  swarm?: {state: string; controlAvailable: boolean; nodeId?: string; error?: string};
  // What the engine itself warns about (no swap limit support, TCP without TLS, …).
  warnings: string[];
  containers: {total: number; running: number; paused: number; stopped: number};
  images?: number;
  // The engine's clock (/info SystemTime) minus berth's at the middle of the request, in milliseconds.
  clockSkewMs?: number;
  // The daemon's default log options are not part of the API: known only for a local engine whose daemon.json
  // berth can read. `undefined` = unknown.
  daemonLogOpts?: {configFile: string; logDriver?: string; logOpts: Record<string, string>};
};

type Info = {
  Name?: string;
  ServerVersion?: string;
  OperatingSystem?: string;
  DockerRootDir?: string;
  Driver?: string;
  LoggingDriver?: string;
  CgroupDriver?: string;
  CgroupVersion?: string;
  Swarm?: {LocalNodeState?: string; ControlAvailable?: boolean; NodeID?: string; Error?: string};
  Warnings?: string[] | null;
  Containers?: number;
  ContainersRunning?: number;
  ContainersPaused?: number;
  ContainersStopped?: number;
  Images?: number;
  SystemTime?: string;
};

export async function engineInfoFacts(
  docker: Docker,
  target: EngineTarget,
  options: {signal?: AbortSignal} = {},
): Promise<EngineInfoFacts> {
  const sent = Date.now();
  const info = (await dial(docker, {path: '/info', method: 'GET', timeoutMs: 15_000, signal: options.signal})) as Info;
  const received = Date.now();
  const engineTime = info.SystemTime ? Date.parse(info.SystemTime) : Number.NaN;
  return {
    name: info.Name,
    serverVersion: info.ServerVersion,
    operatingSystem: info.OperatingSystem,
    dockerRootDir: info.DockerRootDir,
    storageDriver: info.Driver,
    loggingDriver: info.LoggingDriver,
    cgroupDriver: info.CgroupDriver,
    cgroupVersion: info.CgroupVersion,
    swarm: info.Swarm
      ? {
          state: info.Swarm.LocalNodeState ?? 'inactive',
          controlAvailable: Boolean(info.Swarm.ControlAvailable),
          nodeId: info.Swarm.NodeID || undefined,
          error: info.Swarm.Error || undefined,
        }
      : undefined,
    warnings: info.Warnings ?? [],
    containers: {
      total: info.Containers ?? 0,
      running: info.ContainersRunning ?? 0,
      paused: info.ContainersPaused ?? 0,
      stopped: info.ContainersStopped ?? 0,
    },
    images: info.Images,
    clockSkewMs: Number.isNaN(engineTime) ? undefined : Math.round(engineTime - (sent + received) / 2),
    daemonLogOpts: localDaemonLogOpts(target),
  };
}

function localDaemonLogOpts(target: EngineTarget): EngineInfoFacts['daemonLogOpts'] {
  const daemon = findLocalDaemon(target);
  if (!daemon) return undefined;
  if (!existsSync(daemon.configFile)) return {configFile: daemon.configFile, logOpts: {}};
  try {
    const settings = JSON.parse(readFileSync(daemon.configFile, 'utf8') || '{}') as Record<string, unknown>;
    const opts = settings['log-opts'];
    return {
      configFile: daemon.configFile,
      logDriver: typeof settings['log-driver'] === 'string' ? settings['log-driver'] : undefined,
      logOpts:
        typeof opts === 'object' && opts !== null
          ? Object.fromEntries(Object.entries(opts).map(([k, v]) => [k, String(v)]))
          : {},
    };
  } catch {
    return undefined;
  }
}
