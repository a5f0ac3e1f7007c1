import type Docker from 'dockerode';
import {listContainerInfos} from '../limits/engine-reads.js';

// A container that uses a volume or is connected to a network, as the lists show it.
export type ContainerUse = {id: string; name: string; state: string};

export const containerName = (info: Docker.ContainerInfo): string => (info.Names?.[0] ?? info.Id.slice(0, 12)).replace(/^\//, '');

const use = (info: Docker.ContainerInfo): ContainerUse => ({id: info.Id, name: containerName(info), state: info.State});

const byName = (a: ContainerUse, b: ContainerUse) => a.name.localeCompare(b.name);

// Which containers (running or not) mount each named volume: the container list's Mounts, as
// `docker ps -a --filter volume=NAME` answers it.
export function volumeUsers(infos: readonly Docker.ContainerInfo[]): Map<string, ContainerUse[]> {
  const users = new Map<string, ContainerUse[]>();
  for (const info of infos) {
    for (const mount of info.Mounts ?? []) {
      if (mount.Type !== 'volume' || !mount.Name) continue;
      const list = users.get(mount.Name) ?? [];
      if (!list.some(user => user.id === info.Id)) list.push(use(info));
      users.set(mount.Name, list);
    }
  }
  for (const list of users.values()) list.sort(byName);
  return users;
}

// Which containers are connected to each network, keyed by network ID and by name (the container list's
// NetworkSettings.Networks is keyed by name; a stopped container may not carry the ID yet), as
// `docker ps -a --filter network=NAME` answers it.
export function networkUsers(infos: readonly Docker.ContainerInfo[]): Map<string, ContainerUse[]> {
  const users = new Map<string, ContainerUse[]>();
  const add = (key: string, info: Docker.ContainerInfo) => {
    const list = users.get(key) ?? [];
    if (!list.some(user => user.id === info.Id)) list.push(use(info));
    users.set(key, list);
  };
  for (const info of infos) {
    const networks = (info.NetworkSettings?.Networks ?? {}) as Record<string, {NetworkID?: string}>;
    for (const [name, settings] of Object.entries(networks)) {
      add(`name:${name}`, info);
      if (settings?.NetworkID) add(`id:${settings.NetworkID}`, info);
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

export const describeUsers = (users: readonly ContainerUse[]): string => users.map(user => `${user.name} (${user.state})`).join(', ');
