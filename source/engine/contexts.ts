import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {homedir} from 'node:os';
import {join} from 'node:path';
import {UsageError} from '../errors.js';
import {compareText} from '../text/compare.js';
import {at, json} from './json.js';
import {crypto} from '../util/lazy-builtins.js';

export type DockerContext = {
  name: string;
  host: string;
  skipTlsVerify: boolean;
  // Directory holding ca.pem/cert.pem/key.pem when the context carries TLS material.
  tlsDir?: string;
};

export function dockerConfigDir(env: NodeJS.ProcessEnv): string {
  return env.DOCKER_CONFIG || join(homedir(), '.docker');
}

// The docker CLI names a context's directories by the hex sha256 of its name. node:crypto is loaded here, when a
// context is read, not as berth starts (~3 ms; an engine named by DOCKER_HOST or the config needs none).
const digest = (name: string) => crypto().createHash('sha256').update(name).digest('hex');

export function readCurrentContext(env: NodeJS.ProcessEnv): string | undefined {
  const file = join(dockerConfigDir(env), 'config.json');
  if (!existsSync(file)) return undefined;
  try {
    const config = JSON.parse(readFileSync(file, 'utf8')) as {currentContext?: unknown} | null;
    // Valid JSON of another shape (null, a list) names no context, as for the docker CLI's default.
    return typeof config?.currentContext === 'string' && config.currentContext ? config.currentContext : undefined;
  } catch (error) {
    throw new UsageError(
      `docker config ${file}: not valid JSON (${(error as Error).message}); fix or remove the file, or set DOCKER_CONFIG to another directory`,
    );
  }
}

export function loadContext(name: string, env: NodeJS.ProcessEnv): DockerContext {
  const root = join(dockerConfigDir(env), 'contexts');
  const metaFile = join(root, 'meta', digest(name), 'meta.json');
  if (!existsSync(metaFile)) {
    const known = listContexts(env).map(context => context.name);
    throw new UsageError(
      `docker context "${name}": not found in ${join(root, 'meta')}; known contexts: ${known.length ? known.join(', ') : 'none'} (create it with docker context create, or name another)`,
    );
  }
  let meta: unknown;
  try {
    meta = JSON.parse(readFileSync(metaFile, 'utf8'));
  } catch (error) {
    throw new UsageError(
      `docker context "${name}": ${metaFile} is not valid JSON (${(error as Error).message}); recreate the context`,
    );
  }
  const endpoint = json(at(meta, 'Endpoints', 'docker'));
  if (!endpoint.Host || typeof endpoint.Host !== 'string') {
    throw new UsageError(
      `docker context "${name}": ${metaFile} has no docker endpoint host; recreate the context with --docker host=...`,
    );
  }
  const tlsDir = join(root, 'tls', digest(name), 'docker');
  return {
    name,
    host: endpoint.Host,
    skipTlsVerify: endpoint.SkipTLSVerify === true,
    tlsDir: existsSync(tlsDir) ? tlsDir : undefined,
  };
}

export function listContexts(env: NodeJS.ProcessEnv): DockerContext[] {
  const metaRoot = join(dockerConfigDir(env), 'contexts', 'meta');
  if (!existsSync(metaRoot)) return [];
  const contexts: DockerContext[] = [];
  for (const entry of safeReaddir(metaRoot)) {
    try {
      const meta = JSON.parse(readFileSync(join(metaRoot, entry, 'meta.json'), 'utf8')) as {Name?: unknown} | null;
      if (typeof meta?.Name === 'string' && meta.Name) contexts.push(loadContext(meta.Name, env));
    } catch {
      // A broken context must not hide the others.
    }
  }
  return contexts.sort((a, b) => compareText(a.name, b.name));
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
