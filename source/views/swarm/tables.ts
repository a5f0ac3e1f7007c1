import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import {age} from '../../text/format.js';
import type {Column} from '../kit/columns.js';
import {listMessage, type Noun} from '../kit/messages.js';
import {table, type Table} from '../kit/table.js';
import {visibleRows} from './selectors.js';
import type {NodeRow, SecretRow, ServiceRow, SwarmList, TaskRow} from './state.js';

export const NOUNS: Record<SwarmList, Noun> = {
  services: {one: 'service', many: 'services'},
  nodes: {one: 'node', many: 'nodes'},
  secrets: {one: 'secret', many: 'secrets'},
  tasks: {one: 'task', many: 'tasks'},
};

const ago = (iso: string, now: number) => {
  const at = Date.parse(iso);
  return Number.isFinite(at) ? `${age(at / 1000, now)} ago` : '';
};
const time = (iso: string) => Date.parse(iso) || 0;

const SERVICE_COLUMNS: readonly Column<ServiceRow>[] = [
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
const NODE_COLUMNS: readonly Column<NodeRow>[] = [
  {id: 'id', title: 'ID', cell: row => row.id.slice(0, 12), required: true},
  {id: 'hostname', title: 'HOSTNAME', cell: row => `${row.hostname}${row.self ? ' *' : ''}`, required: true, max: 30},
  {id: 'status', title: 'STATUS', cell: row => row.state, required: true},
  {id: 'availability', title: 'AVAILABILITY', cell: row => row.availability},
  {id: 'role', title: 'ROLE', cell: row => (row.role === 'manager' ? row.managerStatus || 'manager' : row.role)},
  {id: 'engine', title: 'ENGINE', cell: row => row.engineVersion},
];

const SECRET_COLUMNS: readonly Column<SecretRow>[] = [
  {id: 'name', title: 'NAME', cell: row => row.name, required: true},
  {id: 'id', title: 'ID', cell: row => row.shortId},
  {
    id: 'created',
    title: 'CREATED',
    cell: () => '',
    live: (row, _c, now) => ago(row.createdAt, now),
    width: 8,
    sort: row => time(row.createdAt),
  },
  {
    id: 'updated',
    title: 'UPDATED',
    cell: () => '',
    live: (row, _c, now) => ago(row.updatedAt, now),
    width: 8,
    sort: row => time(row.updatedAt),
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
type TaskLine = TaskRow & {task: string; node: string};

const TASK_COLUMNS: readonly Column<TaskLine>[] = [
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
    sort: row => time(row.since),
  },
  {id: 'error', title: 'ERROR', cell: row => row.error || (row.state === 'running' ? '' : row.message), max: 60},
  {id: 'container', title: 'CONTAINER', cell: row => row.containerId.slice(0, 12)},
];

const taskLines = memoLast(
  (tasks: readonly TaskRow[], service: string, nodes: readonly NodeRow[]): readonly TaskLine[] => {
    const byId = new Map(nodes.map(node => [node.id, node]));
    return tasks.map(task => ({
      ...task,
      task: `${service}.${task.slot ?? task.nodeId.slice(0, 12)}`,
      node: `${task.nodeId.slice(0, 12)}${byId.get(task.nodeId)?.state === 'down' ? ' (down)' : ''}`,
    }));
  },
);

const messages = memoLast(
  (list: SwarmList, engine: AppState['connection']['status'], loaded: boolean, total: number, shown: number) =>
    listMessage(NOUNS[list], {engine, loaded, total, shown}),
);
const message = (state: AppState) => {
  const {swarm} = state;
  return messages(
    swarm.list,
    state.connection.status,
    swarm.loaded,
    (swarm.list === 'tasks' ? swarm.tasks : swarm[swarm.list]).length,
    visibleRows(state).length,
  );
};

function swarmTable<Row extends {id: string}>(
  list: SwarmList,
  columns: readonly Column<Row>[],
  rows: (state: AppState) => readonly Row[],
  warn: (row: Row) => boolean,
): Table<Row> {
  return table<Row>({
    rows,
    columns: () => columns,
    list: state => state.swarm.lists[list],
    key: row => row.id,
    message,
    stale: state => state.swarm.stale,
    tone: row => (warn(row) ? 'warn' : undefined),
  });
}

// The four lists of the swarm view; rows in the error colour: a node not ready, a service short of replicas, a task
// that failed.
export const SWARM_TABLES = {
  services: swarmTable<ServiceRow>(
    'services',
    SERVICE_COLUMNS,
    state => visibleRows(state, 'services') as readonly ServiceRow[],
    row => row.mode === 'replicated' && row.running < row.desired,
  ),
  nodes: swarmTable<NodeRow>(
    'nodes',
    NODE_COLUMNS,
    state => visibleRows(state, 'nodes') as readonly NodeRow[],
    row => row.state !== 'ready',
  ),
  secrets: swarmTable<SecretRow>(
    'secrets',
    SECRET_COLUMNS,
    state => visibleRows(state, 'secrets') as readonly SecretRow[],
    () => false,
  ),
  tasks: swarmTable<TaskLine>(
    'tasks',
    TASK_COLUMNS,
    state =>
      taskLines(visibleRows(state, 'tasks') as readonly TaskRow[], state.swarm.tasksOf?.name ?? '', state.swarm.nodes),
    row => ['failed', 'rejected', 'orphaned'].includes(row.state),
  ),
} as const;

// Lines the swarm view draws over the table: the lists line, a scale's progress, the swarm's error.
export const swarmLinesAbove = (state: AppState) => 1 + (state.swarm.progress ? 1 : 0) + (state.swarm.error ? 1 : 0);
