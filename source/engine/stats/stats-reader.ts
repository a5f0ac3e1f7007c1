import {Agent as HttpAgent, request as httpRequest, type IncomingMessage} from 'node:http';
import type {Agent as HttpsAgent} from 'node:https';
import type Docker from 'dockerode';
import {ENGINE_CONNECT_TIMEOUT_MS, timedAgent} from '../limits/timed-agent.js';
import type {RawStats} from './compute.js';
import {modemFields} from '../http/modem-fields.js';
import {https, tls} from '../../util/lazy-builtins.js';

// One stats answer (a few KB of JSON); far larger is not a stats answer.
const MAX_STATS_BYTES = 1024 * 1024;

export type StatsReader = {
  read(id: string, oneShot: boolean, signal: AbortSignal): Promise<RawStats>;
  // Connections held open (busy and idle).
  connections(): number;
  // Closes every kept-alive connection (columns off, sampler closed).
  release(): void;
};

// The sampler's reads go straight through Node's http(s).request on its own kept-alive pool rather than through
// dockerode: docker-modem builds each request from a URL it formats and parses again, and buffers the answer in a
// JSON pipeline of its own. The pool's TLS material is the session agent's secure context (engine/tls-context.ts),
// so a new connection does not parse the key and certificates again. An SSH engine (its connections are channels of
// one SSH session, made by its own agent) keeps going through dockerode.
export function statsReader(docker: Docker, concurrency: number): StatsReader {
  const modem = modemFields(docker);
  const version = modem.version ? `/${modem.version}` : '';
  const query = (oneShot: boolean) => (oneShot ? 'stream=false&one-shot=true' : 'stream=false');
  if (modem.socketPath && typeof modem.socketPath === 'string') {
    const agent = new HttpAgent({keepAlive: true, maxFreeSockets: concurrency});
    const socketPath = modem.socketPath;
    return direct(agent, (id, oneShot, signal) =>
      httpRequest({agent, socketPath, path: `${version}/containers/${id}/stats?${query(oneShot)}`, signal}),
    );
  }
  if (modem.protocol === 'https' && modem.agent instanceof https().Agent) {
    const {ca, cert, key, ...rest} = (modem.agent as HttpsAgent & {options: import('node:https').AgentOptions}).options;
    const secureContext = rest.secureContext ?? tls().createSecureContext({ca, cert, key});
    const agent = timedAgent(
      {...rest, secureContext, keepAlive: true, maxFreeSockets: concurrency},
      ENGINE_CONNECT_TIMEOUT_MS,
    ) as HttpsAgent;
    const {host, port} = modem;
    return direct(agent, (id, oneShot, signal) =>
      https().request({agent, host, port, path: `${version}/containers/${id}/stats?${query(oneShot)}`, signal}),
    );
  }
  if (modem.protocol === 'http' && modem.host) {
    const agent = timedAgent(undefined, ENGINE_CONNECT_TIMEOUT_MS);
    agent.maxFreeSockets = concurrency;
    const {host, port} = modem;
    return direct(agent, (id, oneShot, signal) =>
      httpRequest({agent, host, port, path: `${version}/containers/${id}/stats?${query(oneShot)}`, signal}),
    );
  }
  return throughDockerode(docker);
}

type Send = (id: string, oneShot: boolean, signal: AbortSignal) => ReturnType<typeof httpRequest>;

function direct(agent: HttpAgent, send: Send): StatsReader {
  return {
    read: (id, oneShot, signal) =>
      new Promise<RawStats>((resolve, reject) => {
        const request = send(encodeURIComponent(id), oneShot, signal);
        request.on('error', reject);
        request.on('response', (response: IncomingMessage) => {
          if (response.statusCode !== 200) {
            response.resume();
            reject(new Error(`stats of ${id}: HTTP ${response.statusCode}`));
            return;
          }
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            body += chunk;
            if (body.length > MAX_STATS_BYTES) response.destroy(new Error(`stats of ${id}: answer too large`));
          });
          response.on('error', reject);
          response.on('end', () => {
            try {
              resolve(JSON.parse(body) as RawStats);
            } catch {
              reject(new Error(`stats of ${id}: not JSON`));
            }
          });
        });
        request.end();
      }),
    connections: () => {
      const count = (sockets: NodeJS.ReadOnlyDict<unknown[]>) =>
        Object.values(sockets).reduce((sum, list) => sum + (list?.length ?? 0), 0);
      return count(agent.sockets) + count(agent.freeSockets);
    },
    release: () => agent.destroy(),
  };
}

function throughDockerode(docker: Docker): StatsReader {
  let reading = 0;
  return {
    read: async (id, oneShot, signal) => {
      reading++;
      try {
        return await docker.getContainer(id).stats({
          stream: false,
          ...(oneShot ? {'one-shot': true} : {}),
          abortSignal: signal,
        } as {stream: false});
      } finally {
        reading--;
      }
    },
    connections: () => reading,
    release: () => undefined,
  };
}
