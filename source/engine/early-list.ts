import {JsonArrayElements} from './limits/json-array-elements.js';
import {LIST_FIX, MAX_CONTAINER_LIST_BYTES, MAX_CONTAINER_ROWS, tooManyContainers} from './limits/list-bounds.js';
import {noAnswer, stalledRead, stoppedArriving, tooLargeRead} from './limits/read-errors.js';
import {DEFAULT_ENGINE_TIMEOUTS, type EngineTimeouts} from './limits/timed-agent.js';
import {containerRowMaker, sortContainers, type ContainerRow} from './containers/rows.js';
import {EarlyTimeout, earlyGet, engineClock, type Early} from './early-http.js';
import type {EngineTarget} from './target.js';

// The early list, and its answer's headers: dockerd and Podman name their product, version and API version on every
// answer (Server, Api-Version), as on /_ping's, so the connection is made from them and no ping is asked beside the
// list (a second TLS handshake and request: without them a start on Node 20 took ~10 ms less CPU). Undefined when
// the answer is not a 200; headers that do not name the engine are the connection's to judge (it then asks /_ping,
// client.ts). Rejects as the request does when no answer comes.
export type EarlyListRequest = Early<EarlyList> & {headers: Promise<Record<string, unknown> | undefined>};

export type EarlyList = {
  rows: ContainerRow[];
  // The engine's clock when it answered (whole Unix seconds, its Date header), and ours when the answer began
  // (ms): where berth's start falls on the engine's clock (engine/events/before-start.ts).
  engineTime?: number;
  answeredAt?: number;
};

// A list of up to WHOLE_BYTES is parsed in one JSON.parse: at start the code is not yet compiled, and scanning each
// byte in JavaScript took 5-10 ms of a 100-container start. A longer one is parsed element by element, as the
// session's lists are (engine/limits/json-array-elements.ts says why).
const WHOLE_BYTES = 4 * 1024 * 1024;

// The first container list, asked as the process starts (docs/benchmarks.md, "Start"). Its path has no API version:
// the version is negotiated from its own headers (or /_ping's), and an engine's own version of this answer has every
// field a row reads. An answer that is not a clean list (another status, not JSON, a row without an Id) rejects with a
// plain Error, and the session lists again through dockerode, with that path's messages. What the engine itself
// causes (no answer, a pause, more than the bounds) rejects with the message the session's lists give, as a
// BerthError: asking again would only wait as long once more.
export function earlyList(
  target: EngineTarget,
  timeouts: EngineTimeouts = DEFAULT_ENGINE_TIMEOUTS,
): EarlyListRequest | undefined {
  const where = `engine ${target.url}`;
  let heard: (headers: Record<string, unknown> | undefined) => void = () => {};
  let failed: (error: unknown) => void = () => {};
  const headers = new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
    heard = resolve;
    failed = reject;
  });
  const early = earlyGet(
    target,
    '/containers/json?all=1',
    async (response, body) => {
      const answeredAt = Date.now();
      heard(response.statusCode === 200 ? response.headers : undefined);
      if (response.statusCode !== 200) throw new Error(`early container list: status ${response.statusCode}`);
      const make = containerRowMaker();
      const rows: ContainerRow[] = [];
      let count = 0;
      let clean = true;
      const take = (info: unknown) => {
        // Past the bound the rest is only counted, for the message.
        if (++count > MAX_CONTAINER_ROWS) return;
        if (info && typeof info === 'object' && typeof (info as {Id?: unknown}).Id === 'string')
          rows.push(make(info as Parameters<typeof make>[0]));
        else clean = false;
      };
      const held: Buffer[] = [];
      let elements: JsonArrayElements | undefined;
      let size = 0;
      for await (const chunk of body) {
        size += chunk.length;
        if (size > MAX_CONTAINER_LIST_BYTES)
          throw tooLargeRead(where, 'container list', MAX_CONTAINER_LIST_BYTES, LIST_FIX);
        if (!clean) break;
        if (!elements && size <= WHOLE_BYTES) {
          held.push(chunk);
          continue;
        }
        elements ??= new JsonArrayElements(text => {
          if (!clean) return;
          try {
            take(JSON.parse(text));
          } catch {
            clean = false;
          }
        });
        for (const part of held.splice(0)) elements.push(part);
        elements.push(chunk);
      }
      if (!elements) {
        let whole: unknown;
        try {
          whole = JSON.parse(Buffer.concat(held).toString('utf8'));
        } catch {
          clean = false;
        }
        if (Array.isArray(whole)) for (const info of whole) take(info);
        else clean = false;
      } else if (elements.notArray || !elements.complete) clean = false;
      if (!clean) throw new Error('early container list: not a clean list');
      if (count > MAX_CONTAINER_ROWS) throw tooManyContainers(where, count);
      const engineTime = engineClock(response.headers);
      return {rows: sortContainers(rows), answeredAt, ...(engineTime === undefined ? {} : {engineTime})};
    },
    timeouts,
  );
  if (!early) return undefined;
  // Once the headers have come, a failure is the list's alone (the promise is settled by then).
  headers.catch(() => {});
  early.answer.catch(failed);
  const answer = early.answer.catch((error: unknown) => {
    if (error instanceof EarlyTimeout)
      throw stalledRead(
        where,
        error.phase === 'answer' ? noAnswer('container list', error.ms) : stoppedArriving('container list', error.ms),
      );
    throw error;
  });
  answer.catch(() => {});
  return {answer, sent: early.sent, headers};
}
