// The colour parameters of SGR sequences, for `theme: none` (NO_COLOR): text that kept its colours through the
// sanitiser (log lines, environment values) loses them, and keeps bold, underline, inverse and the rest.
// The sanitiser leaves only 7-bit SGR with digit, `;` and `:` parameters, so that is all this has to read.
const SGR = /\x1b\[([0-9;:]*)m/g;

// How many parameters after one introduce an extended colour: 5;N (palette) or 2;R;G;B (direct).
function extendedLength(params: string[], at: number): number {
  const mode = params[at + 1];
  return mode === '5' ? 2 : mode === '2' ? 4 : 0;
}

const isColour = (n: number) =>
  (n >= 30 && n <= 39) || (n >= 40 && n <= 49) || (n >= 90 && n <= 97) || (n >= 100 && n <= 107) || n === 59;

function withoutColours(params: string): string {
  if (params === '') return params;
  const parts = params.split(';');
  const kept: string[] = [];
  // The parameters of an extended colour that follow its introducer.
  let skip = 0;
  for (const [i, part] of parts.entries()) {
    if (skip > 0) {
      skip--;
      continue;
    }
    // `38:5:196` carries its colour in one parameter.
    const code = Number(part.split(':')[0]);
    if (code === 38 || code === 48 || code === 58) {
      if (!part.includes(':')) skip = extendedLength(parts, i);
      continue;
    }
    if (!isColour(code)) kept.push(part);
  }
  return kept.join(';');
}

export function dropColours(text: string): string {
  if (!text.includes('\x1b[')) return text;
  return text.replace(SGR, (sequence, params: string) => {
    const kept = withoutColours(params);
    return kept === params ? sequence : kept ? `\x1b[${kept}m` : '';
  });
}
