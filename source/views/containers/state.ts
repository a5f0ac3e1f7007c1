import type {ContainerRow} from '../../engine/containers/rows.js';
import type {EnvEntry} from '../../engine/containers/operations.js';
import type {Usage} from '../../engine/stats/compute.js';
import {emptyList, type ListState} from '../../store/list.js';
import type {FormOverlay} from '../form.js';
import type {LimitTexts} from '../../engine/containers/update-values.js';
import type {NoFields, OverlayReach} from '../../store/state.js';

export type {ContainerRow};

export type ContainersState = {
  items: readonly ContainerRow[];
  loaded: boolean;
  stale: boolean;
  list: ListState;
  runningOnly: boolean;
  showSize: boolean;
  sizes?: Readonly<Record<string, {rw?: number; rootFs?: number}>>;
  // CPU and memory columns: sampled about once a second for the rows on screen only (all running
  // containers while sorted by CPU or memory); `usage` holds the latest sample of each.
  stats: {on: boolean; usage: Readonly<Record<string, Usage>>; version: number};
  // What berth is doing to a container now (by containerKey): its row says so (`stopping…`) until the engine is done.
  busy: Readonly<Record<string, Busy>>;
};

export type Busy = 'stopping' | 'starting' | 'restarting' | 'removing' | 'killing' | 'pausing' | 'unpausing';

// A container K, :rename or :update acts on, as it was when the menu or form opened (`detail`: image, status).
export type ChosenContainer = {id: string; name: string; engine?: string; detail: string};

export type TopProcesses = {titles: readonly string[]; processes: readonly (readonly string[])[]};

declare module '../../store/state.js' {
  interface ViewSlices {
    containers: ContainersState;
  }
  interface ViewOverlays {
    env: {container: string; entries: readonly EnvEntry[]; reveal: boolean; scroll: number; reach?: OverlayReach};
    execForm: FormOverlay & {containerId: string; containerName: string; engine?: string};
    // p: graphs, rates and limits of one container, and its processes (refreshed while shown).
    stats: {id: string; name: string; engine?: string; top?: TopProcesses; topError?: string};
    // K: the signal under the cursor (`scroll`; the last row types one), for these containers.
    signalMenu: {scroll: number; targets: readonly ChosenContainer[]};
    signalPrompt: {draft: string; cursor?: number; targets: readonly ChosenContainer[]};
    // :update: the form, the containers, and the texts it opened with (only what changed is sent).
    updateForm: FormOverlay & {targets: readonly ChosenContainer[]; before: LimitTexts};
  }
}

declare module '../../store/actions.js' {
  interface ActionMap {
    'view.containers': NoFields;
    'container.stop': NoFields;
    'container.start': NoFields;
    'container.restart': NoFields;
    'container.pause': NoFields;
    'container.signal': NoFields;
    'container.remove': NoFields;
    'container.env': NoFields;
    'container.inspect': NoFields;
    'container.attach': NoFields;
    'containers.toggleAll': NoFields;
    'containers.toggleSize': NoFields;
    'env.reveal': NoFields;
    'exec.shell': NoFields;
    'exec.form': NoFields;
    // `engine`: with several engines, the engine whose list this is (its rows only are replaced).
    'containers.loaded': {items: readonly ContainerRow[]; engine?: string};
    'containers.sizes': {sizes: Record<string, {rw?: number; rootFs?: number}>};
    'containers.stale': {engine?: string};
    'containers.toggleStats': NoFields;
    'containers.statsPane': NoFields;
    // L: the marked containers' logs merged in one pane.
    'containers.mergedLogs': NoFields;
    // background: a periodic sample, not activity (source/idle-gc.ts: berth is quiet while only these arrive).
    'containers.usage': {usage: Record<string, Usage>; version: number; background: true};
    'containers.top': {id: string; top?: TopProcesses; error?: string};
    // An operation on these containers began (`doing`) or ended (none).
    'containers.busy': {keys: readonly string[]; doing?: Busy};
  }
}

export const initialContainers = (statsOn = false): ContainersState => ({
  items: [],
  loaded: false,
  stale: false,
  list: emptyList(),
  runningOnly: false,
  showSize: false,
  stats: {on: statsOn, usage: {}, version: 0},
  busy: {},
});
