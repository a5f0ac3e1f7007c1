import {cutWithEllipsis} from './cut-with-ellipsis.js';
import {cellWidth} from './cells.js';

// Pads or cuts to exactly `width` terminal cells.
export function fit(text: string, width: number): string {
  if (width <= 0) return '';
  const cut = cutWithEllipsis(text, width);
  return cut + ' '.repeat(Math.max(0, width - cellWidth(cut)));
}

export function age(unixSeconds: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor(now / 1000 - unixSeconds));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

export function bytes(value: number | undefined): string {
  if (value === undefined) return '-';
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let n = value;
  let unit = 0;
  while (n >= 1000 && unit < units.length - 1) {
    n /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? n : n.toFixed(n < 10 ? 1 : 0)}${units[unit]}`;
}
