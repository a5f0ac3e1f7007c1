import {nothingSelected} from '../kit/actions.js';
import {contextWords, dockerCommand, logCommand} from '../../command-log.js';
import {describeUsers} from '../../engine/volumes/usage.js';
import {inspectVolume, removeVolume} from '../../engine/volumes/volumes.js';
import {sanitizeLine} from '../../text/sanitize.js';
import type {Services} from '../types.js';
import {askToRemove, idsByEngine, reportDone, showDetails} from '../kit/actions.js';
import {engineOf, onEngineName} from '../kit/across-engines.js';
import {selectedVolume, targetVolumes, volumesList} from './list.js';
import type {VolumeRow} from './state.js';
import {isoTime, keyValueLines} from '../inspect-lines.js';

export function volumeSummary(row: VolumeRow, inspect?: Record<string, unknown>): string[] {
  const status =
    inspect?.Status && typeof inspect.Status === 'object'
      ? Object.entries(inspect.Status as Record<string, unknown>).map(([k, v]) => `  ${k}=${String(v)}`)
      : [];
  return [
    `name        ${row.name}`,
    `driver      ${row.driver}`,
    `scope       ${row.scope}`,
    `created     ${isoTime(row.created)}`,
    `mountpoint  ${row.mountpoint}`,
    ...keyValueLines('labels', row.labels),
    ...keyValueLines('options', row.options),
    ...(status.length ? ['status:', ...status] : []),
    row.usedBy.length
      ? `used by ${row.usedBy.length} container${row.usedBy.length === 1 ? '' : 's'}:`
      : 'used by no container',
    ...row.usedBy.map(user => `  ${user.name} (${user.state}) ${user.id.slice(0, 12)}`),
  ];
}

export async function showInspect(services: Services): Promise<void> {
  const row = selectedVolume(services.store.get());
  if (row)
    await showDetails(
      services,
      `volume ${sanitizeLine(onEngineName(row, row.name))}`,
      async docker => volumeSummary(row, await inspectVolume(docker, row.name)),
      engineOf(row),
    );
}

const FORCE = {
  off: '  (f: force)',
  on: '  [force: the engine forgets a volume its driver fails to remove; in use still refused]',
};

// d: the dialog lists what goes; a volume some container mounts (running or not) is refused, with the containers.
export function confirmRemove(services: Services): void {
  const rows = targetVolumes(services.store.get());
  if (!rows.length) return nothingSelected(services, 'remove');
  const free = rows.filter(row => !row.usedBy.length);
  const busy = rows.filter(row => row.usedBy.length);
  // With several engines each target is named with its engine: `prod/web-data`.
  const named = (row: VolumeRow) => sanitizeLine(onEngineName(row, row.name));
  const refusals = busy.map(row => `${named(row)}: in use by ${sanitizeLine(describeUsers(row.usedBy))}`);
  if (!free.length) {
    services.status(
      `not removing ${refusals.join('; ')} — remove the container${busy.some(row => row.usedBy.length > 1) || busy.length > 1 ? 's' : ''} first`,
      'error',
    );
    return;
  }
  askToRemove(services, {
    title: `Remove ${free.length === 1 ? 'this volume' : `these ${free.length} volumes`} and the data in ${free.length === 1 ? 'it' : 'them'}?`,
    targets: [
      ...free.map(row => `${named(row)}  (${sanitizeLine(row.driver)}, unused)`),
      ...busy.flatMap(row => [`kept: ${named(row)}`, `  in use by ${sanitizeLine(describeUsers(row.usedBy))}`]),
    ],
    ids: free.map(row => row.name),
    names: free.map(row => onEngineName(row, row.name)),
    engines: free.map(engineOf),
    owner: 'volumes',
    forceLabels: FORCE,
  });
}

export async function runRemove(
  services: Services,
  names: readonly string[],
  force: boolean,
  engines?: readonly (string | undefined)[],
): Promise<void> {
  const removed: string[] = [];
  const failed: string[] = [];
  const shown = (engine: string | undefined, name: string) => sanitizeLine(engine ? `${engine}/${name}` : name);
  services.status(`removing ${names.map((name, i) => shown(engines?.[i], name)).join(', ')}…`);
  // Each engine's volumes on its own client, the engines one after another (a few volumes: no hurry).
  for (const [engine, group] of idsByEngine(names, engines)) {
    const docker = services.docker(engine);
    if (!docker) {
      // docker() has said the engine is not connected; with one engine that is all there is to say.
      if (engine === undefined) return;
      failed.push(...group.map(name => `${shown(engine, name)}: engine not connected`));
      continue;
    }
    for (const name of group) {
      logCommand(dockerCommand([...contextWords(engine), 'volume', 'rm', ...(force ? ['-f'] : []), name]));
      const result = await removeVolume(docker, name, force);
      if (result.ok) removed.push(shown(engine, name));
      else failed.push(`${shown(engine, name)}: ${result.reason}`);
    }
  }
  void volumesList.loader.load(services);
  reportDone(services, {done: 'removed', not: 'not removed'}, {one: 'volume', many: 'volumes'}, removed, failed);
}
