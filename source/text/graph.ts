// A bar graph of the newest values in terminal block characters (eighths of a cell), readable without colour.
const EIGHTHS = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

export function barGraph(
  values: readonly (number | undefined)[],
  width: number,
  height: number,
  max: number,
): string[] {
  const shown = values.slice(-width);
  const pad = width - shown.length;
  const top = max > 0 ? max : 1;
  const rows: string[] = [];
  for (let row = 0; row < height; row++) {
    let line = ' '.repeat(Math.max(0, pad));
    for (const value of shown) {
      if (value === undefined || !Number.isFinite(value)) {
        line += row === height - 1 ? '·' : ' ';
        continue;
      }
      const eighths = Math.round((Math.min(Math.max(value, 0), top) / top) * height * 8);
      const level = Math.min(8, Math.max(0, eighths - (height - 1 - row) * 8));
      line += EIGHTHS[level];
    }
    rows.push(line);
  }
  return rows;
}
