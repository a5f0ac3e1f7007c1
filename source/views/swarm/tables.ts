import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import type {Column} from '../kit/columns.js';
import {listMessage, type Noun} from '../kit/messages.js';
import {table, type Table} from '../kit/table.js';
import {NODE_COLUMNS, SECRET_COLUMNS, SERVICE_COLUMNS, TASK_COLUMNS, type TaskLine} from './columns.js';
import {visibleRows} from './selectors.js';
import type {NodeRow, SecretRow, ServiceRow, SwarmList} from './state.js';

export const NOUNS: Record<SwarmList, Noun> = {
  services: {one: 'service', many: 'services'},
  nodes: {one: 'node', many: 'nodes'},
  secrets: {one: 'secret', many: 'secrets'},
  tasks: {one: 'task', many: 'tasks'},
};

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
    id: `swarm.${list}`,
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
    state => visibleRows(state, 'tasks') as readonly TaskLine[],
    row => ['failed', 'rejected', 'orphaned'].includes(row.state),
  ),
} as const;

// Lines the swarm view draws over the table: the lists line, a scale's progress, the swarm's error.
export const swarmLinesAbove = (state: AppState) => 1 + (state.swarm.progress ? 1 : 0) + (state.swarm.error ? 1 : 0);
