import type Docker from 'dockerode';
import type {LogEntry} from '../logs/entry.js';
import {listTasks, type TaskRow} from './lists.js';

const SPACE = 0x20;
const DETAIL_TASK = 'com.docker.swarm.task.id=';
const DETAIL_NODE = 'com.docker.swarm.node.id=';
const MAX_DETAILS = 4096;

export type EntryDetails = {taskId?: string; nodeId?: string; rest: Buffer};

// With details=1 a service's (or task's) log message starts with `k=v,k=v… ` naming its node, service and task
// (docs/engine-facts.md, "Swarm"). Anything else is left as it is.
export function splitDetails(content: Buffer): EntryDetails | undefined {
  const space = content.indexOf(SPACE);
  if (space <= 0 || space > MAX_DETAILS) return undefined;
  const head = content.subarray(0, space).toString('latin1');
  if (!head.includes(DETAIL_TASK) && !head.includes(DETAIL_NODE)) return undefined;
  const details: EntryDetails = {rest: content.subarray(space + 1)};
  for (const pair of head.split(',')) {
    if (pair.startsWith(DETAIL_TASK)) details.taskId = decodeURIComponent(pair.slice(DETAIL_TASK.length));
    else if (pair.startsWith(DETAIL_NODE)) details.nodeId = decodeURIComponent(pair.slice(DETAIL_NODE.length));
  }
  return details;
}

// `service.slot@node` in front of each line of a service's logs: the slot from the task (looked up in the
// service's task list), the node by short ID (nodes may share a hostname). While lines flow the task list is read
// again at most once a second, so a task added by a scale is known before its container starts and speaks; a
// task not known yet (its first lines) shows its short task ID in place of the slot.
export class ServiceLogPrefixer {
  private slots = new Map<string, number | undefined>();
  // Tasks that spoke before the prefixer knew them, and tasks still unknown after a fresh read.
  private asked = new Set<string>();
  private unknown = new Set<string>();
  private loading: Promise<void> | undefined;
  private lastLoad = 0;

  constructor(
    private readonly docker: Docker,
    private readonly serviceId: string,
    private readonly serviceName: string,
    tasks: readonly TaskRow[] = [],
  ) {
    this.learn(tasks);
  }

  learn(tasks: readonly TaskRow[]): void {
    for (const task of tasks) this.slots.set(task.id, task.slot);
  }

  // Reads the task list (at most once a second while unknown tasks keep speaking).
  refresh(): Promise<void> {
    if (this.loading || Date.now() - this.lastLoad < 1000) return this.loading ?? Promise.resolve();
    this.lastLoad = Date.now();
    this.loading = listTasks(this.docker, this.serviceId)
      .then(tasks => this.learn(tasks))
      .catch(() => undefined)
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }

  // undefined: the task is not known yet and a fresh read of the task list may tell (see `resolve`).
  prefix(taskId?: string, nodeId?: string): string | undefined {
    let slot = '';
    if (taskId) {
      if (this.slots.has(taskId)) {
        const known = this.slots.get(taskId);
        slot = known === undefined ? '' : `.${known}`;
      } else if (this.unknown.has(taskId)) slot = `.${taskId.slice(0, 12)}`;
      else {
        this.asked.add(taskId);
        return undefined;
      }
    }
    return `${this.serviceName}${slot}@${(nodeId ?? '?').slice(0, 12)}`;
  }

  // Reads the task list now; the tasks asked about that it does not name keep their task ID for a prefix.
  readonly resolve = async (): Promise<void> => {
    // A read already under way may have started before the task existed: read once more after it.
    await this.loading;
    this.lastLoad = 0;
    await this.refresh();
    for (const task of this.asked) if (!this.slots.has(task)) this.unknown.add(task);
    this.asked.clear();
  };

  readonly rewrite = (entry: LogEntry): LogEntry | undefined => {
    const details = splitDetails(entry.content);
    if (!details) return entry;
    const prefix = this.prefix(details.taskId, details.nodeId);
    if (prefix === undefined) return undefined;
    return {...entry, content: Buffer.concat([Buffer.from(`${prefix} | `, 'utf8'), details.rest])};
  };
}
