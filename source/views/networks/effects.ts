import {nothingSelected} from '../kit/actions.js';
import {contextWords, dockerCommand, logCommand} from '../../command-log.js';
import {inspectNetwork, removeNetwork} from '../../engine/networks/networks.js';
import {describeUsers} from '../../engine/volumes/usage.js';
import {sanitizeLine} from '../../text/sanitize.js';
import type {Services} from '../types.js';
import {askToRemove, idsByEngine, reportDone, showDetails} from '../kit/actions.js';
import {engineOf, onEngineName} from '../kit/across-engines.js';
import {networkRows, networksList, selectedNetwork, targetNetworks} from './list.js';
import type {NetworkRow} from './state.js';
import {FORCE, networkTargetLines, running} from './remove-dialog.js';
import {isoTime, keyValueLines} from '../inspect-lines.js';

type Endpoint = {Name?: string; IPv4Address?: string; IPv6Address?: string; MacAddress?: string};

export function networkSummary(row: NetworkRow, inspect?: Record<string, unknown>): string[] {
  const endpoints = Object.values((inspect?.Containers ?? {}) as Record<string, Endpoint>);
  return [
    `name        ${row.name}`,
    `id          ${row.id}`,
    `driver      ${row.driver}`,
    `scope       ${row.scope}`,
    `created     ${isoTime(row.created)}`,
    `subnet      ${row.subnet || '-'}`,
    `gateway     ${row.gateway || '-'}`,
    `internal    ${row.internal ? 'yes' : 'no'}    attachable ${row.attachable ? 'yes' : 'no'}${row.predefined ? '    predefined (cannot be removed)' : ''}`,
    ...keyValueLines('labels', row.labels),
    ...keyValueLines('options', row.options),
    row.usedBy.length
      ? `used by ${row.usedBy.length} container${row.usedBy.length === 1 ? '' : 's'}:`
      : 'used by no container',
    ...row.usedBy.map(user => {
      const endpoint = endpoints.find(e => e.Name === user.name);
      return `  ${user.name} (${user.state}) ${user.id.slice(0, 12)}${endpoint?.IPv4Address ? ` ${endpoint.IPv4Address}` : ''}${endpoint?.IPv6Address ? ` ${endpoint.IPv6Address}` : ''}`;
    }),
  ];
}

export async function showInspect(services: Services): Promise<void> {
  const row = selectedNetwork(services.store.get());
  if (row)
    await showDetails(
      services,
      `network ${sanitizeLine(onEngineName(row, row.name))}`,
      async docker => networkSummary(row, await inspectNetwork(docker, row.id)),
      engineOf(row),
    );
}

// d: the dialog lists what goes, every container attached and what f does to it (views/networks/remove-dialog.ts).
// The predefined networks are always kept.
export function confirmRemove(services: Services): void {
  const rows = targetNetworks(services.store.get());
  if (!rows.length) return nothingSelected(services, 'remove');
  const removable = rows.filter(row => !row.predefined);
  // With several engines each target is named with its engine: `prod/app-net`.
  const named = (row: NetworkRow) => sanitizeLine(onEngineName(row, row.name));
  const predefined = rows
    .filter(row => row.predefined)
    .flatMap(row => [`kept: ${named(row)}`, '  predefined, the engine keeps it']);
  if (!removable.length) {
    services.status(
      `not removing ${rows.map(named).join(', ')}: predefined network${rows.length === 1 ? '' : 's'}, the engine keeps bridge, host and none`,
      'error',
    );
    return;
  }
  const targets = removable.flatMap(row => networkTargetLines(row, named(row)));
  askToRemove(services, {
    title: `Remove ${removable.length === 1 ? 'this network' : `these ${removable.length} networks`}?`,
    targets: [...targets, ...predefined],
    ids: removable.map(row => row.id),
    names: removable.map(row => onEngineName(row, row.name)),
    engines: removable.map(engineOf),
    owner: 'networks',
    forceLabels: FORCE,
  });
}

export async function runRemove(
  services: Services,
  ids: readonly string[],
  force: boolean,
  engines?: readonly (string | undefined)[],
): Promise<void> {
  const all = networkRows(services.store.get());
  const removed: string[] = [];
  const failed: string[] = [];
  const groups = [...idsByEngine(ids, engines)].map(([engine, group]) => ({
    engine,
    rows: group
      .map(id => all.find(row => row.id === id && engineOf(row) === engine))
      .filter((row): row is NetworkRow => Boolean(row)),
  }));
  const named = (row: NetworkRow) => sanitizeLine(onEngineName(row, row.name));
  services.status(`removing ${groups.flatMap(group => group.rows.map(named)).join(', ')}…`);
  // Each engine's networks on its own client.
  for (const {engine, rows} of groups) {
    const docker = services.docker(engine);
    if (!docker) {
      // docker() has said the engine is not connected; with one engine that is all there is to say.
      if (engine === undefined) return;
      failed.push(...rows.map(row => `${named(row)}: engine not connected`));
      continue;
    }
    for (const row of rows) {
      const busy = running(row);
      if (busy.length && !force) {
        failed.push(
          `${named(row)}: in use by ${sanitizeLine(describeUsers(busy))}; stop or disconnect them (d, then f, disconnects them)`,
        );
        continue;
      }
      const disconnect = force ? row.usedBy : [];
      const context = contextWords(engine);
      for (const user of disconnect)
        logCommand(dockerCommand([...context, 'network', 'disconnect', '-f', row.name, user.name]));
      logCommand(dockerCommand([...context, 'network', 'rm', row.name]));
      const result = await removeNetwork(docker, row, disconnect);
      if (result.ok)
        removed.push(
          `${named(row)}${result.disconnected.length ? ` (disconnected ${result.disconnected.map(name => sanitizeLine(name)).join(', ')})` : ''}`,
        );
      else failed.push(`${named(row)}: ${result.reason}`);
    }
  }
  void networksList.loader.load(services);
  reportDone(services, {done: 'removed', not: 'not removed'}, {one: 'network', many: 'networks'}, removed, failed);
}
