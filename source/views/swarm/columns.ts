import {memoLast} from '../../store/memo.js';
import {age} from '../../text/format.js';
import type {Column} from '../kit/columns.js';
import type {NodeRow, SecretRow, ServiceRow, SwarmList, TaskRow} from './state.js';

// The swarm view's lists' columns, read by its selectors (sorting) and its tables (drawing).

const ago = (iso: string, now: number) => {
  const at = Date.parse(iso);
  return Number.isFinite(at) ? `${age(at / 1000, now)} ago` : '';
};
// Times sort by age ("3m ago" before "2h ago"), as the columns read.
const time = (iso: string) => Date.parse(iso) || 0;

// A task's message when it says more than its state: the engine writes "shutdown", "finished", "started" for a task
// that stopped as asked (docker service ps leaves ERROR empty then), and a reason when there is one ("no suitable
// node …").
const STATE_WORDS =
  /^(new|pending|assigned|accepted|preparing|ready|starting|started|running|complete|finished|shutdown|remove|orphaned)$/i;
const reason = (message: string) => (STATE_WORDS.test(message.trim()) ? '' : message);

export const SERVICE_COLUMNS: readonly Column<ServiceRow>[] = [
  {id: 'name', title: 'NAME', cell: row => row.name, required: true},
  {id: 'mode', title: 'MODE', cell: row => row.mode},
  {
    id: 'replicas',
    title: 'REPLICAS',
    cell: row =>
      row.mode === 'replicated' || row.mode === 'global' ? `${row.running}/${row.desired}` : `${row.running}`,
    sort: row => row.running - row.desired,
  },
  {id: 'image', title: 'IMAGE', cell: row => row.image, min: 12, max: 50},
  {id: 'ports', title: 'PORTS', cell: row => row.ports, max: 30},
  {id: 'update', title: 'UPDATE', cell: row => row.updateState},
];

// What changes (status, availability) before what does not, so a narrow list still shows it. ROLE: the manager's
// status (Leader, Reachable, Unreachable), or worker. Both nodes of a swarm may share a hostname: the ID tells.
export const NODE_COLUMNS: readonly Column<NodeRow>[] = [
  {id: 'id', title: 'ID', cell: row => row.id.slice(0, 12), required: true},
  {id: 'hostname', title: 'HOSTNAME', cell: row => `${row.hostname}${row.self ? ' *' : ''}`, required: true, max: 30},
  {id: 'status', title: 'STATUS', cell: row => row.state, required: true},
  {id: 'availability', title: 'AVAILABILITY', cell: row => row.availability},
  {id: 'role', title: 'ROLE', cell: row => (row.role === 'manager' ? row.managerStatus || 'manager' : row.role)},
  {id: 'engine', title: 'ENGINE', cell: row => row.engineVersion},
];

export const SECRET_COLUMNS: readonly Column<SecretRow>[] = [
  {id: 'name', title: 'NAME', cell: row => row.name, required: true},
  {id: 'id', title: 'ID', cell: row => row.shortId},
  {
    id: 'created',
    title: 'CREATED',
    cell: () => '',
    live: (row, _c, now) => ago(row.createdAt, now),
    width: 8,
    sort: row => -time(row.createdAt),
  },
  {
    id: 'updated',
    title: 'UPDATED',
    cell: () => '',
    live: (row, _c, now) => ago(row.updatedAt, now),
    width: 8,
    sort: row => -time(row.updatedAt),
  },
  {
    id: 'labels',
    title: 'LABELS',
    cell: row =>
      Object.entries(row.labels)
        .map(([key, value]) => `${key}=${value}`)
        .join(','),
    max: 60,
  },
];

// A task as listed: named after its service and slot (or node, for a global service), its node marked when down.
export type TaskLine = TaskRow & {task: string; node: string};

export const TASK_COLUMNS: readonly Column<TaskLine>[] = [
  {id: 'task', title: 'TASK', cell: row => row.task, required: true},
  {id: 'id', title: 'ID', cell: row => row.shortId},
  {id: 'node', title: 'NODE', cell: row => row.node, required: true},
  {id: 'desired', title: 'DESIRED', cell: row => row.desiredState},
  {
    id: 'current',
    title: 'CURRENT',
    cell: row => row.state,
    live: (row, _c, now) => `${row.state} ${ago(row.since, now)}`,
    width: 18,
    sort: row => -time(row.since),
  },
  {
    id: 'error',
    title: 'ERROR',
    cell: row => row.error || (row.state === 'running' ? '' : reason(row.message)),
    max: 60,
  },
  {id: 'container', title: 'CONTAINER', cell: row => row.containerId.slice(0, 12)},
];

export const taskLines = memoLast(
  (tasks: readonly TaskRow[], service: string, nodes: readonly NodeRow[]): readonly TaskLine[] => {
    const byId = new Map(nodes.map(node => [node.id, node]));
    return tasks.map(task => ({
      ...task,
      task: `${service}.${task.slot ?? task.nodeId.slice(0, 12)}`,
      node: `${task.nodeId.slice(0, 12)}${byId.get(task.nodeId)?.state === 'down' ? ' (down)' : ''}`,
    }));
  },
);

// Each list's columns, by list.
export const SWARM_COLUMNS = {
  services: SERVICE_COLUMNS,
  nodes: NODE_COLUMNS,
  secrets: SECRET_COLUMNS,
  tasks: TASK_COLUMNS,
} as const satisfies Record<SwarmList, unknown>;
