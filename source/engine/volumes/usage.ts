import type Docker from 'dockerode';
import {toContainerRow, type ContainerRow} from '../containers/rows.js';
import {listContainerInfos} from '../limits/engine-reads.js';

// A container that uses a volume or is connected to a network, as the lists show it.
export type ContainerUse = {id: string; name: string; state: string};

const byName = (a: ContainerUse, b: ContainerUse) => a.name.localeCompare(b.name);

type UserRow = Pick<ContainerRow, 'id' | 'name' | 'state' | 'volumes' | 'networks'>;

const containerUse = (row: UserRow): ContainerUse => ({id: row.id, name: row.name, state: row.state});

const rowsOf = (rows: readonly UserRow[] | readonly Docker.ContainerInfo[]): readonly UserRow[] =>
  rows[0] && 'Id' in rows[0] ? (rows as Docker.ContainerInfo[]).map(toContainerRow) : (rows as UserRow[]);

// Which containers (running or not) mount each named volume: the container list's Mounts, as
// `docker ps -a --filter volume=NAME` answers it. Takes the engine's list or berth's rows (the containers view's, kept live).
export function volumeUsers(list: readonly UserRow[] | readonly Docker.ContainerInfo[]): Map<string, ContainerUse[]> {
  const users = new Map<string, ContainerUse[]>();
  for (const row of rowsOf(list)) {
    for (const name of new Set(row.volumes ?? [])) users.set(name, [...(users.get(name) ?? []), containerUse(row)]);
  }
  for (const list of users.values()) list.sort(byName);
  return users;
}

// Which containers are connected to each network, keyed by network ID and by name (the container list's
// NetworkSettings.Networks is keyed by name; a stopped container may not carry the ID yet), as
// `docker ps -a --filter network=NAME` answers it.
export function networkUsers(list: readonly UserRow[] | readonly Docker.ContainerInfo[]): Map<string, ContainerUse[]> {
  const users = new Map<string, ContainerUse[]>();
  const add = (key: string, row: UserRow) => {
    const entries = users.get(key) ?? [];
    if (!entries.some(user => user.id === row.id)) entries.push(containerUse(row));
    users.set(key, entries);
  };
  for (const row of rowsOf(list)) {
    for (const network of row.networks ?? []) {
      add(`name:${network.name}`, row);
      if (network.id) add(`id:${network.id}`, row);
    }
  }
  for (const list of users.values()) list.sort(byName);
  return users;
}

export function usersOfNetwork(users: Map<string, ContainerUse[]>, id: string, name: string): ContainerUse[] {
  const seen = new Map<string, ContainerUse>();
  for (const user of [...(users.get(`id:${id}`) ?? []), ...(users.get(`name:${name}`) ?? [])]) seen.set(user.id, user);
  return [...seen.values()].sort(byName);
}

export const containerInfos = (docker: Docker) => listContainerInfos(docker);

export const describeUsers = (users: readonly ContainerUse[]): string =>
  users.map(user => `${user.name} (${user.state})`).join(', ');

// A USED BY cell: the containers' names, or '-'.
export const userNames = (row: {usedBy: readonly {name: string}[]}): string =>
  row.usedBy.length ? row.usedBy.map(user => user.name).join(',') : '-';
