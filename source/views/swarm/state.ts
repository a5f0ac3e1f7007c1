import type {NodeRow, SecretRow, ServiceRow, SwarmRole, TaskRow} from '../../engine/swarm/lists.js';
import {emptyList, type ListState} from '../../store/list.js';
import type {NoFields} from '../../store/state.js';

export type {NodeRow, SecretRow, ServiceRow, SwarmRole, TaskRow};

// Which list the swarm view shows: the three lists, and the tasks of one service (enter on a service).
export type SwarmList = 'services' | 'nodes' | 'secrets' | 'tasks';
export const SWARM_LISTS: readonly Exclude<SwarmList, 'tasks'>[] = ['services', 'nodes', 'secrets'];

export type SwarmState = {
  // /info's Swarm part, read on every connect: the swarm view is offered only on a manager. With several engines, the
  // role of the engine the swarm view shows.
  role?: SwarmRole;
  // With several engines: each engine's role by name, and the engine picked with engine:NAME in the filter
  // (else the first manager, else the first); the lists are that engine's.
  roles: Readonly<Record<string, SwarmRole | undefined>>;
  engine?: string;
  list: SwarmList;
  nodes: readonly NodeRow[];
  services: readonly ServiceRow[];
  secrets: readonly SecretRow[];
  // The service whose tasks show (enter), and its tasks, newest first.
  tasksOf?: {id: string; name: string};
  tasks: readonly TaskRow[];
  lists: Record<SwarmList, ListState>;
  loaded: boolean;
  stale: boolean;
  error?: string;
  // A scale or an update under way: what it waits for, shown until the tasks converge.
  progress?: {serviceId: string; text: string; done: boolean};
};

declare module '../../store/state.js' {
  interface ViewSlices {
    swarm: SwarmState;
  }
  interface ViewOverlays {
    // c on a secret / :secret create NAME: the name, then the value typed masked.
    swarmSecretName: {draft: string; cursor?: number};
    swarmSecretValue: {name: string; draft: string; cursor?: number};
  }
}

declare module '../../store/actions.js' {
  interface ActionMap {
    'view.swarm': NoFields;
    // `engine`: with several engines, whose role, rows or tasks these are (another's than shown: dropped).
    'swarm.role': {role?: SwarmRole; engine?: string};
    'swarm.loaded': {
      nodes: readonly NodeRow[];
      services: readonly ServiceRow[];
      secrets: readonly SecretRow[];
      engine?: string;
    };
    'swarm.tasksLoaded': {serviceId: string; tasks: readonly TaskRow[]; engine?: string};
    // enter in the filter with engine:NAME: the engine to show (none when unknown), the filter without the term.
    'swarm.pickEngine': {engine?: string; filter: string};
    'swarm.failed': {error: string};
    'swarm.stale': NoFields;
    'swarm.progress': {progress?: SwarmState['progress']};
    'swarm.show': {list: SwarmList};
    'swarm.nextList': NoFields;
    'swarm.previousList': NoFields;
    'swarm.showNodes': NoFields;
    'swarm.showServices': NoFields;
    'swarm.showSecrets': NoFields;
    'swarm.enter': NoFields;
    'swarm.back': NoFields;
    'swarm.logs': NoFields;
    'swarm.scaleUp': NoFields;
    'swarm.scaleDown': NoFields;
    'swarm.redeploy': NoFields;
    'swarm.remove': NoFields;
    'swarm.createSecret': NoFields;
    'swarm.nodeActive': NoFields;
    'swarm.nodeDrain': NoFields;
    'swarm.nodePause': NoFields;
  }
}

export const initialSwarm = (): SwarmState => ({
  roles: {},
  list: 'services',
  nodes: [],
  services: [],
  secrets: [],
  tasks: [],
  lists: {services: emptyList(), nodes: emptyList(), secrets: emptyList(), tasks: emptyList()},
  loaded: false,
  stale: false,
});
