import {compareNatural} from '../../text/compare.js';
import type Docker from 'dockerode';
import {stripAnsi} from '../../text/escapes.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {engineMessage} from '../engine-error.js';
import {containerInfos, describeUsers, volumeUsers, type ContainerUse} from './usage.js';

export type VolumeRow = {
  name: string;
  driver: string;
  scope: string;
  // Seconds since the epoch (the engine's CreatedAt), or undefined when the driver does not say.
  created?: number;
  mountpoint: string;
  labels: Readonly<Record<string, string>>;
  options: Readonly<Record<string, string>>;
  usedBy: readonly ContainerUse[];
};

type VolumeInfo = {
  Name: string;
  Driver?: string;
  Scope?: string;
  CreatedAt?: string;
  Mountpoint?: string;
  Labels?: Record<string, string> | null;
  Options?: Record<string, string> | null;
};

export function toVolumeRow(volume: VolumeInfo, users: Map<string, ContainerUse[]>): VolumeRow {
  const created = volume.CreatedAt ? Date.parse(volume.CreatedAt) : NaN;
  return {
    name: volume.Name,
    driver: volume.Driver ?? '',
    scope: volume.Scope ?? '',
    created: Number.isNaN(created) ? undefined : Math.floor(created / 1000),
    mountpoint: volume.Mountpoint ?? '',
    labels: volume.Labels ?? {},
    options: volume.Options ?? {},
    usedBy: users.get(volume.Name) ?? [],
  };
}

// GET /volumes alone; `usedBy` is left empty for the caller to fill from a container list it already has (the UI's).
export async function listVolumesOnly(docker: Docker): Promise<VolumeRow[]> {
  const listed = (await docker.listVolumes()) as {Volumes?: VolumeInfo[] | null};
  return (listed.Volumes ?? []).map(volume => toVolumeRow(volume, new Map())).sort(compareVolumeRows);
}

// By name (the order the volumes view lists them in, across engines too).
export const compareVolumeRows = (a: VolumeRow, b: VolumeRow): number => compareNatural(a.name, b.name);

// GET /volumes and the containers that mount each (GET /containers/json?all=1, its Mounts), by name.
export async function listVolumes(docker: Docker): Promise<VolumeRow[]> {
  const [listed, infos] = await Promise.all([
    docker.listVolumes() as Promise<{Volumes?: VolumeInfo[] | null}>,
    containerInfos(docker),
  ]);
  const users = volumeUsers(infos);
  return (listed.Volumes ?? []).map(volume => toVolumeRow(volume, users)).sort(compareVolumeRows);
}

export type VolumeRemoveResult =
  {name: string; ok: true} | {name: string; ok: false; reason: string; users: ContainerUse[]};

// DELETE /volumes/{name}[?force=1]. The engine refuses a volume in use ("volume is in use - [ids]") even with
// force; the reason names the containers. force only makes the engine forget a volume its driver fails to remove.
export async function removeVolume(docker: Docker, name: string, force: boolean): Promise<VolumeRemoveResult> {
  try {
    await docker.getVolume(name).remove({force});
    return {name, ok: true};
  } catch (error) {
    const message = sanitizeLine(stripAnsi(engineMessage(error)));
    const status = (error as {statusCode?: number}).statusCode;
    if (status === 404) return {name, ok: false, reason: `no such volume (removed meanwhile?)`, users: []};
    if (status === 409 || /in use/i.test(message)) {
      let users: ContainerUse[] = [];
      try {
        users = volumeUsers(await containerInfos(docker)).get(name) ?? [];
      } catch {
        // The refusal is what matters; the names are a courtesy.
      }
      const ids =
        /\[([^\]]*)\]/
          .exec(message)?.[1]
          ?.split(/[\s,]+/)
          .filter(Boolean) ?? [];
      const named = users.length ? describeUsers(users) : ids.map(id => id.slice(0, 12)).join(', ') || 'a container';
      return {
        name,
        ok: false,
        reason: `in use by ${named}; remove ${users.length === 1 || ids.length === 1 ? 'that container' : 'those containers'} first (force does not override this)`,
        users,
      };
    }
    return {name, ok: false, reason: message, users: []};
  }
}

export async function inspectVolume(docker: Docker, name: string): Promise<Record<string, unknown>> {
  return (await docker.getVolume(name).inspect()) as unknown as Record<string, unknown>;
}
