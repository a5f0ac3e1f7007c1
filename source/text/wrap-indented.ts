import {wrapWords} from './wrap-words.js';

// A line of a list wrapped at `width` cells: its rows keep the line's own indent, the continued ones two more,
// so a long entry reads as one and nothing of it is cut.
export function wrapIndented(line: string, width: number): string[] {
  const indent = /^ */.exec(line)?.[0] ?? '';
  return wrapWords(line.slice(indent.length), Math.max(1, width - indent.length - 2)).map(
    (row, i) => `${indent}${i ? '  ' : ''}${row}`,
  );
}
