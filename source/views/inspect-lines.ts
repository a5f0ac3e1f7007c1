// Lines of the inspect summaries (the volumes and networks views).
export const isoTime = (seconds: number | undefined) =>
  seconds === undefined ? '?' : new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

// `title:` then `  key=value` lines, or `title: none`.
export function keyValueLines(title: string, record: Readonly<Record<string, string>>): string[] {
  const entries = Object.entries(record);
  return entries.length ? [`${title}:`, ...entries.map(([key, value]) => `  ${key}=${value}`)] : [`${title}: none`];
}
