import type {Agent} from 'node:http';
import type {Readable} from 'node:stream';
import Docker from 'dockerode';
import {BerthError} from '../errors.js';
import type {EngineTarget} from './target.js';
import {describeConnectError} from './connect-errors.js';
import {engineClock} from './early-http.js';
import {asError} from './engine-error.js';
import {startDeadline} from './limits/deadline.js';
import {DEFAULT_ENGINE_TIMEOUTS, firstByteDeadline, timedAgent, type EngineTimeouts} from './limits/timed-agent.js';
import {engineTlsOptions} from './tls-context.js';

// The highest Engine API version berth knows; newer engines are pinned down to it.
export const MAX_API_VERSION = '1.47';
export const MIN_API_VERSION = '1.41';

export type EngineVersion = {
  Version: string;
  ApiVersion: string;
  MinAPIVersion?: string;
  Os: string;
  Arch: string;
  KernelVersion?: string;
  GitCommit?: string;
  Components?: unknown;
  [key: string]: unknown;
};

// Podman serves the Docker API too; its /version names its own components.
export function engineProduct(
  version: Pick<EngineVersion, 'Components'> & Record<string, unknown>,
): 'Docker' | 'Podman' {
  const components = Array.isArray(version.Components) ? (version.Components as {Name?: unknown}[]) : [];
  return components.some(component => typeof component?.Name === 'string' && /podman/i.test(component.Name))
    ? 'Podman'
    : 'Docker';
}

export type EngineClient = {
  target: EngineTarget;
  docker: Docker;
  // What /_ping's headers said (product, version, API, OS), replaced by the engine's /version once fullVersion()
  // has read it.
  version: EngineVersion;
  // The API version every call is pinned to, e.g. '1.41'.
  api: string;
  // GET /version, once: Podman takes 300–400 ms to answer it (against under 10 ms for /_ping), so nothing on the way
  // to the first list waits for it.
  fullVersion(): Promise<EngineVersion>;
  // The engine's clock when it answered /_ping (whole Unix seconds, from its Date header), when it said: events
  // asked for after a list read early start there, so nothing that happened in between is missed.
  pingedAt?: number;
  close(): void;
};

const ENGINE_ENV = [
  'DOCKER_HOST',
  'DOCKER_TLS_VERIFY',
  'DOCKER_CERT_PATH',
  'DOCKER_CLIENT_TIMEOUT',
  'DOCKER_PATH_PREFIX',
];

// docker-modem reads DOCKER_* itself and lets them win over explicit options (a stale DOCKER_CERT_PATH even
// throws); the connection is resolved by us, so hide them while dockerode is constructed.
function withoutEngineEnv<T>(make: () => T): T {
  const saved = ENGINE_ENV.map(name => [name, process.env[name]] as const);
  for (const name of ENGINE_ENV) delete process.env[name];
  try {
    return make();
  } finally {
    for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
  }
}

export function compareApi(a: string, b: string): number {
  const [am = 0, an = 0] = a.split('.').map(Number);
  const [bm = 0, bn = 0] = b.split('.').map(Number);
  return am - bm || an - bn;
}

export function negotiateApi(version: Pick<EngineVersion, 'ApiVersion' | 'MinAPIVersion'>): string {
  const engineMax = version.ApiVersion;
  const chosen = compareApi(engineMax, MAX_API_VERSION) < 0 ? engineMax : MAX_API_VERSION;
  if (version.MinAPIVersion && compareApi(chosen, version.MinAPIVersion) < 0) {
    throw new BerthError(
      `engine API ${engineMax} requires clients of at least ${version.MinAPIVersion}, berth speaks up to ${MAX_API_VERSION}; upgrade berth`,
    );
  }
  if (compareApi(chosen, MIN_API_VERSION) < 0) {
    throw new BerthError(
      `engine API ${engineMax} is older than ${MIN_API_VERSION}, the oldest berth supports; upgrade the Docker engine`,
    );
  }
  return chosen;
}

// ssh2 loads only for ssh:// engines: it is ~100 ms of start-up that socket and TCP users never need.
// TCP engines get an agent that bounds the time to connect (limits/timed-agent.ts).
async function makeAgent(target: EngineTarget, connectMs: number): Promise<Agent | undefined> {
  if (target.kind === 'ssh') return (await import('./ssh/agent.js')).createSshAgent(target);
  if (target.kind !== 'tcp') return undefined;
  const tls = target.tls && {
    keepAlive: true,
    // Log follows and the event stream hold their own sockets; idle ones beyond a few are closed.
    maxFreeSockets: 4,
    ...engineTlsOptions(target.tls),
  };
  return timedAgent(tls, connectMs);
}

export function makeDocker(target: EngineTarget, agent: Agent | undefined, api?: string): Docker {
  return withoutEngineEnv(() => {
    const version = api ? `v${api}` : undefined;
    if (target.kind === 'unix') return new Docker({socketPath: target.socketPath, version});
    const tls = target.kind === 'tcp' ? target.tls : undefined;
    return new Docker({
      host: target.host,
      port: target.port,
      protocol: tls ? 'https' : 'http',
      // With berth's agent the material is its secure context (tls-context.ts); on each request it would only be
      // copied, and turned into text for the agent's pool key.
      ...(agent ? {} : {ca: tls?.ca, cert: tls?.cert, key: tls?.key}),
      agent,
      version,
    } as Docker.DockerOptions);
  });
}

// The API is negotiated from /_ping's headers (Api-Version, Server, Ostype), which every engine answers at once
// (or from the same headers on the early list's answer, `answered`);
// /version is read only by who needs all of it. An engine (or a proxy in front of one) whose ping does not say
// its version and product is asked /version straight away, as before.
// `answered`: the headers of a request made already (the early list, early-start.ts), within the same deadlines: its
// failure to connect is this one's, named as `what`; headers that do not say the engine's version (undefined, or
// another server's) mean /_ping is asked here, for the engine's own message or its version.
export async function connectEngine(
  target: EngineTarget,
  options: {
    timeouts?: Partial<EngineTimeouts>;
    answered?: {headers: Promise<Record<string, unknown> | undefined>; what: string};
  } = {},
): Promise<EngineClient> {
  const timeouts = {...DEFAULT_ENGINE_TIMEOUTS, ...options.timeouts};
  const agent = await makeAgent(target, timeouts.connectMs);
  const probe = makeDocker(target, agent);
  const ask = async (path: '/_ping' | '/version'): Promise<unknown> => {
    try {
      return await (path === '/_ping' ? pingHeaders(probe, firstByteDeadline(timeouts)) : readVersion(probe, timeouts));
    } catch (error) {
      throw new BerthError(describeConnectError(target, error, {what: `GET ${path}`, timeouts}));
    }
  };
  try {
    const {answered} = options;
    const early = await answered?.headers.catch((error: unknown) => {
      throw new BerthError(describeConnectError(target, error, {what: answered.what, timeouts}));
    });
    const headers = early && versionFromPing(early) ? early : ((await ask('/_ping')) as Record<string, unknown>);
    const pinged = versionFromPing(headers);
    const version = pinged ?? checkedVersion(target, await ask('/version'));
    const api = negotiateApi(version);
    const docker = makeDocker(target, agent, api);
    let full: Promise<EngineVersion> | undefined = pinged ? undefined : Promise.resolve(version);
    const client: EngineClient = {
      target,
      docker,
      version,
      api,
      fullVersion() {
        full ??= ask('/version').then(answer => {
          const read = checkedVersion(target, answer);
          negotiateApi(read);
          client.version = read;
          return read;
        });
        return full;
      },
      close: () => agent?.destroy(),
    };
    const pingedAt = engineClock(headers);
    if (pingedAt !== undefined) client.pingedAt = pingedAt;
    return client;
  } catch (error) {
    agent?.destroy();
    throw error;
  }
}

function checkedVersion(target: EngineTarget, answer: unknown): EngineVersion {
  const version = answer as EngineVersion | undefined;
  if (!version || typeof version.ApiVersion !== 'string')
    throw new BerthError(`engine ${target.url}: /version did not answer like a Docker engine; check the host and port`);
  return version;
}

// GET /version without a version prefix answers at the engine's own maximum, which is what negotiation needs.
function readVersion(probe: Docker, timeouts: EngineTimeouts): Promise<unknown> {
  return dial(probe, {path: '/version', method: 'GET', timeoutMs: firstByteDeadline(timeouts)});
}

// The answer of /_ping is two bytes; what matters is its headers (the modem hands a stream's response over whole).
async function pingHeaders(probe: Docker, timeoutMs: number): Promise<Record<string, unknown>> {
  const response = (await dial(probe, {path: '/_ping', method: 'GET', isStream: true, timeoutMs})) as Readable & {
    headers?: Record<string, unknown>;
  };
  // Read to its end before going on: the socket (a TLS session, an SSH channel) goes back to the agent for the
  // requests that follow, instead of each opening its own.
  await new Promise<void>(resolve => {
    response.once('end', resolve);
    response.once('close', resolve);
    response.resume();
  });
  return response.headers ?? {};
}

// `Server: Docker/20.10.24+dfsg1 (linux)` or `Server: Libpod/4.3.1 (linux)`, with `Api-Version: 1.41`.
export function versionFromPing(headers: Record<string, unknown>): EngineVersion | undefined {
  const api = headers['api-version'];
  const server = headers.server;
  if (typeof api !== 'string' || !/^\d+\.\d+$/.test(api) || typeof server !== 'string') return undefined;
  const match = /^(Docker|Libpod)\/(\S+)(?: \((\w+)\))?/.exec(server);
  if (!match) return undefined;
  const [, product, release = '', os] = match;
  const ostype = headers.ostype;
  return {
    Version: release,
    ApiVersion: api,
    Os: typeof ostype === 'string' ? ostype : (os ?? ''),
    Arch: '',
    ...(product === 'Libpod' ? {Components: [{Name: 'Podman Engine', Version: release}]} : {}),
  };
}

export type DialOptions = {
  path: string;
  method: 'GET' | 'POST' | 'DELETE' | 'HEAD' | 'PUT';
  options?: Record<string, unknown>;
  statusCodes?: Record<number, boolean | string>;
  isStream?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
};

// The few endpoints dockerode does not wrap well (or at all) go through the modem directly. `timeoutMs` bounds the
// whole answer, or for a stream (isStream) the wait for it to start; `signal` ends the request, or the stream, early.
export function dial(docker: Docker, request: DialOptions): Promise<unknown> {
  const deadline = request.timeoutMs ? startDeadline(request.timeoutMs, request.signal) : undefined;
  return new Promise((resolve, reject) => {
    docker.modem.dial(
      {
        path: request.path,
        method: request.method,
        options: request.options ?? {},
        statusCodes: request.statusCodes ?? {
          200: true,
          204: true,
          304: true,
          400: 'bad request',
          404: 'not found',
          409: 'conflict',
          500: 'server error',
        },
        isStream: request.isStream ?? false,
        abortSignal: deadline?.signal ?? request.signal,
      },
      (error: unknown, result: unknown) => {
        if (error || !request.isStream || !deadline) {
          deadline?.end();
          return error ? reject(asError(error)) : resolve(result);
        }
        // A stream waits for data by design: only the caller's signal ends it from here on.
        deadline.answered();
        (result as Readable).once('close', () => deadline.end());
        resolve(result);
      },
    );
  });
}
