import {request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions} from 'node:http';
import {request as httpsRequest} from 'node:https';
import {JsonArrayElements} from './limits/json-array-elements.js';
import {MAX_CONTAINER_LIST_BYTES, MAX_CONTAINER_ROWS} from './limits/list-bounds.js';
import {ENGINE_BODY_IDLE_TIMEOUT_MS, ENGINE_FIRST_BYTE_TIMEOUT_MS} from './limits/timed-agent.js';
import {containerRowMaker, sortContainers, type ContainerRow} from './containers/rows.js';
import type {EngineTarget} from './target.js';

export type EarlyList = {
  rows: ContainerRow[];
  // The engine's clock when it answered (whole Unix seconds, its Date header): events asked for later start there,
  // so a change between this list and the event stream is replayed, not missed.
  engineTime?: number;
};

// The first container list, asked with Node's own http(s) as the process starts, before dockerode and the UI's
// modules load (~60 ms of a start on Node 24 went to waiting for them, then for /_ping; docs/benchmarks.md, "Start").
// It has no API version in its path: the version is negotiated from /_ping, which now runs beside it, and an
// engine's own version of this answer has every field a row reads. It is only a head start: any answer that is not
// a clean list within the usual bounds rejects, and the session lists again through dockerode, with that path's
// messages. SSH engines have no head start (ssh2 connects them).
export function earlyList(target: EngineTarget): Promise<EarlyList> | undefined {
  const options: RequestOptions = {path: '/containers/json?all=1', method: 'GET', agent: false};
  let send: (options: RequestOptions, answered: (response: IncomingMessage) => void) => ClientRequest = httpRequest;
  if (target.kind === 'unix' && target.socketPath) options.socketPath = target.socketPath;
  else if (target.kind === 'tcp' && target.host) {
    options.host = target.host;
    options.port = target.port;
    if (target.tls) {
      send = httpsRequest;
      Object.assign(options, {
        ca: target.tls.ca,
        cert: target.tls.cert,
        key: target.tls.key,
        rejectUnauthorized: target.tls.verify,
      });
    }
  } else return undefined;
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      request.destroy();
      reject(new Error(`early container list: ${reason}`));
    };
    let timer = setTimeout(() => fail('no answer'), ENGINE_FIRST_BYTE_TIMEOUT_MS);
    const request = send(options, (response: IncomingMessage) => {
      const quiet = () => {
        clearTimeout(timer);
        timer = setTimeout(() => fail('the answer stalled'), ENGINE_BODY_IDLE_TIMEOUT_MS);
      };
      quiet();
      if (response.statusCode !== 200) return fail(`status ${response.statusCode}`);
      const make = containerRowMaker();
      const rows: ContainerRow[] = [];
      let broken = false;
      const elements = new JsonArrayElements(text => {
        if (broken) return;
        try {
          const info: unknown = JSON.parse(text);
          if (!info || typeof info !== 'object' || typeof (info as {Id?: unknown}).Id !== 'string') broken = true;
          else rows.push(make(info as Parameters<typeof make>[0]));
        } catch {
          broken = true;
        }
      });
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        quiet();
        size += chunk.length;
        if (size > MAX_CONTAINER_LIST_BYTES || rows.length > MAX_CONTAINER_ROWS) return fail('too large');
        elements.push(chunk);
      });
      response.once('end', () => {
        clearTimeout(timer);
        if (broken || elements.notArray || !elements.complete || rows.length > MAX_CONTAINER_ROWS)
          return fail('not a clean list');
        const date = Date.parse(String(response.headers.date));
        resolve({
          rows: sortContainers(rows),
          ...(Number.isFinite(date) ? {engineTime: Math.floor(date / 1000)} : {}),
        });
      });
      response.once('error', () => fail('the answer broke off'));
    });
    request.once('error', () => fail('no connection'));
    request.end();
  });
}
