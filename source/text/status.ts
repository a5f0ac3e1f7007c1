// The engine's container status ("Up About an hour (healthy)", "Exited (137) 5 minutes ago") in the few cells a
// list row has: what users look for first is whether it runs, for how long, and how it ended.

const UNITS: [RegExp, string][] = [
  [/^less than a second$/i, '<1s'],
  [/^about a minute$/i, '1m'],
  [/^about an hour$/i, '1h'],
  [/^(\d+) seconds?$/i, 's'],
  [/^(\d+) minutes?$/i, 'm'],
  [/^(\d+) hours?$/i, 'h'],
  [/^(\d+) days?$/i, 'd'],
  [/^(\d+) weeks?$/i, 'w'],
  [/^(\d+) months?$/i, 'mo'],
  [/^(\d+) years?$/i, 'y'],
];

const SECONDS: Record<string, number> = {s: 1, m: 60, h: 3600, d: 86_400, w: 604_800, mo: 2_592_000, y: 31_536_000};

// Docker's HumanDuration text ("13 minutes", "About an hour") → "13m", "1h"; anything else unchanged. With
// `later` (seconds since the engine wrote the text) the duration is moved on, so a list that had no event
// for a while does not keep saying "up <1s".
export function shortDuration(text: string, later = 0): string {
  const trimmed = text.trim();
  for (const [pattern, unit] of UNITS) {
    const match = pattern.exec(trimmed);
    if (!match) continue;
    const short = match[1] ? `${match[1]}${unit}` : unit;
    if (later < 1) return short;
    const parsed = /^(<?)(\d+)([a-z]+)$/.exec(short);
    if (!parsed) return short;
    return humanSeconds((parsed[1] ? 0 : Number(parsed[2]) * SECONDS[parsed[3]]) + later);
  }
  return trimmed;
}

export function humanSeconds(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86_400)}d`;
}

function health(status: string): string {
  const match = /\((healthy|unhealthy|health: starting)\)/i.exec(status);
  if (!match) return '';
  return match[1].toLowerCase() === 'health: starting' ? ' · starting' : ` · ${match[1].toLowerCase()}`;
}

export function compactStatus(state: string, status: string, later = 0): string {
  const up = /^Up (.+?)(?: \((?:healthy|unhealthy|health: starting|Paused)\))*$/i.exec(status);
  if (state === 'running' && up) return `up ${shortDuration(up[1], later)}${health(status)}`;
  if (state === 'paused') return up ? `paused · up ${shortDuration(up[1], later)}` : 'paused';
  const exited = /^Exited \((-?\d+)\) (.+) ago$/i.exec(status);
  if (exited) return `exited ${exited[1]} · ${shortDuration(exited[2], later)} ago`;
  const restarting = /^Restarting \((-?\d+)\) (.+) ago$/i.exec(status);
  if (restarting) return `restarting ${restarting[1]} · ${shortDuration(restarting[2], later)} ago`;
  if (state === 'created') return 'created';
  if (state === 'dead') return 'dead';
  if (state === 'removing') return 'removing';
  return (status || state).toLowerCase();
}
