// The engine's container status ("Up About an hour (healthy)", "Exited (137) 5 minutes ago") in the few cells a
// list row has: what users look for first is whether it runs, for how long, and how it ended.

// Each form: what it is shortened to (after its count, when it has one), and the seconds one of it stands for.
const UNITS: [RegExp, string, number][] = [
  [/^less than a second$/i, '<1s', 0],
  [/^about a minute$/i, '1m', 60],
  [/^about an hour$/i, '1h', 3600],
  [/^(\d+) seconds?$/i, 's', 1],
  [/^(\d+) minutes?$/i, 'm', 60],
  [/^(\d+) hours?$/i, 'h', 3600],
  [/^(\d+) days?$/i, 'd', 86_400],
  [/^(\d+) weeks?$/i, 'w', 604_800],
  [/^(\d+) months?$/i, 'mo', 2_592_000],
  [/^(\d+) years?$/i, 'y', 31_536_000],
];

// Docker's HumanDuration text ("13 minutes", "About an hour") → "13m", "1h"; anything else unchanged. With
// `later` (seconds since the engine wrote the text) the duration is moved on, so a list that had no event
// for a while does not keep saying "up <1s".
export function shortDuration(text: string, later = 0): string {
  const {short, seconds} = durationOf(text);
  return later < 1 || seconds === undefined ? short : humanSeconds(seconds + later);
}

// Texts read once each: a list's rows share a few statuses (the engine's own words, one copy per list read), and
// matching each row's again against every pattern was ~6 ms of the first frame of 1,000 containers. Forgotten
// whole past a bound: durations change every minute, and the texts never seen again should not pile up.
const CACHE_LIMIT = 256;
function remembered<T>(read: (text: string) => T): (text: string) => T {
  const known = new Map<string, T>();
  return text => {
    let value = known.get(text);
    if (value === undefined) {
      if (known.size >= CACHE_LIMIT) known.clear();
      value = read(text);
      known.set(text, value);
    }
    return value;
  };
}

// `seconds`: how long the text says, when it is one of Docker's forms.
const durationOf = remembered((text: string): {short: string; seconds?: number} => {
  const trimmed = text.trim();
  for (const [pattern, unit, seconds] of UNITS) {
    const match = pattern.exec(trimmed);
    if (!match) continue;
    const count = match[1];
    return {short: count ? `${count}${unit}` : unit, seconds: (count ? Number(count) : 1) * seconds};
  }
  return {short: trimmed};
});

export function humanSeconds(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86_400)}d`;
}

function health(status: string): string {
  const found = /\((healthy|unhealthy|health: starting)\)/i.exec(status)?.[1]?.toLowerCase();
  if (!found) return '';
  return found === 'health: starting' ? ' · starting' : ` · ${found}`;
}

// The parts of a status the short form is made of (each pattern's groups are mandatory: they are there exactly
// when it matches).
const statusParts = remembered((status: string) => {
  const [, exitCode, exitedAgo] = /^Exited \((-?\d+)\) (.+) ago$/i.exec(status) ?? [];
  const [, restartCode, restartedAgo] = /^Restarting \((-?\d+)\) (.+) ago$/i.exec(status) ?? [];
  return {
    up: /^Up (.+?)(?: \((?:healthy|unhealthy|health: starting|Paused)\))*$/i.exec(status)?.[1],
    health: health(status),
    exited: exitCode !== undefined && exitedAgo !== undefined ? {code: exitCode, ago: exitedAgo} : undefined,
    restarting:
      restartCode !== undefined && restartedAgo !== undefined ? {code: restartCode, ago: restartedAgo} : undefined,
  };
});

export function compactStatus(state: string, status: string, later = 0): string {
  const {up, health, exited, restarting} = statusParts(status);
  if (state === 'running' && up !== undefined) return `up ${shortDuration(up, later)}${health}`;
  if (state === 'paused') return up !== undefined ? `paused · up ${shortDuration(up, later)}` : 'paused';
  if (exited) return `exited ${exited.code} · ${shortDuration(exited.ago, later)} ago`;
  if (restarting) return `restarting ${restarting.code} · ${shortDuration(restarting.ago, later)} ago`;
  if (state === 'created') return 'created';
  if (state === 'dead') return 'dead';
  if (state === 'removing') return 'removing';
  return (status || state).toLowerCase();
}
