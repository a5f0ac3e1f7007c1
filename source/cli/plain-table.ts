// A table as docker's CLI prints one: each column as wide as its widest cell, three spaces between columns, no
// spaces at the end of a line; lines joined by newlines, none after the last. The commands' rows are sanitised
// text, one cell per column of the header.
export function plainTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows)
    for (const [column, cell] of row.entries()) widths[column] = Math.max(widths[column] ?? 0, cell.length);
  // Every column of every row was measured above: `?? 0` only satisfies the compiler.
  return rows
    .map(row =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('   ')
        .trimEnd(),
    )
    .join('\n');
}
