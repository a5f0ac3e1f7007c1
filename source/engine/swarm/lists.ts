import type Docker from 'dockerode';
import {compareNatural, compareText} from '../../text/compare.js';
import {at, json, type Json} from '../json.js';
import {dial} from '../client.js';

// What the swarm view and `berth swarm …` show. Every string here came from the engine: sanitise before display.

export type SwarmRole = {
  // /info Swarm.LocalNodeState: inactive, pending, active, error, locked.
  state: string;
  // Swarm.ControlAvailable: this engine is a manager (the swarm view is offered only then).
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

export async function swarmRole(docker: Docker, signal?: AbortSignal): Promise<SwarmRole> {
  const swarm = json(at(await dial(docker, {path: '/info', method: 'GET', timeoutMs: 15_000, signal}), 'Swarm'));
  return {
    state: str(swarm.LocalNodeState) || 'inactive',
    manager: swarm.ControlAvailable === true,
    nodeId: str(swarm.NodeID) || undefined,
    error: str(swarm.Error) || undefined,
  };
}

export function toNodeRow(node: Json, selfId?: string): NodeRow {
  const id = str(node.ID);
  const manager = node.ManagerStatus ? json(node.ManagerStatus) : undefined;
  return {
    id,
    shortId: id.slice(0, 12),
    hostname: str(at(node, 'Description', 'Hostname')),
    role: str(at(node, 'Spec', 'Role')),
    availability: str(at(node, 'Spec', 'Availability')),
    state: str(at(node, 'Status', 'State')),
    message: str(at(node, 'Status', 'Message')),
    managerStatus: manager
      ? manager.Leader
        ? 'Leader'
        : str(manager.Reachability) === 'reachable'
          ? 'Reachable'
          : str(manager.Reachability) === 'unreachable'
            ? 'Unreachable'
            : str(manager.Reachability)
      : '',
    engineVersion: str(at(node, 'Description', 'Engine', 'EngineVersion')),
    addr: str(at(node, 'Status', 'Addr')),
    self: id === selfId,
    version: num(at(node, 'Version', 'Index')),
  };
}

// Managers first, then by hostname and ID (two nodes may share a hostname).
export async function listNodes(docker: Docker, selfId?: string): Promise<NodeRow[]> {
  const nodes = array(await get(docker, '/nodes')).map(json);
  const rank = (row: NodeRow) => (row.role === 'manager' ? 0 : 1);
  return nodes
    .map(node => toNodeRow(node, selfId))
    .sort((a, b) => rank(a) - rank(b) || compareNatural(a.hostname, b.hostname) || compareText(a.id, b.id));
}

function servicePorts(service: Json): string {
  const ports = array(at(service, 'Endpoint', 'Ports')).length
    ? array(at(service, 'Endpoint', 'Ports'))
    : array(at(service, 'Spec', 'EndpointSpec', 'Ports'));
  return ports
    .map(json)
    .map(
      port =>
        `${num(port.PublishedPort) ? `*:${num(port.PublishedPort)}->` : ''}${num(port.TargetPort)}/${str(port.Protocol) || 'tcp'}`,
    )
    .join(', ');
}

function serviceMode(spec: Json): string {
  const mode = json(spec.Mode);
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
  const spec = json(service.Spec);
  const status = service.ServiceStatus ? json(service.ServiceStatus) : undefined;
  const mode = serviceMode(spec);
  return {
    id,
    shortId: id.slice(0, 12),
    name: str(spec.Name),
    mode,
    running: num(status?.RunningTasks),
    desired: status
      ? num(status.DesiredTasks)
      : mode === 'replicated'
        ? num(at(spec, 'Mode', 'Replicated', 'Replicas'))
        : 0,
    image: shortImage(str(at(spec, 'TaskTemplate', 'ContainerSpec', 'Image'))),
    ports: servicePorts(service),
    updateState: str(at(service, 'UpdateStatus', 'State')),
    updateMessage: str(at(service, 'UpdateStatus', 'Message')),
    version: num(at(service, 'Version', 'Index')),
    createdAt: str(service.CreatedAt),
    updatedAt: str(service.UpdatedAt),
    secrets: array(at(spec, 'TaskTemplate', 'ContainerSpec', 'Secrets'))
      .map(json)
      .map(secret => str(secret.SecretName) || str(secret.SecretID)),
  };
}

// status=true (API 1.41): the engine counts running and desired tasks itself, as `docker service ls` shows.
export async function listServices(docker: Docker): Promise<ServiceRow[]> {
  const services = array(await get(docker, '/services', {status: true})).map(json);
  return services.map(toServiceRow).sort((a, b) => compareNatural(a.name, b.name));
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
    state: str(at(task, 'Status', 'State')),
    message: str(at(task, 'Status', 'Message')),
    error: str(at(task, 'Status', 'Err')),
    containerId: str(at(task, 'Status', 'ContainerStatus', 'ContainerID')),
    createdAt: str(task.CreatedAt),
    updatedAt: str(task.UpdatedAt),
    since: str(at(task, 'Status', 'Timestamp')) || str(task.UpdatedAt),
  };
}

// A service's tasks, newest first (the tasks of the current spec before the ones they replaced).
export async function listTasks(docker: Docker, service: string): Promise<TaskRow[]> {
  const tasks = array(await get(docker, '/tasks', {filters: {service: [service]}})).map(json);
  return tasks.map(toTaskRow).sort((a, b) => compareText(b.createdAt, a.createdAt) || (a.slot ?? 0) - (b.slot ?? 0));
}

export async function inspectService(
  docker: Docker,
  id: string,
): Promise<{row: ServiceRow; spec: Json; version: number}> {
  const service = json(await get(docker, `/services/${encodeURIComponent(id)}`));
  return {row: toServiceRow(service), spec: json(service.Spec), version: num(at(service, 'Version', 'Index'))};
}

export function toSecretRow(secret: Json): SecretRow {
  const id = str(secret.ID);
  const labels = json(at(secret, 'Spec', 'Labels'));
  return {
    id,
    shortId: id.slice(0, 12),
    name: str(at(secret, 'Spec', 'Name')),
    createdAt: str(secret.CreatedAt),
    updatedAt: str(secret.UpdatedAt),
    labels: Object.fromEntries(Object.entries(labels).map(([key, value]) => [key, str(value)])),
  };
}

// Names, dates and labels only: the engine never returns a secret's value, and berth never asks for one.
export async function listSecrets(docker: Docker): Promise<SecretRow[]> {
  const secrets = array(await get(docker, '/secrets')).map(json);
  return secrets.map(toSecretRow).sort((a, b) => compareNatural(a.name, b.name));
}
