import type Docker from 'dockerode';
import {compareText} from '../../text/compare.js';
import {dial} from '../client.js';

// What view 6 and `berth swarm …` show. Every string here came from the engine: sanitise before display.

export type SwarmRole = {
  // /info Swarm.LocalNodeState: inactive, pending, active, error, locked.
  state: string;
  // Swarm.ControlAvailable: this engine is a manager (view 6 is offered only then).
  manager: boolean;
  nodeId?: string;
  error?: string;
};

export type NodeRow = {
  id: string;
  shortId: string;
  hostname: string;
  role: string;
  availability: string;
  // ready, down, unknown, disconnected
  state: string;
  message: string;
  // Leader, Reachable, Unreachable, or '' for workers.
  managerStatus: string;
  engineVersion: string;
  addr: string;
  self: boolean;
  version: number;
};

export type ServiceRow = {
  id: string;
  shortId: string;
  name: string;
  // replicated, global, replicated-job, global-job
  mode: string;
  running: number;
  desired: number;
  image: string;
  ports: string;
  // UpdateStatus.State (updating, completed, paused, rollback_…) and its message, '' when never updated.
  updateState: string;
  updateMessage: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  secrets: readonly string[];
};

export type TaskRow = {
  id: string;
  shortId: string;
  serviceId: string;
  slot?: number;
  nodeId: string;
  desiredState: string;
  state: string;
  message: string;
  error: string;
  containerId: string;
  createdAt: string;
  updatedAt: string;
  // Status.Timestamp: when the task reached its current state.
  since: string;
};

export type SecretRow = {
  id: string;
  shortId: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  labels: Readonly<Record<string, string>>;
};

const READ_MS = 20_000;
// docker-modem appends a query string only to paths that end in '?'. A manager whose swarm has lost quorum
// either takes the request and never answers, or gives up on its own raft call after a while and answers 500
// "rpc error: code = DeadlineExceeded" (which one depends on timing inside dockerd): both say so plainly instead
// of "the operation was aborted" or the raw rpc error.
const NO_LEADER = 'a swarm without a leader (too few managers online, quorum lost) answers this way';
async function get(docker: Docker, path: string, options?: Record<string, unknown>): Promise<unknown> {
  try {
    return await dial(docker, {path: options ? `${path}?` : path, method: 'GET', options, timeoutMs: READ_MS});
  } catch (error) {
    const e = error as {name?: string; message?: string};
    const message = e?.message ?? '';
    if (e?.name === 'AbortError' || e?.name === 'TimeoutError' || /operation was aborted/i.test(message)) {
      throw new Error(`the manager did not answer GET ${path} within ${READ_MS / 1000} s: ${NO_LEADER}`, {
        cause: error,
      });
    }
    if (/DeadlineExceeded|context deadline exceeded/.test(message)) {
      throw new Error(`the manager gave up on GET ${path} (${message.replace(/\s+/g, ' ').trim()}): ${NO_LEADER}`, {
        cause: error,
      });
    }
    throw error;
  }
}
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const array = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function swarmRole(docker: Docker, signal?: AbortSignal): Promise<SwarmRole> {
  const info = (await dial(docker, {path: '/info', method: 'GET', timeoutMs: 15_000, signal})) as Json;
  const swarm = (info?.Swarm ?? {}) as Json;
  return {
    state: str(swarm.LocalNodeState) || 'inactive',
    manager: swarm.ControlAvailable === true,
    nodeId: str(swarm.NodeID) || undefined,
    error: str(swarm.Error) || undefined,
  };
}

export function toNodeRow(node: Json, selfId?: string): NodeRow {
  const id = str(node.ID);
  const manager = node.ManagerStatus as Json | undefined;
  return {
    id,
    shortId: id.slice(0, 12),
    hostname: str(node.Description?.Hostname),
    role: str(node.Spec?.Role),
    availability: str(node.Spec?.Availability),
    state: str(node.Status?.State),
    message: str(node.Status?.Message),
    managerStatus: manager
      ? manager.Leader
        ? 'Leader'
        : str(manager.Reachability) === 'reachable'
          ? 'Reachable'
          : str(manager.Reachability) === 'unreachable'
            ? 'Unreachable'
            : str(manager.Reachability)
      : '',
    engineVersion: str(node.Description?.Engine?.EngineVersion),
    addr: str(node.Status?.Addr),
    self: id === selfId,
    version: num(node.Version?.Index),
  };
}

// Managers first, then by hostname and ID (two nodes may share a hostname).
export async function listNodes(docker: Docker, selfId?: string): Promise<NodeRow[]> {
  const nodes = array(await get(docker, '/nodes')) as Json[];
  const rank = (row: NodeRow) => (row.role === 'manager' ? 0 : 1);
  return nodes
    .map(node => toNodeRow(node, selfId))
    .sort((a, b) => rank(a) - rank(b) || compareText(a.hostname, b.hostname) || compareText(a.id, b.id));
}

function servicePorts(service: Json): string {
  const ports = array(service.Endpoint?.Ports).length
    ? array(service.Endpoint?.Ports)
    : array(service.Spec?.EndpointSpec?.Ports);
  return (ports as Json[])
    .map(
      port =>
        `${port.PublishedPort ? `*:${port.PublishedPort}->` : ''}${port.TargetPort}/${str(port.Protocol) || 'tcp'}`,
    )
    .join(', ');
}

function serviceMode(spec: Json): string {
  const mode = (spec?.Mode ?? {}) as Json;
  if (mode.Replicated) return 'replicated';
  if (mode.Global) return 'global';
  if (mode.ReplicatedJob) return 'replicated-job';
  if (mode.GlobalJob) return 'global-job';
  return '';
}

// The image without the digest the manager pins (name:tag@sha256:… → name:tag), as `docker service ls` shows.
const shortImage = (image: string) => image.replace(/@sha256:[0-9a-f]+$/, '');

export function toServiceRow(service: Json): ServiceRow {
  const id = str(service.ID);
  const spec = (service.Spec ?? {}) as Json;
  const status = service.ServiceStatus as Json | undefined;
  const mode = serviceMode(spec);
  return {
    id,
    shortId: id.slice(0, 12),
    name: str(spec.Name),
    mode,
    running: num(status?.RunningTasks),
    desired: status ? num(status.DesiredTasks) : mode === 'replicated' ? num(spec.Mode?.Replicated?.Replicas) : 0,
    image: shortImage(str(spec.TaskTemplate?.ContainerSpec?.Image)),
    ports: servicePorts(service),
    updateState: str(service.UpdateStatus?.State),
    updateMessage: str(service.UpdateStatus?.Message),
    version: num(service.Version?.Index),
    createdAt: str(service.CreatedAt),
    updatedAt: str(service.UpdatedAt),
    secrets: (array(spec.TaskTemplate?.ContainerSpec?.Secrets) as Json[]).map(
      secret => str(secret.SecretName) || str(secret.SecretID),
    ),
  };
}

// status=true (API 1.41): the engine counts running and desired tasks itself, as `docker service ls` shows.
export async function listServices(docker: Docker): Promise<ServiceRow[]> {
  const services = array(await get(docker, '/services', {status: true})) as Json[];
  return services.map(toServiceRow).sort((a, b) => compareText(a.name, b.name));
}

export function toTaskRow(task: Json): TaskRow {
  const id = str(task.ID);
  return {
    id,
    shortId: id.slice(0, 12),
    serviceId: str(task.ServiceID),
    slot: typeof task.Slot === 'number' && task.Slot > 0 ? task.Slot : undefined,
    nodeId: str(task.NodeID),
    desiredState: str(task.DesiredState),
    state: str(task.Status?.State),
    message: str(task.Status?.Message),
    error: str(task.Status?.Err),
    containerId: str(task.Status?.ContainerStatus?.ContainerID),
    createdAt: str(task.CreatedAt),
    updatedAt: str(task.UpdatedAt),
    since: str(task.Status?.Timestamp) || str(task.UpdatedAt),
  };
}

// A service's tasks, newest first (the tasks of the current spec before the ones they replaced).
export async function listTasks(docker: Docker, service: string): Promise<TaskRow[]> {
  const tasks = array(await get(docker, '/tasks', {filters: {service: [service]}})) as Json[];
  return tasks.map(toTaskRow).sort((a, b) => compareText(b.createdAt, a.createdAt) || (a.slot ?? 0) - (b.slot ?? 0));
}

export async function inspectTask(docker: Docker, id: string): Promise<TaskRow> {
  return toTaskRow((await get(docker, `/tasks/${encodeURIComponent(id)}`)) as Json);
}

export async function inspectService(
  docker: Docker,
  id: string,
): Promise<{row: ServiceRow; spec: Json; version: number}> {
  const service = (await get(docker, `/services/${encodeURIComponent(id)}`)) as Json;
  return {row: toServiceRow(service), spec: service.Spec as Json, version: num(service.Version?.Index)};
}

export function toSecretRow(secret: Json): SecretRow {
  const id = str(secret.ID);
  const labels = (secret.Spec?.Labels ?? {}) as Record<string, unknown>;
  return {
    id,
    shortId: id.slice(0, 12),
    name: str(secret.Spec?.Name),
    createdAt: str(secret.CreatedAt),
    updatedAt: str(secret.UpdatedAt),
    labels: Object.fromEntries(Object.entries(labels).map(([key, value]) => [key, str(value)])),
  };
}

// Names, dates and labels only: the engine never returns a secret's value, and berth never asks for one.
export async function listSecrets(docker: Docker): Promise<SecretRow[]> {
  const secrets = array(await get(docker, '/secrets')) as Json[];
  return secrets.map(toSecretRow).sort((a, b) => compareText(a.name, b.name));
}
