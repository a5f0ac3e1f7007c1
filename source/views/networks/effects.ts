import {dockerCommand, logCommand} from '../../command-log.js';
import {inspectNetwork, removeNetwork} from '../../engine/networks/networks.js';
import {describeUsers} from '../../engine/volumes/usage.js';
import {sanitizeLine} from '../../text/sanitize.js';
import type {Services} from '../types.js';
import {askToRemove, reportDone, showDetails} from '../kit/actions.js';
import {networkRows, networksList, selectedNetwork, targetNetworks} from './list.js';
import type {NetworkRow} from './state.js';
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
    await showDetails(services, `network ${sanitizeLine(row.name)}`, async docker =>
      networkSummary(row, await inspectNetwork(docker, row.id)),
    );
}

const FORCE = {
  off: '  (f: disconnect running containers first)',
  on: '  [force: disconnect every container listed (docker network disconnect -f), then remove]',
};

const running = (row: NetworkRow) =>
  row.usedBy.filter(user => user.state === 'running' || user.state === 'paused' || user.state === 'restarting');

// d: the dialog lists what goes. The engine refuses a network with running containers on it ("active endpoints");
// those are listed as kept unless f disconnects them first. The predefined networks are always kept.
export function confirmRemove(services: Services): void {
  const rows = targetNetworks(services.store.get());
  if (!rows.length) return;
  const removable = rows.filter(row => !row.predefined);
  const predefined = rows
    .filter(row => row.predefined)
    .flatMap(row => [`kept: ${sanitizeLine(row.name)}`, '  predefined, the engine keeps it']);
  if (!removable.length) {
    services.status(
      `not removing ${rows.map(row => sanitizeLine(row.name)).join(', ')}: predefined network${rows.length === 1 ? '' : 's'}, the engine keeps bridge, host and none`,
      'error',
    );
    return;
  }
  // One line per network, and the reason under it (at 80 columns a name and a reason do not fit one line).
  const targets = removable.flatMap(row => {
    const busy = running(row);
    const stopped = row.usedBy.filter(user => !busy.includes(user));
    const name = `${sanitizeLine(row.name)}  (${sanitizeLine(row.driver)}${row.subnet ? ` ${row.subnet}` : ''})`;
    if (busy.length) return [name, `  in use by ${sanitizeLine(describeUsers(busy))}: kept unless f`];
    if (stopped.length) return [name, `  stopped ${sanitizeLine(describeUsers(stopped))} will lose it`];
    return [`${name}, unused`];
  });
  askToRemove(services, {
    title: `Remove ${removable.length === 1 ? 'this network' : `these ${removable.length} networks`}?`,
    targets: [...targets, ...predefined],
    ids: removable.map(row => row.id),
    names: removable.map(row => row.name),
    owner: 'networks',
    forceLabels: FORCE,
  });
}

export async function runRemove(services: Services, ids: readonly string[], force: boolean): Promise<void> {
  const docker = services.docker();
  if (!docker) return;
  const rows = ids
    .map(id => networkRows(services.store.get()).find(row => row.id === id))
    .filter((row): row is NetworkRow => Boolean(row));
  services.status(`removing ${rows.map(row => sanitizeLine(row.name)).join(', ')}…`);
  const removed: string[] = [];
  const failed: string[] = [];
  for (const row of rows) {
    const busy = running(row);
    if (busy.length && !force) {
      failed.push(
        `${sanitizeLine(row.name)}: in use by ${sanitizeLine(describeUsers(busy))}; stop or disconnect them (d, then f, disconnects them)`,
      );
      continue;
    }
    const disconnect = force ? row.usedBy : [];
    for (const user of disconnect) logCommand(dockerCommand(['network', 'disconnect', '-f', row.name, user.name]));
    logCommand(dockerCommand(['network', 'rm', row.name]));
    const result = await removeNetwork(docker, row, disconnect);
    if (result.ok)
      removed.push(
        `${sanitizeLine(row.name)}${result.disconnected.length ? ` (disconnected ${result.disconnected.map(name => sanitizeLine(name)).join(', ')})` : ''}`,
      );
    else failed.push(`${sanitizeLine(row.name)}: ${result.reason}`);
  }
  void networksList.loader.load(services);
  reportDone(services, {done: 'removed', not: 'not removed'}, {one: 'network', many: 'networks'}, removed, failed);
}
