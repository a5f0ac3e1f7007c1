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
  const trimmed = text.trim();
  for (const [pattern, unit, seconds] of UNITS) {
    const match = pattern.exec(trimmed);
    if (!match) continue;
    const count = match[1];
    const short = count ? `${count}${unit}` : unit;
    if (later < 1) return short;
    return humanSeconds((count ? Number(count) : 1) * seconds + later);
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
  const found = /\((healthy|unhealthy|health: starting)\)/i.exec(status)?.[1]?.toLowerCase();
  if (!found) return '';
  return found === 'health: starting' ? ' · starting' : ` · ${found}`;
}

export function compactStatus(state: string, status: string, later = 0): string {
  // Each pattern's groups are mandatory: they are there exactly when it matches.
  const up = /^Up (.+?)(?: \((?:healthy|unhealthy|health: starting|Paused)\))*$/i.exec(status)?.[1];
  if (state === 'running' && up !== undefined) return `up ${shortDuration(up, later)}${health(status)}`;
  if (state === 'paused') return up !== undefined ? `paused · up ${shortDuration(up, later)}` : 'paused';
  const [, exitCode, exitedAgo] = /^Exited \((-?\d+)\) (.+) ago$/i.exec(status) ?? [];
  if (exitCode !== undefined && exitedAgo !== undefined)
    return `exited ${exitCode} · ${shortDuration(exitedAgo, later)} ago`;
  const [, restartCode, restartedAgo] = /^Restarting \((-?\d+)\) (.+) ago$/i.exec(status) ?? [];
  if (restartCode !== undefined && restartedAgo !== undefined)
    return `restarting ${restartCode} · ${shortDuration(restartedAgo, later)} ago`;
  if (state === 'created') return 'created';
  if (state === 'dead') return 'dead';
  if (state === 'removing') return 'removing';
  return (status || state).toLowerCase();
}
