// The number a log line prefix keeps its colour by (a compose service, a container's name): taken from the name,
// so every run and every pane agrees; the theme's palette turns it into a colour (`prefixStyle`).
export function prefixHue(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash;
}
