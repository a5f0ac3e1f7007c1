// :update's fields as text (what the form shows and the user types) and as the engine's update body, checked the
// way the docker CLI checks them before anything is sent.

export type RestartPolicy = {Name: string; MaximumRetryCount?: number};

// What the engine reports (GET /containers/{id}/json HostConfig) and what POST /containers/{id}/update takes.
export type Limits = {
  RestartPolicy?: RestartPolicy;
  Memory?: number;
  MemorySwap?: number;
  NanoCpus?: number;
  PidsLimit?: number | null;
};

// The form's texts, by field.
export type LimitTexts = {restart: string; memory: string; memorySwap: string; cpus: string; pidsLimit: string};

export const LIMIT_LABELS: Readonly<Record<keyof LimitTexts, string>> = {
  restart: 'restart policy',
  memory: 'memory',
  memorySwap: 'memory+swap',
  cpus: 'CPUs',
  pidsLimit: 'PIDs limit',
};

const UNITS = ['', 'k', 'm', 'g', 't', 'p'];

// docker's units.RAMInBytes: 512m, 1g, 1.5G, 1024, 512mb, 2GiB — binary units.
export function parseSize(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?) ?([kmgtp])?i?b?$/i.exec(text.trim());
  if (!match) return undefined;
  const power = UNITS.indexOf((match[2] ?? '').toLowerCase());
  return Math.floor(Number(match[1]) * 1024 ** power);
}

// The largest unit that divides the size exactly, as a user would type it back (536870912 → 512m).
export function formatSize(bytes: number): string {
  for (let power = UNITS.length - 1; power > 0; power--) {
    const unit = 1024 ** power;
    if (bytes % unit === 0) return `${bytes / unit}${UNITS[power] ?? ''}`;
  }
  return String(bytes);
}

const RESTART = /^(no|always|unless-stopped|on-failure)(?::(\d+))?$/;

export function parseRestart(text: string): RestartPolicy | undefined {
  const match = RESTART.exec(text.trim());
  if (!match?.[1]) return undefined;
  if (match[2] !== undefined && match[1] !== 'on-failure') return undefined;
  return match[1] === 'on-failure'
    ? {Name: 'on-failure', MaximumRetryCount: Number(match[2] ?? 0)}
    : {Name: match[1], MaximumRetryCount: 0};
}

export function formatRestart(policy: RestartPolicy | undefined): string {
  const name = policy?.Name || 'no';
  return name === 'on-failure' && policy?.MaximumRetryCount ? `${name}:${policy.MaximumRetryCount}` : name;
}

// What a container's HostConfig holds, as the form shows it; 0 (no limit) is an empty field.
export function limitTexts(host: Limits): LimitTexts {
  const swap = host.MemorySwap ?? 0;
  return {
    restart: formatRestart(host.RestartPolicy),
    memory: host.Memory ? formatSize(host.Memory) : '',
    memorySwap: swap === -1 ? '-1' : swap ? formatSize(swap) : '',
    cpus: host.NanoCpus ? String(host.NanoCpus / 1e9) : '',
    pidsLimit: host.PidsLimit && host.PidsLimit > 0 ? String(host.PidsLimit) : '',
  };
}

export type UpdatePlan = {body: Limits; flags: string[]};

// The fields the user changed (`edited` against `before`) as the update body and the docker update flags, or the
// first field that is wrong, in one line. An emptied size is refused: the engine takes 0 as "unchanged", so docker
// update cannot lift a memory or CPU limit.
export function planUpdate(before: LimitTexts, edited: LimitTexts): UpdatePlan | {error: string} {
  const body: Limits = {};
  const flags: string[] = [];
  const changed = (field: keyof LimitTexts) => edited[field].trim() !== before[field].trim();
  const emptied = (field: keyof LimitTexts) =>
    `${LIMIT_LABELS[field]}: docker update cannot lift this limit (0 means unchanged); give a value`;
  if (changed('restart')) {
    const policy = parseRestart(edited.restart);
    if (!policy) return {error: 'restart policy: no, always, unless-stopped or on-failure[:N]'};
    body.RestartPolicy = policy;
    flags.push('--restart', formatRestart(policy));
  }
  if (changed('memory')) {
    if (!edited.memory.trim()) return {error: emptied('memory')};
    const bytes = parseSize(edited.memory);
    if (bytes === undefined || bytes === 0) return {error: 'memory: a size such as 512m or 1g'};
    body.Memory = bytes;
    flags.push('--memory', edited.memory.trim());
  }
  if (changed('memorySwap')) {
    const text = edited.memorySwap.trim();
    if (!text) return {error: emptied('memorySwap')};
    const bytes = text === '-1' ? -1 : parseSize(text);
    if (bytes === undefined || bytes === 0) return {error: 'memory+swap: a size such as 1g, or -1 for unlimited swap'};
    body.MemorySwap = bytes;
    flags.push('--memory-swap', text);
  }
  // memory+swap counts the memory too: never below it (whichever of the two changed).
  const memory = parseSize(edited.memory) ?? 0;
  const swap = edited.memorySwap.trim() === '-1' ? -1 : (parseSize(edited.memorySwap) ?? 0);
  if ((changed('memory') || changed('memorySwap')) && memory && swap > 0 && swap < memory)
    return {error: 'memory+swap: at least the memory (it counts both), or -1 for unlimited swap'};
  if (changed('memorySwap') && swap !== 0 && !memory)
    return {error: 'memory+swap: needs a memory limit too (set memory)'};
  if (changed('cpus')) {
    const text = edited.cpus.trim();
    if (!text) return {error: emptied('cpus')};
    if (!/^\d+(?:\.\d+)?$/.test(text) || Number(text) <= 0) return {error: 'CPUs: a decimal number such as 1.5'};
    body.NanoCpus = Math.round(Number(text) * 1e9);
    flags.push('--cpus', text);
  }
  if (changed('pidsLimit')) {
    const text = edited.pidsLimit.trim() || '-1';
    if (!/^-?\d+$/.test(text) || Number(text) < -1) return {error: 'PIDs limit: a whole number, or -1 for no limit'};
    // 0 and -1 both lift the limit; the engine takes -1 for that.
    body.PidsLimit = Number(text) <= 0 ? -1 : Number(text);
    flags.push('--pids-limit', String(body.PidsLimit));
  }
  return {body, flags};
}
