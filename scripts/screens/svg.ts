import type xterm from '@xterm/headless';

// The emulator's screen as an SVG picture: one <text> per row holding that row's characters (runs of one style
// as <tspan>s, every run placed and stretched to its cells so box lines meet whatever the viewer's monospace
// font), backgrounds as <rect>s. The text of the picture is the text of the screen (screenText reads it back),
// so a test can check a committed picture against what berth draws now.

// The dark palette of xterm.js's default theme for the 16 ANSI colours; 16–255 are xterm's cube and greys.
const ANSI = [
  '#2e3436',
  '#cc0000',
  '#4e9a06',
  '#c4a000',
  '#3465a4',
  '#75507b',
  '#06989a',
  '#d3d7cf',
  '#555753',
  '#ef2929',
  '#8ae234',
  '#fce94f',
  '#729fcf',
  '#ad7fa8',
  '#34e2e2',
  '#eeeeec',
];
const FOREGROUND = '#d3d7cf';
const BACKGROUND = '#1c1c1c';
const CELL_WIDTH = 8.4;
const ROW_HEIGHT = 17;
const FONT_SIZE = 14;
const PAD = 10;

function palette(index: number): string {
  // 0–15 are ANSI's entries.
  const ansi = ANSI[index];
  if (ansi !== undefined) return ansi;
  if (index >= 232) {
    const grey = 8 + (index - 232) * 10;
    return rgb(grey, grey, grey);
  }
  const cube = index - 16;
  const level = (n: number) => (n === 0 ? 0 : 55 + n * 40);
  return rgb(level(Math.floor(cube / 36)), level(Math.floor(cube / 6) % 6), level(cube % 6));
}

const rgb = (r: number, g: number, b: number) => `#${[r, g, b].map(n => n.toString(16).padStart(2, '0')).join('')}`;

function colour(cell: xterm.IBufferCell, which: 'fg' | 'bg'): string | undefined {
  const fg = which === 'fg';
  if (fg ? cell.isFgDefault() : cell.isBgDefault()) return undefined;
  const value = fg ? cell.getFgColor() : cell.getBgColor();
  if (fg ? cell.isFgRGB() : cell.isBgRGB()) return rgb((value >> 16) & 255, (value >> 8) & 255, value & 255);
  // A bold text in one of the 8 base colours shows in its bright version, as most terminals do.
  return palette(fg && cell.isBold() && value < 8 ? value + 8 : value);
}

type Style = {fg: string; bg?: string; bold: boolean; italic: boolean; underline: boolean; dim: boolean};

function styleOf(cell: xterm.IBufferCell): Style {
  let fg = colour(cell, 'fg') ?? FOREGROUND;
  let bg = colour(cell, 'bg');
  if (cell.isInverse()) [fg, bg] = [bg ?? BACKGROUND, fg];
  return {
    fg,
    bg,
    bold: Boolean(cell.isBold()),
    italic: Boolean(cell.isItalic()),
    underline: Boolean(cell.isUnderline()),
    dim: Boolean(cell.isDim()),
  };
}

const sameStyle = (a: Style, b: Style) => JSON.stringify(a) === JSON.stringify(b);
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const px = (n: number) => Number(n.toFixed(2));

type Run = {start: number; cells: number; text: string; style: Style};

function runsOf(line: xterm.IBufferLine, columns: number, cell: xterm.IBufferCell): Run[] {
  const runs: Run[] = [];
  for (let x = 0; x < columns; x++) {
    line.getCell(x, cell);
    const width = cell.getWidth();
    if (width === 0) continue; // the right half of a wide character, drawn with its left half
    const style = styleOf(cell);
    const text = cell.getChars() || ' ';
    const last = runs.at(-1);
    if (last && sameStyle(last.style, style) && last.start + last.cells === x) {
      last.text += text;
      last.cells += width;
    } else runs.push({start: x, cells: width, text, style});
  }
  return runs;
}

export function screenSvg(term: xterm.Terminal, title: string): string {
  const {cols, rows} = term;
  const width = px(cols * CELL_WIDTH + 2 * PAD);
  const height = px(rows * ROW_HEIGHT + 2 * PAD);
  const buffer = term.buffer.active;
  const cell = buffer.getNullCell();
  const backgrounds: string[] = [];
  const texts: string[] = [];
  for (let y = 0; y < rows; y++) {
    const line = buffer.getLine(y);
    if (!line) continue;
    const top = px(PAD + y * ROW_HEIGHT);
    const baseline = px(PAD + y * ROW_HEIGHT + ROW_HEIGHT * 0.78);
    const spans: string[] = [];
    for (const run of runsOf(line, cols, cell)) {
      const x = px(PAD + run.start * CELL_WIDTH);
      const w = px(run.cells * CELL_WIDTH);
      if (run.style.bg)
        backgrounds.push(`<rect x="${x}" y="${top}" width="${w}" height="${ROW_HEIGHT}" fill="${run.style.bg}"/>`);
      const attributes = [
        `x="${x}"`,
        `textLength="${w}"`,
        'lengthAdjust="spacingAndGlyphs"',
        run.style.fg === FOREGROUND ? '' : `fill="${run.style.fg}"`,
        run.style.bold ? 'font-weight="bold"' : '',
        run.style.italic ? 'font-style="italic"' : '',
        run.style.underline ? 'text-decoration="underline"' : '',
        run.style.dim ? 'opacity="0.6"' : '',
      ].filter(Boolean);
      spans.push(`<tspan ${attributes.join(' ')}>${escapeXml(run.text)}</tspan>`);
    }
    texts.push(`<text y="${baseline}">${spans.join('')}</text>`);
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="100%" height="100%" rx="6" fill="${BACKGROUND}"/>`,
    ...backgrounds,
    `<g font-family="'DejaVu Sans Mono', 'Menlo', 'Consolas', monospace" font-size="${FONT_SIZE}" fill="${FOREGROUND}" xml:space="preserve">`,
    ...texts,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}

// The rows of a picture made by screenSvg, as text (trailing blanks cut): what the screen showed.
export function screenText(svg: string): string[] {
  const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  // Both patterns' groups are mandatory: a match has them.
  return [...svg.matchAll(/<text [^>]*>(.*?)<\/text>/g)].map(([, row = '']) =>
    unescape([...row.matchAll(/<tspan[^>]*>(.*?)<\/tspan>/g)].map(([, text]) => text).join('')).trimEnd(),
  );
}
