import type {IncomingMessage} from 'node:http';
import type {EngineClient} from './client.js';
import {dial} from './client.js';
import {engineClockOffset} from '../text/since.js';

const offsets = new WeakMap<EngineClient, number>();

// `since 10s` means ten seconds of the engine's clock, which on a remote host may differ from ours: the Date
// header of /_ping tells by how much (to a second).
export async function engineClockOffsetMs(client: EngineClient): Promise<number> {
  const known = offsets.get(client);
  if (known !== undefined) return known;
  try {
    const response = (await dial(client.docker, {
      path: '/_ping',
      method: 'GET',
      isStream: true,
      timeoutMs: 5000,
    })) as IncomingMessage;
    response.resume();
    const offset = engineClockOffset(response.headers.date, Date.now());
    offsets.set(client, offset);
    return offset;
  } catch {
    return 0;
  }
}

const systemOffsets = new WeakMap<EngineClient, Promise<number>>();

// The engine's clock against ours from /info's SystemTime (RFC 3339 with nanoseconds), taken at the middle of
// the request: off by at most half the round trip (milliseconds on a LAN), where /_ping's Date header above is
// whole seconds. Several engines' lines are ordered by their timestamps less each engine's offset. Asked once per
// connection; 0 when the engine does not answer (the order is then the engines' own clocks).
export function engineSystemTimeOffsetMs(client: EngineClient): Promise<number> {
  let offset = systemOffsets.get(client);
  if (!offset) {
    offset = measureSystemTime(client);
    systemOffsets.set(client, offset);
  }
  return offset;
}

async function measureSystemTime(client: EngineClient): Promise<number> {
  try {
    const sent = Date.now();
    const info = (await dial(client.docker, {path: '/info', method: 'GET', timeoutMs: 5000})) as {SystemTime?: unknown};
    const received = Date.now();
    const engineMs = typeof info?.SystemTime === 'string' ? parseSystemTime(info.SystemTime) : undefined;
    return engineMs === undefined ? 0 : Math.round(engineMs - (sent + received) / 2);
  } catch {
    return 0;
  }
}

// Date.parse takes at most milliseconds everywhere; the engine writes up to nanoseconds.
export function parseSystemTime(text: string): number | undefined {
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const ms = Date.parse(`${match[1]}${match[3]}`);
  if (Number.isNaN(ms)) return undefined;
  return ms + Number(`0.${match[2] ?? '0'}`) * 1000;
}
