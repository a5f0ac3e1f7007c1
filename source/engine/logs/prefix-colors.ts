// Colours of the prefixes of merged logs (a compose service, a container), picked from the name so every run
// agrees.
export const PREFIX_COLORS = [
  'cyan',
  'green',
  'yellow',
  'magenta',
  'blue',
  'redBright',
  'cyanBright',
  'greenBright',
  'yellowBright',
  'magentaBright',
] as const;

export function colorOfName(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return PREFIX_COLORS[hash % PREFIX_COLORS.length];
}

// Colours given out for a session: a name keeps the one it got first; a new name takes its own colour
// (colorOfName) unless another name has it already, then the first colour nobody has, so the few containers
// followed together are told apart. Bounded: past `limit` names the oldest are forgotten.
export class ColorBook {
  private readonly given = new Map<string, string>();

  constructor(private readonly limit = 1000) {}

  colorOf(name: string): string {
    const known = this.given.get(name);
    if (known) return known;
    const taken = new Set(this.given.values());
    const own = colorOfName(name);
    const color = taken.has(own) ? (PREFIX_COLORS.find(c => !taken.has(c)) ?? own) : own;
    if (this.given.size >= this.limit) this.given.delete(this.given.keys().next().value!);
    this.given.set(name, color);
    return color;
  }
}
