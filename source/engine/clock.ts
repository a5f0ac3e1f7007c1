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
