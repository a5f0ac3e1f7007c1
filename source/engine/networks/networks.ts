import {compareNatural} from '../../text/compare.js';
import type Docker from 'dockerode';
import {stripAnsi} from '../../text/escapes.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {engineMessage} from '../engine-error.js';
import {containerInfos, describeUsers, networkUsers, usersOfNetwork, type ContainerUse} from '../volumes/usage.js';

export type NetworkRow = {
  id: string;
  name: string;
  driver: string;
  scope: string;
  created?: number;
  // IPAM subnets, comma-separated ('' for host/none).
  subnet: string;
  gateway: string;
  internal: boolean;
  attachable: boolean;
  labels: Readonly<Record<string, string>>;
  options: Readonly<Record<string, string>>;
  // bridge, host, none (and a swarm's ingress): the engine's own, never removable.
  predefined: boolean;
  usedBy: readonly ContainerUse[];
};

type NetworkInfo = {
  Id: string;
  Name: string;
  Driver?: string;
  Scope?: string;
  Created?: string;
  Internal?: boolean;
  Attachable?: boolean;
  Ingress?: boolean;
  IPAM?: {Config?: {Subnet?: string; Gateway?: string}[] | null} | null;
  Labels?: Record<string, string> | null;
  Options?: Record<string, string> | null;
};

const PREDEFINED = new Set(['bridge', 'host', 'none']);

export function toNetworkRow(network: NetworkInfo, users: Map<string, ContainerUse[]>): NetworkRow {
  const created = network.Created ? Date.parse(network.Created) : NaN;
  const config = network.IPAM?.Config ?? [];
  return {
    id: network.Id,
    name: network.Name,
    driver: network.Driver ?? '',
    scope: network.Scope ?? '',
    created: Number.isNaN(created) ? undefined : Math.floor(created / 1000),
    subnet: config
      .map(entry => entry.Subnet)
      .filter(Boolean)
      .join(', '),
    gateway: config
      .map(entry => entry.Gateway)
      .filter(Boolean)
      .join(', '),
    internal: Boolean(network.Internal),
    attachable: Boolean(network.Attachable),
    labels: network.Labels ?? {},
    options: network.Options ?? {},
    predefined: PREDEFINED.has(network.Name) || Boolean(network.Ingress),
    usedBy: usersOfNetwork(users, network.Id, network.Name),
  };
}

// By name (the order the networks view lists them in, across engines too).
export const compareNetworkRows = (a: NetworkRow, b: NetworkRow): number => compareNatural(a.name, b.name);

// GET /networks alone; `usedBy` is left empty for the caller to fill from a container list it already has.
export async function listNetworksOnly(docker: Docker): Promise<NetworkRow[]> {
  const listed = (await docker.listNetworks()) as NetworkInfo[];
  return (listed ?? []).map(network => toNetworkRow(network, new Map())).sort(compareNetworkRows);
}

// GET /networks and the containers connected to each (GET /containers/json?all=1, NetworkSettings.Networks).
export async function listNetworks(docker: Docker): Promise<NetworkRow[]> {
  const [listed, infos] = await Promise.all([docker.listNetworks() as Promise<NetworkInfo[]>, containerInfos(docker)]);
  const users = networkUsers(infos);
  return (listed ?? []).map(network => toNetworkRow(network, users)).sort(compareNetworkRows);
}

export type NetworkRemoveResult =
  {name: string; ok: true; disconnected: string[]} | {name: string; ok: false; reason: string; disconnected: string[]};

// DELETE /networks/{id}. The engine has no force for it; with `disconnect` berth first disconnects (forcibly, as
// `docker network disconnect -f`) the containers listed in the dialog, then removes the network.
export async function removeNetwork(
  docker: Docker,
  row: Pick<NetworkRow, 'id' | 'name' | 'predefined'>,
  disconnect: readonly ContainerUse[],
): Promise<NetworkRemoveResult> {
  const disconnected: string[] = [];
  if (row.predefined)
    return {
      name: row.name,
      ok: false,
      reason: 'a predefined network: the engine keeps bridge, host and none',
      disconnected,
    };
  const network = docker.getNetwork(row.id);
  try {
    for (const user of disconnect) {
      await network.disconnect({Container: user.id, Force: true});
      disconnected.push(user.name);
    }
    await network.remove();
    return {name: row.name, ok: true, disconnected};
  } catch (error) {
    const message = sanitizeLine(stripAnsi(engineMessage(error)));
    const status = (error as {statusCode?: number}).statusCode;
    if (status === 404)
      return {name: row.name, ok: false, reason: 'no such network (removed meanwhile?)', disconnected};
    if (/active endpoints/i.test(message)) {
      let users: ContainerUse[] = [];
      try {
        users = usersOfNetwork(networkUsers(await containerInfos(docker)), row.id, row.name);
      } catch {
        // See removeVolume.
      }
      return {
        name: row.name,
        ok: false,
        reason: `in use by ${users.length ? describeUsers(users) : 'running containers'} (active endpoints); stop or disconnect them, or f in the dialog disconnects them first`,
        disconnected,
      };
    }
    return {name: row.name, ok: false, reason: message, disconnected};
  }
}

export async function inspectNetwork(docker: Docker, id: string): Promise<Record<string, unknown>> {
  return (await docker.getNetwork(id).inspect()) as unknown as Record<string, unknown>;
}
