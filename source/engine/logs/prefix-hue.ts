// The number a log line prefix keeps its colour by (a compose service, a container's name): taken from the name,
// so every run and every pane agrees; the theme's palette turns it into a colour (`prefixStyle`).
export function prefixHue(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash;
}

// How many colours the built-in themes' log prefix palettes have: hues that differ modulo this are told apart.
export const PREFIX_PALETTE_SIZE = 10;

// Hues given out for a session: a name keeps the one it got first; a new name takes its own (prefixHue) unless
// another name's falls on the same palette colour, then the first colour nobody has, so the few containers
// followed together are told apart. Bounded: past `limit` names the oldest are forgotten.
export class HueBook {
  private readonly given = new Map<string, number>();

  constructor(private readonly limit = 1000) {}

  hueOf(name: string): number {
    const known = this.given.get(name);
    if (known !== undefined) return known;
    const taken = new Set([...this.given.values()].map(hue => hue % PREFIX_PALETTE_SIZE));
    const own = prefixHue(name);
    let hue = own;
    if (taken.has(own % PREFIX_PALETTE_SIZE)) {
      const free = Array.from({length: PREFIX_PALETTE_SIZE}, (_, i) => i).find(i => !taken.has(i));
      if (free !== undefined) hue = free;
    }
    if (this.given.size >= this.limit) this.given.delete(this.given.keys().next().value!);
    this.given.set(name, hue);
    return hue;
  }
}
