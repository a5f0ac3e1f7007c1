import {parseSince} from '../../../text/since.js';
import type {LogOptions} from './effects.js';

// :logs [--since 10s|RFC3339] [--tail N] [--follow=false]
export function parseLogsArgs(args: string[], nowMs: number): LogOptions {
  let since: number | undefined;
  let tail: number | 'all' | undefined;
  let follow = true;
  const label: string[] = [];
  const left = [...args];
  for (let arg = left.shift(); arg !== undefined; arg = left.shift()) {
    const [flag, inline] = arg.split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? left.shift();
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--since') {
      const raw = value();
      since = parseSince(raw, nowMs);
      label.push(`since ${raw}`);
    } else if (flag === '--tail') {
      const raw = value();
      if (raw === 'all') tail = 'all';
      else if (/^\d+$/.test(raw)) tail = Number(raw);
      else throw new Error(`--tail "${raw}": give a line count or "all"`);
      label.push(`tail ${raw}`);
    } else if (flag === '--follow' || flag === '-f') {
      const raw = inline ?? 'true';
      if (raw !== 'true' && raw !== 'false') throw new Error(`--follow="${raw}": use --follow=true or --follow=false`);
      follow = raw === 'true';
    } else throw new Error(`unknown option "${arg}"`);
  }
  if (!follow) label.push('no follow');
  return {since, tail: tail ?? (since === undefined ? 200 : 'all'), follow, label: label.join(' · ') || 'tail 200'};
}

// :logs [options] [NAME...]: the options as above, and the words that are not options (container names).
// Options are undefined when none was given with names (the pane's window applies).
export function parseLogsCommand(args: string[], nowMs: number): {names: string[]; options?: LogOptions} {
  const flags: string[] = [];
  const names: string[] = [];
  const left = [...args];
  for (let arg = left.shift(); arg !== undefined; arg = left.shift()) {
    if (!arg.startsWith('-')) {
      names.push(arg);
      continue;
    }
    flags.push(arg);
    // A value given as the next word belongs to its flag.
    const value = arg === '--since' || arg === '--tail' ? left.shift() : undefined;
    if (value !== undefined) flags.push(value);
  }
  if (!names.length) return {names, options: parseLogsArgs(flags, nowMs)};
  return {names, options: flags.length ? parseLogsArgs(flags, nowMs) : undefined};
}
