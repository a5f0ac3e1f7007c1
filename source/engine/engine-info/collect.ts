import type {EngineClient} from '../client.js';
import {type ConnectionFacts, connectionFacts} from './connection.js';
import {type DiskUsage, diskUsage} from './disk-usage.js';
import {type EngineInfoFacts, engineInfoFacts} from './info.js';
import {type LogHygiene, logHygiene} from './log-hygiene.js';

export type Part<T> = {value: T; error?: undefined} | {value?: undefined; error: string};

export type EngineFacts = {
  version: EngineClient['version'];
  connection: ConnectionFacts;
  info: Part<EngineInfoFacts>;
  disk: Part<DiskUsage>;
  logs: Part<LogHygiene>;
};

const part = async <T>(work: Promise<T>): Promise<Part<T>> => {
  try {
    return {value: await work};
  } catch (error) {
    return {error: error instanceof Error ? error.message : String(error)};
  }
};

// Everything the engine view shows, in one call; each request part succeeds or fails on its own, so a slow or refused
// /system/df does not hide the version and the log hygiene.
export async function collectEngineFacts(
  client: EngineClient,
  options: {signal?: AbortSignal} = {},
): Promise<EngineFacts> {
  const [version, info, disk, logs] = await Promise.all([
    client.fullVersion().catch(() => client.version),
    part(engineInfoFacts(client.docker, client.target, options)),
    part(diskUsage(client.docker, options)),
    part(logHygiene(client.docker, client.target)),
  ]);
  return {version, connection: connectionFacts(client.target, client.api), info, disk, logs};
}
