// Sizes as the docker CLI prints them (go-units HumanSizeWithPrecision(size, 3): decimal units, three significant
// digits), so berth's columns and `docker images` read the same.
const UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'];

export function humanSize(bytes: number | undefined): string {
  if (bytes === undefined || bytes < 0) return '-';
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${Number(value.toPrecision(3))}${UNITS[unit]}`;
}

// "3 minutes ago", like the CLI's CREATED column (go-units HumanDuration).
export function createdSince(unixSeconds: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor(now / 1000 - unixSeconds));
  const minutes = Math.round(seconds / 60);
  const hours = Math.round(seconds / 3600);
  if (seconds < 1) return 'Less than a second ago';
  if (seconds === 1) return '1 second ago';
  if (seconds < 60) return `${seconds} seconds ago`;
  if (minutes === 1) return 'About a minute ago';
  if (minutes < 60) return `${minutes} minutes ago`;
  if (hours === 1) return 'About an hour ago';
  if (hours < 48) return `${hours} hours ago`;
  if (hours < 24 * 7 * 2) return `${Math.floor(hours / 24)} days ago`;
  if (hours < 24 * 30 * 2) return `${Math.floor(hours / 24 / 7)} weeks ago`;
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24 / 30)} months ago`;
  return `${Math.floor(hours / 24 / 365)} years ago`;
}
