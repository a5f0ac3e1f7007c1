import {Box, Text} from 'ink';
import {memo} from 'react';
import {age, fit} from '../../text/format.js';
import {sanitizeLine} from '../../text/sanitize.js';
import type {AppState} from '../../store/state.js';
import {ListWithLogs} from '../kit/list-with-logs/ListWithLogs.js';
import {useStore} from '../use-store.js';
import {GLYPH} from '../kit/glyphs.js';
import {ListStatus} from '../kit/ListBody.js';
import {activeManager, shownSwarmEngine, visibleRows} from './selectors.js';
import {engineTitle} from '../kit/engine-pick.js';
import type {NodeRow, SecretRow, ServiceRow, SwarmList, SwarmRole, TaskRow} from './state.js';
import {useTheme} from '../use-theme.js';
import {styles} from '../../theme/index.js';

const clean = (text: string) => sanitizeLine(text);
const ago = (iso: string, now = Date.now()) => {
  const at = Date.parse(iso);
  return Number.isFinite(at) ? `${age(at / 1000, now)} ago` : '';
};

type Column = {title: string; width: number; right?: boolean};

// Fixed widths, with the flexible columns sharing what is left of `width`.
function layout(fixed: readonly (Column | {title: string; share: number})[], width: number): Column[] {
  const used = fixed.reduce((sum, column) => sum + ('width' in column ? column.width : 0) + 1, 2);
  const shares = fixed.reduce((sum, column) => sum + ('share' in column ? column.share : 0), 0);
  const rest = Math.max(shares * 6, width - used);
  return fixed.map(column =>
    'width' in column ? column : {title: column.title, width: Math.max(6, Math.floor((rest * column.share) / shares))},
  );
}

const COLUMNS: Record<SwarmList, readonly (Column | {title: string; share: number})[]> = {
  services: [
    {title: 'NAME', share: 3},
    {title: 'MODE', width: 10},
    {title: 'REPLICAS', width: 8},
    {title: 'IMAGE', share: 3},
    {title: 'PORTS', share: 1},
    {title: 'UPDATE', share: 1},
  ],
  // What changes (status, availability) before what does not, so a narrow list still shows it.
  nodes: [
    {title: 'ID', width: 12},
    {title: 'HOSTNAME', share: 1},
    {title: 'STATUS', width: 7},
    {title: 'AVAILABILITY', width: 12},
    {title: 'ROLE', width: 11},
    {title: 'ENGINE', share: 1},
  ],
  secrets: [
    {title: 'NAME', share: 2},
    {title: 'ID', width: 12},
    {title: 'CREATED', width: 10},
    {title: 'UPDATED', width: 10},
    {title: 'LABELS', share: 2},
  ],
  tasks: [
    {title: 'TASK', share: 2},
    {title: 'ID', width: 12},
    {title: 'NODE', width: 12},
    {title: 'DESIRED', width: 8},
    {title: 'CURRENT', width: 18},
    {title: 'ERROR', share: 2},
    {title: 'CONTAINER', width: 12},
  ],
};

function cells(list: SwarmList, row: unknown, nodes: ReadonlyMap<string, NodeRow>, service?: string): string[] {
  switch (list) {
    case 'services': {
      const s = row as ServiceRow;
      const replicas = s.mode === 'replicated' || s.mode === 'global' ? `${s.running}/${s.desired}` : `${s.running}`;
      return [clean(s.name), s.mode, replicas, clean(s.image), clean(s.ports), clean(s.updateState)];
    }
    case 'nodes': {
      const n = row as NodeRow;
      // ROLE: the manager's status (Leader, Reachable, Unreachable), or worker.
      return [
        n.id.slice(0, 12),
        `${clean(n.hostname)}${n.self ? ' *' : ''}`,
        n.state,
        n.availability,
        n.role === 'manager' ? n.managerStatus || 'manager' : n.role,
        clean(n.engineVersion),
      ];
    }
    case 'secrets': {
      const s = row as SecretRow;
      return [
        clean(s.name),
        s.shortId,
        ago(s.createdAt),
        ago(s.updatedAt),
        clean(
          Object.entries(s.labels)
            .map(([key, value]) => `${key}=${value}`)
            .join(','),
        ),
      ];
    }
    case 'tasks': {
      const t = row as TaskRow;
      const node = nodes.get(t.nodeId);
      return [
        `${clean(service ?? '')}.${t.slot ?? t.nodeId.slice(0, 12)}`,
        t.shortId,
        `${t.nodeId.slice(0, 12)}${node?.state === 'down' ? ' (down)' : ''}`,
        t.desiredState,
        `${t.state} ${ago(t.since)}`,
        clean(t.error || (t.state === 'running' ? '' : t.message)),
        t.containerId.slice(0, 12),
      ];
    }
  }
}

const line = (columns: readonly Column[], values: readonly string[]) =>
  columns.map((column, i) => fit(values[i] ?? '', column.width)).join(' ');

const Row = memo(function Row({
  text,
  selected,
  marked,
  stale,
  warn,
}: {
  text: string;
  selected: boolean;
  marked: boolean;
  stale: boolean;
  warn: boolean;
}) {
  const theme = useTheme();
  return (
    <Text
      {...styles(selected && theme.selection, stale && theme.muted, warn && !selected && theme.error)}
      wrap="truncate-end"
    >
      {selected ? GLYPH.cursor : GLYPH.blank}
      {marked ? GLYPH.mark : GLYPH.blank}
      {text.trimEnd()}
    </Text>
  );
});

function warnOf(list: SwarmList, row: unknown): boolean {
  if (list === 'nodes') return (row as NodeRow).state !== 'ready';
  if (list === 'tasks') return ['failed', 'rejected', 'orphaned'].includes((row as TaskRow).state);
  if (list === 'services') {
    const s = row as ServiceRow;
    return s.mode === 'replicated' && s.running < s.desired;
  }
  return false;
}

const TITLES: Record<SwarmList, string> = {services: 'services', nodes: 'nodes', secrets: 'secrets', tasks: 'tasks'};
export const NOUNS: Record<SwarmList, {one: string; many: string}> = {
  services: {one: 'service', many: 'services'},
  nodes: {one: 'node', many: 'nodes'},
  secrets: {one: 'secret', many: 'secrets'},
  tasks: {one: 'task', many: 'tasks'},
};

function SwarmList({width, height}: {width: number; height: number}) {
  const theme = useTheme();
  const listName = useStore(state => state.swarm.list);
  const rows = useStore(state => visibleRows(state));
  const total = useStore(
    state => (state.swarm.list === 'tasks' ? state.swarm.tasks : state.swarm[state.swarm.list]).length,
  );
  const list = useStore(state => state.swarm.lists[state.swarm.list]);
  const counts = useStore(
    state => `${state.swarm.services.length} ${state.swarm.nodes.length} ${state.swarm.secrets.length}`,
  );
  const nodesList = useStore(state => state.swarm.nodes);
  const tasksOf = useStore(state => state.swarm.tasksOf);
  const loaded = useStore(state => state.swarm.loaded);
  const stale = useStore(state => state.swarm.stale);
  const error = useStore(state => state.swarm.error);
  const progress = useStore(state => state.swarm.progress);
  const downNodes = useStore(state => state.swarm.nodes.filter(node => node.state !== 'ready').length);
  // With several engines: which one this is, and how to pick another.
  const engine = useStore(shownSwarmEngine);
  const role = useStore(state => state.swarm.role);
  const [services, nodeCount, secrets] = counts.split(' ');
  const nodes = new Map(nodesList.map(node => [node.id, node]));
  const columns = layout(COLUMNS[listName], width);
  if (engine && !activeManager(role)) return <NotAManager width={width} height={height} engine={engine} role={role} />;
  const header = [
    engine ? engineTitle('swarm', engine) : '',
    listName === 'tasks' ? `tasks of ${clean(tasksOf?.name ?? '')} (esc: services)` : '',
    ...(['services', 'nodes', 'secrets'] as const).map(name =>
      name === listName
        ? `[${TITLES[name]} ${name === 'services' ? services : name === 'nodes' ? nodeCount : secrets}]`
        : `${TITLES[name]} ${name === 'services' ? services : name === 'nodes' ? nodeCount : secrets}`,
    ),
    downNodes ? `${downNodes} node${downNodes === 1 ? '' : 's'} down` : '',
  ]
    .filter(Boolean)
    .join('  ');
  const extra = (progress ? 1 : 0) + (error ? 1 : 0);
  const page = rows.slice(list.scrollTop, list.scrollTop + Math.max(1, height - 2 - extra));
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold wrap="truncate-end" {...(downNodes ? theme.error : undefined)}>
        {' ' + header}
      </Text>
      {progress ? (
        <Text {...(progress.done ? theme.success : theme.warning)} wrap="truncate-end">
          {' ' + progress.text}
        </Text>
      ) : null}
      {error ? (
        <Text {...theme.error} wrap="truncate-end">
          {' swarm: ' + clean(error)}
        </Text>
      ) : null}
      <Text bold {...theme.columnHeader} wrap="truncate-end">
        {'  ' +
          line(
            columns,
            columns.map(column => column.title),
          )}
      </Text>
      <ListStatus noun={NOUNS[listName]} loaded={loaded} total={total} shown={rows.length} />
      {page.map((row, i) => {
        const r = row as {id: string};
        return (
          <Row
            key={r.id}
            text={line(columns, cells(listName, row, nodes, tasksOf?.name))}
            selected={list.scrollTop + i === list.cursor}
            marked={list.marked.includes(r.id)}
            stale={stale}
            warn={warnOf(listName, row)}
          />
        );
      })}
    </Box>
  );
}

// Several engines, and the one the swarm view shows is not a manager: say so, and how to pick another.
function NotAManager({width, height, engine, role}: {width: number; height: number; engine: string; role?: SwarmRole}) {
  const theme = useTheme();
  const why = !role
    ? 'its swarm status is not known yet (it is not connected)'
    : role.state === 'active'
      ? 'it is a swarm worker: services, nodes and secrets are on a manager'
      : `it is not a swarm manager (swarm: ${role.state}${role.error ? `, ${role.error}` : ''})`;
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold wrap="truncate-end">
        {' ' + engineTitle('swarm', engine)}
      </Text>
      <Text {...theme.warning} wrap="truncate-end">
        {' ' + clean(`${engine}: ${why}`)}
      </Text>
    </Box>
  );
}

export const hasSwarmPane = (state: AppState) => Boolean(state.logs) && state.logs?.owner === 'swarm';

// The swarm view: one of the lists (services, nodes, secrets, a service's tasks), and the log pane of a service or a
// task beside or below it.
export function SwarmView({width, height}: {width: number; height: number}) {
  return <ListWithLogs width={width} height={height} hasPane={hasSwarmPane} List={SwarmList} />;
}
