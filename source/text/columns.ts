// Column widths for a list row, chosen by priority: the first columns are required and get their content's
// width (the first one gives way only if the required ones alone do not fit), then optional columns join in
// priority order while they fit — a column that does not fit is dropped whole, never shown cut, unless it says
// it may shrink to a minimum. The same rules serve every list view.

export type ColumnSpec = {
  id: string;
  // The widest content of the column (over all rows, so widths do not jump while scrolling), heading included.
  content: number;
  // Required columns are always shown; the first required one is cut when they do not fit together.
  required?: boolean;
  // An optional column may take what is left down to this width rather than be dropped.
  min?: number;
  // At most this wide, whatever the content.
  max?: number;
};

const GAP = 1;

export function fitColumns(width: number, columns: readonly ColumnSpec[]): Record<string, number> {
  const widths: Record<string, number> = {};
  const want = (column: ColumnSpec) => Math.min(column.content, column.max ?? Number.MAX_SAFE_INTEGER);
  const required = columns.filter(column => column.required);
  let used = required.reduce((sum, column, i) => sum + want(column) + (i ? GAP : 0), 0);
  for (const column of required) widths[column.id] = want(column);
  const [first] = required;
  if (used > width && first) {
    widths[first.id] = Math.max(1, want(first) - (used - width));
    used = width;
  }
  for (const column of columns) {
    if (column.required) continue;
    const room = width - used - GAP;
    const fits = want(column) <= room;
    if (!fits && (column.min === undefined || room < column.min)) {
      widths[column.id] = 0;
      continue;
    }
    const given = fits ? want(column) : room;
    widths[column.id] = given;
    used += given + GAP;
  }
  return widths;
}
