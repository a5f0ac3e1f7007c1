import type Docker from 'dockerode';
import {systemDf} from '../system-df.js';

export type DiskUsageRow = {
  kind: 'Images' | 'Containers' | 'Local Volumes' | 'Build Cache';
  count: number;
  active: number;
  // Bytes, as docker system df counts them.
  size: number;
  reclaimable: number;
};

export type DiskUsage = {rows: DiskUsageRow[]; total: number; reclaimable: number};

type Df = {
  LayersSize?: number;
  Images?: {Containers?: number; Size?: number; VirtualSize?: number; SharedSize?: number}[] | null;
  Containers?: {State?: string; SizeRw?: number}[] | null;
  Volumes?: {UsageData?: {Size?: number; RefCount?: number} | null}[] | null;
  BuildCache?: {Size?: number; InUse?: boolean; Shared?: boolean}[] | null;
};

const ACTIVE_STATES = new Set(['running', 'paused', 'restarting']);

// GET /system/df summed the way `docker system df` sums it (docker/cli formatter/disk_usage.go), so the numbers
// match what the CLI prints for the same engine.
export function summarizeDiskUsage(df: Df): DiskUsage {
  const images = df.Images ?? [];
  const containers = df.Containers ?? [];
  const volumes = df.Volumes ?? [];
  const cache = df.BuildCache ?? [];
  const imagesSize = df.LayersSize ?? 0;
  let usedByImages = 0;
  for (const image of images) {
    const size = image.VirtualSize ?? image.Size ?? -1;
    if ((image.Containers ?? 0) > 0 && size !== -1 && image.SharedSize !== -1)
      usedByImages += size - (image.SharedSize ?? 0);
  }
  const sized = (n: number | undefined) => (n !== undefined && n > 0 ? n : 0);
  const rows: DiskUsageRow[] = [
    {
      kind: 'Images',
      count: images.length,
      active: images.filter(i => (i.Containers ?? 0) > 0).length,
      size: imagesSize,
      reclaimable: Math.max(0, imagesSize - usedByImages),
    },
    {
      kind: 'Containers',
      count: containers.length,
      active: containers.filter(c => ACTIVE_STATES.has(c.State ?? '')).length,
      size: containers.reduce((sum, c) => sum + sized(c.SizeRw), 0),
      reclaimable: containers
        .filter(c => !ACTIVE_STATES.has(c.State ?? ''))
        .reduce((sum, c) => sum + sized(c.SizeRw), 0),
    },
    {
      kind: 'Local Volumes',
      count: volumes.length,
      active: volumes.filter(v => (v.UsageData?.RefCount ?? 0) > 0).length,
      size: volumes.reduce((sum, v) => sum + sized(v.UsageData?.Size), 0),
      reclaimable: volumes
        .filter(v => (v.UsageData?.RefCount ?? 0) === 0)
        .reduce((sum, v) => sum + sized(v.UsageData?.Size), 0),
    },
    {
      kind: 'Build Cache',
      count: cache.length,
      active: cache.filter(c => c.InUse).length,
      size: cache.filter(c => !c.Shared).reduce((sum, c) => sum + sized(c.Size), 0),
      reclaimable: cache.filter(c => !c.InUse && !c.Shared).reduce((sum, c) => sum + sized(c.Size), 0),
    },
  ];
  return {
    rows,
    total: rows.reduce((sum, r) => sum + r.size, 0),
    reclaimable: rows.reduce((sum, r) => sum + r.reclaimable, 0),
  };
}

export async function diskUsage(
  docker: Docker,
  options: {signal?: AbortSignal; timeoutMs?: number} = {},
): Promise<DiskUsage> {
  const df = (await systemDf(docker, options)) as Df;
  return summarizeDiskUsage(df);
}

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

// go-units HumanSize: decimal units, 4 significant digits (what docker system df prints).
export function humanSize(bytes: number): string {
  let size = bytes;
  let unit = 0;
  while (size >= 1000 && unit < UNITS.length - 1) {
    size /= 1000;
    unit++;
  }
  return `${Number(size.toPrecision(4))}${UNITS[unit]}`;
}
