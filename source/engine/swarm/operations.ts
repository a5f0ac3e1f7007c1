import type Docker from 'dockerode';
import {dial} from '../client.js';
import {engineMessage} from '../engine-error.js';
import {at, json, type Json} from '../json.js';
import {inspectService, listServices, type TaskRow} from './lists.js';

const WRITE_MS = 30_000;
const post = (docker: Docker, path: string, query: Record<string, unknown>, body: unknown) =>
  // _query/_body: docker-modem would otherwise copy the body's fields into the query string too.
  dial(docker, {
    path: `${path}?`,
    method: 'POST',
    options: {_query: query, _body: body},
    timeoutMs: WRITE_MS,
    statusCodes: {
      200: true,
      201: true,
      204: true,
      400: 'bad parameter',
      404: 'not found',
      406: 'node is not part of a swarm',
      409: 'conflict',
      500: 'server error',
      503: 'node is not part of a swarm',
    },
  });

// Updates of one service from this berth go one after another, in the order asked: two at once read the same version,
// and the one the engine refused retried after the other and landed last (`:scale web=1` then `+` ended at 1, not 2).
const updating = new WeakMap<Docker, Map<string, Promise<unknown>>>();

function updateService(docker: Docker, id: string, change: (spec: Json) => Json): Promise<void> {
  const queues = updating.get(docker) ?? new Map<string, Promise<unknown>>();
  updating.set(docker, queues);
  const update = (queues.get(id) ?? Promise.resolve()).then(() => updateNow(docker, id, change));
  const turn = update.catch(() => undefined);
  queues.set(id, turn);
  void turn.then(() => {
    if (queues.get(id) === turn) queues.delete(id);
  });
  return update;
}

// POST /services/{id}/update needs the whole spec and the version it was read at; a stale version ("update out of
// sequence") means someone else changed the service meanwhile: read again and retry.
async function updateNow(docker: Docker, id: string, change: (spec: Json) => Json): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const {spec, version} = await inspectService(docker, id);
    try {
      await post(docker, `/services/${encodeURIComponent(id)}/update`, {version}, change(structuredClone(spec)));
      return;
    } catch (error) {
      if (attempt < 3 && /out of sequence/i.test(engineMessage(error))) continue;
      throw new Error(engineMessage(error), {cause: error});
    }
  }
}

// Replicas must be a whole number ≥ 0; "-1", "2.5", "x" are refused before anything is sent.
export function parseReplicas(text: string): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) throw new Error(`replicas must be a whole number of 0 or more (got "${trimmed}")`);
  const replicas = Number(trimmed);
  if (!Number.isSafeInteger(replicas) || replicas > 100_000)
    throw new Error(`replicas must be at most 100000 (got "${trimmed}")`);
  return replicas;
}

export async function scaleService(docker: Docker, id: string, replicas: number): Promise<void> {
  if (!Number.isInteger(replicas) || replicas < 0)
    throw new Error(`replicas must be a whole number of 0 or more (got ${replicas})`);
  await updateService(docker, id, spec => {
    const mode = json(spec.Mode);
    if (!mode.Replicated)
      throw new Error(
        `${typeof spec.Name === 'string' ? spec.Name : 'this'} is a ${mode.Global ? 'global' : 'job'} service: only replicated services scale`,
      );
    json(mode.Replicated).Replicas = replicas;
    return spec;
  });
}

// A rolling redeploy of the same spec (docker service update --force).
export async function redeployService(docker: Docker, id: string): Promise<void> {
  await updateService(docker, id, spec => {
    const template = json(spec.TaskTemplate);
    spec.TaskTemplate = {...template, ForceUpdate: (Number(template.ForceUpdate) || 0) + 1};
    return spec;
  });
}

export async function removeService(docker: Docker, id: string): Promise<void> {
  try {
    await dial(docker, {path: `/services/${encodeURIComponent(id)}`, method: 'DELETE', timeoutMs: WRITE_MS});
  } catch (error) {
    throw new Error(engineMessage(error), {cause: error});
  }
}

export type Availability = 'active' | 'pause' | 'drain';

export async function setNodeAvailability(docker: Docker, id: string, availability: Availability): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const node = json(
      await dial(docker, {
        path: `/nodes/${encodeURIComponent(id)}`,
        method: 'GET',
        timeoutMs: WRITE_MS,
      }),
    );
    try {
      await post(
        docker,
        `/nodes/${encodeURIComponent(id)}/update`,
        {version: at(node, 'Version', 'Index')},
        {...json(node.Spec), Availability: availability},
      );
      return;
    } catch (error) {
      if (attempt < 3 && /out of sequence/i.test(engineMessage(error))) continue;
      throw new Error(engineMessage(error), {cause: error});
    }
  }
}

// POST /secrets/create with the value in the body only (never in the URL, never in an error or a log line).
// The caller's buffer is zeroed once the request is done, whatever happened.
export async function createSecret(
  docker: Docker,
  name: string,
  value: Buffer,
  labels: Record<string, string> = {},
): Promise<string> {
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(name) || name.length > 64) {
    throw new Error(`"${name}" is not a valid secret name (letters, digits, _ . -; at most 64 characters)`);
  }
  if (value.length === 0) throw new Error('the secret is empty: nothing was created');
  if (value.length > 500 * 1024) throw new Error('a secret holds at most 500 KiB');
  let data = value.toString('base64');
  try {
    const created = json(await post(docker, '/secrets/create', {}, {Name: name, Labels: labels, Data: data}));
    return typeof created.ID === 'string' ? created.ID : '';
  } catch (error) {
    // The engine's message names the secret, never its value; check anyway.
    const message = engineMessage(error).split(data).join('***');
    // No cause: the engine's error may carry the request, and with it the secret's value.
    // eslint-disable-next-line preserve-caught-error -- the cause could leak the secret (see above)
    throw new Error(`secret ${name} not created: ${message}`);
  } finally {
    // Drops this function's reference to the encoded secret; value.fill(0) wipes the bytes themselves.
    // eslint-disable-next-line no-useless-assignment -- deliberate: see above
    data = '';
    value.fill(0);
  }
}

// The services whose spec mounts the secret (by ID or name).
export async function servicesUsingSecret(docker: Docker, secret: {id: string; name: string}): Promise<string[]> {
  const services = await listServices(docker);
  return services
    .filter(service => service.secrets.includes(secret.name) || service.secrets.includes(secret.id))
    .map(service => service.name);
}

export async function removeSecret(docker: Docker, secret: {id: string; name: string}): Promise<void> {
  try {
    await dial(docker, {path: `/secrets/${encodeURIComponent(secret.id)}`, method: 'DELETE', timeoutMs: WRITE_MS});
  } catch (error) {
    const message = engineMessage(error);
    if (/in use/i.test(message)) {
      const users = await servicesUsingSecret(docker, secret).catch(() => []);
      throw new Error(
        `secret ${secret.name} is in use${users.length ? ` by ${users.join(', ')}` : ''}: remove it from ${users.length === 1 ? 'that service' : 'those services'} first (or remove the service)`,
        {cause: error},
      );
    }
    throw new Error(message, {cause: error});
  }
}

// Tasks that count for a scale or an update: the ones the orchestrator wants running.
export function convergence(
  tasks: readonly TaskRow[],
  desired: number,
): {running: number; desired: number; pending: number; failed: number; done: boolean} {
  const wanted = tasks.filter(task => task.desiredState === 'running');
  const running = wanted.filter(task => task.state === 'running').length;
  const failed = tasks.filter(task => task.state === 'failed' || task.state === 'rejected').length;
  const stopping = tasks.filter(
    task => task.desiredState !== 'running' && (task.state === 'running' || task.state === 'starting'),
  ).length;
  return {
    running,
    desired,
    pending: wanted.length - running,
    failed,
    done: running === desired && wanted.length === desired && stopping === 0,
  };
}
