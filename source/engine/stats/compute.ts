// One container's resource use from a /containers/{id}/stats sample, computed the way `docker stats` does.

export type RawStats = {
  read?: string;
  pids_stats?: {current?: number; limit?: number};
  cpu_stats?: CpuStats;
  precpu_stats?: CpuStats;
  memory_stats?: {usage?: number; limit?: number; failcnt?: number; stats?: Record<string, number>};
  networks?: Record<string, {rx_bytes?: number; tx_bytes?: number}>;
  blkio_stats?: {io_service_bytes_recursive?: {op?: string; value?: number}[] | null};
};

type CpuStats = {
  cpu_usage?: {total_usage?: number; percpu_usage?: number[] | null};
  system_cpu_usage?: number;
  online_cpus?: number;
};

export type Usage = {
  at: number;
  // undefined on the first sample of a stream (no previous sample to take a delta from) or when the engine
  // does not report it (Podman, cgroup quirks): shown as "–", never as 0.
  cpuPercent?: number;
  memory?: number;
  // undefined: no limit set on the container (the engine reports the host's memory then).
  memoryLimit?: number;
  memoryPercent?: number;
  netRx?: number;
  netTx?: number;
  blockRead?: number;
  blockWrite?: number;
  pids?: number;
  // Times the container hit its memory limit (cgroup v1 failcnt; undefined where not reported).
  oomEvents?: number;
};

// Memory without the page cache, as docker stats: inactive_file on cgroup v2, total_inactive_file on v1.
export function memoryWithoutCache(memory: NonNullable<RawStats['memory_stats']>): number | undefined {
  const usage = memory.usage;
  if (usage === undefined) return undefined;
  const stats = memory.stats ?? {};
  const v1 = stats.total_inactive_file;
  if (v1 !== undefined && v1 < usage) return usage - v1;
  const v2 = stats.inactive_file;
  if (v2 !== undefined && v2 < usage) return usage - v2;
  return usage;
}

export function cpuPercent(sample: RawStats): number | undefined {
  const now = sample.cpu_stats;
  const before = sample.precpu_stats;
  const total = now?.cpu_usage?.total_usage;
  const previous = before?.cpu_usage?.total_usage;
  const system = now?.system_cpu_usage;
  const previousSystem = before?.system_cpu_usage;
  if (total === undefined || previous === undefined || system === undefined || !previousSystem) return undefined;
  const cpuDelta = total - previous;
  const systemDelta = system - previousSystem;
  const cpus = now?.online_cpus || now?.cpu_usage?.percpu_usage?.length || 1;
  if (systemDelta <= 0 || cpuDelta < 0) return undefined;
  return (cpuDelta / systemDelta) * cpus * 100;
}

function blockBytes(sample: RawStats, op: 'read' | 'write'): number | undefined {
  const entries = sample.blkio_stats?.io_service_bytes_recursive;
  if (!entries) return undefined;
  let sum = 0;
  for (const entry of entries) if (entry.op?.toLowerCase() === op) sum += entry.value ?? 0;
  return sum;
}

export function usageOf(sample: RawStats, hostMemory?: number): Usage {
  const memoryStats = sample.memory_stats ?? {};
  const memory = memoryWithoutCache(memoryStats);
  const limit = memoryStats.limit;
  // Without a limit the engine reports the host's memory (or a huge number on cgroup v1).
  const limited =
    limit !== undefined && limit > 0 && limit < 2 ** 60 && (hostMemory === undefined || limit < hostMemory);
  let netRx: number | undefined;
  let netTx: number | undefined;
  for (const network of Object.values(sample.networks ?? {})) {
    netRx = (netRx ?? 0) + (network.rx_bytes ?? 0);
    netTx = (netTx ?? 0) + (network.tx_bytes ?? 0);
  }
  return {
    at: sample.read ? Date.parse(sample.read) : Date.now(),
    cpuPercent: cpuPercent(sample),
    memory,
    memoryLimit: limited ? limit : undefined,
    memoryPercent: limited && memory !== undefined ? (memory / limit) * 100 : undefined,
    netRx,
    netTx,
    blockRead: blockBytes(sample, 'read'),
    blockWrite: blockBytes(sample, 'write'),
    pids: sample.pids_stats?.current,
    oomEvents: memoryStats.failcnt,
  };
}

// Bytes per second between two samples of a counter (network, block I/O); undefined when not computable.
export function rate(now: number | undefined, before: number | undefined, seconds: number): number | undefined {
  if (now === undefined || before === undefined || seconds <= 0 || now < before) return undefined;
  return (now - before) / seconds;
}
