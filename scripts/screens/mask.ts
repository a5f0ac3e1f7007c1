// What may differ between two runs of the same steps, and is masked before a picture's text is compared with
// berth's drawing: IDs (12 or more hex digits) become <id>; every number, with the separators of times and
// dates (12:04:05, 2026-11-28, 0.25), a unit glued to it (5s, 3m, 1h, 12.5%, 1.2MiB, 340kB) and a < before it (<1s), becomes #;
// the characters of bars and sparklines (block elements, braille) become ▪; a private engine's socket folder
// (/bpe-XXXXXX/) becomes /bpe-#/; Docker's words for a number ("Less than a second", "About a minute") become #;
// runs of spaces become one space (column widths follow the widest value).
export function masked(lines: readonly string[]): string[] {
  return lines.map(line =>
    line
      .replace(/\/bpe-\w+\//g, '/bpe-#/')
      .replace(/\b[0-9a-f]{12,64}\b/g, '<id>')
      .replace(/\b(?:Less than a second|About an? (?:minute|hour))\b/g, '#')
      .replace(/<?\d+(?:[.:,/-]\d+)*\s?(?:[KMGT]i?B|[kKMGT]B|B\b|ms\b|[smhdwy]\b|%)?/g, '#')
      .replace(/[\u2580-\u259f\u2800-\u28ff]+/g, '▪')
      .replace(/ {2,}/g, ' ')
      .trimEnd(),
  );
}
